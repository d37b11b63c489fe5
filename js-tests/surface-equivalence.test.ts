// One surface, two adapters: the same requests, sent by the SDK's own Client, through withBudget
// on a server and through the proxy's session in front of the same server unbudgeted, get the
// same answers — results, JSON-RPC errors (code, message, data), what is added to which page of a
// paged list. Result ids are random per store, so they are compared as `<id>`.
import { describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { WithBudgetOptions } from 'modoki-budget';
import { viaProxy, viaWithBudget } from './support/two-adapters';

const CAP = 2000;
const rows = (n: number) => ({
  rows: Array.from({ length: n }, (_, i) => ({ id: i, name: `row-${i}`, ok: i % 2 === 0 })),
});
const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
const structured = (n: number) => ({
  content: [{ type: 'text' as const, text: JSON.stringify(rows(n), null, 2) }],
  structuredContent: rows(n),
});
const rowsSchema = {
  type: 'object' as const,
  properties: { rows: { type: 'array', items: { type: 'object' } } },
  required: ['rows'],
};

/** An McpServer (it never pages its lists). */
function mcpServer() {
  const server = new McpServer({ name: 'eq', version: '0.0.0' });
  server.registerTool('echo', { description: 'Echo', inputSchema: { text: z.string() } }, async ({ text: t }) =>
    text(t),
  );
  server.registerTool(
    'dump',
    { description: 'Rows', inputSchema: { n: z.number().int() }, outputSchema: { rows: z.array(z.unknown()) } },
    async ({ n }) => structured(n),
  );
  server.registerTool(
    'log',
    { description: 'A long text', inputSchema: { lines: z.number().int() } },
    async ({ lines }) => text(Array.from({ length: lines }, (_, i) => `line ${i}: é😀 "quoted"`).join('\n')),
  );
  server.registerResource('memo', 'memo://a', { mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, text: 'own resource' }],
  }));
  return server;
}

/** A low-level Server whose tools/list and resources/templates/list answer in two pages. */
function pagedServer() {
  const server = new Server({ name: 'eq-low', version: '0.0.0' }, { capabilities: { tools: {}, resources: {} } });
  const tools = [
    { name: 'echo', inputSchema: { type: 'object' as const, properties: { text: { type: 'string' } } } },
    {
      name: 'dump',
      inputSchema: { type: 'object' as const, properties: { n: { type: 'integer' } } },
      outputSchema: rowsSchema,
    },
    {
      name: 'loose',
      description: 'structuredContent without an outputSchema',
      inputSchema: { type: 'object' as const },
    },
  ];
  server.setRequestHandler(ListToolsRequestSchema, async (request) =>
    request.params?.cursor === undefined ? { tools: tools.slice(0, 2), nextCursor: 'p2' } : { tools: tools.slice(2) },
  );
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const args = (request.params.arguments ?? {}) as Record<string, never>;
    if (request.params.name === 'echo') return text(String(args.text));
    if (request.params.name === 'dump') return structured(Number(args.n));
    if (request.params.name === 'loose') return structured(Number(args.n));
    return { ...text(`unknown tool ${request.params.name}`), isError: true };
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [{ uri: 'memo://a', name: 'a' }] }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async (request) =>
    request.params?.cursor === undefined
      ? { resourceTemplates: [{ uriTemplate: 'memo://{name}', name: 'memos' }], nextCursor: 't2' }
      : { resourceTemplates: [{ uriTemplate: 'file:///{path}', name: 'files' }] },
  );
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => ({
    contents: [{ uri: request.params.uri, text: 'own resource' }],
  }));
  return server;
}

type Step = { name: string; run: (c: Client, last: { id: string }) => Promise<unknown> };

/** What a step answered: its result, or the JSON-RPC error as the Client raised it. */
async function outcome(step: Step, client: Client, last: { id: string }) {
  try {
    const result = await step.run(client, last);
    const found = /budget:\/\/result\/([A-Za-z0-9_-]{22})/.exec(JSON.stringify(result));
    if (found !== null) last.id = found[1];
    return { result };
  } catch (error) {
    const { code, message, data } = error as { code: unknown; message: string; data?: unknown };
    return { error: { code, message, data } };
  }
}

const anonymous = (value: unknown, id: string) =>
  JSON.parse(JSON.stringify(value).replaceAll(id === '' ? '\u0000' : id, '<id>'));

async function compare(make: () => McpServer | Server, options: WithBudgetOptions, steps: Step[]) {
  const direct = await viaWithBudget(make(), options);
  const proxied = (await viaProxy(make(), options)).client;
  const lastDirect = { id: '' };
  const lastProxied = { id: '' };
  const table: Array<{ step: string; answer: unknown }> = [];
  for (const step of steps) {
    const a = anonymous(await outcome(step, direct, lastDirect), lastDirect.id);
    const b = anonymous(await outcome(step, proxied, lastProxied), lastProxied.id);
    expect({ step: step.name, answer: b }).toEqual({ step: step.name, answer: a });
    table.push({ step: step.name, answer: a });
  }
  await direct.close();
  await proxied.close();
  return table;
}

const read =
  (uri: (last: { id: string }) => string): Step['run'] =>
  (c, last) =>
    c.readResource({ uri: uri(last) });
const call =
  (name: string, args: Record<string, unknown>): Step['run'] =>
  (c) =>
    c.callTool({ name, arguments: args });

const commonSteps: Step[] = [
  { name: 'small text', run: call('echo', { text: 'line 1\n  ünï 😀 {"json": true}' }) },
  { name: 'structured under the cap', run: call('dump', { n: 3 }) },
  { name: 'unknown tool', run: call('nope', {}) },
  { name: 'structured over the cap (outputSchema)', run: call('dump', { n: 400 }) },
  { name: 'page 1', run: read((l) => `budget://result/${l.id}?page=1`) },
  { name: 'page 2', run: read((l) => `budget://result/${l.id}?page=2`) },
  { name: 'no ?page is page 1', run: read((l) => `budget://result/${l.id}`) },
  { name: 'page out of range', run: read((l) => `budget://result/${l.id}?page=999`) },
  { name: 'bad query', run: read((l) => `budget://result/${l.id}?page=0`) },
  { name: 'malformed id', run: read(() => 'budget://result/') },
  { name: 'unknown result', run: read(() => 'budget://result/0123456789ab?page=1') },
  { name: "the server's own resource", run: read(() => 'memo://a') },
  { name: 'resources/list', run: (c) => c.listResources() },
  { name: 'page tool', run: (c, l) => c.callTool({ name: 'read_result_page', arguments: { id: l.id, page: 2 } }) },
  { name: 'page tool, no page', run: (c, l) => c.callTool({ name: 'read_result_page', arguments: { id: l.id } }) },
  {
    name: 'page tool, bad page',
    run: (c, l) => c.callTool({ name: 'read_result_page', arguments: { id: l.id, page: 0 } }),
  },
  { name: 'page tool, unknown id', run: call('read_result_page', { id: 'gone', page: 1 }) },
  { name: 'page tool, no id', run: call('read_result_page', {}) },
];

describe('withBudget and the proxy answer alike', () => {
  it('an McpServer: every request of the table', async () => {
    const table = await compare(mcpServer, { maxChars: CAP, pageTool: true }, [
      { name: 'capabilities', run: async (c) => Object.keys(c.getServerCapabilities() ?? {}).sort() },
      { name: 'tools/list', run: (c) => c.listTools() },
      { name: 'resources/templates/list', run: (c) => c.listResourceTemplates() },
      ...commonSteps,
      { name: 'text over the cap', run: call('log', { lines: 400 }) },
      { name: 'its text page', run: read((l) => `budget://result/${l.id}?page=2`) },
    ]);
    const at = (name: string) => table.find((row) => row.step === name)!.answer as any;
    // The table is not vacuous: it holds the answers the surface owns.
    expect(at('capabilities').result).toEqual(['resources', 'tools']);
    expect(at('tools/list').result.tools.map((t: { name: string }) => t.name)).toEqual([
      'echo',
      'dump',
      'log',
      'read_result',
      'read_result_page',
    ]);
    expect(
      at('resources/templates/list').result.resourceTemplates.map((t: { uriTemplate: string }) => t.uriTemplate),
    ).toEqual(['budget://result/{id}']);
    // Over the cap a tool with an outputSchema answers a success: its listed schema accepts the answer.
    expect(at('structured over the cap (outputSchema)').result.isError).toBeUndefined();
    expect(at('structured over the cap (outputSchema)').result.structuredContent).toMatchObject({ code: 'TOO_LARGE' });
    expect(at('unknown result').error).toEqual({
      code: -32602,
      message: 'MCP error -32602: budget://result/0123456789ab: expired or unknown result — call the tool again',
      data: { code: 'UNKNOWN_RESULT', uri: 'budget://result/0123456789ab?page=1' },
    });
    expect(at('page out of range').error).toMatchObject({ code: -32602, data: { code: 'INVALID_INPUT' } });
    expect(at('page tool').result.content[0].text).toBe(at('page 2').result.contents[0].text);
    expect(at('page tool, unknown id').result).toEqual({
      content: [{ type: 'text', text: 'budget://result/gone: expired or unknown result — call the tool again' }],
      isError: true,
    });
  });

  it('a low-level Server that pages its lists: the additions go on the last page', async () => {
    const table = await compare(pagedServer, { maxChars: CAP, pageTool: true }, [
      { name: 'tools/list page 1', run: (c) => c.listTools() },
      { name: 'tools/list page 2', run: (c) => c.listTools({ cursor: 'p2' }) },
      { name: 'templates page 1', run: (c) => c.listResourceTemplates() },
      { name: 'templates page 2', run: (c) => c.listResourceTemplates({ cursor: 't2' }) },
      ...commonSteps,
      { name: 'structuredContent without an outputSchema, over the cap', run: call('loose', { n: 400 }) },
    ]);
    const at = (name: string) => table.find((row) => row.step === name)!.answer as any;
    expect(at('tools/list page 1').result).toMatchObject({ nextCursor: 'p2' });
    expect(at('tools/list page 1').result.tools.map((t: { name: string }) => t.name)).toEqual(['echo', 'dump']);
    expect(at('tools/list page 2').result.tools.map((t: { name: string }) => t.name)).toEqual([
      'loose',
      'read_result',
      'read_result_page',
    ]);
    expect(at('templates page 1').result.resourceTemplates.map((t: { name: string }) => t.name)).toEqual(['memos']);
    expect(at('templates page 2').result.resourceTemplates.map((t: { name: string }) => t.name)).toEqual([
      'files',
      'budget-result',
    ]);
    // A listed tool without an outputSchema keeps an over-cap answer a success.
    expect(at('structuredContent without an outputSchema, over the cap').result.isError).toBeUndefined();
  });
});
