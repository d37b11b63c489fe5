import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LIVE_VOCABULARY_CAP, describeFilter, emptyFilterHint, histogram, liveSet } from 'modoki-budget';

const cjs = createRequire(import.meta.url)('modoki-budget') as typeof import('modoki-budget');

describe('histogram', () => {
  it('counts by key, first-seen order, integer-like keys first as in every JS object', () => {
    const h = histogram(['b', 'a', 'b', '2', '1'], (x) => x);
    expect(JSON.stringify(h)).toBe('{"1":1,"2":1,"b":2,"a":1}');
  });

  it('counts keys that shadow Object.prototype members as ordinary own keys', () => {
    const h = histogram(['constructor', 'toString', 'constructor', '__proto__'], (x) => x);
    expect(Object.keys(h)).toEqual(['constructor', 'toString', '__proto__']);
    expect(h.constructor).toBe(2);
    expect(Object.getOwnPropertyDescriptor(h, '__proto__')?.value).toBe(1);
    expect(Object.getPrototypeOf(h)).toBe(Object.prototype);
  });

  it('String()s what keyOf returns and takes any iterable', () => {
    const h = histogram(new Set([1, 2, 3]), (n) => (n % 2 ? undefined : n));
    expect(JSON.stringify(h)).toBe('{"2":1,"undefined":2}');
    expect(() => histogram([1], 'x' as unknown as (n: number) => string)).toThrow(TypeError);
  });
});

describe('describeFilter', () => {
  it('leaves out what did not filter, keeps 0, in key order', () => {
    expect(describeFilter({ name: 'P', id: undefined, where: '', ids: [], guids: ['a', 'b'], n: 0, off: false, x: null })).toBe('name=P, guids=[a,b], n=0');
  });

  it('writes values as a JS template and JSON.stringify do', () => {
    expect(describeFilter({ on: true, big: 1e21, o: { a: [1] }, mix: [1, null, [2, 3], { x: 1 }, NaN, 's'], nan: NaN })).toBe(
      'on=true, big=1e+21, o={"a":[1]}, mix=[1,,2,3,[object Object],NaN,s], nan=null',
    );
    expect(describeFilter({ __proto__: 'p', constructor: 'c' } as Record<string, unknown>)).toBe('constructor=c');
    expect(describeFilter(JSON.parse('{"__proto__":"p","constructor":"c"}'))).toBe('__proto__=p, constructor=c');
  });
});

describe('liveSet', () => {
  it('is distinct, sorted, capped and blank-free', () => {
    expect(liveSet(['b', 'a', 'b', '', '  '])).toBe('{a, b}');
    expect(liveSet(['a', 'b', 'c'], 2)).toBe('{a, b, … +1 more}');
    expect(liveSet(['a', 'b'], 0)).toBe('{… +2 more}');
    expect(liveSet([])).toBe('{}');
  });

  it('reads cap as Array.prototype.slice does (negative, NaN → 0; fractions cut; huge → all)', () => {
    const v = ['c', 'a', 'b'];
    expect(liveSet(v, -4)).toBe('{… +3 more}');
    expect(liveSet(v, NaN)).toBe('{… +3 more}');
    expect(liveSet(v, 1.9)).toBe('{a, … +2 more}');
    expect(liveSet(v, Infinity)).toBe('{a, b, c}');
    expect(liveSet(v, 1e300)).toBe('{a, b, c}');
  });

  it('sorts by UTF-16 code unit, as Array.prototype.sort does', () => {
    const v = ['\uff21', '\u{1f600}', 'Z', 'a'];
    expect(liveSet(v)).toBe(`{${[...v].sort().join(', ')}}`);
  });

  it('near= puts the closest value inside the cap', () => {
    const many = Array.from({ length: 40 }, (_, i) => `Aaa${String(i).padStart(2, '0')}`).concat(['Save As']);
    expect(liveSet(many, 3)).toBe('{Aaa00, Aaa01, Aaa02, … +38 more}');
    expect(liveSet(many, 3, 'Sav As')).toBe('{Save As, Aaa00, Aaa01, … +38 more}');
    expect(liveSet(['Plyr', 'PlayerOne'], 1, 'player')).toBe('{PlayerOne, … +1 more}');
    expect(liveSet(['cab', 'bab', 'aab'], LIVE_VOCABULARY_CAP, 'xab')).toBe('{aab, bab, cab}');
  });

  it('the cap is 12', () => {
    expect(LIVE_VOCABULARY_CAP).toBe(12);
    const v = Array.from({ length: 20 }, (_, i) => `v${String(i).padStart(2, '0')}`);
    expect(liveSet(v)).toBe(`{${v.slice(0, 12).join(', ')}, … +8 more}`);
  });
});

describe('emptyFilterHint', () => {
  it('tells "nothing exists" from "the filter missed"', () => {
    expect(emptyFilterHint({ what: 'entity', filter: 'name=X', unfilteredCount: 0 })).toBe(
      'no entity matches name=X — and none exist to match (0 unfiltered), so the filter is not why this is empty.',
    );
    expect(
      emptyFilterHint({ what: 'entity', filter: 'name=Plyer', unfilteredCount: 2, live: { name: ['Enemy', 'Player'], empty: [''] }, near: { name: 'Plyer' } }),
    ).toBe('no entity matches name=Plyer, but 2 exist unfiltered. Live now: name ∈ {Player, Enemy}. Check the spelling, or drop the filter.');
  });

  it('names what the unfiltered count counts', () => {
    expect(emptyFilterHint({ what: 'rect', filter: 'layer=2d', unfilteredCount: 3, unfilteredLabel: 'exist with no filter' })).toBe(
      'no rect matches layer=2d, but 3 exist with no filter. Check the spelling, or drop the filter.',
    );
    expect(emptyFilterHint({ what: 'rect', filter: 'layer=2d', unfilteredCount: 0, unfilteredLabel: 'exist with no filter' })).toBe(
      'no rect matches layer=2d — and none exist to match (0 with no filter), so the filter is not why this is empty.',
    );
  });

  it('takes iterables, several vocabularies, and the same instance from require and import', () => {
    const d = { what: 'rect', filter: 'layer=2d', unfilteredCount: 5, live: { layer: new Set(['ui', '3d']), name: ['b', 'a'] } };
    const expected = 'no rect matches layer=2d, but 5 exist unfiltered. Live now: layer ∈ {3d, ui}; name ∈ {a, b}. Check the spelling, or drop the filter.';
    expect(emptyFilterHint(d)).toBe(expected);
    expect(cjs.emptyFilterHint(d)).toBe(expected);
  });
});

// A second, independent JavaScript reading of the same rules — sorting, lowercasing, trimming
// and slicing done by V8 itself — that the WebAssembly core must agree with on arbitrary input.
function referenceLiveSet(values: string[], cap = LIVE_VOCABULARY_CAP, near?: string): string {
  const editDistance = (a: string, b: string) => {
    const x = a.toLowerCase().slice(0, 64);
    const y = b.toLowerCase().slice(0, 64);
    let row = Array.from({ length: y.length + 1 }, (_, j) => j);
    for (let i = 1; i <= x.length; i++) {
      const next = [i];
      for (let j = 1; j <= y.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
      row = next;
    }
    return row[y.length];
  };
  let list = Array.from(new Set(values.filter((v) => v.trim() !== ''))).sort();
  if (near) {
    const needle = near.toLowerCase();
    const score = new Map(list.map((v) => [v, v.toLowerCase().includes(needle) ? -1 : editDistance(v, near)]));
    list = [...list].sort((a, b) => (score.get(a) ?? 0) - (score.get(b) ?? 0));
  }
  const kept = list.slice(0, Math.max(0, cap));
  const rest = list.length - kept.length;
  return `{${kept.join(', ')}${rest > 0 ? `${kept.length ? ', ' : ''}… +${rest} more` : ''}}`;
}

describe('filter disclosure agrees with a V8 reading of the rules on generated input', () => {
  // Well-formed strings only: the core reads text as Rust strings, so a lone surrogate reads as
  // U+FFFD (see docs/summarizers.md, "Differences from the editor").
  const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.constantFrom('Player', 'player', 'PLAYER', 'Σας', 'İstanbul', ' \u00a0', '\ufeffa', 'ǅ', 'ß'), fc.string({ unit: 'grapheme-ascii', maxLength: 6 })).map((s) => s.toWellFormed());

  it('liveSet', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 30 }), fc.option(fc.integer({ min: -2, max: 40 }), { nil: undefined }), fc.option(text, { nil: undefined }), (values, cap, near) => {
        expect(liveSet(values, cap, near)).toBe(referenceLiveSet(values, cap, near));
      }),
      { numRuns: 2000 },
    );
  });

  it('describeFilter', () => {
    const value = fc.oneof(text, fc.integer(), fc.double({ noNaN: false }), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(fc.oneof(text, fc.integer(), fc.constant(null)), { maxLength: 4 }));
    const reference = (filter: Record<string, unknown>) =>
      Object.entries(filter)
        .filter(([, v]) => !(v === undefined || v === null || v === '' || v === false || (Array.isArray(v) && v.length === 0)))
        .map(([k, v]) => `${k}=${Array.isArray(v) ? `[${v.join(',')}]` : typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join(', ');
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 5 }).map((s) => s.toWellFormed()), value, { maxKeys: 5 }), (filter) => {
        expect(describeFilter(filter)).toBe(reference(filter));
      }),
      { numRuns: 2000 },
    );
  });
});
