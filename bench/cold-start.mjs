// Cold start: what a fresh Node process pays to load a library and make its first call. Each
// case runs in its own process, several times; the median is reported (a fresh process has no
// warm JIT or cache to favour one run, so the middle run is the typical one).
//
// Two figures per case:
// - "require + first call": measured inside the process, from just before the first `require`
//   to just after the first call returns (what the library itself costs);
// - "whole process": wall-clock of the spawned process (Node's own start-up included) and its
//   peak resident memory, from `process.resourceUsage().maxRSS` at exit.
// The same whole-process figures can be taken from outside with, for example,
//   /usr/bin/time -v node -e "require('modoki-budget').encode({ a: 1 })"
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describeMachine, fmt, table } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const baseline = JSON.stringify(join(root, 'bench', 'baseline-result.mjs'));

/** Targets for this package's cases, in ms of require + first call. */
export const TARGETS = { 'modoki-budget: encode': '<= 10', 'modoki-budget: countTokens cl100k': '<= 25' };

const small = '{ id: 7, name: "Entity_7", transform: { x: 1.23456789012, y: -0.5, z: 1e-7 }, tags: ["a", "b"] }';

/**
 * Each case: `load` runs first, then `call`, both timed together. The plain-JS reference is
 * result.ts's logic (bench/baseline-result.mjs, loaded with `require` like everything else), the
 * cost this package replaces.
 */
export const CASES = [
  { name: 'node, empty script', load: '', call: '' },
  { name: 'plain-JS reference: encode', load: `const m = require(${baseline});`, call: `m.encode(${small})` },
  { name: 'modoki-budget: encode', load: `const m = require('modoki-budget');`, call: `m.encode(${small})` },
  {
    name: 'plain-JS reference: encode precision 9',
    load: `const m = require(${baseline});`,
    call: `m.encode(m.roundFloats(${small}, 9))`,
  },
  {
    name: 'modoki-budget: encode precision 9',
    load: `const m = require('modoki-budget');`,
    call: `m.encode(${small}, { precision: 9 })`,
  },
  {
    name: 'modoki-budget: countTokens cl100k',
    load: `const m = require('modoki-budget');`,
    call: `m.countTokens('hello world')`,
  },
  {
    name: 'modoki-budget: countTokens o200k',
    load: `const m = require('modoki-budget');`,
    call: `m.countTokens('hello world', 'o200k_base')`,
  },
  {
    name: 'gpt-tokenizer: countTokens cl100k',
    load: `const m = require('gpt-tokenizer/encoding/cl100k_base');`,
    call: `m.countTokens('hello world')`,
  },
  {
    name: 'tiktoken: countTokens cl100k',
    load: `const m = require('tiktoken').get_encoding('cl100k_base');`,
    call: `m.encode_ordinary('hello world').length`,
  },
  {
    name: 'js-tiktoken: countTokens cl100k',
    load: `const m = require('js-tiktoken').getEncoding('cl100k_base');`,
    call: `m.encode('hello world', [], []).length`,
  },
  {
    name: 'ai-tokenizer: countTokens cl100k',
    load: `const m = new (require('ai-tokenizer').Tokenizer)(require('ai-tokenizer/encoding/cl100k_base'));`,
    call: `m.encodeOrdinary('hello world').length`,
  },
];

function script(c) {
  return [
    'const t0 = performance.now();',
    c.load,
    `const out = ${c.call || 'undefined'};`,
    'const t1 = performance.now();',
    'if (typeof out === "string" && out.length === 0) throw new Error("empty result");',
    'process.stdout.write(JSON.stringify({ ms: t1 - t0, maxRssKiB: process.resourceUsage().maxRSS }));',
  ].join('\n');
}

function once(c) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['-e', script(c)], { cwd: root, encoding: 'utf8' });
  const wallMs = performance.now() - t0;
  if (r.status !== 0) throw new Error(`cold start "${c.name}" failed: ${r.stderr}`);
  return { ...JSON.parse(r.stdout), wallMs };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

export function run({ quick = false } = {}) {
  const runs = quick ? 5 : 9;
  const results = [];
  for (const c of CASES) {
    const samples = [];
    // Interleaving cases would not help here: every run is its own process.
    for (let i = 0; i < runs; i++) samples.push(once(c));
    results.push({
      name: c.name,
      runs,
      ms: median(samples.map((s) => s.ms)),
      wallMs: median(samples.map((s) => s.wallMs)),
      maxRssMiB: median(samples.map((s) => s.maxRssKiB)) / 1024,
      target: TARGETS[c.name] ?? '',
    });
  }
  return { name: 'cold-start', machine: describeMachine(), results };
}

export function print(r) {
  console.log(`## cold start, fresh Node processes (median of ${r.results[0].runs})\n${r.machine}\n`);
  const rows = r.results.map((x) => ({
    case: x.name,
    'require + first call, ms': fmt(x.ms, 1),
    'whole process, ms': fmt(x.wallMs, 1),
    'peak RSS, MiB': fmt(x.maxRssMiB, 1),
    target: x.target,
  }));
  console.log(table(rows, Object.keys(rows[0])));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) print(run({ quick: process.argv.includes('--quick') }));
