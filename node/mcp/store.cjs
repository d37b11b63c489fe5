'use strict';
// The bounded in-memory store of elided results: each entry is a result's pages (JSON texts),
// least recently used evicted first, bounded by count and by bytes, and forgotten ttlMs after
// its last use.

const { randomBytes } = require('node:crypto');

const pageBytes = (pages) => pages.reduce((sum, page) => sum + Buffer.byteLength(page, 'utf8'), 0);

/**
 * A least-recently-used store of page lists. `maxResults`, `maxBytes` (UTF-8 bytes of the kept
 * page texts) and `ttlMs` (since the entry's last put or read) bound it; `now` is the clock.
 */
function createStore({ maxResults, maxBytes, ttlMs }, now = Date.now) {
  // A Map iterates in insertion order; every use re-inserts, so the first entry is the least
  // recently used one and also the first to expire.
  const entries = new Map();
  let bytes = 0;

  function drop(id) {
    bytes -= entries.get(id).bytes;
    entries.delete(id);
  }

  function sweep(at) {
    for (const [id, entry] of entries) {
      if (at - entry.usedAt < ttlMs) break;
      drop(id);
    }
  }

  function freshId() {
    let id;
    do id = randomBytes(6).toString('hex');
    while (entries.has(id));
    return id;
  }

  return {
    /** Keeps `pages`; returns its id, or null when one result alone is over `maxBytes`. */
    put(pages) {
      const size = pageBytes(pages);
      if (size > maxBytes) return null;
      const at = now();
      sweep(at);
      while (entries.size >= maxResults || bytes + size > maxBytes) drop(entries.keys().next().value);
      const id = freshId();
      entries.set(id, { pages, bytes: size, usedAt: at });
      bytes += size;
      return id;
    },
    /** The pages kept under `id` (and marks them used), or undefined when unknown or expired. */
    get(id) {
      const at = now();
      sweep(at);
      const entry = entries.get(id);
      if (entry === undefined) return undefined;
      entries.delete(id);
      entry.usedAt = at;
      entries.set(id, entry);
      return entry.pages;
    },
    /** `{ results, bytes }`: entries kept and the UTF-8 bytes of their pages. */
    stats() {
      sweep(now());
      return { results: entries.size, bytes };
    },
  };
}

module.exports = { createStore };
