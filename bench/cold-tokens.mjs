// Cold first token count: what a fresh Node process pays from `require` to the first count
// returned, for this package and its peers, each case in its own process, interleaved, ≥ 10
// runs each; the median is reported.
//
// Two measures per case, both of the same run:
// - "require + first count": an internal timer, from just before the first `require` to just
//   after the first count returns (what the library itself costs; target <= 25 ms here), and
//   the CPU time the process spent over that span (every thread: V8 compiles WebAssembly on
//   background threads) — on a loaded machine the wall time includes waiting for a core;
// - "whole process": /usr/bin/time -v around the process — wall clock (Node's own start-up
//   included), CPU (user + system) and peak RSS.
//
// The first measure is also split at the end of `require`: "require" and "first count".
//
//   node bench/cold-tokens.mjs             # 11 runs per case
//   node bench/cold-tokens.mjs --runs=21
//   node bench/cold-tokens.mjs --against=../main   # adds that checkout's package, interleaved,
//                                                  # for a before/after under the same load
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describeMachine, fmt, parseGnuTime, table } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Target for this package's cl100k case, in ms of require + first count. */
export const TARGET_MS = 25;

const TEXT = "'hello world'";

/** Each case: `load` then `count`, timed together in a fresh process. */
export const CASES = [
  { name: 'node, empty script', load: '', count: '0' },
  { name: 'modoki-budget cl100k', load: "const m = require('modoki-budget');", count: `m.countTokens(${TEXT})` },
  {
    name: 'modoki-budget o200k',
    load: "const m = require('modoki-budget');",
    count: `m.countTokens(${TEXT}, 'o200k_base')`,
  },
  {
    name: 'gpt-tokenizer cl100k',
    load: "const m = require('gpt-tokenizer/encoding/cl100k_base');",
    count: `m.countTokens(${TEXT})`,
  },
  {
    name: 'js-tiktoken cl100k',
    load: "const m = require('js-tiktoken').getEncoding('cl100k_base');",
    count: `m.encode(${TEXT}, [], []).length`,
  },
];

/**
 * The cases, with this package's cl100k case once more run from the package at `against` (a
 * checkout's root, built) when given: the same script, so only the package differs.
 */
export function casesFor(against) {
  if (against === undefined) return CASES;
  const ours = CASES.find((c) => c.name === 'modoki-budget cl100k');
  return [...CASES, { ...ours, name: `modoki-budget cl100k at ${against}`, cwd: resolve(against) }];
}

function script(c) {
  return [
    'const t0 = performance.now();',
    'const c0 = process.cpuUsage();',
    c.load,
    'const tl = performance.now();',
    `const n = ${c.count};`,
    'const t1 = performance.now();',
    'const c1 = process.cpuUsage(c0);',
    'process.stdout.write(JSON.stringify({ ms: t1 - t0, requireMs: tl - t0, countMs: t1 - tl, cpuOwnMs: (c1.user + c1.system) / 1000, n }));',
  ].join('\n');
}

function once(c) {
  const r = spawnSync('/usr/bin/time', ['-v', process.execPath, '-e', script(c)], {
    cwd: c.cwd ?? root,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`cold count "${c.name}" failed: ${r.stderr}`);
  const t = parseGnuTime(r.stderr);
  return {
    ...JSON.parse(r.stdout),
    wallMs: t.wallSeconds * 1000,
    cpuMs: (t.userSeconds + t.systemSeconds) * 1000,
    maxRssKiB: t.peakRssBytes / 1024,
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

export function run({ runs = 11, against } = {}) {
  const cases = casesFor(against);
  const load = { before: loadavg()[0] };
  const samples = cases.map(() => []);
  // Interleaved: a burst of load on the shared machine hits every case alike.
  for (let i = 0; i < runs; i++) cases.forEach((c, k) => samples[k].push(once(c)));
  load.after = loadavg()[0];
  const counts = new Set(samples.slice(1).map((s) => s[0].n));
  if (counts.size !== 1) throw new Error(`the cases disagree on the count: ${[...counts]}`);
  const results = cases.map((c, k) => ({
    name: c.name,
    runs,
    ms: median(samples[k].map((s) => s.ms)),
    requireMs: median(samples[k].map((s) => s.requireMs)),
    countMs: median(samples[k].map((s) => s.countMs)),
    cpuOwnMs: median(samples[k].map((s) => s.cpuOwnMs)),
    wallMs: median(samples[k].map((s) => s.wallMs)),
    cpuMs: median(samples[k].map((s) => s.cpuMs)),
    maxRssMiB: median(samples[k].map((s) => s.maxRssKiB)) / 1024,
  }));
  return { name: 'cold-tokens', machine: describeMachine(), load, results };
}

export function print(r) {
  console.log(`## cold first countTokens, fresh Node processes (median of ${r.results[0].runs}, interleaved)`);
  console.log(`${r.machine}; load average ${fmt(r.load.before)} before, ${fmt(r.load.after)} after\n`);
  const ours = r.results.find((x) => x.name === 'modoki-budget cl100k');
  const rows = r.results.map((x) => ({
    case: x.name,
    'require + first count, ms': fmt(x.ms, 1),
    'require, ms': x.name.startsWith('node') ? '' : fmt(x.requireMs, 1),
    'first count, ms': x.name.startsWith('node') ? '' : fmt(x.countMs, 1),
    'same span, CPU ms (all threads)': fmt(x.cpuOwnMs, 1),
    'vs modoki-budget cl100k': x.name.startsWith('node') ? '' : fmt(x.ms / ours.ms),
    'whole process wall, ms': fmt(x.wallMs, 0),
    'whole process CPU, ms': fmt(x.cpuMs, 0),
    'peak RSS, MiB': fmt(x.maxRssMiB, 1),
    target: x === ours ? `<= ${TARGET_MS}` : '',
  }));
  console.log(table(rows, Object.keys(rows[0])));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 11);
  const against = process.argv.find((a) => a.startsWith('--against='))?.slice(10);
  print(run({ runs, against }));
}
