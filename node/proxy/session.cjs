'use strict';
// The proxy's message router, free of processes and streams: lines from the client and from the
// server go in, lines for each side come out. It forwards every JSON-RPC message unchanged
// except what the budget surface (node/mcp/surface.cjs) owns — tools/call results (the budget
// policy), the kept results' pages, and what it adds to the server's answers. What is the
// proxy's own: routing lines by id, its own requests to the server, and the server's exit.
const { createSurface } = require('../mcp/surface.cjs');
const { RPC, isObject, idKey, hasId, request, response, errorResponse, frame } = require('../mcp/jsonrpc.cjs');
const { MAX_LIST_PAGES } = require('../mcp/surface-tools.cjs');
const { Outbox } = require('./outbox.cjs');
const { createTaskTools } = require('../mcp/task-tools.cjs');
const { HeldLine } = require('./lines.cjs');
const { fullGcFor } = require('./full-gc.cjs');
const { printedText } = require('../mcp/printed-json.cjs');
const { idOfBroken, notJsonReason, unforwardable } = require('./answers.cjs');
const { Deadlines } = require('./deadlines.cjs');
const { FarLine, farOf } = require('./far-lines.cjs');

/** JSON-RPC error code for a request the server can no longer answer (it exited). */
const SERVER_GONE = RPC.SERVER_GONE;
/** Prefix of the ids of the proxy's own requests to the server. */
const OWN_ID_PREFIX = 'modoki-budget-proxy:';
/**
 * How long a request may go unanswered by the server before the proxy answers it with an error
 * and cancels it, unless --upstream-timeout says otherwise: 60 seconds, the SDK Client's own
 * request timeout, so a proxied call fails no sooner than a direct one would. A progress
 * notification for the request starts the wait again; `tasks/result`, which waits for a task
 * by design, has none.
 */
const REQUEST_TIMEOUT_MS = 60_000;
/** JSON-RPC code of a request the server did not answer in time (the SDK's RequestTimeout). */
const REQUEST_TIMEOUT = -32001;
/** JSON-RPC code of an answer of the server's the proxy cannot forward. */
const BAD_REPLY = RPC.INTERNAL_ERROR;

/** The methods whose answers the surface changes (surface.merge): a far one is parsed here first. */
const MERGED_METHODS = new Set(['initialize', 'tools/list', 'resources/templates/list']);

/** A far line (./far-lines.cjs) that will not be forwarded: its worker lets go of it. */
const discard = (line) => {
  if (line instanceof FarLine) line.drop();
};

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

/**
 * Whether the compact JSON of `value` has more than `limit` chars, read only until that is
 * known: a lower bound (each string counted without its escapes, each number as one char), so
 * true is certain. Iterative, so no nesting depth reaches the stack's limit.
 */
function jsonLongerThan(value, limit) {
  let total = 0;
  const stack = [[value]];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.length === 0) {
      stack.pop();
      continue;
    }
    const v = top.pop();
    if (typeof v === 'string') total += v.length + 2;
    else if (typeof v !== 'object' || v === null) total += typeof v === 'number' ? 1 : 4;
    else if (Array.isArray(v)) {
      total += v.length + 1;
      stack.push(v.slice(0, limit - total + 1));
    } else {
      const keys = Object.keys(v).slice(0, limit - total + 1);
      total += keys.length + 1;
      for (const key of keys) total += key.length + 3;
      stack.push(keys.map((key) => v[key]));
    }
    if (total > limit) return true;
  }
  return false;
}

/**
 * Whether the policy rewrites `result` whatever it holds, so the server's own bytes of it will
 * not be forwarded: a result that is not a CallToolResult with a content list, or whose text
 * blocks together or whose structuredContent's compact JSON pass the char cap (`maxChars`)
 * cannot pass as it is. False means it may.
 */
function rewrittenAnyway(result, maxChars) {
  if (!Array.isArray(result.content)) return true;
  let chars = 0;
  for (const b of result.content)
    if (isObject(b) && b.type === 'text' && typeof b.text === 'string') chars += b.text.length;
  const structured = result.structuredContent;
  if (chars > maxChars || !isObject(structured)) return chars > maxChars;
  const printed = printedText(structured);
  return printed !== undefined ? printed.length > maxChars : jsonLongerThan(structured, maxChars);
}

/** The reserved 2026-07-28 keys of a request's `_meta` (`io.modelcontextprotocol/…`), or undefined. */
function envelopeOf(params) {
  const meta = isObject(params) && isObject(params._meta) ? params._meta : undefined;
  if (meta === undefined) return undefined;
  const keys = Object.keys(meta).filter((key) => key.startsWith('io.modelcontextprotocol/'));
  return keys.length === 0 ? undefined : Object.fromEntries(keys.map((key) => [key, meta[key]]));
}

/**
 * Whether a result is not a final one: an `input_required` round of a 2026-07-28 multi-round-trip
 * request (or any `resultType` but `complete`). It goes to the client untouched, so the client
 * answers its input requests and retries; only the final result is budgeted.
 */
const interim = (result) =>
  isObject(result) && typeof result.resultType === 'string' && result.resultType !== 'complete';

class ProxySession {
  /**
   * `policy`: the withBudget policy (createBudgetPolicy), or null with `measureOnly`.
   * `send.client(text|Buffer)` / `send.server(text|Buffer)` write one line (without `\n`).
   * `onCall(record)` is told about every tools/call answered (`kind: 'call'`) and every page
   * read (`kind: 'page'`, see surface.cjs); `warn(text)` about a bad line.
   * `measure(result)` → `{ charsIn, tokensIn }` for --measure-only.
   * `dispatch`: a ToolDispatch (docs/mcp.md) for tools/list and tools/call, or undefined.
   * `owner`: who the client is (a session id), when the proxy serves several: the pages of its
   * over-cap results are readable by it only. Undefined: the result id is the capability.
   * `timeoutMs`: how long a request may go unanswered by the server (REQUEST_TIMEOUT_MS);
   * undefined when the upstream bounds its requests itself (--url).
   */
  constructor({
    policy,
    measureOnly = false,
    pageTool = false,
    send,
    onCall = () => {},
    warn = () => {},
    measure,
    now = () => performance.now(),
    dispatch,
    owner,
    timeoutMs,
  }) {
    this.policy = policy;
    this.measureOnly = measureOnly;
    this.send = send;
    this.onCall = onCall;
    this.warn = warn;
    this.measure = measure;
    this.now = now;
    /** The budget surface; null when the proxy only measures. */
    this.surface =
      measureOnly || !policy
        ? null
        : createSurface(policy, { pageTool, dispatch, now, observe: (record) => this.onCall(record) });
    /** Client requests the server has not answered: key → { id, method, tool, arguments, started, alias }. */
    this.pending = new Map();
    /** The proxy's own requests to the server: key → { answered(message), gone() }. */
    this.own = new Map();
    /** tools/call answers waiting for the proxy's own tools/list before the policy runs. */
    this.held = new Set();
    /** Tools the proxy listed the server's tools for once; not listed again for them. */
    this.listedFor = new Set();
    /** The tool each task was created by, so its tasks/result is budgeted as that tool's result. */
    this.taskTools = createTaskTools();
    /**
     * Whether the server serves resources, as its initialize (or server/discover) answer said;
     * undefined until one did (a 2026-07-28 client need not ask): resources requests go to it.
     */
    this.serverHasResources = undefined;
    /** The latest client request's 2026-07-28 envelope: what the proxy's own requests carry. */
    this.envelope = undefined;
    this.nextOwnId = 1;
    /** Client request id key → the id its request has on the server side, when they differ. */
    this.aliases = new Map();
    /** Ids the client has used that look like the proxy's own: never handed out. */
    this.clientOwnLike = new Set();
    /** The wait for each request at the server (its server-side id key). */
    this.deadlines = new Deadlines(timeoutMs, (key) => this.expire(key));
    const internal = (error) =>
      this.warn(`internal error: ${error && error.message ? error.message : String(error)} (please report this)`);
    /** Answers the proxy gives itself, in the order their requests came. */
    this.localOut = new Outbox(internal);
    /** What the server sent, in the order it sent it. */
    this.serverOut = new Outbox(internal);
    /** What the surface knows of the server behind the proxy. */
    this.server = {
      serves: (method) => !method.startsWith('resources/') || this.serverHasResources !== false,
      listTools: () => this.listToolsOwn(),
      owner,
    };
  }

  // ---- from the client ----

  fromClient(line, message) {
    if (!isObject(message) || typeof message.method !== 'string' || !hasId(message)) {
      // Notifications, responses to the server's requests, batches, even unparsable lines: the
      // server's business. A cancellation also ends the proxy's bookkeeping for that request.
      if (isObject(message) && message.method === 'notifications/cancelled' && isObject(message.params)) {
        const key = idKey(message.params.requestId);
        const alias = this.aliases.get(key);
        if (alias !== undefined) {
          // The server knows that request by the id the proxy gave it.
          this.forget(alias);
          this.send.server(frame({ ...message, params: { ...message.params, requestId: alias } }));
          return;
        }
        // The server knows another request by that id (the proxy's own, or one it renamed):
        // the client's request of that id never reached the server under it.
        if (this.own.has(key) || this.pending.get(key)?.alias !== undefined) return;
        this.pending.delete(key);
        this.deadlines.stop(key);
      }
      this.send.server(line);
      return;
    }
    if (typeof message.id === 'string' && message.id.startsWith(OWN_ID_PREFIX)) this.clientOwnLike.add(message.id);
    this.envelope = envelopeOf(message.params) ?? this.envelope;
    const local = this.surface === null ? undefined : this.surface.answer(message.method, message.params, this.server);
    if (local === undefined) {
      this.forward(line, message);
      return;
    }
    this.localOut.push(local, (answer) => {
      if (answer === undefined) this.forward(line, message);
      else if (Object.hasOwn(answer, 'forward')) this.forward(null, { ...message, params: answer.forward });
      else if (Object.hasOwn(answer, 'error')) this.send.client(frame(errorResponse(message.id, answer.error)));
      else this.send.client(frame(response(message.id, answer.result)));
    });
  }

  /** Sends a client request on to the server; `line` is the client's bytes when they are still exact. */
  forward(line, message) {
    const key = idKey(message.id);
    const params = isObject(message.params) ? message.params : undefined;
    const entry = {
      id: message.id,
      method: message.method,
      params,
      tool: this.toolOf(message.method, params),
      arguments: this.argumentsOf(message.method, params),
      started: this.now(),
      alias: undefined,
    };
    if (this.own.has(key) || this.pending.get(key)?.alias !== undefined) {
      // The client picked an id the proxy is using on the server side (its own request's, or
      // one it gave another client request): give the client's request a fresh id on the
      // server side, and its own back on the answer.
      entry.alias = this.freshId();
      this.pending.set(idKey(entry.alias), entry);
      this.aliases.set(key, entry.alias);
      this.wait(idKey(entry.alias), entry);
      this.send.server(frame({ ...message, id: entry.alias }));
      return;
    }
    this.pending.set(key, entry);
    this.wait(key, entry);
    this.send.server(line ?? frame(message));
  }

  /** Starts the wait for the answer to `entry` (known to the server by `key`). */
  wait(key, entry) {
    if (entry.method === 'tasks/result') return;
    const meta = isObject(entry.params?._meta) ? entry.params._meta : undefined;
    this.deadlines.start(key, meta?.progressToken);
  }

  /**
   * The request known to the server by `key` went unanswered too long: the client gets an
   * error, the server a cancellation, and a late answer will be dropped. One of the proxy's own
   * requests is given up as if the server had exited.
   */
  expire(key) {
    const own = this.own.get(key);
    if (own !== undefined) {
      this.own.delete(key);
      this.cancelAtServer(own.id, 'modoki-budget proxy: no answer in time');
      this.deadlines.noteLate(key, { id: own.id, method: 'tools/list' });
      own.gone();
      return;
    }
    const entry = this.pending.get(key);
    if (entry === undefined) return;
    this.pending.delete(key);
    if (entry.alias !== undefined) this.aliases.delete(idKey(entry.id));
    this.cancelAtServer(entry.alias ?? entry.id, 'modoki-budget proxy: no answer in time');
    this.deadlines.noteLate(key, { id: entry.alias ?? entry.id, method: entry.method });
    const message = `the MCP server did not answer ${entry.method} within ${this.deadlines.ms} ms (--upstream-timeout), so the proxy cancelled it`;
    this.toClient(frame(errorResponse(entry.id, { code: REQUEST_TIMEOUT, message })));
  }

  /** Tells the server to stop working on its request `id`. */
  cancelAtServer(id, reason) {
    this.send.server(frame({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason } }));
  }

  // ---- from the server ----

  fromServer(line, message) {
    // A JSON-RPC message is an object, a batch an array: a bare `42`, `"x"` or `null` is neither.
    if (message === null || typeof message !== 'object') return this.notJsonRpc(line, message);
    if (!isObject(message) || Object.hasOwn(message, 'method') || !hasId(message)) {
      // Notifications, the server's own requests (sampling, elicitation, roots), batches.
      if (isObject(message) && message.method === 'notifications/progress' && isObject(message.params))
        this.deadlines.progress(message.params.progressToken);
      this.toClient(line);
      return;
    }
    const key = idKey(message.id);
    this.deadlines.stop(key);
    if (this.own.has(key)) return this.ownAnswer(key, line, message);
    const entry = this.pending.get(key);
    if (entry === undefined) return this.unknownAnswer(key, line);
    const why = unforwardable(message);
    if (why !== undefined) {
      this.refuseAnswer(
        key,
        `the MCP server answered ${entry.method} with ${why}, so the proxy cannot forward that answer`,
      );
      discard(line);
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

  /** A server line that is not a JSON-RPC message: not forwarded, and said so. */
  notJsonRpc(line, message) {
    this.warn(
      `the server wrote a line that is not JSON-RPC (${line.length} bytes), not forwarded: ${JSON.stringify(line.subarray(0, 120).toString('utf8'))}${line.length > 120 ? '…' : ''}`,
    );
    // A line that is not JSON may still name the request it answers: that request gets an error.
    if (message === undefined) this.brokenAnswer(line);
    discard(line);
  }

  /** The server's answer to one of the proxy's own requests (under `key`). */
  ownAnswer(key, line, message) {
    const own = this.own.get(key);
    this.own.delete(key);
    if (line instanceof FarLine) line.near().then(({ message: near }) => own.answered(near ?? {}));
    else own.answered(message);
  }

  /** An answer to no pending request: dropped (said so) when the proxy answered it already, else forwarded. */
  unknownAnswer(key, line) {
    const late = this.deadlines.lateAnswer(key);
    if (late !== undefined)
      this.warn(
        `the server answered ${late.method} (id ${JSON.stringify(late.id)}) after the proxy had answered it (cancelled, or its answer could not be forwarded); this answer is dropped`,
      );
    if (late !== undefined) discard(line);
    else this.toClient(line);
  }

  /** A server line that is not JSON: the request it names, if pending, gets an error saying why. */
  brokenAnswer(line) {
    // A far line was looked at in its worker.
    const text = line instanceof FarLine ? undefined : String(line);
    const id = text === undefined ? line.broken?.id : idOfBroken(text);
    if (id === undefined) return;
    const key = idKey(id);
    this.deadlines.stop(key);
    const own = this.own.get(key);
    if (own !== undefined) {
      this.own.delete(key);
      own.answered({});
      return;
    }
    const entry = this.pending.get(key);
    if (entry !== undefined)
      this.refuseAnswer(
        key,
        `the MCP server's answer to ${entry.method} is not JSON (${text === undefined ? line.broken.reason : notJsonReason(text)}), so the proxy cannot forward it`,
      );
  }

  /**
   * Answers the pending request the server knows by `key` with an error: its answer cannot go
   * on. Another answer to it later is dropped, as a late one is: the request had its answer.
   */
  refuseAnswer(key, message) {
    const entry = this.pending.get(key);
    this.pending.delete(key);
    this.deadlines.noteLate(key, { id: entry.alias ?? entry.id, method: entry.method });
    if (entry.alias !== undefined) this.aliases.delete(idKey(entry.id));
    this.toClient(frame(errorResponse(entry.id, { code: BAD_REPLY, message })));
  }

  /** A line (or a Promise of one) for the client, after everything the server sent before it. */
  toClient(data) {
    // A far line is forwarded as its bytes, which its worker hands back.
    this.serverOut.push(data instanceof FarLine ? data.bytes() : data, (out) => this.send.client(out));
  }

  /** Forwards the answer to `entry`; `line` is the server's bytes when they are still exact. */
  answer(entry, message, line) {
    const result = message.result;
    const isCall = entry.tool !== undefined && !this.createdTask(entry, result) && !interim(result);
    if (farOf(result) !== undefined && !isCall) {
      // A far answer the surface changes is parsed here first; any other goes on as its bytes.
      if (this.surface === null || !MERGED_METHODS.has(entry.method)) this.toClient(line);
      else line.near().then(({ line: bytes, message: near }) => this.answer(entry, near, bytes));
      return;
    }
    if (!isObject(result) || this.surface === null) {
      if (isObject(result) && isCall) this.measured(entry, message, line);
      else this.toClient(line ?? frame(message));
      return;
    }
    if (entry.method === 'initialize' || entry.method === 'server/discover')
      this.serverHasResources = isObject(result.capabilities?.resources);
    if (isCall) {
      this.answerCall(entry, message, line);
      return;
    }
    const merged = this.surface.merge(entry.method, entry.params, result);
    this.toClient(merged === result && line !== null ? line : frame({ ...message, result: merged }));
  }

  /**
   * The tool a request's answer is budgeted as: a tools/call's tool; for tasks/result, the tool
   * whose call created the task (the task's final result is that tool's result).
   */
  toolOf(method, params) {
    if (params === undefined) return undefined;
    if (method === 'tools/call') return String(params.name);
    if (method === 'tasks/result') return this.taskTools.toolOf(params.taskId);
    return undefined;
  }

  /** The arguments a request's answer is previewed with: a tools/call's; for tasks/result, the call's that created the task. */
  argumentsOf(method, params) {
    if (params === undefined) return undefined;
    return method === 'tasks/result' ? this.taskTools.argumentsOf(params.taskId) : params.arguments;
  }

  /**
   * Whether `result` answers a task-augmented tools/call with the task it created (MCP tasks:
   * `{ task: { taskId, status, … } }`, the result comes later from tasks/result). It passes
   * through as it is; the task's tool is remembered for its tasks/result.
   */
  createdTask(entry, result) {
    return entry.method === 'tools/call' && this.taskTools.note(result, entry.tool, entry.arguments);
  }

  /** --measure-only: the server's bytes, and what they cost. */
  measured(entry, message, line) {
    const info = ({ charsIn, tokensIn, fields }) => ({
      tool: entry.tool,
      charsIn,
      tokensIn,
      charsOut: charsIn,
      tokensOut: tokensIn,
      elided: false,
      ms: 0,
      fields,
    });
    if (line instanceof FarLine) {
      // Counted in its worker.
      this.serverOut.push(line.measure(), ({ line: bytes, measured }) => {
        this.send.client(bytes);
        this.record(entry, info(measured), undefined);
      });
      return;
    }
    this.toClient(line ?? frame(message));
    this.record(entry, info(this.measure(message.result)), message.result);
  }

  answerCall(entry, message, line) {
    // The policy reads the tool's schemas (outputSchema: whether an over-cap result must be
    // isError; inputSchema: what narrows the call): a tool never seen listed is worth one
    // tools/list of the proxy's own before the policy runs.
    if (this.surface.tools.has(entry.tool) || this.listedFor.has(entry.tool)) {
      this.budget(entry, message, line);
      return;
    }
    this.listedFor.add(entry.tool);
    this.held.add(entry);
    // Listed, or the server exited first: its answer is budgeted either way (without the
    // tool's schemas in the second case), never dropped for a list it did not give.
    const release = () => {
      if (this.held.delete(entry)) this.budget(entry, message, line);
    };
    this.listOwn(release, release, envelopeOf(entry.params) ?? this.envelope);
  }

  budget(entry, message, line) {
    if (line instanceof FarLine) {
      // Budgeted in its worker: its answer comes back as the line to send.
      const applied = Promise.resolve(
        this.surface.budget(entry.tool, message.result, {
          arguments: entry.arguments,
          owner: this.server.owner,
        }),
      ).catch((error) => {
        const why = `modoki-budget proxy: the result could not be budgeted: ${error.message} (please report this)`;
        return { line: frame(errorResponse(entry.id, { code: BAD_REPLY, message: why })), info: undefined };
      });
      this.serverOut.push(applied, (a) => {
        this.send.client(a.line);
        if (a.info !== undefined) this.record(entry, a.info, undefined);
      });
      return;
    }
    const large = line instanceof HeldLine;
    const size = large ? line.length : 0;
    // A large line the policy will rewrite is let go of before the policy makes its copies of
    // the result (docs/proxy.md, memory): only its parsed message is held from here on.
    if (large && rewrittenAnyway(message.result, this.policy.options.maxChars)) {
      line.release();
      line = null;
      fullGcFor(size);
    }
    const applied = this.surface.budget(entry.tool, message.result, {
      arguments: entry.arguments,
      owner: this.server.owner,
    });
    this.serverOut.push(applied, (a) => {
      // A result the policy left as it was goes out as the server's own bytes.
      const same = line !== null && unchanged(message.result, a.result);
      this.send.client(same ? line : frame({ ...message, result: a.result }));
      this.record(entry, a.info, message.result);
      // A large result is garbage once answered: collected now, not whenever V8 next looks.
      if (large) setImmediate(fullGcFor, size);
    });
  }

  /**
   * Tells onCall about an answered call; `result` is what the server sent (not kept; undefined
   * for a result read in a worker, whose info may carry its `fields` instead).
   */
  record(entry, info, result) {
    // The answer has gone out: the round trip ends now, before the policy's info computes its
    // token counts (getters, read by name).
    const durationMs = this.now() - entry.started;
    const { tool, charsIn, tokensIn, charsOut, tokensOut, elided, ms } = info;
    this.onCall({
      kind: 'call',
      tool,
      charsIn,
      tokensIn,
      charsOut,
      tokensOut,
      elided,
      ms,
      started: entry.started,
      durationMs,
      result,
      // A result read in a worker: what --html draws of it, measured there (far-lines.cjs).
      ...(info.fields === undefined ? {} : { fields: info.fields }),
    });
  }

  /**
   * tools/list of the proxy's own, every page, in the era of the client request it is for: with
   * `envelope` (that request's 2026-07-28 `_meta` envelope; by default the latest client's), a
   * 2026-07-28 server serves it as it serves the client. `done(tools)` with every tool the server lists
   * (the surface's index learns them) as soon as the last page arrives, or `gone()` when the
   * server exits first.
   */
  listOwn(done, gone, envelope = this.envelope) {
    const tools = [];
    const page = (cursor, count) => {
      const id = this.freshId();
      this.own.set(idKey(id), {
        id,
        answered: (message) => {
          const result = isObject(message.result) ? message.result : {};
          this.surface.tools.learn(result);
          if (Array.isArray(result.tools)) tools.push(...result.tools);
          if (typeof result.nextCursor === 'string' && count < MAX_LIST_PAGES) page(result.nextCursor, count + 1);
          else done(tools);
        },
        gone,
      });
      const params = { ...(cursor === undefined ? {} : { cursor }), ...(envelope ? { _meta: envelope } : {}) };
      this.deadlines.start(idKey(id));
      this.send.server(frame(request(id, 'tools/list', params)));
    };
    page(undefined, 1);
  }

  /** The same as a Promise, for the surface (a dispatch's view of every tool). */
  listToolsOwn() {
    return new Promise((resolve, reject) =>
      this.listOwn(resolve, () => reject(new Error('the MCP server exited before it listed its tools'))),
    );
  }

  /** Drops the bookkeeping of an aliased request the client cancelled. */
  forget(alias) {
    const entry = this.pending.get(idKey(alias));
    this.pending.delete(idKey(alias));
    this.deadlines.stop(idKey(alias));
    if (entry !== undefined) this.aliases.delete(idKey(entry.id));
  }

  /** An id for a request of the proxy's own that the client has never used. */
  freshId() {
    let id;
    do id = `${OWN_ID_PREFIX}${this.nextOwnId++}`;
    while (this.clientOwnLike.has(id) || this.own.has(idKey(id)));
    return id;
  }

  /**
   * The server is gone: every request it did not answer gets an error naming its exit status
   * and `status.reason`, the line of its stderr that says why (child.cjs stderrReason), if any.
   */
  serverExited(status) {
    const how = status.signal ? `was killed by ${status.signal}` : `exited with code ${status.code}`;
    this.deadlines.clear();
    const own = [...this.own.values()];
    this.own.clear();
    // First the answers that waited on the proxy's own requests: they go out as they are.
    for (const o of own) o.gone();
    for (const entry of [...this.pending.values(), ...this.held]) {
      const error = {
        code: SERVER_GONE,
        message: `the MCP server ${how} before answering ${entry.method}${status.reason ? `; its stderr says: ${status.reason}` : ''}`,
        data: { exitCode: status.code, signal: status.signal },
      };
      this.toClient(frame(errorResponse(entry.id, error)));
    }
    this.pending.clear();
    this.aliases.clear();
    this.held.clear();
  }

  /** Resolves once every answer the session has started is written (before the proxy exits). */
  async idle() {
    await Promise.all([this.localOut.idle(), this.serverOut.idle()]);
  }
}

module.exports = { ProxySession, SERVER_GONE, OWN_ID_PREFIX, REQUEST_TIMEOUT_MS, unchanged, rewrittenAnyway };
