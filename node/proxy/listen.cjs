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
const { RPC, isObject, frame } = require('../mcp/jsonrpc.cjs');
const { parseMessage } = require('../mcp/exact-numbers.cjs');
const { exactWrites } = require('./exact-writes.cjs');
const { Unread } = require('./backpressure.cjs');
const { checkRequest, readBody, sessionRate } = require('./request-checks.cjs');
const { settleExit } = require('./upstream-exit.cjs');

/**
 * The one address the proxy listens on: loopback. Every session starts a process (or opens a
 * connection with the --header credentials), which is for the local user's clients only.
 */
const HOST = '127.0.0.1';
/** The endpoint's path, as the SDK's examples and most clients' defaults have it. */
const PATH = '/mcp';

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
function refuse(res, status, code, message, headers = {}) {
  res.writeHead(status, { ...headers, 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }));
}

/** Answers a request request-checks.cjs refused. */
const refuseWith = (res, { status, message, headers }) => refuse(res, status, RPC.SERVER_GONE, message, headers);

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
async function openSession({ Transport, allowedHosts, open, sessions, onClosed, onStalled }) {
  const id = randomUUID();
  const upstream = await open();
  const transport = new Transport({ sessionIdGenerator: () => id, enableDnsRebindingProtection: true, allowedHosts });
  const related = relatedRoutes();
  // What the client has not read: past the bound its server is paused, then the session closed.
  const unread = new Unread({
    pause: () => upstream.source?.pause(),
    resume: () => upstream.source?.resume(),
    close: (reason) => onStalled(id, reason),
  });
  const toClient = (data) => {
    // Numbers the server wrote past what a double holds stay held (exact-writes.cjs writes them).
    const message = parseMessage(String(data));
    const sent = transport.send(message, isObject(message) ? related.options(message) : undefined).catch(() => {});
    unread.queued(typeof data === 'string' ? Buffer.byteLength(data) : data.length);
    return sent;
  };
  const session = sessions.create({ send: { client: toClient, server: upstream.send }, owner: id });
  transport.onmessage = (message) => {
    if (isObject(message)) related.request(message);
    session.fromClient(frame(message), message);
  };
  transport.onclose = () => upstream.stop();
  const serverDone = upstream.listen(session.fromServer, sessions.far);
  const ended = upstream.exited.then(async (status) => {
    unread.end();
    await settleExit({ upstream, session, serverDone, status });
    await transport.close();
    onClosed(id);
  });
  return {
    id,
    transport,
    ended,
    close: () => transport.close(),
    open: 0,
    lastActive: performance.now(),
    /** `res`, written with held numbers as their tokens and counted against what is unread. */
    writes: (res) => exactWrites(res, (bytes) => unread.written(bytes)),
  };
}

/** How many ended sessions' reasons are kept, for their clients' next requests: the latest 100. */
const REASONS_KEPT = 100;

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

/** The text of an error that ended a start: its message, or the thrown value itself. */
const whyOf = (error) => (error && error.message ? error.message : String(error));

/**
 * The HTTP side: `handle(req, res)` routes a request to its session's transport, starts a
 * session for an initialize, or serves a 2026-07-28 request on its owner's lane; `live` holds
 * the sessions and lanes. Options: `transport()` the SDK's server transport class, `open()` a
 * new upstream, `sessions` the proxy session factory, `port()` the port listened on,
 * `maxSessions`, `idleMs`, `allowOrigins`, `limitStarts` (each client's rate of new sessions
 * bounded) and `warn(text)`. A session or lane idle for `idleMs` is ended (`sweep()`); at
 * `maxSessions`, a new one ends the longest idle first.
 */
class Router {
  #options;
  #rate;
  /** Session id (or lane id) → the session or lane, for as long as it is served. */
  #live = new Map();
  /** Owner → its lane (or the promise of it while it opens). */
  #lanes = new Map();
  /** Session id → why the proxy ended it, told to a client that comes back with that id. */
  #endedWhy = new Map();
  /** Sessions and lanes still opening: they count against maxSessions. */
  #starting = 0;

  constructor(options) {
    this.#options = options;
    // Only where a session starts a process: a session over --url is a connection.
    this.#rate = options.limitStarts ? sessionRate() : { take: () => undefined };
  }

  /** The sessions and lanes served now, by id (read only by listenProxy's shutdown). */
  get live() {
    return this.#live;
  }

  async handle(req, res) {
    if (new URL(req.url, 'http://x').pathname !== PATH)
      return refuse(res, 404, RPC.INVALID_REQUEST, `Not found: the endpoint is ${PATH}`);
    // Before anything is read, served or started: a page on any site can reach a loopback port
    // through the user's browser (a simple cross-site POST, DNS rebinding).
    const port = this.#options.port();
    const refused = checkRequest(req, { port, allowOrigins: this.#options.allowOrigins });
    if (refused !== undefined) return refuseWith(res, refused);
    const id = req.headers['mcp-session-id'];
    const known = typeof id === 'string' ? this.#live.get(id) : undefined;
    if (known !== undefined && known.transport !== undefined) {
      exchange(known, res);
      return this.serve(known, req, res);
    }
    if (id !== undefined && this.#endedWhy.has(id))
      return refuse(res, 404, RPC.SERVER_GONE, `Session ended: ${this.#endedWhy.get(id)}; initialize a new one`);
    if (id !== undefined) return refuse(res, 404, RPC.SERVER_GONE, 'Session not found: initialize a new one');
    const { body, refused: tooLarge } = req.method === 'POST' ? await readBody(req) : {};
    if (tooLarge !== undefined) return refuseWith(res, tooLarge);
    const version = req.headers['mcp-protocol-version'];
    if (isObject(body) && isModernMessage(body, version)) return this.modern(req, res, body);
    return this.start(req, res, body, [`${HOST}:${port}`, `localhost:${port}`]);
  }

  /**
   * A request of a known session, to its transport: a POST's body read here, so its numbers
   * reach the server as the client wrote them, and held numbers written to the client as such.
   */
  async serve(known, req, res) {
    if (req.method !== 'POST') return known.transport.handleRequest(req, known.writes(res));
    const { body, refused } = await readBody(req);
    if (refused !== undefined) return refuseWith(res, refused);
    if (body === undefined) return refuse(res, 400, RPC.PARSE_ERROR, 'Parse error: Invalid JSON');
    return known.transport.handleRequest(req, known.writes(res), body);
  }

  /** Ends a session whose client left too much unread, and says why. */
  stalled(id, reason) {
    const entry = this.#live.get(id);
    if (entry === undefined) return;
    this.#endedWhy.set(id, reason);
    if (this.#endedWhy.size > REASONS_KEPT) this.#endedWhy.delete(this.#endedWhy.keys().next().value);
    this.#options.warn(`ended session ${id}: ${reason}`);
    this.end(entry);
  }

  /** Room for one more session or lane: false (and `res` answered 503) when every one is busy. */
  room(res) {
    const { maxSessions } = this.#options;
    // Sessions still starting count: a burst of initializes must not pass the cap together.
    if (this.#live.size + this.#starting < maxSessions) return true;
    const idle = [...this.#live.values()].filter((e) => e.open === 0).sort((a, b) => a.lastActive - b.lastActive)[0];
    if (idle !== undefined) {
      this.end(idle);
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
  end(entry) {
    this.#live.delete(entry.id);
    if (this.#lanes.get(entry.owner) === entry) this.#lanes.delete(entry.owner);
    void entry.close();
  }

  /** A 2026-07-28 request: checked as the SDK's own server checks it, then served on its owner's lane. */
  async modern(req, res, body) {
    const refused = refusal(body, (name) => req.headers[name]);
    if (refused !== undefined) return refuseRequest(res, body.id, refused);
    const owner = ownerOf(req);
    const lane = await (this.#lanes.get(owner) ?? this.openLane(owner, res, body));
    if (lane !== undefined) lane.serve(body, res);
  }

  /**
   * A new lane for `owner`, counted against maxSessions while it opens; undefined once `res`
   * is answered instead (no room, or the upstream would not start).
   */
  async openLane(owner, res, body) {
    if (!this.room(res)) return undefined;
    const { open, sessions } = this.#options;
    let lane;
    this.#starting += 1;
    try {
      const pending = openLane({ open, sessions, owner, onClosed: () => this.gone(lane) });
      this.#lanes.set(owner, pending);
      lane = await pending;
    } catch (error) {
      this.#lanes.delete(owner);
      const message = `modoki-budget proxy: ${whyOf(error)}`;
      refuseRequest(res, body.id, { status: 500, code: RPC.INTERNAL_ERROR, message });
      return undefined;
    } finally {
      this.#starting -= 1;
    }
    lane.id = `lane:${owner ?? ''}`;
    lane.owner = owner;
    this.#lanes.set(owner, lane);
    this.#live.set(lane.id, lane);
    return lane;
  }

  /** A lane whose upstream is over: a later request opens a new one. */
  gone(lane) {
    if (lane === undefined) return;
    if (this.#lanes.get(lane.owner) === lane) this.#lanes.delete(lane.owner);
    if (this.#live.get(lane.id) === lane) this.#live.delete(lane.id);
  }

  /** A 2025-era request without a session: an initialize starts one (and its server); anything else is refused. */
  async start(req, res, body, allowedHosts) {
    if (!isObject(body) || body.method !== 'initialize')
      return refuse(res, 400, RPC.INVALID_REQUEST, 'Bad Request: no valid session id, and not an initialize request');
    const slow = this.#rate.take(req);
    if (slow !== undefined) return refuseWith(res, slow);
    let Transport;
    try {
      Transport = this.#options.transport();
    } catch (error) {
      return refuse(res, 500, RPC.INTERNAL_ERROR, `modoki-budget proxy: ${error.message}`);
    }
    if (!this.room(res)) return;
    const entry = await this.openSession(res, { Transport, allowedHosts });
    if (entry === undefined) return;
    exchange(entry, res);
    await entry.transport.handleRequest(req, entry.writes(res), body);
    // An initialize the transport refused (a malformed one) started no session: its server goes.
    if (entry.transport.sessionId === undefined) this.end(entry);
  }

  /**
   * A new session on `Transport`, counted against maxSessions while it opens; undefined once
   * `res` is answered 500 instead (its upstream would not start).
   */
  async openSession(res, { Transport, allowedHosts }) {
    const { open, sessions } = this.#options;
    let entry;
    this.#starting += 1;
    try {
      entry = await openSession({
        Transport,
        allowedHosts,
        open,
        sessions,
        onClosed: (gone) => this.#live.delete(gone),
        onStalled: (id, reason) => this.stalled(id, reason),
      });
    } catch (error) {
      refuse(res, 500, RPC.INTERNAL_ERROR, `modoki-budget proxy: ${whyOf(error)}`);
      return undefined;
    } finally {
      this.#starting -= 1;
    }
    this.#live.set(entry.id, entry);
    return entry;
  }

  /** Ends every session and lane that has been idle for `idleMs`. */
  sweep() {
    const now = performance.now();
    for (const entry of [...this.#live.values()])
      if (entry.open === 0 && now - entry.lastActive >= this.#options.idleMs) this.end(entry);
  }
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
 * DEFAULT_IDLE_TIMEOUT_S) is ended; `allowOrigins`: the origins besides loopback ones whose
 * pages may reach it (request-checks.cjs); `limitStarts`: whether each client's rate of new
 * sessions is bounded (sessionRate), as it is when every session starts a server process. The
 * address goes to stderr. The SDK transport 2025-era
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
  allowOrigins = [],
  limitStarts = true,
  loadSdk = require,
}) {
  let Transport;
  const transport = () => (Transport ??= sdkTransport('server', '--listen', loadSdk));
  let bound = port;
  const idleMs = idleTimeoutS * 1000;
  const warn = (text) => io.stderr.write(`modoki-budget proxy: ${text}\n`);
  const router = new Router({
    transport,
    open,
    sessions,
    port: () => bound,
    maxSessions,
    idleMs,
    allowOrigins,
    limitStarts,
    warn,
  });
  const server = await listenOn(port, (req, res) => router.handle(req, res));
  bound = server.address().port;
  const sweeper = setInterval(() => router.sweep(), Math.min(idleMs, 10_000));
  sweeper.unref();
  // Taken before the address is out: a signal from whoever read it must reach the shutdown.
  const stopped = signalled();
  io.stderr.write(`modoki-budget proxy: listening on http://${HOST}:${bound}${PATH}\n`);
  await stopped;
  clearInterval(sweeper);
  server.close();
  server.closeAllConnections();
  const entries = [...router.live.values()];
  await Promise.all(entries.map((entry) => entry.close()));
  await Promise.all(entries.map((entry) => entry.ended));
  sessions.finish();
}

/**
 * An HTTP server listening on HOST:`port`, each request to `handle(req, res)` (a failure it
 * did not answer: a 500 with its message); LISTEN_FAILED when the port cannot be had.
 */
async function listenOn(port, handle) {
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
  return server;
}

module.exports = { DEFAULT_MAX_SESSIONS, DEFAULT_IDLE_TIMEOUT_S, HOST, PATH, listenProxy };
