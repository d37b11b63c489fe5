'use strict';
// The message of a large server line (a HeldLine's text) parsed without the object graph of its
// `result.structuredContent`: when that value's span of the line is exactly the compact JSON
// V8 prints of it, the message holds a printedValue (../mcp/printed-json.cjs) of that span
// instead, and the policy reads the line's own text. The graph of a large value takes more than
// the line beside it; the span takes nothing (a slice of the line). Whether the span is that
// compact JSON is the core's to check (compactSpan), in WebAssembly memory, so the check makes
// no JS objects either: a check in JS makes garbage that grows V8's young generation just before
// the policy's peak (see docs/performance.md, 'Figures behind the design'). Anything else —
// whitespace, a key written twice, a number or escape V8 prints differently — is parsed whole,
// as any line is.

const { printedValue } = require('../mcp/printed-json.cjs');
const { parseMessage } = require('../mcp/exact-numbers.cjs');
const { isV8Compact } = require('../wasm/held.cjs');

/** A structuredContent shorter than this is parsed as usual: its graph costs little. */
const SPAN_ABOVE = 1 << 20;
/** Stands for the span in the rest of the message while that is parsed (unique to this process). */
const PLACEHOLDER = `modoki-budget:held:${require('node:crypto').randomUUID()}`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const isSpace = (c) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Where the string starting at `i` (a quote) ends, one past its closing quote; -1 if it does not. */
function stringEnd(t, i) {
  for (let j = t.indexOf('"', i + 1); j !== -1; j = t.indexOf('"', j + 1)) {
    let k = j - 1;
    while (t.charCodeAt(k) === BACKSLASH) k--;
    if ((j - 1 - k) % 2 === 0) return j + 1;
  }
  return -1;
}

/** Where the value starting at `i` ends (one past it); -1 when the text ends first. */
function valueEnd(t, i) {
  const c = t.charCodeAt(i);
  if (c === QUOTE) return stringEnd(t, i);
  if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
    let depth = 0;
    for (let j = i; j < t.length; j++) {
      const d = t.charCodeAt(j);
      if (d === QUOTE) {
        j = stringEnd(t, j) - 1;
        if (j < 0) return -1;
      } else if (d === OPEN_OBJECT || d === OPEN_ARRAY) depth++;
      else if ((d === CLOSE_OBJECT || d === CLOSE_ARRAY) && --depth === 0) return j + 1;
    }
    return -1;
  }
  let j = i;
  while (j < t.length) {
    const d = t.charCodeAt(j);
    if (d === COMMA || d === CLOSE_OBJECT || d === CLOSE_ARRAY || isSpace(d)) break;
    j++;
  }
  return j > i ? j : -1;
}

const skipSpace = (t, i) => {
  while (isSpace(t.charCodeAt(i))) i++;
  return i;
};

/**
 * Where the value of the first member named `name` (written as that plain string) of the object
 * at `i` starts, whitespace allowed; -1 when there is none. Only the members before it are
 * scanned; a later member of the same name is JSON.parse's to find (parseHeld checks).
 */
function memberStart(t, i, name) {
  if (t.charCodeAt(i) !== OPEN_OBJECT) return -1;
  const key = JSON.stringify(name);
  i = skipSpace(t, i + 1);
  for (;;) {
    const keyEnd = t.charCodeAt(i) === QUOTE ? stringEnd(t, i) : -1;
    if (keyEnd < 0) return -1;
    const colon = skipSpace(t, keyEnd);
    if (t.charCodeAt(colon) !== COLON) return -1;
    const start = skipSpace(t, colon + 1);
    if (keyEnd - i === key.length && t.startsWith(key, i)) return start;
    const end = valueEnd(t, start);
    if (end < 0) return -1;
    i = skipSpace(t, end);
    if (t.charCodeAt(i) !== COMMA) return -1;
    i = skipSpace(t, i + 1);
  }
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Whether `s` has no lone surrogate (Node 18 has no String#isWellFormed). */
const wellFormed = (s) => (typeof s.isWellFormed === 'function' ? s.isWellFormed() : !LONE_SURROGATE.test(s));

/**
 * Whether `t` from `start` to `end` (an object or an array) is the compact JSON V8 prints of its
 * value: `JSON.stringify(JSON.parse(span)) === span`, decided by the core's reader of V8's
 * compact form (src/json/sample.rs) over a copy of the span in WebAssembly memory, so no object
 * of it is made in the JS heap. False also for what that reader cannot prove (whitespace, a
 * `\ud800` escape, nesting past 512).
 */
function compactSpan(t, start, end) {
  const span = t.slice(start, end);
  // A lone surrogate would reach the core as U+FFFD; V8 prints it as an escape.
  if (!wellFormed(span)) return false;
  try {
    return isV8Compact(span);
  } catch {
    // A span the module's memory cannot take (past 4 GB) is parsed as any line is.
    return false;
  }
}

/** The line `t` parsed whole, a number JSON.parse would change held as its text. */
const parseWhole = (t) => parseMessage(t);

/**
 * The message on the line `t` (a JSON-RPC message, as JSON.parse reads it, a number it would
 * change held as its text), with a large `result.structuredContent` held as a printedValue of
 * its span when the span is its compact JSON. Throws as JSON.parse does on a line that is not JSON.
 */
function parseHeld(t) {
  const result = memberStart(t, skipSpace(t, 0), 'result');
  const start = result < 0 ? -1 : memberStart(t, result, 'structuredContent');
  if (start < 0 || t.charCodeAt(start) !== OPEN_OBJECT) return parseWhole(t);
  const end = valueEnd(t, start);
  if (end < 0 || end - start < SPAN_ABOVE || !compactSpan(t, start, end)) return parseWhole(t);
  const message = parseWhole(`${t.slice(0, start)}${JSON.stringify(PLACEHOLDER)}${t.slice(end)}`);
  // A later `result` or `structuredContent` (or one written with escapes) is the one JSON.parse keeps.
  if (message?.result?.structuredContent !== PLACEHOLDER) return parseWhole(t);
  message.result.structuredContent = printedValue(t.slice(start, end));
  return message;
}

module.exports = { parseHeld, compactSpan, memberStart, valueEnd, skipSpace, SPAN_ABOVE };
