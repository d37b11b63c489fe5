// The Redis result store against a real redis-server (js-tests/support/redis.ts), through both
// real clients, ioredis and node-redis: pages written through one connection read through
// another (and across the two client libraries), TTL, the per-result byte limit, owner scoping,
// and outages — killed, hung, restarted — each answered by a bounded, coded error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { redisStore } from 'modoki-budget';
import { startRedis, type RedisServer } from './support/redis';

let server: RedisServer;
const clients: Array<{ close(): Promise<unknown> | unknown }> = [];

async function ioredis() {
  const client = new Redis(server.port, '127.0.0.1', {
    // Reconnect quickly after an outage; a command issued while disconnected is the store's to fail.
    retryStrategy: () => 50,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
  });
  client.on('error', () => {});
  await client.connect();
  clients.push({ close: () => client.disconnect() });
  return client;
}

async function nodeRedis() {
  const client = createClient({ url: server.url, socket: { reconnectStrategy: () => 50 } });
  client.on('error', () => {});
  await client.connect();
  clients.push({ close: () => client.destroy?.() ?? client.disconnect() });
  return client;
}

const CLIENTS = { ioredis, 'node-redis': nodeRedis } as const;
type Kind = keyof typeof CLIENTS;
const make = (kind: Kind) => CLIENTS[kind]();

/** Polls `attempt` until it resolves (bounded): a client reconnecting after a restart. */
async function eventually<T>(attempt: () => Promise<T>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

beforeAll(async () => {
  server = await startRedis();
});

afterAll(async () => {
  for (const client of clients) await client.close();
  await server?.stop();
});

describe.each(['ioredis', 'node-redis'] as const)('redisStore with %s', (kind) => {
  const other: Kind = kind === 'ioredis' ? 'node-redis' : 'ioredis';

  it('pages written through one connection are read through another, and through the other client library', async () => {
    const writer = redisStore(await make(kind));
    const sameLib = redisStore(await make(kind));
    const otherLib = redisStore(await make(other));
    const pages = ['{"page":1,"pages":2,"items":[1,2]}', '{"page":2,"pages":2,"text":"é😀\\u0000 end"}'];
    const id = (await writer.put(pages))!;
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(id, 'base64url')).toHaveLength(16);
    for (const reader of [writer, sameLib, otherLib]) {
      expect(await reader.get(id)).toEqual({ pages: 2, text: pages[0] });
      expect(await reader.get(id, { page: 2 })).toEqual({ pages: 2, text: pages[1] });
      expect(await reader.get(id, { page: 3 })).toEqual({ pages: 2, text: undefined });
    }
    expect(await otherLib.delete(id)).toBe(true);
    expect(await writer.get(id)).toBeUndefined();
  });

  it('sets the TTL on put, renews it on read, and the result expires', async () => {
    const client = await make(kind);
    const raw = await ioredis();
    const store = redisStore(client, { prefix: `ttl-${kind}:`, ttlMs: 60_000 });
    const id = (await store.put(['a']))!;
    const ttl = Number(await raw.pttl(`ttl-${kind}:${id}`));
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await raw.pexpire(`ttl-${kind}:${id}`, 1000);
    await store.get(id);
    expect(Number(await raw.pttl(`ttl-${kind}:${id}`))).toBeGreaterThan(55_000);

    const short = redisStore(client, { prefix: `ttl-${kind}:`, ttlMs: 30 });
    const gone = (await short.put(['b']))!;
    expect(await short.get(gone)).toEqual({ pages: 1, text: 'b' });
    await eventually(async () => {
      if ((await short.get(gone)) !== undefined) throw new Error('not expired yet');
    }, 2000);
  });

  it('does not keep a result over maxResultBytes, and writes nothing for it', async () => {
    const client = await make(kind);
    const raw = await ioredis();
    const prefix = `limit-${kind}:`;
    const store = redisStore(client, { prefix, maxResultBytes: 4 });
    expect(store.limits).toEqual({ prefix, ttlMs: 1800000, maxResultBytes: 4, timeoutMs: 2000 });
    expect(await store.put(['é', 'éé'])).toBeNull();
    expect(await raw.keys(`${prefix}*`)).toEqual([]);
    const id = (await store.put(['é', 'é']))!;
    // The result, and the marker that outlives it so an expired read says so.
    expect((await raw.keys(`${prefix}*`)).sort()).toEqual([`${prefix}${id}`, `${prefix}${id}:gone`]);
  });

  it('tells an expired result from an unknown one for its owner only; the marker holds no owner in clear and outlives the result by a day', async () => {
    const raw = await ioredis();
    const prefix = `expired-${kind}:`;
    const store = redisStore(await make(kind), { prefix, ttlMs: 40 });
    const reader = redisStore(await make(other), { prefix, ttlMs: 40 });
    const owned = (await store.put(['a'], { owner: 'principal-a' }))!;
    const open = (await store.put(['b']))!;
    expect(await store.expired(owned, { owner: 'principal-a' })).toBe(false);
    const marker = await raw.get(`${prefix}${owned}:gone`);
    expect(marker).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Number(await raw.pttl(`${prefix}${owned}:gone`))).toBeGreaterThan(86_400_000 - 5_000);
    await new Promise((r) => setTimeout(r, 80));
    expect(await store.get(owned, { owner: 'principal-a' })).toBeUndefined();
    expect(await reader.expired(owned, { owner: 'principal-a' })).toBe(true);
    expect(await reader.expired(owned, { owner: 'principal-b' })).toBe(false);
    expect(await reader.expired(owned)).toBe(false);
    expect(await reader.expired(open, { owner: 'anyone' })).toBe(true);
    expect(await reader.expired('AAAAAAAAAAAAAAAAAAAAAA')).toBe(false);
    const deleted = (await store.put(['c']))!;
    expect(await store.delete(deleted)).toBe(true);
    expect(await store.expired(deleted)).toBe(false);
  });

  it("answers another owner's read exactly as a missing result's, and keeps no owner in clear", async () => {
    const store = redisStore(await make(kind), { prefix: `owner-${kind}:` });
    const reader = redisStore(await make(other), { prefix: `owner-${kind}:` });
    const id = (await store.put(['secret'], { owner: 'session-a' }))!;
    const missing = await reader.get('AAAAAAAAAAAAAAAAAAAAAA', { owner: 'session-b' });
    expect(missing).toBeUndefined();
    expect(await reader.get(id, { owner: 'session-b' })).toStrictEqual(missing);
    expect(await reader.get(id)).toStrictEqual(missing);
    expect(await reader.delete(id, { owner: 'session-b' })).toBe(false);
    expect(await reader.get(id, { owner: 'session-a' })).toEqual({ pages: 1, text: 'secret' });
    const fields = await (await ioredis()).hgetall(`owner-${kind}:${id}`);
    expect(Object.keys(fields).sort()).toEqual(['1', 'n', 'o']);
    expect(fields.o).not.toContain('session-a');
    expect(fields.o).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('Redis killed: put and get reject STORE_UNAVAILABLE within timeoutMs; restarted: it works again', async () => {
    const store = redisStore(await make(kind), { timeoutMs: 500 });
    const id = (await store.put(['before']))!;
    await server.kill();
    try {
      // A client that has seen the socket close fails at once; one that has not yet, after timeoutMs.
      let started = Date.now();
      await expect(store.put(['during'])).rejects.toMatchObject({
        code: 'STORE_UNAVAILABLE',
        message: expect.stringMatching(new RegExp(`^the Redis result store \\(${kind}\\) is unreachable: `)),
      });
      expect(Date.now() - started).toBeLessThan(1500);
      // Not "expired": the read says the store cannot be reached.
      started = Date.now();
      await expect(store.get(id)).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      await server.restart();
    }
    const after = await eventually(() => store.put(['after']));
    expect(await store.get(after!)).toEqual({ pages: 1, text: 'after' });
    // Persistence is off: what was kept before the outage is gone, and says so as a miss.
    expect(await store.get(id)).toBeUndefined();
  });

  it('Redis hung: a command that gets no answer rejects after timeoutMs', async () => {
    const store = redisStore(await make(kind), { timeoutMs: 300 });
    await store.put(['warm']);
    server.pause();
    try {
      const started = Date.now();
      await expect(store.put(['x'])).rejects.toMatchObject({
        code: 'STORE_UNAVAILABLE',
        message: `the Redis result store (${kind}) is unreachable: no answer within 300 ms`,
      });
      await expect(store.get('AAAAAAAAAAAAAAAAAAAAAA')).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(590);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      server.resume();
    }
    expect(await eventually(() => store.put(['y']))).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('redisStore with an ioredis client that is still connecting', () => {
  it('lets the first command wait for the connection', async () => {
    const client = new Redis(server.port, '127.0.0.1');
    client.on('error', () => {});
    clients.push({ close: () => client.disconnect() });
    expect(client.status).toBe('connecting');
    const store = redisStore(client);
    const id = (await store.put(['early']))!;
    expect(await store.get(id)).toEqual({ pages: 1, text: 'early' });
  });
});

describe('redisStore arguments', () => {
  it('refuses what is not a Redis client, and bad options', async () => {
    expect(() => redisStore({} as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_INPUT',
        message: 'redisStore(client): expected a connected ioredis client or a node-redis (redis v4+) client.',
      }),
    );
    const client = await ioredis();
    expect(() => redisStore(client, { ttl: 1 } as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_OPTION',
        message: 'redisStore: unknown option "ttl". Known options: prefix, ttlMs, maxResultBytes, timeoutMs.',
      }),
    );
    expect(() => redisStore(client, { timeoutMs: 0 })).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
  });
});
