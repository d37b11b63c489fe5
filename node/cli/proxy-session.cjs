'use strict';
// The proxy's message router, free of processes and streams: lines from the client and from the
// server go in, lines for each side come out. It forwards every JSON-RPC message unchanged
// except the few it owns — tools/call results (the budget policy), the kept results' pages
// (budget://result/… resources), and the capability and template it adds to the server's.
const { URI_PREFIX } = require('../mcp/resources.cjs');

/** JSON-RPC error code for a request the server can no longer answer (it exited). */
const SERVER_GONE = -32000;
/** JSON-RPC invalid params: what withBudget answers for an unknown, evicted or bad page URI. */
const BAD_PAGE = -32602;
/** Prefix of the ids of the proxy's own requests to the server. */
const OWN_ID_PREFIX = 'modoki-budget-proxy:';

/** Whether the policy's `out` holds exactly the values of `raw` (content compared block by block). */
function unchanged(raw, out) {
  const keys = Object.keys(out);
  if (keys.length !== Object.keys(raw).length) return false;
  for (const key of keys) {
    if (key === 'content' && Array.isArray(raw.content) && Array.isArray(out.content)) {
      if (raw.content.length !== out.content.length || raw.content.some((b, i) => b !== out.content[i])) return false;
    } else if (!Object.hasOwn(raw, key) || raw[key] !== out[key]) return false;
  }
  return true;
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
/** Ids 1 and "1" are different JSON-RPC ids; the key keeps them apart. */
const idKey = (id) => `${typeof id}:${id}`;
const hasId = (message) => Object.hasOwn(message, 'id') && (typeof message.id === 'string' || typeof message.id === 'number');

class ProxySession {
  /**
   * `policy`: the withBudget policy (createPolicy), or null with `measureOnly`.
   * `send.client(text|Buffer)` / `send.server(text|Buffer)` write one line (without `\n`).
   * `onCall(record)` is told about every tools/call answered; `warn(text)` about a bad line.
   * `measure(result)` → `{ charsIn, tokensIn }` for --measure-only.
   */
  constructor({ policy, measureOnly = false, pageTool = false, send, onCall = () => {}, warn = () => {}, measure, now = () => performance.now() }) {
    this.policy = policy;
    this.measureOnly = measureOnly;
    this.pageTool = pageTool && !measureOnly && policy ? policy.pageTool : null;
    this.send = send;
    this.onCall = onCall;
    this.warn = warn;
    this.measure = measure;
    this.now = now;
    /** Client requests the server has not answered: key → { id, method, tool, started, alias }. */
    this.pending = new Map();
    /** The proxy's own requests to the server: key → callback(message). */
    this.own = new Map();
    /** tools/call answers waiting for the proxy's own tools/list before the policy runs. */
    this.held = new Set();
    /** Tool name → whether its tools/list entry declares an outputSchema. */
    this.outputSchemas = new Map();
    this.serverHasResources = false;
    this.nextOwnId = 1;
    /** Client request id key → the id its request has on the server side, when they differ. */
    this.aliases = new Map();
    /** Ids the client has used that look like the proxy's own: never handed out. */
    this.clientOwnLike = new Set();
  }

  // ---- from the client ----

  fromClient(line, message) {
    if (!isObject(message) || typeof message.method !== 'string' || !hasId(message)) {
      // Notifications, responses to the server's requests, batches, even unparsable lines: the
      // server's business. A cancellation also ends the proxy's bookkeeping for that request.
      if (isObject(message) && message.method === 'notifications/cancelled' && isObject(message.params)) {
        const alias = this.aliases.get(idKey(message.params.requestId));
        if (alias !== undefined) {
          // The server knows that request by the id the proxy gave it.
          this.forget(alias);
          this.send.server(JSON.stringify({ ...message, params: { ...message.params, requestId: alias } }));
          return;
        }
        this.pending.delete(idKey(message.params.requestId));
      }
      this.send.server(line);
      return;
    }
    if (!this.measureOnly && this.policy && this.answerLocally(message)) return;
    if (typeof message.id === 'string' && message.id.startsWith(OWN_ID_PREFIX)) this.clientOwnLike.add(message.id);
    const key = idKey(message.id);
    const entry = { id: message.id, method: message.method, tool: undefined, started: this.now(), alias: undefined };
    if (message.method === 'tools/call' && isObject(message.params)) entry.tool = String(message.params.name);
    if (this.own.has(key)) {
      // The client picked an id the proxy's own request is using: give the client's request a
      // fresh id on the server side, and its own back on the answer.
      entry.alias = this.freshId();
      this.pending.set(idKey(entry.alias), entry);
      this.aliases.set(key, entry.alias);
      this.send.server(JSON.stringify({ ...message, id: entry.alias }));
      return;
    }
    this.pending.set(key, entry);
    this.send.server(line);
  }

  /** Answers the requests the proxy owns; returns false for everything the server answers. */
  answerLocally(message) {
    const { method, params } = message;
    if (method === 'resources/read' && isObject(params) && typeof params.uri === 'string' && params.uri.startsWith(URI_PREFIX)) {
      let result;
      try {
        result = this.policy.readResource(params.uri);
      } catch (error) {
        this.replyError(message.id, BAD_PAGE, error && error.message ? error.message : String(error), { uri: params.uri });
        return true;
      }
      this.reply(message.id, result);
      return true;
    }
    if (method === 'tools/call' && this.pageTool && isObject(params) && params.name === this.pageTool.name) {
      this.reply(message.id, this.policy.callPageTool(isObject(params.arguments) ? params.arguments : {}));
      return true;
    }
    if (!this.serverHasResources && method === 'resources/templates/list') {
      this.reply(message.id, { resourceTemplates: [this.policy.resourceTemplate] });
      return true;
    }
    if (!this.serverHasResources && method === 'resources/list') {
      this.reply(message.id, { resources: [] });
      return true;
    }
    return false;
  }

  reply(id, result) {
    this.send.client(JSON.stringify({ jsonrpc: '2.0', id, result }));
  }

  replyError(id, code, message, data) {
    this.send.client(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } }));
  }

  // ---- from the server ----

  fromServer(line, message) {
    if (message === undefined) {
      this.warn(`the server wrote a line that is not JSON-RPC (${line.length} bytes), not forwarded: ${JSON.stringify(line.subarray(0, 120).toString('utf8'))}${line.length > 120 ? '…' : ''}`);
      return;
    }
    if (!isObject(message) || Object.hasOwn(message, 'method') || !hasId(message)) {
      // Notifications, the server's own requests (sampling, elicitation, roots), batches.
      this.send.client(line);
      return;
    }
    const key = idKey(message.id);
    if (this.own.has(key)) {
      const callback = this.own.get(key);
      this.own.delete(key);
      callback(message);
      return;
    }
    const entry = this.pending.get(key);
    if (entry === undefined) {
      this.send.client(line);
      return;
    }
    this.pending.delete(key);
    if (entry.alias !== undefined) {
      this.aliases.delete(idKey(entry.id));
      this.answer(entry, { ...message, id: entry.id }, null);
      return;
    }
    this.answer(entry, message, line);
  }

  /** Forwards the answer to `entry`; `line` is the server's bytes when they are still exact. */
  answer(entry, message, line) {
    const result = message.result;
    const ok = isObject(result);
    if (ok && entry.method === 'initialize') return this.answerInitialize(message, line);
    if (ok && entry.method === 'tools/list') return this.answerToolsList(message, line);
    if (ok && entry.method === 'resources/templates/list' && !this.measureOnly && this.policy && typeof result.nextCursor !== 'string') {
      const templates = Array.isArray(result.resourceTemplates) ? result.resourceTemplates : [];
      return this.send.client(JSON.stringify({ ...message, result: { ...result, resourceTemplates: [...templates, this.policy.resourceTemplate] } }));
    }
    if (ok && entry.method === 'tools/call' && entry.tool !== undefined) return this.answerCall(entry, message, line);
    this.send.client(line ?? JSON.stringify(message));
  }

  answerInitialize(message, line) {
    const capabilities = isObject(message.result.capabilities) ? message.result.capabilities : {};
    this.serverHasResources = isObject(capabilities.resources);
    if (this.measureOnly || !this.policy || this.serverHasResources) return this.send.client(line ?? JSON.stringify(message));
    const result = { ...message.result, capabilities: { ...capabilities, resources: {} } };
    this.send.client(JSON.stringify({ ...message, result }));
  }

  answerToolsList(message, line) {
    const { tools, nextCursor } = message.result;
    if (Array.isArray(tools)) {
      for (const tool of tools) if (isObject(tool) && typeof tool.name === 'string') this.outputSchemas.set(tool.name, isObject(tool.outputSchema));
    }
    if (!this.pageTool || typeof nextCursor === 'string' || !Array.isArray(tools)) return this.send.client(line ?? JSON.stringify(message));
    this.send.client(JSON.stringify({ ...message, result: { ...message.result, tools: [...tools, this.pageTool] } }));
  }

  answerCall(entry, message, line) {
    const result = message.result;
    const known = this.outputSchemas.get(entry.tool);
    // A tool with an outputSchema always answers with structuredContent (or isError), so only
    // then is an unknown tool worth a tools/list of the proxy's own before the policy runs.
    if (known === undefined && isObject(result.structuredContent) && !this.measureOnly) {
      this.held.add(entry);
      this.listToolsOwn(() => {
        this.held.delete(entry);
        this.budget(entry, message, this.outputSchemas.get(entry.tool) === true);
      });
      return;
    }
    if (this.measureOnly || !this.policy) {
      this.send.client(line ?? JSON.stringify(message));
      const measured = this.measure(result);
      this.record(entry, { tool: entry.tool, ...measured, charsOut: measured.charsIn, tokensOut: measured.tokensIn, elided: false, ms: 0 }, result);
      return;
    }
    this.budget(entry, message, known === true, line);
  }

  budget(entry, message, hasOutputSchema, line) {
    const { result, info } = this.policy.apply(entry.tool, message.result, { hasOutputSchema });
    // A result the policy left as it was goes out as the server's own bytes.
    if (line !== null && line !== undefined && unchanged(message.result, result)) this.send.client(line);
    else this.send.client(JSON.stringify({ ...message, result }));
    this.record(entry, info, message.result);
  }

  /** Tells onCall about an answered call; `result` is what the server sent (not kept). */
  record(entry, info, result) {
    // The answer has gone out: the round trip ends now, before the policy's info computes its
    // token counts (getters, read by name).
    const durationMs = this.now() - entry.started;
    const { tool, charsIn, tokensIn, charsOut, tokensOut, elided, ms } = info;
    this.onCall({ tool, charsIn, tokensIn, charsOut, tokensOut, elided, ms, started: entry.started, durationMs, result });
  }

  /** tools/list of the proxy's own, every page, to learn the tools' output schemas. */
  listToolsOwn(done, cursor) {
    const id = this.freshId();
    this.own.set(idKey(id), (message) => {
      const result = isObject(message.result) ? message.result : {};
      if (Array.isArray(result.tools)) {
        for (const tool of result.tools) if (isObject(tool) && typeof tool.name === 'string') this.outputSchemas.set(tool.name, isObject(tool.outputSchema));
      }
      if (typeof result.nextCursor === 'string') this.listToolsOwn(done, result.nextCursor);
      else done();
    });
    this.send.server(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: cursor === undefined ? {} : { cursor } }));
  }

  /** Drops the bookkeeping of an aliased request the client cancelled. */
  forget(alias) {
    const entry = this.pending.get(idKey(alias));
    this.pending.delete(idKey(alias));
    if (entry !== undefined) this.aliases.delete(idKey(entry.id));
  }

  /** An id for a request of the proxy's own that the client has never used. */
  freshId() {
    let id;
    do id = `${OWN_ID_PREFIX}${this.nextOwnId++}`;
    while (this.clientOwnLike.has(id) || this.own.has(idKey(id)));
    return id;
  }

  /** The server is gone: every request it did not answer gets an error naming its exit status. */
  serverExited(status) {
    const how = status.signal ? `was killed by ${status.signal}` : `exited with code ${status.code}`;
    for (const entry of [...this.pending.values(), ...this.held]) {
      this.replyError(entry.id, SERVER_GONE, `the MCP server ${how} before answering ${entry.method}`, { exitCode: status.code, signal: status.signal });
    }
    this.pending.clear();
    this.aliases.clear();
    this.held.clear();
    this.own.clear();
  }
}

module.exports = { ProxySession, SERVER_GONE, BAD_PAGE, OWN_ID_PREFIX };
