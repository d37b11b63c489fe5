'use strict';
// The in-memory result store: least recently used evicted first, bounded by count and by bytes,
// and each result forgotten ttlMs after its last use. The process's default store (one instance
// shared by every budgeted server of the process) is one of these.

const { readOptions } = require('../../internal/options.cjs');
const { codedError } = require('../../internal/errors.cjs');
const { newResultId, pageBytes, ownerOf, pageOf, rangeOf, checkPages, positiveInteger } = require('./contract.cjs');

/**
 * The bounds by default: a long session's elided results (each kept until evicted), few enough
 * that a server which elides every call stays small; a result nobody reads for 30 minutes is
 * dropped. One result may take the whole byte budget.
 */
const MEMORY_DEFAULTS = Object.freeze({ maxResults: 1000, maxBytes: 64 * 1024 * 1024, ttlMs: 30 * 60 * 1000 });

const KNOWN = ['maxResults', 'maxBytes', 'maxResultBytes', 'ttlMs', 'now'];

/**
 * Expired results remembered (their id and owner, not their pages), so a read of one answers
 * "expired" rather than "unknown": at most this many, each for EXPIRED_FOR_MS after it expired,
 * the oldest forgotten first. A few hundred kilobytes at most.
 */
const MAX_EXPIRED = 10_000;
const EXPIRED_FOR_MS = 24 * 60 * 60 * 1000;

/**
 * A store (see contract.cjs) in this process's memory. Options: `maxResults`, `maxBytes` (UTF-8
 * bytes of all kept pages), `maxResultBytes` (one result's; default `maxBytes`), `ttlMs` (since
 * the result's last put or read) and `now`, the clock (Date.now by default; tests pass their own).
 */
function memoryStore(options) {
  const raw = readOptions('memoryStore', options, KNOWN);
  const maxResults = positiveInteger('memoryStore', 'maxResults', raw.maxResults, MEMORY_DEFAULTS.maxResults);
  const maxBytes = positiveInteger('memoryStore', 'maxBytes', raw.maxBytes, MEMORY_DEFAULTS.maxBytes);
  const maxResultBytes = Math.min(
    maxBytes,
    positiveInteger('memoryStore', 'maxResultBytes', raw.maxResultBytes, maxBytes),
  );
  const ttlMs = positiveInteger('memoryStore', 'ttlMs', raw.ttlMs, MEMORY_DEFAULTS.ttlMs);
  if (raw.now !== undefined && typeof raw.now !== 'function')
    throw codedError('INVALID_OPTION', `memoryStore: now must be a function, got ${typeof raw.now}.`, TypeError);
  const now = raw.now ?? Date.now;
  // A Map iterates in insertion order; every use re-inserts, so the first entry is the least
  // recently used one and also the first to expire.
  const entries = new Map();
  // Expired ids → { owner, at }, in the order they expired.
  const expired = new Map();
  let bytes = 0;

  function drop(id) {
    bytes -= entries.get(id).bytes;
    entries.delete(id);
  }

  function sweep(at) {
    for (const [id, entry] of entries) {
      if (at - entry.usedAt < ttlMs) break;
      drop(id);
      expired.set(id, { owner: entry.owner, at: entry.usedAt + ttlMs });
    }
    for (const [id, gone] of expired) {
      if (expired.size <= MAX_EXPIRED && at - gone.at < EXPIRED_FOR_MS) break;
      expired.delete(id);
    }
  }

  function put(pages, opts) {
    checkPages(pages, 'memoryStore.put');
    const owner = ownerOf(opts, 'memoryStore.put');
    const size = pageBytes(pages);
    if (size > maxResultBytes) return null;
    const at = now();
    sweep(at);
    while (entries.size >= maxResults || bytes + size > maxBytes) drop(entries.keys().next().value);
    let id;
    do id = newResultId();
    while (entries.has(id) || expired.has(id));
    entries.set(id, { pages, owner, bytes: size, usedAt: at });
    bytes += size;
    return id;
  }

  // The entry under `id` that `owner` may read (marked used), or undefined.
  function use(id, owner) {
    const at = now();
    sweep(at);
    const entry = typeof id === 'string' ? entries.get(id) : undefined;
    if (entry === undefined || (entry.owner !== null && entry.owner !== owner)) return undefined;
    entries.delete(id);
    entry.usedAt = at;
    entries.set(id, entry);
    return entry;
  }

  function get(id, opts) {
    const owner = ownerOf(opts, 'memoryStore.get');
    const page = pageOf(opts, 'memoryStore.get');
    const entry = use(id, owner);
    if (entry === undefined) return undefined;
    return { pages: entry.pages.length, text: entry.pages[page - 1] };
  }

  function getPages(id, opts) {
    const owner = ownerOf(opts, 'memoryStore.getPages');
    const { from, to } = rangeOf(opts, 'memoryStore.getPages');
    const entry = use(id, owner);
    if (entry === undefined) return undefined;
    return { pages: entry.pages.length, texts: entry.pages.slice(from - 1, to) };
  }

  // Whether `id` was kept for this owner (or for anyone) and has expired.
  function wasExpired(id, opts) {
    const owner = ownerOf(opts, 'memoryStore.expired');
    sweep(now());
    const gone = typeof id === 'string' ? expired.get(id) : undefined;
    return gone !== undefined && (gone.owner === null || gone.owner === owner);
  }

  function remove(id, opts) {
    const entry = use(id, ownerOf(opts, 'memoryStore.delete'));
    if (entry === undefined) return false;
    drop(id);
    return true;
  }

  // Each call answers through a promise, as every store does; a bad argument rejects.
  const later =
    (fn) =>
    (...args) => {
      try {
        return Promise.resolve(fn(...args));
      } catch (error) {
        return Promise.reject(error);
      }
    };

  return {
    kind: 'memory',
    limits: Object.freeze({ maxResults, maxBytes, maxResultBytes, ttlMs }),
    put: later(put),
    get: later(get),
    getPages: later(getPages),
    delete: later(remove),
    expired: later(wasExpired),
    /** `{ results, bytes }`: results kept now and the UTF-8 bytes of their pages. */
    stats() {
      sweep(now());
      return { results: entries.size, bytes };
    },
  };
}

let shared = null;

/** The process's one default store, made on first use with MEMORY_DEFAULTS. */
function sharedMemoryStore() {
  shared ??= memoryStore();
  return shared;
}

module.exports = { MEMORY_DEFAULTS, MAX_EXPIRED, EXPIRED_FOR_MS, memoryStore, sharedMemoryStore };
