'use strict';
// The summary-first summarizers and GUID helpers. Each input is serialized once by V8
// (JSON.stringify, or the tolerant form for cycles/BigInt/throwing getters), handed to the
// WebAssembly core as UTF-8, and the core's JSON text is JSON.parse'd back. So the caller's
// objects are never touched (no input is mutated), and keys such as `__proto__` come back as
// ordinary own properties.

const wasm = require('./wasm/summarizers.cjs');
const { jsonText } = require('./tolerant-json.cjs');

// One argument only: map() would pass its index as jsonText's fallback.
const enc = (value) => jsonText(value);

// JSON has no Infinity; where an explicit limit must win "however large" (or keep none), send
// the largest finite number of that sign instead of letting JSON.stringify turn it into null
// (= no limit given).
function withFiniteLimit(query) {
  if (query !== null && typeof query === 'object' && (query.limit === Infinity || query.limit === -Infinity)) {
    return { ...query, limit: Math.sign(query.limit) * Number.MAX_VALUE };
  }
  return query;
}

function sceneState(entities, query, options) {
  return wasm.summarizeSceneState(enc(entities), enc(withFiniteLimit(query)), enc(options));
}

function layoutBounds(entries, query, options) {
  return wasm.summarizeLayoutBounds(enc(entries), enc(query), enc(options));
}

// JSON has no NaN or Infinity: a non-finite limit travels as its String() form, so "a limit
// was given" survives (it still switches to entries) and the core reads what it caps.
function withLimitText(query) {
  if (query !== null && typeof query === 'object' && typeof query.limit === 'number' && !Number.isFinite(query.limit)) {
    return { ...query, limit: String(query.limit) };
  }
  return query;
}

function summarizeAssets(assets, query) {
  return wasm.summarizeAssets(enc(assets), enc(withLimitText(query)));
}

// One object, so an absent schemaAvailable stays absent (JSON.stringify drops undefined keys).
function summarizeTraits(traits, schemaAvailable, query) {
  return wasm.summarizeTraits(enc({ traits, schemaAvailable, query }));
}

/** True for a value the core would read as a JSON object. */
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

// A result without a `handles` array is not a dump: it comes back as the same object, as the
// editor's shaping returns it, so a caller comparing replies by identity sees it untouched.
function handles(result, query, options) {
  if (!isObject(result) || !Array.isArray(result.handles)) return result;
  const remedies = options !== null && typeof options === 'object' ? options.remedies : undefined;
  return wasm.summarizeHandles(enc(result), enc(query), enc(remedies));
}

function capLabel(label) {
  return wasm.capLabel(String(label));
}

function sceneEditResult(result, query) {
  return wasm.summarizeSceneEdit(enc(result), enc(query));
}

// The base64 image never crosses into WebAssembly: only the text is computed there, and the
// image block reuses the caller's string.
function screenshotResult(shot, options) {
  const s = shot !== null && typeof shot === 'object' ? shot : {};
  const inline = options !== null && typeof options === 'object' && options.inline === true;
  const num = (x) => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
  const text = wasm.screenshotText(
    typeof s.path === 'string' ? s.path : undefined,
    num(s.width),
    num(s.height),
    inline,
  );
  const content = [{ type: 'text', text }];
  if (inline && typeof s.base64 === 'string') content.push({ type: 'image', data: s.base64, mimeType: 'image/png' });
  return { content };
}

function shortGuid(guid) {
  return wasm.shortGuid(String(guid));
}

function resolveGuid(prefixOrGuid, known) {
  let list = [];
  if (known !== null && known !== undefined && typeof known[Symbol.iterator] === 'function') {
    list = Array.from(known).filter((g) => typeof g === 'string');
  }
  return wasm.resolveGuid(String(prefixOrGuid), enc(list));
}

// UTF-16 code units go across as a Uint16Array: a Rust string (or TextEncoder) would turn a
// lone surrogate into U+FFFD and change the persisted hash.
function deriveGuid(seed) {
  const text = String(seed);
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  return wasm.deriveGuid(units);
}

module.exports = {
  sceneState,
  layoutBounds,
  summarizeAssets,
  summarizeTraits,
  handles,
  capLabel,
  sceneEditResult,
  screenshotResult,
  shortGuid,
  resolveGuid,
  deriveGuid,
};
