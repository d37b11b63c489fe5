// A JSON-RPC client on a child process's stdio, one message per line, that keeps the exact
// lines it received: the proxy tests compare bytes, so they cannot go through an SDK client.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(__dirname, '..', '..');
export const bin = join(root, 'bin', 'modoki-budget.cjs');
export const lineServer = join(root, 'js-tests', 'fixtures', 'line-server.mjs');

export type Message = {
  jsonrpc: '2.0';
  id?: number | string | null;
  method?: string;
  params?: unknown;
  result?: any;
  error?: any;
};

export interface LineClient {
  child: ChildProcessWithoutNullStreams;
  /** Every line received, exactly as received (without the newline). */
  lines: string[];
  send(message: object | string): void;
  request(method: string, params?: object, id?: number | string): Promise<{ message: Message; line: string }>;
  /** Messages that are requests from the other side (sampling, roots …). */
  onRequest(handler: (message: Message) => void): void;
  stderr(): string;
  exit: Promise<{ code: number | null; signal: string | null }>;
}

/** Spawns `node args…` and wraps its stdio; every wait is bounded by `timeoutMs`. */
export function lineClient(args: string[], { timeoutMs = 30_000 } = {}): LineClient {
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiting = new Map<string, (m: { message: Message; line: string }) => void>();
  let requestHandler: (message: Message) => void = () => {};
  let err = '';
  let rest = '';
  let nextId = 1;
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (s: string) => void (err += s));
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    rest += chunk;
    let nl = rest.indexOf('\n');
    while (nl !== -1) {
      const line = rest.slice(0, nl);
      rest = rest.slice(nl + 1);
      lines.push(line);
      const message = JSON.parse(line) as Message;
      const key = `${typeof message.id}:${message.id}`;
      if (message.method !== undefined && message.id !== undefined) requestHandler(message);
      else if (message.method === undefined && waiting.has(key)) {
        waiting.get(key)!({ message, line });
        waiting.delete(key);
      }
      nl = rest.indexOf('\n');
    }
  });
  child.stdin.on('error', () => {});
  const exit = new Promise<{ code: number | null; signal: string | null }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal })),
  );
  const send = (message: object | string) =>
    child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
  return {
    child,
    lines,
    send,
    request(method, params, id = nextId++) {
      return new Promise((resolvePromise, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no answer to ${method} (id ${id}) within ${timeoutMs} ms; stderr: ${err}`)),
          timeoutMs,
        );
        waiting.set(`${typeof id}:${id}`, (m) => {
          clearTimeout(timer);
          resolvePromise(m);
        });
        send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
      });
    },
    onRequest(handler) {
      requestHandler = handler;
    },
    stderr: () => err,
    exit,
  };
}

/** Resolves with the value, or rejects once `ms` have passed. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms).unref()),
  ]);
}

export const initializeParams = {
  protocolVersion: '2025-06-18',
  capabilities: { sampling: {} },
  clientInfo: { name: 'test', version: '1' },
};

/** Whether a process with this id is still running (a zombie waiting to be reaped is not). */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) [ZX] /.test(stat);
  } catch {
    return false;
  }
}

/** What a result costs as docs/mcp.md counts it: the texts of its larger channel. */
export function channelTexts(result: {
  content?: Array<{ type: string; text?: string }>;
  structuredContent?: unknown;
}): string[] {
  const texts = (result.content ?? []).filter((b) => b.type === 'text').map((b) => b.text as string);
  if (result.structuredContent === undefined) return texts;
  const structured = [JSON.stringify(result.structuredContent)];
  return texts.reduce((n, t) => n + t.length, 0) >= structured[0].length ? texts : structured;
}

/** Every MCP SDK package: the v1 line and the v2 line's packages the proxy can load. */
export const SDK_LINES = ['@modelcontextprotocol/sdk', '@modelcontextprotocol/node', '@modelcontextprotocol/client'];

/**
 * The environment of a process that cannot load the MCP SDK packages named in `hidden` (by
 * default both lines, optional peers of the package): a --require hook makes every import of
 * them fail as an absent module does.
 */
export function withoutSdk(env: NodeJS.ProcessEnv = process.env, hidden: string[] = SDK_LINES): NodeJS.ProcessEnv {
  const hook = join(mkdtempSync(join(tmpdir(), 'no-sdk-')), 'hide-sdk.cjs');
  writeFileSync(
    hook,
    `const M = require('node:module'); const resolve = M._resolveFilename; const hidden = ${JSON.stringify(hidden)};
M._resolveFilename = function (request, ...rest) {
  if (hidden.some((p) => request === p || request.startsWith(p + '/'))) { const e = new Error("Cannot find module '" + request + "'"); e.code = 'MODULE_NOT_FOUND'; throw e; }
  return resolve.call(this, request, ...rest);
};`,
  );
  return { ...env, NODE_OPTIONS: `--require ${hook}` };
}
