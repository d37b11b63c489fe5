'use strict';
// The one place the WebAssembly core (wasm-pack's output in ../../pkg) is loaded. Every
// capability module gets `core` from here, so how and when the module is loaded is decided once.
//
// Two modules are built from the one crate: the formatter alone (pkg/formatter/, ~110 KiB:
// cap, round, JSON text) and every capability (pkg/, the tokenizer, summarizers, TOON …). The
// formatter's exports are always served by the small module, so encode and roundFloats never
// compile the tokenizer; everything else by the full one. Neither is loaded at require time:
// until its first call each export is a stub that loads its module and calls through, and
// loading replaces every stub with the real function, so later calls go straight to
// wasm-bindgen's glue.
//
// `core.formatter` is the small module's own exports: its transport (abi*) reaches its memory,
// where `core.abi*` reaches the full module's.

const names = require('../../pkg/modoki_budget_exports.json');

const formatterNames = new Set(names.formatter);
const isTransport = (name) => name.startsWith('abi');
const servedByFormatter = (name) => formatterNames.has(name) && !isTransport(name);

const core = {};
const formatter = {};
let full = null;
let small = null;

function loadFull() {
  if (full === null) {
    full = require('../../pkg/modoki_budget.js');
    for (const name of names.full) if (!servedByFormatter(name)) core[name] = full[name];
  }
  return full;
}

function loadFormatter() {
  if (small === null) {
    small = require('../../pkg/formatter/modoki_budget_formatter.js');
    for (const name of names.formatter) {
      formatter[name] = small[name];
      if (servedByFormatter(name)) core[name] = small[name];
    }
  }
  return small;
}

for (const name of names.full) {
  const load = servedByFormatter(name) ? loadFormatter : loadFull;
  core[name] = (...args) => load()[name](...args);
}
for (const name of names.formatter) {
  formatter[name] = (...args) => loadFormatter()[name](...args);
}
core.formatter = formatter;

module.exports = core;
