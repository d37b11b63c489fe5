'use strict';
// `proxy --listen PORT`: clients speak Streamable HTTP to the proxy instead of stdio, in both
// protocol eras. A 2025-era client initializes a session, served through the SDK's own
// Streamable HTTP server transport (either SDK line, sdk.cjs), with its own upstream (a child
// running the command, or its own connection to --url) and its own proxy session — the router
// the stdio proxy runs. 2026-07-28 requests carry no session: each is served on a lane of its
// owner (lane.cjs). All on one policy, so one store and one set of stats.
const { createServer } = require('node:http');
const { randomUUID, createHash } = require('node:crypto');
const { ProxyError } = require('./errors.cjs');
const { sdkTransport } = require('./sdk.cjs');
const { isModernMessage, refusal } = require('./modern.cjs');
const { openLane, refuseRequest } = require('./lane.cjs');
const { RPC, isObject } = require('../mcp/jsonrpc.cjs');

/**
 * The one address the proxy listens on: loopback. Every session starts a process (or opens a
 * connection with the --header credentials), which is for the local user's clients only.
 */
const HOST = '127.0.0.1';
/** The endpoint's path, as the SDK's examples and most clients' defaults have it. */
const PATH = '/mcp';
/** The largest initialize body read: the SDK transport's own limit for a message. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/**
 * Sessions served at once unless --max-sessions says otherwise: 16. Each session runs its own
 * server process (or holds its own connection to --url), so a client that initializes in a loop
 * must not be able to start processes without end; 16 is more clients than one user runs at a
 * time, and a refused client is told why and can end a session (DELETE) and try again.
 */
const DEFAULT_MAX_SESSIONS = 16;
/**
 * How long a session (or a 2026-07-28 lane) may sit idle before it is ended unless
 * --idle-timeout says otherwise: 300 seconds. Idle means no request in flight and no stream
 * open — a connected SDK client keeps its standalone stream open, so only a client that went
 * without a DELETE (or one that stopped reading) is ended.
 */
const DEFAULT_IDLE_TIMEOUT_S = 300;

/** Answers an HTTP request with a JSON-RPC error (no id: it answers no message in particular). */
function refuse(res, status, code, message) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }));
}

/** The request's body parsed as JSON; undefined when it is too large or not JSON. */
async function jsonBody(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Which client request a message from the server belongs to, so it goes out on that request's
 * own response stream: a progress notification, the request whose progressToken it names; any
 * other notification or request of the server's (a log line, sampling, elicitation), the
 * latest client request still waiting for its answer — on stdio nothing says more, and the
 * SDK's own server sends them on the stream of the request they belong to. With no request
 * waiting, it goes on the session's standalone stream. `request(message)` notes a client
 * request; `options(message)` is the transport's send options for a message to the client (an
 * answer ends its request's wait).
 */
function relatedRoutes() {
  const requestOf = new Map();
  /** Client request id key → { id, token }, in the order they came. */
  const waiting = new Map();
  const key = (id) => `${typeof id}:${id}`;
  return {
    request(message) {
      if (typeof message.method !== 'string' || message.id === undefined) return;
      const token =
        isObject(message.params) && isObject(message.params._meta) ? message.params._meta.progressToken : undefined;
      if (token !== undefined) requestOf.set(token, message.id);
      waiting.set(key(message.id), { id: message.id, token });
    },
    options(message) {
      if (message.method === undefined) {
        const entry = waiting.get(key(message.id));
        if (entry !== undefined) {
          waiting.delete(key(message.id));
          if (entry.token !== undefined) requestOf.delete(entry.token);
        }
        return undefined;
      }
      if (message.method === 'notifications/progress' && isObject(message.params)) {
        const id = requestOf.get(message.params.progressToken);
        if (id !== undefined) return { relatedRequestId: id };
      }
      const latest = [...waiting.values()].pop();
      return latest === undefined ? undefined : { relatedRequestId: latest.id };
    },
  };
}

/**
 * One client's session: its upstream, its transport and its proxy session. `close()` ends the
 * transport, which stops the upstream; `ended` resolves once the upstream has exited and every
 * answer is out.
 */
async function openSession({ Transport, allowedHosts, open, sessions, onClosed }) {
  const id = randomUUID();
  const upstream = await open();
  const transport = new Transport({ sessionIdGenerator: () => id, enableDnsRebindingProtection: true, allowedHosts });
  const related = relatedRoutes();
  const toClient = (data) => {
    const message = JSON.parse(String(data));
    return transport.send(message, isObject(message) ? related.options(message) : undefined).catch(() => {});
  };
  const session = sessions.create({ send: { client: toClient, server: upstream.send }, owner: id });
  transport.onmessage = (message) => {
    if (isObject(message)) related.request(message);
    session.fromClient(JSON.stringify(message), message);
  };
  transport.onclose = () => upstream.stop();
  const serverDone = upstream.listen(session.fromServer);
  const ended = upstream.exited.then(async (status) => {
    await Promise.race([serverDone, new Promise((r) => setTimeout(r, 200).unref())]);
    session.serverExited({ ...status, reason: await upstream.reason() });
    await session.idle();
    await transport.close();
    onClosed(id);
  });
  return { id, transport, ended, close: () => transport.close(), open: 0, lastActive: performance.now() };
}

/** Counts an HTTP exchange on `entry` (a session or a lane) while its response is open. */
function exchange(entry, res) {
  entry.open += 1;
  res.on('close', () => {
    entry.open -= 1;
    entry.lastActive = performance.now();
  });
}

/** Whose pages a 2026-07-28 request's results are: a digest of its Authorization, or no one's. */
function ownerOf(req) {
  const auth = req.headers.authorization;
  return typeof auth === 'string' ? `auth:${createHash('sha256').update(auth).digest('hex')}` : undefined;
}

/**
 * The HTTP side: `handle(req, res)` routes a request to its session's transport, starts a
 * session for an initialize, or serves a 2026-07-28 request on its owner's lane; `live` holds
 * the sessions and lanes. `port()` is the port listened on. A session or lane idle for
 * `idleMs` is ended (`sweep()`); at `maxSessions`, a new one ends the longest idle first.
 */
function router({ transport, open, sessions, port, maxSessions, idleMs }) {
  const live = new Map();
  const lanes = new Map();
  let starting = 0;

  async function handle(req, res) {
    if (new URL(req.url, 'http://x').pathname !== PATH)
      return refuse(res, 404, RPC.INVALID_REQUEST, `Not found: the endpoint is ${PATH}`);
    // A page on any site could otherwise reach a loopback port through the user's browser (DNS
    // rebinding): checked before anything is served or started.
    const allowedHosts = [`${HOST}:${port()}`, `localhost:${port()}`];
    if (!allowedHosts.includes(req.headers.host))
      return refuse(res, 403, RPC.SERVER_GONE, `Invalid Host header: ${req.headers.host}`);
    const id = req.headers['mcp-session-id'];
    const known = typeof id === 'string' ? live.get(id) : undefined;
    if (known !== undefined && known.transport !== undefined) {
      exchange(known, res);
      return known.transport.handleRequest(req, res);
    }
    if (id !== undefined) return refuse(res, 404, RPC.SERVER_GONE, 'Session not found: initialize a new one');
    const body = req.method === 'POST' ? await jsonBody(req) : undefined;
    const version = req.headers['mcp-protocol-version'];
    if (isObject(body) && isModernMessage(body, version)) return modern(req, res, body);
    return start(req, res, body, allowedHosts);
  }

  /** Room for one more session or lane: false (and `res` answered 503) when every one is busy. */
  function room(res) {
    // Sessions still starting count: a burst of initializes must not pass the cap together.
    if (live.size + starting < maxSessions) return true;
    const idle = [...live.values()].filter((e) => e.open === 0).sort((a, b) => a.lastActive - b.lastActive)[0];
    if (idle !== undefined) {
      end(idle);
      return true;
    }
    refuse(
      res,
      503,
      RPC.SERVER_GONE,
      `Too many sessions: this proxy serves at most ${maxSessions} at once (--max-sessions), all busy; end one and try again`,
    );
    return false;
  }

  /** Ends a session or lane now: its slot is free at once, its upstream stops. */
  function end(entry) {
    live.delete(entry.id);
    if (lanes.get(entry.owner) === entry) lanes.delete(entry.owner);
    void entry.close();
  }

  /** A 2026-07-28 request: checked as the SDK's own server checks it, then served on its owner's lane. */
  async function modern(req, res, body) {
    const refused = refusal(body, (name) => req.headers[name]);
    if (refused !== undefined) return refuseRequest(res, body.id, refused);
    const owner = ownerOf(req);
    let lane = lanes.get(owner);
    if (lane === undefined) {
      if (!room(res)) return;
      starting += 1;
      try {
        const pending = openLane({ open, sessions, owner, onClosed: () => gone(lane) });
        lanes.set(owner, pending);
        lane = await pending;
      } catch (error) {
        lanes.delete(owner);
        const why = error && error.message ? error.message : String(error);
        return refuseRequest(res, body.id, {
          status: 500,
          code: RPC.INTERNAL_ERROR,
          message: `modoki-budget proxy: ${why}`,
        });
      } finally {
        starting -= 1;
      }
      lane.id = `lane:${owner ?? ''}`;
      lane.owner = owner;
      lanes.set(owner, lane);
      live.set(lane.id, lane);
    }
    lane = await lane;
    lane.serve(body, res);
  }

  /** A lane whose upstream is over: a later request opens a new one. */
  function gone(lane) {
    if (lane === undefined) return;
    if (lanes.get(lane.owner) === lane) lanes.delete(lane.owner);
    if (live.get(lane.id) === lane) live.delete(lane.id);
  }

  /** A 2025-era request without a session: an initialize starts one (and its server); anything else is refused. */
  async function start(req, res, body, allowedHosts) {
    if (!isObject(body) || body.method !== 'initialize')
      return refuse(res, 400, RPC.INVALID_REQUEST, 'Bad Request: no valid session id, and not an initialize request');
    let Transport;
    try {
      Transport = transport();
    } catch (error) {
      return refuse(res, 500, RPC.INTERNAL_ERROR, `modoki-budget proxy: ${error.message}`);
    }
    if (!room(res)) return;
    let entry;
    starting += 1;
    try {
      entry = await openSession({ Transport, allowedHosts, open, sessions, onClosed: (gone) => live.delete(gone) });
    } catch (error) {
      const why = error && error.message ? error.message : String(error);
      return refuse(res, 500, RPC.INTERNAL_ERROR, `modoki-budget proxy: ${why}`);
    } finally {
      starting -= 1;
    }
    live.set(entry.id, entry);
    exchange(entry, res);
    await entry.transport.handleRequest(req, res, body);
    // An initialize the transport refused (a malformed one) started no session: its server goes.
    if (entry.transport.sessionId === undefined) end(entry);
  }

  /** Ends every session and lane that has been idle for `idleMs`. */
  function sweep() {
    const now = performance.now();
    for (const entry of [...live.values()]) if (entry.open === 0 && now - entry.lastActive >= idleMs) end(entry);
  }

  return { handle, live, sweep };
}

/** Resolves at the first SIGTERM or SIGINT (and stops listening for them). */
function signalled() {
  return new Promise((resolve) => {
    const onSignal = () => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      resolve();
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}

/**
 * Serves the proxy on http://127.0.0.1:`port`/mcp (port 0: a free one) until SIGTERM or SIGINT,
 * then ends every session and resolves with the exit code. `open()` → a new upstream (run.cjs
 * upstreamOpener); `sessions` is run.cjs's sessionFactory; at most `maxSessions` sessions and
 * lanes (default DEFAULT_MAX_SESSIONS) at once; one idle for `idleTimeoutS` seconds (default
 * DEFAULT_IDLE_TIMEOUT_S) is ended. The address goes to stderr. The SDK transport 2025-era
 * sessions need is loaded at the first initialize (either SDK line); without one, that
 * initialize is answered 500 with how to install it, and 2026-07-28 clients are served still.
 */
async function listenProxy({
  port,
  open,
  sessions,
  io,
  maxSessions = DEFAULT_MAX_SESSIONS,
  idleTimeoutS = DEFAULT_IDLE_TIMEOUT_S,
  loadSdk = require,
}) {
  let Transport;
  const transport = () => (Transport ??= sdkTransport('server', '--listen', loadSdk));
  let bound = port;
  const idleMs = idleTimeoutS * 1000;
  const { handle, live, sweep } = router({ transport, open, sessions, port: () => bound, maxSessions, idleMs });
  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent)
        refuse(res, 500, RPC.INTERNAL_ERROR, String(error && error.message ? error.message : error));
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', (error) =>
      reject(new ProxyError('LISTEN_FAILED', `cannot listen on ${HOST}:${port}: ${error.code ?? error.message}`)),
    );
    server.listen(port, HOST, resolve);
  });
  bound = server.address().port;
  const sweeper = setInterval(sweep, Math.min(idleMs, 10_000));
  sweeper.unref();
  // Taken before the address is out: a signal from whoever read it must reach the shutdown.
  const stopped = signalled();
  io.stderr.write(`modoki-budget proxy: listening on http://${HOST}:${bound}${PATH}\n`);
  await stopped;
  clearInterval(sweeper);
  server.close();
  server.closeAllConnections();
  const entries = [...live.values()];
  await Promise.all(entries.map((entry) => entry.close()));
  await Promise.all(entries.map((entry) => entry.ended));
  sessions.finish();
}

module.exports = { DEFAULT_MAX_SESSIONS, DEFAULT_IDLE_TIMEOUT_S, HOST, PATH, listenProxy };
