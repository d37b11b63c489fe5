'use strict';
// The proxy's upstream when the MCP server is remote, over Streamable HTTP in both protocol eras:
// a 2026-07-28 message (its `_meta` envelope names a revision) is a POST of its own
// (upstream-modern.cjs); 2025-era messages go through the SDK's own StreamableHTTPClientTransport
// (session id, JSON and SSE responses, the standalone SSE stream for the server's notifications
// and requests, resumption), made at the first such message, from whichever SDK line is
// installed (sdk.cjs). It presents the interface the child process gives the proxy: lines go in
// with `send`, messages come out through `listen`, and `exited` resolves when it is over.
const { ProxyError } = require('./errors.cjs');
const { sdkTransport } = require('./sdk.cjs');
const { modernPoster } = require('./upstream-modern.cjs');
const { isModernMessage } = require('./modern.cjs');

/**
 * How long a request may go unanswered upstream before the proxy answers it with an error:
 * the SDK Client's own default request timeout, so a proxied call fails no sooner than a
 * direct one would.
 */
const UPSTREAM_TIMEOUT_MS = 60_000;

/** JSON-RPC codes of the SDK's ErrorCode: the connection failed; the request timed out. */
const CONNECTION_FAILED = -32000;
const REQUEST_TIMEOUT = -32001;
const PARSE_ERROR = -32700;

/** The SDK's client transport class (either line), or a ProxyError (MISSING_PEER) when neither is installed. */
const loadTransport = (load = require) => sdkTransport('client', '--url', load);

/** `{ name: value }` of `--header "Name: value"` flags; a header without a colon is a ProxyError (BAD_OPTION). */
function parseHeaders(flags = []) {
  const headers = {};
  for (const flag of flags) {
    const at = flag.indexOf(':');
    const name = at === -1 ? '' : flag.slice(0, at).trim();
    if (name === '' || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
      throw new ProxyError('BAD_OPTION', `--header ${JSON.stringify(flag)}: expected "Name: value"`);
    headers[name] = flag.slice(at + 1).trim();
  }
  return headers;
}

/** The endpoint of `--url`: an http or https URL, or a ProxyError (BAD_OPTION). */
function parseEndpoint(raw) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new ProxyError('BAD_OPTION', `--url ${JSON.stringify(raw)} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ProxyError('BAD_OPTION', `--url ${JSON.stringify(raw)}: expected an http:// or https:// endpoint`);
  return url;
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isRequest = (m) =>
  isObject(m) && typeof m.method === 'string' && (typeof m.id === 'string' || typeof m.id === 'number');
const isResponse = (m) => isObject(m) && !Object.hasOwn(m, 'method') && Object.hasOwn(m, 'id');
const reason = (error) => (error && error.message ? error.message : String(error));

/**
 * The requests sent upstream and not answered yet, each with a timer: `expired(request)` is
 * called for one `timeoutMs` after it was sent. `settle(id)` takes a request off the table
 * (answered, failed or cancelled) and returns what was sent, or undefined when it is not there.
 */
function requestTable(timeoutMs, expired) {
  /** id key → { request, timer }; the key keeps 1 and "1" apart. */
  const waiting = new Map();
  const key = (id) => `${typeof id}:${id}`;
  return {
    track(request) {
      const timer = setTimeout(() => expired(request), timeoutMs);
      timer.unref?.();
      waiting.set(key(request.id), { request, timer });
    },
    settle(id) {
      const entry = waiting.get(key(id));
      if (entry === undefined) return undefined;
      clearTimeout(entry.timer);
      waiting.delete(key(id));
      return entry.request;
    },
    clear() {
      for (const [, entry] of waiting) clearTimeout(entry.timer);
      waiting.clear();
    },
  };
}

/** A line the client sent, as `{ message }`, or `{ error }`: the JSON-RPC parse error to answer it with. */
function parseClientLine(line) {
  try {
    return { message: JSON.parse(typeof line === 'string' ? line : line.toString('utf8')) };
  } catch (error) {
    return {
      error: { jsonrpc: '2.0', id: null, error: { code: PARSE_ERROR, message: `Parse error: ${reason(error)}` } },
    };
  }
}

/**
 * Ends `transport`'s session: a DELETE tells a stateful server to free it, waited on for at
 * most 2 s (a server that is gone is not waited on), then the transport closes.
 */
async function closeTransport(transport) {
  if (transport.sessionId !== undefined)
    await Promise.race([transport.terminateSession().catch(() => {}), new Promise((r) => setTimeout(r, 2000).unref())]);
  await transport.close().catch(() => {});
}

/**
 * What the transport's `onmessage` does: a response takes its request off the table (one that
 * timed out was answered already, and its late answer is dropped; an initialize answer sets the
 * protocol version the transport sends from then on), and every message goes to `emit`.
 */
function receive(transport, requests, emit) {
  return (message) => {
    if (isResponse(message)) {
      const request = requests.settle(message.id);
      if (request === undefined) return;
      if (request.method === 'initialize' && typeof message.result?.protocolVersion === 'string')
        transport.setProtocolVersion?.(message.result.protocolVersion);
    }
    emit(message);
  };
}

/**
 * `send(line)` for the client's lines: each request is tracked until answered, a cancellation
 * takes its request off the table, a line that is not JSON is answered with a parse error, and
 * a send that fails answers the requests it carried with an error naming the upstream
 * (`where`). A 2026-07-28 message goes to `post`; a 2025 one to the session's transport,
 * `legacy()` (made at the first, a ProxyError when no SDK line is installed; `legacyOpen()` says
 * whether it was). Nothing is sent once `stopped()`.
 */
function sender(legacy, legacyOpen, post, requests, { emit, fail, where, stopped }) {
  return (line) => {
    if (stopped()) return;
    const { message, error } = parseClientLine(line);
    if (error !== undefined) return emit(error);
    const sent = (Array.isArray(message) ? message : [message]).filter(isRequest);
    for (const request of sent) requests.track(request);
    if (isObject(message) && message.method === 'notifications/cancelled' && isObject(message.params))
      requests.settle(message.params.requestId);
    const failAll = (error) => {
      for (const request of sent)
        fail(request.id, CONNECTION_FAILED, `${where} failed on ${request.method}: ${reason(error)}`);
    };
    // A notification without an envelope is of the era in use: 2026-07-28 until a 2025 session is.
    const notice = isObject(message) && !Object.hasOwn(message, 'id');
    if (isObject(message) && (isModernMessage(message) || (notice && !legacyOpen()))) return void post(message);
    let transport;
    try {
      transport = legacy();
    } catch (error) {
      return failAll(error);
    }
    transport.send(message).catch(failAll);
  };
}

/**
 * An upstream over Streamable HTTP to `url` with `headers` on every request. `timeoutMs` bounds
 * each request; `Transport` is the SDK client transport class for 2025-era messages (by default
 * loaded at the first one, from either SDK line; tests pass their own), `fetchImpl` what
 * 2026-07-28 messages are posted with.
 */
function httpUpstream(url, { headers = {}, timeoutMs = UPSTREAM_TIMEOUT_MS, Transport, fetchImpl } = {}) {
  const endpoint = parseEndpoint(String(url));
  const where = `the upstream MCP server at ${endpoint.href}`;
  let transport = null;
  let deliver = null;
  let stopped = false;
  let ended;
  const exited = new Promise((resolve) => (ended = resolve));

  const emit = (message) => {
    if (deliver !== null) deliver(JSON.stringify(message), message);
  };
  const requests = requestTable(timeoutMs, (request) =>
    fail(request.id, REQUEST_TIMEOUT, `${where} did not answer ${request.method} within ${timeoutMs} ms`),
  );
  /** Answers request `id` with an error naming the upstream, unless it was answered already. */
  const fail = (id, code, message) => {
    if (requests.settle(id) !== undefined)
      emit({ jsonrpc: '2.0', id, error: { code, message, data: { upstream: endpoint.href } } });
  };
  const onModern = (message) => {
    if (isResponse(message) && requests.settle(message.id) === undefined) return;
    emit(message);
  };
  const post = modernPoster(endpoint, headers, {
    emit: onModern,
    fail: (id, why) => fail(id, CONNECTION_FAILED, `${where} failed: ${why}`),
    ...(fetchImpl ? { fetchImpl } : {}),
  });

  /** The 2025-era session's transport, made (and started) at its first message. */
  const legacy = () => {
    if (transport !== null) return transport;
    const Class = Transport ?? loadTransport();
    transport = new Class(endpoint, { requestInit: { headers } });
    transport.onmessage = receive(transport, requests, emit);
    // Errors of the standalone SSE stream or of a response stream: the requests they carried are
    // answered by their timers; the stream itself is the SDK's to reconnect.
    transport.onerror = () => {};
    transport.onclose = () => stop();
    const started = transport.start();
    const send = transport.send.bind(transport);
    transport.send = (message) => started.then(() => send(message));
    return transport;
  };

  const send = sender(legacy, () => transport !== null, post, requests, { emit, fail, where, stopped: () => stopped });

  async function stop() {
    if (stopped) return;
    stopped = true;
    requests.clear();
    if (transport !== null) await closeTransport(transport);
    ended({ code: 0, signal: null });
  }

  return {
    where,
    /** `onMessage(line, message)` gets every message from the server. */
    async listen(onMessage) {
      deliver = onMessage;
      return exited;
    },
    send,
    stop,
    exited,
    /** Why it ended: the HTTP upstream ends only when the proxy stops it. */
    reason: async () => '',
  };
}

module.exports = { UPSTREAM_TIMEOUT_MS, loadTransport, parseHeaders, parseEndpoint, httpUpstream };
