// The compact menu in both adapters: the proxy (`--menu compact`) in front of the real servers,
// and withBudget (`menu: 'compact'`) on an SDK server, each driven by the SDK's own Client;
// the bytes of routed results are compared with direct calls through a line client.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { compactMenu, countTokens, menuCost, withBudget, type McpTool } from 'modoki-budget';
import { liveTools } from './support/live-tools';
import { bin, initializeParams, lineClient, root, within, type LineClient } from './support/line-client';

const require = createRequire(import.meta.url);

const scratch = mkdtempSync(join(tmpdir(), 'compact-proxy-'));
mkdirSync(join(scratch, 'tree'));
for (let i = 0; i < 60; i++) writeFileSync(join(scratch, 'tree', `file-${i}.txt`), `line ${i}\n`);
writeFileSync(join(scratch, 'notes.txt'), 'exact text\r\n  with "quotes" and ünïcode\n');
const env = { ...process.env, MEMORY_FILE_PATH: join(scratch, 'memory.jsonl') };
const filesystem = [
  process.execPath,
  require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js'),
  scratch,
];
const everything = [
  process.execPath,
  require.resolve('@modelcontextprotocol/server-everything/dist/index.js'),
  'stdio',
];
const toolsServer = join(root, 'js-tests', 'fixtures', 'tools-server.mjs');

const clients: Client[] = [];
const lines: LineClient[] = [];
afterAll(async () => {
  for (const c of clients) await c.close();
  for (const l of lines) {
    l.child.stdin.end();
    await within(l.exit, 10_000, 'proxy exit');
  }
});

async function sdkProxy(flags: string[], server: string[]): Promise<Client> {
  const client = new Client({ name: 'compact-proxy-test', version: '1' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'proxy', ...flags, '--', ...server],
    env: env as Record<string, string>,
    stderr: 'ignore',
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const rawTools = (command: string[]) => liveTools(command, env);

/**
 * `text` with the id of every kept result it links (budget://result/<id>) written `<id>`
 * wherever it occurs: in the link, its name and the read_result call the answer's line gives.
 */
function unId(text: string): string {
  const ids = new Set([...text.matchAll(/budget:\/\/result\/([A-Za-z0-9_-]+)/g)].map((m) => m[1]));
  for (const id of ids) text = text.replaceAll(id, '<id>');
  return text;
}

async function lineProxy(flags: string[]): Promise<LineClient> {
  const client = lineClient([bin, 'proxy', ...flags, '--', ...filesystem]);
  lines.push(client);
  await client.request('initialize', initializeParams);
  client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return client;
}

describe('proxy --menu compact', () => {
  it('lists two tools within the targets; describe_tools answers the definitions exactly as the server lists them', async () => {
    const client = await sdkProxy(['--menu', 'compact'], filesystem);
    const listed = (await client.listTools()).tools;
    expect(listed.map((t) => t.name)).toEqual(['describe_tools', 'call_tool', 'read_result']);
    const server = await rawTools(filesystem);
    const menu = compactMenu(server);
    expect(listed[1].description).toBe(menu.tools[1].description);
    expect(menu.tokens).toBeLessThanOrEqual(500);
    expect(menu.tokens).toBeLessThanOrEqual(menuCost(server).tokens * 0.15);
    const names = server.map((t) => t.name);
    const described = await client.callTool({ name: 'describe_tools', arguments: { names } });
    expect(described).toEqual({ content: [{ type: 'text', text: JSON.stringify(server) }] });
    expect(countTokens(JSON.stringify(server))).toBeLessThanOrEqual(menuCost(server).tokens * 1.1);
  });

  it('call_tool results are byte for byte the direct call through the same budget, over the cap included', async () => {
    const flags = ['--max-chars', '1000'];
    const compact = await lineProxy([...flags, '--menu', 'compact']);
    const full = await lineProxy(flags);
    const calls: Array<[string, object]> = [
      ['read_text_file', { path: join(scratch, 'notes.txt') }],
      ['directory_tree', { path: scratch }],
      ['read_text_file', { path: join(scratch, 'missing.txt') }],
    ];
    for (const [i, [name, args]] of calls.entries()) {
      const id = 100 + i;
      const routed = await compact.request(
        'tools/call',
        { name: 'call_tool', arguments: { name, arguments: args } },
        id,
      );
      const direct = await full.request('tools/call', { name, arguments: args }, id);
      expect(unId(routed.line)).toBe(unId(direct.line));
    }
    const over = await compact.request('tools/call', {
      name: 'call_tool',
      arguments: { name: 'directory_tree', arguments: { path: scratch } },
    });
    expect(over.message.result.content[0].text.length).toBeLessThanOrEqual(1000);
    expect(over.line).toContain('budget://result/');
  });

  it('keeps tools as themselves, refuses unknown names naming what exists, and follows nextCursor', async () => {
    const client = await sdkProxy(['--menu', 'compact', '--menu-keep', 'echo'], everything);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
      'describe_tools',
      'call_tool',
      'echo',
      'read_result',
    ]);
    expect(await client.callTool({ name: 'echo', arguments: { message: 'hi' } })).toEqual({
      content: [{ type: 'text', text: 'Echo: hi' }],
    });
    expect(
      await client.callTool({ name: 'call_tool', arguments: { name: 'get-sum', arguments: { a: 1, b: 2 } } }),
    ).toEqual({ content: [{ type: 'text', text: 'The sum of 1 and 2 is 3.' }] });
    const unknown = await client.callTool({ name: 'call_tool', arguments: { name: 'get-summ' } });
    expect(unknown).toEqual({
      content: [
        {
          type: 'text',
          text: 'Unknown tool "get-summ". Tools: echo, get-annotated-message, get-env, get-resource-links, get-resource-reference, get-structured-content, get-sum, get-tiny-image, gzip-file-as-resource, toggle-simulated-logging, toggle-subscriber-updates, trigger-long-running-operation, simulate-research-query.',
        },
      ],
      isError: true,
    });
    const paged = await sdkProxy(
      ['--menu', 'compact'],
      [process.execPath, toolsServer, join(root, 'samples', 'tools.json'), '--page-size', '5'],
    );
    const catalog = (await paged.listTools()).tools[1].description as string;
    const sample: McpTool[] = require('../samples/tools.json');
    expect(catalog).toBe(compactMenu(sample).tools[1].description);
    expect(sample.every((t) => catalog.includes(`\n${t.name}: `))).toBe(true);
  });

  it('usage errors for the menu flags', () => {
    const { spawnSync } = require('node:child_process');
    const run = (args: string[]) =>
      spawnSync(process.execPath, [bin, 'proxy', ...args, '--', 'x'], { encoding: 'utf8' });
    expect(run(['--menu', 'tiny']).stderr).toBe(
      "modoki-budget proxy: --menu must be 'full' or 'compact', got \"tiny\".\n",
    );
    expect(run(['--menu-keep', 'a']).stderr).toBe("modoki-budget proxy: --menu-keep needs --menu 'compact'.\n");
    expect(run(['--menu', 'compact', '--measure-only']).stderr).toBe(
      'modoki-budget proxy: --menu compact changes what the client is sent; it cannot go with --measure-only\n',
    );
  });
});

describe("withBudget(server, { menu: 'compact' })", () => {
  function server() {
    const s = new McpServer({ name: 'compact-sdk', version: '1.0.0' });
    s.registerTool(
      'rows',
      { description: 'Lists rows. By default all of them; the list is large.', inputSchema: { n: z.number() } },
      async ({ n }) => ({
        content: [
          { type: 'text', text: JSON.stringify(Array.from({ length: n }, (_, i) => ({ id: i, name: `row ${i}` }))) },
        ],
      }),
    );
    s.registerTool('ping', { description: 'Answers pong.' }, async () => ({
      content: [{ type: 'text', text: 'pong' }],
    }));
    return s;
  }
  async function connected(s: McpServer, options: object) {
    const [a, b] = InMemoryTransport.createLinkedPair();
    await withBudget(s, options).connect(a);
    const client = new Client({ name: 'compact-sdk-test', version: '1' });
    await client.connect(b);
    clients.push(client);
    return client;
  }

  it('routes through the same policy as a direct call and refreshes the catalog on list_changed', async () => {
    const s = server();
    const compact = await connected(s, { menu: 'compact', maxChars: 1000 });
    const full = await connected(server(), { maxChars: 1000 });
    expect((await compact.listTools()).tools.map((t) => t.name)).toEqual([
      'describe_tools',
      'call_tool',
      'read_result',
    ]);
    const routed = await compact.callTool({ name: 'call_tool', arguments: { name: 'rows', arguments: { n: 200 } } });
    const direct = await full.callTool({ name: 'rows', arguments: { n: 200 } });
    expect(unId(JSON.stringify(routed))).toBe(unId(JSON.stringify(direct)));
    expect(routed.content).toHaveLength(2);

    let changed = 0;
    compact.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
    s.registerTool('added_later', { description: 'Arrives after connect.' }, async () => ({
      content: [{ type: 'text', text: 'late' }],
    }));
    await within(
      (async () => {
        while (changed === 0) await new Promise((r) => setTimeout(r, 10));
      })(),
      5000,
      'list_changed',
    );
    const relisted = (await compact.listTools()).tools;
    expect(relisted[1].description).toMatch(/\nadded_later: Arrives after connect$/);
    expect(await compact.callTool({ name: 'call_tool', arguments: { name: 'added_later' } })).toEqual({
      content: [{ type: 'text', text: 'late' }],
    });
  });

  it('bad menu options are INVALID_OPTION', () => {
    expect(() => withBudget(server(), { menu: 'small' } as never)).toThrow(
      "menu must be 'full' or 'compact', got \"small\".",
    );
    expect(() => withBudget(server(), { menuKeep: ['ping'] })).toThrow("menuKeep needs menu 'compact'.");
  });
});
