'use strict';
// The few MCP client requests `audit` makes of a live server (initialize, tools/list), over the
// child's stdio. Small on purpose: the published package has no runtime dependencies.
const { ProxyError } = require('./errors.cjs');
const { readLines, parseLine } = require('./lines.cjs');
const { exited, stderrReason } = require('./child.cjs');
const { RPC, hasId, isResponse, request, notification, response, errorResponse, frame } = require('../mcp/jsonrpc.cjs');
const { listEveryTool } = require('../mcp/surface-tools.cjs');

/** The protocol revision the client asks for; servers answer with the one they speak. */
const PROTOCOL_VERSION = '2025-06-18';
/** How long one request may take before the command gives up (a hung server never hangs CI). */
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * A JSON-RPC client on a spawned server's stdio: `request(method, params)` → its result (a
 * ProxyError for an error answer, no answer within `timeoutMs`, or a server that exited), and
 * `notify(method, params)`. The server's own requests are answered at once (serverRequestAnswer).
 */
class StdioClient {
  #child;
  #timeoutMs;
  /** Request id → `{ resolve, reject, timer, method }` until it is answered. */
  #pending = new Map();
  #nextId = 1;
  /** The error every request fails with once the server has exited. */
  #closed = null;

  constructor(child, timeoutMs) {
    this.#child = child;
    this.#timeoutMs = timeoutMs;
    readLines(child.stdout, (line) => this.#receive(parseLine(line)));
    exited(child).then((status) => this.#exited(status));
    child.stdin.on('error', () => {});
  }

  request(method, params) {
    if (this.#closed) return Promise.reject(this.#closed);
    const id = this.#nextId++;
    const timeoutMs = this.#timeoutMs;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new ProxyError('TIMEOUT', `the server did not answer ${method} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#pending.set(id, { resolve, reject, timer, method });
      this.#send(request(id, method, params));
    });
  }

  notify(method, params) {
    this.#send(notification(method, params));
  }

  #send(message) {
    this.#child.stdin.write(`${frame(message)}\n`);
  }

  /** A message from the server: its request answered, or the answer to one of ours settled. */
  #receive(message) {
    if (hasId(message) && typeof message.method === 'string') {
      this.#send(serverRequestAnswer(message));
      return;
    }
    if (!isResponse(message) || !this.#pending.has(message.id)) return;
    const { resolve, reject, timer, method } = this.#pending.get(message.id);
    this.#pending.delete(message.id);
    clearTimeout(timer);
    if (message.error)
      reject(
        new ProxyError(
          'SERVER_ERROR',
          `the server answered ${method} with error ${message.error.code}: ${message.error.message}`,
        ),
      );
    else resolve(message.result);
  }

  /** The server exited: every waiting request, and every later one, fails saying so. */
  async #exited(status) {
    const reason = await stderrReason(this.#child);
    const said = reason === '' ? '' : `; its stderr says: ${reason}`;
    const error = new ProxyError(
      'CHILD_EXITED',
      `the server exited (${status.signal ?? `code ${status.code}`}) before answering${said}`,
    );
    this.#closed = error;
    for (const { reject, timer } of this.#pending.values()) {
      clearTimeout(timer);
      reject(error);
    }
    this.#pending.clear();
  }
}

/** A client (see StdioClient) on the spawned server `child`. */
function connect(child, { timeoutMs = REQUEST_TIMEOUT_MS } = {}) {
  return new StdioClient(child, timeoutMs);
}

/**
 * The client capabilities `audit --client-capabilities` can declare. Servers may list more
 * tools to a client that declares one (server-everything adds a sampling, an elicitation and a
 * roots tool), so an audit sees what such a client sees. `elicitation: {}` is form mode, the
 * spec's default; `tasks` is the 2025-11-25 client shape: the server may make its sampling and
 * elicitation requests as tasks.
 */
const CLIENT_CAPABILITIES = {
  sampling: () => ({}),
  elicitation: () => ({}),
  roots: () => ({ listChanged: false }),
  tasks: () => ({ list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } }),
};

/**
 * The `capabilities` object of initialize for capability names (CLIENT_CAPABILITIES' keys);
 * an unknown name is a ProxyError (BAD_OPTION) listing the known ones.
 */
function clientCapabilities(names = []) {
  const capabilities = {};
  for (const name of names) {
    if (!Object.hasOwn(CLIENT_CAPABILITIES, name))
      throw new ProxyError(
        'BAD_OPTION',
        `unknown client capability "${name}"; known: ${Object.keys(CLIENT_CAPABILITIES).join(', ')}`,
      );
    capabilities[name] = CLIENT_CAPABILITIES[name]();
  }
  return capabilities;
}

/**
 * The answer to a request the server makes of this client: an empty roots list and an empty
 * ping result, "method not found" for the rest (sampling, elicitation: there is no model or
 * user here), so a server that waits for an answer is never left waiting.
 */
function serverRequestAnswer(message) {
  if (message.method === 'roots/list') return response(message.id, { roots: [] });
  if (message.method === 'ping') return response(message.id, {});
  return errorResponse(message.id, {
    code: RPC.METHOD_NOT_FOUND,
    message: `${message.method} is not supported by this client`,
  });
}

/**
 * initialize + notifications/initialized; resolves with the server's initialize result.
 * `capabilities` is what the client declares (default none).
 */
async function initialize(client, clientInfo, capabilities = {}) {
  const result = await client.request('initialize', {
    protocolVersion: PROTOCOL_VERSION,
    capabilities,
    clientInfo,
  });
  client.notify('notifications/initialized');
  return result;
}

/** Every tool the server lists, following `nextCursor` to the last page. */
function listTools(client) {
  return listEveryTool(
    (cursor) => client.request('tools/list', cursor === undefined ? {} : { cursor }),
    (text) => new ProxyError('BAD_REPLY', text),
  );
}

module.exports = {
  PROTOCOL_VERSION,
  REQUEST_TIMEOUT_MS,
  CLIENT_CAPABILITIES,
  clientCapabilities,
  StdioClient,
  connect,
  initialize,
  listTools,
};
