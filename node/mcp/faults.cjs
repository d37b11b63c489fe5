'use strict';
// What a tool call that produced nothing sendable becomes: an isError result whose text says
// what went wrong, capped, so a broken handler costs the model a sentence and the server keeps
// serving.

const { safeString } = require('../result.cjs');

/** Chars kept free for capText's `\n…[N chars elided of LEN]` marker, so capped text stays within the cap. */
const MARKER_RESERVE = 64;
/** Tokens kept free for the same marker (its two numbers and words, plus one for the seam). */
const MARKER_TOKENS = 32;

/** Why a handler's return value cannot be sent, or null when it can be read as a result. */
function unsendable(value) {
  if (value === undefined || value === null) {
    return `returned nothing (${value === null ? 'null' : 'undefined'}); a tool must return a CallToolResult or the data to send`;
  }
  if (typeof value !== 'object') return `returned a ${typeof value}, not a CallToolResult or an object of data`;
  return null;
}

/** The text of a thrown value: an Error's message, anything else as String() would print it. */
function thrownText(error) {
  if (error instanceof Error) {
    try {
      return typeof error.message === 'string' && error.message !== '' ? error.message : safeString(error);
    } catch {
      return 'an error whose message cannot be read';
    }
  }
  return safeString(error);
}

/** `Tool "<name>" failed: <message>`. */
function faultMessage(toolName, error) {
  return `Tool ${JSON.stringify(String(toolName))} failed: ${thrownText(error)}`;
}

module.exports = { MARKER_RESERVE, MARKER_TOKENS, unsendable, thrownText, faultMessage };
