// What the example server's tools read instead of a running editor: the producers' FULL outputs
// for a 135-entity scene (every trait's field values, world transforms, screen rects) and a
// 500-entry console ring. Seeded, so every run and every machine sees the same bytes. The tools
// summarize these at the boundary; nothing here is shaped for the agent.
import { rng, scene as corpusScene } from '../corpus.mjs';

/** Entities in the sample scene: the size of the reference project the budget was measured on. */
export const SCENE_ENTITIES = 135;
/** The console ring's capacity (the editor's CONSOLE_BUFFER_MAX). */
export const CONSOLE_RING = 500;

const VIEWPORT = { w: 1280, h: 720 };
const COLORS = ['#ffffff', '#ffd8a8', '#a5d8ff', '#ffc9c9', '#b2f2bb'];
const MODELS = ['models/palm.glb', 'models/rock.glb', 'models/hut.glb', 'models/boat.glb', 'models/barrel.glb'];
const pick = (next, list) => list[Math.floor(next() * list.length)];

// Field values for the traits the corpus names but leaves empty, so a full dump carries what an
// editor's would: materials, physics, light and camera settings.
function traitValues(trait, next, id) {
  switch (trait) {
    case 'Renderable3D':
      return {
        visible: next() < 0.95,
        castShadows: next() < 0.6,
        receiveShadows: true,
        material: { color: pick(next, COLORS), roughness: next(), metalness: next() * 0.3, opacity: 1 },
      };
    case 'ModelSource':
      return { src: pick(next, MODELS), animation: null, scale: 1 + next() };
    case 'Collider':
      return {
        shape: pick(next, ['box', 'sphere', 'capsule']),
        size: [next() * 4, next() * 4, next() * 4],
        isTrigger: next() < 0.1,
      };
    case 'RigidBody':
      return {
        type: pick(next, ['dynamic', 'static', 'kinematic']),
        mass: next() * 80,
        linearDamping: next() * 0.2,
        angularDamping: next() * 0.2,
      };
    case 'Light':
      return {
        kind: pick(next, ['directional', 'point', 'spot']),
        color: pick(next, COLORS),
        intensity: next() * 3,
        range: next() * 50,
        castShadows: next() < 0.5,
      };
    case 'Camera':
      return { fov: 40 + next() * 40, near: 0.1, far: 1000 + next() * 1000, primary: id === 2 };
    case 'AudioListener':
      return { volume: next() };
    case 'Sprite2D':
      return {
        texture: `textures/sprite-${id}.png`,
        tint: pick(next, COLORS),
        flipX: next() < 0.5,
        pivot: [0.5, next()],
      };
    case 'Animator':
      return { clip: pick(next, ['idle', 'walk', 'wave', 'spin']), speed: 0.5 + next(), loop: true, time: next() * 4 };
    case 'ParticleEmitter':
      return {
        rate: next() * 200,
        lifetime: 0.5 + next() * 3,
        startSize: next(),
        startColor: pick(next, COLORS),
        gravity: -9.81 * next(),
      };
    case 'UIRect':
      return {
        anchor: pick(next, ['top-left', 'center', 'bottom-right']),
        width: 40 + next() * 300,
        height: 20 + next() * 120,
        padding: [4, 8, 4, 8],
      };
    case 'UIText':
      return { text: `Label ${id}`, fontSize: 12 + Math.floor(next() * 24), color: pick(next, COLORS), align: 'left' };
    default:
      return {};
  }
}

// Lights and cameras have a position but no extent.
const hasExtent = (e) => !e.traits.includes('Light') && !e.traits.includes('Camera');

/**
 * The scene-state producer's full output: the corpus scene (GUIDs, names, trait lists, Transform
 * floats) with every trait's values, a world transform and a world AABB per entity.
 */
export function sampleScene(count = SCENE_ENTITIES, seed = 135) {
  const base = corpusScene(count, seed);
  const next = rng(seed ^ 0x5eed);
  const entities = base.entities.map((e, i) => {
    const values = { ...e.values };
    for (const trait of e.traits) if (!(trait in values)) values[trait] = traitValues(trait, next, e.id);
    const t = e.values.Transform;
    const half = hasExtent(e) ? t.scale[1] * t.scale[2] : 0;
    return {
      ...e,
      sortOrder: i,
      values,
      world: {
        position: [t.x + next() * 10, t.y + next() * 10, t.z + next() * 10],
        rotation: t.rotation,
        scale: t.scale,
      },
      bounds: { min: [t.x - half, t.y - half, t.z - half], max: [t.x + half, t.y + half, t.z + half] },
    };
  });
  return { scenePath: base.scenePath, entities };
}

/**
 * The layout-bounds producer's full output for that scene: a screen rect per entity (lights and
 * cameras are zero-size), the world AABB, and on-screen flags against a 1280×720 viewport.
 */
export function sampleLayout(entities) {
  return entities.map((e) => {
    const t = e.values.Transform;
    const extent = hasExtent(e) ? 24 * t.scale[1] * t.scale[2] : 0;
    const screen = { x: VIEWPORT.w / 2 + t.x * 0.6, y: VIEWPORT.h / 2 + t.z * 0.3, w: extent * 2, h: extent * 1.5 };
    const onScreen =
      screen.x + screen.w > 0 && screen.x < VIEWPORT.w && screen.y + screen.h > 0 && screen.y < VIEWPORT.h;
    return {
      id: e.id,
      name: e.name,
      layer: e.layer,
      screen,
      onScreen,
      zeroSize: extent === 0,
      worldAABB: e.bounds,
      parentId: e.parentId,
    };
  });
}

const MESSAGES = {
  log: (n) => `[scene] ${n} transform updated`,
  info: (n) => `[assets] loaded ${n} in ${Math.round(n.length * 3.7)}ms`,
  warn: (n) => `[physics] ${n}: collider scale is non-uniform; falling back to bounding box`,
  error: (n) => `[render] ${n}: material shader failed to compile (WebGL: INVALID_OPERATION)`,
};

/** The console ring, full: `count` entries, oldest first, mostly logs with a few warnings and errors. */
export function sampleConsole(entities, count = CONSOLE_RING, seed = 500) {
  const next = rng(seed);
  const logs = [];
  let ts = 1_764_460_800_000;
  for (let i = 0; i < count; i++) {
    const r = next();
    const level = r < 0.6 ? 'log' : r < 0.85 ? 'info' : r < 0.96 ? 'warn' : 'error';
    ts += 1 + Math.floor(next() * 900);
    logs.push({ seq: i + 1, level, ts, text: MESSAGES[level](pick(next, entities).name) });
  }
  return logs;
}
