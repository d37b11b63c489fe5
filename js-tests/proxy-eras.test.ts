// The proxy in protocol revision 2026-07-28 beside the 2025 era: its router's own requests in the
// client's era, results that are not final passing untouched, server/discover's capabilities;
// the SDK v2 Client in the 2026 era through the stdio proxy; and what the proxy serves with no
// MCP SDK installed at all (2026-07-28 needs none; a 2025 client is told what to install).
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { bin, withoutSdk } from './support/line-client';
import { CONFORMANCE_SERVER, serve, type Served } from './support/conformance';
import { pagesAt } from './support/page-reads';
import { reassemble } from './support/reassemble';

const require = createRequire(import.meta.url);
const { ProxySession } = require('../node/proxy/session.cjs');
const { createBudgetPolicy } = require('../node/mcp/policy.cjs');

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'eras.test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
};

function router() {
  const toClient: string[] = [];
  const toServer: string[] = [];
  const s = new ProxySession({
    policy: createBudgetPolicy({ maxChars: 1000 }),
    send: { client: (l: string) => toClient.push(String(l)), server: (l: string) => toServer.push(String(l)) },
    measure: () => ({ charsIn: 0, tokensIn: 0 }),
  });
  const line = (m: unknown) => Buffer.from(JSON.stringify(m));
  return {
    toClient,
    toServer,
    client: (m: unknown) => s.fromClient(line(m), m),
    server: (m: unknown) => s.fromServer(line(m), m),
  };
}

describe('the proxy router with a 2026-07-28 client', () => {
  it('asks its own tools/list with the envelope of the call it is for', () => {
    const t = router();
    const meta = { ...ENVELOPE, progressToken: 7 };
    t.client({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'dump', arguments: {}, _meta: meta } });
    t.server({
      jsonrpc: '2.0',
      id: 1,
      result: { resultType: 'complete', content: [{ type: 'text', text: 'x'.repeat(5000) }] },
    });
    expect(JSON.parse(t.toServer.at(-1)!)).toEqual({
      jsonrpc: '2.0',
      id: 'modoki-budget-proxy:1',
      method: 'tools/list',
      params: { _meta: ENVELOPE },
    });
  });

  it('passes an input_required result through as the server wrote it, and budgets the final one', async () => {
    const t = router();
    const call = { name: 'ask', arguments: {}, _meta: ENVELOPE };
    t.client({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: ENVELOPE } });
    t.server({
      jsonrpc: '2.0',
      id: 1,
      result: { resultType: 'complete', tools: [{ name: 'ask', inputSchema: { type: 'object' } }] },
    });
    t.client({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: call });
    const interim = {
      jsonrpc: '2.0',
      id: 2,
      result: {
        resultType: 'input_required',
        inputRequests: {
          who: {
            method: 'elicitation/create',
            params: { message: 'x'.repeat(4000), requestedSchema: { type: 'object' } },
          },
        },
        requestState: 's'.repeat(3000),
      },
    };
    t.server(interim);
    expect(t.toClient.at(-1)).toBe(JSON.stringify(interim));
    t.client({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { ...call, inputResponses: { who: { action: 'accept' } } },
    });
    t.server({
      jsonrpc: '2.0',
      id: 3,
      result: { resultType: 'complete', content: [{ type: 'text', text: 'y'.repeat(5000) }] },
    });
    await new Promise((r) => setTimeout(r, 50));
    const final = JSON.parse(t.toClient.at(-1)!);
    expect(t.toClient.length).toBe(3);
    expect(final.result.content[0].text).not.toBe('y'.repeat(5000));
    expect(final.result.content.at(-1).type).toBe('resource_link');
  });

  it('adds the resources capability to server/discover, since it serves the pages', () => {
    const t = router();
    t.client({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: ENVELOPE } });
    const discovered = { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} } };
    t.server({ jsonrpc: '2.0', id: 1, result: discovered });
    expect(JSON.parse(t.toClient.at(-1)!)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { ...discovered, capabilities: { tools: {}, resources: {} } },
    });
  });
});

describe('the 2026-07-28 standard headers (SEP-2243), derived from the body and checked against it', () => {
  const modern = require('../node/proxy/modern.cjs');
  const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'café', _meta: ENVELOPE } };

  it('derives MCP-Protocol-Version, Mcp-Method and Mcp-Name, a name that is not ASCII in base64', () => {
    expect(modern.standardHeaders(call)).toEqual({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': '=?base64?Y2Fmw6k=?=',
    });
    expect(
      modern.standardHeaders({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { _meta: ENVELOPE } }),
    ).toEqual({
      'mcp-protocol-version': '2026-07-28',
    });
  });

  it('refuses a request whose headers disagree with its body, or whose envelope is incomplete', () => {
    const headers = modern.standardHeaders(call);
    expect(modern.refusal(call, (name: string) => headers[name])).toBeUndefined();
    expect(modern.refusal(call, (name: string) => ({ ...headers, 'mcp-name': 'cafe' })[name])).toEqual({
      status: 400,
      code: -32020,
      message: 'Bad Request: the mcp-name header ("cafe") disagrees with the body ("café")',
    });
    expect(modern.refusal(call, (name: string) => ({ ...headers, 'mcp-method': undefined })[name])).toEqual({
      status: 400,
      code: -32020,
      message: 'Bad Request: the required mcp-method header is absent (the body says "tools/call")',
    });
    expect(modern.refusal({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }, () => undefined)).toEqual({
      status: 400,
      code: -32602,
      message:
        "Invalid params: a 2026-07-28 request's _meta must carry io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities",
    });
  });

  it('gives an error answer the HTTP status the spec gives its code', () => {
    const status = (code: number) => modern.statusOf({ jsonrpc: '2.0', id: 1, error: { code, message: 'm' } });
    expect([-32601, -32700, -32600, -32020, -32021, -32022, -32602, -32603].map(status)).toEqual([
      404, 400, 400, 400, 400, 400, 200, 200,
    ]);
    expect(modern.statusOf({ jsonrpc: '2.0', id: 1, result: {} })).toBe(200);
  });
});

const running: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of running.splice(0)) await stop();
});

describe('the stdio proxy with the SDK v2 Client in the 2026-07-28 era', () => {
  /** The v2 Client, negotiating its era, on stdio to `proxy …upstream`. */
  async function connectThrough(upstream: string[]) {
    const client = new Client(
      { name: 'eras.test', version: '1.0.0' },
      { capabilities: { elicitation: {} }, versionNegotiation: { mode: 'auto' } },
    );
    client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { name: 'Ada' } }));
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [bin, 'proxy', '--max-chars', '1000', ...upstream] }),
    );
    running.push(() => client.close());
    return client;
  }

  it.each([
    ['a stdio server', async () => ['--', process.execPath, CONFORMANCE_SERVER, '--stdio']],
    [
      'a Streamable HTTP server (--url)',
      async () => {
        const origin = await serve(process.execPath, [CONFORMANCE_SERVER, '--http', '0']);
        running.push(() => origin.stop());
        return ['--url', origin.url];
      },
    ],
  ])(
    'in front of %s: negotiates 2026-07-28, and a multi-round-trip call is fulfilled by the client through it',
    async (_name, upstream) => {
      const client = await connectThrough(await upstream());
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      expect(client.getServerCapabilities()?.resources).toBeDefined();
      expect(await client.callTool({ name: 'test_simple_text', arguments: {} })).toMatchObject({
        content: [{ type: 'text', text: 'This is a simple text response for testing.' }],
      });
      expect(await client.callTool({ name: 'test_input_required_result_elicitation', arguments: {} })).toMatchObject({
        content: [{ type: 'text', text: 'Hello, Ada!' }],
      });
      // Over the cap: the pages the proxy serves itself are read by the v2 Client, which refuses
      // a 2026-07-28 result without resultType.
      const name = 'n'.repeat(3000);
      const big = (await client.callTool({
        name: 'json_schema_2020_12_tool',
        arguments: { name, email: 'ada@example.com' },
      })) as {
        content: Array<{ type: string; uri?: string }>;
      };
      const link = big.content.find((b) => b.type === 'resource_link')!.uri!;
      expect(reassemble(await pagesAt(client, link))).toBe(
        `JSON Schema 2020-12 tool called with: ${JSON.stringify({ name, email: 'ada@example.com' })}`,
      );
    },
    60_000,
  );
});

describe('with no MCP SDK installed', () => {
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    });
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'eras.test', version: '1' } },
  };

  it('proxy --listen serves 2026-07-28 and answers a 2025 initialize with what to install', async () => {
    const proxy: Served = await serve(
      process.execPath,
      [bin, 'proxy', '--listen', '0', '--', process.execPath, CONFORMANCE_SERVER, '--stdio'],
      withoutSdk(),
    );
    running.push(() => proxy.stop());
    const legacy = await post(proxy.url, initialize);
    expect([legacy.status, await legacy.json()]).toEqual([
      500,
      {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32603,
          message:
            'modoki-budget proxy: proxy --listen needs the MCP SDK (an optional peer dependency) for 2025-era clients: npm i @modelcontextprotocol/sdk (v1) or npm i @modelcontextprotocol/node (v2)',
        },
      },
    ]);
    const discover = { jsonrpc: '2.0', id: 2, method: 'server/discover', params: { _meta: ENVELOPE } };
    const modern = await post(proxy.url, discover, {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'server/discover',
    });
    const answer = (await modern.json()) as { id: number; result: { supportedVersions: string[]; resultType: string } };
    expect([modern.status, answer.id, answer.result.resultType, answer.result.supportedVersions]).toEqual([
      200,
      2,
      'complete',
      ['2026-07-28'],
    ]);
  }, 60_000);

  it('proxy --url answers a 2025 initialize on stdio with what to install', async () => {
    const origin = await serve(process.execPath, [CONFORMANCE_SERVER, '--http', '0']);
    running.push(() => origin.stop());
    const child = spawn(process.execPath, [bin, 'proxy', '--url', origin.url], {
      env: withoutSdk(),
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    running.push(async () => {
      child.stdin.end();
      await new Promise((r) => child.once('exit', r));
    });
    child.stdin.write(`${JSON.stringify(initialize)}\n`);
    const line = await new Promise<string>((resolve) => {
      let text = '';
      child.stdout.on('data', (d) => {
        text += d;
        if (text.includes('\n')) resolve(text.slice(0, text.indexOf('\n')));
      });
    });
    expect(JSON.parse(line)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32000,
        message: `the upstream MCP server at ${origin.url} failed on initialize: proxy --url needs the MCP SDK (an optional peer dependency) for 2025-era clients: npm i @modelcontextprotocol/sdk (v1) or npm i @modelcontextprotocol/client (v2)`,
        data: { upstream: origin.url },
      },
    });
  }, 60_000);
});
