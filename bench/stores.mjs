// What the deployment pieces cost, in one run: a page write and read in Redis (through ioredis
// and node-redis) against the in-memory store, and the latency the proxy adds to a small
// tools/call over Streamable HTTP (the SDK's own server in a process of its own on a loopback port;
// direct: the SDK Client over HTTP; `proxy --url`: a stdio line client → the proxy → HTTP;
// `proxy --listen --url`: the SDK Client over HTTP → the proxy → HTTP, one HTTP hop more than
// direct). Needs Debian's redis-server (the store tests install it).
// Run alone: `node bench/stores.mjs [--quick]`.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine, fmt, machine, table } from './lib.mjs';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin', 'modoki-budget.cjs');
const { memoryStore, redisStore } = require('modoki-budget');

const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const listening = (server) =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));

async function freePort() {
  const server = createServer();
  const port = await listening(server);
  await new Promise((r) => server.close(r));
  return port;
}

async function startRedis() {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  process.once('exit', () => child.kill('SIGKILL'));
  const { Redis } = require('ioredis');
  for (let i = 0; i < 200; i++) {
    const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => null });
    probe.on('error', () => {});
    try {
      await probe.connect();
      probe.disconnect();
      return { port, stop: () => child.kill('SIGKILL') };
    } catch {
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  throw new Error('redis-server did not start');
}

/** Median µs of a put of `pages` and of a read of its page 2, interleaved over the stores. */
async function storeCosts(stores, pages, rounds) {
  const cost = Object.fromEntries(Object.keys(stores).map((k) => [k, { put: [], get: [] }]));
  for (let r = 0; r < rounds; r++) {
    for (const [name, store] of Object.entries(stores)) {
      let t = performance.now();
      const id = await store.put(pages);
      cost[name].put.push((performance.now() - t) * 1000);
      t = performance.now();
      const page = await store.get(id, { page: 2 });
      cost[name].get.push((performance.now() - t) * 1000);
      if (page.text !== pages[1]) throw new Error(`${name} read back something else`);
    }
  }
  return cost;
}

async function storeRows(quick) {
  const redis = await startRedis();
  const { Redis } = require('ioredis');
  const { createClient } = require('redis');
  const io = new Redis(redis.port, '127.0.0.1');
  const nr = createClient({ url: `redis://127.0.0.1:${redis.port}` });
  nr.on('error', () => {});
  await nr.connect();
  const stores = { memory: memoryStore(), 'redis (ioredis)': redisStore(io), 'redis (node-redis)': redisStore(nr) };
  const rows = [];
  // A small result (2 pages of 1 KB) and an editor-preset one (8 pages of 60,000 chars).
  for (const [label, size, count] of [
    ['2 × 1 KB', 1000, 2],
    ['8 × 60 KB', 60000, 8],
  ]) {
    const pages = Array.from({ length: count }, (_, i) => JSON.stringify({ page: i + 1, text: 'x'.repeat(size) }));
    await storeCosts(stores, pages, 20); // warm-up
    const cost = await storeCosts(stores, pages, quick ? 50 : 300);
    const base = cost.memory;
    for (const [name, c] of Object.entries(cost)) {
      rows.push({
        result: label,
        store: name,
        'put µs (median)': fmt(median(c.put), 1),
        'page read µs (median)': fmt(median(c.get), 1),
        'put / memory': name === 'memory' ? '' : fmt(median(c.put) / median(base.put), 1),
        'read / memory': name === 'memory' ? '' : fmt(median(c.get) / median(base.get), 1),
      });
    }
  }
  io.disconnect();
  await nr.destroy();
  redis.stop();
  return rows;
}

/**
 * The SDK's stateful Streamable HTTP server with one small tool, in a process of its own (as a
 * remote server is): both sides then cross the same process boundary to reach it.
 */
const SERVER = `
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const sessions = new Map();
const http = createServer(async (req, res) => {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
  let transport = sessions.get(req.headers['mcp-session-id']);
  if (!transport) {
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => sessions.set(id, transport),
    });
    const server = new McpServer({ name: 'bench', version: '1' });
    server.registerTool('echo', {}, async () => ({ content: [{ type: 'text', text: 'a small answer of a few words' }] }));
    await server.connect(transport);
  }
  await transport.handleRequest(req, res, body);
});
http.listen(0, '127.0.0.1', () => console.log(http.address().port));
`;

async function sdkServer() {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SERVER], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.once('exit', () => child.kill('SIGKILL'));
  const port = await new Promise((resolve) => child.stdout.once('data', (d) => resolve(Number(String(d).trim()))));
  return { url: `http://127.0.0.1:${port}/mcp`, close: () => child.kill('SIGKILL') };
}

/** A stdio line client on `proxy --url`: `call(method, params)` resolves on the answer's line. */
function proxyClient(url) {
  const child = spawn(process.execPath, [bin, 'proxy', '--url', url], { stdio: ['pipe', 'pipe', 'ignore'] });
  let waiting = null;
  let buffered = '';
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    let at;
    while ((at = buffered.indexOf('\n')) !== -1) {
      const line = buffered.slice(0, at);
      buffered = buffered.slice(at + 1);
      const message = JSON.parse(line);
      if (message.id !== undefined && waiting) {
        const done = waiting;
        waiting = null;
        done(message);
      }
    }
  });
  let id = 0;
  return {
    call: (method, params) =>
      new Promise((resolve) => {
        waiting = resolve;
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params })}\n`);
      }),
    notify: (method) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method })}\n`),
    close: () => new Promise((resolve) => (child.once('exit', resolve), child.stdin.end())),
  };
}

/**
 * `proxy --listen 0 --url <server>`: the proxy serving Streamable HTTP in front of the HTTP
 * server; resolves with its endpoint once it says where it listens, and its `close()`.
 */
async function listeningProxy(url) {
  const child = spawn(process.execPath, [bin, 'proxy', '--listen', '0', '--url', url], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  process.once('exit', () => child.kill('SIGKILL'));
  let err = '';
  const endpoint = await new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text) => {
      err += text;
      const m = /listening on (http:\/\/\S+)\n/.exec(err);
      if (m) resolve(m[1]);
    });
    child.once('exit', () => reject(new Error(`proxy --listen exited: ${err}`)));
  });
  return { url: endpoint, close: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))) };
}

async function httpRows(quick) {
  const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
  const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
  const server = await sdkServer();
  const direct = new Client({ name: 'bench', version: '1' });
  await direct.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  const proxied = proxyClient(server.url);
  const listener = await listeningProxy(server.url);
  const listened = new Client({ name: 'bench', version: '1' });
  await listened.connect(new StreamableHTTPClientTransport(new URL(listener.url)));
  await proxied.call('initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'bench', version: '1' },
  });
  proxied.notify('notifications/initialized');
  const params = { name: 'echo', arguments: {} };
  const ms = { direct: [], proxied: [], listened: [] };
  for (let r = 0; r < (quick ? 5 : 20); r++) {
    for (let i = 0; i < 25; i++) {
      let t = performance.now();
      await direct.callTool(params);
      ms.direct.push(performance.now() - t);
      t = performance.now();
      await proxied.call('tools/call', params);
      ms.proxied.push(performance.now() - t);
      t = performance.now();
      await listened.callTool(params);
      ms.listened.push(performance.now() - t);
    }
  }
  await direct.close();
  await listened.close();
  await proxied.close();
  await listener.close();
  server.close();
  return [
    { side: 'direct (SDK Client over HTTP)', 'small call median ms': fmt(median(ms.direct), 3), 'added ms': '' },
    {
      side: 'stdio → proxy --url → HTTP',
      'small call median ms': fmt(median(ms.proxied), 3),
      'added ms': fmt(median(ms.proxied) - median(ms.direct), 3),
    },
    {
      side: 'HTTP → proxy --listen --url → HTTP',
      'small call median ms': fmt(median(ms.listened), 3),
      'added ms': fmt(median(ms.listened) - median(ms.direct), 3),
    },
  ];
}

export async function run({ quick = false } = {}) {
  return { machine: machine(), stores: await storeRows(quick), http: await httpRows(quick) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await run({ quick: process.argv.includes('--quick') });
  console.log(`Machine: ${describeMachine()}\n`);
  console.log(table(result.stores, Object.keys(result.stores[0])));
  console.log('');
  console.log(table(result.http, Object.keys(result.http[0])));
  process.exit(0);
}
