'use strict';
// The binding of reading inside a kept result (src/wasm/query.rs): a search is started with its
// selector and budget, fed one page at a time through the search module's transport
// (./abi.cjs), and asked for its answer once it needs no more pages. The core holds each search
// by number between the calls, so the pages may come from an asynchronous store; the caller
// drops a search it leaves unanswered. The search runs in the module ./loader.cjs names
// `core.query`: the full module on Node, a module of its own in a page, loaded by `ready`.

const core = require('./loader.cjs');
const abi = require('./abi.cjs');
const queryModule = require('./query-module.cjs');
const { installTableBytes } = require('./tokens.cjs');

/** What the core reads as "no token cap". */
const NO_TOKEN_CAP = -1;

/** The encodings whose rank table is in a search module of its own (a page's): name → promise. */
const tables = new Map();

/**
 * Installs the rank table of `name` into a search module of its own, once: its answers are
 * counted there. A failed fetch rejects, and the next search tries again.
 */
function loadTable(name) {
  if (!tables.has(name)) {
    const installed = queryModule.tableBytes(name).then(
      (bytes) => installTableBytes(name, bytes, 'query'),
      (error) => {
        tables.delete(name);
        throw error;
      },
    );
    tables.set(name, installed);
  }
  return tables.get(name);
}

const querySearch = {
  /**
   * Resolves once a search in `encoding` can start. On Node at once: the full module holds the
   * search and its tables (the budget policy loaded its encoding's). In a page the first call
   * fetches and instantiates the search module, and the table of `encoding` is fetched into it
   * once; a failed fetch rejects with the file it could not load.
   */
  async ready({ encoding }) {
    if (queryModule.load === null) return;
    await core.loadQuery();
    await loadTable(encoding);
  },
  /**
   * A search for `kind` (`'match'`, `'path'` or `'lines'`) with `value`, answering within
   * `{ maxChars, maxTokens, encoding }`: its number. A value the core cannot read throws its
   * INVALID_INPUT error, whose message names the argument.
   */
  start: (kind, value, { maxChars, maxTokens, encoding }) =>
    core.query.querySearchNew(kind, value, maxChars, maxTokens ?? NO_TOKEN_CAP, encoding),
  /** Feeds search `handle` the next page's text; whether it needs the page after it. */
  read(handle, text) {
    const { length, latin1 } = abi.query.writeText(text);
    const more = core.query.querySearchRead(handle, length, latin1);
    abi.query.release(length);
    return more;
  },
  /** The answer of search `handle` (which the core then drops). */
  answer: (handle) => core.query.querySearchAnswer(handle),
  /** Drops search `handle`. */
  drop: (handle) => core.query.querySearchDrop(handle),
};

module.exports = { querySearch };
