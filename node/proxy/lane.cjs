'use strict';
// `proxy --listen`'s 2026-07-28 traffic: no session, so every POST is one exchange of its own.
// The requests of one owner (one `Authorization`, or none) share a lane: one upstream (a child,
// or the --url endpoint) and one proxy session on it, so the tool index and the pages are
// shared the way a server's are. Each request gets an id of the lane's own on the way up (two
// clients may both send id 1) and its own back on its answer; the request's answer, and the
// notifications that belong to it, go out on its own HTTP response — one JSON body, or an SSE
// stream once a notification comes before the answer.
const { isObject, idKey, frame, errorResponse, notification } = require('../mcp/jsonrpc.cjs');
const { SUBSCRIPTION_ID_KEY, claimedRevision, statusOf } = require('./modern.cjs');
const { parseMessage } = require('../mcp/exact-numbers.cjs');
const { settleExit } = require('./upstream-exit.cjs');

/**
 * The error for a request in a revision the server does not serve, as the SDK's own HTTP entry
 * answers it (-32022, 400): a stdio server checks the revision only when its connection opens, so
 * the lane checks every request against what the server's server/discover answer listed.
 */
const unsupported = (requested, supported) => ({
  status: 400,
  code: -32022,
  message: `Unsupported protocol version: ${requested}`,
  data: { supported, requested },
});

/** Writes `message` on `exchange`'s response: as an SSE event, or as the JSON body (final). */
function write(exchange, message, final) {
  const { res } = exchange;
  if (res.writableEnded) return;
  if (!final || exchange.sse) {
    if (!exchange.sse) {
      exchange.sse = true;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    }
    res.write(`event: message\ndata: ${frame(message)}\n\n`);
    if (final) res.end();
    return;
  }
  const body = frame(message);
  res.writeHead(statusOf(message), { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * One lane: `upstream` as `open()` made it, `sessions.create` → its proxy session, `owner` the
 * pages' owner (undefined: the result id is the capability), `onClosed()` once it is over.
 * `serve(message, res)` serves one client request or notification (a request in a revision the
 * server's server/discover did not list is refused); `close()` stops the upstream; `ended`
 * resolves once it is over; `open` counts the exchanges in flight, `lastActive` when the last
 * one closed. The router sets `id` and `owner` on it.
 */
class Lane {
  open = 0;
  lastActive = performance.now();
  #upstream;
  #session;
  /** Lane id (a number) → the exchange a request came in on: `{ res, id, token, method, listen, sse }`. */
  #exchanges = new Map();
  #nextId = 1;
  /** The revisions the server's server/discover answer listed, once it has answered. */
  #supported;

  constructor({ upstream, sessions, owner, onClosed }) {
    this.#upstream = upstream;
    this.#session = sessions.create({ send: { client: (data) => this.#toClient(data), server: upstream.send }, owner });
    const serverDone = upstream.listen(this.#session.fromServer, sessions.far);
    this.ended = upstream.exited.then((status) => this.#finish(status, serverDone, onClosed));
  }

  /** Stops the upstream; `ended` resolves once every answer is out. */
  close() {
    return this.#upstream.stop();
  }

  /** Serves one client message on `res`: a notification at once (202), a request on its own exchange. */
  serve(message, res) {
    this.open += 1;
    res.on('close', () => {
      this.open -= 1;
      this.lastActive = performance.now();
    });
    if (!Object.hasOwn(message, 'id')) {
      this.#session.fromClient(frame(message), message);
      res.writeHead(202).end();
      return;
    }
    const version = claimedRevision(message);
    if (this.#supported !== undefined && !this.#supported.includes(version)) {
      refuseRequest(res, message.id, unsupported(version, this.#supported));
      return;
    }
    this.#request(message, res);
  }

  /** Sends a client request up under an id of the lane's own, its answer to come back on `res`. */
  #request(message, res) {
    const upId = this.#nextId++;
    const params = isObject(message.params) ? message.params : {};
    this.#exchanges.set(idKey(upId), {
      res,
      id: message.id,
      token: isObject(params._meta) ? params._meta.progressToken : undefined,
      method: message.method,
      listen: message.method === 'subscriptions/listen',
      sse: false,
    });
    // A client that goes before its answer cancels the request (how a listen stream ends).
    res.on('close', () => {
      if (!this.#exchanges.delete(idKey(upId))) return;
      const cancel = notification('notifications/cancelled', { requestId: upId, reason: 'the client disconnected' });
      this.#session.fromClient(frame(cancel), cancel);
    });
    const up = { ...message, id: upId };
    this.#session.fromClient(frame(up), up);
  }

  /** A line the proxy session sends the client: an answer to its exchange, a notification to the one it belongs to. */
  #toClient(data) {
    let message;
    try {
      // Numbers the server wrote past what a double holds stay held; `write` frames them exactly.
      message = parseMessage(String(data));
    } catch {
      return;
    }
    if (!isObject(message)) return;
    if (typeof message.method !== 'string' && Object.hasOwn(message, 'id')) this.#answer(message);
    // A request from the server has no stream to go on in this era; a notification goes on its request's.
    else if (!Object.hasOwn(message, 'id')) this.#notify(message);
  }

  /** An answer: to its exchange, under the client's own id (a server/discover answer noted). */
  #answer(message) {
    const exchange = this.#exchanges.get(idKey(message.id));
    if (exchange === undefined) return;
    this.#exchanges.delete(idKey(message.id));
    if (exchange.method === 'server/discover' && Array.isArray(message.result?.supportedVersions))
      this.#supported = message.result.supportedVersions;
    write(exchange, { ...message, id: exchange.id }, true);
  }

  /** A notification: on the stream of the exchange it belongs to, its subscription id the client's. */
  #notify(message) {
    const exchange = this.#exchangeOf(message);
    if (exchange === undefined) return;
    const meta = isObject(message.params) && isObject(message.params._meta) ? message.params._meta : undefined;
    if (meta !== undefined && Object.hasOwn(meta, SUBSCRIPTION_ID_KEY))
      message = { ...message, params: { ...message.params, _meta: { ...meta, [SUBSCRIPTION_ID_KEY]: exchange.id } } };
    write(exchange, message, false);
  }

  /** The exchange a notification from the server belongs to, or undefined. */
  #exchangeOf(message) {
    const params = isObject(message.params) ? message.params : {};
    if (message.method === 'notifications/progress') {
      for (const exchange of this.#exchanges.values()) if (exchange.token === params.progressToken) return exchange;
    }
    const subscription = isObject(params._meta) ? params._meta[SUBSCRIPTION_ID_KEY] : undefined;
    if (subscription !== undefined) return this.#exchanges.get(idKey(Number(subscription)));
    // Anything else: the latest request still waiting for its answer (a listen stream aside).
    const waiting = [...this.#exchanges.values()].filter((e) => !e.listen);
    return waiting[waiting.length - 1];
  }

  /** Once the upstream exited: every answer out, every response ended, then `onClosed()`. */
  async #finish(status, serverDone, onClosed) {
    await settleExit({ upstream: this.#upstream, session: this.#session, serverDone, status });
    for (const exchange of this.#exchanges.values()) if (!exchange.res.writableEnded) exchange.res.end();
    onClosed();
  }
}

/** A lane (see Lane) on a new upstream from `open()`. */
async function openLane({ open, sessions, owner, onClosed }) {
  return new Lane({ upstream: await open(), sessions, owner, onClosed });
}

/** Answers `res` with a JSON-RPC error to the request of `id` (null when it has none). */
function refuseRequest(res, id, { status, code, message, data }) {
  const body = frame(errorResponse(id ?? null, { code, message, ...(data === undefined ? {} : { data }) }));
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

module.exports = { Lane, openLane, refuseRequest };
