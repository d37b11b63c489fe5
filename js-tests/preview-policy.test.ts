// The preview, the budget policy's default over-cap answer: past the cap, the model sees a
// preview of the result in its own shape (the items that matter, with their indices) and the
// tool's own narrowing parameters, then the link to the pages — through the SDK's own Client in
// memory and over stdio (withBudget), and through the proxy in front of the real
// server-filesystem and server-memory. `preview: false` / `--no-preview` keep the envelope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import {
  withBudget,
  createBudgetPolicy,
  countTokens,
  encode,
  memoryStore,
  previewResult,
  retargetNarrowHint,
} from 'modoki-budget';
import { bin } from './support/line-client';
import { reassemble } from './support/reassemble';
import { linkOf, previewAnswer, readSentence } from './support/preview-answer';
import { scene } from './support/shaped-server.mjs';

const require = createRequire(import.meta.url);
const fsServer = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');

type Block = { type: string; text?: string; uri?: string };
type Reply = { content: Block[]; structuredContent?: Record<string, unknown>; isError?: boolean };

const textsOf = (r: Reply) => r.content.filter((b) => b.type === 'text').map((b) => b.text as string);

/** Every channel within `maxChars` and `maxTokens`. */
function expectWithin(r: Reply, maxChars: number, maxTokens: number) {
  const texts = textsOf(r);
  expect(texts.reduce((n, t) => n + t.length, 0)).toBeLessThanOrEqual(maxChars);
  expect(texts.reduce((n, t) => n + countTokens(t), 0)).toBeLessThanOrEqual(maxTokens);
  if (r.structuredContent !== undefined) {
    const s = JSON.stringify(r.structuredContent);
    expect(s.length).toBeLessThanOrEqual(maxChars);
    expect(countTokens(s)).toBeLessThanOrEqual(maxTokens);
  }
}

async function pagesOf(client: Client, r: Reply): Promise<string[]> {
  const link = r.content.find((b) => b.type === 'resource_link');
  expect(link?.uri).toMatch(/^budget:\/\/result\/[A-Za-z0-9_-]{22}$/);
  const read = async (k: number) =>
    ((await client.readResource({ uri: `${link!.uri}?page=${k}` })).contents[0] as { text: string }).text;
  const pages = [await read(1)];
  for (let k = 2; k <= (JSON.parse(pages[0]) as { pages: number }).pages; k++) pages.push(await read(k));
  return pages;
}

/**
 * The preview answer's first block: the line that says what it is, and the preview — for a JSON
 * result both inside one JSON answer, for a text the line, then the preview.
 */
function splitHead(text: string): { line: string; preview: unknown } {
  if (text.startsWith('{')) {
    const answer = JSON.parse(text) as { tooLarge: string; preview: unknown };
    return { line: answer.tooLarge.split('\n')[0], preview: answer.preview };
  }
  const [line, second] = text.split('\n', 2);
  // The page map, when the line has one, stands under it.
  const at = line.length + 1 + (second.startsWith('Page map ') ? second.length + 1 : 0);
  return { line, preview: text.slice(at) };
}

/** Token caps as the tests of a tight budget use them (no client preset counts tokens). */
const TOKEN_CAPS = { maxChars: 50_000, maxTokens: 10_000 };

/**
 * The over-cap line for a result whose compact JSON is `json`, under TOKEN_CAPS (named in the
 * cap it is over by the larger factor), with the tool's `hint`, read as `reply` links.
 */
const lineFor = (json: string, hint: string, reply?: Reply, args?: Record<string, unknown>) => {
  const link = reply === undefined ? undefined : linkOf(reply);
  const read = link === undefined ? '' : ` ${readSentence(link.id, args)}`;
  const tokens = countTokens(json);
  const over =
    tokens / TOKEN_CAPS.maxTokens > json.length / TOKEN_CAPS.maxChars
      ? `${tokens} tokens; the cap is ${TOKEN_CAPS.maxTokens} tokens`
      : `${json.length} chars; the cap is ${TOKEN_CAPS.maxChars} chars`;
  return `The result is too large to show whole (${over}), so this is a preview of it. ${hint}${read}`;
};
/** The answer's text with its result id left out, to compare two calls' answers. */
const anyId = (text: string) => text.replace(/(budget:\/\/result\/|\\?"id\\?":\\?")[A-Za-z0-9_-]{22}/g, '$1ID');
const LOG_HINT =
  "Narrow the call with this tool's own parameters (filter: level; limit: limit); the pages hold the rest.";
const UNKEPT = 'the rest could not be kept, so there are no pages to read.';

// 6,000 log entries, one fatal (index 4321) among infos: ~420,000 chars, ~150,000 tokens.
const FATAL = 4321;
const logs = Array.from({ length: 6000 }, (_, i) => ({
  ts: `2026-12-01T10:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}Z`,
  level: i === FATAL ? 'fatal' : 'info',
  msg: i === FATAL ? 'database connection lost: pool exhausted' : `handled request ${i} in ${10 + (i % 7)} ms`,
}));

/** read_logs' inputSchema as the SDK lists it (the hint reads the names and descriptions). */
const LOG_SCHEMA = {
  type: 'object',
  properties: {
    service: { type: 'string', description: 'The service whose log to read.' },
    level: { type: 'string', description: 'Only entries at this level.' },
    limit: { type: 'number', description: 'At most this many entries.' },
  },
};

function logServer(): McpServer {
  const server = new McpServer({ name: 'logs', version: '1.0.0' });
  server.registerTool(
    'read_logs',
    {
      description: 'Read the service log.',
      inputSchema: {
        service: z.string().describe('The service whose log to read.'),
        level: z.string().optional().describe('Only entries at this level.'),
        limit: z.number().optional().describe('At most this many entries.'),
      },
    },
    async () => ({ content: [{ type: 'text' as const, text: JSON.stringify(logs) }] }),
  );
  return server;
}

async function inMemory(options: Parameters<typeof withBudget>[1]): Promise<Client> {
  const server = withBudget(logServer(), options);
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'preview-policy.test', version: '0' });
  await client.connect(clientSide);
  return client;
}

describe('withBudget through the SDK Client in memory: the preview by default', () => {
  it('a log over the cap: the fatal entry with its index, the tool’s own parameters, exact pages, within the caps', async () => {
    const client = await inMemory(TOKEN_CAPS);
    const reply = (await client.callTool({ name: 'read_logs', arguments: { service: 'api' } })) as Reply;
    expect(reply.isError).toBeUndefined();
    expect(reply.content.map((b) => b.type)).toEqual(['text', 'resource_link']);
    const { line, preview } = splitHead(textsOf(reply)[0]);
    const size = JSON.stringify(logs).length;
    // A token cap binds first (the log runs at ~2.6 chars a token): the line names it.
    expect(line).toBe(lineFor(JSON.stringify(logs), LOG_HINT, reply, { service: 'api' }));
    expect(line).toContain(`(${countTokens(JSON.stringify(logs))} tokens; the cap is 10000 tokens)`);
    expect(size).toBeGreaterThan(50_000);
    const cut = preview as {
      _cut: { total: number; shown: number; notShown: number; fields: Record<string, string> };
      items: Array<{ index: number; why?: string; item: unknown }>;
    };
    expect(cut._cut.total).toBe(6000);
    expect(cut._cut.fields).toEqual({ ts: 'string', level: 'string', msg: 'string' });
    expect(cut._cut.shown + cut._cut.notShown).toBe(6000);
    expect(cut.items.find((i) => i.index === FATAL)).toEqual({ index: FATAL, why: 'error', item: logs[FATAL] });
    expect(cut.items[0]).toEqual({ index: 0, item: logs[0] });
    expect(cut.items.at(-1)).toEqual({ index: 5999, item: logs[5999] });
    expectWithin(reply, 50_000, 10_000);
    expect(countTokens(textsOf(reply)[0])).toBeLessThanOrEqual(2_000 + countTokens(line) + 60);
    const pages = await pagesOf(client, reply);
    for (const page of pages) expect(countTokens(page)).toBeLessThanOrEqual(10_000);
    expect(JSON.stringify(reassemble(pages)) === JSON.stringify(logs)).toBe(true);
    // `preview: true` asks for the same answer by name.
    const named = await inMemory({ ...TOKEN_CAPS, preview: true });
    const again = (await named.callTool({ name: 'read_logs', arguments: { service: 'api' } })) as Reply;
    expect(anyId(textsOf(again)[0])).toBe(anyId(textsOf(reply)[0]));
    await named.close();
    await client.close();
  });

  it('with preview: false the answer is encode’s envelope, byte for byte, and the same pages', async () => {
    const client = await inMemory({ ...TOKEN_CAPS, preview: false });
    const reply = (await client.callTool({ name: 'read_logs', arguments: { service: 'api' } })) as Reply;
    expect(textsOf(reply)[0]).toBe(encode(logs, { maxChars: 50_000, maxTokens: 10_000, encoding: 'cl100k_base' }));
    expect(JSON.stringify(reassemble(await pagesOf(client, reply))) === JSON.stringify(logs)).toBe(true);
    await client.close();
  });

  it('a smaller preview budget is kept, and still shows the fatal entry', async () => {
    const client = await inMemory({ ...TOKEN_CAPS, preview: { maxTokens: 300, maxChars: 1200 } });
    const reply = (await client.callTool({ name: 'read_logs', arguments: { service: 'api' } })) as Reply;
    const { preview } = splitHead(textsOf(reply)[0]);
    expect(JSON.stringify(preview).length).toBeLessThanOrEqual(1200);
    expect(countTokens(JSON.stringify(preview))).toBeLessThanOrEqual(300);
    expect((preview as { items: Array<{ index: number }> }).items.map((i) => i.index)).toContain(FATAL);
    await client.close();
  });

  it('at the smallest caps the preview takes the room its line leaves, and stays within both', async () => {
    const client = await inMemory({ maxChars: 1000, maxTokens: 250 });
    const reply = (await client.callTool({ name: 'read_logs', arguments: { service: 'api' } })) as Reply;
    const { line, preview } = splitHead(textsOf(reply)[0]);
    expect(line).toMatch(
      /^The result is too large to show whole \(\d+ tokens; the cap is 250 tokens\), so this is a preview of it\. Narrow the call/,
    );
    expect((preview as { _cut: { total: number } })._cut.total).toBe(6000);
    expectWithin(reply, 1000, 250);
    await client.close();
  });
});

describe('the preview option', () => {
  it('when the store cannot be reached, the preview says the rest could not be kept, beside the sentence that says why', async () => {
    const down = {
      get: async () => undefined,
      put: async () => {
        throw new Error('store is down');
      },
      delete: async () => undefined,
    };
    const policy = createBudgetPolicy({ ...TOKEN_CAPS, store: down });
    const raw = { content: [{ type: 'text', text: JSON.stringify(logs) }] };
    const { result } = await policy.apply('read_logs', raw, { inputSchema: LOG_SCHEMA, arguments: { service: 'api' } });
    expect(result.content.map((b: Block) => b.type)).toEqual(['text', 'text']);
    const note =
      'The full result could not be kept, so it has no pages to read (store is down). Call the tool again later, or narrow the call.';
    expect(result.content[1].text).toBe(note);
    const { line, preview } = splitHead(result.content[0].text);
    expect(line).toBe(
      `The result is too large to show whole (${countTokens(JSON.stringify(logs))} tokens; the cap is 10000 tokens), so this is a preview of it. ` +
        "Narrow the call with this tool's own parameters (filter: level; limit: limit); " +
        UNKEPT,
    );
    expect((preview as { items: unknown[] }).items).toContainEqual({ index: FATAL, why: 'error', item: logs[FATAL] });
    expect(countTokens(result.content[0].text) + countTokens(note)).toBeLessThanOrEqual(10_000);
    // With preview: false, encode's envelope and the same sentence.
    const plain = createBudgetPolicy({ ...TOKEN_CAPS, store: down, preview: false });
    const enveloped = (await plain.apply('read_logs', raw)).result;
    expect(JSON.parse(enveloped.content[0].text)).toMatchObject({
      elided: true,
      code: 'TOO_LARGE',
      preview: 'array(6000)',
    });
    expect(enveloped.content[1].text).toBe(note);
  });

  it('when the store refuses the result as too large, the preview says the rest could not be kept, exactly', async () => {
    const store = memoryStore({ maxResultBytes: 100_000 });
    const policy = createBudgetPolicy({ ...TOKEN_CAPS, store });
    const call = { inputSchema: LOG_SCHEMA, arguments: { service: 'api' } };
    const { result, info } = await policy.apply('read_logs', logs, call);
    expect(info.elided).toBe(true);
    const want = previewAnswer(logs, {
      maxChars: 50_000,
      maxTokens: 10_000,
      args: call.arguments,
      inputSchema: LOG_SCHEMA,
    });
    expect(result.content).toEqual([{ type: 'text', text: want }]);
    expect(splitHead(want).line).toBe(
      `The result is too large to show whole (${countTokens(JSON.stringify(logs))} tokens; the cap is 10000 tokens), so this is a preview of it. ` +
        "Narrow the call with this tool's own parameters (filter: level; limit: limit); " +
        UNKEPT,
    );
    expect(want).not.toContain('the pages hold the rest');
    expect(store.stats()).toEqual({ results: 0, bytes: 0 });
    // A text kept as text and longer than the limit is refused before it is paged: the same words.
    const text = logs.map((l) => `${l.ts} ${l.level.toUpperCase()} ${l.msg}`).join('\n');
    const refused = (await policy.apply('read_logs', { content: [{ type: 'text', text }] })).result;
    expect(refused.content.map((b: Block) => b.type)).toEqual(['text']);
    // A text's tokens are counted only when its chars are within the cap: the line names the chars.
    expect(refused.content[0].text.split('\n')[0]).toBe(
      `The result is too large to show whole (${text.length} chars; the cap is 50000 chars), so this is a preview of it. ` +
        `This tool has no parameters that narrow its result; ${UNKEPT}`,
    );
    expect(refused.content[0].text).toContain(`\n[line ${FATAL + 1}] ${logs[FATAL].ts} FATAL ${logs[FATAL].msg}\n`);
  });

  it('a tool that names the editor’s filters keeps the envelope, so retargetNarrowHint still reads it', async () => {
    const policy = createBudgetPolicy(TOKEN_CAPS);
    const sceneSchema = { type: 'object', properties: { trait: {}, id: {}, name: {}, limit: {} } };
    const { result } = await policy.apply('get_scene_state', logs, { inputSchema: sceneSchema });
    expect(result.content[0].text).toBe(encode(logs, { maxChars: 50_000, maxTokens: 10_000 }));
    expect(JSON.parse(retargetNarrowHint(result.content[0].text, ['trait', 'id'])).hint).toBe(
      `Response was ${countTokens(JSON.stringify(logs))} tokens (cap 10000). Narrow it: this tool's filters are trait=/id=. `,
    );
    // One of them alone (a common `id` or `name`) is not the editor's filters.
    const one = await policy.apply('get_user', logs, { inputSchema: { properties: { id: {}, limit: {} } } });
    expect(splitHead(one.result.content[0].text).line).toBe(
      lineFor(
        JSON.stringify(logs),
        "Narrow the call with this tool's own parameters (limit: limit); the pages hold the rest.",
        one.result,
      ),
    );
  });

  const codeOf = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return [(e as { code?: string }).code, (e as Error).message];
    }
    return undefined;
  };

  it('is on by default with 2,000 tokens and 8,000 chars (true says the same), kept as given whatever the caps; false is off', () => {
    expect(createBudgetPolicy().options.preview).toEqual({ maxTokens: 2000, maxChars: 8000 });
    expect(createBudgetPolicy({ preview: true }).options.preview).toEqual({ maxTokens: 2000, maxChars: 8000 });
    expect(createBudgetPolicy({ preview: false }).options.preview).toBe(false);
    // The caps clamp each answer's budget (below), not the option.
    expect(createBudgetPolicy({ maxChars: 1000, maxTokens: 250 }).options.preview).toEqual({
      maxTokens: 2000,
      maxChars: 8000,
    });
    expect(createBudgetPolicy({ preview: { maxChars: 500 } }).options.preview).toEqual({
      maxTokens: 2000,
      maxChars: 500,
    });
  });

  it('at the smallest caps the budget is the caps less the measured line, exactly, and the answer fits both', async () => {
    const policy = createBudgetPolicy({ maxChars: 1000, maxTokens: 250 });
    const small = logs.slice(0, 40);
    for (const inputSchema of [undefined, LOG_SCHEMA]) {
      const { result } = await policy.apply('read_logs', small, { inputSchema, arguments: {} });
      const text = result.content[0].text as string;
      const answer = JSON.parse(text) as { tooLarge: string; preview: unknown };
      expect(answer.tooLarge).toMatch(
        /^The result is too large to show whole \(\d+ (chars|tokens); the cap is \d+ \1\), so this is a preview of it\. .+(\nPage map .+)?$/,
      );
      // The frame (the answer less its preview) is measured: its tokens, plus one for a seam.
      const frame = text.replace(JSON.stringify(answer.preview), '');
      const budget = { maxChars: 1000 - frame.length, maxTokens: 250 - (countTokens(frame) + 1) };
      const shown = previewResult(small, { arguments: {}, inputSchema, ...budget });
      expect(text).toBe(frame.replace('"preview":}', `"preview":${shown.text}}`));
      expect(text).toBe(
        previewAnswer(small, { maxChars: 1000, maxTokens: 250, args: {}, inputSchema, link: linkOf(result) }),
      );
      expectWithin(result, 1000, 250);
    }
  });

  // The one validator of a preview budget: each mistake is one message, whichever entry point
  // it reaches (withBudget, createBudgetPolicy, previewResult).
  const BOUND_MISTAKES: [Record<string, unknown>, string][] = [
    [{ maxTokens: 10 }, 'preview: maxTokens must be an integer >= 50, got 10.'],
    [{ maxChars: 199 }, 'preview: maxChars must be an integer >= 200, got 199.'],
    [{ maxTokens: 1.5 }, 'preview: maxTokens must be an integer >= 50, got 1.5.'],
    [{ maxChars: '300' }, 'preview: maxChars must be an integer >= 200, got "300".'],
    [{ maxTokens: null }, 'preview: maxTokens must be an integer >= 50, got object.'],
    [{ maxChars: Number.NaN }, 'preview: maxChars must be an integer >= 200, got NaN.'],
  ];
  // Mistakes only the preview option can make: previewResult takes the bounds among its options.
  const OPTION_MISTAKES: [unknown, string][] = [
    ['yes', 'preview: must be true, false or { maxTokens, maxChars }, got "yes".'],
    [null, 'preview: must be true, false or { maxTokens, maxChars }, got object.'],
    [[2000], 'preview: must be true, false or { maxTokens, maxChars }, got object.'],
    [{ tokens: 10 }, 'preview: unknown option "tokens". Known options: maxTokens, maxChars.'],
  ];

  it('a bad budget throws INVALID_OPTION with the same message from withBudget, createBudgetPolicy and previewResult', () => {
    for (const [budget, message] of BOUND_MISTAKES) {
      const want = ['INVALID_OPTION', message];
      expect(codeOf(() => withBudget(logServer(), { preview: budget as never }))).toEqual(want);
      expect(codeOf(() => createBudgetPolicy({ ...TOKEN_CAPS, preview: budget as never }))).toEqual(want);
      expect(codeOf(() => previewResult(logs, { arguments: {}, ...(budget as object) }))).toEqual(want);
      expect(codeOf(() => previewResult('a text', budget as never))).toEqual(want);
    }
    for (const [option, message] of OPTION_MISTAKES) {
      const want = ['INVALID_OPTION', message];
      expect(codeOf(() => withBudget(logServer(), { preview: option as never }))).toEqual(want);
      expect(codeOf(() => createBudgetPolicy({ preview: option as never }))).toEqual(want);
    }
    // Each is a TypeError.
    expect(() => previewResult([], { maxChars: 10 })).toThrow(TypeError);
    expect(() => createBudgetPolicy({ preview: 'yes' as never })).toThrow(TypeError);
  });
});

describe('proxy --preview with token caps in front of server-filesystem', () => {
  const dir = mkdtempSync(join(tmpdir(), 'preview-policy-'));
  const tree = join(dir, 'tree');
  let client: Client;

  beforeAll(async () => {
    // 25 modules × 8 parts × 10 files = 2,000 files.
    for (let m = 0; m < 25; m++)
      for (let p = 0; p < 8; p++) {
        const folder = join(tree, `module-${String(m).padStart(2, '0')}`, `part-${p}`);
        mkdirSync(folder, { recursive: true });
        for (let f = 0; f < 10; f++) writeFileSync(join(folder, `component-${f}.ts`), `export const id = ${f};\n`);
      }
    client = new Client({ name: 'preview-policy.test', version: '0' });
    const caps = ['--max-chars', '50000', '--max-tokens', '10000'];
    const args = [bin, 'proxy', '--preview', ...caps, '--', process.execPath, fsServer, tree];
    await client.connect(new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' }));
  });

  afterAll(async () => {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('directory_tree over the cap shows part of the tree and names excludePatterns', async () => {
    const reply = (await client.callTool({ name: 'directory_tree', arguments: { path: tree } })) as Reply;
    // A success the SDK's Client accepts: the listed outputSchema takes the answer too.
    expect(reply.isError).toBeUndefined();
    const head = textsOf(reply)[0];
    expect(reply.structuredContent).toEqual(JSON.parse(head));
    const back = reassemble(await pagesOf(client, reply)) as { content: string };
    const { line, preview: shown } = splitHead(head);
    expect(line).toBe(
      lineFor(
        JSON.stringify(back),
        "Narrow the call with this tool's own parameters (exclude: excludePatterns); the pages hold the rest.",
        reply,
        { path: tree },
      ),
    );
    const preview = shown as {
      content: {
        _text: { json: boolean };
        document: { _cut: { total: number }; items: Array<{ index: number; item: { name: string } }> };
      };
    };
    expect(preview.content._text.json).toBe(true);
    expect(preview.content.document._cut.total).toBe(25);
    expect(preview.content.document.items[0]).toMatchObject({
      index: 0,
      item: { name: 'module-00', type: 'directory' },
    });
    // Breadth before depth: every module's name, and each one's first and last part, before any file.
    expect(preview.content.document.items.map((i) => i.item.name)).toEqual(
      Array.from({ length: 25 }, (_, m) => `module-${String(m).padStart(2, '0')}`),
    );
    expect(head).toContain('"name":"part-0"');
    expect(head).toContain('"name":"part-7"');
    expectWithin(reply, 50_000, 10_000);
    expect(JSON.parse(back.content)[0]).toMatchObject({ name: 'module-00', type: 'directory' });
    expect(JSON.parse(back.content).length).toBe(25);
  });
});

describe('withBudget over real stdio (node js-tests/support/shaped-server.mjs), through the SDK Client', () => {
  const shaped = join(__dirname, 'support', 'shaped-server.mjs');
  async function spawnShaped(options: Record<string, unknown>): Promise<Client> {
    const client = new Client({ name: 'preview-policy.test/stdio', version: '0' });
    const args = [shaped, JSON.stringify(options)];
    await client.connect(new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' }));
    return client;
  }

  it('the preview by default, hinted from the listed schema, with exact pages; preview: false the envelope', async () => {
    const client = await spawnShaped(TOKEN_CAPS);
    try {
      const { inputSchema } = (await client.listTools()).tools.find((t) => t.name === 'get_scene')!;
      const reply = (await client.callTool({ name: 'get_scene', arguments: { count: 3000 } })) as Reply;
      const value = scene(3000);
      expect(reply.isError).toBeUndefined();
      expect(reply.content.map((b) => b.type)).toEqual(['text', 'resource_link']);
      const args = { count: 3000 };
      expect(textsOf(reply)[0]).toBe(previewAnswer(value, { ...TOKEN_CAPS, args, inputSchema, link: linkOf(reply) }));
      const { line, preview } = splitHead(textsOf(reply)[0]);
      expect(line).toBe(
        lineFor(
          JSON.stringify(value),
          "Narrow the call with this tool's own parameters (limit: count); the pages hold the rest.",
          reply,
        ),
      );
      const { entities } = preview as { entities: { _cut: { total: number }; items: unknown[] } };
      expect(entities._cut.total).toBe(3000);
      expect(entities.items[0]).toEqual({ index: 0, item: value.entities[0] });
      expect(entities.items.at(-1)).toEqual({ index: 2999, item: value.entities[2999] });
      expectWithin(reply, 50_000, 10_000);
      const pages = await pagesOf(client, reply);
      for (const page of pages) expect(countTokens(page)).toBeLessThanOrEqual(10_000);
      expect(JSON.stringify(reassemble(pages)) === JSON.stringify(value)).toBe(true);
    } finally {
      await client.close();
    }
    const plain = await spawnShaped({ ...TOKEN_CAPS, preview: false });
    try {
      const reply = (await plain.callTool({ name: 'get_scene', arguments: { count: 3000 } })) as Reply;
      expect(textsOf(reply)[0]).toBe(encode(scene(3000), { maxChars: 50_000, maxTokens: 10_000 }));
    } finally {
      await plain.close();
    }
  });
});
