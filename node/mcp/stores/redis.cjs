'use strict';
// The Redis result store: pages written by one process are read by any other that shares the
// Redis, which is what a server deployed as several processes (or as a new server object per
// request) needs. The package loads no Redis client: the caller passes a connected `ioredis` or
// node-redis (`redis` v4+) client, and every command goes through that client's generic
// command call. Each operation is one Lua script, so it is atomic and one round trip.

const { createHash } = require('node:crypto');
const { readOptions } = require('../../internal/options.cjs');
const { codedError } = require('../../internal/errors.cjs');
const {
  newResultId,
  pageBytes,
  ownerOf,
  pageOf,
  rangeOf,
  checkPages,
  storeUnavailable,
  positiveInteger,
  answer,
  storeObject,
} = require('./contract.cjs');

/**
 * The defaults: keys under one prefix, so the results are easy to find and to flush; a result
 * nobody reads for 30 minutes expires (each read renews it), as in the memory store; one result
 * is at most 16 MiB of UTF-8 pages, so a single huge answer cannot fill a shared Redis; and a
 * command that has not answered in 2 seconds counts as an outage, so a tool call never waits
 * on a Redis that is gone (a loopback command takes well under a millisecond).
 */
const REDIS_DEFAULTS = Object.freeze({
  prefix: 'modoki-budget:result:',
  ttlMs: 30 * 60 * 1000,
  maxResultBytes: 16 * 1024 * 1024,
  timeoutMs: 2000,
});

const KNOWN = Object.keys(REDIS_DEFAULTS);

// A result is one hash: `o` the owner's digest ('' for none), `n` the page count, `1`…`n` the
// pages. KEYS[1] is the key; a missing key and another owner's key answer the same (nil).
const PUT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'o', ARGV[2], 'n', #ARGV - 2)
for i = 3, #ARGV do redis.call('HSET', KEYS[1], tostring(i - 2), ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

const GET = `
local v = redis.call('HMGET', KEYS[1], 'o', 'n', ARGV[2])
if not v[2] or (v[1] ~= '' and v[1] ~= ARGV[1]) then return false end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
if v[3] then return {v[2], v[3]} end
return {v[2]}`;

// ARGV[2] and ARGV[3]: the first and the last page read (the last clipped to the count).
const GET_PAGES = `
local v = redis.call('HMGET', KEYS[1], 'o', 'n')
if not v[2] or (v[1] ~= '' and v[1] ~= ARGV[1]) then return false end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
local out = {v[2]}
for i = tonumber(ARGV[2]), math.min(tonumber(ARGV[3]), tonumber(v[2])) do
  out[#out + 1] = redis.call('HGET', KEYS[1], tostring(i))
end
return out`;

const DELETE = `
local o = redis.call('HGET', KEYS[1], 'o')
if not o or (o ~= '' and o ~= ARGV[1]) then return 0 end
return redis.call('DEL', KEYS[1])`;

/**
 * Beside each result, `<key>:gone` holds its owner's digest and outlives it by EXPIRED_FOR_MS
 * (each read renews both), so a read after the result expired answers "expired" rather than
 * "unknown". Every command names one key, so the store works on a Redis Cluster too; the marker
 * is only ever a better error message, so a command on it that fails costs nothing else.
 */
const EXPIRED_FOR_MS = 24 * 60 * 60 * 1000;
const goneKey = (key) => `${key}:gone`;

/** ioredis states after a connection was lost (or closed on purpose). */
const LOST = new Set(['reconnecting', 'close', 'end']);

/** The owner as kept in Redis: a digest, so the store holds no session ids or principals. */
const ownerDigest = (owner) => (owner === null ? '' : createHash('sha256').update(owner).digest('base64url'));

/**
 * `{ kind, send(args), ready() }` over the caller's client: `args` is a Redis command as strings,
 * `ready()` false when the client knows it is disconnected (a command would only queue).
 */
function adapt(client) {
  if (typeof client === 'object' && client !== null) {
    // node-redis (v4+): sendCommand takes the command as an array; isReady says it is connected.
    if (typeof client.sendCommand === 'function' && typeof client.isReady === 'boolean')
      return { kind: 'node-redis', send: (args) => client.sendCommand(args), ready: () => client.isReady };
    // ioredis: call(command, ...args). While it first connects a command waits in its queue
    // (bounded by timeoutMs); once the connection is lost, commands would only queue.
    if (typeof client.call === 'function' && typeof client.status === 'string')
      return {
        kind: 'ioredis',
        send: ([command, ...args]) => client.call(command, ...args),
        ready: () => !LOST.has(client.status),
      };
  }
  throw codedError(
    'INVALID_INPUT',
    'redisStore(client): expected a connected ioredis client or a node-redis (redis v4+) client.',
    TypeError,
  );
}

/**
 * The settings `redisStore(client, options)` keeps to, frozen as the store shows them.
 * INVALID_OPTION (a TypeError) for an unknown option or a bad value.
 */
function redisLimits(options) {
  const raw = readOptions('redisStore', options, KNOWN);
  if (raw.prefix !== undefined && typeof raw.prefix !== 'string')
    throw codedError('INVALID_OPTION', `redisStore: prefix must be a string, got ${typeof raw.prefix}.`, TypeError);
  const prefix = raw.prefix ?? REDIS_DEFAULTS.prefix;
  const ttlMs = positiveInteger('redisStore', 'ttlMs', raw.ttlMs, REDIS_DEFAULTS.ttlMs);
  const maxResultBytes = positiveInteger(
    'redisStore',
    'maxResultBytes',
    raw.maxResultBytes,
    REDIS_DEFAULTS.maxResultBytes,
  );
  const timeoutMs = positiveInteger('redisStore', 'timeoutMs', raw.timeoutMs, REDIS_DEFAULTS.timeoutMs);
  return Object.freeze({ prefix, ttlMs, maxResultBytes, timeoutMs });
}

/**
 * The commands behind the store object redisStore hands out: each store call is the method of
 * its name; every command goes through `#command`, bounded by `timeoutMs`.
 */
class RedisStore {
  #redis;
  #limits;
  #what;
  #goneFor;

  /** `redis` as adapt makes it, `limits` as redisLimits reads them. */
  constructor({ redis, limits }) {
    this.#redis = redis;
    this.#limits = limits;
    this.#what = `the Redis result store (${redis.kind})`;
    this.#goneFor = String(limits.ttlMs + EXPIRED_FOR_MS);
  }

  async put(pages, opts) {
    checkPages(pages, 'redisStore.put');
    const owner = ownerDigest(ownerOf(opts, 'redisStore.put'));
    const { prefix, ttlMs, maxResultBytes } = this.#limits;
    if (pageBytes(pages) > maxResultBytes) return null;
    for (;;) {
      const id = newResultId();
      // 0: the id is taken (128 random bits: practically never); draw another.
      if (Number(await this.#run(PUT, prefix + id, [String(ttlMs), owner, ...pages])) !== 1) continue;
      await this.#quietly(['SET', goneKey(prefix + id), owner, 'PX', this.#goneFor]);
      return id;
    }
  }

  async get(id, opts) {
    const owner = ownerDigest(ownerOf(opts, 'redisStore.get'));
    const page = pageOf(opts, 'redisStore.get');
    if (typeof id !== 'string' || id === '') return undefined;
    const found = await this.#read(id, GET, [owner, String(page)]);
    if (!Array.isArray(found)) return undefined;
    return { pages: Number(found[0]), text: found[1] === undefined ? undefined : String(found[1]) };
  }

  async getPages(id, opts) {
    const owner = ownerDigest(ownerOf(opts, 'redisStore.getPages'));
    const { from, to } = rangeOf(opts, 'redisStore.getPages');
    if (typeof id !== 'string' || id === '') return undefined;
    const found = await this.#read(id, GET_PAGES, [owner, String(from), String(to)]);
    if (!Array.isArray(found)) return undefined;
    return { pages: Number(found[0]), texts: found.slice(1).map(String) };
  }

  async delete(id, opts) {
    const owner = ownerDigest(ownerOf(opts, 'redisStore.delete'));
    if (typeof id !== 'string' || id === '') return false;
    const key = this.#limits.prefix + id;
    const deleted = Number(await this.#run(DELETE, key, [owner])) === 1;
    if (deleted) await this.#quietly(['DEL', goneKey(key)]);
    return deleted;
  }

  /** Whether the result was kept for this owner (or for anyone) and has expired: its marker outlived it. */
  async expired(id, opts) {
    const owner = ownerDigest(ownerOf(opts, 'redisStore.expired'));
    if (typeof id !== 'string' || id === '') return false;
    const key = this.#limits.prefix + id;
    const [gone, kept] = await Promise.all([this.#command(['GET', goneKey(key)]), this.#command(['EXISTS', key])]);
    return typeof gone === 'string' && (gone === '' || gone === owner) && Number(kept) === 0;
  }

  /** A read script on `id`'s key (its last argument the TTL it renews), renewing the marker beside. */
  async #read(id, script, args) {
    const key = this.#limits.prefix + id;
    const [found] = await Promise.all([
      this.#run(script, key, [...args, String(this.#limits.ttlMs)]),
      this.#quietly(['PEXPIRE', goneKey(key), this.#goneFor]),
    ]);
    return found;
  }

  /** One script run, bounded (see #command). */
  #run(script, key, args) {
    return this.#command(['EVAL', script, '1', key, ...args]);
  }

  /** A command whose failure costs nothing (the expired marker's): undefined for any error. */
  #quietly(args) {
    return this.#command(args).catch(() => undefined);
  }

  /**
   * One command, bounded: a disconnected client fails at once, a silent one after timeoutMs, and
   * any client or Redis error is an outage of the store.
   */
  #command(args) {
    const what = this.#what;
    const { timeoutMs } = this.#limits;
    if (!this.#redis.ready()) return Promise.reject(storeUnavailable(what, 'the client is not connected'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(storeUnavailable(what, `no answer within ${timeoutMs} ms`)), timeoutMs);
      answer(() => this.#redis.send(args)).then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error) => {
          clearTimeout(timer);
          reject(storeUnavailable(what, error && error.message ? error.message : String(error), error));
        },
      );
    });
  }
}

/**
 * A store (see contract.cjs) in Redis, through `client`. Options (REDIS_DEFAULTS): `prefix` of
 * the keys, `ttlMs` since a result's last put or read, `maxResultBytes` of one result's pages,
 * `timeoutMs` a command may take before it counts as an outage. Redis's own memory limit
 * (`maxmemory` with an eviction policy) bounds the total.
 */
function redisStore(client, options) {
  const redis = adapt(client);
  const limits = redisLimits(options);
  return storeObject({ kind: 'redis', limits, engine: new RedisStore({ redis, limits }) });
}

module.exports = { REDIS_DEFAULTS, EXPIRED_FOR_MS, RedisStore, redisLimits, redisStore };
