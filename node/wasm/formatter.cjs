'use strict';
// The formatter's bindings (src/wasm/formatter.rs): rounding, capText, the elision envelope and
// its hint, the top-level summary, and the marker of a value that threw while it was read. They
// run in the small formatter module (pkg/formatter/) until the full core is loaded
// (./loader.cjs), so encode and roundFloats never compile the tokenizer.

const core = require('./loader.cjs');
const abi = require('./abi.cjs');

/** `[Thrown: …]` for a value `thrown` while a value was read: what `String()` prints of it. */
function thrownText(thrown) {
  return core.thrownText(thrown);
}

/** `Number(x.toPrecision(sig))` with the reference's pass-through rules (numbers only). */
function roundSig(x, sig) {
  return core.roundSig(x, sig);
}

/**
 * The JSON `text` with every number rounded to `sig` significant digits, in one pass in the
 * formatter module; a text with no number to change is returned as it is, not copied back.
 */
function roundJsonText(text, sig) {
  const transport = abi.formatter;
  const input = transport.writeText(text);
  const length = core.formatter.roundJsonInput(input.length, input.latin1, sig);
  const rounded = length < 0 ? text : transport.readOutput(length, input.latin1);
  transport.release(input.length, length);
  return rounded;
}

/**
 * The string `text` within `maxChars` UTF-16 units: itself when it fits, else a prefix (never
 * ending in half a surrogate pair) plus `\n…[N chars elided of LEN]`. An under-cap text is never
 * copied into WebAssembly.
 */
function capText(text, maxChars) {
  return core.capText(text, maxChars);
}

/**
 * The elision envelope's JSON text for `data`, whose compact JSON was `chars` UTF-16 units long
 * (and `tokens` tokens when the cap is in tokens; -1 otherwise), over `cap`; `filters` are the
 * calling tool's own narrowing parameters for the hint (empty: the generic advice).
 */
function elisionEnvelope(data, chars, tokens, cap, filters) {
  return core.elisionEnvelope(data, chars, tokens, cap, filters);
}

/** An envelope's `hint` retargeted to `filters`; `bytes` is the envelope's `bytes` as `String()` prints it. */
function retargetHint(hint, bytes, filters) {
  return core.retargetHint(hint, bytes, filters);
}

/**
 * `{ key: <count or type> }` for each top-level key of `data`, or its description for a
 * non-object. Parsed from the core's JSON text, so a key such as `__proto__` is an own property.
 */
function summarize(data) {
  return JSON.parse(core.summarizeJson(data));
}

module.exports = { thrownText, roundSig, roundJsonText, capText, elisionEnvelope, retargetHint, summarize };
