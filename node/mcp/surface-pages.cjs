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
 * `observe(record)` gets `{ kind: 'page', tool, resultId, page, chars, tokens, ms }` per page
 * read; `tokens` (real tokens of the page text in `encoding`) is counted the first time it is
 * read, so an observer that does not read it never pays for counting. An observer that throws
 * costs nothing: the page is still answered.
 */
function createPageAccounting({ encoding, observe, now = () => performance.now() }) {
  const producedBy = new Map();

  /** Remembers the tool behind every budget:// link in a budgeted result. */
  function attribute(result, tool) {
    if (observe === undefined || !isObject(result) || !Array.isArray(result.content)) return;
    for (const block of result.content) {
      if (!isObject(block) || block.type !== 'resource_link' || typeof block.uri !== 'string') continue;
      if (!block.uri.startsWith(URI_PREFIX)) continue;
      const id = block.uri.slice(URI_PREFIX.length).split('?')[0];
      producedBy.delete(id);
      producedBy.set(id, tool);
      if (producedBy.size > MAX_ATTRIBUTED) producedBy.delete(producedBy.keys().next().value);
    }
  }

  function report(uri, text, ms) {
    let parsed;
    try {
      parsed = parseResultUri(uri);
    } catch {
      return;
    }
    tell({ resultId: parsed.id, page: parsed.page }, text, ms);
  }

  // Tells the observer about one read of `where` (`{ resultId, page, read? }`) answered `text`.
  function tell(where, text, ms) {
    let pending = text;
    let tokens;
    const record = {
      kind: 'page',
      tool: producedBy.get(where.resultId) ?? null,
      resultId: where.resultId,
      page: where.page,
      ...(where.read === undefined ? {} : { read: where.read }),
      chars: text.length,
    };
    Object.defineProperty(record, 'tokens', {
      enumerable: true,
      configurable: true,
      get() {
        if (tokens === undefined) {
          tokens = countTokens(pending, encoding);
          pending = null;
        }
        return tokens;
      },
    });
    record.ms = ms;
    try {
      observe(record);
    } catch {
      // A throwing observer must not cost the client its page.
    }
  }

  /**
   * Runs `run()` (a page read, sync or async) and reports it when `textOf(answer)` is the page
   * text (undefined: a failed read, not reported); resolves to `{ result: answer }`.
   */
  function read(uri, run, textOf) {
    const started = now();
    return then(run(), (out) => {
      if (observe !== undefined) {
        const text = textOf(out);
        if (typeof text === 'string') report(uri, text, now() - started);
      }
      return { result: out };
    });
  }

  /**
   * Runs `run()`, a read_result search (`how`: match, path or lines) of result `resultId`, and
   * reports it as a page read of no one page (`page: null`, `read: how`) when `textOf(answer)`
   * is its text; resolves to `{ result: answer }`.
   */
  function search(resultId, how, run, textOf) {
    const started = now();
    return then(run(), (out) => {
      if (observe !== undefined) {
        const text = textOf(out);
        if (typeof text === 'string') tell({ resultId, page: null, read: how }, text, now() - started);
      }
      return { result: out };
    });
  }

  return { attribute, read, search };
}

module.exports = { MAX_ATTRIBUTED, createPageAccounting };
