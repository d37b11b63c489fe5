// The HTML pages of `report --html` and `proxy --html`, opened in a real headless Chromium: the
// numbers the page shows must be the numbers the report (or the proxy's log) gives, the treemap
// areas must be the token shares, and the page must load nothing from the network. Screenshots
// go to target/ (not committed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launch } from './support/chromium';
import { bin, initializeParams, root } from './support/line-client';
import { loggedRows, loggingProxy } from './support/proxy-log';

const dir = mkdtempSync(join(tmpdir(), 'html-test-'));
const shots = join(root, 'target');
const n = (x: number) => Math.round(x).toLocaleString('en-US');
const pct = (x: number) => `${x.toFixed(1)}%`;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launch();
}, 900_000);
afterAll(async () => {
  await browser?.close();
});

/** Opens a file, counting every request that is not the file itself. */
async function open(file: string): Promise<{ page: Page; external: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1024, height: 1400 } });
  const external: string[] = [];
  page.on('request', (r) => {
    if (r.url() !== `file://${file}`) external.push(r.url());
  });
  await page.goto(`file://${file}`);
  return { page, external };
}

const shown = (page: Page) =>
  page.$$eval('[data-k]', (els) => Object.fromEntries(els.map((e) => [e.getAttribute('data-k'), e.textContent])));

describe('report --html', () => {
  it('shows the report numbers, and a treemap whose areas are the token shares', async () => {
    const file = join(dir, 'report.html');
    const sample = join(root, 'samples', 'scene-state.json');
    const r = spawnSync(process.execPath, [bin, 'report', sample, '--json', '--html', file], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout);
    const { page, external } = await open(file);
    const k = await shown(page);
    expect(k.chars).toBe(n(report.chars));
    expect(k.givenChars).toBe(n(report.givenChars));
    expect(k.bytes).toBe(n(report.bytes));
    expect(k['tokens.cl100k_base']).toBe(n(report.tokens.cl100k_base));
    expect(k['tokens.o200k_base']).toBe(n(report.tokens.o200k_base));
    expect(k['estimate.chars/4']).toBe(n(report.estimates[0].tokens));
    expect(k['rounded.tokens']).toBe(n(report.floatRounding.tokens));
    expect(k['toon.toonTokens']).toBe(n(report.toon.toonTokens));
    expect(k.risk).toBe(report.inflationRisk.risk);
    report.fields.slice(0, 40).forEach((f: { tokens: number; tokenShare: number; charShare: number }, i: number) => {
      expect([k[`field.${i}.tokens`], k[`field.${i}.tokenShare`], k[`field.${i}.charShare`]]).toEqual([
        n(f.tokens),
        pct(f.tokenShare),
        pct(f.charShare),
      ]);
    });
    const cells = await page.$$eval('[data-treemap="fields"] .cell', (els) =>
      els.map((e) => ({
        path: e.getAttribute('data-path'),
        ...(({ width, height }) => ({ area: width * height }))(e.getBoundingClientRect()),
      })),
    );
    const withTokens = report.fields.filter((f: { tokens: number }) => f.tokens > 0);
    expect(cells).toHaveLength(withTokens.length);
    const total = cells.reduce((s, c) => s + c.area, 0);
    // Cells are placed at 0.1 px: the tiling covers the box to within rounding.
    expect(Math.abs(total / (960 * 480) - 1)).toBeLessThan(0.001);
    const tokens = withTokens.reduce((s: number, f: { tokens: number }) => s + f.tokens, 0);
    const biggest = withTokens.slice().sort((a: { tokens: number }, b: { tokens: number }) => b.tokens - a.tokens)[0];
    expect(cells[0].path).toBe(biggest.path);
    expect(cells[0].area / total).toBeCloseTo(biggest.tokens / tokens, 2);
    expect(external).toEqual([]);
    await page.screenshot({ path: join(shots, 'report-page.png'), fullPage: true });
  });
});

describe('proxy --html', () => {
  it('shows the session totals and the per-tool table the log adds up to, and the costliest treemap', async () => {
    const file = join(dir, 'session.html');
    const log = join(dir, 'session.jsonl');
    const c = loggingProxy(log, ['--html', file]);
    await c.request('initialize', initializeParams);
    await c.request('tools/list', {});
    for (const [name, args] of [
      ['dump', { n: 40 }],
      ['echo', { text: 'hi' }],
      ['dump', { n: 3000 }],
      ['big', { mb: 0.3 }],
      ['echo', { text: 'again' }],
    ] as const) {
      await c.request('tools/call', { name, arguments: args });
    }
    const rows = await loggedRows(c, log);
    const { page, external } = await open(file);
    const k = await shown(page);
    const total = (key: string) => rows.reduce((s, r) => s + r[key], 0);
    expect([k.calls, k.elided, k.tokensIn, k.tokensOut]).toEqual([
      n(rows.length),
      n(rows.filter((r) => r.elided).length),
      n(total('tokensIn')),
      n(total('tokensOut')),
    ]);
    const tools = await page.$$eval('tr[data-tool]', (trs) => trs.map((tr) => tr.getAttribute('data-tool')));
    const byTool = ['dump', 'big', 'echo'];
    expect(tools).toEqual(byTool);
    byTool.forEach((tool, i) => {
      const mine = rows.filter((r) => r.tool === tool);
      expect([k[`tool.${i}.calls`], k[`tool.${i}.tokensIn`], k[`tool.${i}.tokensOut`]]).toEqual([
        n(mine.length),
        n(mine.reduce((s, r) => s + r.tokensIn, 0)),
        n(mine.reduce((s, r) => s + r.tokensOut, 0)),
      ]);
    });
    const costliest = rows
      .map((r) => r.tokensIn)
      .sort((a, b) => b - a)
      .slice(0, 3);
    expect([k['costliest.0.tokensIn'], k['costliest.1.tokensIn'], k['costliest.2.tokensIn']]).toEqual(costliest.map(n));
    expect(await page.$$eval('svg rect', (r) => r.length)).toBe(rows.length * 2);
    expect(rows.every((r) => r.kind === 'call')).toBe(true);
    expect(await page.$$eval('[data-treemap="costliest.0"] .cell', (els) => els.length)).toBeGreaterThan(3);
    expect(external).toEqual([]);
    await page.screenshot({ path: join(shots, 'proxy-page.png'), fullPage: true });
  });
});

describe('proxy --html with pages read', () => {
  it('reports tokens forwarded with the pages, the saving on that basis, latency and labelled axes', async () => {
    const require = createRequire(import.meta.url);
    const { SessionStats } = require('../node/proxy/stats.cjs');
    const { sessionPage, fieldsOf } = require('../node/cli/proxy-page.cjs');
    const stats = new SessionStats({ startedAt: 0 });
    const tree = Array.from({ length: 300 }, (_, i) => ({
      name: `dir${i}`,
      type: 'directory',
      children: [{ name: `file${i}.ts`, type: 'file' }],
    }));
    const pretty = JSON.stringify(tree, null, 2);
    const log = Array.from({ length: 900 }, (_, i) => `${i + 1} INFO line`).join('\n');
    const feed = [
      {
        kind: 'call',
        tool: 'directory_tree',
        charsIn: 40000,
        tokensIn: 12000,
        charsOut: 900,
        tokensOut: 300,
        elided: true,
        ms: 1,
        durationMs: 30,
      },
      { kind: 'page', tool: 'directory_tree', resultId: 'a', page: 1, chars: 30000, tokens: 8000, ms: 2 },
      {
        kind: 'call',
        tool: 'read_file',
        charsIn: 9000,
        tokensIn: 4000,
        charsOut: 9000,
        tokensOut: 4000,
        elided: false,
        ms: 1,
        durationMs: 10,
      },
    ];
    const results = [{ structuredContent: { content: pretty } }, undefined, { content: [{ type: 'text', text: log }] }];
    feed.forEach((r, i) => {
      const rec = stats.add(r, i * 5);
      if (results[i]) stats.keep(rec, fieldsOf(results[i]));
    });
    const file = join(dir, 'session-pages.html');
    writeFileSync(file, sessionPage(stats.pageData()));
    const { page, external } = await open(file);
    const k = await shown(page);
    expect([k.calls, k.pages, k.tokensIn, k.tokensOut, k.pageTokens, k.tokensForwarded, k.saved]).toEqual([
      '2',
      '1',
      '16,000',
      '4,300',
      '8,000',
      '12,300',
      `${(((16000 - 12300) / 16000) * 100).toFixed(1)}%`,
    ]);
    expect([k['latency.median'], k['latency.p95'], k['latency.max']]).toEqual(['10.0 ms', '30.0 ms', '30.0 ms']);
    expect([k['axis.y'], k['axis.x'], k['axis.max']]).toEqual([
      'tokens',
      'calls and page reads, in order (3)',
      '12,000',
    ]);
    expect([k['tool.0.pages'], k['tool.0.pageTokens'], k['tool.0.tokensForwarded']]).toEqual(['1', '8,000', '8,300']);
    expect(await page.$$eval('svg rect.page', (r) => r.length)).toBe(1);
    expect(await page.$$eval('svg rect.in', (r) => r.length)).toBe(2);
    const labels = (key: string) =>
      page.$$eval(`[data-treemap="${key}"] .cell`, (els) => els.map((e) => e.getAttribute('data-path') ?? ''));
    const treeCells = await labels('costliest.0');
    expect(treeCells.length).toBeGreaterThan(1);
    for (const label of treeCells) expect(label).toMatch(/^content \(document\) /);
    const textCells = await labels('costliest.1');
    expect(textCells.length).toBe(24);
    expect(textCells).toContain('lines 1–38');
    expect(external).toEqual([]);
    await page.screenshot({ path: join(shots, 'proxy-page-pages.png'), fullPage: true });
  });
});
