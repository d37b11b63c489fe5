'use strict';
// The message of a large server line (a HeldLine's text) parsed without the object graph of its
// `result.structuredContent`: when that value's span of the line is exactly the compact JSON
// V8 prints of it, the message holds a printedValue (../mcp/printed-json.cjs) of that span
// instead, and the policy reads the line's own text. The graph of 100 MB of JSON takes ~150 MB
// beside the line's 100 MB; the span takes nothing (a slice of the line). Whether the span is
// that compact JSON is checked piece by piece, each piece parsed and printed again, so no more
// than a piece's graph is ever built. Anything else — whitespace, a key written twice, a number
// or escape V8 prints differently — is parsed whole, as any line is.

const { printedValue } = require('../mcp/printed-json.cjs');

/** Spans up to this many chars are checked whole (parsed and printed); larger ones member by member. */
const PIECE = 1 << 16;
/** A structuredContent shorter than this is parsed as usual: its graph costs little. */
const SPAN_ABOVE = 1 << 20;
/** Containers nested deeper than this, each past PIECE, are left to JSON.parse. */
const MAX_DEPTH = 64;
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

/** Whether `s` is the compact JSON V8 prints of what it parses to. */
function printsAsItself(s) {
  try {
    return JSON.stringify(JSON.parse(s)) === s;
  } catch {
    return false;
  }
}

// A key V8 prints before the others whatever its place (an array index), so an object checked
// in pieces must have none.
const isIndex = (key) => /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < 2 ** 32 - 1;

/**
 * Where the value at `start` ends when its text, as far as it is past PIECE chars, is the compact
 * JSON V8 prints of it; -1 when it is not. A container past PIECE is checked in runs of its
 * members of up to PIECE chars each (a larger member on its own, the same way), with no
 * whitespace between them; a value of up to PIECE chars is left to the run that holds it
 * (the caller checks the whole of a small value).
 */
function compactEnd(t, start, depth = 0) {
  const open = t.charCodeAt(start);
  if (open !== OPEN_OBJECT && open !== OPEN_ARRAY) {
    const end = valueEnd(t, start);
    return end - start <= PIECE || printsAsItself(t.slice(start, end)) ? end : -1;
  }
  if (depth >= MAX_DEPTH) {
    const end = valueEnd(t, start);
    return end - start <= PIECE ? end : -1;
  }
  const isObject = open === OPEN_OBJECT;
  // The keys of a large object so far (a small one is checked whole by its parent's run).
  let keys = null;
  // A run of members from runStart to `to` (its comma or the closing bracket), as its own container.
  const runOk = (runStart, to) => {
    if (runStart >= to) return true;
    const text = `${t[start]}${t.slice(runStart, to)}${isObject ? '}' : ']'}`;
    if (!printsAsItself(text)) return false;
    return !isObject || Object.keys(JSON.parse(text)).every(newKey);
  };
  const newKey = (key) => {
    keys ??= new Set();
    return !keys.has(key) && !isIndex(key) && keys.add(key) !== undefined;
  };
  let runStart = start + 1;
  let i = start + 1;
  if (t.charCodeAt(i) === open + 2) return i + 1;
  for (;;) {
    let valueStart = i;
    if (isObject) {
      const keyEnd = t.charCodeAt(i) === QUOTE ? stringEnd(t, i) : -1;
      if (keyEnd < 0 || t.charCodeAt(keyEnd) !== COLON) return -1;
      valueStart = keyEnd + 1;
    }
    const valueStop = compactEnd(t, valueStart, depth + 1);
    if (valueStop < 0) return -1;
    if (valueStop - valueStart > PIECE) {
      // A large member, checked on its own: the run before it, then its key.
      if (!runOk(runStart, i - 1)) return -1;
      if (isObject && !(printsAsItself(t.slice(i, valueStart - 1)) && newKey(JSON.parse(t.slice(i, valueStart - 1)))))
        return -1;
      runStart = valueStop + 1;
    } else if (valueStop - runStart > PIECE) {
      if (!runOk(runStart, i - 1)) return -1;
      runStart = i;
    }
    const next = t.charCodeAt(valueStop);
    if (next === open + 2) return valueStop + 1 - start <= PIECE || runOk(runStart, valueStop) ? valueStop + 1 : -1;
    if (next !== COMMA) return -1;
    i = valueStop + 1;
  }
}

/** Whether `t` from `start` to `end` is the compact JSON V8 prints of its value. */
function compactSpan(t, start, end) {
  if (end - start <= PIECE) return printsAsItself(t.slice(start, end));
  return compactEnd(t, start) === end;
}

/**
 * The message on the line `t` (a JSON-RPC message, as JSON.parse reads it), with a large
 * `result.structuredContent` held as a printedValue of its span when the span is its compact
 * JSON. Throws as JSON.parse does on a line that is not JSON.
 */
function parseHeld(t) {
  const result = memberStart(t, skipSpace(t, 0), 'result');
  const start = result < 0 ? -1 : memberStart(t, result, 'structuredContent');
  if (start < 0 || t.charCodeAt(start) !== OPEN_OBJECT) return JSON.parse(t);
  const end = compactEnd(t, start);
  if (end < 0 || end - start < SPAN_ABOVE) return JSON.parse(t);
  const message = JSON.parse(`${t.slice(0, start)}${JSON.stringify(PLACEHOLDER)}${t.slice(end)}`);
  // A later `result` or `structuredContent` (or one written with escapes) is the one JSON.parse keeps.
  if (message?.result?.structuredContent !== PLACEHOLDER) return JSON.parse(t);
  message.result.structuredContent = printedValue(t.slice(start, end));
  return message;
}

module.exports = { parseHeld, compactSpan, PIECE, SPAN_ABOVE };
