'use strict';
// withBudget: the budget surface (surface.cjs) wired into a server of the official MCP SDK,
// without requiring the SDK. It tells which SDK line the server is of: a server of SDK v2
// (`@modelcontextprotocol/server`) is budgeted on its transport (with-budget-transport.cjs); on
// SDK v1 (`@modelcontextprotocol/sdk`), what is specific to that SDK lives here: tool handlers
// are wrapped so the policy sees exactly what a handler returned before the SDK validates it (an
// McpServer's tools registered before the call, after it, and any a tool's update() swaps in; a
// low-level Server's tools/call handler), and the surface's methods sit in front of the server's
// own request handlers, which answer everything the surface forwards. A server of neither shape
// is refused: withBudget never leaves a server it cannot hook unbudgeted.

const { codedError } = require('../internal/errors.cjs');
const { createBudgetPolicy } = require('./policy.cjs');
const { menuDispatch } = require('./compact-dispatch.cjs');
const { createSurface, OWNED_METHODS } = require('./surface.cjs');
const { RPC, rpcException, isRpcError } = require('./jsonrpc.cjs');
const { listEveryTool } = require('./surface-tools.cjs');
const { createTaskTools } = require('./task-tools.cjs');
const { isOverCapAnswer } = require('./elision.cjs');

/**
 * Over-cap answers an McpServer's own output validation must not see, by the request's `extra`
 * (the SDK hands the same object to the request handler and to the tool's handler). The
 * McpServer checks a success's structuredContent against the tool's registered schema, which the
 * answer does not match (the listed schema accepts it: ./output-schema.cjs): the tool's handler
 * returns the answer as an error, which the McpServer passes unchecked, and the request handler
 * in front sends the answer itself.
 */
const pastValidation = new WeakMap();

/** What the tool's handler returns for `result` so the McpServer sends it unchecked. */
function throughValidation(result, extra) {
  if (!isOverCapAnswer(result) || result.structuredContent === undefined || typeof extra !== 'object' || extra === null)
    return result;
  pastValidation.set(extra, result);
  return { content: result.content, isError: true };
}

/** The answer the tool's handler set aside for this request (throughValidation), when `result` is its stand-in. */
function afterValidation(result, extra) {
  const held = typeof extra === 'object' && extra !== null ? pastValidation.get(extra) : undefined;
  if (held === undefined) return result;
  pastValidation.delete(extra);
  // The SDK hands back a parsed copy of the stand-in: its first text (which names the kept
  // result's id, or holds the whole answer) tells it is this answer's.
  const same = result?.isError === true && result.content?.[0]?.text === held.content[0].text;
  return same ? held : result;
}
const { ownerOf: ownerOfRequest } = require('./owner.cjs');
const { wireTransport } = require('./with-budget-transport.cjs');

/** The surface's methods, answered in front of the server's handlers (initialize is the SDK's, from the capabilities). */
const INTERCEPTED = OWNED_METHODS.filter((method) => method !== 'initialize');

const budgeted = new WeakSet();

/** Who a request comes from, as SDK v1's handler `extra` tells (owner.cjs). */
const ownerOf = (extra) =>
  typeof extra === 'object' && extra !== null
    ? ownerOfRequest({ authInfo: extra.authInfo, sessionId: extra.sessionId })
    : undefined;

const isObject = (s) => typeof s === 'object' && s !== null;
const isMcpServer = (s) =>
  typeof s.registerTool === 'function' && typeof s.registerResource === 'function' && isLowLevel(s.server);
const isLowLevel = (s) => isObject(s) && typeof s.setRequestHandler === 'function' && s._requestHandlers instanceof Map;
/**
 * A low-level Server of SDK v2: its public connect and registerCapabilities (what withBudget
 * uses), and projectCallToolResult, the one codec function v2's Server exposes (SDK v1 has none).
 */
const isV2Server = (s) =>
  isObject(s) &&
  typeof s.connect === 'function' &&
  typeof s.registerCapabilities === 'function' &&
  typeof s.setRequestHandler === 'function' &&
  typeof s.projectCallToolResult === 'function';

// ---- request level: the surface in front of the server's own handlers ----

/**
 * The surface in front of a low-level server's own request handlers (`low`, the SDK's Server):
 * it keeps `surface` before whatever handler the server has for each intercepted method, now
 * (install) and after every later setRequestHandler.
 */
class Interception {
  /** Method → the server's own handler (undefined: it has none). */
  inners = new Map();
  /** The handlers this interception installed. */
  ours = new WeakSet();
  tasks = createTaskTools();

  constructor(low, surface) {
    this.low = low;
    this.surface = surface;
  }

  /** Every tool the server's own handler lists (the surface's index learns them). */
  async listTools(extra) {
    const list = this.inners.get('tools/list');
    if (list === undefined) return [];
    const tools = await listEveryTool((cursor) =>
      list({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, extra),
    );
    this.surface.tools.learn({ tools });
    return tools;
  }

  /** What the surface may ask of the server while it answers a request with `extra`. */
  serverFor(extra) {
    return {
      serves: (method) => this.inners.get(method) !== undefined,
      listTools: () => this.listTools(extra),
      owner: ownerOf(extra),
    };
  }

  /** The request of `method`: the surface's own answer, or the server's, merged by the surface. */
  async answer(method, request, extra) {
    const local = await this.surface.answer(method, request.params, this.serverFor(extra));
    if (local !== undefined && Object.hasOwn(local, 'error')) throw rpcException(local.error);
    if (local !== undefined && Object.hasOwn(local, 'result')) return local.result;
    const inner = this.inners.get(method);
    if (inner === undefined) throw rpcException({ code: RPC.METHOD_NOT_FOUND, message: 'Method not found' });
    const forwarded = local === undefined ? request : { ...request, params: local.forward };
    let result = await inner(forwarded, extra);
    if (method === 'tools/call') {
      result = afterValidation(result, extra);
      this.tasks.note(result, forwarded.params?.name, forwarded.params?.arguments);
    }
    return this.surface.merge(method, forwarded.params, result);
  }

  /**
   * A task's final result (tasks/result) is the result of the tool whose call created the task:
   * budgeted as that tool's, for the caller who reads it.
   */
  async taskResult(inner, request, extra) {
    const result = await inner(request, extra);
    const taskId = request.params?.taskId;
    const call = { arguments: this.tasks.argumentsOf(taskId), owner: ownerOf(extra) };
    return (await this.surface.budget(this.tasks.toolOf(taskId), result, call)).result;
  }

  /** Sets `handler` for `method` on the server, marked as this interception's. */
  set(method, handler) {
    this.ours.add(handler);
    this.low._requestHandlers.set(method, handler);
  }

  /** Puts the surface in front of each intercepted method's handler that is not already ours. */
  install() {
    const handlers = this.low._requestHandlers;
    for (const method of INTERCEPTED) {
      const current = handlers.get(method);
      if (current !== undefined && this.ours.has(current)) continue;
      this.inners.set(method, current);
      this.set(method, (request, extra) => this.answer(method, request, extra));
    }
    const inner = handlers.get('tasks/result');
    if (inner !== undefined && !this.ours.has(inner))
      this.set('tasks/result', (request, extra) => this.taskResult(inner, request, extra));
  }
}

/**
 * Keeps the surface in front of whatever handler `low` has for each of its methods, now and
 * after every later setRequestHandler; returns `listTools(extra)`, every tool the server's own
 * handler lists (the surface's index learns them).
 */
function intercept(low, surface) {
  const interception = new Interception(low, surface);
  const setRequestHandler = low.setRequestHandler;
  low.setRequestHandler = function budgetedSetRequestHandler(schema, handler) {
    const out = setRequestHandler.call(this, schema, handler);
    interception.install();
    return out;
  };
  interception.install();
  return (extra) => interception.listTools(extra);
}

// ---- the low-level Server: its tools/call handler ----

/** The method literal of an SDK request schema (zod 3 or 4), or undefined. */
function methodOf(schema) {
  try {
    const method = schema.shape?.method ?? schema._def?.shape?.()?.method;
    return method?.value ?? method?._def?.value ?? method?._zod?.def?.values?.[0];
  } catch {
    return undefined;
  }
}

/**
 * Lists the server's tools once for a tool the surface has not seen listed, so its context has
 * the tool's schemas even when the client called it before listing.
 */
function listedOnce(surface, listTools) {
  const tried = new Set();
  return async (name, extra) => {
    if (surface.tools.has(name) || tried.has(name)) return;
    tried.add(name);
    await listTools(extra).catch(() => undefined);
  };
}

// A handler's error with a numeric JSON-RPC code (an McpError) stays a protocol error; any
// other becomes an isError result.
function budgetCall(surface, ensureListed, request, extra, run) {
  const name = request.params?.name;
  return Promise.resolve()
    .then(run)
    .then(
      async (value) => {
        await ensureListed(name, extra);
        const call = { arguments: request.params?.arguments, owner: ownerOf(extra) };
        return (await surface.budget(name, value, call)).result;
      },
      (error) => {
        if (isRpcError(error)) throw error;
        return surface.fault(name, error).result;
      },
    );
}

function wireServer(low, surface) {
  low.registerCapabilities(surface.capabilities);
  let ensureListed = async () => {};
  const budgetedHandler = (handler) => (request, extra) =>
    budgetCall(surface, ensureListed, request, extra, () => handler(request, extra));
  // One set before withBudget has the SDK's validation inside: budget what it answers.
  const before = low._requestHandlers.get('tools/call');
  if (before !== undefined) low._requestHandlers.set('tools/call', budgetedHandler(before));
  ensureListed = listedOnce(surface, intercept(low, surface));
  // One set from now on is wrapped before the SDK's own result validation (outermost, so the
  // surface then sits in front of the budgeted handler).
  const setRequestHandler = low.setRequestHandler;
  low.setRequestHandler = function budgetedToolsCall(schema, handler) {
    if (methodOf(schema) !== 'tools/call' || typeof handler !== 'function')
      return setRequestHandler.call(this, schema, handler);
    return setRequestHandler.call(this, schema, budgetedHandler(handler));
  };
}

// ---- McpServer: handler-level wrapping ----

function budgetHandler(surface, tool, handler) {
  if (typeof handler !== 'function') return handler; // a task handler ({ createTask, … }) is left alone
  return function budgetedHandler(...params) {
    return Promise.resolve()
      .then(() => handler.apply(this, params))
      .then(
        async (value) => {
          await tool.ensureListed(tool.name, params.at(-1));
          const hasOutputSchema = tool.registered.outputSchema !== undefined;
          const call = {
            arguments: tool.registered.inputSchema === undefined ? undefined : params[0],
            hasOutputSchema,
            owner: ownerOf(params.at(-1)),
          };
          const { result } = await surface.budget(tool.name, value, call);
          return hasOutputSchema ? throughValidation(result, params.at(-1)) : result;
        },
        (error) => {
          if (isRpcError(error) && error.code === RPC.URL_ELICITATION_REQUIRED) throw error;
          return surface.fault(tool.name, error).result;
        },
      );
  };
}

function wrapTool(surface, ensureListed, wrapped, name, registered) {
  if (typeof registered !== 'object' || registered === null || wrapped.has(registered)) return;
  wrapped.add(registered);
  // A tool with an input schema is called with (args, extra), one without with (extra).
  const tool = { name, registered, ensureListed };
  let current = budgetHandler(surface, tool, registered.handler);
  // update({ callback }) assigns `handler`: the new one is wrapped too.
  Object.defineProperty(registered, 'handler', {
    configurable: true,
    enumerable: true,
    get: () => current,
    set: (handler) => {
      current = budgetHandler(surface, tool, handler);
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

function wireMcpServer(server, surface) {
  // The McpServer installs its tools and resources handlers with the first tool or resource and
  // refuses to replace a handler: install them now so the surface can sit in front of them.
  if (!server.server._requestHandlers.has('tools/call')) server.setToolRequestHandlers();
  if (!server.server._requestHandlers.has('resources/read')) server.setResourceRequestHandlers();
  server.server.registerCapabilities(surface.capabilities);
  const ensureListed = listedOnce(surface, intercept(server.server, surface));
  const wrapped = new WeakSet();
  for (const [name, registered] of Object.entries(server._registeredTools ?? {}))
    wrapTool(surface, ensureListed, wrapped, name, registered);
  for (const method of ['tool', 'registerTool']) {
    const register = server[method];
    server[method] = function budgetedRegister(...args) {
      const registered = register.apply(this, args);
      wrapTool(surface, ensureListed, wrapped, args[0], registered);
      return registered;
    };
  }
}

/** The withBudget options for the policy: `onResult` gets every call as `{ kind: 'call', …info }`. */
function policyOptions(options) {
  if (typeof options !== 'object' || options === null || typeof options.onResult !== 'function') return options;
  const onResult = options.onResult;
  return { ...options, onResult: (info) => onResult({ kind: 'call', ...info }) };
}

/** The members of `server` that say what kind of server it is, for the error that refuses it. */
const SERVER_MEMBERS = [
  'server',
  'connect',
  'registerTool',
  'tool',
  'registerResource',
  'setRequestHandler',
  'registerCapabilities',
];

/** What `server` is, in a few words: its class and the server members it has. */
function describeFound(server) {
  let name = 'an object';
  try {
    const ctor = Object.getPrototypeOf(server)?.constructor?.name;
    if (typeof ctor === 'string' && ctor !== '' && ctor !== 'Object') name = `a ${ctor}`;
  } catch {
    // A proxy that refuses to be read is described as an object.
  }
  const members = SERVER_MEMBERS.filter((key) => {
    try {
      return server[key] !== undefined && server[key] !== null;
    } catch {
      return false;
    }
  });
  return members.length === 0 ? name : `${name} with ${members.join(', ')}`;
}

/**
 * How withBudget hooks `server`: `{ line: 2, low }` (a v2 McpServer or Server: its low-level
 * Server), `{ line: 1, mcp, low }` (a v1 McpServer or Server). Throws INVALID_INPUT for what is
 * no server at all, INVALID_OPTION naming what it found for a server of a shape it does not
 * know (another SDK line, another framework): budgeting nothing silently is never an option.
 */
function hookOf(server) {
  if (!isObject(server)) throw notAServer();
  if (isV2Server(server)) return { line: 2, low: server };
  if (isV2Server(server.server) && typeof server.registerTool === 'function') return { line: 2, low: server.server };
  if (isMcpServer(server)) return { line: 1, mcp: true, low: server.server };
  if (isLowLevel(server)) return { line: 1, mcp: false, low: server };
  if (!SERVER_MEMBERS.some((key) => server[key] !== undefined)) throw notAServer();
  throw codedError(
    'INVALID_OPTION',
    `withBudget(server): cannot hook this server: found ${describeFound(server)}. withBudget hooks an McpServer or a low-level Server of @modelcontextprotocol/server (SDK v2) or @modelcontextprotocol/sdk (SDK v1); it budgets nothing it cannot hook.`,
    TypeError,
  );
}

const notAServer = () =>
  codedError(
    'INVALID_INPUT',
    'withBudget(server): expected an McpServer or a Server of @modelcontextprotocol/server (SDK v2) or @modelcontextprotocol/sdk (SDK v1).',
    TypeError,
  );

/**
 * Wires `surface` (createSurface) into `server`, an SDK `McpServer` or low-level `Server` that
 * is neither connected nor budgeted yet, and returns the server. withBudget is this with a
 * surface over a new policy; a different tool dispatch (docs/mcp.md, "The tool dispatch") is
 * plugged in by passing a surface made with one.
 */
function wire(server, surface) {
  const hook = hookOf(server);
  const { low } = hook;
  if (budgeted.has(low))
    throw codedError('INVALID_INPUT', 'withBudget(server): this server already has a budget.', TypeError);
  if (low.transport !== undefined)
    throw codedError(
      'INVALID_INPUT',
      'withBudget(server): call it before connect(), while capabilities can still be registered.',
      TypeError,
    );
  budgeted.add(low);
  if (hook.line === 2) wireTransport(low, surface);
  else if (hook.mcp) wireMcpServer(server, surface);
  else wireServer(low, surface);
  return server;
}

/**
 * Puts every tool result of `server` (an McpServer or low-level Server of SDK v2 or v1) through
 * one budget policy and serves the kept results; returns `server`. Call it before `connect` —
 * with `serveStdio(factory)` or `createMcpHandler(factory)`, inside the factory, on each server
 * it builds.
 */
function withBudget(server, options) {
  // `menu` and `menuKeep` choose the tool dispatch (compact-dispatch.cjs); the rest are the policy's.
  const { menu, menuKeep, ...rest } = typeof options === 'object' && options !== null ? options : {};
  const policy = createBudgetPolicy(policyOptions(typeof options === 'object' && options !== null ? rest : options));
  const observe = policy.options.onResult === undefined ? undefined : options.onResult;
  const dispatch = menuDispatch(menu, menuKeep, policy.options.encoding);
  return wire(server, createSurface(policy, { observe, dispatch }));
}

module.exports = { withBudget, wire };
