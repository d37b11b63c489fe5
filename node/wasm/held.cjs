'use strict';
// The bindings of src/wasm/held.rs, the reading of a server's line: whether a text is the
// compact JSON V8 prints of its value, decided over a copy in WebAssembly memory, so no object
// of it is made in the JavaScript heap (the proxy's large held lines); and a JSON text with the
// numbers `JSON.parse` would change written as marked strings (../mcp/exact-numbers.cjs).

const core = require('./loader.cjs');
const abi = require('./abi.cjs');

/**
 * Whether `text` (an object or an array) is exactly V8's compact form of its own value, as
 * `JSON.stringify(JSON.parse(text)) === text` would say; false also for what the check cannot
 * prove (whitespace, a `\ud800` escape, deep nesting). Throws when the module's memory cannot
 * take the text.
 */
function isV8Compact(text) {
  let length = 0;
  try {
    ({ length } = abi.writeText(text));
    return core.v8CompactInput(length);
  } finally {
    abi.release(length);
  }
}

/**
 * `json` (a string, or UTF-8 bytes) with every number token `JSON.parse` would change written
 * as the JSON string `"<prefix><token>"`; undefined when every number is exact.
 */
function holdInexactNumbers(json, prefix) {
  let length = 0;
  try {
    const written = typeof json === 'string' ? abi.writeText(json) : { length: abi.writeBytes(json), latin1: false };
    ({ length } = written);
    const out = core.holdInexactNumbersInput(length, written.latin1, prefix);
    return out < 0 ? undefined : abi.readOutput(out);
  } finally {
    abi.release(length);
  }
}

module.exports = { isV8Compact, holdInexactNumbers };
