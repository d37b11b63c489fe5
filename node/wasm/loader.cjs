'use strict';
// The one place the WebAssembly core (wasm-pack's output in ../../pkg) is loaded. Only the
// bindings beside this file (node/wasm/, one per src/wasm/*.rs) read `core`; every other module
// calls their typed functions, so how and when a module is loaded is decided once, here.
//
// Two modules are built from the one crate: the formatter alone (pkg/formatter/: cap, round,
// JSON text) and every capability (pkg/, the tokenizer, summarizers, TOON …). The
// formatter's exports are always served by the small module, so encode and roundFloats never
// compile the tokenizer; everything else by the full one. Neither is loaded at require time:
// until its first call each export is a stub that loads its module and calls through, and
// loading replaces every stub with the real function, so later calls go straight to
// wasm-bindgen's glue.
//
// `core.formatter` is the small module's own exports: its transport (abi*) reaches its memory,
// where `core.abi*` reaches the full module's. `core.full` is the full module's own exports
// (the formatter's functions included), for a caller whose text is in the full module's memory
// anyway: a second module would hold a second copy of it (`report` on a large file).
//
// A third module, the tokenizer alone (pkg/tokenizer/, on Node only), is reached only
// through `core.tokenizer`, its own exports. `core.counting()` is the module the public token
// counts use: the tokenizer's until the full module is loaded, so a process whose first need is
// a count compiles the tokenizer and nothing else; the full one after, so a process that uses
// both does not count in two memories. Nothing is routed to the tokenizer by name: the
// capabilities that count inside the full module count there (each module holds its own rank
// tables: ./tables.cjs).
//
// read_result's search (src/query) is reached through `core.query`, after `core.loadQuery()`.
// On Node the full module holds it (its build has the `query` feature): `core.query` is
// `core.full`, and `core.loadQuery()` loads nothing and returns undefined, so a read stays
// synchronous. A page's full module is built without it, and the search is a module of its own
// (pkg/web/query/) that ./query-module.cjs (../browser/query-module.cjs in a page) fetches and
// instantiates on the first `core.loadQuery()`; until that resolves, `core.query`'s functions
// throw.

const names = require('../../pkg/modoki_budget_exports.json');
const queryModule = require('./query-module.cjs');

const formatterNames = new Set(names.formatter);
const isTransport = (name) => name.startsWith('abi');
const servedByFormatter = (name) => formatterNames.has(name) && !isTransport(name);

const core = {};
const whole = {};
const formatter = {};
const tokenizer = {};
let full = null;
let small = null;
let counter = null;

function loadFull() {
  if (full === null) {
    full = require('../../pkg/modoki_budget.js');
    for (const name of names.full) {
      whole[name] = full[name];
      if (!servedByFormatter(name)) core[name] = full[name];
    }
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

function loadTokenizer() {
  if (counter === null) {
    counter = require('../../pkg/tokenizer/modoki_budget_tokenizer.js');
    for (const name of names.tokenizer) tokenizer[name] = counter[name];
  }
  return counter;
}

for (const name of names.full) {
  const load = servedByFormatter(name) ? loadFormatter : loadFull;
  core[name] = (...args) => load()[name](...args);
  whole[name] = (...args) => loadFull()[name](...args);
}
for (const name of names.formatter) {
  formatter[name] = (...args) => loadFormatter()[name](...args);
}
for (const name of names.tokenizer) {
  tokenizer[name] = (...args) => loadTokenizer()[name](...args);
}
const query = queryModule.load === null ? whole : {};
let queryLoading = null;

/**
 * Loads the search module unless the full module holds it (undefined then): a promise that
 * resolves once `core.query`'s functions run. A failed load rejects, and the next call tries again.
 */
function loadQuery() {
  if (queryModule.load === null) return undefined;
  queryLoading ??= queryModule.load().then(
    (glue) => {
      for (const name of names.query) query[name] = glue[name];
    },
    (error) => {
      queryLoading = null;
      throw error;
    },
  );
  return queryLoading;
}

if (query !== whole) {
  for (const name of names.query) {
    query[name] = () => {
      throw new Error(`modoki-budget: ${name} is read_result's search, whose module is not loaded yet`);
    };
  }
}
core.formatter = formatter;
core.tokenizer = tokenizer;
core.full = whole;
core.query = query;
core.loadQuery = loadQuery;
core.counting = () => (full === null ? tokenizer : whole);

module.exports = core;
