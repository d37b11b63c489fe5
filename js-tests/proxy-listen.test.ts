// `proxy --listen`: clients speak Streamable HTTP to the proxy (the SDK's own
// StreamableHTTPClientTransport against the SDK's StreamableHTTPServerTransport in the proxy),
// each session with its own server child. Calls, pages, notifications, two clients whose pages
// stay their own, the session's end, the proxy's end with no process left, and bad requests.
import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { bin } from './support/line-client';
import {
  JSON_POST,
  childrenOf,
  closeAfterTest,
  closeAll,
  connectClient as connect,
  rawRequest,
  startListenProxy,
  until,
} from './support/listen-proxy';
import { mcpHttpServer } from './support/http-server';
import { reassemble } from './support/reassemble';
import { pagesAt, readError } from './support/page-reads';
// @ts-expect-error a fixture module without types
import { rows } from './fixtures/budget-rows.mjs';

const server = join(__dirname, 'fixtures', 'rows-server.mjs');
const CAP = 1000;
type Block = { type: string; text?: string; uri?: string };
type CallResult = { content: Block[]; isError?: boolean };

afterEach(closeAll);

/** `proxy --listen 0 --max-chars CAP …flags -- node rows-server.mjs`, once it says where it listens. */
const startProxy = (flags: string[] = [], command = [process.execPath, server]) =>
  startListenProxy(['--max-chars', String(CAP), ...flags, ...(command.length > 0 ? ['--', ...command] : [])]);

const linkOf = (result: CallResult) => result.content.find((b) => b.type === 'resource_link')?.uri;

describe('proxy --listen: the SDK client over Streamable HTTP', () => {
  it('answers under the cap as the server did, budgets over it, and serves the pages exactly', async () => {
    const proxy = await startProxy();
    const { client } = await connect(proxy.url);
    const small = (await client.callTool({ name: 'rows', arguments: { n: 12, seed: 'x' } })) as CallResult;
    expect(small.content).toEqual([{ type: 'text', text: JSON.stringify(rows(12, 'x')) }]);
    const big = (await client.callTool({ name: 'rows', arguments: { n: 120, seed: 'y' } })) as CallResult;
    // The over-cap answer (the envelope, or the preview: the policy's choice, tested beside it)
    // within the cap, and a link to the rest.
    expect(big.content.map((b) => b.type)).toEqual(['text', 'resource_link']);
    expect(big.content[0].text!.length).toBeLessThanOrEqual(CAP);
    const pages = await pagesAt(client, linkOf(big)!);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(CAP);
    expect(JSON.stringify(reassemble(pages))).toBe(JSON.stringify(rows(120, 'y')));
  });

  it("passes the server's notifications through: a log message, and progress before the call's answer (on its own stream)", async () => {
    const proxy = await startProxy();
    const { client } = await connect(proxy.url);
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));
    const progress: unknown[] = [];
    const result = (await client.callTool({ name: 'notify', arguments: {} }, undefined, {
      onprogress: (p) => void progress.push(p),
    })) as CallResult;
    expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(progress).toEqual([{ progress: 1, total: 2 }]);
    await until(() => logs.length > 0);
    expect(logs).toEqual([{ level: 'info', data: 'step 1' }]);
  });

  it("two clients are two sessions with a server each, and one cannot read the other's pages", async () => {
    const proxy = await startProxy();
    const a = await connect(proxy.url);
    const b = await connect(proxy.url);
    expect(childrenOf(proxy.child.pid!).length).toBe(2);
    const uri = linkOf((await a.client.callTool({ name: 'rows', arguments: { n: 120, seed: 'a' } })) as CallResult)!;
    const id = uri.slice('budget://result/'.length);
    const missingUri = 'budget://result/AAAAAAAAAAAAAAAAAAAAAA';
    const missing = await readError(b.client, `${missingUri}?page=1`);
    expect(missing).toEqual({
      code: -32602,
      message: `MCP error -32602: ${missingUri}: expired or unknown result — call the tool again`,
      data: { code: 'UNKNOWN_RESULT', uri: `${missingUri}?page=1` },
    });
    const foreign = await readError(b.client, `${uri}?page=1`);
    expect(JSON.parse(JSON.stringify(foreign).replaceAll(id, 'AAAAAAAAAAAAAAAAAAAAAA'))).toEqual(missing);
    expect(JSON.stringify(reassemble(await pagesAt(a.client, uri)))).toBe(JSON.stringify(rows(120, 'a')));
  });

  it("a session's end (DELETE) stops its server; SIGTERM ends the proxy with its summary and no process left", async () => {
    const proxy = await startProxy();
    const a = await connect(proxy.url);
    const b = await connect(proxy.url);
    await a.client.callTool({ name: 'rows', arguments: { n: 12, seed: 'a' } });
    await b.client.callTool({ name: 'rows', arguments: { n: 120, seed: 'b' } });
    const servers = childrenOf(proxy.child.pid!);
    expect(servers.length).toBe(2);
    await a.transport.terminateSession();
    await until(() => childrenOf(proxy.child.pid!).length === 1);
    // The client's transport forgot the ended session: the proxy asks it to initialize again.
    const after = await readError(a.client, 'budget://result/AAAAAAAAAAAAAAAAAAAAAA?page=1');
    expect(after.message).toContain('Bad Request: no valid session id, and not an initialize request');
    proxy.child.kill('SIGTERM');
    expect(await proxy.exit).toEqual({ code: 0, signal: null });
    expect(proxy.stderr()).toMatch(
      /\nmodoki-budget proxy: 2 calls, [\d,]+ tokens received, [\d,]+ forwarded \([\d.]+% saved\), 1 elided\n/,
    );
    for (const pid of servers) expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
  });
});

describe('proxy --listen --max-sessions', () => {
  it('refuses an initialize past the cap with a 503 that says why (two at once: one session), and serves again once one ends', async () => {
    const proxy = await startProxy(['--max-sessions', '1']);
    // Two initializes at once: one is served, the other refused.
    const tries = await Promise.allSettled([connect(proxy.url), connect(proxy.url)]);
    const served = tries.filter((t) => t.status === 'fulfilled') as Array<
      PromiseFulfilledResult<Awaited<ReturnType<typeof connect>>>
    >;
    const refused = tries.filter((t) => t.status === 'rejected') as PromiseRejectedResult[];
    expect([served.length, refused.length]).toEqual([1, 1]);
    // The SDK's StreamableHTTPError carries the HTTP status as its code.
    expect([refused[0].reason.code, refused[0].reason.message]).toEqual([
      503,
      'Streamable HTTP error: Error POSTing to endpoint: {"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Too many sessions: this proxy serves at most 1 at once (--max-sessions), all busy; end one and try again"}}',
    ]);
    expect(childrenOf(proxy.child.pid!).length).toBe(1);
    await served[0].value.transport.terminateSession();
    await until(() => childrenOf(proxy.child.pid!).length === 0);
    const next = await connect(proxy.url);
    const small = (await next.client.callTool({ name: 'rows', arguments: { n: 3, seed: 'm' } })) as CallResult;
    expect(small.content).toEqual([{ type: 'text', text: JSON.stringify(rows(3, 'm')) }]);
  });
});

describe('proxy --listen: sessions whose clients went without a DELETE', () => {
  const callRows = async (client: Client, seed: string) =>
    ((await client.callTool({ name: 'rows', arguments: { n: 3, seed } })) as CallResult).content;

  it('ends a session idle for --idle-timeout seconds and keeps a connected one, however long it waits', async () => {
    const proxy = await startProxy(['--idle-timeout', '1']);
    const kept = await connect(proxy.url);
    const gone = await connect(proxy.url);
    await until(() => childrenOf(proxy.child.pid!).length === 2);
    const goneId = gone.transport.sessionId;
    // Its streams closed, no DELETE sent: idle from now on.
    await gone.transport.close();
    await until(() => childrenOf(proxy.child.pid!).length === 1, 5_000);
    // The connected client keeps its standalone stream open: past the timeout it is served still.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await callRows(kept.client, 'k')).toEqual([{ type: 'text', text: JSON.stringify(rows(3, 'k')) }]);
    const stale = await fetch(proxy.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': goneId!,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect([stale.status, await stale.json()]).toEqual([
      404,
      { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Session not found: initialize a new one' } },
    ]);
  });

  it('at --max-sessions, a new client ends the session idle longest instead of being refused', async () => {
    const proxy = await startProxy(['--max-sessions', '2']);
    const first = await connect(proxy.url);
    const second = await connect(proxy.url);
    await first.transport.close();
    await new Promise((r) => setTimeout(r, 50));
    await second.transport.close();
    const third = await connect(proxy.url);
    expect(await callRows(third.client, 't')).toEqual([{ type: 'text', text: JSON.stringify(rows(3, 't')) }]);
    // The first went idle first and was ended; the second still holds its server.
    await until(() => childrenOf(proxy.child.pid!).length === 2);
    const revived = await fetch(proxy.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': second.transport.sessionId!,
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/call',
        params: { name: 'rows', arguments: { n: 1, seed: 's' } },
      }),
    });
    expect(revived.status).toBe(200);
  });
});

describe('proxy --listen --url: HTTP on both sides', () => {
  it('each session reaches the remote server with its own session there, the headers sent', async () => {
    const upstream = await mcpHttpServer((mcp) => {
      mcp.registerTool('rows', { inputSchema: { n: z.number().int(), seed: z.string() } }, async ({ n, seed }) => ({
        content: [{ type: 'text', text: JSON.stringify(rows(n, seed)) }],
      }));
    });
    closeAfterTest(() => upstream.close());
    const proxy = await startProxy(['--url', upstream.url, '--header', 'X-Tenant: t1'], []);
    const a = await connect(proxy.url);
    const b = await connect(proxy.url);
    const big = (await a.client.callTool({ name: 'rows', arguments: { n: 120, seed: 'u' } })) as CallResult;
    expect(JSON.stringify(reassemble(await pagesAt(a.client, linkOf(big)!)))).toBe(JSON.stringify(rows(120, 'u')));
    const small = (await b.client.callTool({ name: 'rows', arguments: { n: 3, seed: 'v' } })) as CallResult;
    expect(small.content).toEqual([{ type: 'text', text: JSON.stringify(rows(3, 'v')) }]);
    const sessions = new Set(upstream.seen.map((h) => h['mcp-session-id']).filter((id) => id !== undefined));
    expect(sessions.size).toBe(2);
    expect(upstream.seen.every((h) => h['x-tenant'] === 't1')).toBe(true);
  });
});

describe('proxy --listen: requests it cannot serve', () => {
  it('answers each with an HTTP status and a JSON-RPC error, and refuses a foreign Host', async () => {
    const proxy = await startProxy();
    const post = (body: unknown, headers: Record<string, string> = {}, path = '/mcp') =>
      rawRequest(proxy.port, { path, headers: { ...JSON_POST, ...headers }, body }).then(({ status, text }) => ({
        status,
        json: () => JSON.parse(text),
      }));
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    const noSession = await post(ping);
    expect([noSession.status, noSession.json()]).toEqual([
      400,
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Bad Request: no valid session id, and not an initialize request' },
      },
    ]);
    const unknown = await post(ping, { 'mcp-session-id': 'no-such-session' });
    expect([unknown.status, unknown.json()]).toEqual([
      404,
      { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Session not found: initialize a new one' } },
    ]);
    const elsewhere = await post(ping, {}, '/other');
    expect(elsewhere.status).toBe(404);
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '0' } },
    };
    const rebound = await post(initialize, { host: 'evil.example:80' });
    expect([rebound.status, rebound.json()]).toEqual([
      403,
      { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Invalid Host header: evil.example:80' } },
    ]);
    // A malformed initialize: the SDK transport refuses it, and the server started for it goes.
    const malformed = await post({ jsonrpc: '2.0', id: 1, method: 'initialize' });
    expect(malformed.status).toBe(400);
    await until(() => childrenOf(proxy.child.pid!).length === 0);
  });

  it('a command that cannot start: the initialize gets a 500 naming it, and the proxy keeps serving', async () => {
    const proxy = await startProxy([], ['/nonexistent/mcp-server']);
    await expect(connect(proxy.url)).rejects.toThrow(/cannot start \\"\/nonexistent\/mcp-server\\": ENOENT/);
    expect(proxy.child.exitCode).toBe(null);
  });
});

describe('proxy --listen: usage', () => {
  const run = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
    spawnSync(process.execPath, [bin, 'proxy', ...args], {
      encoding: 'utf8',
      timeout: 20_000,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  it('a port out of range, a session cap or idle timeout that is not one, no server: one line and exit 2', () => {
    const server = ['--', process.execPath, 'x.js'];
    const cases: Array<[string[], NodeJS.ProcessEnv | undefined, string]> = [
      [['--listen', '65536', ...server], undefined, '--listen expects an integer from 0 to 65535, got "65536"'],
      [['--listen', 'http', ...server], undefined, '--listen expects an integer from 0 to 65535, got "http"'],
      [
        ['--listen', '0'],
        undefined,
        'missing the server command: give it after the options, as in `npx -y @modelcontextprotocol/server-memory` (a -- before it is optional), or pass --server "<command>"',
      ],
      [
        ['--listen', '0', '--max-sessions', '0', ...server],
        undefined,
        '--max-sessions expects an integer >= 1, got "0"',
      ],
      [['--max-sessions', '4', ...server], undefined, '--max-sessions applies to --listen only'],
      [['--idle-timeout', '4', ...server], undefined, '--idle-timeout applies to --listen only'],
      [
        ['--listen', '0', '--idle-timeout', '0.5', ...server],
        undefined,
        '--idle-timeout expects an integer >= 1, got "0.5"',
      ],
    ];
    for (const [args, env, message] of cases) {
      const r = run(args, env);
      expect([r.status, r.stderr]).toEqual([2, `modoki-budget proxy: ${message}\n`]);
    }
  });
});
