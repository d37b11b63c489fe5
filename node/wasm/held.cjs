'use strict';
// The binding of the proxy's check on a large held line (src/wasm/held.rs): whether a text is
// the compact JSON V8 prints of its value, decided over a copy in WebAssembly memory, so no
// object of it is made in the JavaScript heap.

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

module.exports = { isV8Compact };
