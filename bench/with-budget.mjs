// withBudget's policy on a result under the cap against the encode call it wraps, in one
// process, as time ratios (target <= 1.1), plus what the example server's tools produce and
// send (chars and real cl100k tokens) under the editor and claudeCode presets.
//
//   node bench/with-budget.mjs [--quick]
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { scene } from './corpus.mjs';
import { compare, describeMachine, fmt, table } from './lib.mjs';
import { createServer } from '../examples/mcp-server/server.mjs';

const require = createRequire(import.meta.url);

/** The policy's cases, each with the encode call it wraps (same data, same caps). */
function cases(mb) {
  const editor = mb.createBudgetPolicy();
  const claude = mb.createBudgetPolicy({ preset: 'claudeCode' });
  const small = scene(20);
  const medium = scene(135);
  // Under claudeCode's 10,000 tokens (7,861 cl100k tokens).
  const underTokens = scene(60);
  const json = JSON.stringify(medium);
  const pretty = JSON.stringify(medium, null, 2);
  const tiny = { ok: true, id: 7 };
  return [
    // The policy's fixed cost per call, where encode itself costs almost nothing.
    { name: 'plain data, editor', input: `a 2-key object (${JSON.stringify(tiny).length} chars)`, policy: () => editor.apply('t', tiny), encode: () => mb.encode(tiny), target: '' },
    { name: 'plain data, editor', input: `scene 135 entities (${json.length} chars)`, policy: () => editor.apply('t', medium), encode: () => mb.encode(medium), target: '<= 1.1' },
    { name: 'plain data, editor', input: `scene 20 entities (${JSON.stringify(small).length} chars)`, policy: () => editor.apply('t', small), encode: () => mb.encode(small), target: '<= 1.1' },
    {
      name: 'plain data, claudeCode (token cap)',
      input: `scene 60 entities (${JSON.stringify(underTokens).length} chars)`,
      policy: () => claude.apply('t', underTokens),
      encode: () => mb.encode(underTokens, { maxChars: 50000, maxTokens: 10000 }),
      target: '<= 1.1',
    },
    {
      name: 'structuredContent + compact text copy',
      input: `scene 135 entities (${json.length} chars)`,
      policy: () => editor.apply('t', { content: [{ type: 'text', text: json }], structuredContent: medium }, { hasOutputSchema: true }),
      encode: () => mb.encode(medium),
      target: '',
    },
    {
      name: 'structuredContent + pretty text copy (re-derived)',
      input: `scene 135 entities (${json.length} chars)`,
      policy: () => editor.apply('t', { content: [{ type: 'text', text: pretty }], structuredContent: medium }, { hasOutputSchema: true }),
      encode: () => mb.encode(medium),
      target: '',
    },
  ];
}

const EXAMPLE_CALLS = [
  ['get_scene_state', {}],
  ['get_scene_state', { id: 3 }],
  ['get_scene_state', { full: true }],
  ['get_layout_bounds', {}],
  ['get_layout_bounds', { full: true }],
  ['get_console_logs', {}],
  ['get_console_logs', { full: true }],
];

/** `onResult` of every example call under one budget. */
async function exampleInfos(budget) {
  const infos = [];
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await createServer({ budget: { ...budget, onResult: (info) => infos.push(info) } }).connect(serverSide);
  const client = new Client({ name: 'bench', version: '0.0.0' });
  await client.connect(clientSide);
  for (const [name, args] of EXAMPLE_CALLS) await client.callTool({ name, arguments: args });
  await client.close();
  return infos;
}

export async function run({ quick = false } = {}) {
  const mb = require('modoki-budget');
  const opts = quick ? { samples: 3, minMs: 20, rounds: 1 } : { samples: 9, minMs: 80, rounds: 5 };
  const rows = cases(mb).map((c) => {
    const t = compare(c.policy, c.encode, opts);
    return { bench: c.name, input: c.input, ratio: t.a / t.b, policyMs: t.a, encodeMs: t.b, target: c.target };
  });
  const editor = await exampleInfos({});
  const claude = await exampleInfos({ preset: 'claudeCode' });
  const sizes = EXAMPLE_CALLS.map(([name, args], i) => ({
    call: `${name} ${JSON.stringify(args)}`,
    producedChars: editor[i].charsIn,
    producedTokens: editor[i].tokensIn,
    editorChars: editor[i].charsOut,
    editorTokens: editor[i].tokensOut,
    editorElided: editor[i].elided,
    claudeCodeChars: claude[i].charsOut,
    claudeCodeTokens: claude[i].tokensOut,
    claudeCodeElided: claude[i].elided,
  }));
  return { name: 'with-budget', machine: describeMachine(), rows, sizes };
}

export function print(result) {
  console.log(`## withBudget policy vs the encode call it wraps (under the cap)\n${result.machine}\n`);
  const columns = ['case', 'input', 'time ratio (policy / encode)', 'target', 'policy µs', 'encode µs', 'policy − encode µs'];
  const rows = result.rows.map((r) => ({
    case: r.bench,
    input: r.input,
    'time ratio (policy / encode)': fmt(r.ratio),
    target: r.target,
    'policy µs': fmt(r.policyMs * 1000, 2),
    'encode µs': fmt(r.encodeMs * 1000, 2),
    'policy − encode µs': fmt((r.policyMs - r.encodeMs) * 1000, 2),
  }));
  console.log(table(rows, columns));
  console.log('\n## example server: produced by the tool → sent (chars / cl100k tokens)\n');
  const cell = (chars, tokens, elided) => `${chars} / ${tokens}${elided ? ' (elided)' : ''}`;
  console.log(
    table(
      result.sizes.map((s) => ({ call: s.call, produced: cell(s.producedChars, s.producedTokens, false), 'sent, editor': cell(s.editorChars, s.editorTokens, s.editorElided), 'sent, claudeCode': cell(s.claudeCodeChars, s.claudeCodeTokens, s.claudeCodeElided) })),
      ['call', 'produced', 'sent, editor', 'sent, claudeCode'],
    ),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) print(await run({ quick: process.argv.includes('--quick') }));
