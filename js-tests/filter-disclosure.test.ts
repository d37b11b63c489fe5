import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
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
