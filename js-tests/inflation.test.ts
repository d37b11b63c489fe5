// inflationRisk through the package: the Rust analysis behind the JSON boundary.
import { describe, expect, it } from 'vitest';
import { inflationRisk } from 'modoki-budget';

const fields = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, { type: 'boolean' }]));

describe('inflationRisk', () => {
  it('critical: unbounded collection of wide items', () => {
    expect(inflationRisk({ type: 'object', properties: { rows: { type: 'array', items: { type: 'object', properties: fields(11) } } } })).toEqual({
      risk: 'critical',
      fieldCount: 12,
      unbounded: [{ path: '$.rows[]', fieldsPerItem: 11 }],
    });
  });
  it('high: unbounded alone', () => {
    expect(inflationRisk({ type: 'array', items: { type: 'string' } })).toEqual({ risk: 'high', fieldCount: 0, unbounded: [{ path: '$[]', fieldsPerItem: 0 }] });
  });
  it('medium: more than 20 fields, bounded', () => {
    expect(inflationRisk({ type: 'object', properties: fields(21) })).toEqual({ risk: 'medium', fieldCount: 21, unbounded: [], boundTokens: 2 + 20 + 10 * (4 + 1 + 5) + 11 * (5 + 1 + 5) });
  });
  it('low with a token bound from maxItems and maxLength', () => {
    const schema = { type: 'object', properties: { tags: { type: 'array', maxItems: 2, items: { type: 'string', maxLength: 3 } } } };
    // {"tags":["xxx","xxx"]} worst case: braces 2, key 6, colon 1, array 2 + comma 1 + 2 × (2 + 6 × 3)
    expect(inflationRisk(schema)).toEqual({ risk: 'low', fieldCount: 1, unbounded: [], boundTokens: 2 + 6 + 1 + 2 + 1 + 2 * 20 });
  });
  it('non-schemas are the empty schema', () => {
    for (const s of [undefined, null, 3, 'x', [], {}]) expect(inflationRisk(s)).toEqual({ risk: 'low', fieldCount: 0, unbounded: [] });
  });
  it('a cyclic schema object does not throw', () => {
    const s: Record<string, unknown> = { type: 'object' };
    s.properties = { self: s };
    expect(inflationRisk(s)).toEqual({ risk: 'low', fieldCount: 1, unbounded: [] });
  });
});
