// The README's and docs' measured figures are written from the committed benchmark results
// (bench/results.json) by scripts/figures.mjs. These tests fail when a figure in a file differs
// from what the committed run writes, so a figure cannot go stale: after a new run, `npm run
// figures` rewrites them.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIGURES, compare, rewrite } from '../scripts/figures.mjs';

const root = join(__dirname, '..');
const committed = JSON.parse(readFileSync(join(root, 'bench', 'results.json'), 'utf8'));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const copy = () => JSON.parse(JSON.stringify(committed));

/** The one line of `text` that contains `needle`. */
const lineWith = (text: string, needle: string) => text.split('\n').find((l) => l.includes(needle));

describe('figures: README and docs say what bench/results.json says', () => {
  const files = compare();

  it('every file with figures holds exactly what the committed results write', () => {
    const stale = files.filter((f) => f.current !== f.wanted).map((f) => f.file);
    expect(stale, 'run `npm run figures` after recording a benchmark run').toEqual([]);
  });

  it('the figures live in the README and the docs that quote the benchmarks', () => {
    expect(files.map((f) => f.file)).toEqual([
      'README.md',
      'docs/browser.md',
      'docs/mcp.md',
      'docs/menu.md',
      'docs/proxy.md',
      'docs/streams.md',
      'docs/summarizers.md',
      'docs/tokens.md',
      'docs/toon.md',
    ]);
    for (const name of ['bench-machine', 'bench-table', 'example-server', 'summarizers', 'menu-compact-filesystem'])
      expect(readme).toContain(`<!-- figures:${name} -->`);
  });

  it('the docs that quote benchmarks hold no measured time, rate or size outside a figure', () => {
    // What is left once the figures and code blocks are taken out: a duration, a rate, a module
    // size or a ratio with decimals there was written by hand, and would go stale.
    const measured = /(?<![\w.])\d[\d.,]*\s?(?:ms|µs|MB\/s|KiB)\b|(?<![\w.])\d+\.\d+×/g;
    const loose = ['docs/browser.md', 'docs/mcp.md', 'docs/proxy.md', 'docs/tokens.md', 'docs/toon.md'].flatMap(
      (file) => {
        const text = readFileSync(join(root, file), 'utf8')
          .replace(/<!-- figures:[a-z0-9-]+ -->[\s\S]*?<!-- \/figures -->/g, '')
          .replace(/```[\s\S]*?```/g, '');
        return (text.match(measured) ?? []).map((m) => `${file}: ${m}`);
      },
    );
    expect(loose).toEqual([]);
  });

  it('every figure the script knows is used somewhere', () => {
    const all = files.map((f) => f.current).join('\n');
    for (const name of Object.keys(FIGURES)) expect(all, name).toContain(`<!-- figures:${name} -->`);
  });
});

describe('figures: written from the results, not kept', () => {
  it('a different overlap ratio is a different README line', () => {
    const results = copy();
    results.benches.overlaps.results.at(-1).ratio = 123.4;
    const line = lineWith(rewrite(readme, results), '`layoutBounds` overlap count');
    expect(line).toContain('| 123× faster');
    expect(line).toContain('| ≥ 100× |');
    results.benches.overlaps.results.at(-1).ratio = 42;
    expect(lineWith(rewrite(readme, results), '`layoutBounds` overlap count')).toContain('| ≥ 100× — **not met** |');
  });

  it('a missed target is said beside the figure, and a met one is not', () => {
    const results = copy();
    const table = results.benches.toon.results.find((x: { name: string }) => x.name === 'toToon 2,000-row table');
    table.speedup = 1.5;
    expect(lineWith(rewrite(readme, results), '`toToon` 2,000-row table')).toMatch(
      /\| 1\.50× \/ [\d.]+× faster \| ≥ 2× — \*\*not met\*\* \|$/,
    );
    table.speedup = 2.25;
    expect(lineWith(rewrite(readme, results), '`toToon` 2,000-row table')).toMatch(
      /\| 2\.25× \/ [\d.]+× faster \| ≥ 2× \|$/,
    );
  });

  it('the example server table and the sentence after it follow the sizes', () => {
    const results = copy();
    results.benches['with-budget'].sizes = [
      {
        call: 'get_scene_state {}',
        producedChars: 26103,
        producedTokens: 10265,
        editorChars: 26103,
        editorTokens: 10265,
        editorElided: false,
        claudeCodeChars: 381,
        claudeCodeTokens: 108,
        claudeCodeElided: true,
      },
      {
        call: 'get_scene_state {"id":3}',
        producedChars: 819,
        producedTokens: 295,
        editorChars: 819,
        editorTokens: 295,
        editorElided: false,
        claudeCodeChars: 819,
        claudeCodeTokens: 295,
        claudeCodeElided: false,
      },
    ];
    const figure = FIGURES['example-server'](results).split('\n');
    expect(figure).toEqual([
      '| call | produced | sent, `editor` | sent, `claudeCode` |',
      '| --- | --- | --- | --- |',
      '| `get_scene_state` | 26,103 / 10,265 | 26,103 / 10,265 | 381 / 108, elided, + link |',
      '| `get_scene_state { id: 3 }` | 819 / 295 | 819 / 295 | 819 / 295 |',
      '',
      'Under `claudeCode` (40,000 chars) even the bare scene index (26,103 chars) is over the cap, so it comes back elided with its pages; `limit=` or a filter brings it under.',
    ]);
    results.benches['with-budget'].sizes[0].claudeCodeElided = false;
    expect(FIGURES['example-server'](results).split('\n').at(-1)).toBe(
      'Under `claudeCode` (40,000 chars) the bare scene index (26,103 chars) fits; the `full: true` calls over the cap come back elided with their pages.',
    );
  });

  it('the overlap table is exact, and names the machine, the date and the load', () => {
    const results = {
      date: '2026-12-01T17:20:00.000Z',
      quick: true,
      machine: { cpu: 'AMD EPYC', cores: 2, memoryGiB: 24, node: 'v20.20.2' },
      loadavg: [5.25, 4, 3],
      runs: { overlaps: { mode: 'full' } },
      benches: {
        overlaps: {
          results: [
            { n: 1000, overlapsCount: 1822, oursMs: 12.35, pairwiseMs: 12.99, extrapolated: false, ratio: 1.0513 },
            {
              n: 100000,
              overlapsCount: 2421447,
              oursMs: 703.3,
              pairwiseMs: 125536.4,
              extrapolated: true,
              ratio: 178.49,
            },
          ],
        },
      },
    };
    expect(FIGURES.overlaps(results)).toBe(
      [
        '_From the committed run (bench/results.json, 2026-12-01): AMD EPYC, 2 cores, 24 GiB, Node v20.20.2, load average 5.3 at the start._',
        '',
        '| rects | overlapsCount | layoutBounds | pairwise loop | ratio |',
        '|---:|---:|---:|---:|---:|',
        '| 1,000 | 1,822 | 12.3 ms | 13.0 ms | 1.1× |',
        '| 100,000 | 2,421,447 | 703 ms | ~125,536 ms (extrapolated) | 178× |',
      ].join('\n'),
    );
    results.runs.overlaps.mode = 'quick';
    expect(FIGURES.overlaps(results).split('\n')[0]).toContain(
      '(bench/results.json, 2026-12-01, overlaps in its quick mode)',
    );
  });
});

describe('figures: the docs tables follow the results', () => {
  it("the proxy's rows and their verdicts follow the run", () => {
    const results = copy();
    const p = results.benches.proxy;
    p.throughputMBps.proxyOwn = 55.04;
    p.addedLatencyMs.proxy = 1.5;
    const figure = FIGURES['proxy-bench'](results).split('\n');
    expect(figure).toContain(
      '- **Added latency per small call: 1.50 ms at the median** (target ≤ 1 ms — **not met**).',
    );
    // The times beside the rate are the run's own (not set here), so only their shape is pinned.
    expect(figure.find((l) => l.startsWith('- **10 MB result'))).toMatch(
      /^- \*\*10 MB result: 55\.0 MB\/s of added time\*\* \(target ≥ 50 MB\/s\): the proxy added [\d,]+ ms to a [\d,]+ ms direct round trip/,
    );
  });

  it("the proxy's HTTP latencies are the run's, --listen's included, at the stores run's own load", () => {
    const results = copy();
    const [direct, proxied, listened] = results.benches.stores.http;
    direct['small call median ms'] = '3.000';
    proxied['small call median ms'] = '4.250';
    proxied['added ms'] = '1.250';
    listened['small call median ms'] = '7.500';
    listened['added ms'] = '4.500';
    results.runs.stores.loadavg = 2.34;
    expect(FIGURES['proxy-url-latency'](results)).toBe(
      `the SDK \`Client\` straight over HTTP 3.00 ms at the median, a stdio client through \`proxy --url\` 4.25 ms — **1.25 ms added**; the SDK \`Client\` over HTTP through \`proxy --listen --url\` 7.50 ms — 4.50 ms added, one HTTP hop more than direct (the committed run: AMD EPYC, 2 cores, 24 GiB, Node v20.20.2, load average 2.3)`,
    );
  });

  it('the store table groups the Redis clients per result, in µs below a millisecond', () => {
    const results = copy();
    // Every cell of the first result's rows is set here, so the expected lines depend on nothing else.
    const rows = results.benches.stores.stores;
    const set = (store: string, put: string, read: string) => {
      const row = rows.find((r: { result: string; store: string }) => r.result === rows[0].result && r.store === store);
      row['put µs (median)'] = put;
      row['page read µs (median)'] = read;
    };
    set('memory', '38.04', '7.2');
    set('redis (ioredis)', '1300', '950.2');
    set('redis (node-redis)', '1600', '1500');
    expect(FIGURES.stores(results).split('\n').slice(4, 6)).toEqual([
      '| 2 pages of 1 KB | memory | 38.0 µs | 7.2 µs |',
      '| 2 pages of 1 KB | Redis, ioredis / node-redis | 1.3 ms / 1.6 ms | 950 µs / 1.5 ms |',
    ]);
  });

  it('the TOON rows, the policy ratios and the proxy memory are the run', () => {
    const results = copy();
    results.benches.toon.results[0].speedup = 1.5;
    expect(FIGURES.toon(results)).toContain('| **1.50×** |');
    results.benches['proxy-memory'].rows[0].perResultByte = 2.96;
    results.benches['proxy-memory'].rows[0].maxRss = 458 * 2 ** 20;
    expect(FIGURES['proxy-memory'](results)).toMatch(/^a 100 MB text, 458 MB \(3\.0× the result\); /);
    results.benches['with-budget'].rows[1].ratio = 1.234;
    expect(FIGURES['policy-under-cap'](results)).toContain(
      '| plain data, editor | scene 135 entities (45697 chars) | 1.23 | ≤ 1.1 — **not met** |',
    );
  });

  it('the policy over the cap is the run, with the floor where the run timed one', () => {
    const results = copy();
    const over = results.benches['with-budget'].rows.filter((r: { bench: string }) =>
      r.bench.startsWith('over the cap'),
    );
    Object.assign(over[0], { ratio: 0.5, policyMs: 16, mbPerS: 51.25, floorMs: 10, floorMbPerS: 82 });
    Object.assign(over[1], { ratio: 2, mbPerS: 40, floorMs: undefined, floorMbPerS: undefined });
    Object.assign(over[2], { ratio: 1, mbPerS: 60 });
    expect(FIGURES['policy-over-cap'](results)).toBe(
      [
        '0.50 (claudeCode, structuredContent + text copy, scene 2400 entities (818483 chars), 51.3 MB/s; the floor 82.0 MB/s, policy / floor 1.60)',
        '2.00 (claudeCode, plain data, scene 730 entities (247501 chars), 40.0 MB/s)',
        '1.00 (editor, plain data, scene 2400 entities (818483 chars), 60.0 MB/s)',
      ].join('; '),
    );
  });
});

describe('figures: markers', () => {
  const line = FIGURES['bench-machine'](committed);

  it('an inline figure stays inside its sentence; a block keeps its own lines', () => {
    expect(rewrite('Measured: <!-- figures:bench-machine -->old<!-- /figures -->, shared.', committed)).toBe(
      `Measured: <!-- figures:bench-machine -->${line}<!-- /figures -->, shared.`,
    );
    expect(rewrite('a\n<!-- figures:bench-machine -->\nold\nlines\n<!-- /figures -->\nb', committed)).toBe(
      `a\n<!-- figures:bench-machine -->\n${line}\n\n<!-- /figures -->\nb`,
    );
  });

  it('an unknown name, a marker left open and a benchmark the run lacks are errors', () => {
    expect(() => rewrite('<!-- figures:nope -->x<!-- /figures -->', committed, 'X.md')).toThrow(
      'X.md: unknown figure "nope"',
    );
    expect(() => rewrite('<!-- figures:bench-machine -->x', committed, 'X.md')).toThrow(
      'X.md: 1 figure markers opened, 0 closed',
    );
    const results = copy();
    delete results.benches.renderer;
    expect(() => FIGURES['bench-table'](results)).toThrow(
      'bench/results.json has no "renderer" benchmark: rerun bench/run.mjs',
    );
    results.benches.renderer = { skipped: '/usr/bin/chromium not found' };
    expect(() => FIGURES['bench-table'](results)).toThrow('bench/results.json: "renderer" was skipped');
  });
});
