// WebAssembly linear memory under load: memory only ever grows, so the figures that
// matter are how far one big call grows it (relative to its input) and whether many small calls
// grow it at all. Each big operation runs in a fresh worker thread, which loads its own instance
// of the module, so its growth is that call's peak alone; the small-call figures come from one
// instance that has already served the big calls.
import os from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);

const MB = 1024 * 1024;

/** ~`bytes` of JSON.stringify output: a scene-like array of entities, float-heavy. */
export function payload(bytes) {
  const entities = [];
  let size = 2;
  for (let i = 0; size < bytes; i++) {
    const e = {
      id: i,
      guid: `${((i * 2654435761) >>> 0).toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
      name: `Entity_${i}`,
      traits: { Transform: { x: i * 0.1234567891, y: Math.sin(i) * 1000, z: -i / 7 } },
    };
    entities.push(e);
    size += JSON.stringify(e).length + 1;
  }
  return { entities };
}

/**
 * ~`bytes` of log rows as `{ rows: [...] }`: small objects with no number among them, the shape
 * the proxy's memory benchmark forwards (bench/proxy-memory.mjs).
 */
export function logRows(bytes) {
  const rows = [];
  let size = 11;
  for (let i = 0; size < bytes; i++) {
    const row = {
      ts: new Date(Date.UTC(2026, 11, 1) + i * 250).toISOString(),
      level: i % 97 === 0 ? 'warn' : 'info',
      service: ['api', 'worker', 'auth'][i % 3],
      msg: `request ${i} handled in ${20 + (i % 31)} ms`,
    };
    rows.push(row);
    size += JSON.stringify(row).length + 1;
  }
  return { rows };
}

function load() {
  const api = require('modoki-budget');
  // The three modules the package loads (same require cache): the formatter's memory, the
  // tokenizer's (the public token counts) and the full core's together.
  const core = require('../node/wasm/loader.cjs');
  const modules = [core, core.formatter, core.tokenizer];
  const memory = () => modules.reduce((sum, m) => sum + m.abiMemory().buffer.byteLength, 0);
  // All three are loaded before anything is measured; with the full one loaded, the public
  // counts run in it (node/tokens.cjs), as in any process that uses more than counting.
  memory();
  return { api, memory };
}

/** The big operations, each on the same ~50 MB payload. */
const BIG = {
  encode: (api, data) => api.encode(data),
  'encode precision=6': (api, data) => api.encode(data, { precision: 6 }),
  'encode maxTokens': (api, data, text) => api.encode(data, { maxChars: Infinity, maxTokens: text.length }),
  roundFloats: (api, data) => api.roundFloats(data, 6),
  'countTokens cl100k': (api, data, text) => api.countTokens(text),
  'countTokens o200k': (api, data, text) => api.countTokens(text, 'o200k_base'),
  'capText 50 MB string': (api, data, text) => api.capText(text),
  // An over-cap result whose pages the store will not keep: the policy's pass and its preview.
  'policy, pages not kept': (api, data) =>
    api.createBudgetPolicy({ store: api.memoryStore({ maxResultBytes: MB }) }).apply('rows', data),
};
/** The big operations that take another payload than `payload`'s. */
const PAYLOAD_OF = { 'policy, pages not kept': logRows };

/** The small calls: one of everything a tool handler does per response. */
function smallCalls(api, i) {
  const data = {
    entities: [
      { id: i, name: `E${i}`, guid: '0123456789abcdef0123456789abcdef', traits: { Transform: { x: i * 1.234567891 } } },
    ],
    note: 'x'.repeat(i % 50),
  };
  api.encode(data, { precision: 6 });
  api.encode(data, { maxChars: 40 });
  api.encode(data, { maxTokens: 10 });
  api.roundFloats(data, 3);
  api.countTokens(`call ${i} ${'word '.repeat(i % 20)}`);
  api.countTokens(`call ${i}`, 'o200k_base');
  api.sceneState(data.entities, { where: 'Transform.x > 1' });
  api.resolveGuid('0123456789ab', ['0123456789abcdef0123456789abcdef']);
  api.tokenReport(data);
}

/** Memory after `first` rounds of small calls and after `total` rounds, on one instance. */
export function smallCallGrowth({ first = 10, total = 1000, instance = load() } = {}) {
  const { api, memory } = instance;
  for (let i = 0; i < first; i++) smallCalls(api, i);
  const afterFirst = memory();
  for (let i = first; i < total; i++) smallCalls(api, i);
  return { first, total, afterFirst, afterAll: memory() };
}

function runBigInWorker(name, bytes) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { name, bytes } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

function workerMain() {
  const { name, bytes } = workerData;
  const { api, memory } = load();
  const data = (PAYLOAD_OF[name] ?? payload)(bytes);
  const text = JSON.stringify(data);
  const utf8 = Buffer.byteLength(text);
  // Lazily-built state (both rank tables, the 4 MB o200k one included) before the baseline,
  // so the growth is the call's own.
  api.countTokens('warm');
  api.countTokens('warm', 'o200k_base');
  const before = memory();
  const t0 = performance.now();
  BIG[name](api, data, text);
  const ms = performance.now() - t0;
  const after = memory();
  parentPort.postMessage({
    name,
    inputBytes: utf8,
    before,
    after,
    growth: after - before,
    growthPerInputByte: (after - before) / utf8,
    ms,
  });
}

export async function run({ quick = false } = {}) {
  const bytes = quick ? 5 * MB : 50 * MB;
  const big = [];
  for (const name of Object.keys(BIG)) big.push(await runBigInWorker(name, bytes));
  // One instance that has served a big call, then many small ones.
  const instance = load();
  const start = instance.memory();
  instance.api.encode(payload(bytes), { precision: 6 });
  const afterBig = instance.memory();
  const small = smallCallGrowth({ first: 10, total: quick ? 200 : 1000, instance });
  return {
    machine: { cpu: os.cpus()[0]?.model, cores: os.cpus().length, node: process.version },
    payloadBytes: big[0]?.inputBytes,
    big,
    mainInstance: {
      start,
      afterBig,
      afterFirstSmall: small.afterFirst,
      afterAllSmall: small.afterAll,
      smallCalls: small.total,
    },
  };
}

function print(results) {
  const mb = (n) => `${(n / MB).toFixed(1)} MB`;
  console.log(`memory: ${results.machine.cpu}, ${results.machine.cores} cores, node ${results.machine.node}`);
  console.log(`payload: ${mb(results.payloadBytes)} of JSON text`);
  for (const r of results.big) {
    console.log(
      `  ${r.name.padEnd(22)} linear memory ${mb(r.before)} -> ${mb(r.after)}  growth ${mb(r.growth)} = ${r.growthPerInputByte.toFixed(2)}x input  (${r.ms.toFixed(0)} ms)`,
    );
  }
  const m = results.mainInstance;
  console.log(
    `  one instance: start ${mb(m.start)}, after a big encode ${mb(m.afterBig)}, after 10 small rounds ${mb(m.afterFirstSmall)}, after ${m.smallCalls} ${mb(m.afterAllSmall)}`,
  );
}

if (isMainThread && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run({ quick: process.argv.includes('--quick') }).then(print);
} else if (!isMainThread && workerData?.name) {
  workerMain();
}
