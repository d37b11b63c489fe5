// Differential tests: toToon against the reference encoder @toon-format/toon 4.4.0 on values
// from a small seeded generator (mulberry32, so every run sees the same cases and a failure
// names its seed). Each suite covers one shape family across all three delimiters and several
// indent sizes; outputs must be byte-identical, and errors must be the same errors.
import { rng } from '../examples/corpus.mjs';
import { describe, expect, it } from 'vitest';
import { encode as referenceEncode } from '@toon-format/toon';
import { toToon } from 'modoki-budget';

type Rng = () => number;

const mulberry32: (seed: number) => Rng = rng;

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];
const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

// Strings that sit on a quoting rule: delimiters, colons, brackets, quotes, backslashes,
// leading/trailing blanks, a leading '-' or '#', number look-alikes, keywords, controls, unicode.
const TRICKY_STRINGS = [
  '',
  ' ',
  '  ',
  'a',
  'hello world',
  ' lead',
  'trail ',
  '\tx',
  'x\t',
  'a,b',
  'a|b',
  'a\tb',
  'a:b',
  'key: value',
  '-',
  '-x',
  '- item',
  '--',
  '#',
  '#tag',
  'x#',
  'a-b',
  '[1]',
  '{x}',
  'a]b',
  'say "hi"',
  'back\\slash',
  'line\nbreak',
  'cr\rlf',
  '\u0000',
  'bell\u0007',
  'esc\u001b',
  '\u001f',
  'del\u007f',
  'true',
  'false',
  'null',
  'True',
  'NULL',
  'nul',
  '0',
  '-0',
  '05',
  '1.5',
  '-3.14',
  '1e5',
  '1E+5',
  '+1',
  '.5',
  '1.',
  '1e',
  '0x1F',
  'Infinity',
  '-Infinity',
  'NaN',
  '1,000',
  '12:30',
  'café',
  'naïve',
  '你好',
  '🚀',
  'hello 👋 world',
  '\u2028',
  '\ufeffbom',
  'ﬁ',
  'a b c',
  '"',
  "'",
  '`',
  'http://x.y/z?q=1&r=2',
  'C:\\path',
  '[]',
  '{}',
  '=',
  '@user',
  '%20',
  '~',
  'a.b.c',
  '_',
  'ok-ish',
  'A_B',
];
// Iterated by code point (splitting by UTF-16 unit would make lone surrogates everywhere).
const ALPHABET = [...[...'abcXYZ019 ,|\t:-#[]{}"\\\n\r\u0001\u001f.e+_é😀/\''], '\u2028'];

const NUMBERS = [
  0,
  -0,
  1,
  -1,
  42,
  0.5,
  -0.5,
  1e21,
  1e20,
  999999999999999900000,
  123456789012345680000,
  1e-7,
  1e-6,
  1.5e-7,
  -1e-7,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  2 ** 31,
  2 ** 32,
  0.1 + 0.2,
  1 / 3,
  5e-324,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.EPSILON,
  1e300,
  1e-300,
  12345.678,
  100,
  1e6,
  1e16,
  1.7976931348623157e308,
  NaN,
  Infinity,
  -Infinity,
];

const KEYS = [
  'id',
  'name',
  'value',
  'a',
  'b',
  'c',
  'x',
  'y',
  '_private',
  'snake_case',
  'camelCase',
  'dotted.key',
  'a.b.c',
  'A1',
  '1',
  '0',
  '10',
  '2',
  '01',
  '-1',
  '1a',
  '',
  ' ',
  'with space',
  'hy-phen',
  'colon:key',
  'comma,key',
  'pipe|key',
  'tab\tkey',
  'quote"key',
  'back\\key',
  'new\nline',
  'ключ',
  'café',
  '🔑',
  '[x]',
  '{y}',
  '#h',
  '-d',
  'true',
  'null',
  '__proto__',
  'constructor',
  'toString',
];

function randomString(rng: Rng): string {
  // Rarely a lone surrogate, so the error path is compared too (both must throw the same TypeError).
  if (rng() < 0.002) return pick(rng, ['x\ud800', '\udfff', 'a\udbffb']);
  if (rng() < 0.6) return pick(rng, TRICKY_STRINGS);
  let s = '';
  const n = int(rng, 0, 8);
  for (let i = 0; i < n; i++) s += pick(rng, ALPHABET);
  return s;
}

function randomNumber(rng: Rng): number {
  const r = rng();
  if (r < 0.45) return pick(rng, NUMBERS);
  if (r < 0.7) return int(rng, -1000, 1000);
  if (r < 0.85) return (rng() - 0.5) * 10 ** int(rng, -10, 25);
  return Number((rng() * 1000).toFixed(int(rng, 0, 6)));
}

function randomPrimitive(rng: Rng): unknown {
  const r = rng();
  if (r < 0.45) return randomString(rng);
  if (r < 0.8) return randomNumber(rng);
  if (r < 0.9) return rng() < 0.5;
  return null;
}

// Builds an object whose keys may include __proto__ as an own data property.
function objectFrom(entries: Array<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries)
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

function randomKeys(rng: Rng, n: number): string[] {
  const keys = new Set<string>();
  while (keys.size < n)
    keys.add(
      rng() < 0.7 ? pick(rng, KEYS.slice(0, 14)) + (rng() < 0.3 ? String(int(rng, 0, 9)) : '') : pick(rng, KEYS),
    );
  return [...keys];
}

function randomValue(rng: Rng, depth: number): unknown {
  if (depth <= 0) return randomPrimitive(rng);
  const r = rng();
  if (r < 0.3) return randomPrimitive(rng);
  if (r < 0.45) return randomObject(rng, depth - 1);
  if (r < 0.6) return uniformRows(rng, depth - 1);
  if (r < 0.7) return nonUniformRows(rng, depth - 1);
  if (r < 0.8) return arrayOfArrays(rng, depth - 1);
  if (r < 0.88) return keyedObject(rng, depth - 1);
  return Array.from({ length: int(rng, 0, 5) }, () => randomValue(rng, depth - 1));
}

function randomObject(rng: Rng, depth: number): Record<string, unknown> {
  return objectFrom(randomKeys(rng, int(rng, 0, 5)).map((k) => [k, randomValue(rng, depth)]));
}

// Uniform rows: the same keys (sometimes in another order), columns of primitives or of
// uniform nested objects (field groups); occasionally one row breaks uniformity.
function uniformRows(rng: Rng, depth: number): unknown[] {
  const keys = randomKeys(rng, int(rng, 1, 5));
  const nested = new Map<string, string[]>();
  for (const k of keys) if (depth > 0 && rng() < 0.25) nested.set(k, randomKeys(rng, int(rng, 1, 3)));
  const rows = Array.from({ length: int(rng, 1, 6) }, () => {
    const order = rng() < 0.2 ? [...keys].reverse() : keys;
    return objectFrom(
      order.map((k) => {
        const sub = nested.get(k);
        return [k, sub ? objectFrom(sub.map((s) => [s, randomPrimitive(rng)])) : randomPrimitive(rng)];
      }),
    );
  });
  if (rng() < 0.15) {
    const row = rows[int(rng, 0, rows.length - 1)] as Record<string, unknown>;
    const breaker = pick(rng, ['drop', 'add', 'nest', 'empty']);
    if (breaker === 'drop') delete row[keys[0]];
    else if (breaker === 'add') row.extra = 1;
    else if (breaker === 'nest') row[keys[0]] = [1, 2];
    else row[keys[0]] = {};
  }
  return rows;
}

function nonUniformRows(rng: Rng, depth: number): unknown[] {
  return Array.from({ length: int(rng, 1, 5) }, () => {
    const r = rng();
    if (r < 0.7) return randomObject(rng, depth);
    if (r < 0.8) return {};
    return randomValue(rng, depth);
  });
}

function arrayOfArrays(rng: Rng, depth: number): unknown[] {
  return Array.from({ length: int(rng, 1, 4) }, () =>
    rng() < 0.8 ? Array.from({ length: int(rng, 0, 4) }, () => randomPrimitive(rng)) : [randomValue(rng, depth)],
  );
}

function keyedObject(rng: Rng, depth: number): Record<string, unknown> {
  const entryKeys = randomKeys(rng, int(rng, 1, 4));
  const rows = uniformRows(rng, depth);
  return objectFrom(entryKeys.map((k, i) => [k, rows[i % rows.length]]));
}

const DELIMITERS = [',', '\t', '|'] as const;
const INDENTS = [1, 2, 3, 4, 8];

function outcome(fn: () => string): { ok: string } | { error: string } {
  try {
    return { ok: fn() };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

function runFamily(family: string, seed: number, count: number, make: (rng: Rng) => unknown) {
  const rng = mulberry32(seed);
  const mismatches: string[] = [];
  for (let i = 0; i < count; i++) {
    const value = make(rng);
    const options = { delimiter: DELIMITERS[i % 3], indentSize: INDENTS[Math.floor(i / 3) % INDENTS.length] };
    const want = outcome(() => referenceEncode(value, options));
    const got = outcome(() => toToon(value, options));
    if (JSON.stringify(want) !== JSON.stringify(got) && mismatches.length < 5) {
      mismatches.push(
        `${family} seed ${seed} case ${i} ${JSON.stringify(options)}\nreference: ${JSON.stringify(want)}\n   toToon: ${JSON.stringify(got)}`,
      );
    }
  }
  expect(mismatches).toEqual([]);
}

describe('toToon matches @toon-format/toon 4.4.0 on generated values', () => {
  const families: Array<[string, (rng: Rng) => unknown]> = [
    ['uniform arrays of objects', (rng) => ({ rows: uniformRows(rng, 2) })],
    ['non-uniform arrays of objects', (rng) => ({ items: nonUniformRows(rng, 2) })],
    ['nested objects', (rng) => randomObject(rng, 4)],
    ['arrays of arrays', (rng) => ({ m: arrayOfArrays(rng, 2), list: [arrayOfArrays(rng, 1)] })],
    [
      'keyed objects',
      (rng) => (rng() < 0.5 ? keyedObject(rng, 2) : { k: keyedObject(rng, 2), tail: randomPrimitive(rng) }),
    ],
    [
      'strings that need quoting',
      (rng) =>
        rng() < 0.3
          ? randomString(rng)
          : {
              s: randomString(rng),
              arr: [randomString(rng), randomString(rng)],
              rows: [{ v: randomString(rng) }, { v: randomString(rng) }],
            },
    ],
    [
      'keys that need quoting',
      (rng) =>
        objectFrom(
          randomKeys(rng, int(rng, 1, 4)).map((k) => [
            k,
            rng() < 0.7 ? randomPrimitive(rng) : [{ [pick(rng, KEYS)]: 1 }, { [pick(rng, KEYS)]: 2 }],
          ]),
        ),
    ],
    [
      'numbers at JS formatting boundaries',
      (rng) => ({
        n: randomNumber(rng),
        row: [randomNumber(rng), randomNumber(rng)],
        t: [{ x: randomNumber(rng) }, { x: randomNumber(rng) }],
      }),
    ],
    ['root values of every kind', (rng) => randomValue(rng, 3)],
    [
      'lists whose items are objects starting with tables',
      (rng) => ({
        list: Array.from({ length: int(rng, 1, 3) }, () =>
          objectFrom([
            [pick(rng, KEYS), rng() < 0.5 ? uniformRows(rng, 1) : keyedObject(rng, 1)],
            ['after', randomValue(rng, 1)],
          ]),
        ),
      }),
    ],
  ];
  families.forEach(([family, make], index) => {
    it(`${family} (1,000 cases)`, () => runFamily(family, 1000 + index, 1000, make));
  });

  it('non-JSON values inside generated trees (500 cases)', () => {
    const exotic = [
      undefined,
      () => 1,
      Symbol('s'),
      10n,
      2n ** 70n,
      new Date(0),
      new Date(NaN),
      new Set([1, 'a']),
      new Map([['k', 1]]),
      new (class K {
        a = 1;
      })(),
      new Number(1),
      new String('s'),
      { toJSON: () => 'J' },
      [, 1],
    ]; // eslint-disable-line no-sparse-arrays
    runFamily('exotic', 77, 500, (rng) => {
      const base = randomObject(rng, 2);
      base[pick(rng, ['e', 'f', 'g'])] = pick(rng, exotic);
      return rng() < 0.5 ? base : [pick(rng, exotic), base, { x: pick(rng, exotic) }];
    });
  });
});
