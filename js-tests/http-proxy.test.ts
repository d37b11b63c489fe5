// `modoki-budget proxy --url`: the SDK's own Client on the stdio side, the proxy speaking
// Streamable HTTP (the SDK's client transport) to a real SDK server on a free loopback port,
// stateful and stateless. Then upstreams that are down, slow or answer garbage: each request
// gets a JSON-RPC error naming the upstream, never a hang.
import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { z } from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  ListRootsRequestSchema,
  ListRootsResultSchema,
  LoggingMessageNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { bin } from './support/line-client';
import { reassemble } from './support/reassemble';
import { freePort } from './support/redis';
import { listen, mcpHttpServer, type HttpServer } from './support/http-server';
// @ts-expect-error a fixture module without types
import { registerNotify } from './fixtures/notify-tool.mjs';

const BIG = {
  scene: 'main',
  entities: Array.from({ length: 400 }, (_, i) => ({ id: i, name: `entity-${i}`, note: 'n'.repeat(200) })),
};

function tools(server: McpServer) {
  server.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }) => ({
    content: [{ type: 'text', text }],
  }));
  server.registerTool('big', {}, async () => ({ content: [{ type: 'text', text: JSON.stringify(BIG) }] }));
  registerNotify(server);
  server.registerTool('roots', {}, async (extra) => {
    const listed = await extra.sendRequest({ method: 'roots/list' }, ListRootsResultSchema);
    return { content: [{ type: 'text', text: JSON.stringify(listed.roots) }] };
  });
}

const open: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close().catch(() => {});
});

async function serve(server: Promise<HttpServer>) {
  const s = await server;
  open.push(s);
  return s;
}

/** The SDK Client over stdio to `proxy --url url …flags`. */
async function throughProxy(url: string, flags: string[] = [], { connect = true } = {}) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'proxy', '--url', url, ...flags],
    stderr: 'pipe',
  });
  const client = new Client({ name: 'http-proxy.test', version: '0.0.0' }, { capabilities: { roots: {} } });
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }));
  open.push(client);
  if (connect) await client.connect(transport);
  return { client, transport };
}

const textOf = (result: unknown) =>
  ((result as { content: Array<{ type: string; text?: string }> }).content[0] as { text: string }).text;

describe.each([
  ['stateful', false],
  ['stateless', true],
] as const)('proxy --url to a %s SDK server', (_mode, stateless) => {
  it('forwards calls, budgets an over-cap result and serves its pages, and sends the headers', async () => {
    const server = await serve(mcpHttpServer(tools, { stateless }));
    const { client } = await throughProxy(server.url, [
      '--header',
      'Authorization: Bearer t0k3n',
      '--header',
      'X-Team:  blue ',
    ]);
    expect(client.getServerVersion()).toEqual({ name: 'http-test-server', version: '1.0.0' });
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
      'echo',
      'big',
      'notify',
      'roots',
      'read_result',
    ]);
    expect(await client.callTool({ name: 'echo', arguments: { text: 'héllo' } })).toEqual({
      content: [{ type: 'text', text: 'héllo' }],
    });

    const elided = (await client.callTool({ name: 'big', arguments: {} })) as {
      content: Array<{ type: string; text?: string; uri?: string }>;
    };
    const link = elided.content.find((b) => b.type === 'resource_link')!;
    expect(link.uri).toMatch(/^budget:\/\/result\/[A-Za-z0-9_-]+$/);
    const first = JSON.parse((await client.readResource({ uri: `${link.uri}?page=1` })).contents[0].text as string);
    const texts: string[] = [];
    for (let page = 1; page <= first.pages; page++)
      texts.push((await client.readResource({ uri: `${link.uri}?page=${page}` })).contents[0].text as string);
    expect(JSON.stringify(reassemble(texts))).toBe(JSON.stringify(BIG));

    expect(server.seen.length).toBeGreaterThan(3);
    for (const headers of server.seen) {
      expect(headers.authorization).toBe('Bearer t0k3n');
      expect(headers['x-team']).toBe('blue');
    }
    if (!stateless) {
      const sessions = new Set(server.seen.map((h) => h['mcp-session-id']).filter(Boolean));
      expect(sessions.size).toBe(1);
      // Every request after initialize names the protocol version the server chose.
      expect(server.seen.slice(1).every((h) => typeof h['mcp-protocol-version'] === 'string')).toBe(true);
    }
  });

  it("passes the server's notifications through (its SSE response stream): logging and progress", async () => {
    const server = await serve(mcpHttpServer(tools, { stateless }));
    const { client } = await throughProxy(server.url);
    const logged: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logged.push(n.params));
    const progress: unknown[] = [];
    const result = await client.callTool({ name: 'notify', arguments: {} }, undefined, {
      onprogress: (p) => void progress.push(p),
    });
    expect(textOf(result)).toBe('done');
    expect(logged).toEqual([{ level: 'info', data: 'step 1' }]);
    expect(progress).toEqual([{ progress: 1, total: 2 }]);
  });
});

describe('proxy --url to a stateful SDK server', () => {
  it("passes a server-to-client request (roots/list) and the client's answer through", async () => {
    const server = await serve(mcpHttpServer(tools));
    const { client } = await throughProxy(server.url);
    expect(JSON.parse(textOf(await client.callTool({ name: 'roots', arguments: {} })))).toEqual([
      { uri: 'file:///work', name: 'work' },
    ]);
  });

  it('ends the session upstream (DELETE) when the client goes away', async () => {
    const server = await serve(mcpHttpServer(tools));
    const { client } = await throughProxy(server.url);
    await client.callTool({ name: 'echo', arguments: { text: 'x' } });
    await client.close();
    const deadline = Date.now() + 5000;
    while (!server.methods.includes('DELETE') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(server.methods.filter((m) => m === 'DELETE')).toEqual(['DELETE']);
  });
});

describe('proxy --url: upstream faults answer as JSON-RPC errors naming the upstream', () => {
  it('down: nothing listens on the port', async () => {
    const url = `http://127.0.0.1:${await freePort()}/mcp`;
    const { client, transport } = await throughProxy(url, [], { connect: false });
    await expect(client.connect(transport)).rejects.toThrow(
      `MCP error -32000: the upstream MCP server at ${url} failed on initialize: fetch failed`,
    );
  });

  it('slow: a request it never answers gets -32001 after --upstream-timeout', async () => {
    const server = await serve(listen(() => {}));
    const { client, transport } = await throughProxy(server.url, ['--upstream-timeout', '300'], { connect: false });
    const started = Date.now();
    await expect(client.connect(transport)).rejects.toThrow(
      `MCP error -32001: the upstream MCP server at ${server.url} did not answer initialize within 300 ms`,
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('garbage: an HTML page, or JSON that is not JSON', async () => {
    const html = await serve(
      listen((_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>')),
    );
    const a = await throughProxy(html.url, [], { connect: false });
    await expect(a.client.connect(a.transport)).rejects.toThrow(
      `MCP error -32000: the upstream MCP server at ${html.url} failed on initialize: Streamable HTTP error: Unexpected content type: text/html`,
    );
    const broken = await serve(
      listen((_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":')),
    );
    const b = await throughProxy(broken.url, [], { connect: false });
    await expect(b.client.connect(b.transport)).rejects.toThrow(
      new RegExp(
        `^MCP error -32000: the upstream MCP server at ${broken.url.replace(/[.]/g, '\\.')} failed on initialize: .*JSON`,
      ),
    );
  });

  it('an upstream that dies mid-session: the next call gets an error, not a hang', async () => {
    const server = await mcpHttpServer(tools);
    const { client } = await throughProxy(server.url, ['--upstream-timeout', '2000']);
    await client.callTool({ name: 'echo', arguments: { text: 'x' } });
    await server.close();
    await expect(client.callTool({ name: 'echo', arguments: { text: 'y' } })).rejects.toThrow(
      new RegExp(`^MCP error -3200[01]: the upstream MCP server at ${server.url.replace(/[.]/g, '\\.')} `),
    );
  });
});

describe('proxy --url: usage', () => {
  const run = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
    spawnSync(process.execPath, [bin, 'proxy', ...args], { encoding: 'utf8', timeout: 20_000, env });

  it('bad flags: one line each and exit 2', () => {
    const cases: Array<[string[], string]> = [
      [['--url', 'ftp://x/mcp'], '--url "ftp://x/mcp": expected an http:// or https:// endpoint'],
      [['--url', 'nope'], '--url "nope" is not a URL'],
      [
        ['--url', 'http://127.0.0.1:9/', '--header', 'NoColon'],
        '--header ***: expected "Name: value" (the value is not shown: it may be a secret)',
      ],
      [
        ['--url', 'http://127.0.0.1:9/', '--', 'node', 'x.js'],
        'give the server either as --url or as a command after --, not both',
      ],
      [['--header', 'A: b', '--', 'node', 'x.js'], '--header applies to --url only'],
    ];
    for (const [args, message] of cases) {
      const r = run(args);
      expect([r.status, r.stderr]).toEqual([2, `modoki-budget proxy: ${message}\n`]);
    }
  });
});
