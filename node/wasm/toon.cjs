'use strict';
// The TOON binding (src/wasm/toon.rs): JSON text from V8 in, TOON text out, both through the
// one transport (./abi.cjs), Latin-1 both ways whenever the characters allow.

const core = require('./loader.cjs');
const abi = require('./abi.cjs');

/**
 * Module memory per input byte an encode takes: the input and the TOON text (the encoder
 * writes item by item, so no tree of the whole value), reserved at once before the call.
 */
const TOON_MEMORY_PER_INPUT_BYTE = 2;

/**
 * The TOON text of the JSON `text` V8 printed, with `delimiter` (one character) and
 * `indentSize`. Throws INVALID_OPTION for a bad delimiter or indent, INVALID_INPUT for text
 * that is not JSON.
 */
function toonEncode(text, delimiter, indentSize) {
  // The input and the output take about twice the JSON's size.
  abi.reserve(text.length * TOON_MEMORY_PER_INPUT_BYTE);
  const input = abi.writeText(text);
  const length = core.toonEncodeInput(input.length, input.latin1, delimiter.charCodeAt(0), indentSize);
  const toon = abi.readOutput(length);
  abi.release(input.length, length);
  return toon;
}

module.exports = { toonEncode };
