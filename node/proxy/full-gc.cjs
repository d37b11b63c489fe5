'use strict';
// A full garbage collection on request, for the proxy's large lines: V8 collects when its own
// heuristics say so, which can be after the next large allocation. A 100 MB line's decoded
// pieces or its text, let go of just before the policy copies the result into WebAssembly,
// would otherwise still be resident beside that copy (the process's peak is what a host sees).

let collect;

/**
 * V8's `gc()`: the global one when node runs with --expose-gc, else one taken from a fresh
 * context with the flag on for that moment only (the main context never sees a `gc` global).
 * A no-op where neither is possible.
 */
function collector() {
  if (typeof globalThis.gc === 'function') return globalThis.gc;
  try {
    const v8 = require('node:v8');
    v8.setFlagsFromString('--expose-gc');
    const gc = require('node:vm').runInNewContext('gc');
    v8.setFlagsFromString('--no-expose-gc');
    return typeof gc === 'function' ? gc : () => {};
  } catch {
    return () => {};
  }
}

/**
 * Lines of at least this many bytes are worth a forced collection. Below it the garbage is a
 * small share of the process's peak, and each collection (tens of milliseconds) a large share
 * of the line's time: a 10 MB line paid for five of them, a fifth of its time through the proxy.
 */
const COLLECT_ABOVE = 32 << 20;

/** Runs a full collection now (tens of milliseconds on the proxy's heap). */
function fullGc() {
  collect ??= collector();
  collect();
}

/** fullGc for a line of `bytes` bytes: only when it is past COLLECT_ABOVE. */
function fullGcFor(bytes) {
  if (bytes >= COLLECT_ABOVE) fullGc();
}

module.exports = { fullGc, fullGcFor, COLLECT_ABOVE };
