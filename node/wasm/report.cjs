'use strict';
// The report's bindings (src/wasm/report.rs): measures of the compact JSON text in the full
// core's input buffer, taken in place, so the report's passes (the sample, the token
// attribution, the second encoding's count) read one copy of it.

const core = require('./loader.cjs');
const { roundedMeasures: ROUNDED } = require('./layout.cjs');

/**
 * Of the `length` bytes of UTF-8 JSON text in the input buffer: `{ units, roundedUnits,
 * roundedTokens }` — its UTF-16 length, and the length and the checked `encoding`'s tokens of
 * the text with every number rounded to `precision` significant digits.
 */
function roundedMeasuresOfInput(length, encoding, precision) {
  const n = core.roundedMeasuresInput(length, encoding, precision);
  return { units: n[ROUNDED.units], roundedUnits: n[ROUNDED.roundedUnits], roundedTokens: n[ROUNDED.roundedTokens] };
}

/**
 * The checked `encoding`'s tokens of the TOON encoding (default options) of the compact JSON
 * text in the `length` bytes of input, or -1 when the text holds an escaped lone surrogate.
 */
function toonTokensOfInput(length, encoding) {
  return core.toonTokensInput(length, encoding);
}

/** Whether the `length` bytes of input are UTF-8. */
function isUtf8Input(length) {
  return core.isUtf8Input(length);
}

module.exports = { roundedMeasuresOfInput, toonTokensOfInput, isUtf8Input };
