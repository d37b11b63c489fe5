'use strict';
// The token rank tables in a browser, in node/wasm/tables.cjs's place: a page cannot read a
// file synchronously, so `loadEncoding` fetches a table once and every count before that throws
// ENCODING_NOT_LOADED naming it. The table files are found by the entry (`#assets`), whose
// `new URL(…, import.meta.url)` is what bundlers follow to emit and serve them.

const { checkEncoding, installTableBytes } = require('../wasm/tokens.cjs');
const { codedError } = require('../internal/errors.cjs');
const assets = require('#assets');

const loaded = new Set();
const loading = new Map();

/**
 * Throws ENCODING_NOT_LOADED unless `loadEncoding(name)` has resolved. A page has one module
 * (the full one serves the tokenizer's functions too), so one set of tables for every `module`.
 */
function ensureTable(name) {
  if (loaded.has(name)) return;
  throw codedError(
    'ENCODING_NOT_LOADED',
    `The "${name}" token table is not loaded: call \`await loadEncoding(${JSON.stringify(name)})\` once before counting tokens with it in a browser.`,
  );
}

/**
 * Fetches the table of `encoding` (cl100k_base by default) into the core; resolves when it can
 * be counted. A second call for the same encoding waits for the first fetch instead of repeating
 * it; a failed fetch rejects, and the next call tries again.
 */
function loadEncoding(encoding) {
  let name;
  try {
    name = checkEncoding(encoding);
  } catch (error) {
    return Promise.reject(error);
  }
  if (loaded.has(name)) return Promise.resolve();
  if (!loading.has(name)) {
    const fetched = assets.tableBytes(name).then(
      (bytes) => {
        installTableBytes(name, bytes);
        loaded.add(name);
        loading.delete(name);
      },
      (error) => {
        loading.delete(name);
        throw error;
      },
    );
    loading.set(name, fetched);
  }
  return loading.get(name);
}

/** Whether the table of the checked encoding `name` is in the core already. */
const isLoaded = (name) => loaded.has(name);

module.exports = { ensureTable, isLoaded, loadEncoding };
