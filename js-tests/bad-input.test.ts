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
      bad: {
        toJSON() {
          throw new RangeError('nope');
        },
      },
      get worse() {
        throw new Error('getter broke');
      },
      list: [
        1,
        {
          toJSON() {
            throw 'a string';
          },
        },
      ],
    };
    expect(encode(data)).toBe(
      '{"ok":1,"bad":"[Thrown: RangeError: nope]","worse":"[Thrown: Error: getter broke]","list":[1,"[Thrown: a string]"]}',
    );
  });

  it('a thrown value is what String() prints of it, at most 200 chars, the same in the payload and its preview', () => {
    const throwing = (thrown: unknown) => ({
      get v() {
        throw thrown;
      },
    });
    const cases: Array<[unknown, string]> = [
      [new TypeError('x'.repeat(300)), `[Thrown: TypeError: ${'x'.repeat(189)}…]`],
      [new Error(''), '[Thrown: Error]'],
      [Symbol('s'), '[Thrown: Symbol(s)]'],
      [
        {
          toString() {
            throw new Error('again');
          },
        },
        '[Thrown: unprintable error]',
      ],
    ];
    for (const [thrown, text] of cases) {
      expect(encode(throwing(thrown))).toBe(JSON.stringify({ v: text }));
      expect(summarize(throwing(thrown))).toEqual({ v: text });
    }
  });

  it('follows JSON.stringify rules in the tolerant path too', () => {
    const data = {
      a: undefined,
      f() {},
      s: Symbol('x'),
      n: NaN,
      i: -Infinity,
      d: new Date(0),
      arr: [undefined, () => 1, Symbol('y')],
      b: new Boolean(false),
      str: new String('s'),
      num: new Number(2),
      cyc: null as unknown,
    };
    data.cyc = data;
    expect(encode(data)).toBe(
      '{"n":null,"i":null,"d":"1970-01-01T00:00:00.000Z","arr":[null,null,null],"b":false,"str":"s","num":2,"cyc":"[Circular]"}',
    );
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
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('trap');
        },
        get() {
          throw new Error('trap');
        },
      },
    );
    expect(encode({ p: hostile })).toBe('{"p":"[Thrown: Error: trap]"}');
    expectValidWithin(encode({ p: hostile, pad: 'x'.repeat(500) }, 400), 400);
    // The payload and its preview describe the throw with the same text.
    expect(summarize({ p: hostile })).toEqual({ p: '[Thrown: Error: trap]' });
    expect(encode({ p: hostile, pad: 'x'.repeat(500) }, 400)).toContain('"preview":{"p":"[Thrown: Error: trap]"');
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
        fc.anything({
          withBigInt: true,
          withDate: true,
          withMap: true,
          withSet: true,
          withTypedArray: true,
          withSparseArray: true,
          withNullPrototype: true,
          withBoxedValues: true,
          maxDepth: 4,
        }),
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
    for (const bad of [
      cyc,
      deep,
      {
        get x() {
          throw new Error('x');
        },
      },
      1n,
    ]) {
      encode(bad);
      roundFloats(bad as object, 3);
      summarize(bad);
      expect(encode({ a: [1, 2.5, 'x'] })).toBe('{"a":[1,2.5,"x"]}');
      expect(encode({ a: 1.23456789012 }, { precision: 3 })).toBe('{"a":1.23}');
    }
  });
});

// One option reader: every function that takes an options object refuses a key it does not
// know with the same code and the same message shape, naming the options it does know.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  toToon,
  toonResult,
  limitCollection,
  limitResult,
  menuCost,
  lintDescription,
  groupTools,
  menuFor,
  profileResponse,
  chooseEncoding,
  budgetLock,
  checkLock,
  tokenReport,
  countTokens,
} from 'modoki-budget';

describe('options', () => {
  const lock = budgetLock([{ name: 't' }]);
  const calls: Array<[string, string, (options: never) => unknown]> = [
    ['toToon', 'delimiter, indentSize', (o) => toToon({ a: 1 }, o)],
    ['toonResult', 'delimiter, indentSize', (o) => toonResult({ a: 1 }, o)],
    ['limitCollection', 'hint', (o) => limitCollection([1], 1, o)],
    ['limitResult', 'hint', (o) => limitResult([1], 1, o)],
    ['menuCost', 'encoding', (o) => menuCost([{ name: 't' }], o)],
    ['lintDescription', 'encoding, maxDescriptionTokens', (o) => lintDescription({ name: 't' }, o)],
    ['groupTools', 'separator, discriminator', (o) => groupTools([{ name: 't' }], o)],
    ['menuFor', 'compact, encoding', (o) => menuFor([{ name: 't' }], o)],
    ['profileResponse', 'encoding, overheadBlocks, thresholds, maxOverheadRatio', (o) => profileResponse('t', [], o)],
    ['chooseEncoding', 'encoding, delimiter, indentSize', (o) => chooseEncoding({ a: 1 }, o)],
    ['budgetLock', 'encoding', (o) => budgetLock([{ name: 't' }], o)],
    ['checkLock', 'tolerance, regenerate', (o) => checkLock(lock, lock, o)],
    ['tokenReport', 'encoding', (o) => tokenReport({ a: 1 }, o)],
  ];

  it.each(calls)('%s refuses an unknown option, naming the ones it knows', (fn, known, call) => {
    expect(() => call({ encodign: 'o200k_base' } as never)).toThrow(
      expect.objectContaining({
        name: 'TypeError',
        code: 'INVALID_OPTION',
        message: `${fn}: unknown option "encodign". Known options: ${known}.`,
      }),
    );
    expect(() => call('fast' as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION', message: `${fn}: options must be an object, got string.` }),
    );
    expect(() => call([] as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION', message: `${fn}: options must be an object, got array.` }),
    );
    // undefined and null mean the defaults, and a refused call leaves the module working.
    expect(() => call(undefined as never)).not.toThrow();
    expect(() => call(null as never)).not.toThrow();
    expect(countTokens('hello world')).toBe(2);
  });

  it('a nested option object is read by the same rules', () => {
    expect(() => profileResponse('t', [], { thresholds: { lo: 5 } as never })).toThrow(
      expect.objectContaining({
        code: 'INVALID_OPTION',
        message: 'profileResponse: unknown option "thresholds.lo". Known options: low, medium, high.',
      }),
    );
    expect(() => profileResponse('t', [], { thresholds: 5 as never })).toThrow(
      expect.objectContaining({
        code: 'INVALID_OPTION',
        message: 'profileResponse: thresholds must be an object, got number.',
      }),
    );
    expect(profileResponse('t', [{ type: 'text', text: 'hello' }], { thresholds: { low: 0 } }).risk).toBe('medium');
  });

  it('a bad option value is INVALID_OPTION too', () => {
    expect(() => checkLock(lock, lock, { tolerance: -1 })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION', message: 'checkLock: tolerance must be a number >= 0' }),
    );
    expect(() => lintDescription({ name: 't' }, { maxDescriptionTokens: -1 })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION' }),
    );
  });
});

// The codes are one list: the Rust enum, the declared union and docs/errors.md say the same.
describe('error codes', () => {
  const root = join(__dirname, '..');
  const rust = readFileSync(join(root, 'src', 'error.rs'), 'utf8');
  // The union is generated from the enum (src/declarations.rs); read here as it ships.
  const declared = readFileSync(join(root, 'node', 'types', 'generated', 'errors.d.ts'), 'utf8');
  const docs = readFileSync(join(root, 'docs', 'errors.md'), 'utf8');
  const rustCodes = [...rust.matchAll(/ErrorCode::\w+ => "([A-Z_]+)"/g)].map((m) => m[1]);
  const union = declared.match(/export type BudgetErrorCode =([^;]+);/)?.[1] ?? '';
  const declaredCodes = [...union.matchAll(/["']([A-Z_]+)["']/g)].map((m) => m[1]);
  const documented = [...docs.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);

  it('every code the core can throw is declared and documented, in the same order', () => {
    expect(rustCodes.length).toBeGreaterThan(10);
    expect(declaredCodes).toEqual(rustCodes);
    expect(documented).toEqual(rustCodes);
  });

  it('errors thrown by the JS side carry declared codes', () => {
    const codeOf = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        return (error as { code?: string }).code;
      }
      return undefined;
    };
    const thrown = [
      codeOf(() => countTokens(1 as never)),
      codeOf(() => toToon({}, { delimiter: ';' as never })),
      codeOf(() => menuCost({} as never)),
      codeOf(() => groupTools([{ name: 'a.b' }, { name: 'a.c' }]).route('nope')),
      codeOf(() => groupTools([{ name: 'a.b' }, { name: 'a.c' }]).route('a', { action: 'x' })),
    ];
    expect(thrown).toEqual(['INVALID_INPUT', 'INVALID_OPTION', 'INVALID_INPUT', 'UNKNOWN_TOOL', 'UNKNOWN_ACTION']);
    for (const code of thrown) expect(rustCodes).toContain(code);
  });
});
