// The memory result store, through the package's public export: exact pages back, ids of 128
// random bits, TTL on an injected clock, LRU bounds by count and bytes, the per-result limit,
// and owner scoping that answers a foreign read exactly as a missing one.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import * as esm from 'modoki-budget';

const cjs = createRequire(import.meta.url)('modoki-budget');
const { memoryStore } = esm;

const clock = () => {
  let t = 1_000_000;
  const now = () => t;
  return { now, advance: (ms: number) => (t += ms) };
};
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

describe('memoryStore', () => {
  it('is exported the same from ESM and CJS', () => {
    expect(typeof esm.memoryStore).toBe('function');
    expect(cjs.memoryStore).toBe(cjs.memoryStore);
    expect(cjs.memoryStore().kind).toBe('memory');
  });

  it('gives back each page exactly, with the page count, and nothing past the last', async () => {
    const store = memoryStore();
    const pages = [
      '{"page":1,"pages":3,"text":"a"}',
      '{"page":2,"pages":3,"text":"é😀"}',
      '{"page":3,"pages":3,"text":"c"}',
    ];
    const id = (await store.put(pages))!;
    expect(await store.get(id)).toEqual({ pages: 3, text: pages[0] });
    expect(await store.get(id, { page: 2 })).toEqual({ pages: 3, text: pages[1] });
    expect(await store.get(id, { page: 3 })).toEqual({ pages: 3, text: pages[2] });
    expect(await store.get(id, { page: 4 })).toEqual({ pages: 3, text: undefined });
    expect(store.stats()).toEqual({ results: 1, bytes: pages.reduce((n, p) => n + bytes(p), 0) });
  });

  it('draws ids of 128 random bits, base64url', async () => {
    const store = memoryStore();
    const ids = await Promise.all(Array.from({ length: 2000 }, () => store.put(['x'])));
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(id!, 'base64url')).toHaveLength(16);
    }
    expect(new Set(ids).size).toBe(2000);
    // Every bit position takes both values over 2,000 draws: the bits are not fixed.
    const bits = new Array(128).fill(0);
    for (const id of ids) {
      const raw = Buffer.from(id!, 'base64url');
      for (let i = 0; i < 128; i++) bits[i] += (raw[i >> 3] >> (7 - (i & 7))) & 1;
    }
    expect(bits.filter((n) => n === 0 || n === 2000)).toEqual([]);
  });

  it('forgets a result ttlMs after its last use; a read renews it', async () => {
    const { now, advance } = clock();
    const store = memoryStore({ ttlMs: 1000, now });
    const a = (await store.put(['a']))!;
    const b = (await store.put(['b']))!;
    advance(999);
    expect(await store.get(a)).toEqual({ pages: 1, text: 'a' }); // renews a
    advance(1);
    expect(await store.get(b)).toBeUndefined(); // b: 1,000 ms since its put
    advance(998);
    expect(await store.get(a)).toEqual({ pages: 1, text: 'a' });
    advance(1000);
    expect(await store.get(a)).toBeUndefined();
    expect(store.stats()).toEqual({ results: 0, bytes: 0 });
  });

  it('says a result expired, for its owner only, and never for one evicted, deleted or never issued', async () => {
    const { now, advance } = clock();
    const store = memoryStore({ ttlMs: 1000, maxResults: 3, now });
    const owned = (await store.put(['a'], { owner: 'principal-a' }))!;
    const open = (await store.put(['b']))!;
    expect(await store.expired(owned, { owner: 'principal-a' })).toBe(false);
    advance(1000);
    expect(await store.get(owned, { owner: 'principal-a' })).toBeUndefined();
    expect(await store.expired(owned, { owner: 'principal-a' })).toBe(true);
    expect(await store.expired(owned, { owner: 'principal-b' })).toBe(false);
    expect(await store.expired(owned)).toBe(false);
    expect(await store.expired(open, { owner: 'anyone' })).toBe(true);
    expect(await store.expired('AAAAAAAAAAAAAAAAAAAAAA')).toBe(false);
    const deleted = (await store.put(['c']))!;
    expect(await store.delete(deleted)).toBe(true);
    expect(await store.expired(deleted)).toBe(false);
    const first = (await store.put(['d']))!;
    for (const page of ['e', 'f', 'g']) await store.put([page]);
    expect(await store.get(first)).toBeUndefined();
    expect(await store.expired(first)).toBe(false); // evicted for room, not expired
    // An expired id is remembered for a day.
    advance(24 * 60 * 60 * 1000 + 1000);
    expect(await store.expired(open, { owner: 'anyone' })).toBe(false);
    await expect(store.expired(owned, { owner: 42 as never })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('evicts the least recently used result first, by count and by bytes', async () => {
    const store = memoryStore({ maxResults: 2, maxBytes: 10 });
    const a = (await store.put(['aaaa']))!;
    const b = (await store.put(['bbbb']))!;
    await store.get(a); // b is now the least recently used
    const c = (await store.put(['cc']))!;
    expect(await store.get(b)).toBeUndefined();
    expect(store.stats()).toEqual({ results: 2, bytes: 6 });
    // 6 + 6 > 10: the least recently used (a) goes.
    const d = (await store.put(['dddddd']))!;
    expect(await store.get(a)).toBeUndefined();
    expect((await store.get(c))!.text).toBe('cc');
    expect((await store.get(d))!.text).toBe('dddddd');
    expect(store.stats()).toEqual({ results: 2, bytes: 8 });
  });

  it('does not keep a result over maxResultBytes (UTF-8 bytes), and keeps one exactly at it', async () => {
    const store = memoryStore({ maxResultBytes: 4 });
    expect(store.limits).toEqual({ maxResults: 1000, maxBytes: 67108864, maxResultBytes: 4, ttlMs: 1800000 });
    expect(await store.put(['é', 'éé'])).toBeNull(); // 2 + 4 bytes
    expect(store.stats()).toEqual({ results: 0, bytes: 0 });
    expect(await store.put(['é', 'é'])).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("answers another owner's read exactly as a missing result's", async () => {
    const store = memoryStore();
    const id = (await store.put(['secret'], { owner: 'session-a' }))!;
    const missing = await store.get('AAAAAAAAAAAAAAAAAAAAAA', { owner: 'session-b' });
    expect(missing).toBeUndefined();
    expect(await store.get(id, { owner: 'session-b' })).toStrictEqual(missing);
    expect(await store.get(id)).toStrictEqual(missing);
    expect(await store.delete(id, { owner: 'session-b' })).toBe(false);
    expect(await store.get(id, { owner: 'session-a' })).toEqual({ pages: 1, text: 'secret' });
    // A result kept without an owner: the id is the capability.
    const open = (await store.put(['open']))!;
    expect(await store.get(open, { owner: 'anyone' })).toEqual({ pages: 1, text: 'open' });
  });

  it('deletes', async () => {
    const store = memoryStore();
    const id = (await store.put(['x'], { owner: 'o' }))!;
    expect(await store.delete(id, { owner: 'o' })).toBe(true);
    expect(await store.delete(id, { owner: 'o' })).toBe(false);
    expect(await store.get(id, { owner: 'o' })).toBeUndefined();
    expect(store.stats()).toEqual({ results: 0, bytes: 0 });
  });

  it('refuses bad options and bad arguments with coded errors', async () => {
    expect(() => memoryStore({ ttl: 5 } as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_OPTION',
        message: 'memoryStore: unknown option "ttl". Known options: maxResults, maxBytes, maxResultBytes, ttlMs, now.',
      }),
    );
    expect(() => memoryStore({ maxBytes: 0 })).toThrow(
      expect.objectContaining({
        code: 'INVALID_OPTION',
        message: 'memoryStore: maxBytes must be an integer >= 1, got 0.',
      }),
    );
    const store = memoryStore();
    await expect(store.put([])).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'memoryStore.put: pages must be a non-empty array of strings.',
    });
    await expect(store.get('x', { page: 0 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'memoryStore.get: page must be an integer from 1, got 0.',
    });
    await expect(store.put(['x'], { owner: 7 as never })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(await store.get(42 as never)).toBeUndefined();
  });
});
