// withBudget on the SDK's own servers, read by the SDK's own Client (which validates
// structuredContent against each tool's outputSchema itself): in memory and over real stdio,
// with tools shaped like real servers' tools.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { withBudget, countTokens, type WithBudgetOptions, type BudgetRecord } from 'modoki-budget';
import { createShapedServer, tree, sourceFile, scene, PNG } from './support/shaped-server.mjs';
import { reassemble } from './support/reassemble';
import { linkOf as answerLink, previewAnswer } from './support/preview-answer';
import { claudeCodeView, codexView } from './support/client-views.mjs';

type Block = { type: string; text?: string; uri?: string; data?: string; mimeType?: string; description?: string };
type Reply = {
  content: Block[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
};

const root = resolve(__dirname, '..');

async function connect(server: McpServer | Server): Promise<Client> {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'with-budget.test', version: '0.0.0' });
  await client.connect(clientSide);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Reply> {
  return (await client.callTool({ name, arguments: args })) as Reply;
}

const textOf = (reply: Reply) =>
  reply.content
    .filter((b) => b.type === 'text')
    .map((b) => b.text)
    .join('');
const linkOf = (reply: Reply) => reply.content.find((b) => b.type === 'resource_link');

async function pages(client: Client, reply: Reply): Promise<string[]> {
  const link = linkOf(reply);
  if (link?.uri === undefined) throw new Error('no resource_link');
  const read = async (k: number) =>
    (await client.readResource({ uri: `${link.uri}?page=${k}` })).contents[0].text as string;
  const first = await read(1);
  const out = [first];
  for (let k = 2; k <= (JSON.parse(first) as { pages: number }).pages; k++) out.push(await read(k));
  return out;
}

const config = (entries: number) => ({
  version: 3,
  entries: Array.from({ length: entries }, (_, i) => ({
    key: `setting.${i}`,
    value: i % 3 === 0 ? true : `v${i}`,
    weight: i / 7,
  })),
});

const CAP = 8000;
/** The inputSchema of a shaped tool, as far as the preview's hint reads it: its parameter names. */
const schemaOf = (...names: string[]) => ({
  properties: Object.fromEntries(names.map((n) => [n, { type: 'integer' }])),
});
/**
 * The over-cap answer's first block for `kept`, from a call with `args` to a tool with those
 * parameters, answered by `reply` (whose link names the kept result).
 */
const previewAt = (cap: number, kept: unknown, args: Record<string, number>, reply: Reply) =>
  previewAnswer(kept, { maxChars: cap, args, inputSchema: schemaOf(...Object.keys(args)), link: answerLink(reply) });
/** The first line of an over-cap answer for a kept value of `size` chars under the cap `cap`. */
const tooLarge = (size: number, cap = CAP) =>
  `The result is too large to show whole (${size} chars; the cap is ${cap} chars), so this is a preview of it.`;
let editor: Client;
let small: Client;

beforeAll(async () => {
  editor = await connect(createShapedServer());
  small = await connect(createShapedServer({ maxChars: CAP }));
});
afterAll(async () => {
  await editor.close();
  await small.close();
});

describe('under the cap', () => {
  it('lists every tool, registered before and after withBudget, and the budget://result template', async () => {
    expect((await editor.listTools()).tools.map((t) => t.name)).toEqual([
      'directory_tree',
      'read_text_file',
      'read_file',
      'get_config',
      'screenshot',
      'get_scene',
      'explode',
      'read_result',
    ]);
    expect((await editor.listResourceTemplates()).resourceTemplates).toEqual([
      expect.objectContaining({
        name: 'budget-result',
        uriTemplate: 'budget://result/{id}',
        mimeType: 'application/json',
      }),
    ]);
  });

  it('structured + pretty text copy: the copy is re-derived as JSON.stringify(structuredContent)', async () => {
    const reply = await call(editor, 'directory_tree', { dirs: 3, files: 4 });
    expect(reply).toEqual({
      content: [{ type: 'text', text: JSON.stringify(tree(3, 4)) }],
      structuredContent: tree(3, 4),
    });
    expect(textOf(reply)).toBe(JSON.stringify(reply.structuredContent));
  });

  it('a file-like text comes through byte for byte, also as the filesystem server structures it', async () => {
    const file = sourceFile(40);
    expect(await call(editor, 'read_file', { lines: 40 })).toEqual({ content: [{ type: 'text', text: file }] });
    expect(await call(editor, 'read_text_file', { lines: 40 })).toEqual({
      content: [{ type: 'text', text: file }],
      structuredContent: { content: file },
    });
  });

  it('pretty JSON text without structure is untouched; compactJson re-encodes it', async () => {
    expect(textOf(await call(editor, 'get_config', { entries: 5 }))).toBe(JSON.stringify(config(5), null, 2));
    const compact = await connect(createShapedServer({ compactJson: true }));
    expect(textOf(await call(compact, 'get_config', { entries: 5 }))).toBe(JSON.stringify(config(5)));
    await compact.close();
  });

  it('images and _meta pass through untouched; plain data becomes its compact JSON', async () => {
    expect(await call(editor, 'screenshot', { caption: 'frame 7' })).toEqual({
      content: [
        { type: 'image', data: PNG, mimeType: 'image/png' },
        { type: 'text', text: 'frame 7' },
      ],
      _meta: { 'shaped/frame': 7 },
    });
    expect(await call(editor, 'get_scene', { count: 4 })).toEqual({
      content: [{ type: 'text', text: JSON.stringify(scene(4)) }],
    });
  });

  it('a throwing handler is an isError result naming the tool, and the server keeps serving', async () => {
    expect(await call(editor, 'explode')).toEqual({
      content: [{ type: 'text', text: 'Tool "explode" failed: the backend went away' }],
      isError: true,
    });
    expect((await call(editor, 'get_scene', { count: 1 })).isError).toBeUndefined();
  });
});

describe('over the cap', () => {
  it("structured with an outputSchema: a success the SDK's Client accepts, structuredContent the JSON answer; pages reassemble", async () => {
    const value = tree(40, 30);
    const reply = await call(small, 'directory_tree', { dirs: 40, files: 30 });
    expect(reply.isError).toBeUndefined();
    expect(reply.content[0]).toEqual({ type: 'text', text: previewAt(CAP, value, { dirs: 40, files: 30 }, reply) });
    const answer = JSON.parse(textOf(reply));
    expect(reply.structuredContent).toEqual(answer);
    expect(answer.tooLarge.startsWith(tooLarge(JSON.stringify(value).length))).toBe(true);
    // The listed outputSchema is the server's, or the over-cap answer.
    const listed = (await small.listTools()).tools.find((t) => t.name === 'directory_tree');
    expect(listed?.outputSchema).toMatchObject({
      type: 'object',
      $schema: expect.any(String),
      anyOf: [
        { type: 'object', properties: { name: { type: 'string' } }, required: ['name', 'type', 'children'] },
        { type: 'object', properties: { code: { const: 'TOO_LARGE' } }, required: ['code'] },
      ],
    });
    expect(answer.preview).toMatchObject({
      name: 'project',
      type: 'directory',
      children: { _cut: { total: 40, fields: { name: 'string', type: 'string', children: 'array' } } },
    });
    expect(textOf(reply).length).toBeLessThanOrEqual(CAP);
    const all = await pages(small, reply);
    for (const page of all) expect(page.length).toBeLessThanOrEqual(CAP);
    expect(JSON.parse(all[0])).toMatchObject({
      path: '$.children',
      rest: { name: 'project', type: 'directory', children: [] },
    });
    expect(JSON.stringify(reassemble(all))).toBe(JSON.stringify(value));
  });

  it('plain data without an outputSchema stays a success, within the cap; pages reassemble', async () => {
    const reply = await call(small, 'get_scene', { count: 500 });
    expect(reply.isError).toBeUndefined();
    expect(reply.content[0]).toEqual({ type: 'text', text: previewAt(CAP, scene(500), { count: 500 }, reply) });
    const answer = JSON.parse(textOf(reply));
    expect(answer.tooLarge).toMatch(
      new RegExp(
        `^${tooLarge(JSON.stringify(scene(500)).length).replace(/[()]/g, '\\$&')} Narrow the call with this tool's own parameters \\(limit: count\\); the pages hold the rest\\. `,
      ),
    );
    expect(reply).not.toHaveProperty('structuredContent');
    const shown = answer.preview as {
      entities: { _cut: { total: number }; items: Array<{ index: number; item: unknown }> };
    };
    expect(shown.entities._cut.total).toBe(500);
    expect(shown.entities.items[0]).toEqual({ index: 0, item: scene(500).entities[0] });
    expect(shown.entities.items.at(-1)).toEqual({ index: 499, item: scene(500).entities[499] });
    expect(linkOf(reply)).toMatchObject({
      type: 'resource_link',
      mimeType: 'application/json',
      uri: expect.stringMatching(/^budget:\/\/result\/[A-Za-z0-9_-]{22}$/),
    });
    const all = await pages(small, reply);
    for (const page of all) expect(page.length).toBeLessThanOrEqual(CAP);
    expect(JSON.stringify(reassemble(all))).toBe(JSON.stringify(scene(500)));
  });

  it('plain text over the cap: its head and tail by lines, a success; text pages join to the file byte for byte', async () => {
    const file = sourceFile(800);
    const reply = await call(small, 'read_file', { lines: 800 });
    expect(reply.isError).toBeUndefined();
    expect(reply.content[0]).toEqual({ type: 'text', text: previewAt(CAP, file, { lines: 800 }, reply) });
    // A text result's answer is text: its line, then the preview.
    // Its line, and the page map under it.
    const map = answerLink(reply)!.map;
    expect(map).toMatch(/^Page map \(the text, 800 lines\): 1: lines 1–\d+, /);
    const line = textOf(reply).slice(0, textOf(reply).indexOf('\n') + 1) + `${map}\n`;
    expect(line.startsWith(tooLarge(file.length))).toBe(true);
    expect(textOf(reply).startsWith(line + file.slice(0, file.indexOf('\n') + 1))).toBe(true);
    expect(textOf(reply).endsWith(file.slice(file.lastIndexOf('\n', file.length - 2) + 1))).toBe(true);
    const all = await pages(small, reply);
    for (const page of all) expect(page.length).toBeLessThanOrEqual(CAP);
    expect(reassemble(all)).toBe(file);
  });

  it('the filesystem shape over the cap: a success, and the pages split the one huge string', async () => {
    const file = sourceFile(800);
    const reply = await call(small, 'read_text_file', { lines: 800 });
    expect(reply.isError).toBeUndefined();
    expect(reply.content[0]).toEqual({ type: 'text', text: previewAt(CAP, { content: file }, { lines: 800 }, reply) });
    expect(reply.structuredContent).toEqual(JSON.parse(textOf(reply)));
    expect(JSON.parse(textOf(reply)).preview).toMatchObject({
      content: { _text: { chars: file.length, lines: 800 } },
    });
    const all = await pages(small, reply);
    expect(JSON.parse(all[0])).toMatchObject({ path: '$.content', rest: { content: '' } });
    expect(reassemble(all)).toEqual({ content: file });
  });

  it('pretty JSON text without structure: the preview of its value, a success', async () => {
    const reply = await call(small, 'get_config', { entries: 600 });
    expect(reply.isError).toBeUndefined();
    expect(reply.content[0]).toEqual({ type: 'text', text: previewAt(CAP, config(600), { entries: 600 }, reply) });
    expect(textOf(reply)).toMatch(/,"preview":\{"version":3,"entries":\{"_cut":/);
    expect(JSON.stringify(reassemble(await pages(small, reply)))).toBe(JSON.stringify(config(600)));
  });
});

describe('each client preset: its cap, in its unit, on the channel its client shows, for every shape and page', () => {
  const calls: Array<[string, Record<string, unknown>]> = [
    ['directory_tree', { dirs: 37, files: 30 }],
    ['directory_tree', { dirs: 5, files: 5 }],
    ['read_text_file', { lines: 3000 }],
    ['read_file', { lines: 3000 }],
    ['read_file', { lines: 100 }],
    ['get_config', { entries: 3000 }],
    ['get_scene', { count: 2000 }],
    ['get_scene', { count: 300 }],
    ['screenshot', { caption: 'c' }],
  ];
  // What each client's model reads of a result, and the cap it must stay under (docs/clients.md).
  const shown = {
    claudeCode: (reply: Reply) => claudeCodeView(reply),
    codex: (reply: Reply) => codexView(reply),
  };
  for (const preset of ['claudeCode', 'codex'] as const) {
    it(`${preset}: read whole, never as a failure, within its warning or cut`, async () => {
      const client = await connect(createShapedServer({ preset }));
      for (const [name, args] of calls) {
        const reply = await call(client, name, args);
        const view = shown[preset](reply);
        expect([name, view.failed, view.whole, view.note]).toEqual([name, false, true, undefined]);
        if (preset === 'claudeCode') expect(view.text.length).toBeLessThanOrEqual(40000 + 300);
        // Codex's cap is on UTF-8 bytes: 46,000, with 2,000 left for the blocks it shows as JSON.
        if (preset === 'codex') expect(Buffer.byteLength(view.text)).toBeLessThanOrEqual(46000 + 400);
        if (answerLink(reply) !== undefined) {
          for (const page of await pages(client, reply)) {
            const read = shown[preset]({ content: [{ type: 'text', text: page }] });
            expect([read.failed, read.whole, read.note]).toEqual([false, true, undefined]);
          }
        }
      }
      await client.close();
    });
  }

  it('gemini: the text blocks within 39,959 chars (40,000 with its 41-char envelope), structuredContent as the server sent it', async () => {
    const client = await connect(createShapedServer({ preset: 'gemini' }));
    for (const [name, args] of calls) {
      const reply = await call(client, name, args);
      expect(reply.isError).toBeUndefined();
      expect(textOf(reply).length).toBeLessThanOrEqual(39959);
      if (answerLink(reply) !== undefined)
        for (const page of await pages(client, reply)) expect(page.length).toBeLessThanOrEqual(39959);
    }
    // Under the cap on its text, a result keeps its structuredContent whole: Gemini CLI never shows it.
    const small3 = await call(client, 'read_text_file', { lines: 100 });
    expect(small3.structuredContent).toEqual({ content: sourceFile(100) });
    await client.close();
  });
});

describe('concurrency and the store', () => {
  it('1,000 parallel calls, mixed small and oversized, are all answered correctly', async () => {
    const kinds = [
      ['get_scene', { count: 3 }],
      ['get_scene', { count: 400 }],
      ['read_file', { lines: 2 }],
      ['directory_tree', { dirs: 30, files: 30 }],
      ['explode', {}],
    ] as const;
    const replies = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => call(small, kinds[i % 5][0], kinds[i % 5][1])),
    );
    const want = [
      { content: [{ type: 'text', text: JSON.stringify(scene(3)) }] },
      scene(400),
      { content: [{ type: 'text', text: sourceFile(2) }] },
      tree(30, 30),
      { content: [{ type: 'text', text: 'Tool "explode" failed: the backend went away' }], isError: true },
    ];
    const uris = new Set<string>();
    replies.forEach((reply, i) => {
      const k = i % 5;
      if (k === 1 || k === 3) {
        const args = k === 1 ? { count: 400 } : { dirs: 30, files: 30 };
        expect(reply.content[0]).toEqual({ type: 'text', text: previewAt(CAP, want[k], args, reply) });
        expect(reply.isError).toBeUndefined();
        uris.add(linkOf(reply)?.uri as string);
      } else {
        expect(reply).toEqual(want[k]);
      }
    });
    expect(uris.size).toBe(400);
    // The newest kept result reads back whole.
    expect(JSON.stringify(reassemble(await pages(small, replies[998])))).toBe(JSON.stringify(tree(30, 30)));
  });

  it('a page of an evicted result is the clean MCP error, and the server keeps serving', async () => {
    const client = await connect(createShapedServer({ maxChars: CAP, store: { maxResults: 2 } }));
    const first = linkOf(await call(client, 'get_scene', { count: 400 }))?.uri as string;
    await call(client, 'get_scene', { count: 401 });
    await call(client, 'get_scene', { count: 402 });
    await expect(client.readResource({ uri: `${first}?page=1` })).rejects.toMatchObject({
      code: -32602,
      message: `MCP error -32602: ${first}: expired or unknown result — call the tool again`,
    });
    await expect(client.readResource({ uri: 'budget://result/nothing-here' })).rejects.toMatchObject({ code: -32602 });
    expect((await call(client, 'get_scene', { count: 2 })).isError).toBeUndefined();
    await client.close();
  });
});

describe('options that change the surface', () => {
  it('pageTool: read_result_page is listed and returns the same pages', async () => {
    const client = await connect(createShapedServer({ maxChars: CAP, pageTool: true }));
    const listed = (await client.listTools()).tools.find((t) => t.name === 'read_result_page');
    expect(listed?.inputSchema).toEqual({
      type: 'object',
      properties: { id: expect.any(Object), page: expect.any(Object) },
      required: ['id'],
    });
    const reply = await call(client, 'get_scene', { count: 400 });
    const id = (linkOf(reply)?.uri as string).slice('budget://result/'.length);
    expect(linkOf(reply)?.description).toContain('read_result_page');
    const viaTool = await call(client, 'read_result_page', { id, page: 2 });
    expect(viaTool).toEqual({ content: [{ type: 'text', text: (await pages(client, reply))[1] }] });
    expect(await call(client, 'read_result_page', { id: 'gone' })).toEqual({
      content: [{ type: 'text', text: 'budget://result/gone: expired or unknown result — call the tool again' }],
      isError: true,
    });
    await client.close();
  });

  it('onResult receives per call the tool, chars and real tokens in and out, elided and ms', async () => {
    const seen: BudgetRecord[] = [];
    const client = await connect(
      createShapedServer({ maxChars: CAP, onResult: (record: BudgetRecord) => seen.push(record) }),
    );
    const under = await call(client, 'directory_tree', { dirs: 2, files: 2 });
    const over = await call(client, 'get_scene', { count: 400 });
    const pretty = JSON.stringify(tree(2, 2), null, 2);
    expect(seen[0]).toEqual({
      kind: 'call',
      tool: 'directory_tree',
      charsIn: pretty.length,
      tokensIn: countTokens(pretty),
      charsOut: textOf(under).length,
      tokensOut: countTokens(textOf(under)),
      elided: false,
      ms: seen[0].ms,
    });
    const full = JSON.stringify(scene(400));
    expect(seen[1]).toEqual({
      kind: 'call',
      tool: 'get_scene',
      charsIn: full.length,
      tokensIn: countTokens(full),
      charsOut: textOf(over).length,
      tokensOut: countTokens(textOf(over)),
      elided: true,
      ms: seen[1].ms,
    });
    expect(seen.every((i) => i.ms >= 0)).toBe(true);
    await client.close();
  });

  it('a tool whose callback is swapped by update() or renamed stays budgeted under its new name', async () => {
    const seen: string[] = [];
    const server = new McpServer({ name: 'u', version: '0.0.0' });
    withBudget(server, { maxChars: 1000, onResult: (record) => seen.push(String(record.tool)) });
    const tool = server.registerTool('t', { description: 'x' }, async () => ({ a: 1 }));
    tool.update({ callback: async () => ({ big: 'x'.repeat(5000) }) });
    tool.update({ name: 'renamed' });
    const client = await connect(server);
    const reply = await call(client, 'renamed');
    expect(reply.content[0]).toEqual({
      type: 'text',
      text: previewAnswer(
        { big: 'x'.repeat(5000) },
        { maxChars: 1000, args: {}, inputSchema: schemaOf(), link: answerLink(reply) },
      ),
    });
    expect(seen).toEqual(['renamed']);
    await client.close();
  });

  it("withBudget before any tool, with pageTool; the server's own resources keep working", async () => {
    const server = withBudget(new McpServer({ name: 'first', version: '0.0.0' }), { maxChars: 1000, pageTool: true });
    server.registerResource('notes', 'memo://notes', { mimeType: 'text/plain' }, async (uri) => ({
      contents: [{ uri: uri.href, text: 'my notes' }],
    }));
    server.tool('big', async () => ({ rows: Array.from({ length: 500 }, (_, i) => ({ i })) }));
    const client = await connect(server);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['big', 'read_result', 'read_result_page']);
    expect((await client.listResources()).resources).toEqual([
      { uri: 'memo://notes', name: 'notes', mimeType: 'text/plain' },
    ]);
    expect((await client.readResource({ uri: 'memo://notes' })).contents[0].text).toBe('my notes');
    const reply = await call(client, 'big');
    const id = (linkOf(reply)?.uri as string).slice('budget://result/'.length);
    const viaTool = await call(client, 'read_result_page', { id });
    expect(viaTool.content[0].text).toBe((await pages(client, reply))[0]);
    await client.close();
  });

  it('bad arguments and bad servers are coded errors', () => {
    const codeOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return (e as { code?: string }).code;
      }
      return 'no error';
    };
    expect(codeOf(() => withBudget(new McpServer({ name: 'x', version: '0' }), { maxChars: -1 }))).toBe(
      'INVALID_OPTION',
    );
    expect(codeOf(() => withBudget({} as never))).toBe('INVALID_INPUT');
    expect(codeOf(() => withBudget(null as never))).toBe('INVALID_INPUT');
    const twice = withBudget(new McpServer({ name: 'x', version: '0' }));
    expect(codeOf(() => withBudget(twice))).toBe('INVALID_INPUT');
  });

  it('a connected server is refused with a clear error', async () => {
    const server = new McpServer({ name: 'late', version: '0.0.0' });
    server.registerTool('t', { description: 'x' }, async () => ({ content: [] }));
    const client = await connect(server);
    expect(() => withBudget(server)).toThrow(
      'withBudget(server): call it before connect(), while capabilities can still be registered.',
    );
    await client.close();
  });
});

describe('the low-level Server', () => {
  it('budgets tools/call handlers set before and after withBudget, keeps its own resources, serves pages', async () => {
    const big = scene(400);
    const before = new Server({ name: 'low', version: '0.0.0' }, { capabilities: { tools: {}, resources: {} } });
    before.setRequestHandler(CallToolRequestSchema, async (request) => ({
      content: [{ type: 'text', text: JSON.stringify(big) }],
      structuredContent: request.params.name === 'structured' ? big : undefined,
    }));
    before.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [{ uri: 'memo://a', name: 'a' }] }));
    before.setRequestHandler(ReadResourceRequestSchema, async (request) => ({
      contents: [{ uri: request.params.uri, text: 'own resource' }],
    }));
    withBudget(before, { maxChars: CAP });
    const client = await connect(before);
    const plain = await call(client, 'plain');
    // A low-level Server lists no tools to the policy: no schema, no parameters to name.
    expect(plain.content[0]).toEqual({
      type: 'text',
      text: previewAnswer(big, { maxChars: CAP, link: answerLink(plain) }),
    });
    expect(JSON.parse(plain.content[0].text as string).tooLarge.startsWith(tooLarge(JSON.stringify(big).length))).toBe(
      true,
    );
    expect(plain.isError).toBeUndefined();
    const structured = await call(client, 'structured');
    expect(structured.isError).toBeUndefined();
    expect(structured.structuredContent).toEqual(JSON.parse(structured.content[0].text as string));
    expect(JSON.stringify(reassemble(await pages(client, structured)))).toBe(JSON.stringify(big));
    expect((await client.readResource({ uri: 'memo://a' })).contents[0].text).toBe('own resource');
    expect((await client.listResources()).resources).toEqual([{ uri: 'memo://a', name: 'a' }]);
    expect((await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'budget://result/{id}',
    ]);
    await client.close();

    const after = new Server({ name: 'low', version: '0.0.0' }, { capabilities: { tools: {} } });
    withBudget(after, { maxChars: CAP });
    after.setRequestHandler(CallToolRequestSchema, async (request) => {
      if (request.params.name === 'nothing') return undefined as never;
      if (request.params.name === 'throws') throw new Error('no backend');
      return { content: [{ type: 'text', text: sourceFile(3) }] };
    });
    const c2 = await connect(after);
    expect(await call(c2, 'file')).toEqual({ content: [{ type: 'text', text: sourceFile(3) }] });
    expect(await call(c2, 'nothing')).toEqual({
      content: [
        {
          type: 'text',
          text: 'Tool "nothing" failed: returned nothing (undefined); a tool must return a CallToolResult or the data to send',
        },
      ],
      isError: true,
    });
    expect(await call(c2, 'throws')).toEqual({
      content: [{ type: 'text', text: 'Tool "throws" failed: no backend' }],
      isError: true,
    });
    expect((await c2.listResources()).resources).toEqual([]);
    await expect(c2.readResource({ uri: 'memo://none' })).rejects.toMatchObject({ code: -32602 });
    await c2.close();
  });
});

describe('over real stdio: node js-tests/support/shaped-server.mjs', () => {
  const options: WithBudgetOptions = { maxChars: CAP };
  let stdio: Client;
  beforeAll(async () => {
    const env = Object.fromEntries(
      Object.entries(process.env).filter((kv): kv is [string, string] => typeof kv[1] === 'string'),
    );
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [resolve(__dirname, 'support', 'shaped-server.mjs'), JSON.stringify(options)],
      cwd: root,
      env,
      stderr: 'pipe',
    });
    stdio = new Client({ name: 'with-budget.test/stdio', version: '0.0.0' });
    await stdio.connect(transport);
  });
  afterAll(async () => {
    await stdio.close();
  });

  it('answers every shape exactly like the in-memory server (result ids aside), and serves its pages', async () => {
    expect(await stdio.listTools()).toEqual(await small.listTools());
    const anyId = (reply: Reply) =>
      JSON.parse(
        JSON.stringify(reply).replace(/(budget:\/\/result\/|result-|id[\\"]*:[\\"]*)[A-Za-z0-9_-]{22}/g, '$1ID'),
      );
    const calls: Array<[string, Record<string, unknown>]> = [
      ['directory_tree', { dirs: 3, files: 3 }],
      ['directory_tree', { dirs: 40, files: 30 }],
      ['read_text_file', { lines: 10 }],
      ['read_file', { lines: 800 }],
      ['get_config', { entries: 600 }],
      ['screenshot', { caption: 'c' }],
      ['get_scene', { count: 500 }],
      ['explode', {}],
    ];
    for (const [name, args] of calls) {
      const [a, b] = [await call(stdio, name, args), await call(small, name, args)];
      expect(anyId(a)).toEqual(anyId(b));
      if (linkOf(a) !== undefined) expect(await pages(stdio, a)).toEqual(await pages(small, b));
    }
  });
});
