// What the editor's renderer pays for its summaries: the bytes a page downloads (gzip) and how
// soon the first call answers, for the package's browser build against the plain-TypeScript
// modules it replaces (bench/renderer/plain-summaries.ts: roundFloats and a tail with counts).
// Both pages are the same (bench/renderer/main.ts), built by Vite for production and opened in
// headless Chromium over loopback, each load in a fresh browser context (an empty cache).
//
// Figures per page: gzip bytes of every response it received (what a server with compression
// sends), the time from navigation start until the page's modules have loaded (the package's
// entry instantiates its WebAssembly with top-level await), the first summaries call after that,
// and a second call. Run: node bench/renderer.mjs [--quick]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { describeMachine, fmt, table } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const page = join(here, 'renderer');

/**
 * Targets for the package's page, on this machine over loopback with an empty cache: what it
 * downloads (the module is ~343 KiB of it), how much later than the plain page its first answer
 * comes (downloading and compiling the module, once per page), and the first call itself.
 */
export const TARGETS = { gzipKiB: '<= 400', addedFirstAnswerMs: '<= 400', firstCallMs: '<= 10' };

const PEERS = [
  { name: 'modoki-budget (browser build)', summaries: join(root, 'pkg', 'web', 'index.mjs') },
  { name: 'plain TypeScript', summaries: join(page, 'plain-summaries.ts') },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function buildPage(summaries) {
  const outDir = mkdtempSync(join(tmpdir(), 'modoki-budget-renderer-bench-'));
  await build({
    root: page,
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { summaries } },
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

/** One load in a fresh context: gzip bytes received, and the page's own timings. */
async function load(browser, url) {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const bodies = [];
  tab.on('response', (r) =>
    bodies.push(
      r.body().then(
        (b) => ({ raw: b.length, gzip: gzipSync(b).length }),
        () => null,
      ),
    ),
  );
  await tab.goto(url);
  await tab.waitForFunction(() => window.__bench !== undefined, null, { timeout: 60_000 });
  const timings = await tab.evaluate(() => window.__bench);
  const sizes = (await Promise.all(bodies)).filter(Boolean);
  await context.close();
  return {
    raw: sizes.reduce((s, x) => s + x.raw, 0),
    gzip: sizes.reduce((s, x) => s + x.gzip, 0),
    ready: timings.ready,
    first: timings.first.ms,
    second: timings.second.ms,
    answer: timings.first.answer,
  };
}

export async function run({ quick = false } = {}) {
  const loads = quick ? 3 : 9;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const results = {};
  try {
    for (const peer of PEERS) {
      const outDir = await buildPage(peer.summaries);
      const server = await preview({
        root: page,
        configFile: false,
        logLevel: 'silent',
        build: { outDir },
        preview: { host: '127.0.0.1', port: 0 },
      });
      const url = server.resolvedUrls.local[0];
      const runs = [];
      for (let i = 0; i < loads; i++) runs.push(await load(browser, url));
      await server.close();
      results[peer.name] = {
        rawBytes: runs[0].raw,
        gzipBytes: runs[0].gzip,
        readyMs: median(runs.map((r) => r.ready)),
        firstCallMs: median(runs.map((r) => r.first)),
        secondCallMs: median(runs.map((r) => r.second)),
        firstAnswerMs: median(runs.map((r) => r.ready + r.first)),
        answer: runs[0].answer,
      };
    }
  } finally {
    await browser.close();
  }
  const [ours, plain] = PEERS.map((p) => results[p.name]);
  return {
    loads,
    results,
    addedFirstAnswerMs: ours.firstAnswerMs - plain.firstAnswerMs,
    sameAnswer: ours.answer === plain.answer,
    targets: TARGETS,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = await run({ quick: process.argv.includes('--quick') });
  const rows = Object.entries(out.results).map(([name, r]) => ({
    page: name,
    'gzip KiB': fmt(r.gzipBytes / 1024),
    'raw KiB': fmt(r.rawBytes / 1024),
    'modules loaded ms': fmt(r.readyMs),
    'first call ms': fmt(r.firstCallMs),
    'second call ms': fmt(r.secondCallMs),
    'first answer ms': fmt(r.firstAnswerMs),
  }));
  const [ours, plain] = Object.values(out.results);
  console.log(`renderer summaries — ${describeMachine()}, Chromium headless, loopback, median of ${out.loads} loads\n`);
  console.log(table(rows, Object.keys(rows[0])));
  console.log(
    `\nratios (package / plain TypeScript): gzip bytes ${fmt(ours.gzipBytes / plain.gzipBytes)}×, first answer ${fmt(ours.firstAnswerMs / plain.firstAnswerMs)}×, first call ${fmt(ours.firstCallMs / plain.firstCallMs)}×`,
  );
  console.log(`first answer later than the plain page by ${fmt(out.addedFirstAnswerMs)} ms`);
  console.log(`same answer on both pages: ${out.sameAnswer}`);
  console.log(`targets for the package's page: ${JSON.stringify(TARGETS)}`);
}
