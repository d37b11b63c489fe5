// The compact menu against the full menu it replaces and against mcp-compressor's four levels,
// side by side on real servers run over stdio (server-filesystem, server-memory,
// server-everything, and samples/tools.json served by a small tools server). Every count is
// cl100k_base through the package's own menuCost/countTokens, over exactly the tool objects a
// client is sent.
//
//   node bench/menu-compact.mjs [--show]
//
// mcp-compressor (PyPI) runs when MCP_COMPRESSOR names its executable (or `mcp-compressor` is
// on PATH); otherwise one line says it was skipped. --show prints each compact menu's call tool
// description (the catalog) for docs/menu.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine, table } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { spawnServer, terminate } = require('../node/proxy/child.cjs');
const { connect, initialize, listTools } = require('../node/proxy/mcp-client.cjs');

const LEVELS = ['low', 'medium', 'high', 'max'];
const n = (x) => (typeof x === 'number' ? x.toLocaleString('en-US') : x);

function sources() {
  const scratch = mkdtempSync(join(tmpdir(), 'menu-compact-'));
  const server = (pkg, ...args) => [process.execPath, require.resolve(`@modelcontextprotocol/${pkg}`), ...args];
  return [
    { name: 'server-filesystem', command: server('server-filesystem/dist/index.js', scratch) },
    { name: 'server-memory', command: server('server-memory/dist/index.js') },
    { name: 'server-everything', command: server('server-everything/dist/index.js', 'stdio') },
    {
      name: 'samples/tools.json',
      command: [
        process.execPath,
        join(root, 'js-tests', 'fixtures', 'tools-server.mjs'),
        join(root, 'samples', 'tools.json'),
      ],
    },
  ].map((s) => ({ ...s, env: { ...process.env, MEMORY_FILE_PATH: join(scratch, 'memory.jsonl') } }));
}

/** Runs `command`, lists its tools, lets `also(client, tools)` ask more, stops it. */
async function withServer(command, env, also = async () => undefined) {
  const child = await spawnServer(command, { env, stderr: 'ignore' });
  try {
    const client = connect(child, { timeoutMs: 60_000 });
    await initialize(client, { name: 'menu-compact-bench', version: '1.0.0' });
    const tools = await listTools(client);
    return { tools, more: await also(client, tools) };
  } finally {
    await terminate(child);
  }
}

function compressorPath() {
  if (process.env.MCP_COMPRESSOR) return process.env.MCP_COMPRESSOR;
  const found = spawnSync('mcp-compressor', ['--version'], { encoding: 'utf8' });
  return found.status === 0 ? 'mcp-compressor' : null;
}

/** mcp-compressor's menu at `level` in front of `command`, and its mean schema-lookup cost. */
async function compressorMenu(exe, level, source, api) {
  const command = [exe, '--compression', level, '--', ...source.command];
  const { tools, more } = await withServer(command, source.env, async (client, listed) => {
    const lookup = listed.find((t) => t.name.endsWith('get_tool_schema'));
    if (lookup === undefined) return null;
    let total = 0;
    for (const name of source.names) {
      const result = await client.request('tools/call', { name: lookup.name, arguments: { tool_name: name } });
      total += api.countTokens(result.content.map((c) => c.text ?? '').join(''));
    }
    return Math.round(total / source.names.length);
  });
  return { tokens: api.menuCost(tools).tokens, lookup: more };
}

export async function run({ show = false } = {}) {
  const api = require('modoki-budget');
  const exe = compressorPath();
  const rows = [];
  const shown = [];
  for (const source of sources()) {
    const { tools } = await withServer(source.command, source.env);
    source.names = tools.map((t) => t.name);
    const full = api.menuCost(tools).tokens;
    const menu = api.compactMenu(tools);
    const described = api.countTokens(JSON.stringify(menu.describe(source.names)));
    const perTool = Math.round(tools.reduce((s, t) => s + api.countTokens(JSON.stringify([t])), 0) / tools.length);
    // Listing a described tool directly afterwards: what it adds to every later turn's menu,
    // against what calling it through call_tool adds to each call (the model writes the
    // wrapper: the call tool's name and {"name":…,"arguments":…} around the arguments).
    const keepCost =
      tools.reduce((s, t) => s + api.compactMenu(tools, { keep: [t.name] }).tokens - menu.tokens, 0) / tools.length;
    const wrapper =
      tools.reduce(
        (s, t) =>
          s +
          api.countTokens(menu.callName) +
          api.countTokens(JSON.stringify({ name: t.name, arguments: {} })) -
          api.countTokens(t.name) -
          api.countTokens('{}'),
        0,
      ) / tools.length;
    const row = {
      menu: source.name,
      tools: tools.length,
      full: n(full),
      compact: n(menu.tokens),
      'compact/full': `${((menu.tokens / full) * 100).toFixed(1)}%`,
      catalog: `${menu.format}, ${menu.words} words`,
      'describe all': `${n(described)} (${(described / full).toFixed(2)}x)`,
      'describe one': n(perTool),
      'list one after': `+${Math.round(keepCost)}/turn vs +${wrapper.toFixed(1)}/call`,
    };
    if (exe !== null) {
      for (const level of LEVELS) {
        const c = await compressorMenu(exe, level, source, api);
        row[`mcp-c ${level}`] = n(c.tokens);
        if (level === 'medium') row['mcp-c lookup'] = n(c.lookup);
      }
    }
    rows.push(row);
    if (show) shown.push({ name: source.name, tools: menu.tools });
  }
  return { machine: describeMachine(), compressor: exe, rows, shown };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { machine, compressor, rows, shown } = await run({ show: process.argv.includes('--show') });
  console.log(`menu-compact: ${machine}`);
  console.log('Tokens per planning turn (cl100k_base) of the menu a client is sent.');
  if (compressor === null)
    console.log('mcp-compressor: skipped (not found; set MCP_COMPRESSOR to its executable, e.g. from a venv)');
  else {
    const version = spawnSync(compressor, ['--version'], { encoding: 'utf8' }).stdout.trim();
    console.log(`mcp-compressor: ${version} (${compressor}); lookup = its mean get_tool_schema result`);
  }
  console.log(table(rows, Object.keys(rows[0])));
  for (const { name, tools } of shown) console.log(`\n### ${name}\n\n${JSON.stringify(tools, null, 1)}`);
}
