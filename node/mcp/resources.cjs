'use strict';
// Serving kept results over MCP: the `budget://result/{id}` URIs, the resource template a server
// lists, `resources/read` of one page, the resource_link block an elided result carries, and the
// optional `read_result_page` tool for clients that do not show resources to the model.

const { codedError } = require('../internal/errors.cjs');

const URI_PREFIX = 'budget://result/';
const PAGE_TOOL = 'read_result_page';
const EXPIRED = 'expired result — it is no longer kept; call the tool again';
const UNKNOWN = "unknown result — nothing is kept under this id; check it against the answer's budget://result/ link";

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

/** The resource template as `resources/templates/list` lists it. */
const RESOURCE_TEMPLATE = Object.freeze({
  uriTemplate: `${URI_PREFIX}{id}`,
  name: 'budget-result',
  title: 'Elided tool result',
  description:
    'A tool result that was over the budget, kept whole and served in pages: read budget://result/<id>?page=K (K from 1). ' +
    'Each page is one JSON text within the budget; page 1 tells how many pages there are.',
  mimeType: 'application/json',
});

/** The `read_result_page` tool as `tools/list` lists it. */
const PAGE_TOOL_DESCRIPTOR = Object.freeze({
  name: PAGE_TOOL,
  description:
    'Read one page of a tool result that was too large to send whole (its reply links budget://result/<id>). ' +
    'Pass the id from that link and page (from 1); page 1 says how many pages there are.',
  inputSchema: Object.freeze({
    type: 'object',
    properties: Object.freeze({
      id: Object.freeze({ type: 'string', description: 'The result id: the part after budget://result/.' }),
      page: Object.freeze({ type: 'integer', minimum: 1, description: 'Page number, from 1 (default 1).' }),
    }),
    required: Object.freeze(['id']),
  }),
});

/**
 * The block an elided result carries: a link to its pages. `tools` says which tools serve them:
 * `{ readResult, pageTool }` (the policy's options).
 */
function resourceLink(id, pages, { readResult = false, pageTool = false } = {}) {
  const uri = resultUri(id);
  const search = readResult ? `read_result {"id":"${id}","match":"…"} finds lines or items in it; ` : '';
  const tool = pageTool ? ` or call ${PAGE_TOOL} with {"id":"${id}","page":K}` : '';
  return {
    type: 'resource_link',
    uri,
    name: `result-${id}`,
    mimeType: 'application/json',
    description: `The full result, kept for this session in ${pages} page${pages === 1 ? '' : 's'}: ${search}read ${uri}?page=K (K from 1 to ${pages})${tool}.`,
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
 * The UNKNOWN_RESULT error for a read of `id` the store answered with `found`: its `{ expired:
 * true }` (a result kept for this reader that expired or was evicted) says "expired", anything
 * else "unknown" — an id of another owner's included, so a read cannot tell that it exists.
 */
function unknownResult(id, found) {
  const expired = typeof found === 'object' && found !== null && found.expired === true;
  return codedError('UNKNOWN_RESULT', `${resultUri(id)}: ${expired ? EXPIRED : UNKNOWN}`);
}

/**
 * Reading pages out of `store` (see stores/contract.cjs). `context.owner` is who reads: a
 * result kept for another owner reads exactly as a missing one.
 */
function createPageReader(store) {
  async function readResource(uri, context) {
    const { id, page } = parseResultUri(uri);
    const owner = context === undefined || context === null ? undefined : context.owner;
    let found;
    try {
      found = await store.get(id, { owner, page });
    } catch (error) {
      throw storeFailure(error);
    }
    if (found === undefined || found === null || found.expired === true) throw unknownResult(id, found);
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
  RESOURCE_TEMPLATE,
  PAGE_TOOL_DESCRIPTOR,
  resultUri,
  parseResultUri,
  resourceLink,
  storeFailure,
  unknownResult,
  createPageReader,
};
