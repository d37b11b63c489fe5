'use strict';
// Numbers forwarded exactly. `JSON.parse` reads every number into a double, so a 64-bit id or a
// decimal from a server in another language (`123456789012345678901234567890`, `1e-400`,
// `1e400`, `1.50`) would come out of `JSON.stringify` changed (`1.2345678901234568e+29`, `0`,
// `null`, `1.5`). `parseExact` reads JSON text with each such number held as a marked string —
// the core rewrites the tokens (src/json/exact.rs) before `JSON.parse` runs — and `printExact`
// writes a value holding them with each mark replaced by the token it holds. A text whose
// numbers are all exact is read by `JSON.parse` alone, after one scan of it in the core.

const { randomUUID } = require('node:crypto');
const { holdInexactNumbers } = require('../wasm/held.cjs');

/**
 * What starts a held number's string: unique to this process (a worker thread is handed its
 * parent's in its workerData), so no value parsed from JSON can forge one. It needs no escape
 * in JSON, so a held number is the same characters inside a printed string.
 */
const PREFIX = (() => {
  const given = require('node:worker_threads').workerData?.heldNumberPrefix;
  return typeof given === 'string' ? given : `modoki-budget:number:${randomUUID()}:`;
})();
/** A held number in printed JSON: its string with the quotes, the token captured. */
const HELD = new RegExp(`"${PREFIX.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([-+.eE0-9]+)"`, 'g');
/** A text without a digit has no number to hold: it is not copied into the core. */
const DIGIT = /[0-9]/;

/** Whether `value` is a number held as its token's text (so `printExact` writes the token). */
const isHeldNumber = (value) => typeof value === 'string' && value.startsWith(PREFIX);

/**
 * The text of `json` (a string, or UTF-8 bytes) with every number `JSON.parse` would change
 * written as a held number's string; undefined when there is none.
 */
function heldText(json) {
  if (typeof json === 'string' && !DIGIT.test(json)) return undefined;
  return holdInexactNumbers(json, PREFIX);
}

/** `json` (a string) with every number `JSON.parse` would change written as a held number's string. */
const holdText = (json) => heldText(json) ?? json;

/**
 * `{ value, held }`: `JSON.parse(json)` (a string, or UTF-8 bytes), except that each number it
 * would change is held as its token (`held` says whether any was). Throws as `JSON.parse` does.
 */
function parseExact(json) {
  const text = heldText(json);
  if (text !== undefined) return { value: JSON.parse(text), held: true };
  return { value: JSON.parse(typeof json === 'string' ? json : json.toString('utf8')), held: false };
}

const isRecord = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `record[key]` read as the number it holds when it is a held number. */
function plainNumber(record, key) {
  if (isHeldNumber(record[key])) record[key] = Number(record[key].slice(PREFIX.length));
}

/**
 * A JSON-RPC message (or batch) read as `parseExact` reads it, but for the numbers of its
 * envelope, which are matched by value — a message's `id`, a cancellation's `requestId`, an
 * error's `code` — and are read as the numbers they are (`1.0` is the id `1`). Throws as
 * `JSON.parse` does.
 */
function parseMessage(json) {
  const { value, held } = parseExact(json);
  if (!held) return value;
  for (const message of Array.isArray(value) ? value : [value]) {
    if (!isRecord(message)) continue;
    plainNumber(message, 'id');
    if (isRecord(message.params)) plainNumber(message.params, 'requestId');
    if (isRecord(message.error)) plainNumber(message.error, 'code');
  }
  return value;
}

/** Printed JSON `text` with every held number's string written as the token it holds. */
const unhold = (text) => (typeof text === 'string' && text.includes(PREFIX) ? text.replace(HELD, '$1') : text);

/** `JSON.stringify(value, replacer, space)`, with every held number written as its token. */
const printExact = (value, replacer, space) => unhold(JSON.stringify(value, replacer, space));

module.exports = { PREFIX, isHeldNumber, holdText, parseExact, parseMessage, printExact, unhold };
