'use strict';
// The in-memory result store: least recently used evicted first, bounded by count and by bytes,
// and each result forgotten ttlMs after its last use. The process's default store (one instance
// shared by every budgeted server of the process) is one of these.

const { readOptions } = require('../../internal/options.cjs');
const { codedError } = require('../../internal/errors.cjs');
// The argument checks every store makes, then the pieces a store is built of.
const { ownerOf, pageOf, rangeOf, checkPages, positiveInteger } = require('./contract.cjs');
const { newResultId, pageBytes, storeObject } = require('./contract.cjs');

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
 * The bounds `memoryStore(options)` keeps to: `{ limits, now }`, `limits` frozen as the store
 * shows them. INVALID_OPTION (a TypeError) for an unknown option or a bad value.
 */
function memoryLimits(options) {
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
  return { limits: Object.freeze({ maxResults, maxBytes, maxResultBytes, ttlMs }), now: raw.now ?? Date.now };
}

/**
 * The kept results and their bounds, behind the store object memoryStore hands out: each store
 * call is the method of its name, answering at once (the store object makes it a promise).
 */
class MemoryStore {
  #limits;
  #now;
  // A Map iterates in insertion order; every use re-inserts, so the first entry is the least
  // recently used one and also the first to expire.
  #entries = new Map();
  // Expired ids → { owner, at }, in the order they expired.
  #expired = new Map();
  #bytes = 0;

  /** `limits` and `now` as memoryLimits reads them. */
  constructor({ limits, now }) {
    this.#limits = limits;
    this.#now = now;
  }

  put(pages, opts) {
    checkPages(pages, 'memoryStore.put');
    const owner = ownerOf(opts, 'memoryStore.put');
    const size = pageBytes(pages);
    const { maxResults, maxBytes, maxResultBytes } = this.#limits;
    if (size > maxResultBytes) return null;
    const at = this.#now();
    this.#sweep(at);
    while (this.#entries.size >= maxResults || this.#bytes + size > maxBytes)
      this.#drop(this.#entries.keys().next().value);
    let id;
    do id = newResultId();
    while (this.#entries.has(id) || this.#expired.has(id));
    this.#entries.set(id, { pages, owner, bytes: size, usedAt: at });
    this.#bytes += size;
    return id;
  }

  get(id, opts) {
    const owner = ownerOf(opts, 'memoryStore.get');
    const page = pageOf(opts, 'memoryStore.get');
    const entry = this.#use(id, owner);
    if (entry === undefined) return undefined;
    return { pages: entry.pages.length, text: entry.pages[page - 1] };
  }

  getPages(id, opts) {
    const owner = ownerOf(opts, 'memoryStore.getPages');
    const { from, to } = rangeOf(opts, 'memoryStore.getPages');
    const entry = this.#use(id, owner);
    if (entry === undefined) return undefined;
    return { pages: entry.pages.length, texts: entry.pages.slice(from - 1, to) };
  }

  delete(id, opts) {
    const entry = this.#use(id, ownerOf(opts, 'memoryStore.delete'));
    if (entry === undefined) return false;
    this.#drop(id);
    return true;
  }

  /** Whether `id` was kept for this owner (or for anyone) and has expired. */
  expired(id, opts) {
    const owner = ownerOf(opts, 'memoryStore.expired');
    this.#sweep(this.#now());
    const gone = typeof id === 'string' ? this.#expired.get(id) : undefined;
    return gone !== undefined && (gone.owner === null || gone.owner === owner);
  }

  /** `{ results, bytes }`: results kept now and the UTF-8 bytes of their pages. */
  stats() {
    this.#sweep(this.#now());
    return { results: this.#entries.size, bytes: this.#bytes };
  }

  #drop(id) {
    this.#bytes -= this.#entries.get(id).bytes;
    this.#entries.delete(id);
  }

  /** Forgets what has expired by `at`, and the oldest expired ids past MAX_EXPIRED or EXPIRED_FOR_MS. */
  #sweep(at) {
    const { ttlMs } = this.#limits;
    for (const [id, entry] of this.#entries) {
      if (at - entry.usedAt < ttlMs) break;
      this.#drop(id);
      this.#expired.set(id, { owner: entry.owner, at: entry.usedAt + ttlMs });
    }
    for (const [id, gone] of this.#expired) {
      if (this.#expired.size <= MAX_EXPIRED && at - gone.at < EXPIRED_FOR_MS) break;
      this.#expired.delete(id);
    }
  }

  /** The entry under `id` that `owner` may read (marked used), or undefined. */
  #use(id, owner) {
    const at = this.#now();
    this.#sweep(at);
    const entry = typeof id === 'string' ? this.#entries.get(id) : undefined;
    if (entry === undefined || (entry.owner !== null && entry.owner !== owner)) return undefined;
    this.#entries.delete(id);
    entry.usedAt = at;
    this.#entries.set(id, entry);
    return entry;
  }
}

/**
 * A store (see contract.cjs) in this process's memory. Options: `maxResults`, `maxBytes` (UTF-8
 * bytes of all kept pages), `maxResultBytes` (one result's; default `maxBytes`), `ttlMs` (since
 * the result's last put or read) and `now`, the clock (Date.now by default; tests pass their own).
 */
function memoryStore(options) {
  const bounds = memoryLimits(options);
  const engine = new MemoryStore(bounds);
  const store = storeObject({ kind: 'memory', limits: bounds.limits, engine });
  /** `{ results, bytes }`: results kept now and the UTF-8 bytes of their pages. */
  store.stats = () => engine.stats();
  return store;
}

let shared = null;

/** The process's one default store, made on first use with MEMORY_DEFAULTS. */
function sharedMemoryStore() {
  shared ??= memoryStore();
  return shared;
}

module.exports = {
  MEMORY_DEFAULTS,
  MAX_EXPIRED,
  EXPIRED_FOR_MS,
  MemoryStore,
  memoryLimits,
  memoryStore,
  sharedMemoryStore,
};
