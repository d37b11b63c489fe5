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
    res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
    if (final) res.end();
    return;
  }
  const body = JSON.stringify(message);
  res.writeHead(statusOf(message), { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * One lane: `open()` → its upstream, `sessions.create` → its proxy session, `owner` the pages'
 * owner (undefined: the result id is the capability). `serve(message, res)` serves one client
 * request or notification (a request in a revision the server's server/discover did not list
 * is refused); `close()` stops the upstream; `ended` resolves once it is over; `open` counts
 * the exchanges in flight.
 */
async function openLane({ open, sessions, owner, onClosed }) {
  const upstream = await open();
  /** Lane id (a number) → the exchange a request came in on: `{ res, id, token, method, listen, sse }`. */
  const exchanges = new Map();
  let nextId = 1;

  /** The exchange a notification from the server belongs to, or undefined. */
  function exchangeOf(message) {
    const params = isObject(message.params) ? message.params : {};
    if (message.method === 'notifications/progress') {
      for (const exchange of exchanges.values()) if (exchange.token === params.progressToken) return exchange;
    }
    const subscription = isObject(params._meta) ? params._meta[SUBSCRIPTION_ID_KEY] : undefined;
    if (subscription !== undefined) return exchanges.get(idKey(Number(subscription)));
    // Anything else: the latest request still waiting for its answer (a listen stream aside).
    const waiting = [...exchanges.values()].filter((e) => !e.listen);
    return waiting[waiting.length - 1];
  }

  const toClient = (data) => {
    let message;
    try {
      message = JSON.parse(String(data));
    } catch {
      return;
    }
    if (!isObject(message)) return;
    if (typeof message.method !== 'string' && Object.hasOwn(message, 'id')) {
      const exchange = exchanges.get(idKey(message.id));
      if (exchange === undefined) return;
      exchanges.delete(idKey(message.id));
      if (exchange.method === 'server/discover' && Array.isArray(message.result?.supportedVersions))
        lane.supported = message.result.supportedVersions;
      write(exchange, { ...message, id: exchange.id }, true);
      return;
    }
    // A request from the server has no stream to go on in this era; a notification goes on its request's.
    if (Object.hasOwn(message, 'id')) return;
    const exchange = exchangeOf(message);
    if (exchange === undefined) return;
    const meta = isObject(message.params) && isObject(message.params._meta) ? message.params._meta : undefined;
    if (meta !== undefined && Object.hasOwn(meta, SUBSCRIPTION_ID_KEY))
      message = { ...message, params: { ...message.params, _meta: { ...meta, [SUBSCRIPTION_ID_KEY]: exchange.id } } };
    write(exchange, message, false);
  };

  const session = sessions.create({ send: { client: toClient, server: upstream.send }, owner });
  const lane = { open: 0, lastActive: performance.now() };
  const serverDone = upstream.listen(session.fromServer);
  lane.ended = upstream.exited.then(async (status) => {
    await Promise.race([serverDone, new Promise((r) => setTimeout(r, 200).unref())]);
    session.serverExited({ ...status, reason: await upstream.reason() });
    await session.idle();
    for (const exchange of exchanges.values()) if (!exchange.res.writableEnded) exchange.res.end();
    onClosed();
  });
  lane.close = () => upstream.stop();

  lane.serve = (message, res) => {
    lane.open += 1;
    res.on('close', () => {
      lane.open -= 1;
      lane.lastActive = performance.now();
    });
    if (!Object.hasOwn(message, 'id')) {
      session.fromClient(frame(message), message);
      res.writeHead(202).end();
      return;
    }
    const version = claimedRevision(message);
    if (lane.supported !== undefined && !lane.supported.includes(version)) {
      refuseRequest(res, message.id, unsupported(version, lane.supported));
      return;
    }
    const upId = nextId++;
    const params = isObject(message.params) ? message.params : {};
    const exchange = {
      res,
      id: message.id,
      token: isObject(params._meta) ? params._meta.progressToken : undefined,
      method: message.method,
      listen: message.method === 'subscriptions/listen',
      sse: false,
    };
    exchanges.set(idKey(upId), exchange);
    // A client that goes before its answer cancels the request (how a listen stream ends).
    res.on('close', () => {
      if (!exchanges.delete(idKey(upId))) return;
      const cancel = notification('notifications/cancelled', { requestId: upId, reason: 'the client disconnected' });
      session.fromClient(frame(cancel), cancel);
    });
    const up = { ...message, id: upId };
    session.fromClient(frame(up), up);
  };
  return lane;
}

/** Answers `res` with a JSON-RPC error to the request of `id` (null when it has none). */
function refuseRequest(res, id, { status, code, message, data }) {
  const body = frame(errorResponse(id ?? null, { code, message, ...(data === undefined ? {} : { data }) }));
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

module.exports = { openLane, refuseRequest };
