'use strict';
// What the proxy runtime throws: a ProxyError with a `.code` from PROXY_ERROR_CODES, so the one
// caller that turns errors into exit codes and messages (node/cli/main.cjs) branches on the
// code, and the runtime knows nothing of the command line that started it.

/**
 * The closed set of `ProxyError.code`s, each one way the proxy cannot start or go on:
 * - `BAD_OPTION`: an option's value is malformed (a URL, a header, a client capability).
 * - `MISSING_PEER`: an optional peer the option needs is not installed (the SDK, a Redis client).
 * - `NO_COMMAND`: no server command was given.
 * - `SPAWN_FAILED`: the server command could not be started (ENOENT, EACCES).
 * - `CHILD_EXITED`: the server exited before it answered.
 * - `SERVER_ERROR`: the server answered a request with a JSON-RPC error.
 * - `BAD_REPLY`: the server's answer is not what the protocol says it must be.
 * - `TIMEOUT`: the server did not answer in time.
 * - `LISTEN_FAILED`: the port to serve clients on could not be bound.
 * - `REDIS_UNREACHABLE`: the Redis that keeps the pages could not be reached.
 */
const PROXY_ERROR_CODES = Object.freeze([
  'BAD_OPTION',
  'MISSING_PEER',
  'NO_COMMAND',
  'SPAWN_FAILED',
  'CHILD_EXITED',
  'SERVER_ERROR',
  'BAD_REPLY',
  'TIMEOUT',
  'LISTEN_FAILED',
  'REDIS_UNREACHABLE',
]);

/** An error of the proxy runtime: a one-line `message` for the user and a `code` to branch on. */
class ProxyError extends Error {
  constructor(code, message) {
    if (!PROXY_ERROR_CODES.includes(code)) throw new TypeError(`unknown ProxyError code ${JSON.stringify(code)}`);
    super(message);
    this.name = 'ProxyError';
    this.code = code;
  }
}

module.exports = { ProxyError, PROXY_ERROR_CODES };
