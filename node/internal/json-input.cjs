'use strict';
// How a structured input crosses into WebAssembly: serialized once by V8 (JSON.stringify, or the
// tolerant form for cycles/BigInt/throwing getters) and handed over as UTF-8. The caller's
// objects are never touched, so no input is mutated.

const { stringifyNeverThrows } = require('../tolerant-json.cjs');

const utf8 = new TextEncoder();

/** UTF-8 JSON text of `value`; `undefined` (and functions) travel as `null`. */
function enc(value) {
  const text = stringifyNeverThrows(value);
  return utf8.encode(text === undefined ? 'null' : text);
}

module.exports = { enc };
