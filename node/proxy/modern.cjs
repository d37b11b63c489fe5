'use strict';
// Protocol revision 2026-07-28 over HTTP, as far as the proxy needs it on either side: which
// messages are of that era (their `_meta` envelope names a revision), the standard request
// headers a request carries (SEP-2243: MCP-Protocol-Version, Mcp-Method, Mcp-Name) — derived
// from the body when the proxy posts upstream, checked against it when a client posts — and the
// HTTP status a JSON-RPC error answer goes out with.
const { RPC, isObject } = require('../mcp/jsonrpc.cjs');

/** The envelope's `_meta` keys: the request's revision and the client's capabilities. */
const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
/** The envelope key a `subscriptions/listen` stream's notifications are tagged with. */
const SUBSCRIPTION_ID_KEY = 'io.modelcontextprotocol/subscriptionId';
/** The first revision served without sessions. */
const MODERN_REVISION = '2026-07-28';
/** The JSON-RPC error of a header that disagrees with the body (or is missing). */
const HEADER_MISMATCH = -32020;

/** Which body field the `Mcp-Name` header mirrors, per method (SEP-2243, SEP-2663). */
const NAME_SOURCE = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/** Whether `version` names 2026-07-28 or a later revision (revisions are ISO dates). */
const isModernVersion = (version) =>
  typeof version === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= MODERN_REVISION;

/** The revision a message's envelope claims (a string, maybe one no one serves), or undefined. */
function claimedRevision(message) {
  const meta = isObject(message) && isObject(message.params) ? message.params._meta : undefined;
  return isObject(meta) && Object.hasOwn(meta, PROTOCOL_VERSION_KEY) ? meta[PROTOCOL_VERSION_KEY] : undefined;
}

/**
 * Whether a message is of the sessionless era: its envelope claims a revision, or (for a client's
 * POST) its `MCP-Protocol-Version` header names a modern one. Everything else is 2025-era traffic,
 * served in sessions.
 */
const isModernMessage = (message, versionHeader) =>
  claimedRevision(message) !== undefined || isModernVersion(versionHeader);

/** A header value as SEP-2243 carries it: as it is when printable ASCII, else `=?base64?…?=`. */
function headerValue(value) {
  const text = String(value);
  if (/^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(text) && !text.startsWith('=?')) return text;
  return `=?base64?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

/** The value a header carries, its base64 sentinel decoded; undefined for a malformed sentinel. */
function decodeHeader(raw) {
  const text = raw.trim();
  const sentinel = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/.exec(text);
  if (sentinel) return Buffer.from(sentinel[1], 'base64').toString('utf8');
  return text.startsWith('=?base64?') ? undefined : text;
}

/** The standard headers a modern request carries, from its body: `{ name: value }`. */
function standardHeaders(message) {
  const headers = {};
  const version = claimedRevision(message);
  if (typeof version === 'string') headers['mcp-protocol-version'] = version;
  if (typeof message.method === 'string' && Object.hasOwn(message, 'id')) {
    headers['mcp-method'] = message.method;
    const field = NAME_SOURCE[message.method];
    const value = field && isObject(message.params) ? message.params[field] : undefined;
    if (typeof value === 'string') headers['mcp-name'] = headerValue(value);
  }
  return headers;
}

/**
 * Why a client's modern request cannot be served as it came (`{ status, code, message }`), or
 * undefined: its envelope lacks the revision or the client's capabilities (-32602), or a
 * standard header is missing or disagrees with the body (-32020). `header(name)` reads the
 * request's headers. A notification is never refused.
 */
function refusal(message, header) {
  if (!Object.hasOwn(message, 'id')) return undefined;
  const meta = isObject(message.params) ? message.params._meta : undefined;
  if (!isObject(meta) || typeof meta[PROTOCOL_VERSION_KEY] !== 'string' || !isObject(meta[CLIENT_CAPABILITIES_KEY]))
    return {
      status: 400,
      code: RPC.INVALID_PARAMS,
      message: `Invalid params: a ${MODERN_REVISION} request's _meta must carry ${PROTOCOL_VERSION_KEY} and ${CLIENT_CAPABILITIES_KEY}`,
    };
  for (const [name, expected] of Object.entries(standardHeaders(message))) {
    const raw = header(name);
    const got = raw === undefined ? undefined : decodeHeader(raw);
    const want = name === 'mcp-name' ? decodeHeader(expected) : expected;
    if (got !== want)
      return {
        status: 400,
        code: HEADER_MISMATCH,
        message:
          raw === undefined
            ? `Bad Request: the required ${name} header is absent (the body says ${JSON.stringify(want)})`
            : `Bad Request: the ${name} header (${JSON.stringify(raw)}) disagrees with the body (${JSON.stringify(want)})`,
      };
  }
  return undefined;
}

/**
 * The HTTP status a modern answer goes out with: 200, except the errors the spec gives a status
 * of their own — method not found 404; a parse error, an invalid request, a header mismatch, a
 * missing client capability and an unsupported revision 400.
 */
function statusOf(message) {
  const code = isObject(message.error) ? message.error.code : undefined;
  if (code === RPC.METHOD_NOT_FOUND) return 404;
  if ([RPC.PARSE_ERROR, RPC.INVALID_REQUEST, HEADER_MISMATCH, -32021, -32022].includes(code)) return 400;
  return 200;
}

module.exports = {
  PROTOCOL_VERSION_KEY,
  SUBSCRIPTION_ID_KEY,
  MODERN_REVISION,
  claimedRevision,
  isModernMessage,
  isModernVersion,
  standardHeaders,
  refusal,
  statusOf,
};
