'use strict';
// What a tool call that produced nothing sendable becomes: an isError result whose text says
// what went wrong, capped, so a broken handler costs the model a sentence and the server keeps
// serving.

const { planHeadCut } = require('../wasm/tokens.cjs');
const { safeString } = require('../result.cjs');

/**
 * `text` within `maxChars` UTF-16 units and, when `maxTokens` is given, that many tokens of
 * `encoding` (a name tokens.prepareEncoding returned): the text itself when it fits, else its
 * longest head that fits both caps together with the `\n…[N chars elided of LEN]` marker after
 * it — the marker's own chars and tokens counted, the joined text checked by the core (a head
 * never ends inside a surrogate pair). An empty string when not even the marker fits.
 */
function capHeadWithin(text, maxChars, maxTokens, encoding) {
  // The head is never longer than the char cap, so only that much crosses into the core.
  const head = text.length > maxChars ? text.slice(0, maxChars) : text;
  const cut = planHeadCut(head, text.length, maxChars, maxTokens, encoding);
  return cut === null ? text : text.slice(0, cut.keep) + cut.marker;
}

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

module.exports = { capHeadWithin, unsendable, thrownText, faultMessage };
