'use strict';
// The `read_result` tool: what a model looks for inside a kept (over-cap) result, found in the
// store's pages by one call — the lines or items that match a string or a /regex/, the value at
// a JSONPath, a range of lines, or a page. withBudget and the proxy list it beside the server's
// own tools in every preset (docs/mcp.md, "read_result"). The search itself is the core's
// (src/query), fed one page at a time; this file reads the arguments, the pages and the store's
// answers, and never throws: every failure is an isError answer that names what to change.

const { querySearch } = require('../wasm/query.cjs');
const { resultUri, storeFailure, missingResult, handleTerms, retentionOf } = require('./resources.cjs');

const READ_TOOL = 'read_result';
/** The arguments that say what to read; a call passes one of them (none: page 1). */
const SELECTORS = Object.freeze(['page', 'match', 'path', 'lines']);
/** Pages asked of the store at once: a search holds at most this many pages' text at a time. */
const PAGES_AT_ONCE = 8;

/** The input schema of `read_result`. */
const READ_TOOL_INPUT = Object.freeze({
  type: 'object',
  properties: Object.freeze({
    id: Object.freeze({ type: 'string', description: 'The result id: the part after budget://result/ in its link.' }),
    match: Object.freeze({
      type: 'string',
      description: 'Text to find, case-insensitive; /…/ for a regular expression (linear time, no backreferences).',
    }),
    path: Object.freeze({ type: 'string', description: 'A JSONPath: $, .key, ["key"], [i], [from:to].' }),
    lines: Object.freeze({ type: 'string', description: 'Lines "FROM-TO" of a text result, from 1.' }),
    page: Object.freeze({ type: 'integer', minimum: 1, description: 'A page, from 1 (the default).' }),
  }),
  required: Object.freeze(['id']),
  additionalProperties: false,
});

/**
 * `read_result` as tools/list lists it, for a store that keeps results as `retention` says
 * (resources.cjs, retentionOf). `_meta["anthropic/alwaysLoad"]`: Claude Code defers every MCP
 * tool behind its tool search otherwise, and a model that cannot see this tool pages by hand.
 */
const readToolDescriptor = (retention) =>
  Object.freeze({
    name: READ_TOOL,
    title: 'Read inside a kept result',
    description:
      'Find what you need inside a tool result that was too large to send whole (its answer links budget://result/<id> and names this tool). ' +
      'Pass that id and one of: match — text to find, case-insensitive (or /regex/): the matching lines with 2 lines around each, ' +
      "or a JSON result's matching items with their indices; path — a JSONPath such as $.rows[120], $.rows[100:150].name or " +
      `$["key"]; lines — "FROM-TO" of a text; page — a page number from 1. Every answer says which page each thing is on. ${handleTerms(retention)}`,
    inputSchema: READ_TOOL_INPUT,
    annotations: Object.freeze({ title: 'Read inside a kept result', readOnlyHint: true, openWorldHint: false }),
    _meta: Object.freeze({ 'anthropic/alwaysLoad': true }),
  });

const failed = (text) => ({ content: [{ type: 'text', text }], isError: true });
const shown = (value) => JSON.stringify(value) ?? typeof value;

/**
 * The call's `{ id, kind, value }` (kind one of SELECTORS), or `{ error }`: the sentence that
 * says which argument is wrong and what to pass.
 */
function readArguments(args) {
  if (typeof args !== 'object' || args === null || Array.isArray(args))
    return {
      error: `${READ_TOOL}: pass an object of arguments: { "id": "<id>", and one of ${SELECTORS.join(', ')} }.`,
    };
  for (const key of Object.keys(args))
    if (key !== 'id' && !SELECTORS.includes(key))
      return { error: `${READ_TOOL}: unknown argument ${shown(key)}; it takes id and one of ${SELECTORS.join(', ')}.` };
  const { id } = args;
  if (typeof id !== 'string' || id === '')
    return { error: `${READ_TOOL}: id must be the non-empty string after budget://result/ in the result's link.` };
  // A null selector is one not given: clients whose tool calls fill every parameter (strict
  // function calling) send null for those the model left out.
  const given = SELECTORS.filter((key) => args[key] !== undefined && args[key] !== null);
  if (given.length > 1)
    return { error: `${READ_TOOL}: pass one of ${given.join(', ')}, not ${given.length}: each call reads one way.` };
  const kind = given[0] ?? 'page';
  const value = args[kind] ?? undefined;
  if (kind === 'page') {
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 1))
      return { error: `${READ_TOOL}: page must be an integer from 1, got ${shown(value)}.` };
    return { id, kind, value: value ?? 1 };
  }
  if (typeof value !== 'string') return { error: `${READ_TOOL}: ${kind} must be a string, got ${shown(value)}.` };
  return { id, kind, value };
}

/** The fewest chars a read_result answer is searched again within, under a byte cap. */
const MIN_CHARS = 2000;

/** A store's answer to `ask()`, its failure coded STORE_UNAVAILABLE whatever it threw. */
async function asked(ask) {
  try {
    return await ask();
  } catch (error) {
    throw storeFailure(error);
  }
}

/**
 * The reader of `store`'s results for `read_result`, answering within `budget` ({ maxChars,
 * maxBytes?, maxTokens?, encoding }); `retention` is how long the store keeps a result (for
 * "expired"; the store's own by default).
 */
class ResultReader {
  #store;
  #budget;
  #retention;

  constructor(store, budget, retention = retentionOf(store)) {
    this.#store = store;
    this.#budget = budget;
    this.#retention = retention;
  }

  /**
   * `{ pages, texts }`: the texts of pages `from` to `to` of `id` for `owner` (fewer when the
   * store reads one at a time), or undefined when the store has nothing for them.
   */
  async getPages(id, owner, from, to) {
    const store = this.#store;
    if (typeof store.getPages === 'function') return asked(() => store.getPages(id, { owner, from, to }));
    const one = await asked(() => store.get(id, { owner, page: from }));
    if (one === undefined || one === null) return undefined;
    return { pages: one.pages, texts: one.text === undefined ? [] : [one.text] };
  }

  /**
   * The answer a read of `id` gets when the store has nothing for `owner` (`found` undefined):
   * expired or unknown, as the store can tell; undefined when it has the result.
   */
  async absent(id, owner, found) {
    if (found !== undefined && found !== null) return undefined;
    return failed((await missingResult(this.#store, id, owner, this.#retention)).message);
  }

  /** The answer for page `page` of `id`. */
  async readPage(id, page, owner) {
    const found = await asked(() => this.#store.get(id, { owner, page }));
    const missing = await this.absent(id, owner, found);
    if (missing !== undefined) return missing;
    if (found.text === undefined)
      return failed(`${READ_TOOL}: page ${page} is past the end: ${resultUri(id)} has pages 1 to ${found.pages}.`);
    return { content: [{ type: 'text', text: found.text }] };
  }

  /**
   * Feeds search `handle` the pages from 1 until it has what it needs; an isError answer when
   * the result is not there, else undefined.
   */
  async feed(handle, id, owner) {
    for (let from = 1; ;) {
      const found = await this.getPages(id, owner, from, from + PAGES_AT_ONCE - 1);
      const missing = await this.absent(id, owner, found);
      if (missing !== undefined) return missing;
      for (const text of found.texts) if (!querySearch.read(handle, text)) return undefined;
      from += found.texts.length;
      if (found.texts.length === 0 || from > found.pages) return undefined;
    }
  }

  /**
   * The answer of search `call` (`{ id, kind, value }`) for `owner`, within the budget. Under a
   * byte cap, which binds only past ASCII, it searches again with as many chars as the bytes allow.
   */
  async search(call, owner) {
    const budget = this.#budget;
    let handle = -1;
    try {
      // In a page the search module is fetched on the first search (node/wasm/query.cjs).
      await querySearch.ready(budget);
      for (let chars = budget.maxChars; ;) {
        handle = querySearch.start(call.kind, call.value, { ...budget, maxChars: chars });
        const missing = await this.feed(handle, call.id, owner);
        if (missing !== undefined) return missing;
        const text = querySearch.answer(handle);
        handle = -1;
        const bytes = budget.maxBytes === undefined ? 0 : Buffer.byteLength(text, 'utf8');
        if (bytes <= (budget.maxBytes ?? 0) || chars <= MIN_CHARS) return { content: [{ type: 'text', text }] };
        chars = Math.max(MIN_CHARS, Math.floor((chars * budget.maxBytes) / bytes) - 1);
      }
    } finally {
      if (handle >= 0) querySearch.drop(handle);
    }
  }

  /**
   * The CallToolResult for a `read_result` call with `args`, for `context.owner`: the answer
   * within the budget, or isError with what to change. Never rejects.
   */
  async callReadTool(args, context) {
    const call = readArguments(args);
    if (call.error !== undefined) return failed(call.error);
    const owner = context === undefined || context === null ? undefined : context.owner;
    try {
      if (call.kind === 'page') return await this.readPage(call.id, call.value, owner);
      return await this.search(call, owner);
    } catch (error) {
      const code = error instanceof Error ? error.code : undefined;
      if (code === 'INVALID_INPUT') return failed(error.message);
      if (code === 'STORE_UNAVAILABLE') return failed(`${error.message} Read again once it is back.`);
      return failed(`${READ_TOOL} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

module.exports = { READ_TOOL, readToolDescriptor, PAGES_AT_ONCE, readArguments, ResultReader };
