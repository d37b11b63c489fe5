'use strict';
// Whether a server's answer can be forwarded as the answer to a client's request, and when not,
// why: a line that is not JSON (a `NaN` a Python server wrote, a line cut short) still names the
// request it answers, and a message that is JSON but not a JSON-RPC answer (no result and no
// error, a result that is not an object) would be dropped by the client's SDK. Either way the
// proxy answers the request with an error that says so, rather than leaving the client waiting.
const { isObject } = require('../mcp/jsonrpc.cjs');
const { memberStart, valueEnd, skipSpace } = require('./held-json.cjs');

/** Bare words a JSON writer of another language may put where JSON needs a number. */
const NOT_JSON_NUMBERS = ['-Infinity', 'Infinity', 'NaN'];
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The id the top level of a line that is not JSON names (a string or a number), or undefined. */
function idOfBroken(text) {
  const at = memberStart(text, skipSpace(text, 0), 'id');
  if (at < 0) return undefined;
  const end = valueEnd(text, at);
  if (end < 0) return undefined;
  try {
    const id = JSON.parse(text.slice(at, end));
    return typeof id === 'string' || typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The first of NOT_JSON_NUMBERS outside a string in `text`, as `{ word, at }`, or undefined. */
function bareNumberWord(text) {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < text.length && text.charCodeAt(i) !== QUOTE; i++) if (text.charCodeAt(i) === BACKSLASH) i++;
      continue;
    }
    for (const word of NOT_JSON_NUMBERS) if (text.startsWith(word, i)) return { word, at: i };
  }
  return undefined;
}

/** Why `text` is not JSON, in words for a client: the bare word it writes, or the parser's reason. */
function notJsonReason(text) {
  const bare = bareNumberWord(text);
  if (bare !== undefined)
    return `it writes ${bare.word} at byte ${Buffer.byteLength(text.slice(0, bare.at))}, a number JSON has no text for`;
  try {
    JSON.parse(text);
    return 'it is not one JSON-RPC message';
  } catch (error) {
    const why = String(error.message);
    return why.length > 120 ? `${why.slice(0, 119)}…` : why;
  }
}

/** What a value is, for a sentence: `a number`, `null`, `an array`. */
function kind(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/**
 * Why a server's answer `message` (an object with the id of a client request) cannot be
 * forwarded as it is, or undefined when it can: it must have a result object or a JSON-RPC
 * error object (an integer code and a string message), and not both.
 */
function unforwardable(message) {
  const hasResult = Object.hasOwn(message, 'result');
  const hasError = Object.hasOwn(message, 'error');
  if (!hasResult && !hasError) return 'neither a result nor an error';
  if (hasResult && hasError) return 'both a result and an error';
  if (hasResult)
    return isObject(message.result) ? undefined : `a result that is ${kind(message.result)}, not an object`;
  const { error } = message;
  if (isObject(error) && Number.isInteger(error.code) && typeof error.message === 'string') return undefined;
  return 'an error that is not a JSON-RPC error (an integer code and a string message)';
}

module.exports = { idOfBroken, notJsonReason, unforwardable };
