// `modoki-budget proxy` against a direct connection to the same server, side by side in one run:
// the latency a small tools/call gains through the proxy (median round trip, proxied − direct),
// and the throughput on a 10 MB result (the proxy with the default budget, which elides it, and
// with --measure-only, which forwards all 10 MB). The server is js-tests/fixtures/line-server.mjs
// over real stdio. Run alone: `node bench/proxy.mjs [--quick]`.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine, fmt, machine, table } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = join(root, 'js-tests', 'fixtures', 'line-server.mjs');
const bin = join(root, 'bin', 'modoki-budget.cjs');
const MB = 1024 * 1024;

/** A line client on a spawned process: `call(method, params)` resolves with the reply's size. */
function client(args) {
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'ignore'] });
  let waiting = null;
  let size = 0;
  child.stdout.on('data', (chunk) => {
    size += chunk.length;
    if (chunk[chunk.length - 1] === 0x0a && waiting) {
      const done = waiting;
      waiting = null;
      done(size);
    }
  });
  let id = 0;
  return {
    call(method, params) {
      size = 0;
      return new Promise((resolve) => {
        waiting = resolve;
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params })}\n`);
      });
    },
    close: () => new Promise((resolve) => (child.once('exit', resolve), child.stdin.end())),
  };
}

const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timed(c, method, params) {
  const t0 = performance.now();
  const bytes = await c.call(method, params);
  return { ms: performance.now() - t0, bytes };
}

export async function run({ quick = false } = {}) {
  const sides = {
    direct: client([server]),
    proxy: client([bin, 'proxy', '--', process.execPath, server]),
    'proxy --measure-only': client([bin, 'proxy', '--measure-only', '--', process.execPath, server]),
  };
  const init = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } };
  for (const c of Object.values(sides)) {
    await c.call('initialize', init);
    await c.call('tools/list', {});
  }
  // Small calls, interleaved in rounds so machine drift hits every side alike.
  const small = { name: 'echo', arguments: { text: 'a small answer of a few words' } };
  const latency = Object.fromEntries(Object.keys(sides).map((k) => [k, []]));
  const rounds = quick ? 5 : 20;
  for (let r = 0; r < rounds; r++) {
    for (const [name, c] of Object.entries(sides))
      for (let i = 0; i < 50; i++) latency[name].push((await timed(c, 'tools/call', small)).ms);
  }
  // 10 MB results: end-to-end time at the client.
  const big = { name: 'big', arguments: { mb: 10 } };
  const bigMs = Object.fromEntries(Object.keys(sides).map((k) => [k, []]));
  const bigBytes = {};
  for (let r = 0; r < (quick ? 2 : 5); r++) {
    for (const [name, c] of Object.entries(sides)) {
      const t = await timed(c, 'tools/call', big);
      bigMs[name].push(t.ms);
      bigBytes[name] = t.bytes;
    }
  }
  await Promise.all(Object.values(sides).map((c) => c.close()));

  const direct = median(latency.direct);
  const rows = Object.keys(sides).map((name) => {
    const ms = Math.min(...bigMs[name]);
    const extra = ms - Math.min(...bigMs.direct);
    return {
      side: name,
      'small call median ms': fmt(median(latency[name]), 3),
      'added ms (median)': name === 'direct' ? '' : fmt(median(latency[name]) - direct, 3),
      '10 MB call ms': fmt(ms, 1),
      'end-to-end MB/s': fmt((10 * MB) / 1e6 / (ms / 1000), 1),
      'proxy MB/s (10 MB / added ms)': name === 'direct' ? '' : fmt((10 * MB) / 1e6 / (extra / 1000), 1),
      'bytes to client': bigBytes[name].toLocaleString('en-US'),
    };
  });
  return {
    machine: machine(),
    rows,
    addedLatencyMs: {
      proxy: median(latency.proxy) - direct,
      measureOnly: median(latency['proxy --measure-only']) - direct,
    },
    throughputMBps: {
      proxy: (10 * MB) / 1e6 / (Math.min(...bigMs.proxy) / 1000),
      measureOnly: (10 * MB) / 1e6 / (Math.min(...bigMs['proxy --measure-only']) / 1000),
      direct: (10 * MB) / 1e6 / (Math.min(...bigMs.direct) / 1000),
      // The proxy's own rate: 10 MB over the time it adds to the direct round trip.
      proxyOwn: (10 * MB) / 1e6 / ((Math.min(...bigMs.proxy) - Math.min(...bigMs.direct)) / 1000),
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await run({ quick: process.argv.includes('--quick') });
  console.log(`Machine: ${describeMachine()}\n`);
  console.log(table(result.rows, Object.keys(result.rows[0])));
  console.log('\nTargets: added latency <= 1 ms at the median; >= 50 MB/s on a 10 MB result.');
}
