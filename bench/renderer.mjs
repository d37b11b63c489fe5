// What the editor's renderer pays for its summaries: the bytes a page downloads (gzip) and how
// soon the first call answers, for the package's browser build against the plain-TypeScript
// modules it replaces (bench/renderer/plain-summaries.ts: roundFloats and a tail with counts).
// Both pages are the same (bench/renderer/main.ts), built by Vite for production and opened in
// headless Chromium over loopback, each load in a fresh browser context (an empty cache). A third
// page is the package's with the preload hint docs/browser.md suggests (bench/renderer/preload.html).
//
// Figures per page: gzip bytes of every response it received (what a server with compression
// sends), file by file, the time from navigation start until the page's modules have loaded (the
// package's entry instantiates its WebAssembly with top-level await), the first summaries call
// after that, and a second call. The bytes come from one load of each page that reads every
// response's body; the times from other loads that read none, since reading a body through the
// DevTools protocol while the page loads takes the CPU the page is timed on. The pages are loaded
// in turn (package, plain, package with the hint, package, …), so a change in the machine's load
// hits each alike. A fourth page (bench/renderer/read.html) reads inside a result its budget
// policy kept, twice: what the first read downloads (read_result's search module, which no other
// page fetches) and how long each read takes. Run: node bench/renderer.mjs [--quick]
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
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
 * downloads (most of it the full module; read_result's search module is not among it, since the
 * page never reads inside a kept result), how much later than the plain page its first answer
 * comes (downloading and compiling the module, once per page), and the first call itself.
 */
export const TARGETS = { gzipKiB: '<= 400', addedFirstAnswerMs: '<= 400', firstCallMs: '<= 10' };

const PEERS = [
  { name: 'modoki-budget (browser build)', summaries: join(root, 'pkg', 'web', 'index.mjs'), html: 'index.html' },
  { name: 'plain TypeScript', summaries: join(page, 'plain-summaries.ts'), html: 'index.html' },
  {
    name: 'modoki-budget, page with the preload hint',
    summaries: join(root, 'pkg', 'web', 'index.mjs'),
    html: 'preload.html',
  },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function buildPage({ summaries, html }) {
  const outDir = mkdtempSync(join(tmpdir(), 'modoki-budget-renderer-bench-'));
  await build({
    root: page,
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { summaries } },
    build: { outDir, emptyOutDir: true, rollupOptions: { input: join(page, html) } },
  });
  return outDir;
}

/** A file's name without the content hash Vite puts in it (`index-Cp9j26iE.js` → `index.js`). */
const fileName = (url) => basename(new URL(url).pathname).replace(/-[\w-]{8}\./, '.') || '(page)';

/** One load in a fresh context, reading every response's body: the bytes of each file received. */
async function sizes(browser, url) {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const bodies = [];
  tab.on('response', (r) =>
    bodies.push(
      r.body().then(
        (b) => ({ file: fileName(r.url()), rawBytes: b.length, gzipBytes: gzipSync(b).length }),
        () => null,
      ),
    ),
  );
  await tab.goto(url);
  await tab.waitForFunction(() => window.__bench !== undefined, null, { timeout: 60_000 });
  const files = (await Promise.all(bodies)).filter(Boolean);
  await context.close();
  return files;
}

/** Vite's preview server over the page built into `outDir`, on a free 127.0.0.1 port. */
const servePage = (outDir) =>
  preview({
    root: page,
    configFile: false,
    logLevel: 'silent',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0 },
  });

/** The read page: what its reads download (the search module's files) and each read's time. */
async function readCost(browser, loads) {
  const outDir = await buildPage({ summaries: join(root, 'pkg', 'web', 'index.mjs'), html: 'read.html' });
  const server = await servePage(outDir);
  const url = new URL('read.html', server.resolvedUrls.local[0]).href;
  const once = async (withBodies) => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const bodies = [];
    if (withBodies)
      tab.on('response', (r) =>
        bodies.push(
          r.body().then(
            (b) => ({ file: fileName(r.url()), b }),
            () => null,
          ),
        ),
      );
    await tab.goto(url);
    await tab.waitForFunction(() => window.__read !== undefined, null, { timeout: 60_000 });
    const timings = await tab.evaluate(() => window.__read);
    const files = (await Promise.all(bodies)).filter(Boolean);
    await context.close();
    return { timings, files };
  };
  try {
    const { timings: checked, files } = await once(true);
    const search = files.filter((f) => f.file.startsWith('modoki_budget_query'));
    const runs = [];
    for (let i = 0; i < loads; i++) runs.push((await once(false)).timings);
    return {
      answer: checked.first?.answer ?? checked.error,
      searchFiles: search.map((f) => ({ file: f.file, rawBytes: f.b.length, gzipBytes: gzipSync(f.b).length })),
      tableRequests: files.filter((f) => f.file.startsWith('cl100k_base')).length,
      firstReadMs: median(runs.map((r) => r.first.ms)),
      secondReadMs: median(runs.map((r) => r.second.ms)),
    };
  } finally {
    await server.close();
  }
}

/** One load in a fresh context: the page's own timings. */
async function load(browser, url) {
  const context = await browser.newContext();
  const tab = await context.newPage();
  await tab.goto(url);
  await tab.waitForFunction(() => window.__bench !== undefined, null, { timeout: 60_000 });
  const timings = await tab.evaluate(() => window.__bench);
  await context.close();
  return { ready: timings.ready, first: timings.first.ms, second: timings.second.ms, answer: timings.first.answer };
}

export async function run({ quick = false } = {}) {
  const loads = quick ? 3 : 9;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const pages = [];
  const results = {};
  let read;
  try {
    for (const peer of PEERS) {
      const outDir = await buildPage(peer);
      const server = await servePage(outDir);
      pages.push({ peer, server, url: new URL(peer.html, server.resolvedUrls.local[0]).href, runs: [] });
    }
    for (const p of pages) p.files = await sizes(browser, p.url);
    for (let i = 0; i < loads; i++) for (const p of pages) p.runs.push(await load(browser, p.url));
    for (const { peer, files, runs } of pages) {
      results[peer.name] = {
        rawBytes: files.reduce((sum, f) => sum + f.rawBytes, 0),
        gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
        files,
        readyMs: median(runs.map((r) => r.ready)),
        firstCallMs: median(runs.map((r) => r.first)),
        secondCallMs: median(runs.map((r) => r.second)),
        firstAnswerMs: median(runs.map((r) => r.ready + r.first)),
        answer: runs[0].answer,
        // read_result's search module is fetched on a first read only, which these pages never make.
        searchModuleFetched: files.some((f) => f.file.startsWith('modoki_budget_query')),
        sameAnswerEveryLoad: runs.every((r) => r.answer === runs[0].answer),
      };
    }
    read = await readCost(browser, loads);
  } finally {
    await browser.close();
    await Promise.all(pages.map((p) => p.server.close()));
  }
  const [ours, plain, preloaded] = PEERS.map((p) => results[p.name]);
  return {
    loads,
    results,
    addedFirstAnswerMs: ours.firstAnswerMs - plain.firstAnswerMs,
    addedFirstAnswerWithPreloadMs: preloaded.firstAnswerMs - plain.firstAnswerMs,
    sameAnswer: Object.values(results).every((r) => r.sameAnswerEveryLoad && r.answer === plain.answer),
    read,
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
  console.log(
    `renderer summaries — ${describeMachine()}, load average ${fmt(loadavg()[0])}, Chromium headless, loopback, median of ${out.loads} loads\n`,
  );
  console.log(table(rows, Object.keys(rows[0])));
  console.log(`\nwhat each page downloads (file: gzip KiB / raw KiB):`);
  for (const [name, r] of Object.entries(out.results)) {
    console.log(
      `  ${name}: ${r.files.map((f) => `${f.file} ${fmt(f.gzipBytes / 1024)} / ${fmt(f.rawBytes / 1024)}`).join(', ')}`,
    );
  }
  console.log(
    `\nratios (package / plain TypeScript): gzip bytes ${fmt(ours.gzipBytes / plain.gzipBytes)}×, first answer ${fmt(ours.firstAnswerMs / plain.firstAnswerMs)}×, first call ${fmt(ours.firstCallMs / plain.firstCallMs)}×`,
  );
  console.log(`first answer later than the plain page by ${fmt(out.addedFirstAnswerMs)} ms`);
  console.log(`  (with the preload hint: ${fmt(out.addedFirstAnswerWithPreloadMs)} ms)`);
  console.log(`same answer on every page and load: ${out.sameAnswer}`);
  console.log(`read_result's search module fetched by the package's page: ${ours.searchModuleFetched}`);
  const { read } = out;
  console.log(
    `\nthe read page (bench/renderer/read.html), median of ${out.loads} loads: first read ${fmt(read.firstReadMs)} ms (fetching and instantiating the search module, ` +
      `the rank table requested ${read.tableRequests}× in all), second read ${fmt(read.secondReadMs)} ms; its answer: ${read.answer}`,
  );
  console.log(
    `  the first read downloads: ${read.searchFiles.map((f) => `${f.file} ${fmt(f.gzipBytes / 1024)} / ${fmt(f.rawBytes / 1024)}`).join(', ')} (gzip KiB / raw KiB)`,
  );
  console.log(`targets for the package's page: ${JSON.stringify(TARGETS)}`);
}
