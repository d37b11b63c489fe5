// withBudget's policy on a result under the cap against the encode call it wraps, in one
// process, as time ratios (target <= 1.1); over the cap against one encode plus one token count
// of the same text (target <= 2.5, and >= 50 MB/s) with the WebAssembly calls each result
// makes, and against the floor no answer for a value can go under: its JSON.stringify plus one
// token count of that text; plus what the example server's tools produce and send (chars and
// real cl100k tokens) under the editor and claudeCode presets. The token-cap cases time the
// policy with a token cap (50,000 chars and 10,000 tokens), the path that counts tokens.
//
//   node bench/with-budget.mjs [--quick] [--before <checkout>]
//
// --before times another checkout's policy (<checkout>/node/mcp/policy.cjs, with its own built
// pkg/) beside this one on every case, in the same process: the before/after of a change.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { scene } from '../examples/corpus.mjs';
import { compare, describeMachine, fastestOf, fmt, table } from './lib.mjs';
import { createServer } from '../examples/mcp-server/server.mjs';

const require = createRequire(import.meta.url);

/** The caps of the token-cap cases: the path that counts tokens (no client preset sets one). */
const TOKEN_CAP = { maxChars: 50000, maxTokens: 10000 };

/** The policy's cases, each with the encode call it wraps (same data, same caps). */
function cases(mb, createBudgetPolicy) {
  const editor = createBudgetPolicy();
  const claude = createBudgetPolicy(TOKEN_CAP);
  const small = scene(20);
  const medium = scene(135);
  // Under the 10,000-token cap (7,861 cl100k tokens).
  const underTokens = scene(60);
  const json = JSON.stringify(medium);
  const pretty = JSON.stringify(medium, null, 2);
  const tiny = { ok: true, id: 7 };
  return [
    // The policy's fixed cost per call, where encode itself costs almost nothing.
    {
      name: 'plain data, editor',
      input: `a 2-key object (${JSON.stringify(tiny).length} chars)`,
      policy: () => editor.apply('t', tiny),
      encode: () => mb.encode(tiny),
      target: '',
    },
    {
      name: 'plain data, editor',
      input: `scene 135 entities (${json.length} chars)`,
      policy: () => editor.apply('t', medium),
      encode: () => mb.encode(medium),
      target: '<= 1.1',
    },
    {
      name: 'plain data, editor',
      input: `scene 20 entities (${JSON.stringify(small).length} chars)`,
      policy: () => editor.apply('t', small),
      encode: () => mb.encode(small),
      target: '<= 1.1',
    },
    {
      name: 'plain data, a token cap',
      input: `scene 60 entities (${JSON.stringify(underTokens).length} chars)`,
      policy: () => claude.apply('t', underTokens),
      encode: () => mb.encode(underTokens, { maxChars: 50000, maxTokens: 10000 }),
      target: '<= 1.1',
    },
    {
      name: 'structuredContent + compact text copy',
      input: `scene 135 entities (${json.length} chars)`,
      policy: () =>
        editor.apply(
          't',
          { content: [{ type: 'text', text: json }], structuredContent: medium },
          { hasOutputSchema: true },
        ),
      encode: () => mb.encode(medium),
      target: '',
    },
    {
      name: 'structuredContent + pretty text copy (re-derived)',
      input: `scene 135 entities (${json.length} chars)`,
      policy: () =>
        editor.apply(
          't',
          { content: [{ type: 'text', text: pretty }], structuredContent: medium },
          { hasOutputSchema: true },
        ),
      encode: () => mb.encode(medium),
      target: '',
    },
  ];
}

/**
 * Over the cap: the policy (envelope, pages within both caps, store) against what any answer
 * must at least cost, one encode of the data plus one token count of its text; and against the
 * floor under that, `JSON.stringify` of the value plus one count of the fresh text (written
 * into WebAssembly memory as the policy writes it), which no policy can go under for a value
 * handed over as an object: how far the policy's own work is from it, on this machine.
 */
function overCapCases(mb, createBudgetPolicy) {
  const editor = createBudgetPolicy();
  const claude = createBudgetPolicy(TOKEN_CAP);
  const big = scene(2400);
  const json = JSON.stringify(big);
  const mid = scene(730);
  const midJson = JSON.stringify(mid);
  const structured = (data, text) => ({ content: [{ type: 'text', text }], structuredContent: data });
  return [
    {
      name: 'over the cap, a token cap, structuredContent + text copy',
      input: `scene 2400 entities (${json.length} chars)`,
      chars: json.length,
      policy: () => claude.apply('t', structured(big, json), { hasOutputSchema: true }),
      baseline: () => mb.countTokens(json) + mb.encode(big, { maxChars: 50000, maxTokens: 10000 }).length,
      floor: () => mb.countTokens(JSON.stringify(big)),
      target: '<= 2.5, >= 50 MB/s',
    },
    {
      name: 'over the cap, a token cap, plain data',
      input: `scene 730 entities (${midJson.length} chars)`,
      chars: midJson.length,
      policy: () => claude.apply('t', mid),
      baseline: () => mb.countTokens(midJson) + mb.encode(mid, { maxChars: 50000, maxTokens: 10000 }).length,
      floor: () => mb.countTokens(JSON.stringify(mid)),
      target: '<= 2.5',
    },
    {
      name: 'over the cap, editor, plain data',
      input: `scene 2400 entities (${json.length} chars)`,
      chars: json.length,
      policy: () => editor.apply('t', big),
      baseline: () => mb.countTokens(json) + mb.encode(big).length,
      target: '<= 2.5',
    },
  ];
}

/**
 * Counts the calls into WebAssembly that `fn` makes through `root`'s core (node/wasm/loader.cjs,
 * node/internal/core.cjs in a checkout from before it, and each module's own exports: the formatter's, and where a checkout has them the tokenizer's
 * and the full one's): every module is loaded first, so every export is the real function, then
 * each is wrapped for the one call of `fn`.
 */
function wasmCalls(root, fn) {
  const loader = ['wasm/loader.cjs', 'internal/core.cjs'].map((file) => join(root, 'node', file)).find(existsSync);
  const core = createRequire(import.meta.url)(loader);
  const modules = [core, core.formatter, core.tokenizer, core.full].filter((m) => m !== undefined);
  for (const m of modules) m.abiMemory();
  let calls = 0;
  const saved = [];
  for (const target of modules) {
    for (const [name, f] of Object.entries(target)) {
      // `counting` picks a module; it is not a call into one.
      if (typeof f !== 'function' || name === 'counting') continue;
      saved.push([target, name, f]);
      target[name] = (...args) => {
        calls++;
        return f(...args);
      };
    }
  }
  try {
    fn();
  } finally {
    for (const [target, name, f] of saved) target[name] = f;
  }
  return calls;
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

const HERE = resolve(new URL('..', import.meta.url).pathname);

export async function run({ quick = false, before } = {}) {
  const mb = require('modoki-budget');
  const opts = quick ? { samples: 3, minMs: 20, rounds: 1 } : { samples: 9, minMs: 80, rounds: 5 };
  const rows = cases(mb, mb.createBudgetPolicy).map((c) => {
    const t = compare(c.policy, c.encode, opts);
    return { bench: c.name, input: c.input, ratio: t.a / t.b, policyMs: t.a, encodeMs: t.b, target: c.target };
  });
  const heavy = quick ? { samples: 3, minMs: 20, rounds: 1, warmup: 1 } : { samples: 5, minMs: 200, rounds: 3 };
  const over = overCapCases(mb, mb.createBudgetPolicy).map((c) => {
    // The editor preset has no token cap, so its policy counts nothing: no floor is given for it.
    const [policyMs, encodeMs, floorMs] = fastestOf([c.policy, c.baseline, c.floor].filter(Boolean), heavy);
    const calls = wasmCalls(HERE, c.policy);
    return {
      bench: c.name,
      input: c.input,
      ratio: policyMs / encodeMs,
      policyMs,
      encodeMs,
      mbPerS: c.chars / 1e3 / policyMs,
      ...(floorMs === undefined ? {} : { floorMs, floorMbPerS: c.chars / 1e3 / floorMs }),
      calls,
      target: c.target,
    };
  });
  rows.push(...over);
  const beforeRows = before === undefined ? [] : compareBefore(mb, resolve(before), opts, heavy);
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
  return { name: 'with-budget', machine: describeMachine(), rows, sizes, before: beforeRows };
}

/** Every case with `root`'s policy beside this one, interleaved: this / before (target <= 1.05 under the cap). */
function compareBefore(mb, root, opts, heavy) {
  const beforeModule = createRequire(import.meta.url)(join(root, 'node', 'mcp', 'policy.cjs'));
  // A checkout from before the internal name matched the public one exports it as createPolicy.
  const old = beforeModule.createBudgetPolicy ?? beforeModule.createPolicy;
  const mine = mb.createBudgetPolicy;
  const pair = (build) => {
    const before = build(old);
    return build(mine).map((c, i) => [c, before[i]]);
  };
  const timed = (a, b, options) => {
    const t = compare(a.policy, b.policy, options);
    return { c: a, after: t.a, before: t.b };
  };
  const under = pair((create) => cases(mb, create)).map(([a, b]) => timed(a, b, opts));
  const overs = pair((create) => overCapCases(mb, create)).map(([a, b]) => ({
    ...timed(a, b, heavy),
    callsAfter: wasmCalls(HERE, a.policy),
    callsBefore: wasmCalls(root, b.policy),
  }));
  return [...under, ...overs].map((t) => ({
    bench: t.c.name,
    input: t.c.input,
    ratio: t.after / t.before,
    afterMs: t.after,
    beforeMs: t.before,
    callsAfter: t.callsAfter,
    callsBefore: t.callsBefore,
    target: t.callsAfter === undefined ? '<= 1.05' : '',
  }));
}

export function print(result) {
  console.log(
    `## withBudget policy vs the encode call it wraps (under the cap), vs encode + countTokens (over)\n${result.machine}\n`,
  );
  const columns = [
    'case',
    'input',
    'time ratio (policy / encode)',
    'target',
    'policy µs',
    'encode µs',
    'policy − encode µs',
    'MB/s',
    'floor MB/s',
    'policy / floor',
    'wasm calls',
  ];
  const rows = result.rows.map((r) => ({
    'MB/s': r.mbPerS === undefined ? '' : fmt(r.mbPerS, 1),
    'floor MB/s': r.floorMbPerS === undefined ? '' : fmt(r.floorMbPerS, 1),
    'policy / floor': r.floorMs === undefined ? '' : fmt(r.policyMs / r.floorMs),
    'wasm calls': r.calls ?? '',
    case: r.bench,
    input: r.input,
    'time ratio (policy / encode)': fmt(r.ratio),
    target: r.target,
    'policy µs': fmt(r.policyMs * 1000, 2),
    'encode µs': fmt(r.encodeMs * 1000, 2),
    'policy − encode µs': fmt((r.policyMs - r.encodeMs) * 1000, 2),
  }));
  console.log(table(rows, columns));
  if (result.before.length > 0) {
    console.log('\n## this policy vs the --before checkout, same process\n');
    console.log(
      table(
        result.before.map((r) => ({
          case: r.bench,
          input: r.input,
          'time ratio (this / before)': fmt(r.ratio, 3),
          target: r.target,
          'this ms': fmt(r.afterMs, 3),
          'before ms': fmt(r.beforeMs, 3),
          'wasm calls (this / before)': r.callsAfter === undefined ? '' : `${r.callsAfter} / ${r.callsBefore}`,
        })),
        ['case', 'input', 'time ratio (this / before)', 'target', 'this ms', 'before ms', 'wasm calls (this / before)'],
      ),
    );
  }
  console.log('\n## example server: produced by the tool → sent (chars / cl100k tokens)\n');
  const cell = (chars, tokens, elided) => `${chars} / ${tokens}${elided ? ' (elided)' : ''}`;
  console.log(
    table(
      result.sizes.map((s) => ({
        call: s.call,
        produced: cell(s.producedChars, s.producedTokens, false),
        'sent, editor': cell(s.editorChars, s.editorTokens, s.editorElided),
        'sent, claudeCode': cell(s.claudeCodeChars, s.claudeCodeTokens, s.claudeCodeElided),
      })),
      ['call', 'produced', 'sent, editor', 'sent, claudeCode'],
    ),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--before');
  const before = at === -1 ? undefined : process.argv[at + 1];
  print(await run({ quick: process.argv.includes('--quick'), before }));
}
