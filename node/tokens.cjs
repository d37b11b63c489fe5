'use strict';
// Token accounting: exact BPE counts (cl100k_base, o200k_base) from the WebAssembly core, the
// chars/N estimates people use instead, and a per-field report of where a payload's tokens go.

const wasm = require('./wasm/tokens.cjs');
const { ensureTable, isLoaded, loadEncoding } = require('./wasm/tables.cjs');
const { readOptions } = require('./internal/options.cjs');

const { DEFAULT_ENCODING, checkEncoding: checkedEncoding } = wasm;
const ESTIMATE_METHODS = Object.freeze(['chars/4', 'chars/3.5']);
const ESTIMATE_DIVISORS = { 'chars/4': 4, 'chars/3.5': 3.5 };

/**
 * node/internal/errors.cjs's codedError, required when an error is made: each file a cold
 * process's first count reads adds to what it costs, and a count given a string throws nothing.
 */
function codedError(code, message, Ctor) {
  return require('./internal/errors.cjs').codedError(code, message, Ctor);
}

function encodingName(encoding) {
  return encoding === undefined ? DEFAULT_ENCODING : String(encoding);
}

function requireText(text, fn) {
  if (typeof text === 'string') return text;
  throw codedError(
    'INVALID_INPUT',
    `${fn}(text): text must be a string, got ${text === null ? 'null' : typeof text}`,
    TypeError,
  );
}

/**
 * Validates an encoding name and loads its table into `module` (node/wasm/tables.cjs): the
 * full module's by default, for other bindings that count in Rust. A name whose table is loaded
 * was checked when it was loaded, so it is not checked again.
 */
function prepareEncoding(encoding, module = 'full') {
  const name = encodingName(encoding);
  if (isLoaded(name, module)) return name;
  checkedEncoding(name, module);
  ensureTable(name, module);
  return name;
}

/**
 * Tokens of `text`, counting stopped once past `limit` (exact when `<= limit`), in an encoding
 * `prepareEncoding` already returned: the budget policy resolves its encoding once, with its
 * options, and counts without asking again (in the full module, whose table it loaded).
 */
function countPrepared(text, name, limit) {
  return wasm.countTokens(text, name, limit);
}

/**
 * Tokens of `text` up to `limit` in the module the public counts run in (wasm.countingModule):
 * the tokenizer's until the full module is loaded — a first countTokens compiles the tokenizer
 * alone and reads one table — and the full one after.
 */
function countUpTo(text, encoding, limit) {
  const module = wasm.countingModule();
  return wasm.countTokens(text, prepareEncoding(encoding, module), limit, module);
}

/** Exact token count of `text`, identical to tiktoken's `encode_ordinary(text).length`. */
function countTokens(text, encoding) {
  return countUpTo(requireText(text, 'countTokens'), encodingName(encoding), Infinity);
}

/** True when `text` has at most `limit` tokens; stops counting once the limit is passed. */
function fitsTokenBudget(text, limit, encoding) {
  const str = requireText(text, 'fitsTokenBudget');
  const cap = Number(limit);
  const name = checkedEncoding(encoding);
  if (Number.isNaN(cap)) return false;
  // Every token is at least one UTF-8 byte, and a UTF-16 unit is at most three.
  if (str.length * 3 <= cap) return true;
  return countUpTo(str, name, cap) <= cap;
}

/** `Math.ceil(text.length / 4)` or `Math.ceil(text.length / 3.5)` (UTF-16 units). */
function estimateTokens(text, method = 'chars/4') {
  const str = requireText(text, 'estimateTokens');
  const divisor = ESTIMATE_DIVISORS[method];
  if (typeof divisor !== 'number' || !Object.prototype.hasOwnProperty.call(ESTIMATE_DIVISORS, method)) {
    throw codedError(
      'INVALID_OPTION',
      `Unknown estimate method "${String(method)}". Supported methods: ${ESTIMATE_METHODS.join(', ')}.`,
    );
  }
  return Math.ceil(str.length / divisor);
}

function percentOf(part, whole) {
  return whole === 0 ? 0 : (part / whole) * 100;
}

/**
 * Chars, UTF-8 bytes and real tokens of `JSON.stringify(data)`, the chars/N estimates with
 * their error, and each field path's share of chars and tokens (see docs/tokens.md).
 */
function tokenReport(data, options) {
  const name = prepareEncoding(readOptions('tokenReport', options, ['encoding']).encoding);
  // Required here, not with this module: a count never serializes.
  const { stringifyNeverThrows } = require('./tolerant-json.cjs');
  return tokenReportOfText(stringifyNeverThrows(data) ?? '', name);
}

/** {@link tokenReport} of JSON text already serialized (`encoding` as countTokens takes it). */
function tokenReportOfText(text, encoding) {
  const name = prepareEncoding(encoding);
  return reportOf(wasm.tokenReport(text, name), name);
}

/**
 * {@link tokenReport} of the JSON text already in the full module's input buffer (`length`
 * UTF-8 bytes), in an encoding `prepareEncoding` returned; the buffer is left as it is, for
 * callers that run more passes over the same copy.
 */
function tokenReportOfInput(length, name) {
  return reportOf(wasm.tokenReportOfInput(length, name), name);
}

/** The public token report from the core's `raw` one, in the encoding `name`. */
function reportOf(raw, name) {
  return {
    encoding: name,
    chars: raw.chars,
    bytes: raw.bytes,
    tokens: raw.tokens,
    estimates: ESTIMATE_METHODS.map((method) => {
      // estimateTokens of the text, from its length in UTF-16 units.
      const tokens = Math.ceil(raw.chars / ESTIMATE_DIVISORS[method]);
      return { method, tokens, errorPercent: raw.tokens === 0 ? 0 : ((tokens - raw.tokens) / raw.tokens) * 100 };
    }),
    fields: raw.fields.map((f) => ({
      path: f.path,
      chars: f.chars,
      tokens: f.tokens,
      charShare: percentOf(f.chars, raw.chars),
      tokenShare: percentOf(f.tokens, raw.tokens),
    })),
  };
}

/** A token cap as encode reads it: undefined = none; numbers as given; primitives coerced. */
function toTokenCap(raw) {
  if (raw === undefined) return undefined;
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' || typeof raw === 'boolean' || raw === null) return Number(raw);
  return undefined;
}

/**
 * For encode's token cap: null when `text` fits `maxTokens`, else its exact token count (for
 * the envelope's hint). Stops early when the text fits by its byte bound or passes the cap.
 */
function tokensOverCap(text, maxTokens, encoding) {
  const name = encodingName(encoding);
  if (fitsTokenBudget(text, maxTokens, name)) return null;
  return countUpTo(text, name, Infinity);
}

/**
 * encode's token cap for string data: how many UTF-16 units of `text` to keep, `text.length`
 * when it fits `maxTokens`, else the end of its first `maxTokens` tokens (never inside a char),
 * for capText to cut at with the usual elided-chars marker.
 */
function tokenCapUnits(text, maxTokens, encoding) {
  const name = encodingName(encoding);
  if (fitsTokenBudget(text, maxTokens, name)) return text.length;
  const module = wasm.countingModule();
  prepareEncoding(name, module);
  return wasm.tokenPrefixUnits(text, name, Number(maxTokens), module);
}

module.exports = {
  prepareEncoding,
  countPrepared,
  tokenReportOfText,
  tokenReportOfInput,
  DEFAULT_ENCODING,
  ESTIMATE_METHODS,
  loadEncoding,
  countTokens,
  fitsTokenBudget,
  estimateTokens,
  tokenReport,
  toTokenCap,
  tokensOverCap,
  tokenCapUnits,
};
