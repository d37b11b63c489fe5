// compactMenu: a server's menu as describe_tools + call_tool with a catalog. The tool lists
// come from the real servers over stdio, exactly as they send them; every token figure is
// checked against npm tiktoken's count of the same text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get_encoding } from 'tiktoken';
import { compactMenu, countTokens, menuCost, type McpTool } from 'modoki-budget';
import * as esm from '../node/index.mjs';
import { liveTools as live } from './support/live-tools';

const require = createRequire(import.meta.url);
const cjs = require('modoki-budget');

const root = join(__dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'compact-test-'));
const enc = get_encoding('cl100k_base');
afterAll(() => enc.free());
const tiktoken = (text: string) => enc.encode_ordinary(text).length;
const server = (path: string, ...args: string[]) => [
  process.execPath,
  require.resolve(`@modelcontextprotocol/${path}`),
  ...args,
];

const liveTools = (command: string[]) =>
  live(command, { ...process.env, MEMORY_FILE_PATH: join(scratch, 'memory.jsonl') });

const menus: Record<string, McpTool[]> = {};
beforeAll(async () => {
  menus['server-filesystem'] = await liveTools(server('server-filesystem/dist/index.js', scratch));
  menus['server-memory'] = await liveTools(server('server-memory/dist/index.js'));
  menus['server-everything'] = await liveTools(server('server-everything/dist/index.js', 'stdio'));
  menus['samples/tools.json'] = JSON.parse(readFileSync(join(root, 'samples', 'tools.json'), 'utf8'));
});

const callDescription = (tools: McpTool[]) => tools[1].description as string;

describe('compactMenu on real servers', () => {
  it('meets the targets: server-filesystem at most 500 tokens, 15% of any menu of 10+ tools, describing all at most 1.1x', () => {
    for (const [name, tools] of Object.entries(menus)) {
      const full = menuCost(tools).tokens;
      const menu = compactMenu(tools);
      const counted = menu.tools.reduce((s, t) => s + tiktoken(JSON.stringify(t)), 0);
      expect({ name, tokens: menu.tokens, fullTokens: menu.fullTokens }).toEqual({
        name,
        tokens: counted,
        fullTokens: full,
      });
      if (tools.length >= 10) expect(menu.tokens, name).toBeLessThanOrEqual(Math.floor(full * 0.15));
      expect(menu.withinBudget, name).toBe(true);
      const all = menu.describe(tools.map((t) => t.name));
      expect(all.every((t, i) => t === tools[i])).toBe(true);
      expect(countTokens(JSON.stringify(all)), name).toBeLessThanOrEqual(full * 1.1);
      expect(menu.catalog).toEqual(tools.map((t) => t.name));
    }
    expect(compactMenu(menus['server-filesystem']).tokens).toBeLessThanOrEqual(500);
  });

  it("server-filesystem's catalog is each tool's first sentence", () => {
    const menu = compactMenu(menus['server-filesystem']);
    expect(menu.tools.map((t) => t.name)).toEqual(['describe_tools', 'call_tool']);
    expect(menu.format).toBe('prose');
    expect(menu.words).toBe(24);
    expect(JSON.stringify(menu.tools[0])).toBe(
      '{"name":"describe_tools","description":"Full definitions (input schemas) of the named tools call_tool lists.","inputSchema":{"type":"object","properties":{"names":{"type":"array","items":{"type":"string"}}},"required":["names"]}}',
    );
    expect(callDescription(menu.tools)).toBe(
      [
        'Calls a tool with its arguments (describe_tools gives their schemas). Tools:',
        'read_file: Read the complete contents of a file as text',
        'read_text_file: Read the complete contents of a file from the file system as text',
        'read_media_file: Read a file and return it as a base64-encoded content block with its MIME type',
        'read_multiple_files: Read the contents of multiple files simultaneously',
        'write_file: Create a new file or completely overwrite an existing file with new content',
        'edit_file: Make line-based edits to a text file',
        'create_directory: Create a new directory or ensure a directory exists',
        'list_directory: Get a detailed listing of all files and directories in a specified path',
        'list_directory_with_sizes: Get a detailed listing of all files and directories in a specified path, including sizes',
        'directory_tree: Get a recursive tree view of files and directories as a JSON structure',
        'move_file: Move or rename files and directories',
        'search_files: Recursively search for files and directories matching a pattern',
        'get_file_info: Retrieve detailed metadata about a file or directory',
        'list_allowed_directories: Returns the list of directories that this server is allowed to access',
      ].join('\n'),
    );
    expect(JSON.stringify(menu.tools[1].inputSchema)).toBe(
      '{"type":"object","properties":{"name":{"type":"string"},"arguments":{"type":"object"}},"required":["name"]}',
    );
  });

  it('routes call_tool arguments to the server tool and keeps tools as themselves', () => {
    const tools = menus['server-filesystem'];
    const menu = compactMenu(tools, { keep: ['read_text_file', 'no_such_tool'] });
    expect(menu.tools.map((t) => t.name)).toEqual(['describe_tools', 'call_tool', 'read_text_file']);
    expect(menu.tools[2]).toBe(tools.find((t) => t.name === 'read_text_file'));
    expect(menu.kept).toEqual(['read_text_file']);
    expect(menu.missingKeep).toEqual(['no_such_tool']);
    expect(menu.catalog).not.toContain('read_text_file');
    expect(callDescription(menu.tools)).not.toMatch(/^read_text_file:/m);
    expect(menu.route({ name: 'read_text_file', arguments: { path: '/x' } })).toEqual({
      name: 'read_text_file',
      arguments: { path: '/x' },
    });
    expect(menu.route({ name: 'list_allowed_directories' })).toEqual({
      name: 'list_allowed_directories',
      arguments: undefined,
    });
  });
});

function thrown(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    const e = error as Error & { code?: string };
    return { code: e.code, message: e.message, isError: e instanceof Error };
  }
  throw new Error('did not throw');
}

describe('compactMenu errors and bad input', () => {
  const tools = (names: string[]): McpTool[] =>
    names.map((name) => ({ name, description: `Does ${name}.`, inputSchema: { type: 'object' } }));

  it('an unknown name lists what exists, the closest first on a large menu', () => {
    const small = compactMenu(tools(['read_file', 'write_file']));
    expect(thrown(() => small.route({ name: 'raed_file' }))).toEqual({
      code: 'UNKNOWN_TOOL',
      message: 'Unknown tool "raed_file". Tools: read_file, write_file.',
      isError: true,
    });
    expect(thrown(() => small.describe(['read_file', 'nope']))).toEqual({
      code: 'UNKNOWN_TOOL',
      message: 'Unknown tool "nope". Tools: read_file, write_file.',
      isError: true,
    });
    const names = Array.from({ length: 40 }, (_, i) => `tool_${String(i).padStart(2, '0')}`);
    const large = compactMenu(tools([...names, 'read_file', 'read_files']));
    expect(thrown(() => large.route({ name: 'read_fil' })).message).toBe(
      'Unknown tool "read_fil". Closest: read_file, read_files, tool_00, tool_01, tool_02, tool_03, tool_04, tool_05, tool_06, tool_07 (32 more; the call_tool description lists every tool).',
    );
  });

  it('describe and route refuse malformed arguments with INVALID_INPUT', () => {
    const menu = compactMenu(tools(['a']));
    expect(thrown(() => menu.describe('a' as unknown as string[]))).toEqual({
      code: 'INVALID_INPUT',
      message: 'describe_tools: names must be an array of tool names, got string.',
      isError: true,
    });
    expect(thrown(() => menu.route({ name: 3 } as never)).message).toBe(
      'call_tool: name must be a tool name, got number.',
    );
    expect(thrown(() => menu.route({ name: 'a', arguments: [1] } as never)).message).toBe(
      'call_tool: arguments must be an object, got array.',
    );
    expect(menu.describe([])).toEqual([]);
  });

  it('zero tools, duplicate names and bad options', () => {
    const empty = compactMenu([]);
    expect(callDescription(empty.tools)).toBe(
      'Calls a tool with its arguments (describe_tools gives their schemas). Tools: none',
    );
    expect(empty.catalog).toEqual([]);
    expect(thrown(() => empty.route({ name: 'x' })).message).toBe('Unknown tool "x". The server lists no tools.');
    expect(thrown(() => compactMenu(tools(['a', 'b', 'a'])))).toEqual({
      code: 'DUPLICATE_TOOL',
      message: 'Two tools are named "a"; a call by name could not say which.',
      isError: true,
    });
    expect(thrown(() => compactMenu(tools(['a']), { keep: 'a' } as never))).toMatchObject({
      code: 'INVALID_OPTION',
      message: 'compactMenu: keep must be an array of tool names, got string.',
    });
    expect(thrown(() => compactMenu(tools(['a']), { maxTokens: -1 }))).toMatchObject({
      code: 'INVALID_OPTION',
      message: 'compactMenu: maxTokens must be an integer >= 0, got -1.',
    });
    expect(thrown(() => compactMenu(tools(['a']), { keepp: [] } as never)).code).toBe('INVALID_OPTION');
    expect(thrown(() => compactMenu({} as never)).code).toBe('INVALID_INPUT');
    expect(thrown(() => compactMenu([{ description: 'no name' }] as never)).message).toBe(
      'tools[0] must be an object with a string "name".',
    );
  });

  it('server tools named call_tool or describe_tools move both meta tools to a free suffix', () => {
    const list = tools(['call_tool', 'other', 'describe_tools_2']);
    const menu = compactMenu(list);
    expect([menu.describeName, menu.callName]).toEqual(['describe_tools_3', 'call_tool_3']);
    expect(menu.tools.map((t) => t.name)).toEqual(['describe_tools_3', 'call_tool_3']);
    expect(menu.route({ name: 'call_tool', arguments: { x: 1 } })).toEqual({
      name: 'call_tool',
      arguments: { x: 1 },
    });
    expect(callDescription(menu.tools)).toBe(
      'Calls a tool with its arguments (describe_tools_3 gives their schemas). Tools:\ncall_tool: Does call_tool\nother: Does other\ndescribe_tools_2: Does describe_tools_2',
    );
  });

  it('odd names are quoted in the catalog and stay callable, __proto__ included', () => {
    const odd = ['a: b', 'line\nbreak', '"quoted"', 'ünï', '__proto__', 'plain-name.v2/x'];
    const menu = compactMenu(tools(odd));
    expect(callDescription(menu.tools).split('\n').slice(1)).toEqual([
      '"a: b": Does a: b',
      '"line\\nbreak": Does line',
      '"\\"quoted\\"": Does "quoted"',
      '"ünï": Does ünï',
      '__proto__: Does __proto__',
      'plain-name.v2/x: Does plain-name.v2/x',
    ]);
    expect(menu.describe(['__proto__'])[0].name).toBe('__proto__');
    expect(menu.route({ name: 'line\nbreak' }).name).toBe('line\nbreak');
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it('2,000 tools: every name in the catalog, within 15% of the full menu', () => {
    const many: McpTool[] = Array.from({ length: 2000 }, (_, i) => ({
      name: `svc${i % 9}.op_${i}`,
      description: `Performs operation ${i} on the service and returns its status, its timing and any warnings it raised.`,
      inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'The target id.' } } },
    }));
    const menu = compactMenu(many);
    expect(menu.withinBudget).toBe(true);
    expect(menu.tokens).toBeLessThanOrEqual(Math.floor(menuCost(many).tokens * 0.15));
    expect(menu.catalog).toHaveLength(2000);
    const text = callDescription(menu.tools);
    for (const t of many) expect(text.includes(t.name)).toBe(true);
    expect(menu.tokens).toBe(menu.tools.reduce((s, t) => s + tiktoken(JSON.stringify(t)), 0));
  });

  it('an explicit budget picks the largest word cap that fits, down to names only', () => {
    const list = menus['server-memory'];
    const rich = compactMenu(list);
    const tight = compactMenu(list, { maxTokens: rich.tokens - 20 });
    expect(tight.words).toBeLessThan(rich.words);
    expect(tight.tokens).toBeLessThanOrEqual(rich.tokens - 20);
    expect(compactMenu(list, { maxTokens: tight.tokens }).words).toBe(tight.words);
    const none = compactMenu(list, { maxTokens: 1 });
    expect([none.words, none.withinBudget]).toEqual([0, false]);
    expect(callDescription(none.tools)).toContain('create_entities');
  });

  it('is the same function from ESM and CJS', () => {
    expect(esm.compactMenu).toBeTypeOf('function');
    const list = menus['server-everything'];
    const { describe: d1, route: r1, ...a } = esm.compactMenu(list);
    const { describe: d2, route: r2, ...b } = cjs.compactMenu(list);
    expect(a).toEqual(b);
    expect([d1, r1, d2, r2].every((f) => typeof f === 'function')).toBe(true);
  });
});
