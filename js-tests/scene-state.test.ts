import { describe, expect, it } from 'vitest';
import { sceneState } from 'modoki-budget';
import type { SceneEntity } from 'modoki-budget';

import { exact, unchanged } from './support/exact';
import { ISLAND_GUID as G1, scene } from './support/scene';

const INDEX_HINT =
  'Index only — trait NAMES, no values. Drill down: full=1 (all field values), trait=<Trait>, id=<n>, name=<substr>, where="Transform.y > 3". Enrichers: world=1, bounds=1, contacts=1, resources=1.';

const many = (n: number): SceneEntity[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `e${i}`, traits: [], parentId: 0, sortOrder: i }));

describe('sceneState: the count vocabulary', () => {
  it('index mode: returnedCount and totalCount, resources excluded and counted, guid or null', () => {
    exact(sceneState(scene(), {}, { scenePath: 'a.json' }), {
      scenePath: 'a.json',
      returnedCount: 2,
      totalCount: 2,
      resourcesExcluded: 1,
      entities: [
        {
          id: 1,
          guid: G1,
          name: 'Island',
          parentId: 0,
          parentGuid: null,
          layer: '3d',
          traits: ['Transform', 'Renderable3D'],
        },
        { id: 2, guid: null, name: 'Palm', parentId: 1, parentGuid: G1, layer: null, traits: ['Transform'] },
      ],
      hint: INDEX_HINT,
    });
  });

  it('no reply has an entityCount key', () => {
    for (const query of [
      {},
      { id: 2 },
      { full: 1, limit: 1 },
      { name: 'zz' },
      { guid: 'nope' },
      { where: 'x' },
      { trait: 'Nope' },
    ]) {
      const out = sceneState(scene(), query);
      expect(Object.keys(out)).not.toContain('entityCount');
      expect(out.returnedCount).toBe(out.entities.length);
    }
  });

  it('guidPrefix 12 shortens guid and parentGuid', () => {
    const out = sceneState(scene(), {}, { guidPrefix: 12 });
    expect(out.entities.map((e) => [e.guid, e.parentGuid])).toEqual([
      ['98b2bcaa3424', null],
      [null, '98b2bcaa3424'],
    ]);
  });

  it('limit guards: 0, negative, NaN, Infinity, huge, and the default 200', () => {
    exact(sceneState(many(250), { limit: 0 }), {
      scenePath: null,
      returnedCount: 0,
      totalCount: 250,
      truncated: true,
      hint: `${INDEX_HINT} Showing 0 of 250; raise limit=N.`,
      entities: [],
    });
    expect(sceneState(many(250), { limit: -3 }).returnedCount).toBe(0);
    expect(sceneState(many(250), {}).returnedCount).toBe(200);
    expect(sceneState(many(250), { limit: NaN }).returnedCount).toBe(200);
    expect(sceneState(many(250), { limit: Infinity }).returnedCount).toBe(250);
    expect(sceneState(many(250), { limit: -Infinity }).returnedCount).toBe(0);
    expect(sceneState(many(250), { limit: 1e9 }).returnedCount).toBe(250);
  });

  it('a capped reply says so before the rows; a targeted read is capped at 20', () => {
    const out = sceneState(many(30), { name: 'e' });
    expect(Object.keys(out)).toEqual(['scenePath', 'returnedCount', 'totalCount', 'truncated', 'hint', 'entities']);
    expect([out.returnedCount, out.totalCount]).toEqual([20, 30]);
    expect(out.hint).toBe(
      'Showing 20 of 30 matches — 10 MORE are not shown (a targeted read is capped at 20 by default). Pass limit=30 for all of them, or narrow with trait=/name=/where=.',
    );
    expect(sceneState(many(30), { name: 'e', limit: 25 }).hint).toBe(
      'Showing 25 of 30 matches — 5 MORE are not shown. Pass limit=30 for all of them, or narrow with trait=/name=/where=.',
    );
  });
});

describe('sceneState: targeted reads', () => {
  it('where returns values with guids; bad queries warn', () => {
    exact(sceneState(scene(), { where: 'Transform.y > 3' }), {
      scenePath: null,
      returnedCount: 1,
      totalCount: 1,
      entities: [
        {
          id: 1,
          guid: G1,
          name: 'Island',
          parentId: 0,
          parentGuid: null,
          layer: '3d',
          traits: { Transform: { x: 1, y: 5.5 }, Renderable3D: { mesh: 'rock' } },
        },
      ],
    });
    const bad = sceneState(scene(), { where: 'nonsense' });
    expect(bad.warnings).toEqual([
      `could not parse where "nonsense" — expected 'Trait.field <op> value' (op ∈ = != > >= < <= ~)`,
    ]);
    expect(bad.hint).toBe(INDEX_HINT);
    exact(sceneState(scene(), { where: 'Light.x = 1' }), {
      scenePath: null,
      returnedCount: 0,
      totalCount: 0,
      entities: [],
      warnings: ['unknown trait "Light" in where "Light.x = 1"'],
    });
    exact(sceneState(scene(), { guid: 'nope' }), {
      scenePath: null,
      returnedCount: 0,
      totalCount: 0,
      entities: [],
      warnings: [
        'guid "nope" matched no entity in the live world (it may be stale — ids/entities rebuild on scene reload).',
      ],
    });
  });

  it('trait= selects the entities that carry it; an unregistered one says so', () => {
    expect(sceneState(scene(), { trait: 'Material' }).entities.map((e) => e.id)).toEqual([3]);
    exact(sceneState(scene(), { trait: 'material' }), {
      scenePath: null,
      returnedCount: 0,
      totalCount: 0,
      entities: [],
      warnings: [
        'trait "material" is not a REGISTERED trait, so it selected no entities — that means the FILTER name is wrong, NOT that the scene lacks the component. Did you mean: Material? (names are case-sensitive)',
      ],
    });
  });

  it('an empty targeted read names the world and the live names, closest first', () => {
    exact(sceneState(scene(), { name: 'Plam' }), {
      scenePath: null,
      returnedCount: 0,
      totalCount: 0,
      entities: [],
      hint: 'no entity matches name=Plam, but 3 exist in the world, resources included. Live now: name ∈ {Palm, Mat, Island}. Check the spelling, or drop the filter.',
    });
  });

  it('__proto__ trait names are plain own keys, input untouched', () => {
    const hostile = JSON.parse(
      '[{"id":1,"name":"x","traits":["__proto__"],"parentId":0,"sortOrder":0,"values":{"__proto__":{"polluted":true}}}]',
    );
    const traits = sceneState(hostile, { full: 1 }).entities[0].traits as Record<string, unknown>;
    expect(Object.getPrototypeOf(traits)).toBe(Object.prototype);
    expect(Object.keys(traits)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    unchanged(scene(), (s) => sceneState(s, { full: true, limit: 1 }));
  });
});
