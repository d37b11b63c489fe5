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
const { isThenable } = require('./maybe-async.cjs');

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
 * What the layer does with the messages of one transport, `inner`: the client's requests it
 * watches (`calls`, by id), the requests of its own it is waiting on (`own`), and which tool
 * each task of this connection belongs to.
 */
class BudgetedChannel {
  constructor(inner, surface) {
    this.inner = inner;
    this.surface = surface;
    this.calls = new Map();
    this.own = new Map();
    this.tasks = createTaskTools();
    this.tried = new Set();
    /** The Server's onmessage: the layer calls it once it has looked at a message. */
    this.deliver = undefined;
  }

  /**
   * The server's own answer to a request of the layer's: `params` go with the envelope and the
   * transport extra of the client's request `entry` serves.
   */
  ask(method, params, entry) {
    const id = `modoki-budget/${randomUUID()}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => settle({ error: `no answer to ${method} in ${OWN_REQUEST_TIMEOUT_MS} ms` }),
        OWN_REQUEST_TIMEOUT_MS,
      );
      timer.unref?.();
      const settle = (message) => {
        clearTimeout(timer);
        this.own.delete(idKey(id));
        if (Object.hasOwn(message, 'result')) resolve(message.result);
        else reject(message.error);
      };
      this.own.set(idKey(id), settle);
      this.deliver({ jsonrpc: '2.0', id, method, params: ownParams(params, entry.params) }, entry.extra);
    });
  }

  /** Every tool the server lists, asked for `entry` (the surface's index learns them). */
  async listTools(entry) {
    const tools = await listEveryTool((cursor) =>
      this.ask('tools/list', cursor === undefined ? {} : { cursor }, entry),
    );
    this.surface.tools.learn({ tools });
    return tools;
  }

  /**
   * The server as the surface asks about it for `entry`. Whether it serves a method is the
   * server's to say: it answers METHOD_NOT_FOUND for one it has no handler for (see answerFor).
   */
  serverFor(entry, serves) {
    return { serves: () => serves, listTools: () => this.listTools(entry), owner: entry.owner };
  }

  /**
   * The layer's own answer to `entry`'s request, written after the transport's dispatch of it
   * (an HTTP entry takes an error sent during its dispatch for one of its own); a transport that
   * fails to send tells the Server, as its own sends do.
   */
  reply(entry, out) {
    Promise.resolve()
      .then(() => this.inner.send(answerMessage(entry, out)))
      .catch((error) => this.inner.onerror?.(error instanceof Error ? error : new Error(String(error))));
  }

  /** A message from the client: a watched request is asked of the surface first. */
  receive(message, extra) {
    if (isObject(message) && message.method === 'notifications/cancelled' && isObject(message.params))
      this.calls.delete(idKey(message.params.requestId));
    if (!isRequest(message) || !WATCHED.has(message.method)) return this.deliver?.(message, extra);
    const entry = {
      id: message.id,
      method: message.method,
      params: message.params,
      extra,
      owner: ownerOf({ authInfo: extra?.authInfo, sessionId: this.inner.sessionId }),
    };
    this.calls.set(idKey(message.id), entry);
    const route = (out) => {
      if (out === undefined) return this.deliver(message, extra);
      if (Object.hasOwn(out, 'forward')) {
        entry.params = out.forward;
        return this.deliver({ ...message, params: out.forward }, extra);
      }
      this.calls.delete(idKey(message.id));
      return this.reply(entry, out);
    };
    const local = this.surface.answer(message.method, message.params, this.serverFor(entry, true));
    if (!isThenable(local)) return route(local);
    local.then(route, (error) => route({ error: rpcErrorOf(error) }));
  }

  /** What the client gets for the server's `answer` to `entry`'s request (the answer itself when nothing changes). */
  async answerFor(entry, answer) {
    if (Object.hasOwn(answer, 'error')) {
      if (answer.error?.code !== RPC.METHOD_NOT_FOUND) return answer;
      // The server has no handler for it: what the surface answers for a server that serves nothing.
      const out = await this.surface.answer(entry.method, entry.params, this.serverFor(entry, false));
      return out === undefined || Object.hasOwn(out, 'forward') ? answer : out;
    }
    const result = answer.result;
    switch (entry.method) {
      case 'tools/call':
        if (isInterimResult(result) || this.tasks.note(result, entry.params?.name, entry.params?.arguments))
          return answer;
        return { result: await this.budget(String(entry.params?.name), result, entry) };
      case 'tasks/get': {
        const delivered = deliveredResult(result);
        if (delivered === undefined) return answer;
        const tool = this.tasks.toolOf(entry.params?.taskId, 'tasks/get');
        return { result: { ...result, result: await this.budget(tool, delivered, entry) } };
      }
      case 'tasks/result':
        return { result: await this.budget(this.tasks.toolOf(entry.params?.taskId), result, entry) };
      default:
        return { result: this.surface.merge(entry.method, entry.params, result) };
    }
  }

  /**
   * `value`, a final result of `tool`, within the budget — the tool's schemas listed first, once,
   * when the surface has not seen them (a server built per request has never listed them).
   */
  async budget(tool, value, entry) {
    if (!this.surface.tools.has(tool) && !this.tried.has(tool)) {
      this.tried.add(tool);
      await this.listTools(entry).catch(() => undefined);
    }
    const taskId = entry.method === 'tools/call' ? undefined : entry.params?.taskId;
    const args = taskId === undefined ? entry.params?.arguments : this.tasks.argumentsOf(taskId);
    const call = { arguments: args, owner: entry.owner };
    return (await this.surface.budget(tool, value, call)).result;
  }

  /** A message from the Server: the answer to a watched request goes out as answerFor says. */
  async send(message, options) {
    if (!isResponse(message)) return this.inner.send(message, options);
    const mine = this.own.get(idKey(message.id));
    if (mine !== undefined) return mine(message);
    const entry = this.calls.get(idKey(message.id));
    if (entry === undefined) return this.inner.send(message, options);
    this.calls.delete(idKey(message.id));
    // An error the surface has nothing to add to goes out now, inside the transport's dispatch
    // of its request when it is one of the SDK's own (a 2026-07-28 `initialize`: 404, not 200).
    if (
      Object.hasOwn(message, 'error') &&
      (message.error?.code !== RPC.METHOD_NOT_FOUND || entry.method === 'initialize')
    )
      return this.inner.send(message, options);
    let out;
    try {
      out = await this.answerFor(entry, message);
    } catch {
      // The layer could not read the answer (it never throws by design): the server's own goes out.
      out = message;
    }
    return this.inner.send(out === message ? message : answerMessage(entry, out), options);
  }
}

const answerMessage = (entry, out) =>
  Object.hasOwn(out, 'error') ? errorResponse(entry.id, out.error) : response(entry.id, out.result);

/**
 * The transport the Server is connected to instead of `inner`: every member is `inner`'s (its
 * methods bound to it), except `send`, and `onmessage`, which the Server sets and the channel
 * calls once it has looked at a message.
 */
function budgetedTransport(inner, surface) {
  const channel = new BudgetedChannel(inner, surface);
  const send = (message, options) => channel.send(message, options);
  const receive = (message, extra) => channel.receive(message, extra);
  return new Proxy(inner, {
    get(target, key) {
      if (key === 'send') return send;
      if (key === 'onmessage') return channel.deliver;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' && !Object.hasOwn(target, key) ? value.bind(target) : value;
    },
    set(target, key, value) {
      if (key !== 'onmessage') return Reflect.set(target, key, value, target);
      channel.deliver = value;
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
