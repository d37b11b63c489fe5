'use strict';
// The budget layer's MCP surface, written once for every adapter — withBudget on an SDK server
// (with-budget.cjs) and the proxy on raw JSON-RPC lines (cli/proxy-session.cjs): which requests
// the layer answers itself, what it adds to the server's answers (one paging rule: additions go
// on the last page, the list result without `nextCursor`), the capabilities it adds, how a page
// read is answered and accounted, and the context a tool result is budgeted with. An adapter
// only moves messages: it asks `answer` what to do with a request and `merge` what to send for
// the server's answer. docs/mcp.md, "The surface", is the contract.

const { URI_PREFIX, PAGE_TOOL } = require('./resources.cjs');
const { READ_TOOL } = require('./read-result.cjs');
const { RPC, rpcErrorOf, isObject } = require('./jsonrpc.cjs');
const { createToolIndex } = require('./surface-tools.cjs');
const { PageAccounting } = require('./surface-pages.cjs');
const { then, attempt } = require('./maybe-async.cjs');
const { widenListedTools } = require('./output-schema.cjs');
const { revisionOf, answerIn } = require('./revision.cjs');

/**
 * Where a result budgeted elsewhere carries its own `apply(tool, context)` (the policy's, run
 * in another thread: the proxy's large lines, node/proxy/far-lines.cjs), which `budget` calls
 * instead of the policy's; it answers what the policy's would, or a Promise of it.
 */
const APPLY = Symbol.for('modoki-budget.applyElsewhere');

/** The methods the budget layer answers or changes; every other message passes through untouched. */
const OWNED_METHODS = Object.freeze([
  'initialize',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

/**
 * The cache hints of the answers the layer writes itself in 2026-07-28: a list it answers is
 * fresh for no time (the server's own lists may change); a page never changes while it is kept,
 * so it is fresh for as long as the store keeps it, and private (readable by its owner only).
 */
const LIST_CACHE = Object.freeze({ ttlMs: 0, cacheScope: 'private' });

/** Who reads, as the adapter's `server` says (`server.owner`): `{ owner }`, or undefined for anyone. */
const readerOf = (server) =>
  isObject(server) && typeof server.owner === 'string' ? { owner: server.owner } : undefined;

/** The text of a read tool's answer, for its accounting; undefined for a failed read. */
const answerText = (out) => (out.isError === true ? undefined : out.content[0].text);

/** Whether a list result is the last page of its list: it has no `nextCursor`. */
const isLastPage = (result) => typeof result.nextCursor !== 'string';

/** Runs `f`; a throw (or a rejection) becomes `{ error }`, the JSON-RPC error of what was thrown. */
const guarded = (f, data) => attempt(f, (error) => ({ error: rpcErrorOf(error, data) }));

/**
 * The context `policy.apply` gets for a call of `tool` (as `tools` last saw it listed) with
 * `args` that returned `value`: `{ hasOutputSchema, inputSchema, arguments }`. A tool never
 * listed (a low-level server without tools/list) is taken as having an outputSchema when its
 * result has structuredContent: over the cap that result carries the answer as structuredContent,
 * which the listed schema accepts (./output-schema.cjs). `hasOutputSchema`, when the adapter
 * knows it, wins.
 * `owner` (the session or principal that called, when the adapter knows one) is who may read
 * the pages of an over-cap result.
 */
function callContext(tools, tool, value, { arguments: args, hasOutputSchema, owner } = {}) {
  const listed = tools.get(tool);
  const declared =
    listed === undefined ? isObject(value) && value.structuredContent !== undefined : isObject(listed.outputSchema);
  return {
    hasOutputSchema: typeof hasOutputSchema === 'boolean' ? hasOutputSchema : declared,
    inputSchema: listed === undefined || !isObject(listed.inputSchema) ? undefined : listed.inputSchema,
    arguments: args,
    owner,
  };
}

/** A route a dispatch gave for a tools/call with `params`, as an `answer` outcome. */
function routed(route, params) {
  if (route === undefined) return undefined;
  if (isObject(route) && Object.hasOwn(route, 'result')) return { result: route.result };
  if (isObject(route) && typeof route.name === 'string')
    return { forward: { ...params, name: route.name, arguments: route.arguments } };
  throw new TypeError(`the tool dispatch routed ${params.name} to neither a tool nor a result`);
}

/**
 * The surface over one budget policy (createBudgetPolicy's public shape). Options:
 * - `readTool`: list and answer `read_result` beside the server's tools, and answer its alias
 *   `read_result_page` (default: the policy's `readResult` option, true unless turned off).
 * - `pageTool`: also list `read_result_page`, and answer it without `readTool` (default: the
 *   policy's option).
 * - `dispatch`: a tool dispatch (docs/mcp.md, "The tool dispatch") that replaces how tools/list
 *   and tools/call reach the server's tools; absent, they are listed and called as they are.
 * - `observe(record)`: told about every page read, `{ kind: 'page', tool, resultId, page,
 *   chars, tokens, ms }` (`tokens` counted when first read), and every read_result search,
 *   the same with `page: null` and `read` (`'match'`, `'path'` or `'lines'`). Call records are
 *   the adapter's.
 * - `now()`: the clock for `ms` (default performance.now).
 */
class Surface {
  #pages;
  #dispatch;
  #pageCache;

  constructor(
    policy,
    {
      pageTool = policy.options.pageTool === true,
      readTool = policy.options.readResult !== false,
      dispatch,
      observe,
      now,
    } = {},
  ) {
    this.policy = policy;
    this.pageTool = pageTool;
    this.readTool = readTool;
    /** The tools the layer lists after the server's: read_result, then read_result_page. */
    this.ownTools = Object.freeze([...(readTool ? [policy.readTool] : []), ...(pageTool ? [policy.pageTool] : [])]);
    /** The tools as the server lists them (adapters feed it the tools/list answers they see). */
    this.tools = createToolIndex();
    /** What the layer adds to the server's capabilities: it serves resources (and its tools). */
    this.capabilities = Object.freeze({ resources: {}, ...(this.ownTools.length > 0 ? { tools: {} } : {}) });
    this.#pages = new PageAccounting({ encoding: policy.options.encoding, observe, now });
    this.#dispatch = dispatch;
    const ttlMs = policy.options.store.limits?.ttlMs;
    this.#pageCache = Object.freeze({
      ttlMs: Number.isSafeInteger(ttlMs) && ttlMs > 0 ? ttlMs : 0,
      cacheScope: 'private',
    });
  }

  /**
   * What to do with a client's request `method(params)`; `server` tells what the server behind
   * the adapter serves: `{ serves(method) → boolean, listTools() → every tool it lists,
   * owner?, revision? }` — `owner` the session or principal the request comes from, when there
   * is one; `revision` the protocol revision the request is served in, when the adapter knows
   * it (by default the one `params._meta` names: none for a 2025-era request).
   * Returns (or resolves to, when a page read or the dispatch is async):
   * - undefined: forward the request to the server unchanged;
   * - `{ forward: params }`: forward it with these params instead (a dispatch's routed call);
   * - `{ result }` or `{ error: { code, message, data? } }`: the answer; the server never sees
   *   it. A 2026-07-28 result carries `resultType` (and, for a cacheable method, `ttlMs` and
   *   `cacheScope`), a 2025-era one neither.
   */
  answer(method, params, server) {
    const revision = typeof server?.revision === 'string' ? server.revision : revisionOf(params);
    const cache = method === 'resources/read' ? this.#pageCache : LIST_CACHE;
    return then(this.#answer(method, params, server), (out) =>
      out !== undefined && Object.hasOwn(out, 'result')
        ? { result: answerIn(revision, method, out.result, cache) }
        : out,
    );
  }

  #answer(method, params, server) {
    const p = isObject(params) ? params : {};
    switch (method) {
      case 'resources/read':
        if (typeof p.uri === 'string' && p.uri.startsWith(URI_PREFIX)) return this.#readPage(p.uri, readerOf(server));
        if (!server.serves(method))
          return { error: { code: RPC.INVALID_PARAMS, message: `Resource ${p.uri} not found` } };
        return undefined;
      case 'resources/list':
        return server.serves(method) ? undefined : { result: { resources: [] } };
      case 'resources/templates/list':
        return server.serves(method) ? undefined : { result: { resourceTemplates: [this.policy.resourceTemplate] } };
      case 'tools/list':
        if (this.#dispatch !== undefined) return this.#listThroughDispatch(server);
        if (!server.serves(method) && this.ownTools.length > 0) return { result: { tools: [...this.ownTools] } };
        return undefined;
      case 'tools/call':
        if (this.readTool && p.name === READ_TOOL) return this.#callReadTool(p.arguments, readerOf(server));
        if ((this.pageTool || this.readTool) && p.name === PAGE_TOOL)
          return this.#callPageTool(p.arguments, readerOf(server));
        if (this.#dispatch !== undefined)
          return guarded(() =>
            then(
              this.#dispatch.routeCall(String(p.name), p.arguments, () => server.listTools()),
              (route) => routed(route, p),
            ),
          );
        if (!server.serves(method)) return { error: { code: RPC.INVALID_PARAMS, message: `Tool ${p.name} not found` } };
        return undefined;
      default:
        return undefined;
    }
  }

  /**
   * What the client gets for the server's successful answer `result` to `method(params)`: the
   * same object when the layer adds nothing (so an adapter can send the server's own bytes), a
   * new one otherwise. The template and the page tool are added to the last page of their list.
   */
  merge(method, params, result) {
    if (!isObject(result)) return result;
    switch (method) {
      case 'initialize':
      case 'server/discover': {
        const caps = isObject(result.capabilities) ? result.capabilities : {};
        const missing = Object.keys(this.capabilities).filter((key) => !isObject(caps[key]));
        if (missing.length === 0) return result;
        return { ...result, capabilities: { ...caps, ...Object.fromEntries(missing.map((key) => [key, {}])) } };
      }
      case 'tools/list': {
        this.tools.learn(result);
        // A listed outputSchema accepts the over-cap answer too (./output-schema.cjs).
        const listed = widenListedTools(result);
        if (this.ownTools.length === 0 || !isLastPage(listed) || !Array.isArray(listed.tools)) return listed;
        return { ...listed, tools: [...listed.tools, ...this.ownTools] };
      }
      case 'resources/templates/list': {
        if (!isLastPage(result)) return result;
        const listed = Array.isArray(result.resourceTemplates) ? result.resourceTemplates : [];
        return { ...result, resourceTemplates: [...listed, this.policy.resourceTemplate] };
      }
      default:
        return result;
    }
  }

  /**
   * `policy.apply(tool, value, context)` with the call's context (callContext; `call` is
   * `{ arguments, hasOutputSchema? }`) — an Applied, or a Promise of one if the policy answers
   * later — remembering which tool a kept result came from (for page records).
   */
  budget(tool, value, call) {
    const context = callContext(this.tools, tool, value, call);
    const elsewhere = isObject(value) && typeof value[APPLY] === 'function';
    const outcome = elsewhere ? value[APPLY](tool, context) : this.policy.apply(tool, value, context);
    return then(outcome, (applied) => {
      this.#pages.attribute(applied.result, tool);
      return applied;
    });
  }

  /** The policy's answer for a handler that threw. */
  fault(tool, error) {
    return this.policy.fault(tool, error);
  }

  // `reader` is who reads (`{ owner }`): a page kept for another owner reads as a missing one.
  #readPage(uri, reader) {
    const read = () =>
      this.#pages.read(
        uri,
        () => this.policy.readResource(uri, reader),
        (out) => out.contents[0].text,
      );
    return guarded(read, { uri });
  }

  #callPageTool(args, reader) {
    const { id, page } = isObject(args) ? args : {};
    const uri = `${URI_PREFIX}${id}?page=${page ?? 1}`;
    return guarded(() => this.#pages.read(uri, () => this.policy.callPageTool(args, reader), answerText));
  }

  #callReadTool(args, reader) {
    const read = isObject(args) ? args : {};
    const how = ['match', 'path', 'lines'].find((key) => read[key] !== undefined);
    const run = () => this.policy.callReadTool(args, reader);
    if (how === undefined) {
      const uri = `${URI_PREFIX}${read.id}?page=${read.page ?? 1}`;
      return guarded(() => this.#pages.read(uri, run, answerText));
    }
    return guarded(() => this.#pages.search(String(read.id), how, run, answerText));
  }

  /** The server's whole tool list (every page), then what the dispatch shows of it. */
  #listThroughDispatch(server) {
    return guarded(() =>
      then(server.listTools(), (all) =>
        then(this.#dispatch.listTools(all), (shown) => ({
          result: widenListedTools({ tools: [...shown, ...this.ownTools] }),
        })),
      ),
    );
  }
}

/** The surface over `policy` (see Surface). */
const createSurface = (policy, options) => new Surface(policy, options);

module.exports = { OWNED_METHODS, APPLY, createSurface };
