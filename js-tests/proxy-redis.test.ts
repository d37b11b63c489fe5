// `proxy --redis URL`: the proxy keeps its pages in a real Redis (Debian's redis-server on a free
// loopback port), so a page kept by one proxy process is read through another, as a client that
// starts a proxy per call needs. Both Redis clients (ioredis, then node-redis when ioredis is not
// installed), an unreachable Redis, a Redis lost mid-session, and the usage errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { bin, initializeParams, lineClient, lineServer, root, within } from './support/line-client';
import { freePort, startRedis, type RedisServer } from './support/redis';
import { readPages } from './support/read-pages';
import { reassemble } from './support/reassemble';
import { readError } from './support/page-reads';
// @ts-expect-error a fixture module without types
import { rows } from './fixtures/budget-rows.mjs';

const server = join(__dirname, 'fixtures', 'rows-server.mjs');
type Block = { type: string; text?: string; uri?: string };
type CallResult = { content: Block[] };

/** NODE_OPTIONS that make `require(name)` fail as if the packages were not installed. */
function hiding(names: string[]): NodeJS.ProcessEnv {
  const hook = join(mkdtempSync(join(tmpdir(), 'no-redis-')), 'hide.cjs');
  writeFileSync(
    hook,
    `const M = require('node:module'); const resolve = M._resolveFilename; const hidden = ${JSON.stringify(names)};
M._resolveFilename = function (request, ...rest) {
  if (hidden.includes(request)) { const e = new Error("Cannot find module '" + request + "'"); e.code = 'MODULE_NOT_FOUND'; throw e; }
  return resolve.call(this, request, ...rest);
};`,
  );
  return { ...process.env, NODE_OPTIONS: `--require ${hook}` } as NodeJS.ProcessEnv;
}

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
}, 120_000);
afterAll(async () => {
  await redis?.stop();
});

/** The SDK's Client on a proxy process of its own: `proxy --max-chars 1000 …flags -- rows-server`. */
async function proxied(flags: string[], env?: NodeJS.ProcessEnv) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'proxy', '--max-chars', '1000', ...flags, '--', process.execPath, server],
    env: env as Record<string, string> | undefined,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'proxy-redis.test', version: '0.0.0' });
  await client.connect(transport);
  return client;
}

const linkOf = (result: CallResult) => result.content.find((b) => b.type === 'resource_link')!.uri!;

describe('proxy --redis: pages shared by proxy processes', () => {
  for (const [label, env] of [
    ['ioredis', undefined],
    ['node-redis (ioredis not installed)', hiding(['ioredis'])],
  ] as const) {
    it(`a page kept by one proxy process is read exactly through another (${label})`, async () => {
      const flags = ['--redis', redis.url];
      const caller = await proxied(flags, env);
      const answer = (await caller.callTool({ name: 'rows', arguments: { n: 120, seed: label } })) as CallResult;
      await caller.close();
      const reader = await proxied(flags, env);
      const pages = await readPages(reader, answer);
      expect(pages.length).toBeGreaterThan(1);
      expect(JSON.stringify(reassemble(pages))).toBe(JSON.stringify(rows(120, label)));
      await reader.close();
    }, 60_000);
  }

  it('ends when its client does: the Redis client quits, exit 0 with the summary', async () => {
    const proxy = lineClient([
      bin,
      'proxy',
      '--max-chars',
      '1000',
      '--redis',
      redis.url,
      '--',
      process.execPath,
      lineServer,
    ]);
    await proxy.request('initialize', initializeParams);
    await proxy.request('tools/call', { name: 'dump', arguments: { n: 200 } });
    proxy.child.stdin.end();
    expect(await within(proxy.exit, 10_000, 'the proxy ending')).toEqual({ code: 0, signal: null });
    expect(proxy.stderr()).toMatch(
      /^modoki-budget proxy: 1 call, [\d,]+ tokens received, [\d,]+ forwarded \([\d.]+% saved\), 1 elided\n/,
    );
  }, 60_000);

  it('without --redis the other process has no such page', async () => {
    const caller = await proxied([]);
    const uri = linkOf((await caller.callTool({ name: 'rows', arguments: { n: 120, seed: 'm' } })) as CallResult);
    const reader = await proxied([]);
    const error = await readError(reader, `${uri}?page=1`);
    expect([error.code, error.data]).toEqual([-32602, { code: 'UNKNOWN_RESULT', uri: `${uri}?page=1` }]);
    await caller.close();
    await reader.close();
  }, 60_000);

  it('a Redis lost mid-session: the answer says its pages could not be kept, and the proxy keeps serving', async () => {
    const client = await proxied(['--redis', redis.url]);
    await redis.kill();
    const lost = (await client.callTool({ name: 'rows', arguments: { n: 120, seed: 'lost' } })) as CallResult;
    expect(lost.content.some((b) => b.type === 'resource_link')).toBe(false);
    expect(lost.content[0].text).toContain('the rest could not be kept, so there are no pages to read.');
    await redis.restart();
    // The client reconnects on its own; a call once it has keeps its pages again.
    let kept: CallResult | undefined;
    for (let i = 0; i < 100 && kept === undefined; i++) {
      const again = (await client.callTool({ name: 'rows', arguments: { n: 120, seed: 'back' } })) as CallResult;
      if (again.content.some((b) => b.type === 'resource_link')) kept = again;
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(JSON.stringify(reassemble(await readPages(client, kept!)))).toBe(JSON.stringify(rows(120, 'back')));
    await client.close();
  }, 60_000);
});

describe("proxy --redis behind the inspector's CLI, which starts a proxy per call", () => {
  const launcher = createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/build/cli.js');
  // One inspector run: a client, a proxy process and its server, for one request. The CLI finds
  // its package.json relative to its working directory, so it runs from js-tests/.
  const inspector = (args: string[]) => {
    const proxy = [
      'proxy',
      '--max-chars',
      '1000',
      '--redis',
      redis.url,
      '--server',
      `${process.execPath} ${lineServer}`,
    ];
    const r = spawnSync(process.execPath, [launcher, '--cli', '--', process.execPath, bin, ...proxy, ...args], {
      encoding: 'utf8',
      timeout: 60_000,
      cwd: join(root, 'js-tests'),
    });
    expect([r.status, r.stdout === '' ? r.stderr : '']).toEqual([0, '']);
    return JSON.parse(r.stdout);
  };

  it('the call in one run, its pages in the next runs: each page as the SDK client reads it', async () => {
    const answer = inspector(['--method', 'tools/call', '--tool-name', 'dump', '--tool-arg', 'n=200']) as CallResult;
    const uri = linkOf(answer);
    const page = (k: number) => inspector(['--method', 'resources/read', '--uri', `${uri}?page=${k}`]).contents[0].text;
    const reader = await proxied(['--redis', redis.url]);
    const pages = await readPages(reader, answer);
    await reader.close();
    expect([page(1), page(pages.length)]).toEqual([pages[0], pages[pages.length - 1]]);
    // What the pages rebuild is what the server sent, read without the proxy.
    const direct = new Client({ name: 'proxy-redis.test', version: '0.0.0' });
    await direct.connect(new StdioClientTransport({ command: process.execPath, args: [lineServer] }));
    const sent = (await direct.callTool({ name: 'dump', arguments: { n: 200 } })) as { structuredContent: unknown };
    await direct.close();
    expect(reassemble(pages)).toEqual(sent.structuredContent);
  }, 120_000);
});

describe('proxy --redis: usage', () => {
  const run = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
    spawnSync(process.execPath, [bin, 'proxy', ...args, '--', process.execPath, server], {
      encoding: 'utf8',
      timeout: 30_000,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  it('a URL that is not redis://, --measure-only, no client installed, or no Redis there: one line and exit 2', async () => {
    const port = await freePort();
    const cases: Array<[string[], NodeJS.ProcessEnv | undefined, string]> = [
      [
        ['--redis', 'http://127.0.0.1:6379'],
        undefined,
        '--redis expects a redis:// or rediss:// URL, got "http://127.0.0.1:6379"',
      ],
      [['--redis', 'localhost'], undefined, '--redis expects a redis:// or rediss:// URL, got "localhost"'],
      [['--redis', redis.url, '--measure-only'], undefined, '--redis keeps pages; it cannot go with --measure-only'],
      [
        ['--redis', redis.url],
        hiding(['ioredis', 'redis']),
        'proxy --redis needs a Redis client installed beside it: npm i ioredis (or redis)',
      ],
      [
        ['--redis', `redis://:secret@127.0.0.1:${port}`],
        undefined,
        `cannot reach Redis at redis://:***@127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`,
      ],
      [
        ['--redis', `redis://127.0.0.1:${port}`],
        hiding(['ioredis']),
        `cannot reach Redis at redis://127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`,
      ],
    ];
    for (const [args, env, message] of cases) {
      const r = run(args, env);
      expect([r.status, r.stderr]).toEqual([2, `modoki-budget proxy: ${message}\n`]);
    }
  }, 60_000);
});
