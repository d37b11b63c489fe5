'use strict';
// `proxy --redis URL`: the proxy keeps its pages in Redis (node/mcp/stores/redis.cjs) instead of
// its own memory, so any proxy process on the same Redis reads them. That is what a client that
// starts a proxy per call needs (the inspector's CLI: the call and the page read are two
// processes), and what several proxies behind one endpoint need. The package loads no Redis
// client of its own: the one installed beside it is used, `ioredis` first, then node-redis.
const { ProxyError } = require('./errors.cjs');
const { redisStore } = require('../mcp/stores/redis.cjs');

/**
 * How long connecting may take before the proxy gives up and exits 2: 5 seconds. A proxy starts
 * with its client, so a wrong URL should be a one-line error at once, not a session whose every
 * large answer says its pages could not be kept; a loopback or LAN Redis answers in milliseconds.
 */
const CONNECT_TIMEOUT_MS = 5000;

/** The URL of `--redis`: redis:// or rediss://, or a ProxyError (BAD_OPTION). */
function parseRedisUrl(raw) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new ProxyError('BAD_OPTION', `--redis expects a redis:// or rediss:// URL, got ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new ProxyError('BAD_OPTION', `--redis expects a redis:// or rediss:// URL, got ${JSON.stringify(raw)}`);
  return url.href;
}

/** The installed client library: `{ kind, make(url) }`, or a ProxyError (MISSING_PEER) when there is none. */
function loadClient(load = require) {
  const tryLoad = (name) => {
    try {
      return load(name);
    } catch (error) {
      if (error && error.code === 'MODULE_NOT_FOUND') return null;
      throw error;
    }
  };
  const ioredis = tryLoad('ioredis');
  if (ioredis !== null) {
    const Redis = ioredis.Redis ?? ioredis.default ?? ioredis;
    // lazyConnect: connect() reports the first failure; offline queue off: while the connection
    // is down a command fails at once (the store counts it as an outage) instead of waiting.
    return { kind: 'ioredis', make: (url) => new Redis(url, { lazyConnect: true, enableOfflineQueue: false }) };
  }
  const nodeRedis = tryLoad('redis');
  if (nodeRedis !== null) return { kind: 'node-redis', make: (url) => nodeRedis.createClient({ url }) };
  throw new ProxyError(
    'MISSING_PEER',
    'proxy --redis needs a Redis client installed beside it: npm i ioredis (or redis)',
  );
}

/** Without the password: what the errors show of a URL. */
function shown(url) {
  const u = new URL(url);
  if (u.password !== '') u.password = '***';
  return u.href;
}

/**
 * Connects to the Redis at `raw` with the installed client: `{ store, close() }`, the store for
 * the policy and `close()` to quit the client once the proxy is done. A Redis that cannot be
 * reached in CONNECT_TIMEOUT_MS is a one-line error (exit 2). Once connected, a lost connection
 * is an outage of the store (the answer says its pages could not be kept), never a crash: the
 * client's error events are taken here, and it reconnects on its own.
 */
async function connectRedis(raw, { load = require, timeoutMs = CONNECT_TIMEOUT_MS } = {}) {
  const url = parseRedisUrl(raw);
  const { make } = loadClient(load);
  const client = make(url);
  // The client's own error events say why a connection failed (connect's rejection may only say
  // that it closed); after that they are outages the store reports, not crashes.
  let lastError = null;
  client.on('error', (error) => {
    lastError = error;
  });
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([Promise.resolve(client.connect()), late]);
  } catch (error) {
    await Promise.resolve(client.disconnect()).catch(() => {});
    const why = lastError ?? error;
    throw new ProxyError(
      'REDIS_UNREACHABLE',
      `cannot reach Redis at ${shown(url)}: ${why && why.message ? why.message : String(why)}`,
    );
  } finally {
    clearTimeout(timer);
  }
  return {
    store: redisStore(client),
    close: async () => {
      await Promise.resolve(client.quit()).catch(() => client.disconnect());
    },
  };
}

module.exports = { CONNECT_TIMEOUT_MS, connectRedis, parseRedisUrl };
