'use strict';
// The formatter: the editor's result layer (encode, capText, summarize, createFormatter,
// isFailureBody). Computation lives in the WebAssembly core (../pkg); this file does only what
// V8 does best — JSON.stringify, walking and building JS objects — and turns options into plain
// numbers before crossing the boundary.

const core = require('./internal/core.cjs');
const abi = require('./internal/abi.cjs');
const { stringifyNeverThrows } = require('./tolerant-json.cjs');
const { roundFloats, isPlainTree } = require('./round-floats.cjs');
const tokens = require('./tokens.cjs');

/** Default cap in UTF-16 code units (JS `.length`): ~15k tokens of compact JSON. */
const MAX_PAYLOAD_CHARS = 60000;

// A cap as the reference compares it: numbers as given (NaN never fits), other primitives
// coerced the way `<=` coerces them; anything that cannot be a number means the default.
function toCap(raw) {
  if (raw === undefined) return MAX_PAYLOAD_CHARS;
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' || typeof raw === 'boolean' || typeof raw === 'bigint' || raw === null) return Number(raw);
  return MAX_PAYLOAD_CHARS;
}

function readEncodeOptions(options) {
  if (typeof options !== 'object' || options === null) {
    return { maxChars: toCap(options), precision: undefined, maxTokens: undefined, encoding: undefined };
  }
  const precision = options.precision === undefined ? undefined : Number(options.precision);
  // Token cap (node/tokens.cjs): checked after the char cap, so the cheaper one fires first.
  const maxTokens = tokens.toTokenCap(options.maxTokens);
  return { maxChars: toCap(options.maxChars), precision, maxTokens, encoding: options.encoding };
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
  if (text === undefined) return text;
  // One pass in the core; a text with no number to change is not copied back.
  const input = abi.writeText(text);
  const length = core.roundJsonInput(input.length, input.latin1, sig);
  const rounded = length < 0 ? text : abi.readOutput(length, input.latin1);
  abi.release(input.length, length);
  return rounded;
}

/**
 * Caps text at `maxChars` UTF-16 units: unchanged when it fits, else a prefix (never ending in
 * half a surrogate pair) plus `\n…[N chars elided of LEN]`.
 */
function capText(text, maxChars = MAX_PAYLOAD_CHARS) {
  const str = typeof text === 'string' ? text : safeString(text);
  return core.capText(str, toCap(maxChars));
}

/**
 * Serializes a tool's data for an agent: compact JSON when it fits the cap, else a small valid
 * envelope that says what was elided and how to narrow the call. Never throws.
 */
function encode(data, options) {
  const { maxChars, precision, maxTokens, encoding } = readEncodeOptions(options);
  if (typeof data === 'string') {
    if (maxTokens === undefined || !(data.length <= maxChars)) return core.capText(data, maxChars);
    return tokens.capTextTokens(data, maxTokens, encoding);
  }
  const rounding = precision !== undefined && precision > 0 && precision < 17;
  const text = rounding ? stringifyRounded(data, precision) : stringifyNeverThrows(data);
  if (text === undefined) return safeString(data);
  if (!(text.length <= maxChars)) return core.elisionEnvelope(data, text.length, -1, maxChars);
  if (maxTokens === undefined) return text;
  const overTokens = tokens.tokensOverCap(text, maxTokens, encoding);
  return overTokens === null ? text : core.elisionEnvelope(data, text.length, overTokens, maxTokens);
}

/** `{ key: <count or type> }` for each top-level key; `describe(data)` for a non-object. */
function summarize(data) {
  return JSON.parse(core.summarizeJson(data));
}

function readWarning(getWarning) {
  try {
    const warning = getWarning();
    return typeof warning === 'string' && warning.length > 0 ? warning : null;
  } catch {
    return null;
  }
}

/**
 * The MCP result helpers. `getWarning` is called on every call; a non-empty string is put
 * before the payload as a banner, outside the cap, so it is never the part that gets cut.
 */
function createFormatter(getWarning) {
  if (typeof getWarning !== 'function') {
    throw new TypeError('createFormatter(getWarning): getWarning must be a function returning a string or null');
  }
  const banner = (text) => {
    const warning = readWarning(getWarning);
    return warning === null ? text : `${warning}\n\n${text}`;
  };
  return {
    banner,
    ok: (data, options) => ({ content: [{ type: 'text', text: banner(encode(data, options)) }] }),
    err: (message) => ({ content: [{ type: 'text', text: banner(capText(message)) }], isError: true }),
  };
}

/**
 * A failure message for a backend response body, or null when it reports success: the body's
 * `errors` strings (or `error`), followed by the full response.
 */
function isFailureBody(body) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  if (body.ok === true) return null;
  const errors = Array.isArray(body.errors) ? body.errors.filter((e) => typeof e === 'string') : [];
  const error = typeof body.error === 'string' && body.error.length > 0 ? body.error : null;
  if (body.ok !== false && errors.length === 0 && error === null) return null;
  const detail = errors.length > 0 ? errors.join('; ') : (error ?? 'the operation reported ok:false');
  return `${detail}\n\nfull response: ${stringifyNeverThrows(body)}`;
}

module.exports = { MAX_PAYLOAD_CHARS, encode, capText, summarize, createFormatter, isFailureBody, safeString };
