'use strict';
// The budget layer's MCP surface, written once for every adapter — withBudget on an SDK server
// (with-budget.cjs) and the proxy on raw JSON-RPC lines (cli/proxy-session.cjs): which requests
// the layer answers itself, what it adds to the server's answers (one paging rule: additions go
// on the last page, the list result without `nextCursor`), the capabilities it adds, how a page
// read is answered and accounted, and the context a tool result is budgeted with. An adapter
// only moves messages: it asks `answer` what to do with a request and `merge` what to send for
// the server's answer. docs/mcp.md, "The surface", is the contract.

const { URI_PREFIX, PAGE_TOOL, parseResultUri } = require('./resources.cjs');
const { RPC, rpcErrorOf, isObject } = require('./jsonrpc.cjs');
const { createToolIndex } = require('./surface-tools.cjs');
const { createPageAccounting } = require('./surface-pages.cjs');
const { then, attempt } = require('./maybe-async.cjs');

/** The methods the budget layer answers or changes; every other message passes through untouched. */
const OWNED_METHODS = Object.freeze([
  'initialize',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

/** Who reads, as the adapter's `server` says (`server.owner`): `{ owner }`, or undefined for anyone. */
const readerOf = (server) =>
  isObject(server) && typeof server.owner === 'string' ? { owner: server.owner } : undefined;

/** Whether a list result is the last page of its list: it has no `nextCursor`. */
const isLastPage = (result) => typeof result.nextCursor !== 'string';

/** Runs `f`; a throw (or a rejection) becomes `{ error }`, the JSON-RPC error of what was thrown. */
const guarded = (f, data) => attempt(f, (error) => ({ error: rpcErrorOf(error, data) }));

/**
 * The surface over one budget policy (createPolicy's public shape).
 *
 * - `pageTool`: also list and answer `read_result_page` (default: the policy's option).
 * - `dispatch`: a ToolDispatch (below) that replaces how tools/list and tools/call reach the
 *   server's tools; absent, tools are listed and called as the server has them.
 * - `observe(record)`: told about every page read, `{ kind: 'page', tool, resultId, page,
 *   chars, tokens, ms }` (`tokens` counted when first read). Call records are the adapter's.
 * - `now()`: the clock for `ms` (default performance.now).
 */
function createSurface(policy, { pageTool = policy.options.pageTool === true, dispatch, observe, now } = {}) {
  const tools = createToolIndex();
  const pages = createPageAccounting({ encoding: policy.options.encoding, observe, now });
  /** What the layer adds to the server's capabilities: it serves resources (and with pageTool, a tool). */
  const capabilities = Object.freeze({ resources: {}, ...(pageTool ? { tools: {} } : {}) });

  // `reader` is who reads (`{ owner }`): a page kept for another owner reads as a missing one.
  function readPage(uri, reader) {
    return guarded(
      () =>
        pages.read(
          uri,
          () => policy.readResource(uri, reader),
          (out) => out.contents[0].text,
        ),
      { uri },
    );
  }

  function callPageTool(args, reader) {
    const { id, page } = isObject(args) ? args : {};
    const uri = `${URI_PREFIX}${id}?page=${page ?? 1}`;
    return guarded(() =>
      pages.read(
        uri,
        () => policy.callPageTool(args, reader),
        (out) => (out.isError === true ? undefined : out.content[0].text),
      ),
    );
  }

  /** The server's whole tool list (every page), then what the dispatch shows of it. */
  function listThroughDispatch(server) {
    return guarded(() =>
      then(server.listTools(), (all) =>
        then(dispatch.listTools(all), (shown) => ({
          result: { tools: [...shown, ...(pageTool ? [policy.pageTool] : [])] },
        })),
      ),
    );
  }

  function routeThroughDispatch(params, server) {
    return guarded(() =>
      then(
        dispatch.routeCall(String(params.name), params.arguments, () => server.listTools()),
        (route) => {
          if (route === undefined) return undefined;
          if (isObject(route) && Object.hasOwn(route, 'result')) return { result: route.result };
          if (isObject(route) && typeof route.name === 'string')
            return { forward: { ...params, name: route.name, arguments: route.arguments } };
          throw new TypeError(`the tool dispatch routed ${params.name} to neither a tool nor a result`);
        },
      ),
    );
  }

  /**
   * What to do with a client's request `method(params)`; `server` tells what the server behind
   * the adapter serves: `{ serves(method) → boolean, listTools() → every tool it lists,
   * owner? }` — `owner` the session or principal the request comes from, when there is one.
   * Returns (or resolves to, when a page read or the dispatch is async):
   * - undefined: forward the request to the server unchanged;
   * - `{ forward: params }`: forward it with these params instead (a dispatch's routed call);
   * - `{ result }` or `{ error: { code, message, data? } }`: the answer; the server never sees it.
   */
  function answer(method, params, server) {
    const p = isObject(params) ? params : {};
    switch (method) {
      case 'resources/read':
        if (typeof p.uri === 'string' && p.uri.startsWith(URI_PREFIX)) return readPage(p.uri, readerOf(server));
        if (!server.serves(method))
          return { error: { code: RPC.INVALID_PARAMS, message: `Resource ${p.uri} not found` } };
        return undefined;
      case 'resources/list':
        return server.serves(method) ? undefined : { result: { resources: [] } };
      case 'resources/templates/list':
        return server.serves(method) ? undefined : { result: { resourceTemplates: [policy.resourceTemplate] } };
      case 'tools/list':
        if (dispatch !== undefined) return listThroughDispatch(server);
        if (!server.serves(method)) return pageTool ? { result: { tools: [policy.pageTool] } } : undefined;
        return undefined;
      case 'tools/call':
        if (pageTool && p.name === PAGE_TOOL) return callPageTool(p.arguments, readerOf(server));
        if (dispatch !== undefined) return routeThroughDispatch(p, server);
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
  function merge(method, params, result) {
    if (!isObject(result)) return result;
    switch (method) {
      case 'initialize': {
        const caps = isObject(result.capabilities) ? result.capabilities : {};
        const added = withCapabilities(caps);
        return added === caps ? result : { ...result, capabilities: added };
      }
      case 'tools/list':
        tools.learn(result);
        if (!pageTool || !isLastPage(result) || !Array.isArray(result.tools)) return result;
        return { ...result, tools: [...result.tools, policy.pageTool] };
      case 'resources/templates/list': {
        if (!isLastPage(result)) return result;
        const listed = Array.isArray(result.resourceTemplates) ? result.resourceTemplates : [];
        return { ...result, resourceTemplates: [...listed, policy.resourceTemplate] };
      }
      default:
        return result;
    }
  }

  /** The server's capabilities with the layer's added where missing (the same object when none is). */
  function withCapabilities(caps) {
    const missing = Object.keys(capabilities).filter((key) => !isObject(caps[key]));
    if (missing.length === 0) return caps;
    const out = { ...caps };
    for (const key of missing) out[key] = {};
    return out;
  }

  /**
   * The context `policy.apply` gets for a call of `tool` with `args` that returned `value`:
   * `{ hasOutputSchema, inputSchema, arguments }`, from the tool as listed. A tool never listed
   * (a low-level server without tools/list) is taken as having an outputSchema when its result
   * has structuredContent: over the cap that result becomes isError, which the SDK accepts
   * whether or not the tool declares one. `hasOutputSchema`, when the adapter knows it, wins.
   * `owner` (the session or principal that called, when the adapter knows one) is who may read
   * the pages of an over-cap result.
   */
  function callContext(tool, value, { arguments: args, hasOutputSchema, owner } = {}) {
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

  /**
   * `policy.apply(tool, value, callContext(…))` — an Applied, or a Promise of one if the policy
   * answers later — remembering which tool a kept result came from (for page records).
   */
  function budget(tool, value, call) {
    return then(policy.apply(tool, value, callContext(tool, value, call)), (applied) => {
      pages.attribute(applied.result, tool);
      return applied;
    });
  }

  return {
    policy,
    tools,
    capabilities,
    withCapabilities,
    answer,
    merge,
    budget,
    fault: (tool, error) => policy.fault(tool, error),
    dispatch,
    pageTool,
  };
}

module.exports = { OWNED_METHODS, createSurface, isLastPage };
