// The package in a real browser, as the editor's renderer uses it: a Vite app that installs the
// packed tarball, on Vite's dev server and as a production build (and the same app bundled by
// webpack 5), on the main thread and in a module worker of headless Chromium. Every export's
// answer on the shared case list (support/export-cases.mjs) must equal Node's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer as netServer } from 'node:net';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { build, createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import webpack from 'webpack';
import * as esm from 'modoki-budget';
import * as formatting from 'modoki-budget/formatter';
import { launch } from './support/chromium';
import { installPacked } from './support/packed';
// @ts-expect-error — plain JavaScript shared with the browser app, no declarations
import { answers, coveredFunctions } from './support/export-cases.mjs';
// @ts-expect-error — plain JavaScript shared with the browser app, no declarations
import { readAnswers, summaryAnswer } from './support/read-cases.mjs';

const cjs = createRequire(__filename)('modoki-budget') as Record<string, unknown>;

type PageResults = {
  error?: string;
  notLoaded: { code?: string; message?: string; value?: number };
  firstEncode: string;
  main: Record<string, string>;
  worker: { answers?: Record<string, string>; error?: string };
};

let app: string;
let browser: Browser;
let nodeAnswers: Record<string, string>;
const servers: Array<ViteDevServer | PreviewServer> = [];

/** A free loopback port. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = netServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** Node's answers for the cases of the exports `names`. */
const nodeAnswersFor = (names: string[]) =>
  Object.fromEntries(Object.entries(nodeAnswers).filter(([key]) => names.includes(key.split(': ')[0])));

/**
 * The app's results after opening `url` (the page waits for both threads), every URL it
 * requested, and every request's path in order (a path twice when it was fetched twice).
 */
async function resultsAt(url: string): Promise<PageResults & { requested: string[]; requests: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const said: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') said.push(m.text());
  });
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  try {
    await page.goto(url);
    await page
      .waitForFunction(() => (window as { __results?: unknown }).__results !== undefined, null, { timeout: 60_000 })
      .catch((error: Error) => {
        // A page that never answers says why, when it said anything.
        const why = [...errors, ...said];
        throw why.length > 0 ? new Error(`${error.message}; the page said: ${why.join('\n')}`) : error;
      });
    const results = await page.evaluate(() => (window as unknown as { __results: Promise<unknown> }).__results);
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('\n')}`);
    return { ...(results as PageResults), requested: [...new Set(requests)].sort(), requests };
  } finally {
    await page.close();
  }
}

beforeAll(async () => {
  app = installPacked('browser-app');
  for (const f of readdirSync(join(__dirname, 'browser-app')))
    copyFileSync(join(__dirname, 'browser-app', f), join(app, f));
  copyFileSync(join(__dirname, 'support', 'export-cases.mjs'), join(app, 'export-cases.mjs'));
  copyFileSync(join(__dirname, 'support', 'read-cases.mjs'), join(app, 'read-cases.mjs'));
  [nodeAnswers, browser] = await Promise.all([answers(esm), launch()]);
}, 900_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await browser?.close();
});

/**
 * Checks the page that imports only `modoki-budget/formatter`: it downloads the small module and
 * nothing else of the package, and answers as Node does — except a token cap, which needs the
 * full module and says so.
 */
async function expectFormatterPage(url: string, packageFiles: (requested: string[]) => string[]) {
  const results = await resultsAt(url);
  expect(results.error).toBeUndefined();
  const expected = nodeAnswersFor(Object.keys(formatting));
  expect(Object.keys(results.main).sort()).toEqual(Object.keys(expected).sort());
  expect(JSON.parse(results.main['encode: token cap']).threw.message).toBe(
    "modoki-budget/formatter: checkEncoding needs the full module; import from 'modoki-budget' for it.",
  );
  expect({ ...results.main, 'encode: token cap': '' }).toEqual({ ...expected, 'encode: token cap': '' });
  expect(packageFiles(results.requested)).toEqual(['modoki_budget_formatter_bg.wasm']);
}

/** Checks one run of the app: no error, sync answers on both threads equal to Node's. */
function expectSameAsNode(results: PageResults) {
  expect(results.error).toBeUndefined();
  expect(results.firstEncode).toBe('{"a":1.23}');
  expect(results.notLoaded).toEqual({
    code: 'ENCODING_NOT_LOADED',
    message:
      'The "cl100k_base" token table is not loaded: call `await loadEncoding("cl100k_base")` once before counting tokens with it in a browser.',
  });
  expect(results.main).toEqual(nodeAnswers);
  expect(results.worker.error).toBeUndefined();
  expect(results.worker.answers).toEqual(nodeAnswers);
}

describe('the shared case list', () => {
  it('calls every function of the package and reads every other export', () => {
    const functions = Object.keys(cjs).filter((name) => typeof cjs[name] === 'function');
    expect([...coveredFunctions()].sort()).toEqual(functions.sort());
    const values = Object.keys(cjs).filter((name) => typeof cjs[name] !== 'function');
    expect(values).toContain('BUDGET_PRESETS');
    for (const name of values) expect(nodeAnswers).toHaveProperty([`${name}: value`]);
  });

  it('answers on Node without a thrown error where none is expected', () => {
    expect(nodeAnswers['countTokens: both encodings']).toMatch(/^\{"value":\[\d+,\d+\]\}$/);
    expect(JSON.parse(nodeAnswers['loadEncoding: unknown encoding']).threw.code).toBe('UNKNOWN_ENCODING');
  });
});

/**
 * Bundles the app's page `entry` (main.js unless told) with webpack 5 (production, browser
 * target) into `out`, beside an index.html that runs it.
 */
function webpackBuild(out: string, entry = './main.js'): Promise<string[]> {
  return new Promise((done, fail) => {
    const compiler = webpack({
      mode: 'production',
      context: app,
      entry,
      target: 'web',
      output: { path: join(app, out), publicPath: 'auto', clean: true },
      performance: { hints: false },
    });
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || !stats) return fail(error);
      const { errors = [], warnings = [] } = stats.toJson({ all: false, errors: true, warnings: true });
      writeFileSync(
        join(app, out, 'index.html'),
        '<!doctype html><meta charset="utf-8" /><script src="main.js"></script>\n',
      );
      done([...errors, ...warnings].map((e) => e.message));
    });
  });
}

/** Vite's dev server on the app; its base URL. */
async function devServer(): Promise<string> {
  const port = await freePort();
  const server = await createServer({
    root: app,
    configFile: false,
    logLevel: 'silent',
    server: { host: '127.0.0.1', port, strictPort: true },
  });
  servers.push(server);
  await server.listen();
  return `http://127.0.0.1:${port}`;
}

/** A static server (Vite's preview) for the app's built folder `outDir`; its base URL. */
async function previewServer(outDir: string): Promise<string> {
  const port = await freePort();
  servers.push(
    await preview({
      root: app,
      configFile: false,
      logLevel: 'silent',
      build: { outDir },
      preview: { host: '127.0.0.1', port, strictPort: true },
    }),
  );
  return `http://127.0.0.1:${port}`;
}

describe('a Vite app with the packed package, in Chromium', () => {
  it('on the dev server: every answer on the main thread and in a worker equals Node', async () => {
    const base = await devServer();
    const results = await resultsAt(`${base}/`);
    expectSameAsNode(results);
    // The package's files are served from the package, and nothing else of it is fetched.
    expect(results.requested.filter((p) => p.startsWith('/node_modules/modoki-budget/'))).toEqual([
      '/node_modules/modoki-budget/pkg/web/modoki_budget_bg.wasm',
      '/node_modules/modoki-budget/src/tokens/data/cl100k_base.bin',
      '/node_modules/modoki-budget/src/tokens/data/o200k_base.bin',
    ]);
    await expectFormatterPage(`${base}/formatter.html`, (requested) =>
      requested.filter((p) => p.startsWith('/node_modules/modoki-budget/')).map((p) => p.split('/').pop() as string),
    );
  });

  it('on the dev server, from a copy where an older optimizer puts it, the entry finds its files in the package', async () => {
    // Vite 8 points a pre-bundled copy's URLs back at the package; older optimizers do not. The
    // loader, copied two folders below node_modules/ as they copy it, must then ask the package.
    const copy = join(app, 'node_modules', '.copy', 'deps');
    mkdirSync(copy, { recursive: true });
    copyFileSync(join(app, 'node_modules', 'modoki-budget', 'node', 'browser', 'loader.mjs'), join(copy, 'loader.mjs'));
    const base = await devServer();
    const found = (await resultsAt(`${base}/fallback.html`)) as unknown as Record<string, unknown>;
    expect(found.error).toBeUndefined();
    expect(found).toMatchObject({
      url: '/node_modules/modoki-budget/pkg/web/modoki_budget_bg.wasm',
      magic: [0, 0x61, 0x73, 0x6d],
      size: statSync(join(app, 'node_modules', 'modoki-budget', 'pkg', 'web', 'modoki_budget_bg.wasm')).size,
    });
    expect(found.requested).toContain('/node_modules/.copy/deps/modoki_budget_bg.wasm');
  });

  it('as a production build: every answer on the main thread and in a worker equals Node', async () => {
    await build({
      root: app,
      configFile: false,
      logLevel: 'silent',
      // A module worker with top-level await is an ES module; Vite bundles workers as iife by default.
      worker: { format: 'es' },
      build: { rollupOptions: { input: [join(app, 'index.html'), join(app, 'formatter.html')] } },
    });
    // The build emits each entry's module, read_result's search module and its glue (loaded on a
    // first read) and the two rank tables beside the pages' and the worker's scripts (and the
    // case list they share), and nothing else of the package.
    const emitted = readdirSync(join(app, 'dist', 'assets')).map((f) => f.replace(/-[\w-]{8}\./, '.'));
    expect(emitted.sort()).toEqual([
      'cl100k_base.bin',
      'export-cases.js',
      'formatter.js',
      'index.js',
      'modoki_budget_bg.wasm',
      'modoki_budget_formatter_bg.wasm',
      // The page's glue and the worker's, each bundled with its own entry.
      'modoki_budget_query.js',
      'modoki_budget_query.js',
      'modoki_budget_query_bg.wasm',
      'o200k_base.bin',
      'worker.js',
    ]);
    const base = await previewServer('dist');
    expectSameAsNode(await resultsAt(`${base}/`));
    await expectFormatterPage(`${base}/formatter.html`, (requested) =>
      requested
        .filter((p) => /\.(wasm|bin)$/.test(p))
        .map((p) => (p.split('/').pop() as string).replace(/-[\w-]{8}\./, '.')),
    );
  });

  it('with the preload hint docs/browser.md suggests: the module is downloaded once, and every answer equals Node', async () => {
    // The hint and the entry's own fetch must name the same URL, or the page downloads the module
    // twice: on the dev server the package's path, in a production build the one emitted file.
    const wasmRequests = (requests: string[]) => requests.filter((p) => p.endsWith('.wasm'));
    const dev = await resultsAt(`${await devServer()}/preload.html`);
    expect(dev.error).toBeUndefined();
    expect(dev.main).toEqual(nodeAnswers);
    expect(wasmRequests(dev.requests)).toEqual(['/node_modules/modoki-budget/pkg/web/modoki_budget_bg.wasm']);

    await build({
      root: app,
      configFile: false,
      logLevel: 'silent',
      build: { outDir: 'dist-preload', rollupOptions: { input: join(app, 'preload.html') } },
    });
    const built = await resultsAt(`${await previewServer('dist-preload')}/preload.html`);
    expect(built.error).toBeUndefined();
    expect(built.main).toEqual(nodeAnswers);
    expect(wasmRequests(built.requests).map((p) => p.replace(/-[\w-]{8}\./, '.'))).toEqual([
      '/assets/modoki_budget_bg.wasm',
    ]);
  });

  it('bundled by webpack 5: no error or warning, and every answer on both threads equals Node', async () => {
    expect(await webpackBuild('dist-webpack')).toEqual([]);
    const base = await previewServer('dist-webpack');
    expectSameAsNode(await resultsAt(`${base}/`));
  });
});

/** A file's name without the content hash a production build puts in it. */
const unhashed = (path: string) => (path.split('/').pop() as string).replace(/-[\w-]{8}\./, '.');
/** The WebAssembly files among requested paths, in order, by name. */
const wasmFiles = (requests: string[]) => requests.filter((p) => p.endsWith('.wasm')).map(unhashed);
const QUERY_WASM = /modoki_budget_query_bg[^/]*\.wasm$/;

/**
 * Opens the read page at `url` and runs its reads (support/read-cases.mjs): the WebAssembly files
 * it fetched by the time its import resolved, its answers, and every WebAssembly file it fetched.
 * With `failFirst`, the search module's file answers 404 for the first run of the reads, whose
 * answers are returned as `failed`, and is served for the second.
 */
async function readPage(url: string, failFirst = false) {
  const page = await browser.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  page.on('pageerror', (e) => errors.push(String(e)));
  try {
    await page.goto(url);
    await page.waitForFunction(() => (window as { __read?: unknown }).__read !== undefined, null, { timeout: 60_000 });
    const atImport = wasmFiles(requests);
    const read = () => page.evaluate(() => (window as unknown as { __read: () => Promise<unknown> }).__read());
    let failed: unknown;
    if (failFirst) {
      await page.route(QUERY_WASM, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' }));
      failed = await read();
      await page.unroute(QUERY_WASM);
    }
    const answers = (await read()) as Record<string, string>;
    expect(errors).toEqual([]);
    return { atImport, failed, answers, wasm: wasmFiles(requests), requests };
  } finally {
    await page.close();
  }
}

describe('read_result in a page: the search is a module of its own, fetched on the first read', () => {
  let nodeReads: Record<string, string>;
  beforeAll(async () => {
    nodeReads = await readAnswers(esm);
  });

  it('on Node, the reads answer (the list the page must equal)', () => {
    expect(Object.keys(nodeReads)).toHaveLength(8);
    expect(JSON.parse(nodeReads['chars: match ÉTÉ']).content[0].text).toMatch(
      /^8 of the 400 items of \$\.rows match "ÉTÉ", on 8 pages from 1 to 18 \(of 20\):\n\{"matched":8,"shown":8,"items":\[\{"index":7,"page":1,"item":\{"id":7,"name":"Été 7",/,
    );
    expect(JSON.parse(nodeReads['tokens: bad pattern'])).toEqual({
      content: [{ type: 'text', text: 'match: /(a+/ is not a valid regular expression: unclosed group' }],
      isError: true,
    });
  });

  it('as a production build: a summaries page never fetches it; a read fetches it once and answers as Node does; a failed fetch is an error answer, and the next read loads it', async () => {
    await build({
      root: app,
      configFile: false,
      logLevel: 'silent',
      build: { outDir: 'dist-read', rollupOptions: { input: [join(app, 'read.html'), join(app, 'summary.html')] } },
    });
    const assets = readdirSync(join(app, 'dist-read', 'assets'));
    const queryFile = assets.find((f) => QUERY_WASM.test(f));
    expect(
      assets
        .filter((f) => f.endsWith('.wasm'))
        .map(unhashed)
        .sort(),
    ).toEqual(['modoki_budget_bg.wasm', 'modoki_budget_query_bg.wasm']);
    const base = await previewServer('dist-read');

    const summary = await resultsAt(`${base}/summary.html`);
    expect(summary.error).toBeUndefined();
    expect(summary.main).toEqual({ summary: summaryAnswer(esm) });
    expect(wasmFiles(summary.requests)).toEqual(['modoki_budget_bg.wasm']);

    const read = await readPage(`${base}/read.html`);
    expect(read.atImport).toEqual(['modoki_budget_bg.wasm']);
    expect(read.answers).toEqual(nodeReads);
    expect(read.wasm).toEqual(['modoki_budget_bg.wasm', 'modoki_budget_query_bg.wasm']);

    const retried = await readPage(`${base}/read.html`, true);
    const message =
      "read_result failed: modoki-budget: read_result's search module did not load: could not load " +
      `${base}/assets/${queryFile} (HTTP 404) nor ${base}/modoki-budget/pkg/web/query/modoki_budget_query_bg.wasm (HTTP 404)`;
    const failure = JSON.stringify({ content: [{ type: 'text', text: message }], isError: true });
    expect(retried.failed).toEqual(Object.fromEntries(Object.keys(nodeReads).map((key) => [key, failure])));
    expect(retried.answers).toEqual(nodeReads);
    // Each of the failed run's reads asks for the file at both places it may be, and the first
    // read after it once.
    const reads = Object.keys(nodeReads).length;
    expect(retried.wasm).toEqual([
      'modoki_budget_bg.wasm',
      ...Array.from({ length: 2 * reads + 1 }, () => 'modoki_budget_query_bg.wasm'),
    ]);
  });

  it("bundled by webpack 5: no error or warning; the module is emitted, fetched on the first read, and the answers equal Node's", async () => {
    expect(await webpackBuild('dist-webpack-read', './read.js')).toEqual([]);
    const read = await readPage(`${await previewServer('dist-webpack-read')}/`);
    // webpack names an emitted file by its content hash alone: each is known by its size.
    const web = join(app, 'node_modules', 'modoki-budget', 'pkg', 'web');
    const bySize = new Map([
      [statSync(join(web, 'modoki_budget_bg.wasm')).size, 'modoki_budget_bg.wasm'],
      [statSync(join(web, 'query', 'modoki_budget_query_bg.wasm')).size, 'modoki_budget_query_bg.wasm'],
    ]);
    const named = (files: string[]) =>
      files.map((f) => bySize.get(statSync(join(app, 'dist-webpack-read', f)).size) ?? f);
    expect(named(read.atImport)).toEqual(['modoki_budget_bg.wasm']);
    expect(read.answers).toEqual(nodeReads);
    expect(named(read.wasm)).toEqual(['modoki_budget_bg.wasm', 'modoki_budget_query_bg.wasm']);
  });

  it("on the dev server: the module is the package's file, fetched on the first read, and the answers equal Node's", async () => {
    const read = await readPage(`${await devServer()}/read.html`);
    expect(read.atImport).toEqual(['modoki_budget_bg.wasm']);
    expect(read.answers).toEqual(nodeReads);
    expect(read.requests.filter((p) => p.endsWith('.wasm'))).toEqual([
      '/node_modules/modoki-budget/pkg/web/modoki_budget_bg.wasm',
      '/node_modules/modoki-budget/pkg/web/query/modoki_budget_query_bg.wasm',
    ]);
  });
});
