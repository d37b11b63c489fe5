'use strict';
// `proxy --listen PORT`: clients speak Streamable HTTP to the proxy instead of stdio, through the
// SDK's own StreamableHTTPServerTransport, stateful: each client's session has its own upstream
// (a child running the command, or its own connection to --url) and its own proxy session — the
// router the stdio proxy runs — all on one policy, so one store and one set of stats.
const { createServer } = require('node:http');
const { randomUUID } = require('node:crypto');
const { ProxyError } = require('./errors.cjs');
const { requireSdk } = require('./upstream-http.cjs');
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
 * Which request a progress notification reports on, so it goes out on that request's own
 * response stream (the server's other notifications and requests go on the session's standalone
 * stream): `request(message)` notes a client request's progressToken, `options(message)` is
 * the transport's send options for a message to the client (a response forgets its token).
 */
function progressRoutes() {
  const requestOf = new Map();
  const tokenOf = new Map();
  return {
    request(message) {
      const token =
        isObject(message.params) && isObject(message.params._meta) ? message.params._meta.progressToken : undefined;
      if (token === undefined || message.id === undefined) return;
      requestOf.set(token, message.id);
      tokenOf.set(message.id, token);
    },
    options(message) {
      if (message.method === 'notifications/progress' && isObject(message.params)) {
        const id = requestOf.get(message.params.progressToken);
        return id === undefined ? undefined : { relatedRequestId: id };
      }
      if (message.method === undefined && tokenOf.has(message.id)) {
        requestOf.delete(tokenOf.get(message.id));
        tokenOf.delete(message.id);
      }
      return undefined;
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
  const progress = progressRoutes();
  const toClient = (data) => {
    const message = JSON.parse(String(data));
    return transport.send(message, isObject(message) ? progress.options(message) : undefined).catch(() => {});
  };
  const session = sessions.create({ send: { client: toClient, server: upstream.send }, owner: id });
  transport.onmessage = (message) => {
    if (isObject(message)) progress.request(message);
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
  return { id, transport, ended, close: () => transport.close() };
}

/**
 * The HTTP side: `handle(req, res)` routes a request to its session's transport, or starts a
 * session for an initialize; `live` holds the sessions. `port()` is the port listened on.
 */
function router({ Transport, open, sessions, port, maxSessions }) {
  const live = new Map();
  let starting = 0;

  async function handle(req, res) {
    if (new URL(req.url, 'http://x').pathname !== PATH)
      return refuse(res, 404, RPC.INVALID_REQUEST, `Not found: the endpoint is ${PATH}`);
    const id = req.headers['mcp-session-id'];
    const known = typeof id === 'string' ? live.get(id) : undefined;
    if (known !== undefined) return known.transport.handleRequest(req, res);
    if (id !== undefined) return refuse(res, 404, RPC.SERVER_GONE, 'Session not found: initialize a new one');
    return start(req, res);
  }

  /** A request without a session: an initialize starts one (and its server); anything else is refused. */
  async function start(req, res) {
    // A page on any site could otherwise reach a loopback port through the user's browser (DNS
    // rebinding): checked before a session starts a process.
    const allowedHosts = [`${HOST}:${port()}`, `localhost:${port()}`];
    if (!allowedHosts.includes(req.headers.host))
      return refuse(res, 403, RPC.SERVER_GONE, `Invalid Host header: ${req.headers.host}`);
    const body = req.method === 'POST' ? await jsonBody(req) : undefined;
    if (!isObject(body) || body.method !== 'initialize')
      return refuse(res, 400, RPC.INVALID_REQUEST, 'Bad Request: no valid session id, and not an initialize request');
    // Sessions still starting count: a burst of initializes must not pass the cap together.
    if (live.size + starting >= maxSessions)
      return refuse(
        res,
        503,
        RPC.SERVER_GONE,
        `Too many sessions: this proxy serves at most ${maxSessions} at once (--max-sessions); end one and initialize again`,
      );
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
    await entry.transport.handleRequest(req, res, body);
    // An initialize the transport refused (a malformed one) started no session: its server goes.
    if (entry.transport.sessionId === undefined) await entry.close();
  }

  return { handle, live };
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
 * then ends every session and resolves with the exit code. `open()` → a new upstream (proxy.cjs
 * upstreamOpener); `sessions` is proxy.cjs's sessionFactory; at most `maxSessions` sessions
 * (default DEFAULT_MAX_SESSIONS) at once, an initialize past them answered 503. The address goes
 * to stderr.
 */
async function listenProxy({ port, open, sessions, io, maxSessions = DEFAULT_MAX_SESSIONS }) {
  const Transport = requireSdk('server/streamableHttp.js', '--listen').StreamableHTTPServerTransport;
  let bound = port;
  const { handle, live } = router({ Transport, open, sessions, port: () => bound, maxSessions });
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
  // Taken before the address is out: a signal from whoever read it must reach the shutdown.
  const stopped = signalled();
  io.stderr.write(`modoki-budget proxy: listening on http://${HOST}:${bound}${PATH}\n`);
  await stopped;
  server.close();
  server.closeAllConnections();
  const entries = [...live.values()];
  await Promise.all(entries.map((entry) => entry.close()));
  await Promise.all(entries.map((entry) => entry.ended));
  sessions.finish();
}

module.exports = { DEFAULT_MAX_SESSIONS, HOST, PATH, listenProxy };
