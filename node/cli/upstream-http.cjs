'use strict';
// The proxy's upstream when the MCP server is remote: Streamable HTTP through the SDK's own
// StreamableHTTPClientTransport (session id, JSON and SSE responses, the standalone SSE stream
// for the server's notifications and requests, resumption). It presents the interface the
// child process gives the proxy: lines go in with `send`, messages come out through `listen`,
// and `exited` resolves when it is over. The SDK is an optional peer dependency, loaded only here.
const { CliError } = require('./io.cjs');

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

/** The SDK's client transport class, or a one-line usage error when the SDK is not installed. */
function loadTransport(load = require) {
  try {
    return load('@modelcontextprotocol/sdk/client/streamableHttp.js').StreamableHTTPClientTransport;
  } catch (error) {
    if (error && error.code === 'MODULE_NOT_FOUND')
      throw new CliError(
        'proxy --url needs @modelcontextprotocol/sdk (an optional peer dependency): npm i @modelcontextprotocol/sdk',
      );
    throw error;
  }
}

/** `{ name: value }` of `--header "Name: value"` flags; a header without a colon is a usage error. */
function parseHeaders(flags = []) {
  const headers = {};
  for (const flag of flags) {
    const at = flag.indexOf(':');
    const name = at === -1 ? '' : flag.slice(0, at).trim();
    if (name === '' || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
      throw new CliError(`--header ${JSON.stringify(flag)}: expected "Name: value"`);
    headers[name] = flag.slice(at + 1).trim();
  }
  return headers;
}

/** The endpoint of `--url`: an http or https URL, or a usage error. */
function parseEndpoint(raw) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new CliError(`--url ${JSON.stringify(raw)} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CliError(`--url ${JSON.stringify(raw)}: expected an http:// or https:// endpoint`);
  return url;
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isRequest = (m) =>
  isObject(m) && typeof m.method === 'string' && (typeof m.id === 'string' || typeof m.id === 'number');
const reason = (error) => (error && error.message ? error.message : String(error));

/**
 * An upstream over Streamable HTTP to `url` with `headers` on every request. `timeoutMs` bounds
 * each request; `Transport` is the SDK class (tests pass their own loader's).
 */
function httpUpstream(url, { headers = {}, timeoutMs = UPSTREAM_TIMEOUT_MS, Transport = loadTransport() } = {}) {
  const endpoint = parseEndpoint(String(url));
  const where = `the upstream MCP server at ${endpoint.href}`;
  const transport = new Transport(endpoint, { requestInit: { headers } });
  /** Requests sent and not answered: id key → { method, timer }. */
  const waiting = new Map();
  const key = (id) => `${typeof id}:${id}`;
  let deliver = null;
  let ended;
  const exited = new Promise((resolve) => (ended = resolve));
  let stopped = false;

  function emit(message) {
    if (deliver !== null) deliver(JSON.stringify(message), message);
  }

  function fail(id, code, message) {
    const entry = waiting.get(key(id));
    if (entry === undefined) return;
    clearTimeout(entry.timer);
    waiting.delete(key(id));
    emit({ jsonrpc: '2.0', id, error: { code, message, data: { upstream: endpoint.href } } });
  }

  transport.onmessage = (message) => {
    if (isObject(message) && !Object.hasOwn(message, 'method') && Object.hasOwn(message, 'id')) {
      const entry = waiting.get(key(message.id));
      // An answer after its request timed out was answered already: it is dropped.
      if (entry === undefined) return;
      clearTimeout(entry.timer);
      waiting.delete(key(message.id));
      if (
        entry.method === 'initialize' &&
        isObject(message.result) &&
        typeof message.result.protocolVersion === 'string'
      )
        transport.setProtocolVersion?.(message.result.protocolVersion);
    }
    emit(message);
  };
  // Errors of the standalone SSE stream or of a response stream: the requests they carried are
  // answered by their timers; the stream itself is the SDK's to reconnect.
  transport.onerror = () => {};
  transport.onclose = () => stop();

  function track(message) {
    const timer = setTimeout(
      () => fail(message.id, REQUEST_TIMEOUT, `${where} did not answer ${message.method} within ${timeoutMs} ms`),
      timeoutMs,
    );
    timer.unref?.();
    waiting.set(key(message.id), { method: message.method, timer });
  }

  function send(line) {
    if (stopped) return;
    let message;
    try {
      message = JSON.parse(typeof line === 'string' ? line : line.toString('utf8'));
    } catch (error) {
      emit({ jsonrpc: '2.0', id: null, error: { code: PARSE_ERROR, message: `Parse error: ${reason(error)}` } });
      return;
    }
    const requests = (Array.isArray(message) ? message : [message]).filter(isRequest);
    for (const request of requests) track(request);
    if (isObject(message) && message.method === 'notifications/cancelled' && isObject(message.params)) {
      const entry = waiting.get(key(message.params.requestId));
      if (entry !== undefined) {
        clearTimeout(entry.timer);
        waiting.delete(key(message.params.requestId));
      }
    }
    transport.send(message).catch((error) => {
      for (const request of requests)
        fail(request.id, CONNECTION_FAILED, `${where} failed on ${request.method}: ${reason(error)}`);
    });
  }

  async function stop() {
    if (stopped) return;
    stopped = true;
    for (const [, entry] of waiting) clearTimeout(entry.timer);
    waiting.clear();
    // Ending the session tells a stateful server to free it; a server that is gone is not waited on.
    if (transport.sessionId !== undefined)
      await Promise.race([
        transport.terminateSession().catch(() => {}),
        new Promise((r) => setTimeout(r, 2000).unref()),
      ]);
    await transport.close().catch(() => {});
    ended({ code: 0, signal: null });
  }

  return {
    where,
    /** Starts the transport; `onMessage(line, message)` gets every message from the server. */
    async listen(onMessage) {
      deliver = onMessage;
      await transport.start();
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
