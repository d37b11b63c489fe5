// The pages of an over-cap result, read back through the SDK's own Client: a string that holds a
// JSON document (server-filesystem's directory_tree) is paged as that document, so reading every
// page costs no more than the cheapest channel the tool produced; a text is paged at its line
// ends; and a result whose pages the store would refuse has none made at all. Every page set is
// rebuilt by the independent reader in ./support/reassemble and compared byte for byte.
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { withBudget, createBudgetPolicy, memoryStore, countTokens } from 'modoki-budget';
import { reassemble } from './support/reassemble';
import { readPages } from './support/read-pages';
import { directoryTreeResult } from './fixtures/directory-tree.mjs';

type Block = { type: string; text?: string; uri?: string };
type Reply = { content: Block[]; structuredContent?: Record<string, unknown>; isError?: boolean };
type Page = { page: number; pages: number; path?: string; text?: string; document?: unknown };

const tree = directoryTreeResult(4);

// Log lines of many lengths, emoji (surrogate pairs) among them, and one line longer than a page.
const LONG_LINE = `${'trace 😀 '.repeat(9000)}end`;
const logText = Array.from({ length: 4000 }, (_, i) =>
  i === 1234 ? LONG_LINE : `${String(i).padStart(5, '0')} ${'ok '.repeat(i % 23)}${i % 7 === 0 ? '😀 done' : 'done'}`,
).join('\n');

async function connect(options: Parameters<typeof withBudget>[1]): Promise<Client> {
  const server = new McpServer({ name: 'pages', version: '1.0.0' });
  server.registerTool(
    'directory_tree',
    { description: 'A tree.', inputSchema: { path: z.string() }, outputSchema: { content: z.string() } },
    async () => structuredClone(tree.result),
  );
  server.registerTool('read_log', { description: 'A log.', inputSchema: {} }, async () => ({
    content: [{ type: 'text' as const, text: logText }],
  }));
  withBudget(server, options);
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'pages.test', version: '0' });
  await client.connect(clientSide);
  return client;
}

async function pagesOf(client: Client, reply: Reply): Promise<string[]> {
  const link = reply.content.find((b) => b.type === 'resource_link');
  expect(link?.uri).toMatch(/^budget:\/\/result\/[A-Za-z0-9_-]{22}$/);
  return readPages(client, reply);
}

const tokensOf = (texts: string[]) => texts.reduce((n, t) => n + countTokens(t), 0);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('pages through withBudget and the SDK Client', () => {
  it('directory_tree: the printed tree is paged as the tree, rebuilds exactly, and costs at most 1.1× its cheapest channel', async () => {
    const client = await connect({ maxChars: 50_000, maxTokens: 10_000 });
    const reply = (await client.callTool({ name: 'directory_tree', arguments: { path: '/srv' } })) as Reply;
    expect(reply.isError).toBeUndefined();
    const pages = await pagesOf(client, reply);
    const first = JSON.parse(pages[0]) as Page & { rest: unknown };
    expect(first.path).toBe('$.content');
    expect(first.rest).toEqual({ content: '' });
    expect(first.document).toEqual({ indent: '  ', path: '$', rest: [] });
    expect(JSON.parse(pages[1])).toMatchObject({ page: 2, path: '$.content', document: { path: '$' } });
    for (const page of pages) {
      expect(page.length).toBeLessThanOrEqual(50_000);
      expect(countTokens(page)).toBeLessThanOrEqual(10_000);
    }
    const rebuilt = reassemble(pages);
    expect(JSON.stringify(rebuilt) === JSON.stringify(tree.result.structuredContent)).toBe(true);
    // The tool's two channels: the printed text, and structuredContent (the text escaped).
    const cheapest = Math.min(countTokens(tree.text), countTokens(JSON.stringify(tree.result.structuredContent)));
    expect(cheapest).toBe(countTokens(tree.text));
    expect(tokensOf(pages) / cheapest).toBeLessThanOrEqual(1.1);
    await client.close();
  });

  it('a log: pages end at line ends, only the line longer than a page is cut, and no cut splits a surrogate pair', async () => {
    const client = await connect({ maxChars: 50_000, maxTokens: 10_000 });
    const reply = (await client.callTool({ name: 'read_log', arguments: {} })) as Reply;
    const pages = await pagesOf(client, reply);
    const texts = pages.map((p) => (JSON.parse(p) as Page).text as string);
    expect(texts.join('') === logText).toBe(true);
    const longStart = logText.indexOf(LONG_LINE);
    const longEnd = longStart + LONG_LINE.length;
    let at = 0;
    const midLine: number[] = [];
    for (const text of texts.slice(0, -1)) {
      at += text.length;
      if (!text.endsWith('\n')) midLine.push(at);
      expect(text).not.toMatch(LONE_SURROGATE);
    }
    // LONG_LINE is ~90,000 chars against 50,000-char pages: cut twice at most, inside it only.
    expect(midLine.length).toBeGreaterThan(0);
    expect(midLine.length).toBeLessThanOrEqual(2);
    for (const cut of midLine) expect(cut > longStart && cut < longEnd).toBe(true);
    expect(pages.length).toBeGreaterThan(3);
    await client.close();
  });
});

describe('the memory store’s byte accounting of a policy’s pages', () => {
  it('counts them at their UTF-8 bytes, which the core measured as it wrote them', async () => {
    // Two-, three- and four-byte characters, so UTF-8 bytes, UTF-16 units and chars all differ.
    const value = Array.from({ length: 1500 }, (_, i) => ({ id: i, name: `café ${i} — 😀`, path: `/données/${i}` }));
    const measure = createBudgetPolicy({ preset: 'claudeCode' });
    const first = (await measure.apply('rows', value)) as { result: Reply };
    const pages = await readPages(policyReader(measure), first.result);
    const bytes = pages.reduce((n, page) => n + Buffer.byteLength(page, 'utf8'), 0);
    expect(bytes).toBeGreaterThan(pages.reduce((n, page) => n + page.length, 0));
    // Room for two such results keeps both; a byte less evicts the first when the second comes.
    for (const [maxBytes, firstKept] of [
      [2 * bytes, true],
      [2 * bytes - 1, false],
    ] as const) {
      const policy = createBudgetPolicy({ preset: 'claudeCode', store: memoryStore({ maxBytes }) });
      const a = (await policy.apply('rows', value)) as { result: Reply };
      await policy.apply('rows', value);
      const link = a.result.content.find((b) => b.type === 'resource_link');
      const read = policy.readResource(`${link?.uri}?page=1`);
      if (firstKept) await expect(read).resolves.toMatchObject({ contents: [{ text: pages[0] }] });
      else await expect(read).rejects.toMatchObject({ code: 'UNKNOWN_RESULT' });
    }
  });
});

/** A memory store with `maxResultBytes`, counting the page sets it was asked to keep. */
function countingStore(maxResultBytes: number) {
  const inner = memoryStore({ maxResultBytes });
  const puts: number[] = [];
  const store = {
    ...inner,
    put(pages: string[], options?: { owner?: string }) {
      puts.push(pages.length);
      return inner.put(pages, options);
    },
  };
  return { store, puts };
}

/** The policy's own page reads, in the shape readPages takes. */
const policyReader = (policy: ReturnType<typeof createBudgetPolicy>) => ({
  readResource: ({ uri }: { uri: string }) => policy.readResource(uri),
});

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, name: `row ${i}`, path: `/data/${i}.txt` }));

describe('the store’s per-result limit reaches the pass', () => {
  it('a JSON result whose pages the store would refuse has none made; one within the limit is kept', async () => {
    const { store, puts } = countingStore(120_000);
    const policy = createBudgetPolicy({ preset: 'claudeCode', store });
    const big = rows(4000); // ~180,000 chars: over the limit
    const refused = (await policy.apply('rows', big)) as { result: Reply };
    expect(puts).toEqual([]);
    expect(refused.result.content.map((b) => b.type)).toEqual(['text']);
    const small = rows(1500); // ~66,000 chars: over the cap, within the limit
    const kept = (await policy.apply('rows', small)) as { result: Reply };
    expect(puts).toHaveLength(1);
    const pages = await readPages(policyReader(policy), kept.result);
    expect(JSON.stringify(reassemble(pages)) === JSON.stringify(small)).toBe(true);
  });

  it('a printed document longer than the limit is kept when its pages are within it', async () => {
    const text = JSON.stringify(tree.top, null, 4);
    const compact = JSON.stringify(tree.top);
    const limit = Math.floor(compact.length * 1.1);
    expect(text.length).toBeGreaterThan(limit);
    const { store, puts } = countingStore(limit);
    const policy = createBudgetPolicy({ preset: 'claudeCode', store });
    const value = { content: [{ type: 'text', text: 'the tree' }], structuredContent: { content: text } };
    const applied = (await policy.apply('directory_tree', value)) as { result: Reply };
    expect(puts).toHaveLength(1);
    const pages = await readPages(policyReader(policy), applied.result);
    expect(pages).toHaveLength(puts[0]);
    expect((JSON.parse(pages[0]) as Page).document).toEqual({ indent: '    ', path: '$', rest: [] });
    expect(JSON.stringify(reassemble(pages)) === JSON.stringify({ content: text })).toBe(true);
  });
});
