'use strict';
// Accounting for page reads: every page a client reads (as a budget:// resource or through the
// page tool) is reported to the same observer as tool calls, so a session's totals count the
// pages read after an elided answer, not only the answer.

const { URI_PREFIX, parseResultUri } = require('./resources.cjs');
const { countTokens } = require('../tokens.cjs');
const { then } = require('./maybe-async.cjs');
const { isObject } = require('./jsonrpc.cjs');

/**
 * Result ids whose tool is remembered for page records, newest kept. A result read after it
 * was forgotten here (or one another process produced) is reported with `tool: null`.
 */
const MAX_ATTRIBUTED = 10_000;

/**
 * The page reads of one surface. `observe(record)` gets `{ kind: 'page', tool, resultId, page,
 * chars, tokens, ms }` per page read; `tokens` (real tokens of the page text in `encoding`) is
 * counted the first time it is read, so an observer that does not read it never pays for
 * counting. An observer that throws costs nothing: the page is still answered. `now` is the
 * clock (performance.now by default).
 */
class PageAccounting {
  /** Result id → the tool that produced it, oldest first (at most MAX_ATTRIBUTED). */
  #producedBy = new Map();
  #encoding;
  #observe;
  #now;

  constructor({ encoding, observe, now = () => performance.now() }) {
    this.#encoding = encoding;
    this.#observe = observe;
    this.#now = now;
  }

  /** Remembers the tool behind every budget:// link in a budgeted result. */
  attribute(result, tool) {
    if (this.#observe === undefined || !isObject(result) || !Array.isArray(result.content)) return;
    for (const block of result.content) {
      if (!isObject(block) || block.type !== 'resource_link' || typeof block.uri !== 'string') continue;
      if (!block.uri.startsWith(URI_PREFIX)) continue;
      const id = block.uri.slice(URI_PREFIX.length).split('?')[0];
      this.#producedBy.delete(id);
      this.#producedBy.set(id, tool);
      if (this.#producedBy.size > MAX_ATTRIBUTED) this.#producedBy.delete(this.#producedBy.keys().next().value);
    }
  }

  /**
   * Runs `run()` (a page read of `uri`, sync or async) and reports it when `textOf(answer)` is
   * the page text (undefined: a failed read, not reported); resolves to `{ result: answer }`.
   */
  read(uri, run, textOf) {
    return this.#timed(run, textOf, (text, ms) => {
      let parsed;
      try {
        parsed = parseResultUri(uri);
      } catch {
        return;
      }
      this.#tell({ resultId: parsed.id, page: parsed.page }, text, ms);
    });
  }

  /**
   * Runs `run()`, a read_result search (`how`: match, path or lines) of result `resultId`, and
   * reports it as a page read of no one page (`page: null`, `read: how`) when `textOf(answer)`
   * is its text; resolves to `{ result: answer }`.
   */
  search(resultId, how, run, textOf) {
    return this.#timed(run, textOf, (text, ms) => this.#tell({ resultId, page: null, read: how }, text, ms));
  }

  /** Runs `run()`; when observed and `textOf` its answer is a text, `report(text, ms)`. */
  #timed(run, textOf, report) {
    const started = this.#now();
    return then(run(), (out) => {
      if (this.#observe !== undefined) {
        const text = textOf(out);
        if (typeof text === 'string') report(text, this.#now() - started);
      }
      return { result: out };
    });
  }

  /** Tells the observer about one read of `where` (`{ resultId, page, read? }`) answered `text`. */
  #tell(where, text, ms) {
    const record = {
      kind: 'page',
      tool: this.#producedBy.get(where.resultId) ?? null,
      resultId: where.resultId,
      page: where.page,
      ...(where.read === undefined ? {} : { read: where.read }),
      chars: text.length,
    };
    Object.defineProperty(record, 'tokens', lazyTokens(text, this.#encoding));
    record.ms = ms;
    try {
      this.#observe(record);
    } catch {
      // A throwing observer must not cost the client its page.
    }
  }
}

/** A `tokens` property counting `text` in `encoding` when first read (then dropping the text). */
function lazyTokens(text, encoding) {
  let pending = text;
  let tokens;
  return {
    enumerable: true,
    configurable: true,
    get() {
      if (tokens === undefined) {
        tokens = countTokens(pending, encoding);
        pending = null;
      }
      return tokens;
    },
  };
}

module.exports = { MAX_ATTRIBUTED, PageAccounting };
