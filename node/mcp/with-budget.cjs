'use strict';
// withBudget: the policy (policy.cjs) wired into a server of the official MCP SDK, without
// requiring the SDK. An McpServer's tool handlers are wrapped (the ones registered before the
// call, after it, and any a tool's update() swaps in), so the policy sees exactly what a
// handler returned before the SDK validates it; the kept results are served through the
// McpServer's own resource registry. A low-level Server gets the same through its request
// handlers.

const { codedError } = require('../internal/errors.cjs');
const { createPolicy } = require('./policy.cjs');
const { URI_PREFIX, PAGE_TOOL } = require('./resources.cjs');

// JSON-RPC codes the SDK uses: invalid params (an unknown or expired result, a bad page) and
// the URL-elicitation signal an McpServer passes through instead of turning it into a result.
const INVALID_PARAMS = -32602;
const URL_ELICITATION_REQUIRED = -32042;

const budgeted = new WeakSet();

/** A JSON-RPC error the SDK sends as is: its numeric `code` and message. */
function rpcError(error) {
  return codedError(INVALID_PARAMS, error instanceof Error ? error.message : String(error));
}

function readPage(policy, uri) {
  try {
    return policy.readResource(uri);
  } catch (error) {
    throw rpcError(error);
  }
}

const isMcpServer = (s) =>
  typeof s.registerTool === 'function' && typeof s.registerResource === 'function' && isLowLevel(s.server);
const isLowLevel = (s) =>
  typeof s === 'object' && s !== null && typeof s.setRequestHandler === 'function' && s._requestHandlers instanceof Map;
const isProtocolError = (e) => typeof e === 'object' && e !== null && Number.isSafeInteger(e.code);

// ---- request-level interception (the low-level Server, and the page tool on both) ----

/**
 * Keeps `interceptors[method]` wrapped around whatever handler the server has for `method`,
 * now and after every later setRequestHandler. An interceptor gets the raw handler (or
 * undefined) and returns the raw handler to install.
 */
function intercept(low, interceptors) {
  const ours = new WeakSet();
  const install = () => {
    for (const [method, wrap] of Object.entries(interceptors)) {
      const current = low._requestHandlers.get(method);
      if (current !== undefined && ours.has(current)) continue;
      const wrapped = wrap(current);
      ours.add(wrapped);
      low._requestHandlers.set(method, wrapped);
    }
  };
  const setRequestHandler = low.setRequestHandler;
  low.setRequestHandler = function budgetedSetRequestHandler(schema, handler) {
    const out = setRequestHandler.call(this, schema, handler);
    install();
    return out;
  };
  install();
}

function pageToolInterceptors(policy) {
  return {
    'tools/list': (inner) => async (request, extra) => {
      const listed = inner === undefined ? { tools: [] } : await inner(request, extra);
      if (request.params?.cursor !== undefined) return listed;
      return { ...listed, tools: [...(listed.tools ?? []), policy.pageTool] };
    },
    'tools/call': (inner) => async (request, extra) => {
      if (request.params?.name === PAGE_TOOL) return policy.callPageTool(request.params.arguments);
      if (inner === undefined) throw codedError(INVALID_PARAMS, `Tool ${request.params?.name} not found`);
      return inner(request, extra);
    },
  };
}

function resourceInterceptors(policy) {
  return {
    'resources/list': (inner) => inner ?? (async () => ({ resources: [] })),
    'resources/templates/list': (inner) => async (request, extra) => {
      const listed = inner === undefined ? { resourceTemplates: [] } : await inner(request, extra);
      if (request.params?.cursor !== undefined) return listed;
      return { ...listed, resourceTemplates: [...(listed.resourceTemplates ?? []), policy.resourceTemplate] };
    },
    'resources/read': (inner) => async (request, extra) => {
      const uri = request.params?.uri;
      if (typeof uri === 'string' && uri.startsWith(URI_PREFIX)) return readPage(policy, uri);
      if (inner === undefined) throw codedError(INVALID_PARAMS, `Resource ${uri} not found`);
      return inner(request, extra);
    },
  };
}

// A low-level Server knows no output schemas: a result with structuredContent is treated as
// from a tool that has one (over the cap it becomes isError, valid whether or not it does).
function budgetCall(policy, name, run) {
  return Promise.resolve()
    .then(run)
    .then(
      (value) =>
        policy.apply(name, value, {
          hasOutputSchema: typeof value === 'object' && value !== null && value.structuredContent !== undefined,
        }).result,
      (error) => {
        if (isProtocolError(error)) throw error;
        return policy.fault(name, error).result;
      },
    );
}

/** The method literal of an SDK request schema (zod 3 or 4), or undefined. */
function methodOf(schema) {
  try {
    const method = schema.shape?.method ?? schema._def?.shape?.()?.method;
    return method?.value ?? method?._def?.value ?? method?._zod?.def?.values?.[0];
  } catch {
    return undefined;
  }
}

function wireServer(low, policy) {
  low.registerCapabilities({ resources: {}, ...(policy.options.pageTool ? { tools: {} } : {}) });
  // A tools/call handler set from now on is wrapped before the SDK's own result validation.
  const setRequestHandler = low.setRequestHandler;
  low.setRequestHandler = function budgetedToolsCall(schema, handler) {
    if (methodOf(schema) !== 'tools/call' || typeof handler !== 'function')
      return setRequestHandler.call(this, schema, handler);
    return setRequestHandler.call(this, schema, (request, extra) =>
      budgetCall(policy, request.params.name, () => handler(request, extra)),
    );
  };
  // One set before withBudget has its validation inside: budget what it answers.
  const before = low._requestHandlers.get('tools/call');
  if (before !== undefined) {
    low._requestHandlers.set('tools/call', (request, extra) =>
      budgetCall(policy, request.params?.name, () => before(request, extra)),
    );
  }
  intercept(low, { ...resourceInterceptors(policy), ...(policy.options.pageTool ? pageToolInterceptors(policy) : {}) });
}

// ---- McpServer: handler-level wrapping ----

function budgetHandler(policy, tool, handler) {
  if (typeof handler !== 'function') return handler; // a task handler ({ createTask, … }) is left alone
  return function budgetedHandler(...params) {
    return Promise.resolve()
      .then(() => handler.apply(this, params))
      .then(
        (value) =>
          policy.apply(tool.name, value, { hasOutputSchema: tool.registered.outputSchema !== undefined }).result,
        (error) => {
          if (isProtocolError(error) && error.code === URL_ELICITATION_REQUIRED) throw error;
          return policy.fault(tool.name, error).result;
        },
      );
  };
}

function wrapTool(policy, wrapped, name, registered) {
  if (typeof registered !== 'object' || registered === null || wrapped.has(registered)) return;
  wrapped.add(registered);
  const tool = { name, registered };
  let current = budgetHandler(policy, tool, registered.handler);
  // update({ callback }) assigns `handler`: the new one is wrapped too.
  Object.defineProperty(registered, 'handler', {
    configurable: true,
    enumerable: true,
    get: () => current,
    set: (handler) => {
      current = budgetHandler(policy, tool, handler);
    },
  });
  const update = registered.update;
  if (typeof update === 'function') {
    registered.update = function budgetedUpdate(updates) {
      if (typeof updates === 'object' && updates !== null && typeof updates.name === 'string') tool.name = updates.name;
      return update.call(this, updates);
    };
  }
}

function registerResultTemplate(server, policy) {
  const template = policy.resourceTemplate;
  // Structurally the SDK's ResourceTemplate, so the package never loads the SDK itself.
  const resourceTemplate = {
    uriTemplate: {
      variableNames: ['id'],
      toString: () => template.uriTemplate,
      match: (uri) =>
        typeof uri === 'string' && uri.startsWith(URI_PREFIX)
          ? { id: uri.slice(URI_PREFIX.length).split('?')[0] }
          : null,
    },
    listCallback: undefined,
    completeCallback: () => undefined,
  };
  const { name, uriTemplate: _uriTemplate, ...metadata } = template;
  server.registerResource(name, resourceTemplate, metadata, (uri) => readPage(policy, String(uri)));
}

function wireMcpServer(server, policy) {
  const wrapped = new WeakSet();
  for (const [name, registered] of Object.entries(server._registeredTools ?? {}))
    wrapTool(policy, wrapped, name, registered);
  for (const method of ['tool', 'registerTool']) {
    const register = server[method];
    server[method] = function budgetedRegister(...args) {
      const registered = register.apply(this, args);
      wrapTool(policy, wrapped, args[0], registered);
      return registered;
    };
  }
  registerResultTemplate(server, policy);
  if (policy.options.pageTool) {
    // The McpServer installs its tools handlers with the first tool; install them now so the
    // page tool can sit in front of them.
    if (!server.server._requestHandlers.has('tools/call')) server.setToolRequestHandlers();
    intercept(server.server, pageToolInterceptors(policy));
  }
}

/**
 * Puts every tool result of `server` (an SDK `McpServer` or low-level `Server`) through one
 * budget policy and serves the kept results; returns `server`. Call it before `connect`.
 */
function withBudget(server, options) {
  const policy = createPolicy(options);
  const mcp = typeof server === 'object' && server !== null && isMcpServer(server);
  if (!mcp && !isLowLevel(server)) {
    throw codedError(
      'INVALID_INPUT',
      'withBudget(server): expected an McpServer or a Server from @modelcontextprotocol/sdk.',
      TypeError,
    );
  }
  const low = mcp ? server.server : server;
  if (budgeted.has(low))
    throw codedError('INVALID_INPUT', 'withBudget(server): this server already has a budget.', TypeError);
  if (low.transport !== undefined)
    throw codedError(
      'INVALID_INPUT',
      'withBudget(server): call it before connect(), while capabilities can still be registered.',
      TypeError,
    );
  budgeted.add(low);
  if (mcp) wireMcpServer(server, policy);
  else wireServer(low, policy);
  return server;
}

module.exports = { withBudget };
