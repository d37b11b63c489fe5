'use strict';
// The payload side of the result layer: encode, capText, summarize and the over-cap hint's
// retargeting. The refusal, the code set and the formatter live beside it in ./result/.
// Computation lives in the WebAssembly core (../pkg); this file does only what V8 does best —
// JSON.stringify, walking and building JS objects — and turns options into plain values before
// crossing the boundary.

const wasm = require('./wasm/formatter.cjs');
const { stringifyNeverThrows } = require('./tolerant-json.cjs');
const { roundFloats, isPlainTree } = require('./round-floats.cjs');
const tokens = require('./tokens.cjs');
// The core's constants (scripts/constants.mjs): the default cap in UTF-16 code units (JS
// `.length`, ~15k tokens of compact JSON), and the precision from which rounding changes nothing.
const { MAX_PAYLOAD_CHARS, MAX_EFFECTIVE_PRECISION } = require('../pkg/constants.json');

// A cap as the reference compares it: numbers as given (NaN never fits), other primitives
// coerced the way `<=` coerces them; anything that cannot be a number means the default.
function toCap(raw) {
  if (raw === undefined) return MAX_PAYLOAD_CHARS;
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' || typeof raw === 'boolean' || typeof raw === 'bigint' || raw === null)
    return Number(raw);
  return MAX_PAYLOAD_CHARS;
}

// The names `Array.prototype.join` would print for a filter list (nullish entries as ''), or []
// when it is not an array or cannot be read.
const NO_FILTERS = Object.freeze([]);

function filterNames(filters) {
  try {
    if (!Array.isArray(filters)) return NO_FILTERS;
    return Array.from(filters, (name) => (name === undefined || name === null ? '' : safeString(name)));
  } catch {
    return NO_FILTERS;
  }
}

function readEncodeOptions(options) {
  if (typeof options !== 'object' || options === null) {
    return {
      maxChars: toCap(options),
      precision: undefined,
      maxTokens: undefined,
      encoding: undefined,
      filters: NO_FILTERS,
    };
  }
  const precision = options.precision === undefined ? undefined : Number(options.precision);
  // Token cap (node/tokens.cjs): either cap can bind; see encode.
  const maxTokens = tokens.toTokenCap(options.maxTokens);
  return {
    maxChars: toCap(options.maxChars),
    precision,
    maxTokens,
    encoding: options.encoding,
    filters: filterNames(options.filters),
  };
}

function safeString(value) {
  try {
    return String(value);
  } catch {
    // A Proxy whose traps throw fails Object.prototype.toString too (it reads @@toStringTag).
    try {
      return Object.prototype.toString.call(value);
    } catch {
      return '[object Unknown]';
    }
  }
}

function stringifyRounded(data, sig) {
  // Rounding the JSON text equals rounding the value first only when every number comes from
  // a plain object or array; class instances, boxed numbers and toJSON take the exact path.
  let plain;
  try {
    plain = typeof data !== 'object' || data === null || isPlainTree(data);
  } catch {
    plain = false;
  }
  if (!plain) return stringifyNeverThrows(roundFloats(data, sig));
  const text = stringifyNeverThrows(data);
  return text === undefined ? text : roundJsonText(text, sig);
}

/**
 * JSON text with every number rounded to `sig` significant digits, as stringifyRounded rounds,
 * in the formatter module (node/wasm/formatter.cjs).
 */
function roundJsonText(text, sig) {
  return wasm.roundJsonText(text, sig);
}

/**
 * Caps text at `maxChars` UTF-16 units: unchanged when it fits, else a prefix (never ending in
 * half a surrogate pair) plus `\n…[N chars elided of LEN]`.
 */
function capText(text, maxChars = MAX_PAYLOAD_CHARS) {
  const str = typeof text === 'string' ? text : safeString(text);
  return wasm.capText(str, toCap(maxChars));
}

// The kept prefix of a capText result: everything before its marker.
function keptUnits(cut, original) {
  return cut === original ? original.length : cut.lastIndexOf('\n…[');
}

// Text over a cap is cut at the tighter of the two: the char cap, or the end of its first
// `maxTokens` tokens.
function capStringData(text, maxChars, maxTokens, encoding) {
  if (maxTokens === undefined) return wasm.capText(text, maxChars);
  const units = tokens.tokenCapUnits(text, maxTokens, encoding);
  const byTokens = units >= text.length ? text : wasm.capText(text, units);
  if (text.length <= maxChars) return byTokens;
  const byChars = wasm.capText(text, maxChars);
  return keptUnits(byTokens, text) < keptUnits(byChars, text) ? byTokens : byChars;
}

/**
 * Serializes a tool's data for an agent: compact JSON when it fits the cap(s), else a small
 * valid envelope that says what was elided and how to narrow the call. Over both caps, the
 * envelope names the one that binds: the one the payload overshoots by the larger factor.
 * Never throws.
 */
function encode(data, options) {
  const { maxChars, precision, maxTokens, encoding, filters } = readEncodeOptions(options);
  if (typeof data === 'string') return capStringData(data, maxChars, maxTokens, encoding);
  const rounding = precision !== undefined && precision > 0 && precision < MAX_EFFECTIVE_PRECISION;
  const text = rounding ? stringifyRounded(data, precision) : stringifyNeverThrows(data);
  if (text === undefined) return safeString(data);
  const overChars = !(text.length <= maxChars);
  if (maxTokens === undefined) return overChars ? wasm.elisionEnvelope(data, text.length, -1, maxChars, filters) : text;
  // Over the char cap, the token cap binds only when the payload overshoots it by the larger
  // factor: more than maxTokens * (length / maxChars) tokens. Counting stops at that bound.
  const charsBind = overChars && tokens.fitsTokenBudget(text, maxTokens * (text.length / maxChars), encoding);
  const overTokens = charsBind ? null : tokens.tokensOverCap(text, maxTokens, encoding);
  if (overTokens !== null) return wasm.elisionEnvelope(data, text.length, overTokens, maxTokens, filters);
  return overChars ? wasm.elisionEnvelope(data, text.length, -1, maxChars, filters) : text;
}

/** `{ key: <count or type> }` for each top-level key; `describe(data)` for a non-object. */
function summarize(data) {
  return wasm.summarize(data);
}

/**
 * Rewrites an over-cap envelope's hint to name the calling tool's own `filters`, keeping any
 * banner in front (the payload is the text after the last blank line). Text that is not an
 * envelope with a string hint, or an empty filter list, comes back unchanged.
 */
function retargetNarrowHint(text, filters) {
  const names = filterNames(filters);
  if (typeof text !== 'string' || names.length === 0 || !text.includes('"elided":true')) return text;
  const cut = text.lastIndexOf('\n\n');
  const prefix = cut === -1 ? '' : text.slice(0, cut + 2);
  let envelope;
  try {
    envelope = JSON.parse(cut === -1 ? text : text.slice(cut + 2));
  } catch {
    return text;
  }
  if (
    typeof envelope !== 'object' ||
    envelope === null ||
    envelope.elided !== true ||
    typeof envelope.hint !== 'string'
  )
    return text;
  // The core reads back its own hint (keeping its size, unit and cap) or writes one for `bytes`.
  const hint = wasm.retargetHint(envelope.hint, safeString(envelope.bytes ?? 0), names);
  return prefix + JSON.stringify({ ...envelope, hint });
}

module.exports = {
  MAX_PAYLOAD_CHARS,
  encode,
  capText,
  summarize,
  retargetNarrowHint,
  safeString,
  toCap,
  roundJsonText,
};
