// The proxy's accounting with page reads: a fed session of call and page records, and the real
// proxy's --log, which appends as its help says.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { initializeParams } from './support/line-client';
import { freshLog, loggedRows, loggingProxy } from './support/proxy-log';

const require = createRequire(import.meta.url);
const { SessionStats, quantile } = require('../node/proxy/stats.cjs');
const { HELP } = require('../node/cli/commands/proxy.cjs');

const call = (tool: string, tokensIn: number, tokensOut: number, durationMs: number) => ({
  kind: 'call',
  tool,
  charsIn: tokensIn * 3,
  tokensIn,
  charsOut: tokensOut * 3,
  tokensOut,
  elided: tokensOut < tokensIn,
  ms: 0.25,
  durationMs,
});
const page = (tool: string, resultId: string, n: number, tokens: number) => ({
  kind: 'page',
  tool,
  resultId,
  page: n,
  chars: tokens * 3,
  tokens,
  ms: 0.5,
});

/** A session: two elided directory_tree calls whose pages are read, and a small call. */
function fed(log?: string, keepRecords = true) {
  const lines: string[] = [];
  const stats = new SessionStats({
    log,
    writeFile: (_: string, l: string) => lines.push(l),
    startedAt: 0,
    keepRecords,
  });
  const feed = [
    call('directory_tree', 47942, 1900, 40),
    page('directory_tree', 'r1', 1, 9000),
    page('directory_tree', 'r1', 2, 9000),
    call('read_file', 300, 300, 2),
    call('directory_tree', 47942, 1900, 50),
    page('directory_tree', 'r2', 1, 9000),
  ];
  feed.forEach((r, i) => stats.add(r, i * 10));
  return { stats, lines };
}

describe('proxy accounting with pages read', () => {
  it('totals count the pages read as forwarded, and the saving is on that basis', () => {
    const { stats } = fed();
    const t = stats.totals();
    expect(t).toMatchObject({
      calls: 3,
      pages: 3,
      tokensIn: 96184,
      tokensOut: 4100,
      pageTokens: 27000,
      tokensForwarded: 31100,
      elided: 2,
      latency: { medianMs: 40, p95Ms: 50, maxMs: 50 },
    });
    expect(t.savedPercent).toBeCloseTo(((96184 - 31100) / 96184) * 100, 10);
    expect(stats.byTool()[0]).toMatchObject({
      tool: 'directory_tree',
      calls: 2,
      pages: 3,
      pageTokens: 27000,
      tokensForwarded: 30800,
    });
  });

  it('the summary says what was forwarded with the pages, the saving and the latency', () => {
    expect(fed().stats.summary()).toBe(
      'modoki-budget proxy: 3 calls, 96,184 tokens received, 4,100 forwarded + 27,000 in 3 pages read = 31,100 (67.7% saved), 2 elided\n' +
        '  latency per call: median 40.0 ms, p95 50.0 ms, max 50.0 ms\n' +
        '  costliest tools: directory_tree 95,884 → 30,800 tokens (2 calls, 3 pages); read_file 300 → 300 tokens (1 call)\n',
    );
  });

  it('without its records (the proxy keeps them for --html only) the totals, the tools and the summary are the same', () => {
    const kept = fed().stats;
    const { stats, lines } = fed('x.jsonl', false);
    expect([stats.calls, stats.pages]).toEqual([[], []]);
    expect(stats.totals()).toEqual(kept.totals());
    expect(stats.byTool()).toEqual(kept.byTool());
    expect(stats.summary()).toBe(kept.summary());
    expect(lines.length).toBe(6);
  });

  it('pages cost more than the answers saved: the saving goes negative, never hidden', () => {
    const stats = new SessionStats({ startedAt: 0 });
    stats.add(call('t', 1000, 100, 1), 0);
    stats.add(page('t', 'r', 1, 1200), 1);
    expect(stats.totals().savedPercent).toBeCloseTo(-30, 10);
    expect(stats.summary()).toContain('(-30.0% saved)');
  });

  it('the log gets one line per call and per page read, in order', () => {
    const { lines } = fed('x.jsonl');
    const rows = lines.map((l) => JSON.parse(l));
    expect(rows.map((r) => `${r.kind}:${r.tool}${r.kind === 'page' ? `#${r.resultId}/${r.page}` : ''}`)).toEqual([
      'call:directory_tree',
      'page:directory_tree#r1/1',
      'page:directory_tree#r1/2',
      'call:read_file',
      'call:directory_tree',
      'page:directory_tree#r2/1',
    ]);
    expect(rows[1]).toEqual({
      kind: 'page',
      tool: 'directory_tree',
      resultId: 'r1',
      page: 1,
      chars: 27000,
      tokens: 9000,
      ms: 0.5,
      at: 10,
    });
  });

  it('quantiles by the nearest rank', () => {
    expect([quantile([], 0.5), quantile([3, 1, 2], 0.5), quantile([1, 2, 3, 4], 0.95), quantile([5], 0.95)]).toEqual([
      0, 2, 4, 5,
    ]);
  });
});

describe('proxy --log', () => {
  it('appends to the file, as its help says', async () => {
    expect(HELP).toMatch(/--log FILE {10}append one JSON line/);
    const log = freshLog('preview-log-');
    writeFileSync(log, '{"earlier":"session"}\n');
    let rows: Array<Record<string, any>> = [];
    for (const text of ['one', 'two']) {
      const c = loggingProxy(log);
      await c.request('initialize', initializeParams);
      await c.request('tools/call', { name: 'echo', arguments: { text } });
      rows = await loggedRows(c, log);
    }
    expect(rows.map((r) => r.earlier ?? `${r.kind}:${r.tool}`)).toEqual(['session', 'call:echo', 'call:echo']);
  });
});
