'use strict';
// The binding of reading inside a kept result (src/wasm/query.rs): a search is started with its
// selector and budget, fed one page at a time through the one transport (./abi.cjs), and asked
// for its answer once it needs no more pages. The core holds each search by number between the
// calls, so the pages may come from an asynchronous store; the caller drops a search it leaves
// unanswered.

const core = require('./loader.cjs');
const abi = require('./abi.cjs');

/** What the core reads as "no token cap". */
const NO_TOKEN_CAP = -1;

const querySearch = {
  /**
   * A search for `kind` (`'match'`, `'path'` or `'lines'`) with `value`, answering within
   * `{ maxChars, maxTokens, encoding }`: its number. A value the core cannot read throws its
   * INVALID_INPUT error, whose message names the argument.
   */
  start: (kind, value, { maxChars, maxTokens, encoding }) =>
    core.querySearchNew(kind, value, maxChars, maxTokens ?? NO_TOKEN_CAP, encoding),
  /** Feeds search `handle` the next page's text; whether it needs the page after it. */
  read(handle, text) {
    const { length, latin1 } = abi.writeText(text);
    const more = core.querySearchRead(handle, length, latin1);
    abi.release(length);
    return more;
  },
  /** The answer of search `handle` (which the core then drops). */
  answer: (handle) => core.querySearchAnswer(handle),
  /** Drops search `handle`. */
  drop: (handle) => core.querySearchDrop(handle),
};

module.exports = { querySearch };
