// The proxy's memory over a long session: 10,000 tools/call through `proxy --stats-probe` (run
// under `node --expose-gc`, so every probe reads the heap after a full collection) in front of a
// real SDK server, driven by the SDK's own Client, half of them over the cap with page reads, so
// the result store fills to its count limit and evicts for most of the run. Resident memory is
// the garbage collector's to swing; the live heap after a collection is what a leak grows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { z } from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { bin } from './support/line-client';
import { reassemble } from './support/reassemble';
import { pagesAt } from './support/page-reads';
// @ts-expect-error a fixture module without types
import { rows } from './fixtures/budget-rows.mjs';

const CAP = 1000;
/** Rows of a call under the cap (738 chars) and over it (7,479 chars, kept as pages). */
const SMALL = 12;
const BIG = 120;
const CALLS = 10_000;
const SAMPLES = [1000, 5000, 10_000];
/** Calls in flight at once, as a client with parallel tool calls keeps them. */
const IN_FLIGHT = 8;
/** Over-cap calls: every fifth reads its first page back; every 50th reads every page. */
const PAGE_READ_EVERY = 5;
const FULL_READ_EVERY = 50;

const server = join(__dirname, 'fixtures', 'rows-server.mjs');
const LINK = /^budget:\/\/result\/[A-Za-z0-9_-]{22}$/;

type Block = { type: string; text?: string; uri?: string };
type CallResult = { content: Block[]; isError?: boolean };
/** The probe's answer (docs/proxy.md, "Memory over a long session"), every field checked. */
const Stats = z
  .object({
    gc: z.boolean(),
    heapUsed: z.number().int().positive(),
    heapTotal: z.number().int().positive(),
    external: z.number().int().nonnegative(),
    arrayBuffers: z.number().int().nonnegative(),
    rss: z.number().int().positive(),
    store: z
      .object({
        kind: z.string(),
        limits: z
          .object({ maxResults: z.number(), maxBytes: z.number(), maxResultBytes: z.number(), ttlMs: z.number() })
          .strict(),
        results: z.number(),
        bytes: z.number(),
      })
      .strict(),
  })
  .strict();
type Stats = z.infer<typeof Stats>;

/** Same width for every seed, so every over-cap result has the same pages, byte for byte in size. */
const seedOf = (i: number) => `s${String(i).padStart(5, '0')}`;
const isBig = (i: number) => i % 2 === 1;

let client: Client;
beforeAll(async () => {
  client = new Client({ name: 'proxy-soak.test', version: '0.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--expose-gc', bin, 'proxy', '--max-chars', String(CAP), '--stats-probe', '--', process.execPath, server],
      stderr: 'ignore',
    }),
  );
});
afterAll(async () => {
  await client?.close();
});

const probe = () => client.request({ method: '$/modoki-budget/stats' }, Stats);

/** UTF-8 bytes of one over-cap result's pages, as the store counts them (set by the first full read). */
let resultBytes = 0;

/** Call `i`: checks the answer; over the cap, reads a page back now and then, or every page. */
async function call(i: number) {
  const n = isBig(i) ? BIG : SMALL;
  const seed = seedOf(i);
  const result = (await client.callTool({ name: 'rows', arguments: { n, seed } })) as CallResult;
  if (!isBig(i)) {
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(rows(n, seed)) }]);
    return;
  }
  const uri = result.content.find((b) => b.type === 'resource_link')?.uri;
  expect(uri).toMatch(LINK);
  const k = (i - 1) / 2;
  if (k % FULL_READ_EVERY !== 0) {
    if (k % PAGE_READ_EVERY !== 0) return;
    const first = (await client.readResource({ uri: `${uri}?page=1` })).contents[0].text as string;
    expect(JSON.parse(first).page).toBe(1);
    return;
  }
  const texts = await pagesAt(client, uri!);
  expect(JSON.stringify(reassemble(texts))).toBe(JSON.stringify(rows(n, seed)));
  resultBytes = texts.reduce((sum, t) => sum + Buffer.byteLength(t, 'utf8'), 0);
}

/** Calls `from` to `to` - 1, IN_FLIGHT at a time. */
async function drive(from: number, to: number) {
  let next = from;
  const worker = async () => {
    while (next < to) await call(next++);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

describe('proxy memory over 10,000 proxied calls', () => {
  it('the heap after a full collection stays flat once the store is full, and the store stays within its limits', async () => {
    const samples: Record<number, Stats> = {};
    let done = 0;
    for (const at of SAMPLES) {
      await drive(done, at);
      done = at;
      samples[at] = await probe();
    }
    const [first, middle, last] = SAMPLES.map((at) => samples[at]);
    const mb = (n: number) => `${(n / 1048576).toFixed(2)} MB`;
    console.log(
      `proxy heap after GC at ${SAMPLES.join(' / ')} calls: ${[first, middle, last].map((s) => mb(s.heapUsed)).join(' / ')}; ` +
        `store ${[first, middle, last].map((s) => `${s.store.results} results ${mb(s.store.bytes)}`).join(' / ')}; ` +
        `rss ${[first, middle, last].map((s) => mb(s.rss)).join(' / ')}\nthe last probe: ${JSON.stringify(last)}`,
    );
    for (const s of [first, middle, last]) {
      expect(s.gc).toBe(true);
      expect(s.store.kind).toBe('memory');
      // The store's own accounting: never past its limits, and exactly its results' page bytes
      // (every over-cap result here has pages of the same size).
      expect(s.store.results).toBeLessThanOrEqual(s.store.limits.maxResults);
      expect(s.store.bytes).toBeLessThanOrEqual(s.store.limits.maxBytes);
      expect(s.store.bytes).toBe(s.store.results * resultBytes);
    }
    // 500 over-cap results by the first sample; full at its count limit (and evicting) after 2,000.
    expect(first.store.results).toBe(SAMPLES[0] / 2);
    expect(middle.store.results).toBe(middle.store.limits.maxResults);
    expect(last.store.results).toBe(last.store.limits.maxResults);

    // The bound, after the warm-up (the first 5,000 calls: the store is full from call 2,000 on,
    // and the first sample's heap still has half a store and a cold JIT to grow by). A proxy
    // that kept one result per call — even only the smallest, the 738-char text under the cap,
    // and not the parsed object it came in as — would grow by at least 738 B a call: 3.7 MB
    // over the 5,000 calls between the last two samples. A quarter of that leaves room for
    // what a collection cannot take back (compiled code, the SDK's caches, the page records'
    // tool names, bounded at 10,000 ids) and still fails any such leak four times over.
    const smallest = JSON.stringify(rows(SMALL, seedOf(0))).length;
    const bound = ((SAMPLES[2] - SAMPLES[1]) * smallest) / 4;
    expect(last.heapUsed - middle.heapUsed).toBeLessThan(bound);
  });

  it("without --stats-probe the request is the server's like any other: this one answers that it has no such method", async () => {
    const plain = new Client({ name: 'proxy-soak.test', version: '0.0.0' });
    await plain.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'proxy', '--', process.execPath, server],
        stderr: 'ignore',
      }),
    );
    try {
      await expect(plain.request({ method: '$/modoki-budget/stats' }, Stats)).rejects.toMatchObject({
        code: -32601,
        message: 'MCP error -32601: Method not found',
      });
    } finally {
      await plain.close();
    }
  });
});
