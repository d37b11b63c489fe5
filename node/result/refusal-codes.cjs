'use strict';
// The editor's closed set of refusal codes (ERROR_CODES, the `code` of a refusal a tool answers
// with; the TypeScript union is ErrorCode), and the rules for reading a backend reply: which
// code it named, which code an HTTP status means, which options it offered, and whether a 200
// body says the operation did not happen. Pure functions over plain values; none of them
// throws. The codes this package throws are another list: BudgetErrorCode (docs/errors.md).

const { stringifyNeverThrows } = require('../tolerant-json.cjs');
const { safeString } = require('../result.cjs');

/**
 * Every code a refusal may carry, in the editor's order. Closed on purpose: a code is a claim
 * that the caller should react differently, so a new situation reuses a code when the reaction
 * is the same. Frozen, because every caller shares this one array.
 */
const ERROR_CODES = Object.freeze([
  'UNKNOWN_PARAM',
  'AMBIGUOUS',
  'NOT_FOUND',
  'AMBIGUOUS_SURFACE',
  'OCCLUDED',
  'REFUSED_BY_OP',
  'NO_RENDERER',
  'TIMEOUT',
  'TOO_LARGE',
  'REQUIRES_SAVE',
  'NOT_AVAILABLE_HERE',
  'PARTIAL',
]);

/** The editor's own two route-miss messages: a 404 carrying one of them could not look at all. */
const ROUTE_MISSING = /no backend route for|no such API route/i;

/** `object[key]`, or undefined when reading it throws (a Proxy trap, a getter). */
function read(object, key) {
  try {
    return object[key];
  } catch {
    return undefined;
  }
}

const isObject = (value) => typeof value === 'object' && value !== null;

/** The code a reply body names in `code`, when it is one of {@link ERROR_CODES}; else `fallback`. */
function codeFromBody(body, fallback) {
  if (isObject(body)) {
    const code = read(body, 'code');
    if (typeof code === 'string' && ERROR_CODES.includes(code)) return code;
  }
  return fallback;
}

/** `status >= 500` without throwing on a value that cannot become a number. */
function isServerStatus(status) {
  try {
    return status >= 500;
  } catch {
    return false;
  }
}

/**
 * The code an HTTP status means when the body named none. A 404 with no detail, or with one of
 * the route-miss messages, is `NOT_AVAILABLE_HERE` (nobody could look); any other 404 is
 * `NOT_FOUND`. 5xx is `NOT_AVAILABLE_HERE`; every other status is the operation's own refusal.
 */
function codeFromStatus(status, detail) {
  if (status === 404) {
    return !detail || ROUTE_MISSING.test(safeString(detail)) ? 'NOT_AVAILABLE_HERE' : 'NOT_FOUND';
  }
  return isServerStatus(status) ? 'NOT_AVAILABLE_HERE' : 'REFUSED_BY_OP';
}

/** The non-empty strings of a reply body's `options` array, or undefined when there are none. */
function optionsFromBody(body) {
  if (!isObject(body)) return undefined;
  const options = read(body, 'options');
  if (!Array.isArray(options)) return undefined;
  const strings = options.filter((option) => typeof option === 'string' && option !== '');
  return strings.length > 0 ? strings : undefined;
}

const nonEmptyString = (value) => typeof value === 'string' && value !== '';

/**
 * What a failure body states, or null when it claims no failure. An explicit `ok: true` wins
 * (a partial success answers `{ ok: true, errors }`); otherwise `ok: false`, a non-empty string
 * in `errors[]` or a non-empty `error` is a failure. `reason` is a detail, never a trigger. The
 * detail is the `errors` strings joined by `; `, else `error`, else `reason`, else a fixed sentence.
 */
function failureDetail(body) {
  if (!isObject(body) || Array.isArray(body)) return null;
  const ok = read(body, 'ok');
  if (ok === true) return null;
  const list = read(body, 'errors');
  const errors = Array.isArray(list) ? list.filter((entry) => typeof entry === 'string') : [];
  const error = read(body, 'error');
  if (ok !== false && errors.length === 0 && !nonEmptyString(error)) return null;
  if (errors.length > 0) return errors.join('; ');
  if (nonEmptyString(error)) return error;
  const reason = read(body, 'reason');
  return nonEmptyString(reason) ? reason : 'the operation reported ok:false';
}

/**
 * The editor's name, kept for its callers: despite the `is`, it returns the failure message
 * (test it with `!== null`), or null when the body reports success:
 * `${failureDetail(body)}\n\nfull response: ${JSON}` — the whole body, because callers diagnose
 * with its other fields (`changed`, `warnings`, `hint`).
 */
function isFailureBody(body) {
  const detail = failureDetail(body);
  if (detail === null) return null;
  return `${detail}\n\nfull response: ${stringifyNeverThrows(body)}`;
}

module.exports = { ERROR_CODES, codeFromBody, codeFromStatus, optionsFromBody, failureDetail, isFailureBody };
