import { xorshift } from '../examples/corpus.mjs';

// Seeded corpora shared by js-tests/tokens.test.ts and bench/tokens.mjs: a scene-index-like
// JSON payload (uuid GUIDs, names, trait names, Transform floats), prose, and fuzz strings
// built from fragments that hit every branch of the split patterns.

export function rng(seed) {
  const unit = xorshift(seed);
  const next = () => Math.round(unit() * 4294967296);
  return {
    next,
    below: (n) => next() % n,
    pick: (items) => items[next() % items.length],
    float: () => next() / 4294967296,
  };
}

const TRAITS = [
  'Transform',
  'MeshRenderer',
  'RigidBody',
  'BoxCollider',
  'AudioSource',
  'Light',
  'Camera',
  'ScriptComponent',
  'NavMeshAgent',
  'Animator',
];
const NAMES = ['Cube', 'PlayerSpawn', 'DirectionalLight', 'Tree', 'enemyBoss', 'Rock_Large', 'CameraRig', 'UI Canvas'];

function uuid(r) {
  const hex = (n) => Array.from({ length: n }, () => r.below(16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[r.below(4)]}${hex(3)}-${hex(12)}`;
}

/** A scene index with `n` entities. */
export function scene(n, seed = 42) {
  const r = rng(seed);
  const f = () => (r.float() - 0.5) * 2000;
  const entities = [];
  for (let i = 0; i < n; i++) {
    entities.push({
      guid: uuid(r),
      name: `${r.pick(NAMES)}_${i}`,
      traits: Array.from({ length: 1 + r.below(4) }, () => r.pick(TRAITS)),
      Transform: {
        position: [f(), f(), f()],
        rotation: [r.float(), r.float(), r.float(), r.float()],
        scale: [1, 1, r.float() * 3],
      },
    });
  }
  return { scene: 'Main', entityCount: n, entities };
}

/** Compact JSON of a scene of about `bytes` bytes. */
export function sceneJson(bytes, seed = 42) {
  const perEntity = JSON.stringify(scene(20, seed)).length / 20;
  return JSON.stringify(scene(Math.max(1, Math.round(bytes / perEntity)), seed));
}

const PROSE_SENTENCES = [
  "It's the reader's job, isn't it? They'll say we've done what we'd planned.",
  'The quick brown fox jumps over the lazy dog near the riverbank at dawn.',
  'Budgets are paid in tokens, not characters, so every response should be measured.',
  'In 1969, 600 million people watched the landing; the module weighed 15,103 kg.',
  'She said: "Don\'t PANIC!" — and then, after a pause, laughed quietly.',
  'Caching repeated pieces makes JSON payloads cheap to tokenize again and again.',
];

/** English-ish prose of about `chars` characters, in paragraphs. */
export function prose(chars, seed = 7) {
  const r = rng(seed);
  let out = '';
  while (out.length < chars) {
    out += r.pick(PROSE_SENTENCES) + (r.below(5) === 0 ? '\n\n' : ' ');
  }
  return out;
}

export const ATOMS = [
  "'s",
  "'S",
  "'t",
  "'T",
  "'re",
  "'RE",
  "'Re",
  "'ve",
  "'VE",
  "'m",
  "'M",
  "'ll",
  "'LL",
  "'lL",
  "'d",
  "'D",
  "'ſ",
  "'",
  "''",
  'a',
  'A',
  'z',
  'Hello',
  'hello',
  'HELLO',
  'camelCase',
  'XMLHttpRequest',
  'ǅ',
  'ǈx',
  'ʰ',
  'ʰa',
  'Aʰ',
  'ª',
  '中',
  '文字',
  '日本語',
  '한국어',
  'ـ',
  '\u0301',
  'e\u0301',
  'A\u0301b',
  '\u094d',
  'क्ष',
  '\u20dd',
  '0',
  '7',
  '42',
  '123',
  '12345',
  '3.14159',
  '-0.5',
  '1e-7',
  '١٢٣',
  '½',
  'Ⅻ',
  '²',
  '𝟙',
  ' ',
  '  ',
  '   ',
  '\t',
  '\t\t',
  '\n',
  '\n\n',
  '\r\n',
  '\r',
  '\r\n\r\n',
  ' \n',
  '\n ',
  '\u000b',
  '\u000c',
  '\u0085',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u200a',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\u200b',
  '\ufeff',
  '!',
  '?',
  '.',
  ',',
  ';',
  ':',
  '/',
  '//',
  '/*',
  '*/',
  '...',
  '!!',
  '{',
  '}',
  '[',
  ']',
  '"',
  '":"',
  '","',
  '":',
  '=>',
  '->',
  '::',
  '&&',
  '#',
  '@',
  '$',
  '%',
  '^',
  '~',
  '`',
  '\\',
  '|',
  '<|endoftext|>',
  '<|fim_prefix|>',
  '😀',
  '👍🏽',
  '👨\u200d👩\u200d👧',
  '🏳️\u200d🌈',
  '🇺🇸',
  '❤️',
  '\ufe0f',
  '€',
  '£',
  '©',
  '™',
  '—',
  '–',
  '…',
  '«',
  '»',
  '„',
  'ß',
  'ẞ',
  'İ',
  'ı',
  'ﬁ',
  'Ω',
  'Ωmega',
  'Ελληνικά',
  'Русский',
  'עברית',
  'العربية',
  'ไทย',
  '\ue000',
  '\u{10ffff}',
  '\u001f',
  '\u007f',
  // Lone and reversed surrogates: TextEncoder makes each one U+FFFD.
  '\ud800',
  '\udfff',
  'a\ud83d',
  '\ude00\ud83d',
  '\udc00x',
];

/** A fuzz string of 1..24 fragments, some of them random code units or code points. */
export function fuzz(r) {
  const n = 1 + r.below(24);
  let s = '';
  for (let i = 0; i < n; i++) {
    const k = r.below(10);
    if (k === 0) s += String.fromCodePoint(r.below(3) === 0 ? r.below(0x110000) : r.below(0x10000));
    else if (k === 1) s += String.fromCharCode(r.below(0x10000));
    else s += r.pick(ATOMS);
  }
  return s;
}
