'use strict';
// Serving kept results over MCP: the `budget://result/{id}` URIs, the resource template a server
// lists, `resources/read` of one page, the resource_link block an elided result carries, and the
// optional `read_result_page` tool for clients that do not show resources to the model. A kept
// result is a server-issued handle, so each of these states to the model how long a result is
// kept (the store's ttl) and who may read it; reading an expired or unknown id says which.

const { codedError } = require('../internal/errors.cjs');

const URI_PREFIX = 'budget://result/';
const PAGE_TOOL = 'read_result_page';
const UNKNOWN = 'expired or unknown result — call the tool again';

/** `budget://result/<id>`, with `?page=K` when a page is given. */
function resultUri(id, page) {
  return page === undefined ? `${URI_PREFIX}${id}` : `${URI_PREFIX}${id}?page=${page}`;
}

const badUri = (uri, why) =>
  codedError('INVALID_INPUT', `${uri}: ${why}. Read budget://result/<id>?page=K with K from 1.`, TypeError);

/** `{ id, page }` of `budget://result/<id>[?page=K]` (page 1 when absent); INVALID_INPUT otherwise. */
function parseResultUri(uri) {
  if (typeof uri !== 'string' || !uri.startsWith(URI_PREFIX)) {
    throw badUri(typeof uri === 'string' ? JSON.stringify(uri) : typeof uri, 'not a budget://result/ URI');
  }
  const [id, query = '', ...more] = uri.slice(URI_PREFIX.length).split('?');
  if (id === '' || id.includes('/') || more.length > 0) throw badUri(uri, 'malformed result id');
  if (query === '') return { id, page: 1 };
  const match = /^page=([1-9][0-9]{0,8})$/.exec(query);
  if (match === null) throw badUri(uri, `bad query "${query}" (the only parameter is page, an integer from 1)`);
  return { id, page: Number(match[1]) };
}

const UNITS = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** `ms` as a number and a unit: the largest unit that divides it ("30 minutes", "90 seconds", "1500 milliseconds"). */
function durationText(ms) {
  const [unit, size] = UNITS.find(([, size]) => ms % size === 0) ?? ['millisecond', 1];
  const n = ms / size;
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/**
 * How long `store` keeps a result after its last read, as the model is told it: its
 * `limits.ttlMs` (every store of the package has one; a store of the caller's states its own
 * there), or null when the store does not say.
 */
function retentionOf(store) {
  const ttlMs = store === null || typeof store !== 'object' ? undefined : store.limits?.ttlMs;
  return Number.isSafeInteger(ttlMs) && ttlMs > 0 ? { ttlMs, text: durationText(ttlMs) } : null;
}

/** "kept for 30 minutes after its last read", or what a store that does not say allows. */
const keptFor = (retention) =>
  retention === null
    ? 'kept for as long as the result store keeps it'
    : `kept for ${retention.text} after its last read`;

/** Who may read kept results, for the descriptions that cover them all. */
const WHO_READS =
  'A result is readable only by the authenticated principal (or the session) whose call produced it; ' +
  'where the server has neither, its id is a bearer capability: anyone who has the id can read the result.';

/** The sentences on retention and readers every description of kept results ends with. */
const handleTerms = (retention) =>
  `Each result is ${keptFor(retention)}, then expires; an expired or unknown id is an error that says which. ${WHO_READS}`;

/** The input schema of `read_result_page`. */
const PAGE_TOOL_INPUT = Object.freeze({
  type: 'object',
  properties: Object.freeze({
    id: Object.freeze({ type: 'string', description: 'The result id: the part after budget://result/.' }),
    page: Object.freeze({ type: 'integer', minimum: 1, description: 'Page number, from 1 (default 1).' }),
  }),
  required: Object.freeze(['id']),
});

/** The resource template as `resources/templates/list` lists it, for a store that keeps results as `retention` says. */
const resourceTemplate = (retention) =>
  Object.freeze({
    uriTemplate: `${URI_PREFIX}{id}`,
    name: 'budget-result',
    title: 'Elided tool result',
    description:
      'A tool result that was over the budget, kept whole and served in pages: read budget://result/<id>?page=K (K from 1). ' +
      `Each page is one JSON text within the budget; page 1 tells how many pages there are. ${handleTerms(retention)}`,
    mimeType: 'application/json',
  });

/**
 * The `read_result_page` tool as `tools/list` lists it, for a store that keeps results as
 * `retention` says. `_meta["anthropic/alwaysLoad"]` keeps it in Claude Code's prompt: Claude Code
 * defers every other MCP tool behind its tool search.
 */
const pageToolDescriptor = (retention) =>
  Object.freeze({
    name: PAGE_TOOL,
    description:
      'Read one page of a tool result that was too large to send whole (its reply links budget://result/<id>). ' +
      `Pass the id from that link and page (from 1); page 1 says how many pages there are. ${handleTerms(retention)}`,
    inputSchema: PAGE_TOOL_INPUT,
    _meta: Object.freeze({ 'anthropic/alwaysLoad': true }),
  });

/**
 * The block an elided result carries: a link to its `pages`, saying how long the result is kept
 * (`retention`, see retentionOf) and who may read it — only its owner, or (`owned` false)
 * anyone who has the id — and, with `readResult`, how read_result searches it.
 */
function resourceLink(id, pages, { readResult = false, pageTool = false, retention = null, owned = false } = {}) {
  const uri = resultUri(id);
  const search = readResult ? `read_result {"id":"${id}","match":"…"} finds lines or items in it; or ` : '';
  const tool = pageTool ? ` or call ${PAGE_TOOL} with {"id":"${id}","page":K}` : '';
  const who = owned
    ? 'Only the principal or session that made this call can read it.'
    : 'The id is a bearer capability: anyone who has it can read the result.';
  return {
    type: 'resource_link',
    uri,
    name: `result-${id}`,
    mimeType: 'application/json',
    description: `The full result in ${pages} page${pages === 1 ? '' : 's'}, ${keptFor(retention)}: ${search}read ${uri}?page=K (K from 1 to ${pages})${tool}. ${who}`,
  };
}

/**
 * A store's failure as the reader reports it: STORE_UNAVAILABLE as the store coded it, or with
 * the store's own message for a store that threw something else.
 */
function storeFailure(error) {
  if (error instanceof Error && error.code === 'STORE_UNAVAILABLE') return error;
  const failure = codedError(
    'STORE_UNAVAILABLE',
    `the result store failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  failure.cause = error;
  return failure;
}

/**
 * The error for `id`, which `store` does not have for `owner`: UNKNOWN_RESULT, whose message
 * says the result expired when the store knows it did (its `expired`: the result was kept for
 * this reader and outlived `retention`), and "expired or unknown" otherwise — an id never
 * issued, forgotten, evicted for room, or kept for another owner all read alike.
 */
async function missingResult(store, id, owner, retention) {
  let expired = false;
  try {
    expired = typeof store.expired === 'function' && (await store.expired(id, { owner })) === true;
  } catch {
    // The store could not say: the answer is the one it gives for an unknown id.
  }
  if (!expired) return codedError('UNKNOWN_RESULT', `${resultUri(id)}: ${UNKNOWN}`);
  const rule = retention === null ? '' : ` (results are kept for ${retention.text} after their last read)`;
  return codedError('UNKNOWN_RESULT', `${resultUri(id)}: expired result${rule} — call the tool again`);
}

/**
 * Reading pages out of `store` (see stores/contract.cjs), which keeps results as `retention`
 * (retentionOf) says. `context.owner` is who reads: a result kept for another owner reads
 * exactly as an unknown one.
 */
function createPageReader(store, retention = retentionOf(store)) {
  async function readResource(uri, context) {
    const { id, page } = parseResultUri(uri);
    const owner = context === undefined || context === null ? undefined : context.owner;
    let found;
    try {
      found = await store.get(id, { owner, page });
    } catch (error) {
      throw storeFailure(error);
    }
    if (found === undefined) throw await missingResult(store, id, owner, retention);
    if (found.text === undefined) {
      throw codedError(
        'INVALID_INPUT',
        `${uri}: page ${page} does not exist; this result has pages 1 to ${found.pages}.`,
        RangeError,
      );
    }
    return { contents: [{ uri, mimeType: 'application/json', text: found.text }] };
  }

  async function callPageTool(args, context) {
    const { id, page } = typeof args === 'object' && args !== null ? args : {};
    const fail = (text) => ({ content: [{ type: 'text', text }], isError: true });
    if (typeof id !== 'string' || id === '')
      return fail(`${PAGE_TOOL}: id must be the non-empty string after budget://result/ in the result's link.`);
    if (page !== undefined && !(Number.isInteger(page) && page >= 1))
      return fail(`${PAGE_TOOL}: page must be an integer from 1, got ${JSON.stringify(page) ?? typeof page}.`);
    try {
      return {
        content: [{ type: 'text', text: (await readResource(resultUri(id, page ?? 1), context)).contents[0].text }],
      };
    } catch (error) {
      return fail(error.message);
    }
  }

  return { readResource, callPageTool };
}

module.exports = {
  URI_PREFIX,
  PAGE_TOOL,
  durationText,
  retentionOf,
  resourceTemplate,
  pageToolDescriptor,
  resultUri,
  parseResultUri,
  resourceLink,
  handleTerms,
  storeFailure,
  missingResult,
  createPageReader,
};
