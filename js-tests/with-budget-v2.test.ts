// withBudget on SDK v2 (`@modelcontextprotocol/server` 2.4), read by SDK v2's own Client in both
// protocol eras, in memory (js-tests/support/v2-client.ts): the result the issue measured going
// out whole, tools registered before and after withBudget and swapped by update(), the
// low-level Server in both setRequestHandler forms, what the 2026-07-28 answers carry
// (resultType, ttlMs, cacheScope), input_required rounds and task handles passed through, the
// tasks extension's final result budgeted, pages readable only by their owner, retention stated,
// and a server withBudget cannot hook refused.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  McpServer,
  Server,
  InMemoryTransport,
  ResourceTemplate,
  inputRequired,
  type AuthInfo,
} from '@modelcontextprotocol/server';
import { withBudget, memoryStore, type WithBudgetOptions } from 'modoki-budget';
import { linkOf as answerLink, previewAnswer } from './support/preview-answer';
import { reassemble } from './support/reassemble';
import {
  ERAS,
  connectV2,
  pagesV2,
  readErrorV2,
  linkOf,
  type Connected,
  type Era,
  type Reply,
} from './support/v2-client';
// @ts-expect-error a fixture module without types
import { measured } from './fixtures/v2-measured.mjs';

const open: Connected[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});
async function connect(...args: Parameters<typeof connectV2>) {
  const c = await connectV2(...args);
  open.push(c);
  return c;
}
const call = async (c: Connected, name: string, args: Record<string, unknown> = {}) =>
  (await c.client.callTool({ name, arguments: args })) as Reply;

const MEASURED = JSON.stringify(measured());
/** What the v2 Client returns for `result` from server `name`: in 2026-07-28, with the server's identity the SDK stamps. */
const asReceived = (era: Era, name: string, result: Record<string, unknown>) =>
  era === '2026-07-28'
    ? { _meta: { 'io.modelcontextprotocol/serverInfo': { name, version: '1.0.0' } }, ...result }
    : result;
const CLAUDE_CAP = 40_000;
const NO_PARAMETERS = { properties: {} };

/** A v2 McpServer with one tool answering `text`, wrapped in withBudget with `options`. */
function textServer(text: string, options?: WithBudgetOptions) {
  const server = new McpServer({ name: 'v2-text', version: '1.0.0' });
  server.registerTool('dump', { description: 'everything', inputSchema: z.object({}) }, async () => ({
    content: [{ type: 'text', text }],
  }));
  return withBudget(server, options);
}

describe.each(ERAS)('withBudget on a v2 McpServer, the v2 Client in the %s era', (era: Era) => {
  it('the issue measured it: a 535,858-char result against the claudeCode cap goes out as a preview and exact pages', async () => {
    expect(MEASURED.length).toBe(535_858);
    const c = await connect(() => textServer(MEASURED, { preset: 'claudeCode' }), era);
    const reply = await call(c, 'dump');
    expect(reply.content.map((b) => b.type)).toEqual(['text', 'resource_link']);
    expect(reply.content[0].text).toBe(
      previewAnswer(measured(), {
        maxChars: CLAUDE_CAP,
        inputSchema: NO_PARAMETERS,
        preset: 'claudeCode',
        pageTool: true,
        link: answerLink(reply),
      }),
    );
    expect(reply.content[0].text!.length).toBeLessThanOrEqual(CLAUDE_CAP);
    const pages = await pagesV2(c.client, linkOf(reply)!.uri!);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(CLAUDE_CAP);
    expect(JSON.stringify(reassemble(pages))).toBe(MEASURED);
  });

  it('tools registered before and after withBudget, and a callback swapped by update(), are all budgeted', async () => {
    const rows = (n: number, tag: string) => ({ tag, rows: Array.from({ length: n }, (_, i) => ({ i, tag })) });
    const answer = (value: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(value) }] });
    const factory = () => {
      const server = new McpServer({ name: 'v2-tools', version: '1.0.0' });
      server.registerTool('before', { inputSchema: z.object({ n: z.number() }) }, async ({ n }) =>
        answer(rows(n, 'b')),
      );
      const swapped = server.registerTool('swapped', { inputSchema: z.object({ n: z.number() }) }, async () =>
        answer('old'),
      );
      withBudget(server, { maxChars: 2000 });
      server.registerTool('after', { inputSchema: z.object({ n: z.number() }) }, async ({ n }) => answer(rows(n, 'a')));
      swapped.update({ callback: async ({ n }: { n: number }) => answer(rows(n, 's')) });
      return server;
    };
    const c = await connect(factory, era);
    const schema = { properties: { n: { type: 'number' } } };
    for (const [tool, tag] of [
      ['before', 'b'],
      ['after', 'a'],
      ['swapped', 's'],
    ] as const) {
      const reply = await call(c, tool, { n: 200 });
      expect(reply.content[0].text).toBe(
        previewAnswer(rows(200, tag), {
          maxChars: 2000,
          args: { n: 200 },
          inputSchema: schema,
          link: answerLink(reply),
        }),
      );
      expect(JSON.stringify(reassemble(await pagesV2(c.client, linkOf(reply)!.uri!)))).toBe(
        JSON.stringify(rows(200, tag)),
      );
      // Under the cap the server's own answer goes out unchanged.
      expect(await call(c, tool, { n: 1 })).toEqual(asReceived(era, 'v2-tools', answer(rows(1, tag))));
    }
  });

  it('a structured tool over the cap is a success the v2 Client accepts, its structuredContent the JSON answer; under it, the result is exact', async () => {
    const out = z.object({ items: z.array(z.object({ k: z.number(), v: z.string() })) });
    const value = (n: number) => ({ items: Array.from({ length: n }, (_, k) => ({ k, v: `value ${k}` })) });
    const factory = () =>
      withBudget(
        (() => {
          const s = new McpServer({ name: 'v2-structured', version: '1.0.0' });
          s.registerTool('items', { inputSchema: z.object({ n: z.number() }), outputSchema: out }, async ({ n }) => ({
            content: [{ type: 'text', text: JSON.stringify(value(n)) }],
            structuredContent: value(n),
          }));
          return s;
        })(),
        { maxChars: 3000 },
      );
    const c = await connect(factory, era);
    expect(await call(c, 'items', { n: 2 })).toEqual(
      asReceived(era, 'v2-structured', {
        content: [{ type: 'text', text: JSON.stringify(value(2)) }],
        structuredContent: value(2),
      }),
    );
    const big = await call(c, 'items', { n: 400 });
    expect(big.isError).toBeUndefined();
    expect(big.content[0].text).toBe(
      previewAnswer(value(400), {
        maxChars: 3000,
        args: { n: 400 },
        inputSchema: { properties: { n: { type: 'number' } } },
        link: answerLink(big),
      }),
    );
    expect(big.structuredContent).toEqual(JSON.parse(big.content[0].text!));
    expect(reassemble(await pagesV2(c.client, linkOf(big)!.uri!))).toEqual(value(400));
  });

  it('a hand-wired server.connect(transport) is budgeted as a served one is', async () => {
    const c = await connect(() => textServer(MEASURED, { preset: 'claudeCode' }), era, {
      handWired: era === '2025-11-25',
    });
    const reply = await call(c, 'dump');
    expect(reply.content[0].text!.length).toBeLessThanOrEqual(CLAUDE_CAP);
    expect(linkOf(reply)?.uri).toMatch(/^budget:\/\/result\/[A-Za-z0-9_-]{22}$/);
  });
});

describe.each(ERAS)('withBudget on a v2 low-level Server, the v2 Client in the %s era', (era: Era) => {
  const big = { rows: Array.from({ length: 300 }, (_, i) => ({ id: i, name: `row ${i}` })) };
  const lowServer = () => new Server({ name: 'v2-low', version: '1.0.0' }, { capabilities: { tools: {} } });

  it.each([
    ['set before withBudget, the method-string form', 'before', 'string'],
    ['set after withBudget, the method-string form', 'after', 'string'],
    ['set after withBudget, the schema form', 'after', 'schema'],
  ] as const)('a tools/call handler %s is budgeted', async (_label, when, form) => {
    const factory = () => {
      const server = lowServer();
      const setHandler = () => {
        const handler = async () => ({ content: [{ type: 'text' as const, text: JSON.stringify(big) }] });
        if (form === 'string') server.setRequestHandler('tools/call', handler);
        else server.setRequestHandler('tools/call', { params: z.object({ name: z.string() }).passthrough() }, handler);
      };
      if (when === 'before') setHandler();
      withBudget(server, { maxChars: 2000 });
      if (when === 'after') setHandler();
      return server;
    };
    const c = await connect(factory, era);
    const reply = await call(c, 'anything');
    // The server lists no tools: the preview has no schema to name parameters from.
    expect(reply.content[0].text).toBe(previewAnswer(big, { maxChars: 2000, args: {}, link: answerLink(reply) }));
    expect(reassemble(await pagesV2(c.client, linkOf(reply)!.uri!))).toEqual(big);
  });
});

describe.each(ERAS)("menu: 'compact' on a v2 McpServer, the %s era", (era: Era) => {
  it("lists describe_tools and call_tool from the server's own list, and a routed call is budgeted as its tool", async () => {
    const rows = (n: number) => ({ rows: Array.from({ length: n }, (_, i) => ({ i, name: `row ${i}` })) });
    const factory = () => {
      const server = new McpServer({ name: 'v2-menu', version: '1.0.0' });
      for (const name of ['alpha', 'beta', 'gamma'])
        server.registerTool(
          name,
          { description: `The ${name} rows.`, inputSchema: z.object({ n: z.number() }) },
          async ({ n }) => ({
            content: [{ type: 'text', text: JSON.stringify(rows(n)) }],
          }),
        );
      return withBudget(server, { menu: 'compact', maxChars: 2000 });
    };
    const c = await connect(factory, era);
    expect((await c.client.listTools()).tools.map((t) => t.name)).toEqual([
      'describe_tools',
      'call_tool',
      'read_result',
    ]);
    const reply = await call(c, 'call_tool', { name: 'beta', arguments: { n: 300 } });
    expect(reply.content[0].text).toBe(
      previewAnswer(rows(300), {
        maxChars: 2000,
        args: { n: 300 },
        inputSchema: { properties: { n: { type: 'number' } } },
        link: answerLink(reply),
      }),
    );
    expect(reassemble(await pagesV2(c.client, linkOf(reply)!.uri!))).toEqual(rows(300));
    expect(await call(c, 'call_tool', { name: 'beta', arguments: { n: 1 } })).toEqual(
      asReceived(era, 'v2-menu', { content: [{ type: 'text', text: JSON.stringify(rows(1)) }] }),
    );
  });
});

describe('what withBudget writes in the 2026-07-28 era, and not in the 2025 era', () => {
  it('its own answers carry resultType, and the cacheable ones ttlMs and cacheScope; in 2025 neither', async () => {
    const options = { maxChars: 2000, pageTool: true, store: memoryStore({ ttlMs: 1_800_000 }) };
    const factory = () => textServer(JSON.stringify({ rows: Array.from({ length: 300 }, (_, i) => ({ i })) }), options);
    const seen: Record<Era, Record<string, Record<string, unknown>>> = { '2025-11-25': {}, '2026-07-28': {} };
    for (const era of ERAS) {
      const c = await connect(factory, era);
      const reply = await call(c, 'dump');
      seen[era]['tools/call'] = c.answerTo('tools/call').result!;
      const uri = linkOf(reply)!.uri!;
      await c.client.readResource({ uri: `${uri}?page=2` });
      seen[era]['resources/read'] = c.answerTo('resources/read').result!;
      await c.client.listResourceTemplates();
      seen[era]['resources/templates/list'] = c.answerTo('resources/templates/list').result!;
      await c.client.listResources();
      seen[era]['resources/list'] = c.answerTo('resources/list').result!;
      await call(c, 'read_result_page', { id: uri.slice('budget://result/'.length), page: 1 });
      seen[era]['read_result_page'] = c.answerTo('tools/call').result!;
    }
    const fields = (result: Record<string, unknown>) => ({
      resultType: result.resultType,
      ttlMs: result.ttlMs,
      cacheScope: result.cacheScope,
    });
    const none = { resultType: undefined, ttlMs: undefined, cacheScope: undefined };
    for (const answer of Object.values(seen['2025-11-25'])) expect(fields(answer)).toEqual(none);
    const modern = seen['2026-07-28'];
    const complete = { resultType: 'complete', ttlMs: undefined, cacheScope: undefined };
    expect(fields(modern['tools/call'])).toEqual(complete);
    expect(fields(modern['read_result_page'])).toEqual(complete);
    // A page never changes while it is kept: fresh for as long as the store keeps it, for its reader only.
    expect(fields(modern['resources/read'])).toEqual({
      resultType: 'complete',
      ttlMs: 1_800_000,
      cacheScope: 'private',
    });
    expect(fields(modern['resources/templates/list'])).toEqual({
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'private',
    });
    expect(fields(modern['resources/list'])).toEqual({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
    // The rewritten result keeps what the server's answer carried: its serverInfo.
    expect(modern['tools/call']._meta).toEqual({
      'io.modelcontextprotocol/serverInfo': { name: 'v2-text', version: '1.0.0' },
    });
  });

  it.each(ERAS)(
    "in the %s era the server's own resources keep working, its templates listed before the layer's",
    async (era) => {
      const factory = () => {
        const server = new McpServer({ name: 'v2-resources', version: '1.0.0' });
        server.registerResource('readme', 'memo://readme', { mimeType: 'text/plain' }, async (uri) => ({
          contents: [{ uri: uri.href, text: 'read me' }],
        }));
        server.registerResource(
          'notes',
          new ResourceTemplate('memo://notes/{name}', { list: undefined }),
          {},
          async (uri, { name }) => ({
            contents: [{ uri: uri.href, text: `note ${name}` }],
          }),
        );
        return withBudget(server);
      };
      const c = await connect(factory, era);
      expect((await c.client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual([
        'memo://notes/{name}',
        'budget://result/{id}',
      ]);
      expect((await c.client.listResources()).resources.map((r) => r.uri)).toEqual(['memo://readme']);
      expect((await c.client.readResource({ uri: 'memo://notes/a' })).contents).toEqual([
        { uri: 'memo://notes/a', text: 'note a' },
      ]);
      expect(await readErrorV2(c.client, 'memo://missing')).toMatchObject({ code: -32602 });
    },
  );

  it('server/discover and initialize advertise resources (and, with pageTool, tools)', async () => {
    const factory = () => withBudget(new McpServer({ name: 'v2-empty', version: '1.0.0' }), { pageTool: true });
    const modern = await connect(factory, '2026-07-28');
    expect(modern.client.getServerCapabilities()).toMatchObject({ resources: {}, tools: {} });
    const legacy = await connect(factory, '2025-11-25');
    expect(legacy.client.getServerCapabilities()).toMatchObject({ resources: {}, tools: {} });
    // A server without tools lists the budget layer's own alone.
    expect((await modern.client.listTools()).tools.map((t) => t.name)).toEqual(['read_result', 'read_result_page']);
  });
});

describe.each(ERAS)('multi-round-trip input in the %s era', (era: Era) => {
  it('an input_required round goes to the client untouched; the final result after it is budgeted', async () => {
    const big = { rows: Array.from({ length: 300 }, (_, i) => ({ id: i, who: 'Ada' })) };
    const asked: string[] = [];
    const factory = () => {
      const server = new McpServer({ name: 'v2-ask', version: '1.0.0' });
      server.registerTool('greet', { inputSchema: z.object({}) }, async (_args, ctx) => {
        const name = (ctx.mcpReq.inputResponses?.name as { content?: { name?: string } } | undefined)?.content?.name;
        if (name === undefined)
          return inputRequired({
            inputRequests: {
              name: inputRequired.elicit({
                message: 'Your name?',
                requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
              }),
            },
          });
        return { content: [{ type: 'text', text: JSON.stringify({ ...big, name }) }] };
      });
      return withBudget(server, { maxChars: 2000 });
    };
    const c = await connect(factory, era, { client: { capabilities: { elicitation: { form: {} } } } });
    c.client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { name: 'Ada' } };
    });
    const reply = await call(c, 'greet');
    expect(asked).toEqual(['Your name?']);
    expect(reply.content[0].text).toBe(
      previewAnswer(
        { ...big, name: 'Ada' },
        { maxChars: 2000, args: {}, inputSchema: NO_PARAMETERS, link: answerLink(reply) },
      ),
    );
    if (era === '2026-07-28') {
      const round = c.wire.find((m) => m.result?.resultType === 'input_required')!;
      expect(round.result).toEqual({
        resultType: 'input_required',
        inputRequests: {
          name: {
            method: 'elicitation/create',
            params: {
              mode: 'form',
              message: 'Your name?',
              requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
            },
          },
        },
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'v2-ask', version: '1.0.0' } },
      });
    }
  });
});

describe('the tasks extension (io.modelcontextprotocol/tasks) on the wire, 2026-07-28', () => {
  const findings = (topic: string) => ({ topic, findings: Array.from({ length: 200 }, (_, i) => ({ i, topic })) });
  const at = { createdAt: '2026-08-01T00:00:00Z', lastUpdatedAt: '2026-08-01T00:00:00Z', ttlMs: 60000 };

  // A v2 server that answers a call with a task handle and delivers its result in tasks/get.
  function taskServer(budgeted: boolean) {
    const server = new McpServer({ name: 'v2-tasks', version: '1.0.0' });
    const results = new Map<string, unknown>();
    server.registerTool('research', { inputSchema: z.object({ topic: z.string() }) }, async ({ topic }) => {
      const taskId = `task-${results.size + 1}`;
      results.set(taskId, { content: [{ type: 'text', text: JSON.stringify(findings(topic)) }] });
      return { resultType: 'task', taskId, status: 'working', ...at } as never;
    });
    server.server.setRequestHandler(
      'tasks/get',
      { params: z.object({ taskId: z.string() }).passthrough() },
      async ({ taskId }) => ({ taskId, status: 'completed', ...at, result: results.get(taskId) }),
    );
    return budgeted ? withBudget(server, { maxChars: 2000 }) : server;
  }

  // Raw JSON-RPC over an in-memory transport to a server served as serveStdio serves one.
  async function rawClient(factory: () => McpServer) {
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    const { serveStdio } = await import('@modelcontextprotocol/server/stdio');
    const handle = serveStdio(factory, { transport: serverSide });
    const answers = new Map<unknown, Record<string, unknown>>();
    clientSide.onmessage = (m) => {
      const message = m as { id?: unknown; result?: Record<string, unknown>; error?: Record<string, unknown> };
      if (message.id !== undefined) answers.set(message.id, message.result ?? { error: message.error });
    };
    await clientSide.start();
    const envelope = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } },
      'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
    };
    let id = 0;
    return {
      async ask(method: string, params: Record<string, unknown>) {
        const mine = ++id;
        await clientSide.send({ jsonrpc: '2.0', id: mine, method, params: { ...params, _meta: envelope } });
        for (let i = 0; i < 400 && !answers.has(mine); i++) await new Promise((r) => setTimeout(r, 5));
        return answers.get(mine)!;
      },
      close: () => handle.close(),
    };
  }

  it('the task handle passes untouched, and the final result tasks/get delivers is budgeted as the tool', async () => {
    const direct = await rawClient(() => taskServer(false));
    const budgeted = await rawClient(() => taskServer(true));
    try {
      const call = { name: 'research', arguments: { topic: 'tides' } };
      const handle = await budgeted.ask('tools/call', call);
      expect(handle).toEqual(await direct.ask('tools/call', call));
      expect(handle).toMatchObject({ resultType: 'task', taskId: 'task-1', status: 'working' });
      const done = await budgeted.ask('tasks/get', { taskId: 'task-1' });
      const { result, ...task } = done as { result: Reply };
      const { result: _whole, ...directTask } = (await direct.ask('tasks/get', { taskId: 'task-1' })) as {
        result: Reply;
      };
      expect(task).toEqual(directTask);
      expect(result.content[0].text).toBe(
        // Served per request, the server that answers tasks/get never saw the call: no arguments.
        previewAnswer(findings('tides'), {
          maxChars: 2000,
          inputSchema: { properties: { topic: { type: 'string' } } },
          link: answerLink(result),
        }),
      );
      const uri = linkOf(result)!.uri!;
      const first = await budgeted.ask('resources/read', { uri: `${uri}?page=1` });
      expect(first).toMatchObject({ resultType: 'complete', ttlMs: 1_800_000, cacheScope: 'private' });
      const texts = [(first.contents as Array<{ text: string }>)[0].text];
      for (let k = 2; k <= JSON.parse(texts[0]).pages; k++)
        texts.push(
          ((await budgeted.ask('resources/read', { uri: `${uri}?page=${k}` })).contents as Array<{ text: string }>)[0]
            .text,
        );
      expect(reassemble(texts)).toEqual(findings('tides'));
    } finally {
      await direct.close();
      await budgeted.close();
    }
  });
});

const bigServer = () =>
  textServer(JSON.stringify({ rows: Array.from({ length: 300 }, (_, i) => ({ i })) }), {
    maxChars: 2000,
    pageTool: true,
  });

// In memory a transport hands the server authInfo only when it is hand-wired (a 2025-era
// connection); js-tests/http-budget-v2.test.ts has both eras behind createMcpHandler.
describe('pages of an authenticated principal, hand-wired in memory (2025-11-25)', () => {
  const principal = (clientId: string, token: string): AuthInfo => ({ token, clientId, scopes: [] });

  it("principal B cannot read principal A's page, though both use one application: the answer is exactly an unknown id's", async () => {
    const a = await connect(bigServer, '2025-11-25', { authInfo: principal('app', 'token-of-a'), handWired: true });
    const b = await connect(bigServer, '2025-11-25', { authInfo: principal('app', 'token-of-b'), handWired: true });
    const link = linkOf(await call(a, 'dump'))!;
    expect(link.description).toMatch(/Only the principal or session that made this call can read it\.$/);
    const id = link.uri!.slice('budget://result/'.length);
    const unknown = 'AAAAAAAAAAAAAAAAAAAAAA';
    const foreign = await readErrorV2(b.client, `${link.uri}?page=1`);
    const missing = await readErrorV2(b.client, `budget://result/${unknown}?page=1`);
    expect(foreign).toEqual({
      code: -32602,
      message: `budget://result/${id}: expired or unknown result — call the tool again`,
      data: { code: 'UNKNOWN_RESULT', uri: `budget://result/${id}?page=1` },
    });
    expect(JSON.stringify(foreign).replaceAll(id, unknown)).toBe(JSON.stringify(missing));
    expect(await call(b, 'read_result_page', { id })).toEqual({
      content: [{ type: 'text', text: `budget://result/${id}: expired or unknown result — call the tool again` }],
      isError: true,
    });
    expect((await pagesV2(a.client, link.uri!)).length).toBeGreaterThan(1);
  });
});

describe.each(ERAS)('pages without authentication, in the %s era', (era: Era) => {
  it('the id is a bearer capability, and the link says so', async () => {
    const a = await connect(bigServer, era);
    const b = await connect(bigServer, era);
    const link = linkOf(await call(a, 'dump'))!;
    expect(link.description).toMatch(/The id is a bearer capability: anyone who has it can read the result\.$/);
    expect(await pagesV2(b.client, link.uri!)).toEqual(await pagesV2(a.client, link.uri!));
  });
});

describe('retention, stated to the model as the spec asks for server-issued handles', () => {
  it('the template, the page tool and each link say how long a result is kept; no "this session"', async () => {
    const c = await connect(() => textServer(MEASURED, { maxChars: 5000, pageTool: true }), '2026-07-28');
    const template = (await c.client.listResourceTemplates()).resourceTemplates[0];
    const tool = (await c.client.listTools()).tools.find((t) => t.name === 'read_result_page')!;
    const link = linkOf(await call(c, 'dump'))!;
    const terms =
      'Each result is kept for 30 minutes after its last read, then expires; an expired or unknown id is an error that says which. ' +
      'A result is readable only by the authenticated principal (or the session) whose call produced it; ' +
      'where the server has neither, its id is a bearer capability: anyone who has the id can read the result.';
    expect(template.description).toBe(
      'A tool result that was over the budget, kept whole and served in pages: read budget://result/<id>?page=K (K from 1). ' +
        `Each page is one JSON text within the budget; page 1 tells how many pages there are. ${terms}`,
    );
    expect(tool.description).toBe(
      'Read one page of a tool result that was too large to send whole (its reply links budget://result/<id>). ' +
        `Pass the id from that link and page (from 1); page 1 says how many pages there are. ${terms}`,
    );
    const id = link.uri!.slice('budget://result/'.length);
    const pages = (await pagesV2(c.client, link.uri!)).length;
    expect(link.description).toBe(
      `The full result in ${pages} pages, kept for 30 minutes after its last read: read_result {"id":"${id}","match":"…"} finds lines or items in it; or read ${link.uri}?page=K (K from 1 to ${pages}) or call read_result_page with {"id":"${id}","page":K}. The id is a bearer capability: anyone who has it can read the result.`,
    );
  });

  it("an expired id and an unknown id are tool execution errors that say which; another owner's expired id is unknown", async () => {
    let clock = 0;
    const store = memoryStore({ ttlMs: 90_000, now: () => clock });
    const factory = () => textServer(MEASURED, { maxChars: 5000, pageTool: true, store });
    const a = await connect(factory, '2025-11-25', {
      authInfo: { token: 'a', clientId: 'app', scopes: [] },
      handWired: true,
    });
    const b = await connect(factory, '2025-11-25', {
      authInfo: { token: 'b', clientId: 'app', scopes: [] },
      handWired: true,
    });
    const link = linkOf(await call(a, 'dump'))!;
    expect(link.description).toContain('kept for 90 seconds after its last read');
    const id = link.uri!.slice('budget://result/'.length);
    clock = 89_999;
    expect((await call(a, 'read_result_page', { id })).isError).toBeUndefined();
    clock += 90_000;
    const expired = `budget://result/${id}: expired result (results are kept for 90 seconds after their last read) — call the tool again`;
    expect(await call(a, 'read_result_page', { id })).toEqual({
      content: [{ type: 'text', text: expired }],
      isError: true,
    });
    expect(await readErrorV2(a.client, link.uri!)).toEqual({
      code: -32602,
      message: expired,
      data: { code: 'UNKNOWN_RESULT', uri: link.uri },
    });
    const unknown = `budget://result/${id}: expired or unknown result — call the tool again`;
    expect(await call(b, 'read_result_page', { id })).toEqual({
      content: [{ type: 'text', text: unknown }],
      isError: true,
    });
    expect(await call(a, 'read_result_page', { id: 'never-issued' })).toEqual({
      content: [
        { type: 'text', text: 'budget://result/never-issued: expired or unknown result — call the tool again' },
      ],
      isError: true,
    });
  });
});

describe('a server withBudget cannot hook', () => {
  const refusal = (server: unknown) => {
    try {
      withBudget(server as never);
    } catch (error) {
      return {
        code: (error as { code?: string }).code,
        message: (error as Error).message,
        type: (error as Error).constructor.name,
      };
    }
    return 'no error';
  };

  it('is refused with INVALID_OPTION naming what was found, never budgeted silently', () => {
    class FastishServer {
      tool() {}
      connect() {}
    }
    expect(refusal(new FastishServer())).toEqual({
      code: 'INVALID_OPTION',
      type: 'TypeError',
      message:
        'withBudget(server): cannot hook this server: found a FastishServer with connect, tool. withBudget hooks an McpServer or a low-level Server of @modelcontextprotocol/server (SDK v2) or @modelcontextprotocol/sdk (SDK v1); it budgets nothing it cannot hook.',
    });
    // An McpServer-like object whose low-level Server is of no known line.
    const wrapper = { server: { connect() {}, setRequestHandler() {} }, registerTool() {} };
    expect(refusal(wrapper)).toEqual({
      code: 'INVALID_OPTION',
      type: 'TypeError',
      message:
        'withBudget(server): cannot hook this server: found an object with server, registerTool. withBudget hooks an McpServer or a low-level Server of @modelcontextprotocol/server (SDK v2) or @modelcontextprotocol/sdk (SDK v1); it budgets nothing it cannot hook.',
    });
    // Nothing like a server at all stays INVALID_INPUT.
    expect(refusal({ name: 'x' })).toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('a v2 server is refused twice and once connected, as a v1 one is', async () => {
    const server = withBudget(new McpServer({ name: 'twice', version: '1.0.0' }));
    expect(refusal(server)).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'withBudget(server): this server already has a budget.',
    });
    const late = new McpServer({ name: 'late', version: '1.0.0' });
    const [a] = InMemoryTransport.createLinkedPair();
    await late.connect(a);
    expect(refusal(late)).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'withBudget(server): call it before connect(), while capabilities can still be registered.',
    });
    await late.close();
  });
});
