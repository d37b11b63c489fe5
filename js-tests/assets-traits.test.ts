import { describe, expect, it } from 'vitest';
import { listAssets, summarizeAssets, summarizeTraits } from 'modoki-budget';
import type { Asset, TraitSchema } from 'modoki-budget';

import { exact, unchanged } from './support/exact';

const BARE_ASSETS_HINT =
  'Counts only. Narrow with type=<type>, folder=<path prefix>, or name=<substring>; or all=true for every entry.';
const BARE_TRAITS_HINT =
  'Names only. Pass name=<Trait> for its field schema (do this before a setTrait), or all=true for every schema.';

const assets: Asset[] = [
  { guid: 'g1', path: 'fonts/Inter.ttf', name: 'Inter', type: 'font' },
  { guid: 'g2', path: 'models/rock.glb', name: 'Rock', type: 'mesh' },
  { guid: 'g3', path: 'fonts/Mono.ttf', name: 'Mono', type: 'font' },
  { guid: 'g4', path: 'audio/hit.wav', name: 'hit', type: 'audio' },
];

describe('summarizeAssets', () => {
  it('bare: totalCount and per-type counts, no returnedCount', () => {
    exact(summarizeAssets(assets), { totalCount: 4, byType: { font: 2, mesh: 1, audio: 1 }, hint: BARE_ASSETS_HINT });
    exact(summarizeAssets([]), { totalCount: 0, byType: {}, hint: BARE_ASSETS_HINT });
  });

  it('filtered: returnedCount and totalCount always, ANDed filters', () => {
    exact(summarizeAssets(assets, { folder: 'fonts/', name: 'MONO' }), {
      returnedCount: 1,
      totalCount: 1,
      assets: [assets[2]],
    });
    exact(summarizeAssets(assets, { name: 'rock' }), { returnedCount: 1, totalCount: 1, assets: [assets[1]] });
    exact(summarizeAssets(assets, { all: true }), { returnedCount: 4, totalCount: 4, assets });
  });

  // Ranked by edit distance to "fonts": font (1), then audio and mesh (5 each, alphabetical).
  it('an empty filter says how many exist and which types are live, closest first', () => {
    exact(summarizeAssets(assets, { type: 'fonts' }), {
      returnedCount: 0,
      totalCount: 0,
      assets: [],
      hint: 'no asset matches type=fonts, but 4 exist unfiltered. Live now: type ∈ {font, audio, mesh}. Check the spelling, or drop the filter.',
    });
    exact(summarizeAssets(assets, { folder: 'scenes/' }), {
      returnedCount: 0,
      totalCount: 0,
      assets: [],
      hint: 'no asset matches folder=scenes/, but 4 exist unfiltered. Check the spelling, or drop the filter.',
    });
    exact(summarizeAssets([], { name: 'x' }), {
      returnedCount: 0,
      totalCount: 0,
      assets: [],
      hint: 'no asset matches name=x — and none exist to match (0 unfiltered), so the filter is not why this is empty.',
    });
  });

  it('limit alone targets; 0, negative, NaN, Infinity and huge are guarded', () => {
    exact(summarizeAssets(assets, { limit: 1 }), {
      returnedCount: 1,
      totalCount: 4,
      assets: [assets[0]],
      truncated: true,
    });
    exact(summarizeAssets(assets, { limit: 0 }), { returnedCount: 0, totalCount: 4, assets: [], truncated: true });
    exact(summarizeAssets(assets, { limit: -2 }), { returnedCount: 0, totalCount: 4, assets: [], truncated: true });
    exact(summarizeAssets(assets, { limit: -Infinity }), {
      returnedCount: 0,
      totalCount: 4,
      assets: [],
      truncated: true,
    });
    for (const limit of [NaN, Infinity, 1e300, Number.MAX_SAFE_INTEGER]) {
      exact(summarizeAssets(assets, { limit }), { returnedCount: 4, totalCount: 4, assets });
    }
    exact(summarizeAssets(assets, { type: 'font', limit: '1' }), {
      returnedCount: 1,
      totalCount: 2,
      assets: [assets[0]],
      truncated: true,
    });
  });

  it('listAssets is the same function, and inputs are never mutated', () => {
    expect(listAssets).toBe(summarizeAssets);
    unchanged(assets, (a) => summarizeAssets(a, { type: 'nope' }));
  });
});

const traits: Record<string, TraitSchema> = {
  Transform: { category: 'core', fields: { x: 'f32' } },
  SpriteRenderer: { category: 'render' },
  Tag: {},
};

const OPTIONS_LOADING = [
  'wait for the editor window to finish loading, then retry',
  'check the editor is running: modoki_identity',
];
const EMPTY_WHY =
  'the trait registry is EMPTY — no editor renderer has pushed it yet (cold start, or the window is reloading). This says NOTHING about whether';

describe('summarizeTraits', () => {
  it('bare: names by category, the flag as given', () => {
    const index = {
      traitCount: 3,
      byCategory: { core: ['Transform'], render: ['SpriteRenderer'], other: ['Tag'] },
      hint: BARE_TRAITS_HINT,
    };
    exact(summarizeTraits(traits, true), { schemaAvailable: true, ...index });
    exact(summarizeTraits(traits, false), { schemaAvailable: false, ...index });
    exact(summarizeTraits(traits, undefined), index);
  });

  it('name= returns one schema; a miss on a loaded registry is NOT_FOUND with near names', () => {
    exact(summarizeTraits(traits, true, { name: 'Transform' }), {
      schemaAvailable: true,
      traits: { Transform: traits.Transform },
    });
    exact(summarizeTraits(traits, true, { name: 'render' }), {
      error: {
        code: 'NOT_FOUND',
        what: 'look up the field schema for trait "render"',
        why: 'no registered trait has that name. Trait names are case-sensitive.',
        got: 'render',
        options: ['SpriteRenderer'],
      },
    });
    exact(summarizeTraits(traits, true, { name: 'toString' }), {
      error: {
        code: 'NOT_FOUND',
        what: 'look up the field schema for trait "toString"',
        why: 'no registered trait has that name. Trait names are case-sensitive.',
        got: 'toString',
        options: ['call modoki_list_traits bare for every registered name, grouped by category'],
      },
    });
  });

  it('a miss while the registry is empty or not available is NO_RENDERER', () => {
    const expected = {
      error: {
        code: 'NO_RENDERER',
        what: 'look up the field schema for trait "Transform"',
        why: `${EMPTY_WHY} the trait exists.`,
        options: OPTIONS_LOADING,
      },
    };
    exact(summarizeTraits({}, true, { name: 'Transform' }), expected);
    exact(summarizeTraits({ Tag: {} }, false, { name: 'Transform' }), expected);
    exact(summarizeTraits(null, undefined, { name: 'Transform' }), expected);
  });

  it('an empty registry refuses the bare call and all=true', () => {
    exact(summarizeTraits({}, true), {
      error: {
        code: 'NO_RENDERER',
        what: 'list the registered ECS traits',
        why: `${EMPTY_WHY} traits exist.`,
        options: OPTIONS_LOADING,
      },
    });
    exact(summarizeTraits({}, false, { all: true }), {
      error: {
        code: 'NO_RENDERER',
        what: 'list every registered ECS trait with its schema',
        why: `${EMPTY_WHY} traits exist.`,
        options: OPTIONS_LOADING,
      },
    });
  });

  it('all=true returns every schema; hostile names are ordinary keys', () => {
    exact(summarizeTraits(traits, true, { all: true }), { schemaAvailable: true, traits });
    const hostile = JSON.parse('{"__proto__":{"category":"constructor"},"constructor":{}}') as Record<
      string,
      TraitSchema
    >;
    const out = summarizeTraits(hostile, true) as { byCategory: Record<string, string[]> };
    expect(JSON.stringify(out.byCategory)).toBe('{"constructor":["__proto__"],"other":["constructor"]}');
    expect(Object.getPrototypeOf(out.byCategory)).toBe(Object.prototype);
    expect(JSON.stringify(summarizeTraits(hostile, true, { name: '__proto__' }))).toBe(
      '{"schemaAvailable":true,"traits":{"__proto__":{"category":"constructor"}}}',
    );
  });

  it('a registry that is not an object is a coded error', () => {
    expect(() => summarizeTraits([] as unknown as Record<string, TraitSchema>, true)).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT' }),
    );
  });
});
