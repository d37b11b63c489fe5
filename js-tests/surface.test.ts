// What the surface offers the features built on it, through both adapters with the SDK's own
// Client: page reads that answer later (a shared store), page reads reported beside calls, the
// call's context for the policy (the tool's listed inputSchema and the arguments), and a tool
// dispatch plugged in for tools/list and tools/call.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { countTokens, type BudgetRecord } from 'modoki-budget';
import { viaProxy, viaSurface, viaWithBudget } from './support/two-adapters';

const require = createRequire(import.meta.url);
const { createBudgetPolicy } = require('../node/mcp/policy.cjs');
const { codedError } = require('../node/internal/errors.cjs');

const CAP = 2000;
const rows = (n: number) => ({ rows: Array.from({ length: n }, (_, i) => ({ id: i, name: `row-${i}` })) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function server() {
  const s = new McpServer({ name: 'surface', version: '0.0.0' });
  s.registerTool(
    'dump',
    { description: 'Rows', inputSchema: { n: z.number().int(), query: z.string().optional() } },
    async ({ n }) => ({ content: [{ type: 'text', text: JSON.stringify(rows(n)) }] }),
  );
  s.registerTool('ping', { description: 'No input' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return s;
}

const idOf = (result: any) => /budget:\/\/result\/([A-Za-z0-9_-]{22})/.exec(JSON.stringify(result))![1];

/** A real policy whose page reads answer after `delay(uri)` ms, as a shared store would. */
function slowPolicy(options: object, delay: (page: number) => number) {
  const real = createBudgetPolicy(options);
  const pageOf = (uri: string) => Number(/page=(\d+)/.exec(uri)?.[1] ?? 1);
  return {
    ...real,
    readResource: async (uri: string) => {
      await sleep(delay(pageOf(uri)));
      return real.readResource(uri);
    },
    callPageTool: async (args: { page?: number }) => {
      await sleep(delay(args?.page ?? 1));
      return real.callPageTool(args);
    },
  };
}

describe('page reads that answer later', () => {
  it('withBudget and the proxy await them; the proxy answers in the order the reads came', async () => {
    const delay = (page: number) => (page === 1 ? 60 : 0);
    const direct = await viaSurface(server(), slowPolicy({ maxChars: CAP }, delay), { pageTool: true });
    const proxied = await viaProxy(server(), {}, { policy: slowPolicy({ maxChars: CAP }, delay), pageTool: true });
    for (const client of [direct, proxied.client]) {
      const reply = await client.callTool({ name: 'dump', arguments: { n: 300 } });
      const id = idOf(reply);
      const [one, two, viaTool] = await Promise.all([
        client.readResource({ uri: `budget://result/${id}?page=1` }),
        client.readResource({ uri: `budget://result/${id}?page=2` }),
        client.callTool({ name: 'read_result_page', arguments: { id, page: 1 } }),
      ]);
      expect(JSON.parse(one.contents[0].text as string)).toMatchObject({ page: 1 });
      expect(JSON.parse(two.contents[0].text as string)).toMatchObject({ page: 2 });
      expect((viaTool.content as Array<{ text: string }>)[0].text).toBe(one.contents[0].text);
      await expect(client.readResource({ uri: `budget://result/${id}?page=99` })).rejects.toMatchObject({
        code: -32602,
        data: { code: 'INVALID_INPUT', uri: `budget://result/${id}?page=99` },
      });
    }
    // Page 2 was ready 60 ms before page 1; the answers still left in the order asked.
    const answered = proxied.toClient
      .map((line) => JSON.parse(line))
      .filter((m) => m.result?.contents !== undefined)
      .map((m) => JSON.parse(m.result.contents[0].text).page);
    expect(answered).toEqual([1, 2]);
    await proxied.session.idle();
  });

  it('a read that fails later is the JSON-RPC error of its code, through both adapters alike', async () => {
    const failing = () => ({
      ...createBudgetPolicy({ maxChars: CAP }),
      readResource: async () => {
        await sleep(5);
        throw codedError('STORE_UNAVAILABLE', 'the page store cannot be reached: ECONNREFUSED');
      },
      callPageTool: async () => ({
        content: [{ type: 'text', text: 'the page store cannot be reached' }],
        isError: true,
      }),
    });
    const direct = await viaSurface(server(), failing(), { pageTool: true });
    const proxied = await viaProxy(server(), {}, { policy: failing(), pageTool: true });
    for (const client of [direct, proxied.client]) {
      await expect(client.readResource({ uri: 'budget://result/0123456789ab?page=1' })).rejects.toMatchObject({
        code: -32603,
        message: 'MCP error -32603: the page store cannot be reached: ECONNREFUSED',
        data: { code: 'STORE_UNAVAILABLE', uri: 'budget://result/0123456789ab?page=1' },
      });
      expect(await client.callTool({ name: 'read_result_page', arguments: { id: 'x' } })).toEqual({
        content: [{ type: 'text', text: 'the page store cannot be reached' }],
        isError: true,
      });
    }
  });
});

describe('page reads are reported beside calls', () => {
  it('withBudget: onResult gets kind call and kind page records, with the tool, the page and lazy tokens', async () => {
    const seen: BudgetRecord[] = [];
    const client = await viaWithBudget(server(), { maxChars: CAP, pageTool: true, onResult: (r) => seen.push(r) });
    const reply = await client.callTool({ name: 'dump', arguments: { n: 300 } });
    const id = idOf(reply);
    const page2 = (await client.readResource({ uri: `budget://result/${id}?page=2` })).contents[0].text as string;
    const page1 = (await client.callTool({ name: 'read_result_page', arguments: { id } })) as any;
    await client.readResource({ uri: 'budget://result/0123456789ab' }).catch(() => undefined);
    expect(seen.map((r) => [r.kind, r.tool])).toEqual([
      ['call', 'dump'],
      ['page', 'dump'],
      ['page', 'dump'],
    ]);
    const [, second, first] = seen;
    // tokens is a getter until read: an observer that never reads it never pays for counting.
    expect(typeof Object.getOwnPropertyDescriptor(second, 'tokens')?.get).toBe('function');
    expect(second).toEqual({
      kind: 'page',
      tool: 'dump',
      resultId: id,
      page: 2,
      chars: page2.length,
      tokens: countTokens(page2),
      ms: (second as { ms: number }).ms,
    });
    expect(first).toMatchObject({
      page: 1,
      chars: page1.content[0].text.length,
      tokens: countTokens(page1.content[0].text),
    });
    expect(JSON.parse(JSON.stringify(first)).tokens).toBe(countTokens(page1.content[0].text));
  });

  it('the proxy: onCall gets the same records', async () => {
    const seen: Array<Record<string, unknown>> = [];
    const { client } = await viaProxy(
      server(),
      { maxChars: CAP, pageTool: true },
      { onCall: (r: any) => seen.push(r) },
    );
    await client.listTools();
    const id = idOf(await client.callTool({ name: 'dump', arguments: { n: 300 } }));
    const page = (await client.readResource({ uri: `budget://result/${id}?page=3` })).contents[0].text as string;
    await client.callTool({ name: 'read_result_page', arguments: { id: 'gone' } });
    expect(seen.map((r) => [r.kind, r.tool])).toEqual([
      ['call', 'dump'],
      ['page', 'dump'],
    ]);
    expect(seen[1]).toMatchObject({ resultId: id, page: 3, chars: page.length, tokens: countTokens(page) });
  });
});

describe("the policy's context", () => {
  it('both adapters pass the inputSchema as the server lists it and the call arguments', async () => {
    const spy = () => {
      const real = createBudgetPolicy({ maxChars: CAP });
      const contexts: unknown[] = [];
      return {
        contexts,
        policy: {
          ...real,
          apply: (tool: string, value: unknown, context: unknown) => {
            contexts.push({ tool, context });
            return real.apply(tool, value, context);
          },
        },
      };
    };
    const a = spy();
    const b = spy();
    const direct = await viaSurface(server(), a.policy);
    const proxied = (await viaProxy(server(), {}, { policy: b.policy })).client;
    for (const client of [direct, proxied]) {
      // Called before any tools/list: the adapter lists the tools itself first.
      await client.callTool({ name: 'dump', arguments: { n: 2, query: 'row-1' } });
      await client.callTool({ name: 'ping', arguments: {} });
    }
    const listed = (await direct.listTools()).tools;
    const schema = (name: string) => listed.find((t) => t.name === name)!.inputSchema;
    const want = [
      {
        tool: 'dump',
        context: { hasOutputSchema: false, inputSchema: schema('dump'), arguments: { n: 2, query: 'row-1' } },
      },
      { tool: 'ping', context: { hasOutputSchema: false, inputSchema: schema('ping'), arguments: undefined } },
    ];
    expect(schema('dump')).toMatchObject({ properties: { n: { type: 'integer' }, query: { type: 'string' } } });
    expect(a.contexts).toEqual(want);
    // The proxy forwards the arguments the client sent, and ping's ({}).
    expect(b.contexts).toEqual([want[0], { ...want[1], context: { ...want[1].context, arguments: {} } }]);
  });
});

describe('a tool dispatch plugged in', () => {
  // A stand-in for a compact menu: one listed tool that calls any server tool by name, and a
  // local one that describes them. Not the menu itself: it shows the hook works in both adapters.
  const dispatch = {
    listTools: (tools: Array<{ name: string }>) => [
      {
        name: 'call_tool',
        description: `Calls one of: ${tools.map((t) => t.name).join(', ')}`,
        inputSchema: { type: 'object' },
      },
      { name: 'describe_tools', inputSchema: { type: 'object' } },
    ],
    routeCall: async (name: string, args: any, serverTools: () => Promise<Array<{ name: string }>>) => {
      if (name === 'call_tool') return { name: args.name, arguments: args.arguments };
      if (name === 'describe_tools')
        return {
          result: { content: [{ type: 'text', text: JSON.stringify((await serverTools()).map((t) => t.name)) }] },
        };
      throw codedError('UNKNOWN_TOOL', `no tool ${name}; the tools are call_tool and describe_tools`);
    },
  };

  it('tools/list and tools/call go through it, alike in both adapters; routed calls are budgeted as the tool called', async () => {
    const calls: Array<[string, unknown]> = [];
    const onResult = (info: { tool: string }) => calls.push(['direct', info.tool]);
    const direct = await viaSurface(server(), createBudgetPolicy({ maxChars: CAP, pageTool: true, onResult }), {
      dispatch,
    });
    const proxied = (
      await viaProxy(
        server(),
        { maxChars: CAP, pageTool: true },
        { dispatch, onCall: (r: any) => calls.push(['proxy', r.tool]) },
      )
    ).client;
    const answers = [];
    for (const client of [direct, proxied]) {
      const listed = await client.listTools();
      const over = await client.callTool({ name: 'call_tool', arguments: { name: 'dump', arguments: { n: 300 } } });
      const small = await client.callTool({ name: 'call_tool', arguments: { name: 'ping' } });
      const described = await client.callTool({ name: 'describe_tools', arguments: {} });
      const unknown = await client
        .callTool({ name: 'nope', arguments: {} })
        .catch((e) => ({ code: e.code, data: e.data }));
      answers.push(
        JSON.parse(JSON.stringify({ listed, over, small, described, unknown }).replaceAll(idOf(over), '<id>')),
      );
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0].listed.tools.map((t: { name: string }) => t.name)).toEqual([
      'call_tool',
      'describe_tools',
      'read_result',
      'read_result_page',
    ]);
    expect(answers[0].listed.tools[0].description).toBe('Calls one of: dump, ping');
    expect(answers[0].over.content[1]).toMatchObject({ type: 'resource_link' });
    expect(answers[0].small).toEqual({ content: [{ type: 'text', text: 'pong' }] });
    expect(answers[0].described.content[0].text).toBe('["dump","ping"]');
    expect(answers[0].unknown).toEqual({ code: -32602, data: { code: 'UNKNOWN_TOOL' } });
    expect(calls).toEqual([
      ['direct', 'dump'],
      ['direct', 'ping'],
      ['proxy', 'dump'],
      ['proxy', 'ping'],
    ]);
  });
});
