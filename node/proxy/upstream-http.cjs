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
const { shownUrl, shownHeader, secretsOf, scrubber } = require('./redact.cjs');
const { exactFetch } = require('./exact-fetch.cjs');
const { parseMessage } = require('../mcp/exact-numbers.cjs');
const { frame } = require('../mcp/jsonrpc.cjs');

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
      throw new ProxyError(
        'BAD_OPTION',
        `--header ${shownHeader(flag)}: expected "Name: value" (the value is not shown: it may be a secret)`,
      );
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
    throw new ProxyError('BAD_OPTION', `--url ${JSON.stringify(shownUrl(raw))} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ProxyError(
      'BAD_OPTION',
      `--url ${JSON.stringify(shownUrl(raw))}: expected an http:// or https:// endpoint`,
    );
  return url;
}

/**
 * `url`'s user info as the `Authorization: Basic` header it stands for (fetch refuses a URL
 * that has one), unless `headers` name an Authorization of their own: `{ endpoint, headers }`.
 */
function basicAuth(url, headers) {
  if (url.username === '' && url.password === '') return { endpoint: url, headers };
  const endpoint = new URL(url.href);
  const user = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  endpoint.username = '';
  endpoint.password = '';
  const named = Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
  const basic = named ? {} : { Authorization: `Basic ${Buffer.from(user, 'utf8').toString('base64')}` };
  return { endpoint, headers: { ...basic, ...headers } };
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
    return { message: parseMessage(typeof line === 'string' ? line : line.toString('utf8')) };
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
 * 2026-07-28 messages are posted with. It has what a child upstream has: `where`, `send(line)`,
 * `listen(onMessage, farLines)`, `stop()`, `exited` and `reason()`.
 */
class HttpUpstream {
  /** The endpoint as errors name it: without its credentials. */
  where;
  /** Resolves with `{ code: 0, signal: null }` once the proxy stopped it. */
  exited;
  /** Sends one line of the client's (see sender): an own function, handed on as it is. */
  send;
  #shown;
  #scrub;
  #endpoint;
  #headers;
  #Transport;
  #exact;
  #requests;
  #post;
  #ended;
  /** The 2025-era session's transport, once its first message made it. */
  #transport = null;
  #deliver = null;
  /** Where a message past `far.above` is budgeted: in a worker (./far-lines.cjs), as a child's line is. */
  #far;
  #stopped = false;

  constructor(url, { headers: given = {}, timeoutMs = UPSTREAM_TIMEOUT_MS, Transport, fetchImpl } = {}) {
    const named = parseEndpoint(String(url));
    // What the client is told names the endpoint without its credentials, and quotes no secret
    // of the URL or the headers, whoever's text it comes from (an error body that echoes one).
    this.#shown = shownUrl(named.href);
    this.#scrub = scrubber(secretsOf({ url: named.href, headers: given }));
    const where = (this.where = `the upstream MCP server at ${this.#shown}`);
    ({ endpoint: this.#endpoint, headers: this.#headers } = basicAuth(named, given));
    this.#Transport = Transport;
    this.exited = new Promise((resolve) => (this.#ended = resolve));
    const fail = (id, code, message) => this.#fail(id, code, message);
    this.#requests = requestTable(timeoutMs, (request) =>
      fail(request.id, REQUEST_TIMEOUT, `${where} did not answer ${request.method} within ${timeoutMs} ms`),
    );
    // Every request and answer through exactFetch: numbers go both ways as they were written.
    this.#exact = exactFetch(fetchImpl ?? ((...args) => fetch(...args)));
    this.#post = modernPoster(this.#endpoint, this.#headers, {
      emit: (message) => this.#onModern(message),
      fail: (id, why) => fail(id, CONNECTION_FAILED, `${where} failed: ${why}`),
      fetchImpl: this.#exact,
    });
    this.send = sender(
      () => this.#legacy(),
      () => this.#transport !== null,
      this.#post,
      this.#requests,
      { emit: (message) => this.#emit(message), fail, where, stopped: () => this.#stopped },
    );
  }

  /**
   * `onMessage(line, message)` gets every message from the server; one past `far.above` is
   * handed over once its worker has read it (`line` its FarLine, `message` undefined).
   */
  async listen(onMessage, farLines) {
    this.#deliver = onMessage;
    this.#far = farLines;
    return this.exited;
  }

  /** Ends it: no more sends, the waiting requests' timers cleared, the 2025 session ended. */
  async stop() {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#requests.clear();
    if (this.#transport !== null) await closeTransport(this.#transport);
    this.#ended({ code: 0, signal: null });
  }

  /** Why it ended: the HTTP upstream ends only when the proxy stops it. */
  async reason() {
    return '';
  }

  #emit(message) {
    const deliver = this.#deliver;
    if (deliver === null) return;
    const line = frame(message);
    const far = this.#far;
    if (far === undefined || line.length <= far.above) return deliver(line, message);
    const away = far.start();
    away.add(Buffer.from(line, 'utf8'));
    away.end();
    away.ready.then(() => deliver(away));
  }

  /** Answers request `id` with an error naming the upstream, unless it was answered already. */
  #fail(id, code, message) {
    if (this.#requests.settle(id) !== undefined)
      this.#emit({
        jsonrpc: '2.0',
        id,
        error: { code, message: this.#scrub(message), data: { upstream: this.#shown } },
      });
  }

  /** A 2026-07-28 message from the server: an answer only while its request waits. */
  #onModern(message) {
    if (isResponse(message) && this.#requests.settle(message.id) === undefined) return;
    this.#emit(message);
  }

  /** The 2025-era session's transport, made (and started) at its first message. */
  #legacy() {
    if (this.#transport !== null) return this.#transport;
    const Class = this.#Transport ?? loadTransport();
    const transport = new Class(this.#endpoint, { requestInit: { headers: this.#headers }, fetch: this.#exact });
    this.#transport = transport;
    transport.onmessage = receive(transport, this.#requests, (message) => this.#emit(message));
    // Errors of the standalone SSE stream or of a response stream: the requests they carried are
    // answered by their timers; the stream itself is the SDK's to reconnect.
    transport.onerror = () => {};
    transport.onclose = () => this.stop();
    const started = transport.start();
    const send = transport.send.bind(transport);
    transport.send = (message) => started.then(() => send(message));
    return transport;
  }
}

/** An upstream over Streamable HTTP to `url` (see HttpUpstream); BAD_OPTION for a bad URL. */
function httpUpstream(url, options = {}) {
  return new HttpUpstream(url, options);
}

module.exports = { UPSTREAM_TIMEOUT_MS, loadTransport, parseHeaders, parseEndpoint, HttpUpstream, httpUpstream };
