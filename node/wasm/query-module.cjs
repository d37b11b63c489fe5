'use strict';
// Where read_result's search runs on Node (and Bun and Deno): in the full module, whose build has
// the `query` feature (Cargo.toml), so a read loads nothing more than the full module, answers
// synchronously and counts with the full module's token tables. A browser entry runs
// ../browser/query-module.cjs in this file's place, where the search is a module of its own.

module.exports = {
  /** How to load a search module of its own: none, ./loader.cjs serves the search from the full module. */
  load: null,
  /** How to get a rank table's bytes for that module: none needed. */
  tableBytes: null,
};
