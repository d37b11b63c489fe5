'use strict';
// The JSON crossing every structured core call uses: each input is serialized once by V8
// (JSON.stringify, or the tolerant form for cycles/BigInt/throwing getters) and handed to the
// WebAssembly core as UTF-8; the core's JSON text is JSON.parse'd back. The caller's objects are
// never touched, and keys such as `__proto__` come back as ordinary own properties.

const { stringifyNeverThrows } = require('../tolerant-json.cjs');

const utf8 = new TextEncoder();

/** UTF-8 JSON text of `value`; `undefined` (and functions) travel as `null`. */
function enc(value) {
  const text = stringifyNeverThrows(value);
  return utf8.encode(text === undefined ? 'null' : text);
}

/** `fn(...inputs as UTF-8 JSON)`, its JSON reply parsed. */
const run = (fn, ...inputs) => JSON.parse(fn(...inputs.map(enc)));

module.exports = { enc, run };
