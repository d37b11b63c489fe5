import { describe, expect, it } from 'vitest';
import { layoutBounds } from 'modoki-budget';
import type { LayoutEntry } from 'modoki-budget';

import { exact, unchanged } from './support/exact';

/** The obvious pairwise loop — the reference layoutBounds' sweep must agree with. Ancestry stops
 *  at a falsy parentId (a root) and after 128 links, as the editor's walk does. */
function pairwiseOverlaps(entries: LayoutEntry[], parentOf: Map<unknown, unknown>): number {
  const isAncestor = (x: unknown, y: unknown) => {
    let cur = y;
    for (let step = 0; step < 128; step++) {
      const p = parentOf.get(cur);
      if (!p) return false;
      if (p === x) return true;
      cur = p;
    }
    return false;
  };
  let n = 0;
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      const a = entries[i];
      const b = entries[j];
      if (!a.screen || !b.screen || a.layer !== b.layer) continue;
      const r = a.screen;
      const s = b.screen;
      if (!(r.x < s.x + s.w && r.x + r.w > s.x && r.y < s.y + s.h && r.y + r.h > s.y)) continue;
      if (isAncestor(a.id, b.id) || isAncestor(b.id, a.id)) continue;
      n++;
    }
  }
  return n;
}

/** xorshift32: a fixed sequence, so every run checks the same layouts. */
function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % n;
  };
}

function randomLayout(rand: (n: number) => number, round: number): LayoutEntry[] {
  const n = 1 + rand(80);
  const grid = 1 + rand(30);
  return Array.from({ length: n }, (_, i) => {
    const screen =
      rand(10) === 0
        ? null
        : {
            x: rand(grid * 2) - 4,
            y: rand(grid * 2) * 0.5,
            w: rand(grid) * (round % 7 === 0 && rand(6) === 0 ? -1 : 1),
            h: rand(grid),
          };
    return {
      id: i + 1,
      guid: rand(4) === 0 ? null : `g${i + 1}`,
      name: `e${i}`,
      layer: ['ui', '2d', '3d', null][round % 4 === 0 ? 0 : rand(4)],
      screen,
      onScreen: rand(5) !== 0,
      zeroSize: screen !== null && (screen.w === 0 || screen.h === 0),
      parentId: rand(3) === 0 ? 0 : rand(n + 2),
    };
  });
}

const entries = (): LayoutEntry[] => [
  {
    id: 1,
    guid: 'g1',
    name: 'panel',
    layer: 'ui',
    screen: { x: 0, y: 0, w: 100, h: 100 },
    onScreen: true,
    zeroSize: false,
    parentId: 0,
  },
  {
    id: 2,
    guid: 'g2',
    name: 'button',
    layer: 'ui',
    screen: { x: 10, y: 10, w: 20, h: 20 },
    onScreen: true,
    zeroSize: false,
    parentId: 1,
  },
  {
    id: 3,
    guid: null,
    name: 'tip',
    layer: 'ui',
    screen: { x: 20, y: 20, w: 200, h: 10 },
    onScreen: false,
    zeroSize: false,
    parentId: 0,
  },
  { id: 4, guid: 'g4', name: 'dot', layer: '3d', screen: { x: 5, y: 5, w: 0, h: 0 }, onScreen: true, zeroSize: true },
];
const hint = (n: number) =>
  `Counts only where omitted. Pass guids=[…] (stable) / name=<substr> / ids=[…] or layer=ui|2d|3d for per-entity rects; overlaps=true for the ${n} overlapping pairs.`;

describe('layoutBounds: counts first', () => {
  it('bare call: rect counts, entityTotal, guid lists with their no-guid ids', () => {
    exact(layoutBounds(entries()), {
      totalCount: 4,
      entityTotal: 4,
      layerCounts: { ui: 3, '3d': 1 },
      offScreen: [],
      offScreenNoGuidIds: [3],
      offScreenCount: 1,
      zeroSize: ['g4'],
      zeroSizeCount: 1,
      overlapsCount: 2,
      hint: hint(2),
    });
    exact(layoutBounds([]), {
      totalCount: 0,
      entityTotal: 0,
      layerCounts: {},
      offScreen: [],
      offScreenCount: 0,
      zeroSize: [],
      zeroSizeCount: 0,
      overlapsCount: 0,
      hint: hint(0),
    });
  });

  it('layer + overlaps + limit: rects, truncated, named pairs, no hint', () => {
    exact(layoutBounds(entries(), { layer: 'ui', overlaps: true, limit: 2 }), {
      totalCount: 3,
      returnedCount: 2,
      entityTotal: 3,
      layerCounts: { ui: 3 },
      offScreen: [],
      offScreenNoGuidIds: [3],
      offScreenCount: 1,
      zeroSize: [],
      zeroSizeCount: 0,
      overlapsCount: 2,
      entities: entries().slice(0, 2),
      truncated: true,
      overlaps: [
        { a: { id: 1, guid: 'g1', name: 'panel' }, b: { id: 3, guid: null, name: 'tip' }, layer: 'ui' },
        { a: { id: 2, guid: 'g2', name: 'button' }, b: { id: 3, guid: null, name: 'tip' }, layer: 'ui' },
      ],
    });
  });

  it('limit guards: 0, negative, fractional, NaN, Infinity, huge', () => {
    const rows = (limit: number) => {
      const out = layoutBounds(entries(), { entities: true, limit });
      return [out.returnedCount, out.truncated ?? false];
    };
    expect(rows(0)).toEqual([0, true]);
    expect(rows(-5)).toEqual([0, true]);
    expect(rows(1.5)).toEqual([1, true]);
    expect(rows(NaN)).toEqual([4, false]);
    expect(rows(Infinity)).toEqual([4, false]);
    expect(rows(-Infinity)).toEqual([4, false]);
    expect(rows(1e300)).toEqual([4, false]);
  });
});

describe('layoutBounds: addresses', () => {
  const world = [
    { id: 1, parentId: 0, guid: 'g1', name: 'panel' },
    { id: 2, parentId: 9, guid: 'g2', name: 'button' },
    { id: 9, parentId: 3, guid: 'g9', name: 'holder' },
    { id: 3, parentId: 0, guid: null, name: 'tip' },
    { id: 4, parentId: 0, guid: 'g4', name: 'dot' },
  ];

  it('guids and name target rects; what matched nothing is unresolved, not an empty success', () => {
    const out = layoutBounds(
      entries(),
      { guids: ['g2', 'stale-guid'], name: 'nomatch', ids: [77] },
      { entities: world },
    );
    exact(out, {
      totalCount: 1,
      returnedCount: 1,
      entityTotal: 1,
      unresolved: ['stale-guid', 'nomatch', 77],
      unresolvedNote:
        'These addresses matched no live entity — an empty rect list for them means NOT FOUND, not "off screen". Runtime ids are reassigned on every scene reload; prefer guids.',
      layerCounts: { ui: 1 },
      offScreen: [],
      offScreenCount: 0,
      zeroSize: [],
      zeroSizeCount: 0,
      overlapsCount: 0,
      entities: [entries()[1]],
      hint: hint(0),
    });
    expect(layoutBounds(entries(), { name: 'HOLD' }, { entities: world }).totalCount).toBe(0);
    expect(layoutBounds(entries(), { name: 'PAN' }, { entities: world }).entities).toEqual([entries()[0]]);
  });

  it('ancestry walks the world through rect-less entities', () => {
    // 2 reaches 3 through 9, which has no rect: their pair is an ancestor pair.
    const out = layoutBounds(entries(), { overlaps: true }, { entities: world });
    expect(out.overlaps?.map((p) => [p.a.id, p.b.id])).toEqual([
      [1, 2],
      [1, 3],
    ]);
  });

  it('a layer that matched nothing names the live layers and the unfiltered count', () => {
    exact(layoutBounds(entries(), { layer: '2d' }), {
      totalCount: 0,
      returnedCount: 0,
      entityTotal: 0,
      layerCounts: {},
      offScreen: [],
      offScreenCount: 0,
      zeroSize: [],
      zeroSizeCount: 0,
      overlapsCount: 0,
      entities: [],
      hint: 'no rect matches layer=2d, but 4 exist with no filter. Live now: layer ∈ {3d, ui}. Check the spelling, or drop the filter.',
    });
  });

  it('several viewports: totalCount counts rects, entityTotal entities, and a note says why', () => {
    const rect = (id: number, surface: string, x: number): LayoutEntry => ({
      id,
      guid: `g${id}`,
      name: `e${id}`,
      layer: '3d',
      screen: { x, y: 0, w: 10, h: 10 },
      onScreen: true,
      zeroSize: false,
      surface,
    });
    const out = layoutBounds([
      rect(1, 'game-3d', 0),
      rect(1, 'scene-view', 100),
      rect(2, 'game-3d', 5),
      rect(2, 'scene-view', 300),
    ]);
    expect([out.totalCount, out.entityTotal, out.surfaces, out.overlapsCount]).toEqual([
      4,
      2,
      ['game-3d', 'scene-view'],
      1,
    ]);
    expect(out.surfaceNote).toBe(
      '2 viewports are mounted (game-3d, scene-view), and each measures every 3D entity through its OWN camera — so `totalCount` (4) counts RECTS, not entities (2). There is no surface FILTER: layer= cannot separate them (both are layer:\'3d\') and targeting still returns one rect per viewport. Read `surface` on each entry to tell them apart, and use `entityTotal` wherever you meant "how many entities".',
    );
    expect(Object.keys(layoutBounds([rect(1, 'game-3d', 0)]))).not.toContain('surfaces');
  });
});

describe('layoutBounds: the sweep equals the pairwise loop', () => {
  it('on 500 random layouts (count and listed pairs)', () => {
    const rand = rng(12345);
    for (let round = 0; round < 500; round++) {
      const layout = randomLayout(rand, round);
      const parentOf = new Map<unknown, unknown>(layout.map((e) => [e.id, e.parentId]));
      const expected = pairwiseOverlaps(layout, parentOf);
      const out = layoutBounds(layout, { overlaps: true });
      expect(out.overlapsCount, `round ${round}`).toBe(expected);
      expect(out.overlaps?.length, `round ${round}`).toBe(expected);
    }
  });

  it('on a deep parent chain: ancestors count up to 128 links, no further', () => {
    const world = Array.from({ length: 300 }, (_, i) => ({ id: i + 1, parentId: i }));
    const rect = (id: number): LayoutEntry => ({
      id,
      name: '',
      layer: 'ui',
      screen: { x: 0, y: 0, w: 1, h: 1 },
      onScreen: true,
      zeroSize: false,
      parentId: id - 1,
    });
    const layout = [rect(1), rect(129), rect(130), rect(258), rect(300)];
    const expected = pairwiseOverlaps(layout, new Map(world.map((e) => [e.id, e.parentId])));
    expect(expected).toBe(6);
    expect(layoutBounds(layout, {}, { entities: world }).overlapsCount).toBe(expected);
  });
});

describe('layoutBounds: purity and hostile keys', () => {
  it('does not mutate its input; __proto__ layers are own keys', () => {
    unchanged(entries(), (e) => layoutBounds(e, { overlaps: true, entities: true }));
    const out = layoutBounds([{ id: 1, name: 'x', layer: '__proto__', screen: null, onScreen: true, zeroSize: false }]);
    expect(Object.keys(out.layerCounts)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(out.layerCounts)).toBe(Object.prototype);
  });
});
