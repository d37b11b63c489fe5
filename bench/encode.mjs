// encode / roundFloats against the plain-JS baseline of result.ts, on scene dumps of
// 135, 2,000 and 20,000 entities (~50 KB, ~700 KB, ~7 MB). Prints ratios = ours / baseline
// (time), so < 1 is faster; the precision row prints a speed-up instead (baseline / ours).
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as baseline from './baseline-result.mjs';
import { scene } from '../examples/corpus.mjs';
import { compare, describeMachine, fmt, table } from './lib.mjs';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function loadTimeMs() {
  const script =
    "const t0 = process.hrtime.bigint(); require('modoki-budget').encode({ a: 1 }); process.stdout.write(String(Number(process.hrtime.bigint() - t0) / 1e6));";
  const runs = [];
  for (let i = 0; i < 5; i++)
    runs.push(Number(spawnSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' }).stdout));
  return runs.sort((a, b) => a - b)[2];
}

export function run({ quick = false } = {}) {
  const mb = require('modoki-budget');
  const sizes = quick ? [135, 2000] : [135, 2000, 20000];
  const opts = quick ? { samples: 3, minMs: 20, rounds: 1 } : { samples: 7, minMs: 80, rounds: 3 };
  const rows = [];
  for (const n of sizes) {
    const data = scene(n);
    const chars = JSON.stringify(data).length;
    // Sanity: both sides agree before they are timed.
    if (
      mb.encode(data, { precision: 9 }) !== baseline.encode(baseline.roundFloats(data, 9), Infinity) &&
      mb.encode(data, { precision: 9, maxChars: Infinity }) !== baseline.encode(baseline.roundFloats(data, 9), Infinity)
    ) {
      throw new Error('encode with precision disagrees with the baseline');
    }
    const under = compare(
      () => mb.encode(data, Infinity),
      () => baseline.encode(data, Infinity),
      opts,
    );
    const over = compare(
      () => mb.encode(data, 10_000),
      () => baseline.encode(data, 10_000),
      opts,
    );
    const rounded = compare(
      () => mb.encode(data, { precision: 9, maxChars: Infinity }),
      () => baseline.encode(baseline.roundFloats(data, 9), Infinity),
      opts,
    );
    // The floor under any rounding that starts from V8's own text: JSON.stringify alone.
    const alone = compare(
      () => JSON.stringify(data),
      () => baseline.encode(baseline.roundFloats(data, 9), Infinity),
      opts,
    );
    const round = compare(
      () => mb.roundFloats(data, 9),
      () => baseline.roundFloats(data, 9),
      opts,
    );
    rows.push({
      entities: n,
      chars,
      underCapRatio: under.a / under.b,
      overCapRatio: over.a / over.b,
      precisionSpeedup: rounded.b / rounded.a,
      stringifyAloneSpeedup: alone.b / alone.a,
      roundFloatsRatio: round.a / round.b,
      ms: {
        encode: under.a,
        baselineEncode: under.b,
        encodePrecision: rounded.a,
        baselinePrecision: rounded.b,
        stringifyAlone: alone.a,
        roundFloats: round.a,
        baselineRoundFloats: round.b,
      },
    });
  }
  const wasmPath = join(root, 'pkg', 'modoki_budget_bg.wasm');
  const wasm = { rawKiB: statSync(wasmPath).size / 1024, gzipKiB: gzipSync(readFileSync(wasmPath)).length / 1024 };
  return { name: 'encode', machine: describeMachine(), rows, wasm, loadMs: loadTimeMs() };
}

export const TARGETS = {
  underCapRatio: '<= 1.05',
  overCapRatio: '<= 1.1',
  precisionSpeedup: '>= 2',
  roundFloatsRatio: '<= 1',
};

export function print(result) {
  console.log(`## encode vs plain-JS result.ts baseline\n${result.machine}\n`);
  const rows = result.rows.map((r) => ({
    entities: r.entities,
    chars: r.chars,
    'encode under cap (time ratio, target <= 1.05)': fmt(r.underCapRatio),
    'encode over cap (time ratio, target <= 1.1)': fmt(r.overCapRatio),
    'encode precision:9 (speed-up, target >= 2)': fmt(r.precisionSpeedup),
    'JSON.stringify alone (speed-up, the bound)': fmt(r.stringifyAloneSpeedup),
    'roundFloats (time ratio, target <= 1)': fmt(r.roundFloatsRatio),
  }));
  console.log(table(rows, Object.keys(rows[0])));
  console.log(
    `\nwasm: ${fmt(result.wasm.rawKiB, 1)} KiB raw, ${fmt(result.wasm.gzipKiB, 1)} KiB gzip; module load + first encode: ${fmt(result.loadMs, 1)} ms`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) print(run({ quick: process.argv.includes('--quick') }));
