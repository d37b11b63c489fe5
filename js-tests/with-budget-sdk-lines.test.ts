// withBudget at run time on each SDK line the editor runs on (the oldest it supports, 1.29 with
// zod 3, and the newest, 1.32 with zod 4): a script in a fresh project with that SDK installed
// budgets an McpServer and a low-level Server and reads them back with that SDK's own Client.
import { beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { linkOf, previewAnswer, readSentence } from './support/preview-answer';

const run = promisify(execFile);
const root = resolve(__dirname, '..');
const LINES = [
  { label: 'SDK 1.29 with zod 3.25', deps: ['@modelcontextprotocol/sdk@1.29.x', 'zod@3.25.x'], sdk: '1.29.' },
  { label: 'SDK 1.32 with zod 4', deps: ['@modelcontextprotocol/sdk@1.32.x', 'zod@4'], sdk: '1.32.' },
];

// Runs in the fresh project: only that project's SDK and zod are reachable from here.
const SCRIPT = `
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { withBudget } from 'modoki-budget';

const rows = (n) => ({ rows: Array.from({ length: n }, (_, i) => ({ id: i, name: 'row ' + i })) });
async function connect(server) {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 'lines', version: '0.0.0' });
  await client.connect(b);
  return client;
}
async function pages(client, reply) {
  const uri = reply.content.find((b) => b.type === 'resource_link').uri;
  const first = (await client.readResource({ uri })).contents[0].text;
  const out = [first];
  for (let k = 2; k <= JSON.parse(first).pages; k++) out.push((await client.readResource({ uri: uri + '?page=' + k })).contents[0].text);
  return out;
}

const server = new McpServer({ name: 'lines', version: '0.0.0' });
server.registerTool('structured', { description: 'x', inputSchema: { n: z.number() }, outputSchema: { rows: z.array(z.object({ id: z.number(), name: z.string() })) } },
  async ({ n }) => ({ content: [{ type: 'text', text: JSON.stringify(rows(n), null, 2) }], structuredContent: rows(n) }));
withBudget(server, { maxChars: 2000 });
server.tool('plain', { n: z.number() }, async ({ n }) => rows(n));
server.tool('throws', async () => { throw new Error('gone'); });
const client = await connect(server);
const out = {};
out.small = await client.callTool({ name: 'structured', arguments: { n: 2 } });
out.big = await client.callTool({ name: 'structured', arguments: { n: 300 } });
out.bigPages = await pages(client, out.big);
out.plain = await client.callTool({ name: 'plain', arguments: { n: 300 } });
out.throws = await client.callTool({ name: 'throws', arguments: {} });
out.expired = await client.readResource({ uri: 'budget://result/000000000000' }).then(() => 'no error', (e) => ({ code: e.code, message: e.message }));

const low = new Server({ name: 'low', version: '0.0.0' }, { capabilities: { tools: {} } });
withBudget(low, { maxChars: 2000 });
low.setRequestHandler(CallToolRequestSchema, async () => ({ content: [{ type: 'text', text: JSON.stringify(rows(300)) }] }));
const lowClient = await connect(low);
out.low = await lowClient.callTool({ name: 'any', arguments: {} });
out.lowPages = await pages(lowClient, out.low);
process.stdout.write(JSON.stringify(out));
process.exit(0);
`;

const outputs = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'modoki-budget-sdk-lines-'));
  await Promise.all(
    LINES.map(async (line, i) => {
      const project = join(dir, `line-${i}`);
      mkdirSync(project);
      writeFileSync(
        join(project, 'package.json'),
        JSON.stringify({ name: `line-${i}`, private: true, type: 'module' }),
      );
      await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...line.deps], { cwd: project });
      symlinkSync(root, join(project, 'node_modules', 'modoki-budget'));
      writeFileSync(join(project, 'check.mjs'), SCRIPT);
      const { stdout } = await run(process.execPath, ['check.mjs'], { cwd: project });
      const version = JSON.parse(
        readFileSync(join(project, 'node_modules', '@modelcontextprotocol', 'sdk', 'package.json'), 'utf8'),
      ).version;
      outputs.set(line.label, { ...JSON.parse(stdout), installed: version });
    }),
  );
}, 600_000);

type Block = { type: string; text?: string };
const rows = (n: number) => ({ rows: Array.from({ length: n }, (_, i) => ({ id: i, name: `row ${i}` })) });
const joinPages = (pages: string[]) => {
  const parsed = pages.map((p) => JSON.parse(p));
  return { ...parsed[0].rest, rows: parsed.flatMap((p) => p.items) };
};

describe.each(LINES)('withBudget on $label', (line) => {
  it('installed that line', () => {
    expect(String(outputs.get(line.label)?.installed).startsWith(line.sdk)).toBe(true);
  });

  it('budgets the McpServer: compact copy, a success over the cap whose structuredContent its Client accepts, faults, pages', () => {
    const out = outputs.get(line.label) as Record<
      string,
      { content: Block[]; isError?: boolean; structuredContent?: unknown }
    > & { bigPages: string[]; expired: unknown };
    expect(out.small).toEqual({
      content: [{ type: 'text', text: JSON.stringify(rows(2)) }],
      structuredContent: rows(2),
    });
    expect(out.big.isError).toBeUndefined();
    // Each tool's schema (as that SDK line lists it, { n }) and the call's arguments reach the preview.
    const schema = { properties: { n: { type: 'number' } } };
    const preview = (reply: { content: Block[] }) =>
      previewAnswer(rows(300), { maxChars: 2000, args: { n: 300 }, inputSchema: schema, link: linkOf(reply) });
    expect(out.big.content[0]).toEqual({ type: 'text', text: preview(out.big) });
    expect(out.big.structuredContent).toEqual(JSON.parse(preview(out.big)));
    expect(JSON.stringify(joinPages(out.bigPages))).toBe(JSON.stringify(rows(300)));
    expect(out.bigPages.every((p) => p.length <= 2000)).toBe(true);
    expect(out.plain.isError).toBeUndefined();
    expect(out.plain.content[0]).toEqual({ type: 'text', text: preview(out.plain) });
    expect(out.throws).toEqual({ content: [{ type: 'text', text: 'Tool "throws" failed: gone' }], isError: true });
    expect(out.expired).toEqual({
      code: -32602,
      message: 'MCP error -32602: budget://result/000000000000: expired or unknown result — call the tool again',
    });
  });

  it('budgets the low-level Server', () => {
    const out = outputs.get(line.label) as { low: { content: Block[] }; lowPages: string[] };
    // A low-level Server lists no tools to the policy: no schema, no arguments read.
    const link = linkOf(out.low)!;
    expect(out.low.content[0]).toEqual({
      type: 'text',
      text: previewAnswer(rows(300), { maxChars: 2000, args: {}, link }),
    });
    expect(JSON.parse(out.low.content[0].text as string).tooLarge).toBe(
      'The result is too large to show whole (8190 chars; the cap is 2000 chars), so this is a preview of it. ' +
        'This tool has no parameters that narrow its result; the pages hold the rest. ' +
        `${readSentence(link.id)}\n${link.map}`,
    );
    expect(JSON.stringify(joinPages(out.lowPages))).toBe(JSON.stringify(rows(300)));
  });
});
