'use strict';
// read_result's search in a browser, in ../wasm/query-module.cjs's place. A page's full module
// is built without the search, whose regular expression engine would be a large share of what
// every page downloads (docs/browser.md, 'What a page downloads'), so the entry (`#query`, ./full.mjs) fetches and instantiates
// the search module, pkg/web/query/, when read_result first runs; ./loader.cjs calls `load`
// once (again after a failure). The module has its own memory, so its own copy of the rank
// table its answers are counted in, fetched as the full module's are (`#assets`).

module.exports = {
  /** Fetches and instantiates the search module: a promise of its wasm-bindgen exports. */
  load: () => require('#query').load(),
  /** A promise of the bytes of the rank table of `name` (an encoding the core has checked). */
  tableBytes: (name) => require('#assets').tableBytes(name),
};
