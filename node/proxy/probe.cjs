'use strict';
// `proxy --stats-probe`: the proxy answers one private JSON-RPC request itself with what it holds
// in memory, so a soak test (or a person chasing a leak) can watch a long session from the
// client side. In-band rather than a signal: the answer comes after every answer the client
// already awaited, it works wherever the client's transport does, and it needs no parsing of
// stderr. Off unless the flag is given; without it the request goes to the server like any other.
const { hasId, isObject } = require('../mcp/jsonrpc.cjs');

/**
 * The method the probe answers. `$/` marks a method private to an implementation (as in LSP),
 * so no MCP server or client means anything else by it.
 */
const STATS_METHOD = '$/modoki-budget/stats';

/**
 * The probe's answer: `{ gc, heapUsed, heapTotal, external, arrayBuffers, rss, store }`.
 * `gc` is whether a full garbage collection ran first (node started with --expose-gc): only
 * then is `heapUsed` the live heap and comparable between two probes. `store` is the result
 * store's `{ kind, limits, results, bytes }` (`results`/`bytes` from its stats() when it counts
 * them: the memory store does, a shared store does not), or null when nothing is kept
 * (--measure-only).
 */
function stats(store) {
  const gc = typeof globalThis.gc === 'function';
  if (gc) globalThis.gc();
  const { heapUsed, heapTotal, external, arrayBuffers, rss } = process.memoryUsage();
  const counts = store && typeof store.stats === 'function' ? store.stats() : {};
  return {
    gc,
    heapUsed,
    heapTotal,
    external,
    arrayBuffers,
    rss,
    store: store ? { kind: store.kind ?? null, limits: store.limits ?? null, ...counts } : null,
  };
}

/**
 * `answer(message)` for the proxy's client side: the probe's result for a STATS_METHOD request,
 * undefined for any other message (which goes on as usual).
 */
function statsProbe(store) {
  return (message) =>
    isObject(message) && message.method === STATS_METHOD && hasId(message) ? stats(store) : undefined;
}

module.exports = { STATS_METHOD, statsProbe };
