import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encode, createFormatter, summarize, roundFloats } from 'modoki-budget';

/** Where the reference throws, encode must return valid JSON within the cap instead. */
function expectValidWithin(text: string, cap: number) {
  expect(() => JSON.parse(text)).not.toThrow();
  expect(text.length).toBeLessThanOrEqual(cap);
}

describe('encode never throws on what JSON.stringify throws on', () => {
  it('replaces a cycle with a marker', () => {
    const scene: Record<string, unknown> = { id: 1, children: [] };
    (scene.children as unknown[]).push({ id: 2, parent: scene });
    expect(encode(scene)).toBe('{"id":1,"children":[{"id":2,"parent":"[Circular]"}]}');
  });

  it('keeps shared (non-cyclic) references whole', () => {
    const shared = { x: 1 };
    expect(encode({ a: shared, b: shared, c: [1n] })).toBe('{"a":{"x":1},"b":{"x":1},"c":["1"]}');
  });

  it('encodes a BigInt as its decimal string', () => {
    expect(encode({ id: 12345678901234567890n, list: [-1n] })).toBe('{"id":"12345678901234567890","list":["-1"]}');
    expect(encode(10n)).toBe('"10"');
  });

  it('turns a throwing toJSON or getter into a marker', () => {
    const data = {
      ok: 1,
      bad: { toJSON() { throw new RangeError('nope'); } },
      get worse() { throw new Error('getter broke'); },
      list: [1, { toJSON() { throw 'a string'; } }],
    };
    expect(encode(data)).toBe(
      '{"ok":1,"bad":"[Thrown: RangeError: nope]","worse":"[Thrown: Error: getter broke]","list":[1,"[Thrown: a string]"]}',
    );
  });

  it('follows JSON.stringify rules in the tolerant path too', () => {
    const data = { a: undefined, f() {}, s: Symbol('x'), n: NaN, i: -Infinity, d: new Date(0), arr: [undefined, () => 1, Symbol('y')], b: new Boolean(false), str: new String('s'), num: new Number(2), cyc: null as unknown };
    data.cyc = data;
    expect(encode(data)).toBe('{"n":null,"i":null,"d":"1970-01-01T00:00:00.000Z","arr":[null,null,null],"b":false,"str":"s","num":2,"cyc":"[Circular]"}');
  });

  it('nesting deeper than JSON.stringify handles becomes a valid envelope', () => {
    let deep: unknown = { leaf: true };
    for (let i = 0; i < 100_000; i++) deep = { child: deep };
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    const out = encode(deep);
    expectValidWithin(out, 60_000);
    expect(JSON.parse(out)).toMatchObject({ elided: true, preview: { child: 'object(1 keys)' } });
    expect(JSON.parse(out).bytes).toBe(100_000 * 10 + 13);
  });

  it('a Proxy whose traps throw is described, not thrown', () => {
    const hostile = new Proxy({}, { ownKeys() { throw new Error('trap'); }, get() { throw new Error('trap'); } });
    expect(encode({ p: hostile })).toBe('{"p":"[Thrown: Error: trap]"}');
    expectValidWithin(encode({ p: hostile, pad: 'x'.repeat(500) }, 400), 400);
    expect(summarize({ p: hostile })).toEqual({ p: '[unreadable: threw while read]' });
  });

  it('ok never throws either', () => {
    const f = createFormatter(() => null);
    const cyc: unknown[] = [];
    cyc.push(cyc);
    expect(f.ok(cyc).content[0].text).toBe('["[Circular]"]');
  });

  it('the envelope itself stays within the cap, even with thousands of top-level keys', () => {
    const wide: Record<string, number> = {};
    for (let i = 0; i < 20_000; i++) wide[`key_${i}`] = i;
    const out = encode(wide, 5_000);
    expectValidWithin(out, 5_000);
    const preview = JSON.parse(out).preview;
    expect(preview.key_0).toBe('0');
    expect(Object.keys(preview).at(-1)).toBe('…');
    expect(preview['…']).toMatch(/^\d+ more keys$/);
  });

  it('every outcome on arbitrary values is valid JSON within the cap', () => {
    fc.assert(
      fc.property(
        fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withNullPrototype: true, withBoxedValues: true, maxDepth: 4 }),
        fc.boolean(),
        fc.integer({ min: 400, max: 3000 }),
        (value, cycle, cap) => {
          if (cycle && typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
            try {
              (value as Record<string, unknown>).loop = value;
            } catch {
              /* sealed values stay acyclic */
            }
          }
          const out = encode(value, cap);
          if (typeof value === 'string') return;
          const stringified = (() => {
            try {
              return JSON.stringify(value);
            } catch {
              return null;
            }
          })();
          if (stringified === undefined) return;
          expectValidWithin(out, cap);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('after any bad input the module keeps returning right answers', () => {
    const cyc: Record<string, unknown> = {};
    cyc.cyc = cyc;
    let deep: unknown = 1;
    for (let i = 0; i < 50_000; i++) deep = [deep];
    for (const bad of [cyc, deep, { get x() { throw new Error('x'); } }, 1n]) {
      encode(bad);
      roundFloats(bad as object, 3);
      summarize(bad);
      expect(encode({ a: [1, 2.5, 'x'] })).toBe('{"a":[1,2.5,"x"]}');
      expect(encode({ a: 1.23456789012 }, { precision: 3 })).toBe('{"a":1.23}');
    }
  });
});
