// What each real client's model sees of a budgeted tool result, through withBudget and through
// the proxy, under that client's preset: Gemini CLI's own code (@google/gemini-cli-core 0.61.0,
// installed at test time) turns each result into what its model is sent; Claude Code and Codex
// ship as compiled binaries, so their rules are applied by js-tests/support/client-views.mjs to
// what the SDK's own Client (the one those clients embed) received. Every cell is a success the
// model reads whole, a JSON result's answer parses as JSON, and the pages are read with the
// words the answer gives. docs/clients.md is these views, written by this test with
// CLIENTS_DOC=write (`npm run clients-doc`) and checked against them otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { bin, root } from './support/line-client';
import { npmPackages } from './support/real-install';
import { claudeCodeView, codexView } from './support/client-views.mjs';
import { geminiSession, unwrapped } from './support/gemini-view.mjs';
import { renderClientsDoc, type ClientCell } from './support/clients-doc';

const cases = join(root, 'js-tests', 'support', 'client-cases.mjs');
const docPath = join(root, 'docs', 'clients.md');
const CLIENTS = ['claudeCode', 'codex', 'gemini'] as const;
type ClientName = (typeof CLIENTS)[number];
const ADAPTERS = ['withBudget', 'proxy'] as const;
type Adapter = (typeof ADAPTERS)[number];

/** The stdio server of `adapter` under `preset`: the budgeted server, or the proxy (no `--`) in front of the plain one. */
const serverOf = (adapter: Adapter, preset: ClientName) =>
  adapter === 'withBudget'
    ? { command: process.execPath, args: [cases, JSON.stringify({ preset })] }
    : { command: process.execPath, args: [bin, 'proxy', '--preset', preset, process.execPath, cases] };

/** The calls docs/clients.md shows, in order; the page read names the id the second answer gave. */
const CASES = [
  { name: 'under the cap', tool: 'get_orders', args: { limit: 3 } },
  { name: 'over the cap, JSON with an outputSchema', tool: 'get_orders', args: {} },
  { name: 'over the cap, JSON without one', tool: 'search_orders', args: { query: 'shipped' } },
  { name: 'over the cap, text', tool: 'read_log', args: {} },
  { name: 'a page read', tool: 'read_result', args: { page: 2 } },
] as const;

/** The result id the model reads in an answer (the line names the page tool's call with it). */
const idIn = (text: string) => /\\?"id\\?":\\?"([A-Za-z0-9_-]{22})\\?"/.exec(text)?.[1];

/** One client's session: the texts its model reads of a call. */
interface Session {
  view(tool: string, args: Record<string, unknown>): Promise<Omit<ClientCell, 'client' | 'adapter' | 'case'>>;
  close(): Promise<void>;
}

async function sdkSession(server: { command: string; args: string[] }, client: ClientName): Promise<Session> {
  const sdk = new Client({ name: `clients.test/${client}`, version: '0' });
  await sdk.connect(new StdioClientTransport({ ...server, stderr: 'ignore' }));
  await sdk.listTools();
  return {
    async view(tool, args) {
      const result = (await sdk.callTool({ name: tool, arguments: args })) as Parameters<typeof codexView>[0];
      const seen = client === 'claudeCode' ? claudeCodeView(result, 'cases') : codexView(result);
      return { blocks: seen.blocks, failed: seen.failed, whole: seen.whole, note: seen.note };
    },
    close: () => sdk.close(),
  };
}

type GeminiCore = Parameters<typeof geminiSession>[0];

async function geminiClient(core: GeminiCore, server: { command: string; args: string[] }): Promise<Session> {
  const session = await geminiSession(core, server, 'cases');
  return {
    async view(tool, args) {
      const { failed, output } = await session.view(tool, args);
      // Gemini CLI sends the model one output: each text block in its envelope, a link as a line.
      const inner = unwrapped(output);
      const blocks = inner === undefined ? [output] : [inner, output.slice(inner.length + 41).replace(/^\n/, '')];
      const whole = !output.startsWith('Output too large.');
      return { blocks: blocks.filter((b) => b !== ''), failed, whole, note: whole ? undefined : 'cut' };
    },
    close: () => session.close(),
  };
}

const cells: ClientCell[] = [];
let core: GeminiCore | null = null;

beforeAll(async () => {
  const dir = npmPackages('gemini-cli-core', ['@google/gemini-cli-core@0.61.0']);
  if (dir === null) return;
  core = await import(pathToFileURL(join(dir, 'node_modules', '@google', 'gemini-cli-core', 'dist', 'index.js')).href);
  for (const client of CLIENTS)
    for (const adapter of ADAPTERS) {
      const server = serverOf(adapter, client);
      const session = client === 'gemini' ? await geminiClient(core!, server) : await sdkSession(server, client);
      try {
        let id: string | undefined;
        for (const c of CASES) {
          const args = c.tool === 'read_result' ? { id, ...c.args } : c.args;
          const seen = await session.view(c.tool, args);
          if (c.name === 'over the cap, JSON with an outputSchema') id = idIn(seen.blocks.join('\n'));
          cells.push({ client, adapter, case: c.name, ...seen });
        }
      } finally {
        await session.close();
      }
    }
}, 600_000);

afterAll(() => {
  delete process.env.GEMINI_CLI_HOME;
});

const cellOf = (client: ClientName, adapter: Adapter, name: string) =>
  cells.find((c) => c.client === client && c.adapter === adapter && c.case === name)!;

/** The block of a view that is the answer (or the result): the one that is not a resource link's line. */
const answerOf = (cell: ClientCell) =>
  cell.blocks.find(
    (b) => !b.startsWith('[Resource link:') && !b.startsWith('Resource Link:') && !b.includes('"type":"resource_link"'),
  )!;

describe('what each client’s model sees, under its preset, through withBudget and the proxy', () => {
  it('installed Gemini CLI core 0.61.0 and ran every client over every case', ({ skip }) => {
    if (core === null) skip();
    expect(cells).toHaveLength(CLIENTS.length * ADAPTERS.length * CASES.length);
  });

  it('no cell is a failure, and every model reads its text whole', ({ skip }) => {
    if (core === null) skip();
    for (const cell of cells)
      expect([cell.client, cell.adapter, cell.case, cell.failed, cell.whole]).toEqual([
        cell.client,
        cell.adapter,
        cell.case,
        false,
        true,
      ]);
  });

  it('a JSON result’s answer parses as JSON, its first words that it is too large; a text result’s answer is text', ({
    skip,
  }) => {
    if (core === null) skip();
    for (const client of CLIENTS)
      for (const adapter of ADAPTERS) {
        const small = JSON.parse(answerOf(cellOf(client, adapter, 'under the cap')));
        expect(small).toEqual({
          orders: [0, 1, 2].map((i) => ({ id: i, level: 'info', msg: `order ${i} shipped to depot ${i}` })),
        });
        for (const name of ['over the cap, JSON with an outputSchema', 'over the cap, JSON without one']) {
          const answer = JSON.parse(answerOf(cellOf(client, adapter, name)));
          expect(Object.keys(answer)).toEqual(['tooLarge', 'code', 'size', 'cap', 'unit', 'preview']);
          expect(answer.tooLarge).toMatch(
            /^The result is too large to show whole \(\d+ (chars|bytes); the cap is \d+ \1\)/,
          );
          expect(answer.code).toBe('TOO_LARGE');
        }
        const text = answerOf(cellOf(client, adapter, 'over the cap, text'));
        expect(text).toMatch(
          /^The result is too large to show whole \(\d+ (chars|bytes); the cap is \d+ \1\), so this is a preview of it\. .*\nPage map \(the text, \d+ lines\): .*\n2026-12-01T10:00:00Z INFO /,
        );
        expect(text).toContain('ERROR worker 3: connection reset by peer');
        expect(JSON.parse(answerOf(cellOf(client, adapter, 'a page read')))).toMatchObject({ page: 2 });
      }
  });

  it('each answer is within its client’s unit and limit, and names read_result, which the model can call there', ({
    skip,
  }) => {
    if (core === null) skip();
    for (const cell of cells) {
      const text = cell.blocks.join('\n');
      if (cell.client === 'claudeCode') expect(text.length).toBeLessThanOrEqual(40_000 + 400);
      if (cell.client === 'codex') expect(Buffer.byteLength(text)).toBeLessThanOrEqual(48_000);
      if (cell.client === 'gemini') expect(text.length).toBeLessThanOrEqual(40_000 + 200);
      if (cell.case.startsWith('over the cap'))
        expect(text).toMatch(/Find anything in it with read_result \{\\?"id\\?":\\?"[A-Za-z0-9_-]{22}\\?",/);
    }
    const unit = (client: ClientName) =>
      JSON.parse(answerOf(cellOf(client, 'proxy', 'over the cap, JSON without one'))).unit;
    expect(CLIENTS.map(unit)).toEqual(['chars', 'bytes', 'chars']);
  });

  it('withBudget and the proxy show each client the same, result ids aside', ({ skip }) => {
    if (core === null) skip();
    const anyId = (cell: ClientCell) =>
      cell.blocks.join('\n').replace(/(result[/-]|id\\?":\\?")[A-Za-z0-9_-]{22}/g, '$1ID');
    for (const client of CLIENTS)
      for (const c of CASES)
        expect(anyId(cellOf(client, 'proxy', c.name))).toBe(anyId(cellOf(client, 'withBudget', c.name)));
  });

  it('a tool’s own error over the cap stays an error: in Claude Code within its 11,024 chars, its first words that it is too large', async () => {
    for (const adapter of ADAPTERS) {
      const session = await sdkSession(serverOf(adapter, 'claudeCode'), 'claudeCode');
      try {
        const seen = await session.view('run_job', {});
        expect([seen.failed, seen.whole]).toEqual([true, true]);
        const text = seen.blocks.join('\n');
        expect(text.length).toBeLessThanOrEqual(11_024);
        expect(text).toMatch(
          /^The result is too large to show whole \(\d+ chars; the cap is 40000 chars\), so this is a preview of it\. /,
        );
        expect(text).toContain('Error: the nightly job failed at step 1499');
      } finally {
        await session.close();
      }
    }
  });

  it('docs/clients.md shows these views (CLIENTS_DOC=write rewrites it: npm run clients-doc)', ({ skip }) => {
    if (core === null) skip();
    const wanted = renderClientsDoc(cells, readFileSync(docPath, 'utf8'));
    if (process.env.CLIENTS_DOC === 'write') writeFileSync(docPath, wanted);
    expect(readFileSync(docPath, 'utf8') === wanted, 'docs/clients.md is stale: run `npm run clients-doc`').toBe(true);
  });
});
