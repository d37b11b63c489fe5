'use strict';
// JSON-RPC 2.0 as the MCP layer speaks it, written once for withBudget, the proxy and the CLI's
// client: the error codes, how a package error becomes a JSON-RPC error, and the message shapes
// with their stdio framing (one message per line).
const { printExact } = require('./exact-numbers.cjs');

/**
 * The JSON-RPC error codes the package sends or passes on. The first five are the spec's; the
 * last two are MCP's: -32000 is in the spec's range for implementation-defined server errors.
 */
const RPC = Object.freeze({
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  /** The proxy's: the server exited before it answered the request. */
  SERVER_GONE: -32000,
  /** The SDK's URL-elicitation signal: a tool needs the user to open a URL; passed on as is. */
  URL_ELICITATION_REQUIRED: -32042,
});

/**
 * Package error codes (BudgetErrorCode) that mean the request was wrong — an unknown or expired
 * result, a malformed URI, a bad argument — and so are invalid params. Any other package code
 * (a store that cannot be reached, a token table that failed to load) is an internal error.
 */
const INVALID_PARAMS_CODES = new Set([
  'INVALID_INPUT',
  'INVALID_OPTION',
  'CONFLICTING_PARAMETER',
  'UNKNOWN_RESULT',
  'UNKNOWN_TOOL',
  'UNKNOWN_ACTION',
  'UNKNOWN_ENCODING',
  'INVALID_GUID',
  'GUID_PREFIX_TOO_SHORT',
  'AMBIGUOUS_GUID',
  'UNKNOWN_GUID',
]);

/** Whether `error` already is a JSON-RPC error (an SDK `McpError`, or one of ours): a numeric code. */
const isRpcError = (error) => typeof error === 'object' && error !== null && Number.isSafeInteger(error.code);

/** The message of a thrown value; one whose message cannot be read gets a sentence saying so. */
function messageOf(error) {
  try {
    return typeof error === 'object' && error !== null && typeof error.message === 'string'
      ? error.message
      : String(error);
  } catch {
    return 'an error whose message cannot be read';
  }
}

/**
 * The JSON-RPC error object `{ code, message, data? }` for a thrown value. A JSON-RPC error keeps
 * its code and data; a package error (string `code`) gets the code of the table above and
 * `data.code` = the package code, so a client can branch on it; anything else is internal.
 * `data` adds fields (the URI read, …) to the error's data.
 */
function rpcErrorOf(error, data) {
  if (isRpcError(error)) {
    const merged = data === undefined ? error.data : { ...(isObject(error.data) ? error.data : {}), ...data };
    return { code: error.code, message: messageOf(error), ...(merged === undefined ? {} : { data: merged }) };
  }
  const packageCode =
    typeof error === 'object' && error !== null && typeof error.code === 'string' ? error.code : undefined;
  const code =
    packageCode !== undefined && INVALID_PARAMS_CODES.has(packageCode) ? RPC.INVALID_PARAMS : RPC.INTERNAL_ERROR;
  const fields = { ...(packageCode === undefined ? {} : { code: packageCode }), ...data };
  return { code, message: messageOf(error), ...(Object.keys(fields).length === 0 ? {} : { data: fields }) };
}

/**
 * The same error as a throwable the MCP SDK sends unchanged (its request handlers send a thrown
 * value's numeric `code`, `message` and `data`).
 */
function rpcException({ code, message, data }) {
  const error = new Error(message);
  error.code = code;
  if (data !== undefined) error.data = data;
  return error;
}

/** A JSON object (not null, not an array): what a message, its params and its result must be. */
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Ids 1 and "1" are different JSON-RPC ids; the key keeps them apart in a Map. */
const idKey = (id) => `${typeof id}:${id}`;

/** Whether `message` carries a request id (a string or a number). */
const hasId = (message) =>
  isObject(message) &&
  Object.hasOwn(message, 'id') &&
  (typeof message.id === 'string' || typeof message.id === 'number');

/** A response: an id and no method. */
const isResponse = (message) => hasId(message) && !Object.hasOwn(message, 'method');

const request = (id, method, params) => ({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
const notification = (method, params) => ({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
const response = (id, result) => ({ jsonrpc: '2.0', id, result });
const errorResponse = (id, error) => ({ jsonrpc: '2.0', id, error });

/**
 * MCP's stdio framing: a message is one line of JSON (JSON.stringify never writes a raw
 * newline), without the `\n` the writer adds; a number held as its text (./exact-numbers.cjs)
 * is written as that text.
 */
const frame = (message) => printExact(message);

module.exports = {
  RPC,
  rpcErrorOf,
  rpcException,
  isRpcError,
  isObject,
  idKey,
  hasId,
  isResponse,
  request,
  notification,
  response,
  errorResponse,
  frame,
};
