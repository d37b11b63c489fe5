// withBudget where MCP servers are really deployed: the SDK's Streamable HTTP transport,
// stateful (a server per session) and stateless (a new McpServer and transport per request),
// with the SDK's own StreamableHTTPClientTransport; then two server processes behind a
// round-robin balancer sharing one real Redis (js-tests/support/redis.ts): pages written by one
// process are read through the other, one client cannot read another's, 1,000 concurrent
// over-cap calls all keep exact pages, and a Redis outage never fails a call.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { withBudget } from 'modoki-budget';
import { reassemble } from './support/reassemble';
import { linkOf as answerLink, previewAnswer } from './support/preview-answer';
import { startRedis, type RedisServer } from './support/redis';
import { mcpHttpServer } from './support/http-server';
import { pagesAt, readError } from './support/page-reads';
// @ts-expect-error a fixture module without types
import { rows } from './fixtures/budget-rows.mjs';

const CAP = 2000;
/** The rows tool's inputSchema, as far as the preview's hint reads it. */
const ROWS_SCHEMA = { properties: { n: { type: 'integer' }, seed: { type: 'string' } } };
const LINK = /^budget:\/\/result\/[A-Za-z0-9_-]{22}$/;
type Block = { type: string; text?: string; uri?: string };
type CallResult = { content: Block[]; isError?: boolean };

const open: Array<{ close(): Promise<unknown> | unknown }> = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

async function connect(url: string, token?: string) {
  const client = new Client({ name: 'http-budget.test', version: '0.0.0' });
  const headers = token === undefined ? undefined : { Authorization: `Bearer ${token}` };
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  open.push(client);
  return client;
}

const linkOf = (result: CallResult) => result.content.find((b) => b.type === 'resource_link')?.uri;

function budgeted(server: McpServer) {
  withBudget(server, { maxChars: CAP });
  server.registerTool('rows', { inputSchema: { n: z.number().int(), seed: z.string() } }, async ({ n, seed }) => ({
    content: [{ type: 'text', text: JSON.stringify(rows(n, seed)) }],
  }));
}

describe.each([
  ['stateful', false],
  ['stateless', true],
] as const)('withBudget on a %s Streamable HTTP server, no store option', (_mode, stateless) => {
  it('an over-cap call links pages that read back exactly (the process shares one store)', async () => {
    const server = await mcpHttpServer(budgeted, { stateless });
    open.push(server);
    const client = await connect(server.url);
    const result = (await client.callTool({ name: 'rows', arguments: { n: 80, seed: 's1' } })) as CallResult;
    const args = { n: 80, seed: 's1' };
    expect(result.content[0].text).toBe(
      previewAnswer(rows(80, 's1'), { maxChars: CAP, args, inputSchema: ROWS_SCHEMA, link: answerLink(result) }),
    );
    const uri = linkOf(result)!;
    expect(uri).toMatch(LINK);
    const pages = await pagesAt(client, uri);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(CAP);
    expect(JSON.stringify(reassemble(pages))).toBe(JSON.stringify(rows(80, 's1')));
  });
});

describe('withBudget on a stateful server: two clients', () => {
  it("one client cannot read the other's pages: the answer is exactly a missing result's", async () => {
    const server = await mcpHttpServer(budgeted);
    open.push(server);
    const a = await connect(server.url);
    const b = await connect(server.url);
    const uri = linkOf((await a.callTool({ name: 'rows', arguments: { n: 80, seed: 'a' } })) as CallResult)!;
    const id = uri.slice('budget://result/'.length);
    const missingUri = 'budget://result/AAAAAAAAAAAAAAAAAAAAAA';
    const missing = await readError(b, `${missingUri}?page=1`);
    expect(missing).toEqual({
      code: -32602,
      message: `MCP error -32602: ${missingUri}: expired or unknown result — call the tool again`,
      data: { code: 'UNKNOWN_RESULT', uri: `${missingUri}?page=1` },
    });
    const foreign = await readError(b, `${uri}?page=1`);
    expect(JSON.parse(JSON.stringify(foreign).replaceAll(id, 'AAAAAAAAAAAAAAAAAAAAAA'))).toEqual(missing);
    expect((await pagesAt(a, uri)).length).toBeGreaterThan(1);
  });
});

// ---- two processes, one Redis ----

interface Backend {
  port: number;
  child: ChildProcess;
}

const fixture = join(__dirname, 'fixtures', 'budget-http-server.mjs');

function startBackend(redisPort: number): Promise<Backend> {
  const child = spawn(process.execPath, [fixture, String(redisPort)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      const port = Number(/^ready (\d+)$/.exec(line)?.[1]);
      if (Number.isInteger(port)) resolve({ port, child });
      else reject(new Error(`backend said ${line}`));
    });
    child.once('exit', (code) => reject(new Error(`backend exited with ${code}`)));
  });
}

/** A round-robin HTTP forwarder over `ports`; `served` records [backend index, JSON-RPC method] per request. */
async function balancer(ports: number[]) {
  let next = 0;
  const served: Array<[number, string]> = [];
  // Connections to the backends are pooled and bounded, as a balancer's are.
  const agent = new Agent({ keepAlive: true, maxSockets: 128 });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const index = next++ % ports.length;
      let method = req.method ?? '';
      try {
        method = JSON.parse(body.toString('utf8')).method ?? method;
      } catch {
        // Not JSON: recorded by its HTTP method.
      }
      served.push([index, method]);
      const upstream = httpRequest(
        { host: '127.0.0.1', port: ports[index], path: req.url, method: req.method, headers: req.headers, agent },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
      upstream.end(body);
    });
  });
  // An idle client connection outlives a burst of calls, so no request races its closing.
  server.keepAliveTimeout = 60_000;
  // A burst of 1,000 connections outruns the default accept backlog (511).
  await new Promise<void>((r) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => r()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    served,
    close: () => new Promise<void>((r) => (agent.destroy(), server.closeAllConnections(), server.close(() => r()))),
  };
}

describe('two server processes behind a round-robin balancer, one Redis', () => {
  let redis: RedisServer;
  let backends: Backend[];
  let front: Awaited<ReturnType<typeof balancer>>;

  beforeAll(async () => {
    redis = await startRedis();
    backends = await Promise.all([startBackend(redis.port), startBackend(redis.port)]);
    front = await balancer(backends.map((b) => b.port));
  });

  afterAll(async () => {
    await front?.close();
    for (const b of backends ?? []) b.child.kill('SIGKILL');
    await redis?.stop();
  });

  it('pages written by one process are read through the other', async () => {
    const client = await connect(front.url, 'alice');
    const before = front.served.length;
    const uri = linkOf((await client.callTool({ name: 'rows', arguments: { n: 80, seed: 'x' } })) as CallResult)!;
    expect(uri).toMatch(LINK);
    const pages = await pagesAt(client, uri);
    expect(JSON.stringify(reassemble(pages))).toBe(JSON.stringify(rows(80, 'x')));
    const calls = front.served.slice(before);
    const wrote = calls.find(([, m]) => m === 'tools/call')![0];
    const readers = new Set(calls.filter(([, m]) => m === 'resources/read').map(([i]) => i));
    // Round robin: the reads land on both processes, so one of them never saw the call.
    expect(readers).toEqual(new Set([0, 1]));
    expect(readers.has(1 - wrote)).toBe(true);
  });

  it("two principals cannot read each other's pages, on either process", async () => {
    const alice = await connect(front.url, 'alice');
    const bob = await connect(front.url, 'bob');
    const uri = linkOf((await alice.callTool({ name: 'rows', arguments: { n: 80, seed: 'a' } })) as CallResult)!;
    const id = uri.slice('budget://result/'.length);
    const missing = await readError(bob, 'budget://result/AAAAAAAAAAAAAAAAAAAAAA?page=1');
    for (let i = 0; i < 2; i++) {
      const foreign = await readError(bob, `${uri}?page=1`);
      expect(JSON.parse(JSON.stringify(foreign).replaceAll(id, 'AAAAAAAAAAAAAAAAAAAAAA'))).toEqual(missing);
    }
    expect(missing.data).toEqual({ code: 'UNKNOWN_RESULT', uri: 'budget://result/AAAAAAAAAAAAAAAAAAAAAA?page=1' });
    expect((await pagesAt(alice, uri)).length).toBeGreaterThan(1);
  });

  it('1,000 concurrent over-cap calls across the two processes: every page readable and exact', async () => {
    const clients = await Promise.all(['c0', 'c1', 'c2', 'c3'].map((t) => connect(front.url, t)));
    const jobs = Array.from({ length: 1000 }, (_, i) => ({ client: clients[i % 4], n: 40 + (i % 25), seed: `r${i}` }));
    const results = await Promise.all(
      jobs.map((job) => job.client.callTool({ name: 'rows', arguments: { n: job.n, seed: job.seed } })),
    );
    const uris = results.map((r) => linkOf(r as CallResult));
    const unlinked = results.filter((r, i) => uris[i] === undefined || !LINK.test(uris[i]!));
    expect(unlinked.map((r) => JSON.stringify(r).slice(-300))).toEqual([]);
    expect(new Set(uris).size).toBe(1000);
    let wrong = 0;
    for (let at = 0; at < jobs.length; at += 100) {
      const batch = jobs.slice(at, at + 100);
      const pages = await Promise.all(batch.map((job, k) => pagesAt(job.client, uris[at + k]!)));
      batch.forEach((job, k) => {
        if (JSON.stringify(reassemble(pages[k])) !== JSON.stringify(rows(job.n, job.seed))) wrong++;
      });
    }
    expect(wrong).toBe(0);
    const calls = front.served.filter(([, m]) => m === 'tools/call');
    expect(new Set(calls.map(([i]) => i))).toEqual(new Set([0, 1]));
  });

  it('Redis killed mid-session: calls still answer and say the pages were not kept, reads fail clearly; after the restart all works again', async () => {
    const client = await connect(front.url, 'carol');
    const kept = linkOf((await client.callTool({ name: 'rows', arguments: { n: 80, seed: 'k' } })) as CallResult)!;
    await redis.kill();
    try {
      for (let i = 0; i < 2; i++) {
        const during = (await client.callTool({ name: 'rows', arguments: { n: 80, seed: 'd' } })) as CallResult;
        expect(during.content.map((b) => b.type)).toEqual(['text', 'text']);
        const note = during.content[1].text!;
        expect(during.content[0].text).toBe(
          previewAnswer(rows(80, 'd'), {
            maxChars: CAP,
            args: { n: 80, seed: 'd' },
            inputSchema: ROWS_SCHEMA,
            room: { chars: note.length, tokens: 0 },
          }),
        );
        expect(during.content[1].text).toMatch(
          /^The full result could not be kept, so it has no pages to read \(the Redis result store \(ioredis\) is unreachable: .+\)\. Call the tool again later, or narrow the call\.$/,
        );
        expect(during.content.reduce((n, b) => n + (b.text?.length ?? 0), 0)).toBeLessThanOrEqual(CAP);
        const failed = await readError(client, `${kept}?page=1`);
        expect(failed).toMatchObject({
          code: -32603,
          message: expect.stringMatching(/^MCP error -32603: the Redis result store \(ioredis\) is unreachable: /),
          data: { code: 'STORE_UNAVAILABLE', uri: `${kept}?page=1` },
        });
      }
    } finally {
      await redis.restart();
    }
    // Each process's client reconnects on its own: wait until two calls in a row (one per
    // process, the balancer alternates) keep their pages, so the reads below reach a connected
    // store whichever process serves them.
    const deadline = Date.now() + 10_000;
    let uri: string | undefined;
    let keptInARow = 0;
    while (keptInARow < 2 && Date.now() < deadline) {
      uri = linkOf((await client.callTool({ name: 'rows', arguments: { n: 80, seed: 'after' } })) as CallResult);
      keptInARow = uri === undefined ? 0 : keptInARow + 1;
      if (uri === undefined) await new Promise((r) => setTimeout(r, 100));
    }
    expect(uri).toMatch(LINK);
    expect(JSON.stringify(reassemble(await pagesAt(client, uri!)))).toBe(JSON.stringify(rows(80, 'after')));
    // Persistence is off: what was kept before the outage reads as unknown, not unreachable.
    expect((await readError(client, `${kept}?page=1`)).data).toEqual({ code: 'UNKNOWN_RESULT', uri: `${kept}?page=1` });
  });
});
