'use strict';
// The binding of a large JSON text's sample (src/wasm/sample.rs): the value of a text that is
// exactly V8's compact form of it, with every array cut to its first items, read without the
// whole value ever becoming a JavaScript object.

const core = require('./loader.cjs');
const abi = require('./abi.cjs');
const { sampleCompact: SAMPLE } = require('./layout.cjs');

/**
 * For the `length` bytes of JSON in the full core's input buffer (Latin-1 when `latin1`, else
 * UTF-8), which it leaves there: when they are exactly V8's compact form of their value,
 * `{ sample, rootLengths }` — the sample's JSON text (every array cut to its first `keep`
 * items) and the true lengths of the root array or of the root object's array values, in
 * order; else undefined.
 */
function sampleCompactOfInput(length, latin1, keep) {
  const answer = core.sampleCompactInput(length, latin1, keep);
  if (answer === undefined) return undefined;
  const head = Object.keys(SAMPLE).length;
  return {
    sample: abi.readOutput(answer[SAMPLE.outputBytes], latin1),
    rootLengths: Array.from(answer.subarray(head)),
  };
}

module.exports = { sampleCompactOfInput };
