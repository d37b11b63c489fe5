'use strict';
// The binding of the core's constants (src/wasm/constants.rs), for the build: it writes them to
// pkg/constants.json and node/wasm/layout.cjs (scripts/constants.mjs), so loading the package
// never instantiates the module to know them.

const core = require('./loader.cjs');

/**
 * `{ MAX_PAYLOAD_CHARS, DEFAULT_FLOAT_PRECISION, MAX_EFFECTIVE_PRECISION, EXACT_INTEGER_LIMIT,
 * LIVE_VOCABULARY_CAP }` as the core uses them.
 */
function coreConstants() {
  return JSON.parse(core.coreConstants());
}

/** `{ <layout>: { <position>: index } }`: the positions of the numbers an export answers in one array. */
function wasmLayouts() {
  return JSON.parse(core.wasmLayouts());
}

module.exports = { coreConstants, wasmLayouts };
