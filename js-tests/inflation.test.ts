// inflationRisk through the package: the Rust analysis behind the JSON boundary.
import { describe, expect, it } from 'vitest';
import { inflationRisk, lintDescription } from 'modoki-budget';

const fields = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, { type: 'boolean' }]));

describe('inflationRisk', () => {
  it('critical: unbounded collection of wide items', () => {
    expect(
      inflationRisk({
        type: 'object',
        properties: { rows: { type: 'array', items: { type: 'object', properties: fields(11) } } },
      }),
    ).toEqual({
      risk: 'critical',
      fieldCount: 12,
      unbounded: [{ path: '$.rows[]', fieldsPerItem: 11 }],
    });
  });
  it('high: unbounded alone', () => {
    expect(inflationRisk({ type: 'array', items: { type: 'string' } })).toEqual({
      risk: 'high',
      fieldCount: 0,
      unbounded: [{ path: '$[]', fieldsPerItem: 0 }],
    });
  });
  it('medium: more than 20 fields, bounded', () => {
    expect(inflationRisk({ type: 'object', properties: fields(21) })).toEqual({
      risk: 'medium',
      fieldCount: 21,
      unbounded: [],
      boundTokens: 2 + 20 + 10 * (4 + 1 + 5) + 11 * (5 + 1 + 5),
    });
  });
  it('low with a token bound from maxItems and maxLength', () => {
    const schema = {
      type: 'object',
      properties: { tags: { type: 'array', maxItems: 2, items: { type: 'string', maxLength: 3 } } },
    };
    // {"tags":["xxx","xxx"]} worst case: braces 2, key 6, colon 1, array 2 + comma 1 + 2 × (2 + 6 × 3)
    expect(inflationRisk(schema)).toEqual({
      risk: 'low',
      fieldCount: 1,
      unbounded: [],
      boundTokens: 2 + 6 + 1 + 2 + 1 + 2 * 20,
    });
  });
  it('non-schemas are the empty schema', () => {
    for (const s of [undefined, null, 3, 'x', [], {}])
      expect(inflationRisk(s)).toEqual({ risk: 'low', fieldCount: 0, unbounded: [] });
  });
  it('a cyclic schema object does not throw', () => {
    const s: Record<string, unknown> = { type: 'object' };
    s.properties = { self: s };
    expect(inflationRisk(s)).toEqual({ risk: 'low', fieldCount: 1, unbounded: [] });
  });
  it('an array behind a $ref is unbounded to inflationRisk and to the menu lint alike (one schema walker)', () => {
    const outputSchema = {
      type: 'object',
      $defs: { rows: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } } },
      properties: { rows: { $ref: '#/$defs/rows' } },
    };
    expect(inflationRisk(outputSchema)).toEqual({
      risk: 'high',
      fieldCount: 2,
      unbounded: [{ path: '$.rows[]', fieldsPerItem: 1 }],
    });
    const findings = lintDescription({ name: 'rows.list', description: 'By default returns every row.', outputSchema });
    expect(findings.map((f) => f.code)).toEqual(['NO_SIZE_WARNING']);
    expect(findings[0].message).toMatch(
      /^The output can exceed the response cap \(rows is an array without maxItems\)/,
    );
  });
  it('the walk is cut at the same depth for both', () => {
    // n bounded arrays around an unbounded one: the unbounded one sits at depth n.
    const nested = (n: number) => {
      let schema: Record<string, unknown> = { type: 'array' };
      for (let i = 0; i < n; i++) schema = { type: 'array', maxItems: 1, items: schema };
      return schema;
    };
    const lint = (outputSchema: Record<string, unknown>) =>
      lintDescription({ name: 'deep', description: 'By default returns one.', outputSchema }).map((f) => f.message);
    expect(inflationRisk(nested(50))).toEqual({
      risk: 'high',
      fieldCount: 0,
      unbounded: [{ path: `$${'[]'.repeat(51)}`, fieldsPerItem: 0 }],
    });
    expect(lint(nested(50))).toEqual([
      expect.stringMatching(
        new RegExp(`^The output can exceed the response cap \\(${'\\[\\]'.repeat(50)} is an array without maxItems\\)`),
      ),
    ]);
    expect(inflationRisk(nested(70))).toEqual({ risk: 'low', fieldCount: 0, unbounded: [], truncated: true });
    expect(lint(nested(70))).toEqual([]);
  });
});
