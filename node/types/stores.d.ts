// Result stores: where withBudget keeps the pages of over-cap results (docs/mcp.md).

/** Who a result is kept for. A read with another owner gets what a read of a missing result gets. */
export interface StoreOwnerOptions {
  /** A session id or an authenticated principal; absent: whoever has the id may read it. */
  owner?: string | null;
}

/** One page of a kept result, as a store answers it. */
export interface StoredPage {
  /** How many pages the result has. */
  pages: number;
  /** The page's JSON text; undefined for a page past the last. */
  text: string | undefined;
}

/**
 * What every result store answers. Each call is asynchronous. A store that cannot be reached
 * rejects with a CodedError `STORE_UNAVAILABLE`; an unknown, expired or another owner's result is
 * `undefined`, never an error, so a read cannot tell whether an id exists (and `expired`, when
 * a store has it, answers another owner's id as an unknown one).
 */
export interface ResultStore {
  /** Keeps a result's pages; resolves with its id (128 random bits, base64url), or null when the result alone is over the per-result byte limit. */
  put(pages: readonly string[], options?: StoreOwnerOptions): Promise<string | null>;
  /** Page `page` (from 1, default 1) of the result, or undefined when it is unknown, expired or another owner's. A read renews the result's TTL. */
  get(id: string, options?: StoreOwnerOptions & { page?: number }): Promise<StoredPage | undefined>;
  /** Deletes the result; true when it was there (and the owner's). */
  delete(id: string, options?: StoreOwnerOptions): Promise<boolean>;
  /**
   * Optional: whether the result `get` no longer has was kept for this owner (or for anyone)
   * and has expired, as far as the store remembers; false for an id never issued, deleted,
   * evicted for room, or another owner's. With it a page read says "expired" rather than
   * "expired or unknown". Both stores of the package have it.
   */
  expired?(id: string, options?: StoreOwnerOptions): Promise<boolean>;
  /** Optional: `ttlMs`, how long a result is kept after its last read, is stated to the model in every link. */
  readonly limits?: { readonly ttlMs?: number };
}

/** Options of {@link memoryStore}. */
export interface MemoryStoreOptions {
  /** Results kept at most; the least recently used goes first. Default 1,000. */
  maxResults?: number;
  /** UTF-8 bytes of all kept pages at most. Default 67,108,864 (64 MiB). */
  maxBytes?: number;
  /** UTF-8 bytes of one result's pages at most; a larger result is not kept. Default `maxBytes`. */
  maxResultBytes?: number;
  /** A result is dropped this long after its last put or read. Default 1,800,000 (30 minutes). */
  ttlMs?: number;
  /** The clock, in milliseconds. Default `Date.now`. */
  now?: () => number;
}

/** A memory store, with its bounds and its current size. */
export interface MemoryResultStore extends ResultStore {
  expired(id: string, options?: StoreOwnerOptions): Promise<boolean>;
  readonly kind: 'memory';
  readonly limits: {
    readonly maxResults: number;
    readonly maxBytes: number;
    readonly maxResultBytes: number;
    readonly ttlMs: number;
  };
  /** Results kept now and the UTF-8 bytes of their pages. */
  stats(): { results: number; bytes: number };
}

/** A store in this process's memory, least recently used evicted first. Throws `INVALID_OPTION` for bad options. */
export declare function memoryStore(options?: MemoryStoreOptions): MemoryResultStore;

/** Options of {@link redisStore}. */
export interface RedisStoreOptions {
  /** Prefix of the keys. Default `'modoki-budget:result:'`. */
  prefix?: string;
  /** A result expires this long after its last put or read. Default 1,800,000 (30 minutes). */
  ttlMs?: number;
  /** UTF-8 bytes of one result's pages at most; a larger result is not kept. Default 16,777,216 (16 MiB). */
  maxResultBytes?: number;
  /** A command unanswered this long counts as an outage (`STORE_UNAVAILABLE`). Default 2,000. */
  timeoutMs?: number;
}

/** What redisStore needs of an ioredis client. */
export interface IoRedisLike {
  readonly status: string;
  call(command: string, ...args: string[]): Promise<unknown>;
}

/** What redisStore needs of a node-redis (`redis` v4+) client. */
export interface NodeRedisLike {
  readonly isReady: boolean;
  sendCommand(args: string[]): Promise<unknown>;
}

/** A Redis store, with its settings. */
export interface RedisResultStore extends ResultStore {
  expired(id: string, options?: StoreOwnerOptions): Promise<boolean>;
  readonly kind: 'redis';
  readonly limits: {
    readonly prefix: string;
    readonly ttlMs: number;
    readonly maxResultBytes: number;
    readonly timeoutMs: number;
  };
}

/**
 * A store in Redis through the caller's connected client (ioredis, or node-redis v4+); the
 * package loads no Redis client. Throws `INVALID_INPUT` for anything else, `INVALID_OPTION` for
 * bad options.
 */
export declare function redisStore(client: IoRedisLike | NodeRedisLike, options?: RedisStoreOptions): RedisResultStore;
