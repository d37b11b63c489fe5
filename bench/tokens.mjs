// Token counting: modoki-budget against gpt-tokenizer, npm tiktoken (WASM), js-tiktoken and
// ai-tokenizer (pure JS), in one run, as ratios. Warm throughput on scene-index JSON (~50 KB,
// ~700 KB, ~7 MB) and prose, for cl100k_base and o200k_base; first-call cost in a fresh process
// per library; the 'a' x N linearity case; and the .wasm size.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { prose, sceneJson } from './token-corpus.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const ENCODINGS = ['cl100k_base', 'o200k_base'];

// How each library is loaded and asked for a count: the same source text drives the in-process
// runs and the fresh-process first-call probe.
const LIBS = {
  'modoki-budget': { load: `require('modoki-budget')`, counter: (m, enc) => `(t) => ${m}.countTokens(t, '${enc}')` },
  'gpt-tokenizer': {
    load: (enc) => `require('gpt-tokenizer/encoding/${enc}')`,
    counter: (m) => `(t) => ${m}.countTokens(t)`,
  },
  tiktoken: {
    load: `require('tiktoken')`,
    counter: (m, enc) => `((e) => (t) => e.encode_ordinary(t).length)(${m}.get_encoding('${enc}'))`,
  },
  'js-tiktoken': {
    load: `require('js-tiktoken')`,
    counter: (m, enc) => `((e) => (t) => e.encode(t, [], []).length)(${m}.getEncoding('${enc}'))`,
  },
  // Pure JS, no WebAssembly: the rank table ships as JS source, so its cost is parse time.
  'ai-tokenizer': {
    load: (enc) => `new (require('ai-tokenizer').Tokenizer)(require('ai-tokenizer/encoding/${enc}'))`,
    counter: (m) => `(t) => ${m}.encodeOrdinary(t).length`,
  },
};

function loadExpr(lib, enc) {
  const l = LIBS[lib].load;
  return typeof l === 'function' ? l(enc) : l;
}

function makeCounter(lib, enc) {
  // eslint-disable-next-line no-new-func
  return new Function('require', `const m = ${loadExpr(lib, enc)}; return ${LIBS[lib].counter('m', enc)};`)(require);
}

// Warm = library loaded and JIT-compiled, caches filled by earlier payloads; the timed runs
// rotate through distinct payloads of the same kind and size, so no library is timed on text
// whose every piece it has just seen.
function timeRuns(fn, texts, budgetMs, minRuns) {
  fn(texts[0]);
  let runs = 0;
  let chars = 0;
  const t0 = performance.now();
  let elapsed = 0;
  while (runs < minRuns || elapsed < budgetMs) {
    const text = texts[1 + (runs % (texts.length - 1))];
    fn(text);
    chars += text.length;
    runs++;
    elapsed = performance.now() - t0;
  }
  return { msPerRun: elapsed / runs, mbps: chars / 1e6 / (elapsed / 1000) };
}

function firstCall(lib, enc) {
  const script = `const t0 = performance.now(); const m = ${loadExpr(lib, enc)}; const f = ${LIBS[lib].counter('m', enc)}; f('hello world'); console.log(performance.now() - t0);`;
  const samples = [];
  for (let i = 0; i < 3; i++) {
    const r = spawnSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' });
    samples.push(Number(r.stdout.trim()));
  }
  samples.sort((a, b) => a - b);
  return samples[1];
}

function sizeOf(path) {
  const bytes = readFileSync(path);
  return { raw: statSync(path).size, gzip: gzipSync(bytes).length };
}

const fmt = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : String(x));
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;

export async function run({ quick = false } = {}) {
  const variants = (make) => [1, 2, 3, 4].map(make);
  const payloads = [
    { name: 'scene JSON ~50 KB', texts: variants((seed) => sceneJson(50_000, seed)) },
    { name: 'scene JSON ~700 KB', texts: variants((seed) => sceneJson(700_000, seed)) },
    ...(quick ? [] : [{ name: 'scene JSON ~7 MB', texts: variants((seed) => sceneJson(7_000_000, seed)) }]),
    { name: 'prose ~700 KB', texts: variants((seed) => prose(700_000, seed)) },
  ];
  const budgetMs = quick ? 300 : 1500;
  const throughput = [];
  for (const enc of ENCODINGS) {
    const counters = Object.fromEntries(Object.keys(LIBS).map((lib) => [lib, makeCounter(lib, enc)]));
    for (const p of payloads) {
      const counts = Object.fromEntries(Object.entries(counters).map(([lib, f]) => [lib, p.texts.map((t) => f(t))]));
      const timed = Object.fromEntries(
        Object.entries(counters).map(([lib, f]) => [
          lib,
          timeRuns(f, p.texts, budgetMs, p.texts[0].length > 2e6 ? 3 : 6),
        ]),
      );
      const mbps = Object.fromEntries(Object.keys(LIBS).map((lib) => [lib, timed[lib].mbps]));
      throughput.push({
        encoding: enc,
        payload: p.name,
        chars: p.texts[0].length,
        tokens: counts['modoki-budget'][0],
        countsAgree: Object.values(counts).every((c) => c.every((n, i) => n === counts['modoki-budget'][i])),
        msPerRun: Object.fromEntries(Object.keys(LIBS).map((lib) => [lib, timed[lib].msPerRun])),
        mbps,
        ratio: Object.fromEntries(
          Object.keys(LIBS)
            .filter((l) => l !== 'modoki-budget')
            .map((lib) => [lib, mbps['modoki-budget'] / mbps[lib]]),
        ),
      });
    }
  }

  const first = {};
  for (const enc of ENCODINGS) {
    first[enc] = Object.fromEntries(Object.keys(LIBS).map((lib) => [lib, firstCall(lib, enc)]));
  }

  // Linearity (cl100k): every library at 'a' x 1e3 and x 4e3 (4x the input: ~4x the time when
  // linear, ~16x when quadratic); ours also at 1e5 and 1e6 (the peers would take hours there).
  const linear = {};
  const t = (f, s) => {
    const t0 = performance.now();
    f(s);
    return performance.now() - t0;
  };
  for (const lib of Object.keys(LIBS)) {
    const f = makeCounter(lib, 'cl100k_base');
    f('warm up');
    linear[lib] = { "'a' x 1e3": t(f, 'a'.repeat(1e3)), "'a' x 4e3": t(f, 'a'.repeat(4e3)) };
  }
  const ours = makeCounter('modoki-budget', 'cl100k_base');
  Object.assign(linear['modoki-budget'], {
    "'a' x 1e5": t(ours, 'a'.repeat(1e5)),
    "'a' x 1e6": t(ours, 'a'.repeat(1e6)),
    "' ' x 1e5": t(ours, ' '.repeat(1e5)),
  });

  const sizes = {
    wasm: sizeOf(join(root, 'pkg', 'modoki_budget_bg.wasm')),
    cl100kTable: sizeOf(join(root, 'src', 'tokens', 'data', 'cl100k_base.bin')),
    o200kTable: sizeOf(join(root, 'src', 'tokens', 'data', 'o200k_base.bin')),
    tiktokenWasm: sizeOf(require.resolve('tiktoken/tiktoken_bg.wasm')),
  };
  const machine = { cpu: os.cpus()[0]?.model, cores: os.cpus().length, node: process.version };
  return { machine, throughput, firstCallMs: first, linearityMs: linear, sizes };
}

function print(r) {
  console.log(`machine: ${r.machine.cpu}, ${r.machine.cores} cores, node ${r.machine.node}\n`);
  console.log(
    'warm throughput (MB of UTF-16 chars per s, rotating through 3 distinct payloads of each kind) and speed-up of modoki-budget over each peer',
  );
  const peers = ['gpt-tokenizer', 'tiktoken', 'js-tiktoken', 'ai-tokenizer'];
  console.log(
    [
      'encoding',
      'payload',
      'tokens',
      'ours MB/s',
      ...peers.map((p) => `${p} MB/s`),
      ...peers.map((p) => `x ${p}`),
      'agree',
    ].join(' | '),
  );
  for (const row of r.throughput) {
    console.log(
      [
        row.encoding,
        row.payload,
        row.tokens,
        fmt(row.mbps['modoki-budget']),
        ...peers.map((p) => fmt(row.mbps[p])),
        ...peers.map((p) => `${fmt(row.ratio[p], 2)}x`),
        row.countsAgree ? 'yes' : 'NO',
      ].join(' | '),
    );
  }
  console.log('\nfirst call (fresh process: require + first count of "hello world"), ms, median of 3');
  for (const [enc, libs] of Object.entries(r.firstCallMs)) {
    console.log(
      `${enc}: ${Object.entries(libs)
        .map(([l, ms]) => `${l} ${fmt(ms)}`)
        .join(' | ')}`,
    );
  }
  console.log('\nlinearity (cl100k), ms');
  for (const [lib, cases] of Object.entries(r.linearityMs)) {
    console.log(
      `${lib}: ${Object.entries(cases)
        .map(([k, ms]) => `${k} ${fmt(ms)}`)
        .join(' | ')}`,
    );
  }
  const s = r.sizes;
  console.log(
    `\nsizes: modoki_budget_bg.wasm ${kib(s.wasm.raw)} (${kib(s.wasm.gzip)} gzip, no table inside); cl100k_base.bin ${kib(s.cl100kTable.raw)} and o200k_base.bin ${kib(s.o200kTable.raw)} (${kib(s.cl100kTable.gzip)} and ${kib(s.o200kTable.gzip)} gzip, each read on first use); tiktoken_bg.wasm ${kib(s.tiktokenWasm.raw)} (${kib(s.tiktokenWasm.gzip)} gzip)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  print(await run({ quick: process.argv.includes('--quick') }));
}
