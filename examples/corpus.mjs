// Fixed, seeded corpora shaped like the editor's scene dumps: each entity has a GUID, a name,
// trait names and Transform floats. Same seed, same bytes, every run and every machine. The
// example server's data (./mcp-server/fixtures.mjs), which the benchmarks and tests measure too.

/** mulberry32: a tiny seeded PRNG, so corpora are reproducible without a dependency. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** xorshift32, the generator the layout and token corpora were first measured with. */
export function xorshift(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

const TRAIT_SETS = [
  ['Transform', 'Renderable3D', 'ModelSource'],
  ['Transform', 'Renderable3D', 'ModelSource', 'Collider', 'RigidBody'],
  ['Transform', 'Light'],
  ['Transform', 'Camera', 'AudioListener'],
  ['Transform', 'Sprite2D', 'Animator'],
  ['Transform', 'ParticleEmitter'],
  ['Transform', 'UIRect', 'UIText'],
];
const WORDS = [
  'Island',
  'Palm',
  'Rock',
  'Wave',
  'Cloud',
  'Hut',
  'Boat',
  'Torch',
  'Crab',
  'Shell',
  'Sun',
  'Reef',
  'Dock',
  'Rope',
  'Barrel',
];
const LAYERS = ['3d', '3d', '3d', '2d', 'ui'];

function uuid(next) {
  const hex = () => Math.floor(next() * 16).toString(16);
  const part = (n) => Array.from({ length: n }, hex).join('');
  return `${part(8)}-${part(4)}-4${part(3)}-${'89ab'[Math.floor(next() * 4)]}${part(3)}-${part(12)}`;
}

const float = (next, scale) => (next() - 0.5) * scale;

/** A scene-state dump with `count` entities (135 ≈ 50 KB, 2,000 ≈ 700 KB, 20,000 ≈ 7 MB). */
export function scene(count, seed = 135) {
  const next = rng(seed);
  const entities = [];
  for (let id = 1; id <= count; id++) {
    const traits = TRAIT_SETS[Math.floor(next() * TRAIT_SETS.length)];
    entities.push({
      id,
      guid: uuid(next),
      name: `${WORDS[Math.floor(next() * WORDS.length)]}${id}`,
      parentId: id > 1 && next() < 0.7 ? 1 + Math.floor(next() * (id - 1)) : 0,
      layer: LAYERS[Math.floor(next() * LAYERS.length)],
      traits,
      values: {
        Transform: {
          x: float(next, 2000),
          y: float(next, 200),
          z: float(next, 2000),
          rotation: [float(next, 6.3), float(next, 6.3), float(next, 6.3)],
          scale: [1, 1 + Math.floor(next() * 4) / 4, next() < 0.5 ? 1 : next() * 3],
        },
      },
    });
  }
  return { scenePath: 'projects/tropical-island/scenes/main.json', entityCount: count, entities };
}

/** Prose for tokenizer benchmarks: English-like sentences from a fixed vocabulary. */
export function prose(words, seed = 7) {
  const next = rng(seed);
  const vocab = [
    'the',
    'agent',
    'reads',
    'every',
    'response',
    'and',
    'pays',
    'for',
    'it',
    'in',
    'tokens',
    'a',
    'tool',
    'that',
    'answers',
    'with',
    'forty',
    'thousand',
    'gets',
    'called',
    'once',
    'summary',
    'first',
    'drill',
    'down',
    'on',
    'demand',
    'scene',
    'entity',
    'layout',
    'bounds',
  ];
  const out = [];
  for (let i = 0; i < words; i++) {
    let w = vocab[Math.floor(next() * vocab.length)];
    if (i % 12 === 0) w = w[0].toUpperCase() + w.slice(1);
    out.push(i % 12 === 11 ? `${w}.` : w);
  }
  return out.join(' ');
}
