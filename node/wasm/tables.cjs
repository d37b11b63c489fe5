'use strict';
// The token rank tables, on Node (and Bun and Deno): no table is compiled into the module
// (cl100k's is 1.3 MB, o200k's 2.7 MB), so each is read from disk into WebAssembly memory on
// first use of its encoding, and a process that never counts tokens never reads one. The
// browser entry puts node/browser/tables.cjs in this module's place, where a table is fetched by
// `loadEncoding` because a browser cannot read a file synchronously.

const path = require('node:path');
const { checkEncoding, installTableFile } = require('./tokens.cjs');

const TABLE_DIR = path.join(__dirname, '..', '..', 'src', 'tokens', 'data');

// Each WebAssembly module has its own memory, so its own tables: `full` for the capabilities
// that count inside the full module (the budget policy, tokenReport, profiles, menus),
// `tokenizer` for the public counts (./tokens.cjs). A process that uses both holds a table
// twice (cl100k: 1.3 MB each).
const LOADED = { full: new Set(), tokenizer: new Set() };

/** Loads the table of the checked encoding `name` into `module` unless it is loaded already. */
function ensureTable(name, module = 'full') {
  const loaded = LOADED[module];
  if (loaded.has(name)) return;
  installTableFile(name, path.join(TABLE_DIR, `${name}.bin`), module);
  loaded.add(name);
}

/**
 * Resolves once `encoding` can be counted. Here that is at once (its table is read on first
 * use); it exists so code that also runs in a browser loads tables the same way everywhere.
 * Rejects with UNKNOWN_ENCODING for a name that is not supported.
 */
async function loadEncoding(encoding) {
  checkEncoding(encoding);
}

/** Whether the table of the checked encoding `name` is in `module` already. */
const isLoaded = (name, module = 'full') => LOADED[module].has(name);

module.exports = { ensureTable, isLoaded, loadEncoding };
