// layoutBounds' overlapsCount (sweep + ancestor subtraction, in WebAssembly, through the public
// API: JSON.stringify in, JSON.parse out) against the obvious pairwise loop in plain JS — the
// loop the reference editor ran (layoutDump.ts) — at 1k, 10k and 100k rects.
//
// At 100k the pairwise loop is ~5e9 pair checks; it is timed on a random sample of rows and
// extrapolated (the output says so). At 1k and 10k it runs in full and the counts are compared.
import os from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { xorshift } from '../examples/corpus.mjs';

const require = createRequire(import.meta.url);
const { layoutBounds } = require('modoki-budget');

const rng = xorshift;

/** A UI-ish layout on a 1920×1080 screen: three layers, a hierarchy (children inside parents). */
export function makeLayout(n, seed = 7) {
  const r = rng(seed);
  const layers = ['ui', '2d', '3d'];
  const entries = [];
  for (let i = 0; i < n; i++) {
    const id = i + 1;
    const hasParent = i > 0 && r() < 0.6;
    const parentId = hasParent ? 1 + Math.floor(r() * i) : 0;
    const parent = hasParent ? entries[parentId - 1] : null;
    const layer = parent ? parent.layer : layers[Math.floor(r() * 3)];
    let screen = null;
    if (r() > 0.05) {
      const w = 4 + Math.floor(r() * 60);
      const h = 4 + Math.floor(r() * 40);
      const base = parent && parent.screen ? parent.screen : { x: 0, y: 0, w: 1920, h: 1080 };
      screen = {
        x: base.x + Math.floor(r() * Math.max(1, base.w)),
        y: base.y + Math.floor(r() * Math.max(1, base.h)),
        w,
        h,
      };
    }
    const onScreen = screen !== null && screen.x < 1920 && screen.y < 1080;
    entries.push({ id, name: `node${id}`, layer, screen, onScreen, zeroSize: false, parentId });
  }
  return entries;
}

/** The obvious loop. `rows` limits the outer loop to the given row indices (for sampling). */
export function pairwiseCount(entries, rows) {
  const parentOf = new Map();
  for (const e of entries) parentOf.set(e.id, e.parentId);
  const isAncestor = (x, y) => {
    let cur = y;
    for (let step = 0; step < 128; step++) {
      const p = parentOf.get(cur);
      if (!p) return false; // a falsy parentId is a root, as the editor walks it
      if (p === x) return true;
      cur = p;
    }
    return false;
  };
  let count = 0;
  let pairs = 0;
  const n = entries.length;
  const outer = rows ?? Array.from({ length: n }, (_, i) => i);
  for (const i of outer) {
    const a = entries[i];
    pairs += n - i - 1;
    for (let j = i + 1; j < n; j++) {
      const b = entries[j];
      if (a.layer !== b.layer || !a.screen || !b.screen) continue;
      const r = a.screen;
      const s = b.screen;
      if (r.x < s.x + s.w && r.x + r.w > s.x && r.y < s.y + s.h && r.y + r.h > s.y) {
        if (!isAncestor(a.id, b.id) && !isAncestor(b.id, a.id)) count++;
      }
    }
  }
  return { count, pairs };
}

function time(fn) {
  const t0 = process.hrtime.bigint();
  const value = fn();
  return { value, ms: Number(process.hrtime.bigint() - t0) / 1e6 };
}

function best(fn, reps) {
  let out = time(fn);
  for (let i = 1; i < reps; i++) {
    const t = time(fn);
    if (t.ms < out.ms) out = t;
  }
  return out;
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
  };
}

export function run({ quick = false } = {}) {
  const sizes = quick ? [1000, 10000] : [1000, 10000, 100000];
  const results = [];
  for (const n of sizes) {
    const entries = makeLayout(n);
    const ours = best(() => layoutBounds(entries).overlapsCount, n >= 100000 ? 3 : 5);
    let pairwise;
    if (n <= 10000) {
      const full = best(() => pairwiseCount(entries), n >= 10000 ? 2 : 5);
      pairwise = { ms: full.ms, count: full.value.count, extrapolated: false };
    } else {
      // Sample rows uniformly; scale the measured time per pair to all n(n-1)/2 pairs.
      const r = rng(99);
      const rows = Array.from({ length: quick ? 200 : 1000 }, () => Math.floor(r() * n)).sort((a, b) => a - b);
      pairwiseCount(entries, rows.slice(0, 50)); // warm up
      const sample = time(() => pairwiseCount(entries, rows));
      const allPairs = (n * (n - 1)) / 2;
      pairwise = {
        ms: (sample.ms / sample.value.pairs) * allPairs,
        count: null,
        extrapolated: true,
        sampledRows: rows.length,
        sampledPairs: sample.value.pairs,
      };
    }
    results.push({
      n,
      overlapsCount: ours.value,
      oursMs: ours.ms,
      pairwiseMs: pairwise.ms,
      pairwiseCount: pairwise.count,
      countsMatch: pairwise.count === null ? null : pairwise.count === ours.value,
      extrapolated: pairwise.extrapolated,
      sampledRows: pairwise.sampledRows,
      ratio: pairwise.ms / ours.ms,
    });
  }
  return { machine: machine(), results };
}

function print({ machine: m, results }) {
  console.log(`machine: ${m.cpu}, ${m.cores} cores, node ${m.node}, ${m.platform}`);
  console.log('layoutBounds(entries).overlapsCount (public API incl. JSON in/out) vs the pairwise loop in JS');
  for (const r of results) {
    const how = r.extrapolated
      ? `EXTRAPOLATED from ${r.sampledRows} sampled rows`
      : `full run, counts ${r.countsMatch ? 'identical' : 'DIFFER'} (${r.pairwiseCount})`;
    console.log(
      `  n=${String(r.n).padStart(6)}  overlaps=${String(r.overlapsCount).padStart(8)}  ours ${r.oursMs.toFixed(1).padStart(8)} ms  pairwise ${r.pairwiseMs.toFixed(1).padStart(10)} ms  ratio ${r.ratio.toFixed(1).padStart(7)}x  (${how})`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  print(run({ quick: process.argv.includes('--quick') }));
}
