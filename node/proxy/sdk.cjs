'use strict';
// The MCP SDK's Streamable HTTP transports, which the proxy uses for 2025-era sessions (the
// server side for --listen, the client side for --url): from whichever SDK line is installed,
// v1 (`@modelcontextprotocol/sdk`) or v2 (`@modelcontextprotocol/node` for the server side,
// `@modelcontextprotocol/client` for the client side). The SDK is an optional peer dependency:
// 2026-07-28 traffic needs none of it, so it is loaded only when a 2025-era session needs it.
const { ProxyError } = require('./errors.cjs');

/** Where each side's transport class is, in the order tried: v1 first, then v2. */
const LINES = {
  server: [
    ['@modelcontextprotocol/sdk/server/streamableHttp.js', 'StreamableHTTPServerTransport'],
    ['@modelcontextprotocol/node', 'NodeStreamableHTTPServerTransport'],
  ],
  client: [
    ['@modelcontextprotocol/sdk/client/streamableHttp.js', 'StreamableHTTPClientTransport'],
    ['@modelcontextprotocol/client', 'StreamableHTTPClientTransport'],
  ],
};

/** The install command each side's message names. */
const INSTALL = {
  server: 'npm i @modelcontextprotocol/sdk (v1) or npm i @modelcontextprotocol/node (v2)',
  client: 'npm i @modelcontextprotocol/sdk (v1) or npm i @modelcontextprotocol/client (v2)',
};

/**
 * The transport class of `side` ('server' or 'client') from the first SDK line installed, or a
 * ProxyError (MISSING_PEER) naming `flag` and how to install either line. `load` is `require`
 * (tests pass their own).
 */
function sdkTransport(side, flag, load = require) {
  for (const [path, name] of LINES[side]) {
    try {
      return load(path)[name];
    } catch (error) {
      if (!error || error.code !== 'MODULE_NOT_FOUND') throw error;
    }
  }
  throw new ProxyError(
    'MISSING_PEER',
    `proxy ${flag} needs the MCP SDK (an optional peer dependency) for 2025-era clients: ${INSTALL[side]}`,
  );
}

module.exports = { sdkTransport };
