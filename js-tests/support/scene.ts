// The small scene the sceneState and write-path tests read: an island with a GUID and two
// traits, a palm under it, and a material that is a resource.
import type { SceneEntity } from 'modoki-budget';

/** The island's GUID (deriveGuid('a')). */
export const ISLAND_GUID = '98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab';

/** A fresh copy each call, so a test that mutates it cannot change another's input. */
export const scene = (): SceneEntity[] => [
  {
    id: 1,
    name: 'Island',
    traits: ['Transform', 'Renderable3D'],
    parentId: 0,
    sortOrder: 0,
    layer: '3d',
    guid: ISLAND_GUID,
    values: { Transform: { x: 1, y: 5.5 }, Renderable3D: { mesh: 'rock' } },
  },
  { id: 2, name: 'Palm', traits: ['Transform'], parentId: 1, sortOrder: 1, values: { Transform: { x: 2, y: 1 } } },
  {
    id: 3,
    name: 'Mat',
    traits: ['Material'],
    parentId: 0,
    sortOrder: 2,
    isResource: true,
    values: { Material: { c: 'red' } },
  },
];
