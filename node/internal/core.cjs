'use strict';
// The one place the WebAssembly core (wasm-pack's output in ../../pkg) is loaded. Every
// capability module gets `core` from here, so how and when the module is loaded is decided once.
//
// It is loaded on first use, not at require time: most callers only `encode` under the cap,
// which is pure V8 (JSON.stringify and a length check), and a process should not pay to read,
// compile and instantiate the module for that. Until then each export is a stub that loads the
// module and calls through; loading replaces every stub with the real function, so later calls
// go straight to wasm-bindgen's glue.

const names = require('../../pkg/modoki_budget_exports.json');

const core = {};
let wasm = null;

function load() {
  if (wasm === null) {
    wasm = require('../../pkg/modoki_budget.js');
    for (const name of names) core[name] = wasm[name];
  }
  return wasm;
}

for (const name of names) {
  core[name] = (...args) => load()[name](...args);
}

module.exports = core;
