'use strict';
// withBudget on SDK v2 (`@modelcontextprotocol/server`): the budget surface between the
// low-level Server and its transport. v2 serves every connection (serveStdio), HTTP request
// (createMcpHandler) and hand-wired transport through the Server's public `connect(transport)`;
// withBudget hands the Server a transport of its own over the one it was given, which sees each
// message as the wire carries it: the request's envelope (its protocol revision, per request),
// its authInfo (the owner of its pages). It answers what the surface owns, and budgets each tool
// result on its way out — after the SDK validated it, so what goes out is exactly what the SDK
// would send, within the budget. Nothing of the SDK's internals is read: a tool registered
// before or after withBudget, swapped by update(), or a tools/call handler set with either
// setRequestHandler form, are all answered through the same messages.

const { randomUUID } = require('node:crypto');
const { RPC, rpcErrorOf, isObject, idKey, hasId, isResponse, response, errorResponse } = require('./jsonrpc.cjs');
const { listEveryTool } = require('./surface-tools.cjs');
const { createTaskTools, deliveredResult } = require('./task-tools.cjs');
const { isInterimResult, PROTOCOL_VERSION_META_KEY } = require('./revision.cjs');
const { ownerOf } = require('./owner.cjs');
const { OWNED_METHODS } = require('./surface.cjs');

/** Requests whose answers the budget layer reads: the surface's, and those a task's result arrives in. */
const WATCHED = new Set([...OWNED_METHODS, 'tasks/get', 'tasks/result']);

/** The envelope keys of a 2026-07-28 request that a request of the layer's own carries too. */
const ENVELOPE_KEYS = [
  PROTOCOL_VERSION_META_KEY,
  'io.modelcontextprotocol/clientCapabilities',
  'io.modelcontextprotocol/clientInfo',
];

/**
 * How long a request of the layer's own (a tools/list for a tool's schemas) may take: past it,
 * the call it serves is budgeted without them rather than wait on a server that does not answer.
 */
const OWN_REQUEST_TIMEOUT_MS = 10_000;

const isRequest = (message) => hasId(message) && typeof message.method === 'string';

/** `params` of a request of the layer's own, with the envelope of the client's request it serves. */
function ownParams(params, clientParams) {
  const meta = isObject(clientParams) && isObject(clientParams._meta) ? clientParams._meta : {};
  const envelope = Object.fromEntries(ENVELOPE_KEYS.filter((key) => Object.hasOwn(meta, key)).map((k) => [k, meta[k]]));
  return Object.keys(envelope).length === 0 ? params : { ...params, _meta: envelope };
}

/**
 * The transport the Server is connected to instead of `inner`: every member is `inner`'s (its
 * methods bound to it), except `send`, and `onmessage`, which the Server sets and the layer
 * calls once it has looked at a message.
 */
function budgetedTransport(inner, surface) {
  const calls = new Map();
  const own = new Map();
  const tasks = createTaskTools();
  const tried = new Set();
  let deliver;

  // The server's own answer to a request of the layer's: `params` go with the envelope and the
  // transport extra of the client's request `entry` serves.
  function ask(method, params, entry) {
    const id = `modoki-budget/${randomUUID()}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => settle({ error: `no answer to ${method} in ${OWN_REQUEST_TIMEOUT_MS} ms` }),
        OWN_REQUEST_TIMEOUT_MS,
      );
      timer.unref?.();
      const settle = (message) => {
        clearTimeout(timer);
        own.delete(idKey(id));
        if (Object.hasOwn(message, 'result')) resolve(message.result);
        else reject(message.error);
      };
      own.set(idKey(id), settle);
      deliver({ jsonrpc: '2.0', id, method, params: ownParams(params, entry.params) }, entry.extra);
    });
  }

  const listTools = (entry) =>
    listEveryTool((cursor) => ask('tools/list', cursor === undefined ? {} : { cursor }, entry)).then((tools) => {
      surface.tools.learn({ tools });
      return tools;
    });

  // The server as the surface asks about it for `entry`: `serves` is answered by the server
  // itself (a method it has no handler for comes back METHOD_NOT_FOUND; see fallback).
  const serverFor = (entry, serves) => ({
    serves: () => serves,
    listTools: () => listTools(entry),
    owner: entry.owner,
  });

  const answerMessage = (entry, out) =>
    Object.hasOwn(out, 'error') ? errorResponse(entry.id, out.error) : response(entry.id, out.result);

  // Writes the layer's own answer to `entry`'s request, never inside the transport's dispatch of
  // it; a transport that fails to send tells the Server, as its own sends do.
  function reply(entry, out) {
    Promise.resolve()
      .then(() => inner.send(answerMessage(entry, out)))
      .catch((error) => inner.onerror?.(error instanceof Error ? error : new Error(String(error))));
  }

  function receive(message, extra) {
    if (isObject(message) && message.method === 'notifications/cancelled' && isObject(message.params))
      calls.delete(idKey(message.params.requestId));
    if (!isRequest(message) || !WATCHED.has(message.method)) return deliver?.(message, extra);
    const entry = {
      id: message.id,
      method: message.method,
      params: message.params,
      extra,
      owner: ownerOf({ authInfo: extra?.authInfo, sessionId: inner.sessionId }),
    };
    calls.set(idKey(message.id), entry);
    const local = surface.answer(message.method, message.params, serverFor(entry, true));
    const route = (out) => {
      if (out === undefined) return deliver(message, extra);
      if (Object.hasOwn(out, 'forward')) {
        entry.params = out.forward;
        return deliver({ ...message, params: out.forward }, extra);
      }
      calls.delete(idKey(message.id));
      return reply(entry, out);
    };
    if (local === undefined || typeof local.then !== 'function') return route(local);
    local.then(route, (error) => route({ error: rpcErrorOf(error) }));
  }

  // What the client gets for the server's `answer` to `entry`'s request.
  async function answerFor(entry, answer) {
    if (Object.hasOwn(answer, 'error')) {
      if (answer.error?.code !== RPC.METHOD_NOT_FOUND) return answer;
      // The server has no handler for it: what the surface answers for a server that serves nothing.
      const out = await surface.answer(entry.method, entry.params, serverFor(entry, false));
      return out === undefined || Object.hasOwn(out, 'forward') ? answer : out;
    }
    const result = answer.result;
    switch (entry.method) {
      case 'tools/call':
        if (isInterimResult(result) || tasks.note(result, entry.params?.name)) return answer;
        return { result: await budget(String(entry.params?.name), result, entry) };
      case 'tasks/get': {
        const delivered = deliveredResult(result);
        if (delivered === undefined) return answer;
        const tool = tasks.toolOf(entry.params?.taskId, 'tasks/get');
        return { result: { ...result, result: await budget(tool, delivered, entry) } };
      }
      case 'tasks/result':
        return { result: await budget(tasks.toolOf(entry.params?.taskId), result, entry) };
      default:
        return { result: surface.merge(entry.method, entry.params, result) };
    }
  }

  // `value`, a final result of `tool`, within the budget — its schemas listed first, once, when
  // the surface has not seen them (a server built per request has never listed them).
  async function budget(tool, value, entry) {
    if (!surface.tools.has(tool) && !tried.has(tool)) {
      tried.add(tool);
      await listTools(entry).catch(() => undefined);
    }
    const applied = await surface.budget(tool, value, { arguments: entry.params?.arguments, owner: entry.owner });
    return applied.result;
  }

  async function send(message, options) {
    if (!isResponse(message)) return inner.send(message, options);
    const mine = own.get(idKey(message.id));
    if (mine !== undefined) return mine(message);
    const entry = calls.get(idKey(message.id));
    if (entry === undefined) return inner.send(message, options);
    calls.delete(idKey(message.id));
    let out;
    try {
      out = await answerFor(entry, message);
    } catch {
      // The layer could not read the answer (it never throws by design): the server's own goes out.
      out = message;
    }
    return inner.send(out === message ? message : answerMessage(entry, out), options);
  }

  return new Proxy(inner, {
    get(target, key) {
      if (key === 'send') return send;
      if (key === 'onmessage') return deliver;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' && !Object.hasOwn(target, key) ? value.bind(target) : value;
    },
    set(target, key, value) {
      if (key !== 'onmessage') return Reflect.set(target, key, value, target);
      deliver = value;
      target.onmessage = typeof value === 'function' ? receive : value;
      return true;
    },
  });
}

/**
 * Wires `surface` into `low`, a v2 low-level Server (an McpServer's `.server`): registers the
 * surface's capabilities (so `initialize` and `server/discover` both advertise them) and budgets
 * every transport the Server is connected to from now on.
 */
function wireTransport(low, surface) {
  low.registerCapabilities(surface.capabilities);
  const connect = low.connect;
  low.connect = function budgetedConnect(transport, ...rest) {
    return connect.call(this, budgetedTransport(transport, surface), ...rest);
  };
}

module.exports = { wireTransport };
