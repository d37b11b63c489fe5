import { describe, expect, it } from 'vitest';
import {
  deriveGuid,
  handles,
  layoutBounds,
  listAssets,
  listTraits,
  resolveGuid,
  sceneEditResult,
  sceneState,
  screenshotResult,
  shortGuid,
} from 'modoki-budget';
import type { LayoutEntry, SceneEntity } from 'modoki-budget';

/** Deep equality AND identical key order (JSON.stringify is order-sensitive). */
function exact(actual: unknown, expected: unknown) {
  expect(actual).toStrictEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

/** Runs `fn` on a frozen input and checks the input still equals a snapshot taken before. */
function unchanged<T>(input: T, fn: (input: T) => unknown) {
  const before = JSON.stringify(input);
  fn(deepFreeze(input));
  expect(JSON.stringify(input)).toBe(before);
}

const INDEX_HINT =
  'Index only — trait NAMES, no values. Drill down: full=1 (all field values), trait=<Trait>, id=<n>, name=<substr>, where="Transform.y > 3". Enrichers: world=1, bounds=1, contacts=1, resources=1.';

const scene = (): SceneEntity[] => [
  { id: 1, name: 'Island', traits: ['Transform', 'Renderable3D'], parentId: 0, sortOrder: 0, layer: '3d', guid: '98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab', values: { Transform: { x: 1, y: 5.5 }, Renderable3D: { mesh: 'rock' } } },
  { id: 2, name: 'Palm', traits: ['Transform'], parentId: 1, sortOrder: 1, values: { Transform: { x: 2, y: 1 } } },
  { id: 3, name: 'Mat', traits: ['Material'], parentId: 0, sortOrder: 2, isResource: true, values: { Material: { c: 'red' } } },
];

describe('sceneState', () => {
  it('index mode: names only, resources dropped, hint', () => {
    exact(sceneState(scene(), {}, { scenePath: 'a.json' }), {
      scenePath: 'a.json',
      entityCount: 2,
      entities: [
        { id: 1, guid: '98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab', name: 'Island', parentId: 0, layer: '3d', traits: ['Transform', 'Renderable3D'] },
        { id: 2, guid: '2', name: 'Palm', parentId: 1, layer: null, traits: ['Transform'] },
      ],
      hint: INDEX_HINT,
    });
  });

  it('guidPrefix 12 emits shortGuid', () => {
    const out = sceneState(scene(), {}, { guidPrefix: 12 });
    expect(out.entities.map((e) => ('guid' in e ? e.guid : null))).toEqual(['98b2bcaa3424', '2']);
  });

  it('limit 0, Infinity and the default 200', () => {
    const many: SceneEntity[] = Array.from({ length: 250 }, (_, i) => ({ id: i + 1, name: `e${i}`, traits: [], parentId: 0, sortOrder: i }));
    const zero = sceneState(many, { limit: 0 });
    exact(zero, { scenePath: null, entityCount: 0, entities: [], truncated: true, totalCount: 250, hint: `${INDEX_HINT} Showing 0 of 250; raise limit=N.` });
    expect(sceneState(many, {}).entityCount).toBe(200);
    expect(sceneState(many, { limit: Infinity }).entityCount).toBe(250);
    expect(sceneState(many, { limit: 1e9 }).entityCount).toBe(250);
  });

  it('targeted: where, with warnings for bad queries', () => {
    exact(sceneState(scene(), { where: 'Transform.y > 3' }), {
      scenePath: null,
      entityCount: 1,
      entities: [{ id: 1, name: 'Island', parentId: 0, layer: '3d', traits: { Transform: { x: 1, y: 5.5 }, Renderable3D: { mesh: 'rock' } } }],
    });
    const bad = sceneState(scene(), { where: 'nonsense' });
    expect(bad.warnings).toEqual([`could not parse where "nonsense" — expected 'Trait.field <op> value' (op ∈ = != > >= < <= ~)`]);
    expect(bad.hint).toBe(INDEX_HINT);
    exact(sceneState(scene(), { where: 'Light.x = 1' }), { scenePath: null, entityCount: 0, entities: [], warnings: ['unknown trait "Light" in where "Light.x = 1"'] });
    exact(sceneState(scene(), { where: 'Transform.q = 1' }), { scenePath: null, entityCount: 0, entities: [], warnings: ['unknown field "Transform.q" in where "Transform.q = 1"'] });
    exact(sceneState(scene(), { guid: 'nope' }), {
      scenePath: null,
      entityCount: 0,
      entities: [],
      warnings: ['guid "nope" matched no entity in the live world (it may be stale — ids/entities rebuild on scene reload).'],
    });
  });

  it('__proto__ trait names are plain own keys, input untouched', () => {
    const hostile = JSON.parse('[{"id":1,"name":"x","traits":["__proto__"],"parentId":0,"sortOrder":0,"values":{"__proto__":{"polluted":true}}}]');
    const out = sceneState(hostile, { full: 1 });
    const traits = out.entities[0].traits as Record<string, unknown>;
    expect(Object.getPrototypeOf(traits)).toBe(Object.prototype);
    expect(Object.keys(traits)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    unchanged(scene(), (s) => sceneState(s, { full: true, limit: 1 }));
  });
});

/** The obvious pairwise loop — the reference layoutBounds' sweep must agree with. */
function pairwiseOverlaps(entries: LayoutEntry[], parentOf: Map<unknown, unknown>): number {
  const isAncestor = (x: unknown, y: unknown) => {
    let cur = y;
    for (let step = 0; step < 128; step++) {
      if (!parentOf.has(cur)) return false;
      const p = parentOf.get(cur);
      if (p === null || p === undefined) return false;
      if (p === x) return true;
      cur = p;
    }
    return false;
  };
  const layerKey = (l: unknown) => (l === null || l === undefined ? 'null' : String(l));
  let n = 0;
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      const a = entries[i];
      const b = entries[j];
      if (!a.screen || !b.screen || layerKey(a.layer) !== layerKey(b.layer)) continue;
      const r = a.screen;
      const s = b.screen;
      if (!(r.x < s.x + s.w && r.x + r.w > s.x && r.y < s.y + s.h && r.y + r.h > s.y)) continue;
      if (isAncestor(a.id, b.id) || isAncestor(b.id, a.id)) continue;
      n++;
    }
  }
  return n;
}

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
    const screen = rand(10) === 0 ? null : { x: rand(grid * 2) - 4, y: rand(grid * 2) * 0.5, w: rand(grid) * (round % 7 === 0 && rand(6) === 0 ? -1 : 1), h: rand(grid) };
    return {
      id: i + 1,
      name: `e${i}`,
      layer: ['ui', '2d', '3d', null][round % 4 === 0 ? 0 : rand(4)],
      screen,
      onScreen: rand(5) !== 0,
      zeroSize: screen !== null && (screen.w === 0 || screen.h === 0),
      parentId: rand(3) === 0 ? 0 : rand(n + 2),
    };
  });
}

describe('layoutBounds', () => {
  const entries = (): LayoutEntry[] => [
    { id: 1, name: 'panel', layer: 'ui', screen: { x: 0, y: 0, w: 100, h: 100 }, onScreen: true, zeroSize: false, parentId: 0 },
    { id: 2, name: 'button', layer: 'ui', screen: { x: 10, y: 10, w: 20, h: 20 }, onScreen: true, zeroSize: false, parentId: 1 },
    { id: 3, name: 'tip', layer: 'ui', screen: { x: 20, y: 20, w: 200, h: 10 }, onScreen: false, zeroSize: false, parentId: 0 },
    { id: 4, name: 'dot', layer: '3d', screen: { x: 5, y: 5, w: 0, h: 0 }, onScreen: true, zeroSize: true },
  ];
  const hint = (n: number) => `Counts only where omitted. Pass ids=[…] or layer=ui|2d|3d for per-entity rects; overlaps=true for the ${n} overlapping pairs.`;

  it('bare call: counts only', () => {
    exact(layoutBounds(entries()), {
      count: 4,
      layerCounts: { ui: 3, '3d': 1 },
      offScreen: [3],
      offScreenCount: 1,
      zeroSize: [4],
      zeroSizeCount: 1,
      overlapsCount: 2,
      hint: hint(2),
    });
  });

  it('layer + overlaps: rects and pairs, no hint', () => {
    const out = layoutBounds(entries(), { layer: 'ui', overlaps: true, limit: 2 });
    exact(out, {
      count: 3,
      layerCounts: { ui: 3 },
      offScreen: [3],
      offScreenCount: 1,
      zeroSize: [],
      zeroSizeCount: 0,
      overlapsCount: 2,
      entities: entries().slice(0, 2),
      truncated: true,
      totalCount: 3,
      overlaps: [
        { a: 1, b: 3, layer: 'ui' },
        { a: 2, b: 3, layer: 'ui' },
      ],
    });
  });

  it('empty input and an ancestry list', () => {
    exact(layoutBounds([]), { count: 0, layerCounts: {}, offScreen: [], offScreenCount: 0, zeroSize: [], zeroSizeCount: 0, overlapsCount: 0, hint: hint(0) });
    // 2 reaches 3 through 9, which has no rect: their pair is an ancestor pair.
    const out = layoutBounds(entries(), { overlaps: true }, { entities: [{ id: 1, parentId: 0 }, { id: 2, parentId: 9 }, { id: 9, parentId: 3 }] });
    expect(out.overlaps).toEqual([{ a: 1, b: 2, layer: 'ui' }, { a: 1, b: 3, layer: 'ui' }]);
  });

  it('overlapsCount equals the pairwise loop on 500 random layouts', () => {
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

  it('does not mutate its input; __proto__ layers are own keys', () => {
    unchanged(entries(), (e) => layoutBounds(e, { overlaps: true, entities: true }));
    const out = layoutBounds([{ id: 1, name: 'x', layer: '__proto__', screen: null, onScreen: true, zeroSize: false }]);
    expect(Object.keys(out.layerCounts)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(out.layerCounts)).toBe(Object.prototype);
  });
});

describe('listAssets / listTraits', () => {
  const assets = [
    { guid: 'g1', path: 'fonts/Inter.ttf', name: 'Inter', type: 'font' },
    { guid: 'g2', path: 'models/rock.glb', name: 'Rock', type: 'mesh' },
    { guid: 'g3', path: 'fonts/Mono.ttf', name: 'Mono', type: 'font' },
  ];
  it('assets: counts, filters, no match', () => {
    exact(listAssets(assets), { total: 3, byType: { font: 2, mesh: 1 }, hint: 'Counts only. Narrow with type=<type>, folder=<path prefix>, or name=<substring>; or all=true for every entry.' });
    exact(listAssets(assets, { folder: 'fonts/', name: 'mono' }), { count: 1, assets: [assets[2]] });
    exact(listAssets(assets, { type: 'scene' }), { count: 0, assets: [], hint: 'No match. Call bare for per-type counts, or widen the filter.' });
    exact(listAssets(assets, { limit: 1 }), { count: 1, assets: [assets[0]], truncated: true, totalCount: 3 });
    unchanged(assets, (a) => listAssets(a, { all: true }));
  });
  it('traits: names, schema, unknown, unloaded', () => {
    const registry = { schemaAvailable: true, traits: { Transform: { category: 'core', fields: ['x'] }, SpriteRenderer: { category: 'render' }, Tag: {} } };
    exact(listTraits(registry), {
      schemaAvailable: true,
      traitCount: 3,
      byCategory: { core: ['Transform'], render: ['SpriteRenderer'], other: ['Tag'] },
      hint: 'Names only. Pass name=<Trait> for its field schema (do this before a setTrait), or all=true for every schema.',
    });
    exact(listTraits(registry, { name: 'Transform' }), { schemaAvailable: true, traits: { Transform: { category: 'core', fields: ['x'] } } });
    exact(listTraits(registry, { name: 'render' }), { error: 'unknown trait "render" — did you mean: SpriteRenderer?' });
    exact(listTraits(registry, { name: 'Zzz' }), { error: 'unknown trait "Zzz"' });
    exact(listTraits({ schemaAvailable: false, traits: {} }, { name: 'Transform' }), {
      error: 'the trait registry has not been loaded yet (it is empty or schemaAvailable is false), so this says nothing about whether trait "Transform" exists — retry once the editor has loaded the project',
    });
    exact(listTraits(registry, { all: true }), registry);
  });
});

describe('handles', () => {
  it('handles: counts or geometry', () => {
    const result = { handles: [{ id: 'h1', editor: 'chrome', kind: 'tap', x: 1, y: 2 }, { id: 'h2', kind: 'drag', x: 3, y: 4 }] };
    exact(handles(result), {
      byEditor: { chrome: 1, '?': 1 },
      byKind: { tap: 1, drag: 1 },
      hint: 'Counts only. Pass editor=<name>, kind=<name>, or ids=[…] for handle geometry (x/y/rect).',
    });
    exact(handles({ handles: [] }), {
      byEditor: {},
      byKind: {},
      hint: 'No handles: open the relevant editor + enter its sub-mode first (e.g. scene_view_mode ui + collider_edit on).',
    });
    exact(handles(result, { ids: ['h2'] }), { handles: [result.handles[1]] });
  });
});

describe('write path', () => {
  it('sceneEditResult gates the scene echo', () => {
    const result = { ok: true, changed: 1, errors: [], warnings: [], scene: { big: true } };
    exact(sceneEditResult(result), { ok: true, changed: 1, errors: [], warnings: [] });
    exact(sceneEditResult(result, { returnScene: true }), { ok: true, changed: 1, errors: [], warnings: [], scene: { big: true } });
    unchanged(result, (r) => sceneEditResult(r, { returnScene: true }));
  });
  it('screenshotResult inlines only on inline: true', () => {
    const shot = { path: '/tmp/s.png', width: 1800, height: 1200, base64: 'iVBORw0KGgo=' };
    exact(screenshotResult(shot), { content: [{ type: 'text', text: 'Screenshot saved to /tmp/s.png (1800x1200 px). Pass inline: true to receive the image itself.' }] });
    exact(screenshotResult(shot, { inline: true }), {
      content: [
        { type: 'text', text: 'Screenshot saved to /tmp/s.png (1800x1200 px).' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      ],
    });
  });
});

describe('GUIDs', () => {
  it('deriveGuid known values (persisted — must never change)', () => {
    expect(deriveGuid('a')).toBe('98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab');
    expect(deriveGuid('')).toBe('17ed628f-15eb-20d2-97f2-a93d8df05ae8');
    expect(deriveGuid('é')).toBe('10b1e692-bc23-bce1-0701-58bc725daf93');
  });

  it('deriveGuid hashes code units, lone surrogates included, like the JS reference', () => {
    const reference = (seed: string) => {
      const parts = [0, 1, 2, 3].map((n) => {
        const s = `${n}:${seed}`;
        let h = 0x811c9dc5;
        for (let i = 0; i < s.length; i++) {
          h ^= s.charCodeAt(i);
          h = Math.imul(h, 0x01000193) >>> 0;
        }
        return h.toString(16).padStart(8, '0');
      });
      const hex = parts.join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    };
    for (const seed of ['sprite:98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab', '\ud800', 'x\udc00y', '😀', '\ufffd']) {
      expect(deriveGuid(seed)).toBe(reference(seed));
    }
    expect(deriveGuid('\ud800')).not.toBe(deriveGuid('\ufffd'));
  });

  it('shortGuid is the fixed 12-hex prefix', () => {
    expect(shortGuid('98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab')).toBe('98b2bcaa3424');
    expect(shortGuid('42')).toBe('42');
  });

  it('resolveGuid: prefix, dashed prefix, full GUID, and coded errors', () => {
    const known = ['98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab', '98b2bcaa-ffff-79c9-8f00-9bd4fa5e85ab', '17ed628f-15eb-20d2-97f2-a93d8df05ae8'];
    expect(resolveGuid('17ed628f15eb', known)).toBe(known[2]);
    expect(resolveGuid('98b2bcaa-34', known)).toBe(known[0]);
    expect(resolveGuid('11111111-2222-3333-4444-555555555555', known)).toBe('11111111-2222-3333-4444-555555555555');
    const thrown = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        expect(e).toBeInstanceOf(Error);
        return { code: (e as { code?: string }).code, message: (e as Error).message };
      }
      throw new Error('did not throw');
    };
    expect(thrown(() => resolveGuid('98b2bc', known))).toEqual({
      code: 'AMBIGUOUS_GUID',
      message: 'GUID prefix "98b2bc" is ambiguous: it matches 2 GUIDs: 98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab, 98b2bcaa-ffff-79c9-8f00-9bd4fa5e85ab. Pass more hex digits.',
    });
    expect(thrown(() => resolveGuid('abcdef', known))).toEqual({ code: 'UNKNOWN_GUID', message: 'no GUID starts with "abcdef" (searched 3 known GUIDs)' });
    expect(thrown(() => resolveGuid('98b2b', known))).toEqual({
      code: 'GUID_PREFIX_TOO_SHORT',
      message: 'GUID prefix "98b2b" has 5 hex digits; at least 6 are required (a shortGuid has 12)',
    });
    expect(resolveGuid('17ed62', new Set(known))).toBe(known[2]);
  });
});

describe('edges', () => {
  it('a guid prefix copied from a guidPrefix index drills down', () => {
    const short = sceneState(scene(), {}, { guidPrefix: 12 }).entities[0];
    const guid = 'guid' in short ? short.guid : '';
    expect(sceneState(scene(), { guid }).entities.map((e) => e.id)).toEqual([1]);
  });

  it('lone surrogates in data come back as U+FFFD (a Rust string cannot hold them); deriveGuid keeps them', () => {
    const out = sceneState([{ id: 1, name: 'a\ud800b', traits: [], parentId: 0, sortOrder: 0 }], {});
    expect(out.entities[0].name).toBe('a\ufffdb');
  });

  it('wrong input kinds are coded errors, not traps; the module keeps working', () => {
    let code: unknown;
    try {
      sceneState({} as unknown as SceneEntity[], {});
    } catch (e) {
      code = (e as { code?: string }).code;
      expect((e as Error).message).toBe('sceneState: entities must be an array');
    }
    expect(code).toBe('BAD_INPUT');
    expect(listAssets([], {})).toEqual({ total: 0, byType: {}, hint: 'Counts only. Narrow with type=<type>, folder=<path prefix>, or name=<substring>; or all=true for every entry.' });
  });

  it('cycles and BigInts in inputs do not throw', () => {
    const cyclic: Record<string, unknown> = { id: 1, name: 'c', traits: ['T'], parentId: 0, sortOrder: 0 };
    cyclic.values = { T: { self: cyclic, big: 10n } };
    const out = sceneState([cyclic as unknown as SceneEntity], { id: 1 });
    expect(out.entities[0].traits).toEqual({ T: { self: '[Circular]', big: '10' } });
  });

  it('hostile handle editors and kinds are own keys', () => {
    const out = handles({ handles: [{ id: 1, editor: '__proto__', kind: 'constructor' }] });
    expect(Object.keys(out.byEditor ?? {})).toEqual(['__proto__']);
    expect(Object.hasOwn(out.byKind ?? {}, 'constructor')).toBe(true);
    expect(Object.getPrototypeOf(out.byEditor)).toBe(Object.prototype);
  });
});
