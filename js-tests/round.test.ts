import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { roundSig, roundFloats, resolvePrecision, DEFAULT_FLOAT_PRECISION } from 'modoki-budget';
import * as ref from './reference/result';
import { boundaryFloat, jsonish } from './support/arbitraries';

describe('roundSig: exactly Number(x.toPrecision(sig))', () => {
  it('agrees with V8 on generated floats at every precision', () => {
    fc.assert(
      fc.property(boundaryFloat, fc.integer({ min: -2, max: 18 }), (x, sig) => {
        expect(Object.is(roundSig(x, sig), ref.roundSig(x, sig))).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });

  it('breaks exact ties away from zero, as toPrecision does', () => {
    expect(roundSig(679.0625, 6)).toBe(679.063);
    expect(roundSig(-679.0625, 6)).toBe(-679.063);
    expect(roundSig(0.125, 2)).toBe(0.13);
    expect(roundSig(2.5, 1)).toBe(3);
  });

  it('keeps significant digits, never decimals', () => {
    expect(roundSig(1.5e-7, 9)).toBe(1.5e-7);
    expect(roundSig(0.0004321, 9)).toBe(0.0004321);
    expect(roundSig(247.13061935179246, 9)).toBe(247.130619);
    expect(roundSig(1234567890123456.7, 9)).toBe(1234567890000000);
  });

  it('passes specials and small integers through', () => {
    expect(Object.is(roundSig(-0, 9), -0)).toBe(true);
    expect(roundSig(NaN, 9)).toBeNaN();
    expect(roundSig(Infinity, 3)).toBe(Infinity);
    expect(roundSig(123456789012345, 3)).toBe(123456789012345);
    expect(roundSig(1.23456789, 0)).toBe(1.23456789);
    expect(roundSig(1.23456789, 17)).toBe(1.23456789);
  });

  it('does not throw where toPrecision would (sig in (0,1), NaN)', () => {
    expect(roundSig(1.23456789, 0.5)).toBe(1.23456789);
    expect(roundSig(1.23456789, NaN)).toBe(1.23456789);
  });
});

describe('roundFloats', () => {
  it('matches the reference deep copy on generated values', () => {
    fc.assert(
      fc.property(jsonish, fc.integer({ min: 1, max: 16 }), (value, sig) => {
        const got = roundFloats(value, sig);
        expect(JSON.stringify(got)).toBe(JSON.stringify(ref.roundFloats(value, sig)));
      }),
      { numRuns: 3000 },
    );
  });

  it('never mutates its input and keeps class instances and Dates by reference', () => {
    class Vec {
      constructor(public x: number) {}
    }
    const date = new Date(0);
    const vec = new Vec(1.23456789012);
    const input = { a: 1.23456789012, list: [2.71828182845, { b: 3.14159265358 }], date, vec };
    const snapshot = JSON.stringify(input);
    const out = roundFloats(input, 3);
    expect(JSON.stringify(input)).toBe(snapshot);
    expect(out).toEqual({ a: 1.23, list: [2.72, { b: 3.14 }], date, vec });
    expect(out.date).toBe(date);
    expect(out.vec).toBe(vec);
    expect(out.list).not.toBe(input.list);
  });

  it('returns the same reference when precision is off', () => {
    const input = { a: 1.5 };
    expect(roundFloats(input, 0)).toBe(input);
    expect(roundFloats(input, 17)).toBe(input);
    expect(roundFloats(input, -1)).toBe(input);
  });

  it('defaults to 9 digits', () => {
    expect(DEFAULT_FLOAT_PRECISION).toBe(9);
    expect(roundFloats({ x: 247.13061935179246 })).toEqual({ x: 247.130619 });
  });

  it('keeps null prototypes and never writes a prototype from a __proto__ key', () => {
    const nullProto = Object.assign(Object.create(null), { a: 1.23456789012 });
    const out = roundFloats(nullProto, 3);
    expect(Object.getPrototypeOf(out)).toBe(null);
    expect(out.a).toBe(1.23);
    const hostile = JSON.parse('{"__proto__":{"x":1.23456789012}}');
    const copy = roundFloats(hostile, 3);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__']);
    expect(copy.x).toBeUndefined();
  });

  it('survives cycles, deep nesting and throwing getters', () => {
    const cyclic: Record<string, unknown> = { a: 1.23456789012 };
    cyclic.self = cyclic;
    const out = roundFloats(cyclic, 3) as Record<string, unknown>;
    expect(out.a).toBe(1.23);
    expect(out.self).toBe(out);

    let deep: unknown[] = [1.23456789012];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    let cursor = roundFloats(deep, 3) as unknown[];
    for (let i = 0; i < 100_000; i++) cursor = cursor[0] as unknown[];
    expect(cursor).toEqual([1.23]);

    const trap = Object.defineProperty({ b: 1.23456789012 }, 'bad', {
      enumerable: true,
      get() {
        throw new Error('getter');
      },
    });
    const copy = roundFloats(trap, 3);
    expect(copy.b).toBe(1.23);
    expect(() => (copy as Record<string, unknown>).bad).toThrow('getter');
  });
});

describe('resolvePrecision', () => {
  it.each([
    [undefined, 9],
    [null, 9],
    ['', 9],
    ['abc', 9],
    [NaN, 9],
    [Infinity, 9],
    [6, 6],
    ['6', 6],
    ['0', 0],
    [0, 0],
    ['1e1', 10],
    [' 7 ', 7],
    [{}, 9],
  ])('resolvePrecision(%s) = %s', (raw, want) => {
    expect(resolvePrecision(raw)).toBe(want);
    expect(resolvePrecision(raw)).toBe(ref.resolvePrecision(raw));
  });
});
