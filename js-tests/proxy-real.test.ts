// The proxy in front of two real MCP servers nobody here wrote (@modelcontextprotocol/server-
// filesystem over a generated tree of 2,000+ files, @modelcontextprotocol/server-memory over a
// graph of 1,500+ entities created through its own tools), each driven by the SDK's own Client
// over real stdio, once directly and once through the proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { countTokens } from 'modoki-budget';
import { bin, channelTexts, initializeParams, lineClient, within } from './support/line-client';
import { reassemble } from './support/reassemble';
import { linkOf, previewAnswer, readSentence } from './support/preview-answer';
import { listedAs } from './support/listed-tools';
import { claudeCodeView, codexView } from './support/client-views.mjs';

const require = createRequire(import.meta.url);
const fsServer = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
const memoryServer = require.resolve('@modelcontextprotocol/server-memory/dist/index.js');
const dir = mkdtempSync(join(tmpdir(), 'proxy-real-'));
const tree = join(dir, 'tree');
const memoryFile = join(dir, 'memory.jsonl');
const env = { ...process.env, MEMORY_FILE_PATH: memoryFile } as Record<string, string>;

type Result = {
  content: Array<{ type: string; text?: string; uri?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};
const clients: Client[] = [];

async function connect(command: string[], proxyFlags?: string[]): Promise<Client> {
  const args = proxyFlags === undefined ? command : [bin, 'proxy', ...proxyFlags, '--', process.execPath, ...command];
  const client = new Client({ name: 'proxy-real-test', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args, env, stderr: 'ignore' }));
  clients.push(client);
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as Result;
const textsOf = (r: Result) => r.content.filter((b) => b.type === 'text').map((b) => b.text as string);
const sum = (texts: string[], f: (t: string) => number) => texts.reduce((n, t) => n + f(t), 0);

/** Every channel of a proxied result is within the budget (chars, and tokens when capped). */
function expectWithin(result: Result, maxChars: number, maxTokens = Infinity) {
  const texts = textsOf(result);
  expect(sum(texts, (t) => t.length)).toBeLessThanOrEqual(maxChars);
  expect(sum(texts, (t) => countTokens(t))).toBeLessThanOrEqual(maxTokens);
  if (result.structuredContent !== undefined) {
    const structured = JSON.stringify(result.structuredContent);
    expect(structured.length).toBeLessThanOrEqual(maxChars);
    expect(countTokens(structured)).toBeLessThanOrEqual(maxTokens);
  }
}

/** The pages behind an elided result's resource_link, read through the client. */
async function pagesOf(client: Client, result: Result): Promise<string[]> {
  const link = result.content.find((b) => b.type === 'resource_link');
  expect(link?.uri).toMatch(/^budget:\/\/result\/[A-Za-z0-9_-]{22}$/);
  const read = async (k: number) =>
    ((await client.readResource({ uri: `${link!.uri}?page=${k}` })).contents[0] as { text: string }).text;
  const pages = [await read(1)];
  const count = (JSON.parse(pages[0]) as { pages: number }).pages;
  for (let k = 2; k <= count; k++) pages.push(await read(k));
  return pages;
}

/**
 * The kept value's compact JSON from its pages: structured pages reassemble to the value, the
 * text fallback (bulk spread over several collections) to its JSON text (docs/mcp.md).
 */
function reassembledJson(pages: string[]): string {
  const back = reassemble(pages);
  return typeof back === 'string' ? back : JSON.stringify(back);
}

/** A tool's inputSchema as the proxy forwarded it. */
async function schemaOf(client: Client, name: string): Promise<Record<string, unknown>> {
  return (await client.listTools()).tools.find((t) => t.name === name)!.inputSchema;
}

/** The first line of an over-cap answer (a JSON answer's `tooLarge`): what it is, and the hint. */
const lineOf = (text: string): string =>
  text.startsWith('{') ? JSON.parse(text).tooLarge : text.slice(0, text.indexOf('\n'));
/** The preview in an over-cap answer (a JSON answer's `preview`). */
const previewIn = (text: string): unknown =>
  text.startsWith('{') ? JSON.parse(text).preview : text.slice(text.indexOf('\n') + 1);
/**
 * The over-cap line for a kept value of `json` under the proxy's default cap, with the tool's
 * `hint`, as `got` links its pages for a call with `args` (the page map under it, if any).
 */
const lineFor = (json: string, hint: string, got: Result, args: Record<string, unknown>) => {
  const { id, map } = linkOf(got)!;
  return (
    `The result is too large to show whole (${json.length} chars; the cap is 60000 chars), so this is a preview of it. ` +
    `${hint} ${readSentence(id, args)}${map ? `\n${map}` : ''}`
  );
};

/** The tools/list line exactly as a server (or the proxy) sends it. */
async function rawToolsList(args: string[]): Promise<string> {
  const c = lineClient(args);
  await c.request('initialize', initializeParams);
  const { line } = await c.request('tools/list', {});
  c.child.stdin.end();
  await within(c.exit, 15_000, 'server exit');
  return line;
}

/** The one failed request in big.log (1-based line number). */
const ERROR_LINE = 2346;

const sizes: string[] = [];
function noteSizes(what: string, direct: Result, proxied: Result) {
  const before = channelTexts(direct);
  const after = textsOf(proxied);
  const n = (x: number) => x.toLocaleString('en-US');
  sizes.push(
    `${what}: direct ${n(sum(textsOf(direct), (t) => t.length))} chars of text + ${n(JSON.stringify(direct.structuredContent ?? null).length)} of structuredContent (${n(sum(before, countTokens))} tokens on its larger channel) → proxied ${n(sum(after, (t) => t.length))} chars, ${n(sum(after, countTokens))} tokens`,
  );
}

beforeAll(() => {
  // 25 modules × 8 parts × 10 files = 2,000 files, plus a small and a large file at the top.
  for (let m = 0; m < 25; m++) {
    for (let p = 0; p < 8; p++) {
      const folder = join(tree, `module-${String(m).padStart(2, '0')}`, `part-${p}`);
      mkdirSync(folder, { recursive: true });
      for (let f = 0; f < 10; f++)
        writeFileSync(join(folder, `component-${f}.ts`), `export const id = ${m * 80 + p * 10 + f};\n`);
    }
  }
  writeFileSync(
    join(tree, 'notes.md'),
    '# Notes\n\n  indented line\twith a tab, ünïcødé and "quotes"\r\nwindows line end\n{"looks": "like json"}\n',
  );
  writeFileSync(
    join(tree, 'big.log'),
    Array.from({ length: 4000 }, (_, i) =>
      i === ERROR_LINE - 1
        ? `${i} GET /api/items/${i % 97} 500 ERROR upstream timed out after 30000 ms`
        : `${i} GET /api/items/${i % 97} 200 ${(i * 7919) % 65536}`,
    ).join('\n'),
  );
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  console.log(`Before/after sizes through the proxy (default preset: 60,000 chars):\n  ${sizes.join('\n  ')}`);
  rmSync(dir, { recursive: true, force: true });
});

describe('proxy in front of @modelcontextprotocol/server-filesystem', () => {
  let direct: Client;
  let proxied: Client;
  beforeAll(async () => {
    direct = await connect([fsServer, tree]);
    proxied = await connect([fsServer, tree], []);
  });

  it('tools/list: every server tool comes through as the server listed it, its outputSchema widened to take the over-cap answer', async () => {
    const raw = (line: string) => JSON.parse(line).result.tools as Array<Record<string, unknown>>;
    const proxiedTools = raw(await rawToolsList([bin, 'proxy', '--', process.execPath, fsServer, tree]));
    const directTools = raw(await rawToolsList([fsServer, tree]));
    // The server's tools as it listed them, then read_result (js-tests/read-result.test.ts checks its definition).
    expect(proxiedTools.map((t) => t.name)).toEqual([...directTools.map((t) => t.name), 'read_result']);
    expect(proxiedTools.slice(0, -1).map((t) => JSON.stringify(t))).toEqual(
      directTools.map((t) => JSON.stringify(listedAs(t))),
    );
    expect(directTools.filter((t) => t.outputSchema !== undefined).length).toBeGreaterThanOrEqual(10);
    const a = (await direct.listTools()).tools;
    const b = (await proxied.listTools()).tools;
    expect(b.map((t) => t.name)).toEqual([...a.map((t) => t.name), 'read_result']);
    expect(b.slice(0, -1).map((t) => JSON.stringify(t))).toEqual(a.map((t) => JSON.stringify(listedAs(t))));
    expect(a.length).toBeGreaterThanOrEqual(13);
  });

  it('directory_tree over 2,000 files: a success the Client accepts, its JSON answer naming excludePatterns, whose pages reassemble to the direct result', async () => {
    const want = await call(direct, 'directory_tree', { path: tree });
    const got = await call(proxied, 'directory_tree', { path: tree });
    expect(JSON.parse(textsOf(want)[0]).length).toBe(27);
    expect(got.isError).toBeUndefined();
    expect(got.structuredContent).toEqual(JSON.parse(textsOf(got)[0]));
    expectWithin(got, 60_000);
    const inputSchema = await schemaOf(proxied, 'directory_tree');
    const args = { path: tree };
    expect(textsOf(got)[0]).toBe(
      previewAnswer(want.structuredContent, { maxChars: 60_000, args, inputSchema, link: linkOf(got) }),
    );
    expect(lineOf(textsOf(got)[0])).toBe(
      lineFor(
        JSON.stringify(want.structuredContent),
        "Narrow the call with this tool's own parameters (exclude: excludePatterns); the pages hold the rest.",
        got,
        args,
      ),
    );
    // The 27 entries at the top of the tree, in two pages.
    expect(linkOf(got)!.map).toMatch(
      /^Page map \(items of \$\.content by index, 27 in all\): 1: 0–(\d+), 2: \d+–26\.$/,
    );
    expect(textsOf(got)[0]).toContain('"name":"module-00","type":"directory"');
    const pages = await pagesOf(proxied, got);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(60_000);
    // toBe(true), not toBe(text): a failure here must not print 200 KB.
    expect(reassembledJson(pages) === JSON.stringify(want.structuredContent)).toBe(true);
    noteSizes('server-filesystem directory_tree (2,000 files)', want, got);
  });

  it('a file read under the cap is byte-identical, on both channels', async () => {
    const want = await call(direct, 'read_text_file', { path: join(tree, 'notes.md') });
    const got = await call(proxied, 'read_text_file', { path: join(tree, 'notes.md') });
    expect(textsOf(got)).toEqual(textsOf(want));
    expect(textsOf(got)[0]).toBe(readFileSync(join(tree, 'notes.md'), 'utf8'));
    expect(got.structuredContent).toEqual(want.structuredContent);
  });

  it('read_text_file of a 4,000-line log: the preview shows its one ERROR line by number and names head and tail', async () => {
    const args = { path: join(tree, 'big.log') };
    const want = await call(direct, 'read_text_file', args);
    const got = await call(proxied, 'read_text_file', args);
    expect(got.isError).toBeUndefined();
    const inputSchema = await schemaOf(proxied, 'read_text_file');
    const text = textsOf(got)[0];
    expect(text).toBe(
      previewAnswer(want.structuredContent, { maxChars: 60_000, args, inputSchema, link: linkOf(got) }),
    );
    expect(lineOf(text)).toBe(
      lineFor(
        JSON.stringify(want.structuredContent),
        "Narrow the call with this tool's own parameters (limit: tail, head); the pages hold the rest.",
        got,
        args,
      ),
    );
    // The log's 4,000 lines, in three pages.
    expect(linkOf(got)!.map).toMatch(
      /^Page map \(the string at \$\.content, 4000 lines\): 1: lines 1–\d+, 2: lines \d+–\d+, 3: lines \d+–4000\.$/,
    );
    const log = readFileSync(join(tree, 'big.log'), 'utf8').split('\n');
    const shown = previewIn(text) as {
      content: { _text: { lines: number }; lines: Record<string, string> };
    };
    expect(shown.content._text.lines).toBe(4000);
    expect(shown.content.lines[String(ERROR_LINE)]).toBe(log[ERROR_LINE - 1]);
    const pages = await pagesOf(proxied, got);
    expect(reassembledJson(pages) === JSON.stringify(want.structuredContent)).toBe(true);
  });

  it('every other result is within the budget, valid for the Client, whole or its over-cap answer', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      ['list_directory', { path: tree }],
      ['list_directory', { path: join(tree, 'module-03', 'part-2') }],
      ['list_directory_with_sizes', { path: join(tree, 'module-07') }],
      ['search_files', { path: tree, pattern: '**/component-3.ts' }],
      ['get_file_info', { path: join(tree, 'big.log') }],
      ['read_text_file', { path: join(tree, 'big.log') }],
      ['read_text_file', { path: join(tree, 'big.log'), head: 5 }],
      ['list_allowed_directories', {}],
    ];
    for (const [name, args] of calls) {
      const want = await call(direct, name, args);
      const got = await call(proxied, name, args);
      expectWithin(got, 60_000);
      expect(got.isError).toBeUndefined();
      if (linkOf(got) !== undefined) {
        const inputSchema = await schemaOf(proxied, name);
        const answer = previewAnswer(want.structuredContent, {
          maxChars: 60_000,
          args,
          inputSchema,
          link: linkOf(got),
        });
        expect(textsOf(got)[0]).toBe(answer);
        expect(got.structuredContent).toEqual(JSON.parse(answer));
      } else expect(got.structuredContent).toEqual(want.structuredContent);
    }
  });

  it('each client preset: what its client shows is read whole, never as a failure, within its unit', async () => {
    const calls = [
      ['directory_tree', { path: tree }],
      ['search_files', { path: tree, pattern: '**/*.ts' }],
      ['read_text_file', { path: join(tree, 'big.log') }],
    ] as Array<[string, Record<string, unknown>]>;
    const claude = await connect([fsServer, tree], ['--preset', 'claudeCode']);
    const codex = await connect([fsServer, tree], ['--preset', 'codex']);
    const gemini = await connect([fsServer, tree], ['--preset', 'gemini']);
    for (const [name, args] of calls) {
      for (const view of [claudeCodeView(await call(claude, name, args)), codexView(await call(codex, name, args))])
        expect([name, view.failed, view.whole, view.note]).toEqual([name, false, true, undefined]);
      const shown = await call(gemini, name, args);
      expect(shown.isError).toBeUndefined();
      expect(sum(textsOf(shown), (t) => t.length)).toBeLessThanOrEqual(39_959);
    }
  });

  it('--measure-only: results byte-identical to the direct ones, and the log counts what the server sent', async () => {
    const log = join(dir, 'fs.jsonl');
    const args = [
      { method: 'tools/call', params: { name: 'directory_tree', arguments: { path: tree } } },
      { method: 'tools/call', params: { name: 'read_text_file', arguments: { path: join(tree, 'notes.md') } } },
      {
        method: 'tools/call',
        params: { name: 'search_files', arguments: { path: tree, pattern: '**/component-1.ts' } },
      },
    ];
    const d = lineClient([fsServer, tree]);
    const p = lineClient([bin, 'proxy', '--measure-only', '--log', log, '--', process.execPath, fsServer, tree]);
    await d.request('initialize', initializeParams);
    await p.request('initialize', initializeParams);
    const sent: string[][] = [];
    for (const { method, params } of args) {
      const a = await d.request(method, params);
      const b = await p.request(method, params);
      expect(b.line).toBe(a.line);
      sent.push(channelTexts(a.message.result));
    }
    for (const c of [d, p]) c.child.stdin.end();
    await within(Promise.all([d.exit, p.exit]), 15_000, 'exits');
    const rows = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((r) => [r.tool, r.charsIn, r.tokensIn])).toEqual(
      args.map((a, i) => [a.params.name, sum(sent[i], (t) => t.length), sum(sent[i], countTokens)]),
    );
  });
});

describe('proxy in front of @modelcontextprotocol/server-memory', () => {
  let direct: Client;
  let proxied: Client;
  beforeAll(async () => {
    direct = await connect([memoryServer]);
    // 1,500 entities in batches of 100, with observations, and a relation chain, all created
    // through the server's own tools.
    for (let batch = 0; batch < 15; batch++) {
      const entities = Array.from({ length: 100 }, (_, i) => {
        const n = batch * 100 + i;
        return {
          name: `entity-${n}`,
          entityType: ['person', 'project', 'place'][n % 3],
          observations: [`created in batch ${batch}`, `index ${n}`, `tag-${n % 13}`],
        };
      });
      await call(direct, 'create_entities', { entities });
    }
    const relations = Array.from({ length: 1499 }, (_, n) => ({
      from: `entity-${n}`,
      to: `entity-${n + 1}`,
      relationType: 'precedes',
    }));
    await call(direct, 'create_relations', { relations });
    proxied = await connect([memoryServer], []);
  });

  it('read_graph of 1,500 entities: a JSON answer within the cap, pages reassemble to the direct graph', async () => {
    const want = await call(direct, 'read_graph', {});
    const graph = want.structuredContent as { entities: unknown[]; relations: unknown[] };
    expect(graph.entities).toHaveLength(1500);
    const got = await call(proxied, 'read_graph', {});
    expect(got.isError).toBeUndefined();
    expectWithin(got, 60_000);
    const inputSchema = await schemaOf(proxied, 'read_graph');
    const text = textsOf(got)[0];
    expect(text).toBe(previewAnswer(graph, { maxChars: 60_000, args: {}, inputSchema, link: linkOf(got) }));
    expect(lineOf(text)).toBe(
      lineFor(
        JSON.stringify(graph),
        'This tool has no parameters that narrow its result; the pages hold the rest.',
        got,
        {},
      ),
    );
    // Its pages are the graph's JSON text (the bulk in two collections), one line: no page map.
    expect(linkOf(got)!.map).toBe('');
    const shown = previewIn(text) as {
      entities: { _cut: { total: number }; items: Array<{ index: number; item: unknown }> };
      relations: { _cut: { total: number } };
    };
    expect(shown.entities._cut.total).toBe(1500);
    expect(shown.relations._cut.total).toBe(1499);
    expect(shown.entities.items[0]).toEqual({ index: 0, item: graph.entities[0] });
    expect(shown.entities.items.at(-1)).toEqual({ index: 1499, item: graph.entities[1499] });
    const pages = await pagesOf(proxied, got);
    expect(reassembledJson(pages) === JSON.stringify(want.structuredContent)).toBe(true);
    noteSizes('server-memory read_graph (1,500 entities)', want, got);
  });

  it('a small structured result stays valid for the Client, its text the compact copy', async () => {
    const want = await call(direct, 'open_nodes', { names: ['entity-7', 'entity-8'] });
    const got = await call(proxied, 'open_nodes', { names: ['entity-7', 'entity-8'] });
    expect(got.isError).toBeUndefined();
    expect(got.structuredContent).toEqual(want.structuredContent);
    expect(textsOf(got)).toEqual([JSON.stringify(want.structuredContent)]);
    const search = await call(proxied, 'search_nodes', { query: 'tag-5' });
    expectWithin(search, 60_000);
    expect(search.isError ?? false).toBe(false);
  });

  it('search_nodes over a small token cap: the preview names query, shows the first and last hits by index, and pages exactly', async () => {
    const small = await connect([memoryServer], ['--max-tokens', '1500']);
    const args = { query: 'tag-7' };
    const want = await call(direct, 'search_nodes', args);
    const got = await call(small, 'search_nodes', args);
    expect(got.isError).toBeUndefined();
    expectWithin(got, 60_000, 1500);
    const inputSchema = await schemaOf(small, 'search_nodes');
    const text = textsOf(got)[0];
    expect(text).toBe(
      previewAnswer(want.structuredContent, {
        maxChars: 60_000,
        maxTokens: 1500,
        args,
        inputSchema,
        link: linkOf(got),
      }),
    );
    const { id, map } = linkOf(got)!;
    expect(lineOf(text)).toBe(
      `The result is too large to show whole (${countTokens(JSON.stringify(want.structuredContent))} tokens; the cap is 1500 tokens), so this is a preview of it. ` +
        "Narrow the call with this tool's own parameters (filter: query); the pages hold the rest. " +
        `Find anything in it with read_result {"id":"${id}","match":"tag-7"} (a string or /regex/; or "path", "lines", "page" to read a part).` +
        (map ? `\n${map}` : ''),
    );
    const entities = (want.structuredContent as { entities: unknown[] }).entities;
    // Every entity whose observations hold tag-7: n % 13 === 7 for n below 1,500.
    expect(entities).toHaveLength(115);
    const shown = previewIn(text) as {
      entities: { _cut: { total: number; shown: number; notShown: number }; items: Array<{ index: number }> };
    };
    expect(shown.entities._cut.total).toBe(115);
    expect(shown.entities._cut.shown + shown.entities._cut.notShown).toBe(115);
    expect(shown.entities.items[0]).toEqual({ index: 0, item: entities[0] });
    expect(shown.entities.items.at(-1)).toEqual({ index: 114, item: entities[114] });
    const pages = await pagesOf(small, got);
    for (const page of pages) expect(countTokens(page)).toBeLessThanOrEqual(1500);
    expect(reassembledJson(pages) === JSON.stringify(want.structuredContent)).toBe(true);
  });
});
