'use strict';
// The few MCP client requests `audit` makes of a live server (initialize, tools/list), over the
// child's stdio. Small on purpose: the published package has no runtime dependencies.
const { CliError } = require('./io.cjs');
const { readLines, parseLine } = require('./lines.cjs');
const { exited } = require('./child.cjs');
const { isResponse, request, notification, frame } = require('../mcp/jsonrpc.cjs');
const { listEveryTool } = require('../mcp/surface-tools.cjs');

/** The protocol revision the client asks for; servers answer with the one they speak. */
const PROTOCOL_VERSION = '2025-06-18';
/** How long one request may take before the command gives up (a hung server never hangs CI). */
const REQUEST_TIMEOUT_MS = 30_000;

/** A JSON-RPC client on a spawned server: `request(method, params)`, `notify(method, params)`. */
function connect(child, { timeoutMs = REQUEST_TIMEOUT_MS } = {}) {
  const pending = new Map();
  let nextId = 1;
  let closed = null;
  const failAll = (error) => {
    closed = error;
    for (const { reject, timer } of pending.values()) {
      clearTimeout(timer);
      reject(error);
    }
    pending.clear();
  };
  readLines(child.stdout, (line) => {
    const message = parseLine(line);
    if (!isResponse(message) || !pending.has(message.id)) return;
    const { resolve, reject, timer, method } = pending.get(message.id);
    pending.delete(message.id);
    clearTimeout(timer);
    if (message.error)
      reject(new CliError(`the server answered ${method} with error ${message.error.code}: ${message.error.message}`));
    else resolve(message.result);
  });
  exited(child).then((status) =>
    failAll(new CliError(`the server exited (${status.signal ?? `code ${status.code}`}) before answering`)),
  );
  child.stdin.on('error', () => {});
  const send = (message) => child.stdin.write(`${frame(message)}\n`);
  return {
    request(method, params) {
      if (closed) return Promise.reject(closed);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new CliError(`the server did not answer ${method} within ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer, method });
        send(request(id, method, params));
      });
    },
    notify(method, params) {
      send(notification(method, params));
    },
  };
}

/** initialize + notifications/initialized; resolves with the server's initialize result. */
async function initialize(client, clientInfo) {
  const result = await client.request('initialize', {
    protocolVersion: PROTOCOL_VERSION,
    capabilities: {},
    clientInfo,
  });
  client.notify('notifications/initialized');
  return result;
}

/** Every tool the server lists, following `nextCursor` to the last page. */
function listTools(client) {
  return listEveryTool(
    (cursor) => client.request('tools/list', cursor === undefined ? {} : { cursor }),
    (text) => new CliError(text),
  );
}

module.exports = { PROTOCOL_VERSION, REQUEST_TIMEOUT_MS, connect, initialize, listTools };
