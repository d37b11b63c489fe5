'use strict';
// The structured refusal: `{"error":{code,tool,what,why,got,expected,options}}`, bounded field by
// field so an echoed backend body can never cost the reader the code, the cause or the options.

const { stringifyNeverThrows } = require('../tolerant-json.cjs');
const { capText, summarize, safeString, toCap } = require('../result.cjs');

/**
 * The symbol a failing result carries its detail on, so a server can stamp the tool name in
 * centrally without parsing the rendered text (a banner may precede it). `JSON.stringify` and
 * the MCP transport drop symbol keys, so it never reaches the wire. `Symbol.for`, so every copy
 * of the package (and the editor's own) agrees on it.
 */
const ERROR_DETAIL = Symbol.for('modoki.errorDetail');

/** Budget for `got` by default: an echoed backend body rarely needs more to be diagnosed. */
const GOT_CHARS = 8000;
/** Budget for each prose field (`what`, `why`, `expected`). */
const TEXT_CHARS = 4000;

/**
 * `got` as the envelope carries it: a string capped as text; anything else kept structured
 * when its JSON fits the budget, else a shape report (never a severed blob).
 */
function boundedGot(value, budget) {
  if (typeof value === 'string') return capText(value, budget);
  const text = stringifyNeverThrows(value);
  if (text === undefined) return safeString(value);
  if (text.length <= toCap(budget)) return value;
  return { elided: true, bytes: text.length, preview: summarize(value) };
}

const textField = (value) => capText(typeof value === 'string' ? value : safeString(value), TEXT_CHARS);

/**
 * Renders a refusal to compact JSON. `what`, `why` and `expected` are capped at 4,000 chars,
 * `got` at `gotBudget` (default 8,000); `tool` is left out when absent, as are `got`,
 * `expected` and `options`. A detail that is not an object is a TypeError.
 */
function encodeError(detail) {
  if (typeof detail !== 'object' || detail === null) {
    throw new TypeError('encodeError(detail): detail must be an object { code, what, why, ... }');
  }
  const error = { code: detail.code, tool: detail.tool, what: textField(detail.what), why: textField(detail.why) };
  if (detail.got !== undefined) error.got = boundedGot(detail.got, detail.gotBudget ?? GOT_CHARS);
  if (detail.expected !== undefined) error.expected = textField(detail.expected);
  if (detail.options !== undefined) error.options = detail.options;
  return stringifyNeverThrows({ error });
}

/** The detail a failing result carries on {@link ERROR_DETAIL}, or undefined. */
function errorDetailOf(result) {
  if ((typeof result !== 'object' && typeof result !== 'function') || result === null) return undefined;
  try {
    return result[ERROR_DETAIL];
  } catch {
    return undefined;
  }
}

/** How many keys {@link describeShape} names before it stops. */
const SHAPE_KEYS = 8;

/**
 * A content-free description of a value's shape for refusal text: `null`, `an array`,
 * `an object with keys: a, b` (the first eight own keys), `an empty object`, or `a <typeof>`.
 * Keys only, never values: the value may be a log line or authored text.
 */
function describeShape(value) {
  if (value === null) return 'null';
  try {
    if (Array.isArray(value)) return 'an array';
    if (typeof value === 'object') {
      const keys = Object.keys(value).slice(0, SHAPE_KEYS);
      return keys.length > 0 ? `an object with keys: ${keys.join(', ')}` : 'an empty object';
    }
  } catch {
    return 'an object whose keys could not be read';
  }
  return `a ${typeof value}`;
}

module.exports = { ERROR_DETAIL, encodeError, errorDetailOf, describeShape };
