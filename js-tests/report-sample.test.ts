// `report` reads a text that is already V8's compact form without building its value: the core
// checks the text is exactly JSON.stringify(JSON.parse(text)) and hands back a sample (every
// array cut to its first 50 items, the root's arrays at their true lengths). Checked against V8
// itself: texts spelled many ways are accepted exactly when V8 would print them back unchanged,
// the sample is the value cut the same way in JavaScript, and the report equals the one built
// from the whole value.
import fc from 'fast-check';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { encode as referenceToon } from '@toon-format/toon';
import { countTokens, roundFloats } from 'modoki-budget';
import { boundaryFloat, HOSTILE_KEYS, jsonish, nastyString } from './support/arbitraries';

const require = createRequire(import.meta.url);
const { buildReport, reportOfV8Compact, sampleOfV8Compact, SCHEMA_ITEMS } = require('../node/report/measure.cjs');

/** The value of `text` cut as the sample cuts it, computed from the whole value. */
function cut(value: unknown, rootLevel: boolean): unknown {
  if (Array.isArray(value)) {
    const items = value.slice(0, SCHEMA_ITEMS).map((item) => cut(item, false));
    if (rootLevel) items.length = value.length;
    return items;
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      Object.defineProperty(out, k, { value: cut(v, false), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

function expectedSample(text: string): unknown {
  const value = JSON.parse(text);
  if (Array.isArray(value)) return cut(value, true);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    Object.defineProperty(out, k, { value: cut(v, true), enumerable: true, writable: true, configurable: true });
  return out;
}

const hex = (code: number, upper: boolean) => {
  const h = code.toString(16).padStart(4, '0');
  return `\\u${upper ? h.toUpperCase() : h}`;
};

/** JSON text for one number, spelled one of the ways JSON allows. */
function spellNumber(x: number, how: string): string {
  const s = String(x);
  if (how === 'exponent') return x.toExponential();
  if (how === 'upper') return s.toUpperCase();
  if (how === 'zero') return /^-?\d+$/.test(s) ? `${s}.0` : /^-?\d+\.\d+$/.test(s) ? `${s}0` : s;
  if (how === 'minus') return x === 0 ? '-0' : s;
  return s;
}

/** JSON text for one string: V8's own form, or with some characters escaped as \uXXXX. */
function spellString(s: string, how: string): string {
  if (how === 'v8') return JSON.stringify(s);
  return `"${Array.from(s, (c, i) => {
    const code = c.charCodeAt(0);
    if (c.length === 1 && (i % 2 === 0 || code < 0x20 || c === '"' || c === '\\')) return hex(code, how === 'upper');
    return JSON.stringify(c).slice(1, -1);
  }).join('')}"`;
}

const stringSpelling = fc.constantFrom('v8', 'v8', 'v8', 'lower', 'upper');
const space = fc.constantFrom('', '', '', '', ' ', '\n');

/** JSON texts spelled many ways (whitespace, number and string forms, repeated keys). */
const spelled = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .tuple(boundaryFloat.filter(Number.isFinite), fc.constantFrom('v8', 'v8', 'exponent', 'upper', 'zero', 'minus'))
      .map(([x, how]) => spellNumber(x, how)),
    fc.integer().map(String),
    fc.tuple(nastyString, stringSpelling).map(([s, how]) => spellString(s, how)),
    fc.constantFrom('true', 'false', 'null'),
    tie('array'),
    tie('object'),
  ),
  array: fc
    .tuple(fc.array(tie('value'), { maxLength: 5 }), space)
    .map(([items, w]) => `[${w}${(items as string[]).join(`,${w}`)}]`),
  object: fc
    .tuple(
      fc.array(
        fc.tuple(
          fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom(...HOSTILE_KEYS, '1', '2', '4294967294', '4294967295')),
          stringSpelling,
          tie('value'),
        ),
        { maxLength: 5 },
      ),
      space,
    )
    .map(
      ([members, w]) =>
        `{${w}${(members as [string, string, string][]).map(([k, how, v]) => `${spellString(k, how)}:${w}${v}`).join(`,${w}`)}}`,
    ),
})).value as fc.Arbitrary<string>;

describe('the sample of a V8-compact text', () => {
  it('is taken exactly when V8 prints the text back unchanged, and is the value cut in JavaScript', () => {
    fc.assert(
      fc.property(spelled, (text) => {
        const sample = sampleOfV8Compact(text);
        const root = text.trimStart()[0];
        const v8Form = JSON.stringify(JSON.parse(text)) === text;
        // A lone surrogate's escape is V8's form, but the core is not asked to prove it.
        const mustAccept = v8Form && (root === '{' || root === '[') && !/\\ud[89a-f]/i.test(text);
        if (sample === undefined) expect(mustAccept).toBe(false);
        else {
          expect(v8Form).toBe(true);
          expect(sample).toEqual(expectedSample(text));
        }
        if (mustAccept) expect(sample).not.toBe(undefined);
      }),
      { numRuns: 3000 },
    );
  });

  it('cuts long arrays at every depth and keeps the root lengths', () => {
    const long = fc.array(jsonish, { minLength: 30, maxLength: 130 });
    fc.assert(
      fc.property(long, long, (a, b) => {
        for (const text of [JSON.stringify({ a, b: [b, a], c: { d: b } }), JSON.stringify([a, b, ...b])]) {
          const sample = sampleOfV8Compact(text);
          if (/\\ud[89a-f]/i.test(text)) continue;
          expect(sample).toEqual(expectedSample(text));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('refuses text V8 would print otherwise', () => {
    for (const text of [
      '{"a": 1}',
      '{"n":1.50}',
      '{"n":1E+21}',
      '{"n":-0}',
      '{"s":"\\u00e9"}',
      '{"s":"\\/"}',
      '{"a":1,"a":2}',
      '{"b":1,"0":2}',
      '"just a string"',
      '42',
      '\ufeff{"a":1}',
      `${'['.repeat(600)}${']'.repeat(600)}`,
    ])
      expect(sampleOfV8Compact(text), text).toBe(undefined);
  });
});

describe('the report read from the text', () => {
  const options = { encoding: 'cl100k_base', source: 'x', givenChars: undefined };

  it('equals the report built from the whole value, under and over the cap', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(jsonish, { maxLength: 80 }), fc.dictionary(fc.string(), jsonish)), (value) => {
        const text = JSON.stringify(value);
        const fast = reportOfV8Compact(text, options);
        // JSON.stringify's text is V8's form; only a lone surrogate's escape is left to the value.
        if (fast === undefined) expect(text).toMatch(/\\ud[89a-f]/i);
        else expect(fast).toEqual(buildReport(JSON.parse(text), options));
      }),
      { numRuns: 60 },
    );
    const rows = Array.from({ length: 3000 }, (_, i) => ({ id: i, name: `entity-${i}`, x: i / 7, tags: ['a', i] }));
    for (const value of [{ rows, meta: { n: rows.length }, empty: [] }, rows]) {
      const text = JSON.stringify(value);
      expect(text.length).toBeGreaterThan(60_000);
      const fast = reportOfV8Compact(text, options);
      expect(fast.encode.elided).toBe(true);
      expect(fast).toEqual(buildReport(JSON.parse(text), options));
    }
  });

  it('answers nothing for text that is not V8-compact, which is then read as a value', () => {
    expect(reportOfV8Compact('{"a": 1}', options)).toBe(undefined);
    expect(reportOfV8Compact('{"s":"\ud800"}', options)).toBe(undefined);
  });
});

describe('the rounded and TOON measures, made and counted piece by piece in the core', () => {
  // Over 2 MB: the rounded text and the TOON text are each counted in several 1 MB pieces, and
  // the TOON encoder walks the large arrays and objects item by item (over 64 KB each).
  const entities = Array.from({ length: 9000 }, (_, i) => ({
    id: i,
    guid: `3d96f589-ca03-4e27-${String(i).padStart(4, '0')}-542660b6196d`,
    name: i % 3 ? `Rock${i}` : `Palm, "${i}" é`,
    traits: ['Transform', i % 2 ? 'Camera' : 'Collider'],
    values: { Transform: { x: i / 7, y: -i * 1.0000001, rotation: [i / 3, 1e-7 * i, 2.5] } },
  }));
  const value = {
    scenePath: 'projects/main.json',
    entities,
    table: entities.map(({ id, name, values }) => ({ id, name, x: values.Transform.x })),
    byGuid: Object.fromEntries(entities.slice(0, 3000).map((e) => [e.guid, { id: e.id, layer: '3d' }])),
    grid: entities.slice(0, 3000).map((e) => [e.id, e.values.Transform.x]),
  };
  const text = JSON.stringify(value);

  it('equal the public functions and the reference TOON encoder on the whole texts', () => {
    expect(text.length).toBeGreaterThan(2_000_000);
    const rounded = JSON.stringify(roundFloats(value, 9));
    const toon = referenceToon(value);
    for (const encoding of ['cl100k_base', 'o200k_base']) {
      const report = reportOfV8Compact(text, { encoding, source: 'x' });
      const jsonTokens = countTokens(text, encoding);
      const roundedTokens = countTokens(rounded, encoding);
      expect(report.floatRounding).toEqual({
        precision: 9,
        chars: rounded.length,
        tokens: roundedTokens,
        savedChars: text.length - rounded.length,
        savedTokens: jsonTokens - roundedTokens,
      });
      const toonTokens = countTokens(toon, encoding);
      expect(report.toon).toEqual({ jsonTokens, toonTokens, cheaper: toonTokens < jsonTokens ? 'toon' : 'json' });
    }
  });
});
