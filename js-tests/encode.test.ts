import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encode, capText, summarize, MAX_PAYLOAD_CHARS } from 'modoki-budget';
import * as ref from './reference/result';
import { boundaryFloat, jsonish, nastyString } from './support/arbitraries';

const RUNS = { numRuns: 3000 };

/** The one allowed difference from the reference's text cap: a cut that would split a
 *  surrogate pair keeps one unit less (and says so in the count). */
function splitsPair(s: string, cap: number): boolean {
  const cut = Math.trunc(cap < 0 ? s.length + cap : cap);
  return /[\ud800-\udbff]/.test(s[cut - 1] ?? '') && /[\udc00-\udfff]/.test(s[cut] ?? '');
}
const hint = (size: number, cap: number) =>
  `Response was ${size} chars (cap ${cap}). Narrow it: pass a filter (trait=/id=/name=/where=/layer=/ids=) or limit=N, or drop full=1. See this tool's description for the filters it accepts.`;

describe('encode: byte-identical to the reference formatter', () => {
  it('under the cap returns exactly JSON.stringify', () => {
    fc.assert(
      fc.property(jsonish, (value) => {
        expect(encode(value)).toBe(ref.encode(value));
      }),
      RUNS,
    );
  });

  it('at every cap, including the envelope path', () => {
    fc.assert(
      fc.property(jsonish, fc.integer({ min: 0, max: 400 }), (value, cap) => {
        const got = encode(value, cap);
        const want = ref.encode(value, cap);
        // The reference's envelope can exceed a tiny cap; ours trims the preview instead.
        if (want.length > cap && typeof value !== 'string' && want.startsWith('{"elided":true')) {
          expect(JSON.parse(got).hint).toBe(JSON.parse(want).hint);
        } else if (typeof value === 'string' && splitsPair(value, cap)) {
          expect(got).toBe(`${value.slice(0, cap - 1)}\n…[${value.length - cap + 1} chars elided of ${value.length}]`);
        } else {
          expect(got).toBe(want);
        }
      }),
      RUNS,
    );
  });

  it('floats near formatting boundaries print as V8 prints them', () => {
    fc.assert(
      fc.property(fc.array(boundaryFloat, { maxLength: 20 }), (xs) => {
        expect(encode(xs)).toBe(JSON.stringify(xs));
      }),
      RUNS,
    );
  });

  it('strings with controls, unicode and lone surrogates are capped, not quoted', () => {
    fc.assert(
      fc.property(nastyString, fc.integer({ min: -5, max: 60 }), (s, cap) => {
        const got = encode(s, cap);
        const want = ref.encode(s, cap);
        if (splitsPair(s, cap)) expect(got).not.toBe(want);
        else expect(got).toBe(want);
      }),
      RUNS,
    );
  });

  it('the envelope over the cap is exact', () => {
    const data = {
      entities: [1, 2, 3],
      name: 'island',
      long: 'x'.repeat(1000),
      nested: { a: 1, b: 2 },
      n: 7,
      t: true,
      u: undefined,
      z: null,
    };
    const text = JSON.stringify(data);
    const got = encode(data, 500);
    expect(got).toBe(
      JSON.stringify({
        elided: true,
        code: 'TOO_LARGE',
        bytes: text.length,
        hint: hint(text.length, 500),
        preview: {
          entities: 'array(3)',
          name: '"island"',
          long: 'string(1000)',
          nested: 'object(2 keys)',
          n: '7',
          t: 'true',
          u: 'undefined',
          z: 'null',
        },
      }),
    );
    expect(got).toBe(ref.encode(data, 500));
  });

  it('below the size of the envelope itself, the preview keeps only what fits', () => {
    const data = { entities: [1, 2, 3], name: 'island', long: 'x'.repeat(1000) };
    const got = encode(data, 299);
    expect(got.length).toBeLessThanOrEqual(299);
    expect(JSON.parse(got)).toEqual({
      elided: true,
      code: 'TOO_LARGE',
      bytes: JSON.stringify(data).length,
      hint: hint(JSON.stringify(data).length, 299),
      preview: { entities: 'array(3)', '…': '2 more keys' },
    });
    expect(JSON.parse(encode(data, 20)).preview).toEqual({ '…': '3 more keys' });
  });

  it('the default cap is 60,000 UTF-16 units', () => {
    expect(MAX_PAYLOAD_CHARS).toBe(60000);
    const fits = ['é'.repeat(59_996)];
    expect(encode(fits)).toBe(JSON.stringify(fits));
    const over = ['é'.repeat(59_997)];
    expect(JSON.parse(encode(over))).toStrictEqual({
      elided: true,
      code: 'TOO_LARGE',
      bytes: 60_001,
      hint: hint(60_001, 60_000),
      preview: 'array(1)',
    });
  });

  it('non-JSON values follow the reference', () => {
    expect(encode(undefined)).toBe('undefined');
    expect(encode(() => 1)).toBe(String(() => 1));
    expect(encode(Symbol('s'))).toBe('Symbol(s)');
    expect(encode(new Date(0))).toBe('"1970-01-01T00:00:00.000Z"');
    expect(encode([undefined, () => 1])).toBe('[null,null]');
    expect(encode(12345, 3)).toBe(ref.encode(12345, 3));
    expect(encode({ toJSON: () => undefined })).toBe('[object Object]');
  });

  it('accepts an options object', () => {
    const wide = { a: 'x'.repeat(600) };
    expect(encode(wide, { maxChars: 500 })).toBe(ref.encode(wide, 500));
    expect(encode('abcdef', { maxChars: 3 })).toBe('abc\n…[3 chars elided of 6]');
  });
});

describe('encode with precision: one pass, same as roundFloats then encode', () => {
  it('matches the reference composition on generated values', () => {
    fc.assert(
      fc.property(jsonish, fc.integer({ min: 1, max: 16 }), (value, sig) => {
        expect(encode(value, { precision: sig })).toBe(ref.encode(ref.roundFloats(value, sig)));
      }),
      RUNS,
    );
  });

  it('leaves class instances, boxed numbers and toJSON output unrounded, like roundFloats', () => {
    class Point {
      constructor(public x: number) {}
    }
    const data = {
      p: new Point(1.23456789012),
      boxed: new Number(1.23456789012),
      custom: { toJSON: () => 1.23456789012 },
      plain: 1.23456789012,
    };
    expect(encode(data, { precision: 3 })).toBe(ref.encode(ref.roundFloats(data, 3)));
    expect(encode(data, { precision: 3 })).toBe(
      '{"p":{"x":1.23456789012},"boxed":1.23456789012,"custom":1.23456789012,"plain":1.23}',
    );
  });

  it('precision outside (0, 17) does not round', () => {
    expect(encode({ a: 1.23456789012 }, { precision: 0 })).toBe('{"a":1.23456789012}');
    expect(encode({ a: 1.23456789012 }, { precision: 17 })).toBe('{"a":1.23456789012}');
    // The editor's toPrecision(NaN) throws RangeError here (docs/editor-differences.md).
    expect(encode({ a: 1.23456789012 }, { precision: Number.NaN })).toBe('{"a":1.23456789012}');
  });
});

describe('capText', () => {
  it('matches the reference away from surrogate pairs', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii' }), fc.integer({ min: -3, max: 50 }), (s, cap) => {
        expect(capText(s, cap)).toBe(ref.capText(s, cap));
      }),
      RUNS,
    );
  });

  it('never splits a surrogate pair', () => {
    expect(capText('ab😀cd', 3)).toBe('ab\n…[4 chars elided of 6]');
    expect(capText('ab😀cd', 4)).toBe('ab😀\n…[2 chars elided of 6]');
    expect(capText('ab😀cd', 2)).toBe('ab\n…[4 chars elided of 6]');
  });

  it('defaults to the 60,000 cap and keeps short text as is', () => {
    expect(capText('x'.repeat(60_000))).toBe('x'.repeat(60_000));
    expect(capText('x'.repeat(60_001))).toBe(`${'x'.repeat(60_000)}\n…[1 chars elided of 60001]`);
  });

  it('coerces a non-string instead of throwing', () => {
    expect(capText(12345 as unknown as string, 2)).toBe('12\n…[3 chars elided of 5]');
  });
});

describe('summarize', () => {
  it('matches the reference on generated values', () => {
    fc.assert(
      fc.property(jsonish, (value) => {
        expect(JSON.stringify(summarize(value))).toBe(JSON.stringify(ref.summarize(value)));
      }),
      RUNS,
    );
  });

  it('describes each kind of value', () => {
    expect(
      summarize({ a: null, b: [1, 2], c: { x: 1 }, d: 'hi', e: 'y'.repeat(41), f: 7, g: true, h: undefined }),
    ).toEqual({
      a: 'null',
      b: 'array(2)',
      c: 'object(1 keys)',
      d: '"hi"',
      e: 'string(41)',
      f: '7',
      g: 'true',
      h: 'undefined',
    });
    expect(summarize([1, 2, 3])).toBe('array(3)');
    expect(summarize('hi')).toBe('"hi"');
    expect(summarize(7)).toBe('7');
    expect(summarize(null)).toBe('null');
  });

  it('a __proto__ key from data is an own key, not a prototype', () => {
    const data = JSON.parse('{"__proto__":{"polluted":1},"b":2}');
    const got = summarize(data) as Record<string, string>;
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    expect(Object.keys(got)).toEqual(['__proto__', 'b']);
    expect(got.polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
