// `proxy --listen 0` as the tests of it run it: the proxy process started on a free port (its
// address read from stderr), SDK clients connected to it, raw HTTP requests sent to it, its
// server children counted, and everything it started stopped after each test.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { bin } from './line-client';

export interface ListenProxy {
  url: string;
  port: number;
  child: ChildProcess;
  stderr(): string;
  exit: Promise<{ code: number | null; signal: string | null }>;
}

/** What each test started, stopped (newest first) by `closeAll()` in an afterEach. */
const open: Array<() => Promise<unknown>> = [];
export async function closeAll() {
  for (const close of open.splice(0).reverse()) await close().catch(() => {});
}

/** Has `closeAll()` run `close` too (before what was started earlier). */
export function closeAfterTest(close: () => Promise<unknown>) {
  open.push(close);
}

/** `node [nodeFlags] bin proxy --listen 0 …args`, once it says where it listens. */
export async function startListenProxy(args: string[], { nodeFlags = [] as string[] } = {}): Promise<ListenProxy> {
  const child = spawn(process.execPath, [...nodeFlags, bin, 'proxy', '--listen', '0', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  const exit = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  open.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exit;
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (text: string) => {
      err += text;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)\n/.exec(err);
      if (m) resolve(m[1]);
    });
    void exit.then(() => reject(new Error(`the proxy exited: ${err}`)));
  });
  return { url, port: Number(new URL(url).port), child, stderr: () => err, exit };
}

/** An SDK Client connected to `url` (closed after the test); `headers` go on every request. */
export async function connectClient(url: string, headers: Record<string, string> = {}) {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  const client = new Client({ name: 'listen-proxy', version: '0.0.0' });
  await client.connect(transport);
  open.push(() => client.close());
  return { client, transport };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One raw HTTP request to the proxy (to `path`, /mcp by default): `body` is sent as it is (a string) or as JSON. */
export function rawRequest(
  port: number,
  {
    method = 'POST',
    headers = {},
    body,
    path = '/mcp',
  }: { method?: string; headers?: OutgoingHttpHeaders; body?: unknown; path?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject);
    if (body === undefined) req.end();
    else req.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
  });
}

/** The headers the SDK client sends on a POST. */
export const JSON_POST = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** An initialize request as a client sends it. */
export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
};

/** The JSON-RPC error body the proxy refuses a request with. */
export const refusalBody = (message: string, code = -32000) =>
  JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } });

/** The pids of `pid`'s children. */
export function childrenOf(pid: number): number[] {
  const out = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout;
  return out
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((n) => n > 0);
}

/** Waits until `check()` holds, polling every 50 ms, for at most `ms`. */
export async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
