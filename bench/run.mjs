// `npm run bench [-- --quick]`: every benchmark in one process, on fixed generated corpora.
// Writes bench/results.json (everything measured), bench/results.md (ratios against each peer,
// with the machine) and bench/tokens-chart.svg (tokens per payload size: real vs estimates, and
// tokenizer throughput against peers). --quick (or --only=a,b) writes *.quick.* files instead,
// which git ignores, so the committed full results stay as measured.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scene } from './corpus.mjs';
import { describeMachine, fmt, machine } from './lib.mjs';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');

/** Each benchmark module, and how to turn its result into ratio rows for the summary table. */
const BENCHES = [
  {
    name: 'encode',
    module: './encode.mjs',
    rows: (r) =>
      r.rows.flatMap((row) => [
        {
          bench: 'encode under the cap',
          input: `scene ${row.entities} entities`,
          peer: 'plain-JS result.ts',
          measure: 'time ratio',
          value: row.underCapRatio,
          target: '<= 1.05',
        },
        {
          bench: 'encode over the cap',
          input: `scene ${row.entities} entities`,
          peer: 'plain-JS result.ts',
          measure: 'time ratio',
          value: row.overCapRatio,
          target: '<= 1.1',
        },
        {
          bench: 'encode precision: 9',
          input: `scene ${row.entities} entities`,
          peer: 'roundFloats + JSON.stringify',
          measure: 'speed-up',
          value: row.precisionSpeedup,
          target: '>= 2',
        },
        {
          bench: 'roundFloats',
          input: `scene ${row.entities} entities`,
          peer: 'recursive toPrecision',
          measure: 'time ratio',
          value: row.roundFloatsRatio,
          target: '<= 1',
        },
      ]),
  },
  {
    name: 'tokens',
    module: './tokens.mjs',
    rows: (r) =>
      r.throughput.flatMap((t) =>
        Object.entries(t.ratio).map(([peer, ratio]) => ({
          bench: `countTokens ${t.encoding}`,
          input: t.payload,
          peer,
          measure: 'speed-up',
          value: ratio,
          target: peer === 'gpt-tokenizer' ? '>= 3' : '',
        })),
      ),
  },
  {
    name: 'overlaps',
    module: './overlaps.mjs',
    rows: (r) =>
      r.results.map((x) => ({
        bench: 'layoutBounds overlapsCount',
        input: `${x.n} rects`,
        peer: `pairwise loop${x.extrapolated ? ' (extrapolated)' : ''}`,
        measure: 'speed-up',
        value: x.ratio,
        target: x.n >= 100000 ? '>= 100' : '',
      })),
  },
  {
    name: 'toon',
    module: './toon.mjs',
    rows: (r) =>
      r.results.map((x) => ({
        bench: x.bench,
        input: x.input,
        peer: x.peer,
        measure: 'speed-up',
        value: x.speedup,
        target: x.target,
      })),
  },
  {
    name: 'menu',
    module: './menu.mjs',
    rows: (r) =>
      r.rows.map((x) => ({
        bench: 'menuCost',
        input: x.menu,
        peer: 'npm tiktoken in JS',
        measure: 'speed-up',
        value: Number.parseFloat(x['x tiktoken']),
        target: '',
      })),
  },
  {
    name: 'cold-start',
    module: './cold-start.mjs',
    rows: (r) =>
      r.results.map((x) => ({
        bench: 'cold start: require + first call',
        input: 'fresh process',
        peer: x.name,
        measure: 'ms (median)',
        value: x.ms,
        target: x.target,
      })),
  },
  { name: 'summarizer-sizes', module: './summarizer-sizes.mjs', rows: () => [] },
  {
    name: 'with-budget',
    module: './with-budget.mjs',
    rows: (r) =>
      r.rows.map((x) => ({
        bench: `withBudget policy: ${x.bench}`,
        input: x.input,
        peer: 'the encode call it wraps',
        measure: 'time ratio',
        value: x.ratio,
        target: x.target,
      })),
  },
  {
    name: 'proxy',
    module: './proxy.mjs',
    rows: (r) => [
      {
        bench: 'proxy small tools/call',
        input: 'echo, median of 1,000',
        peer: 'direct stdio',
        measure: 'added ms',
        value: r.addedLatencyMs.proxy,
        target: '<= 1',
      },
      {
        bench: 'proxy 10 MB result',
        input: 'log-like text',
        peer: 'direct stdio',
        measure: 'MB/s (10 MB / added time)',
        value: r.throughputMBps.proxyOwn,
        target: '>= 50',
      },
      {
        bench: 'proxy 10 MB result',
        input: 'log-like text',
        peer: 'direct stdio',
        measure: 'MB/s end to end',
        value: r.throughputMBps.proxy,
        target: '',
      },
    ],
  },
];

/** Tokens per payload size for the scene corpus: the real counts against the two estimates. */
function tokenCurve(api) {
  return [10, 50, 135, 500, 1000, 2000].map((n) => {
    const text = JSON.stringify(scene(n));
    return {
      entities: n,
      chars: text.length,
      cl100k_base: api.countTokens(text, 'cl100k_base'),
      o200k_base: api.countTokens(text, 'o200k_base'),
      'chars/4': api.estimateTokens(text, 'chars/4'),
      'chars/3.5': api.estimateTokens(text, 'chars/3.5'),
    };
  });
}

function lineChart({ x, series, width, height, title, xLabel, yLabel, originX, originY }) {
  const colors = ['#d62728', '#1f77b4', '#7f7f7f', '#bcbd22'];
  const maxX = Math.max(...x);
  const maxY = Math.max(...series.flatMap((s) => s.values));
  const plotWidth = width - originX - 60;
  const px = (v) => originX + (v / maxX) * plotWidth;
  const py = (v) => originY + height - (v / maxY) * height;
  const parts = [`<text x="${originX}" y="${originY - 16}" font-weight="bold">${title}</text>`];
  parts.push(
    `<line x1="${originX}" y1="${originY + height}" x2="${originX + plotWidth}" y2="${originY + height}" stroke="#333"/>`,
  );
  parts.push(`<line x1="${originX}" y1="${originY}" x2="${originX}" y2="${originY + height}" stroke="#333"/>`);
  parts.push(`<text x="${originX + plotWidth / 2 - 80}" y="${originY + height + 34}">${xLabel}</text>`);
  parts.push(
    `<text x="${originX - 8}" y="${originY - 2}" text-anchor="end" font-size="11">${Math.round(maxY).toLocaleString('en-US')}</text>`,
  );
  parts.push(
    `<text x="${originX + plotWidth}" y="${originY + height + 16}" text-anchor="end" font-size="11">${Math.round(maxX).toLocaleString('en-US')}</text>`,
  );
  parts.push(
    `<text x="${originX - 34}" y="${originY + height / 2}" transform="rotate(-90 ${originX - 34} ${originY + height / 2})" text-anchor="middle">${yLabel}</text>`,
  );
  series.forEach((s, i) => {
    const points = s.values.map((v, j) => `${px(x[j]).toFixed(1)},${py(v).toFixed(1)}`).join(' ');
    parts.push(
      `<polyline fill="none" stroke="${colors[i % colors.length]}" stroke-width="2" ${s.dashed ? 'stroke-dasharray="6 4"' : ''} points="${points}"/>`,
    );
    parts.push(
      `<text x="${originX + 10}" y="${originY + 14 + i * 16}" fill="${colors[i % colors.length]}" font-size="12">${s.name}</text>`,
    );
  });
  return parts.join('\n');
}

function barChart({ bars, width, title, originX, originY }) {
  const max = Math.max(...bars.map((b) => b.value));
  const parts = [`<text x="${originX}" y="${originY - 16}" font-weight="bold">${title}</text>`];
  bars.forEach((b, i) => {
    const y = originY + i * 26;
    const w = (b.value / max) * (width - 260);
    parts.push(`<text x="${originX + 150}" y="${y + 14}" text-anchor="end" font-size="12">${b.label}</text>`);
    parts.push(
      `<rect x="${originX + 158}" y="${y}" width="${w.toFixed(1)}" height="18" fill="${b.ours ? '#d62728' : '#1f77b4'}"/>`,
    );
    parts.push(`<text x="${originX + 164 + w}" y="${y + 14}" font-size="12">${fmt(b.value, 1)} MB/s</text>`);
  });
  return parts.join('\n');
}

function svg(curve, tokenResult) {
  const width = 760;
  const line = lineChart({
    x: curve.map((c) => c.chars),
    series: [
      { name: 'real tokens, cl100k_base', values: curve.map((c) => c.cl100k_base) },
      { name: 'real tokens, o200k_base', values: curve.map((c) => c.o200k_base) },
      { name: 'estimate chars/4', values: curve.map((c) => c['chars/4']), dashed: true },
      { name: 'estimate chars/3.5', values: curve.map((c) => c['chars/3.5']), dashed: true },
    ],
    width,
    height: 220,
    title: 'Tokens per payload size (scene JSON): real BPE counts vs the estimates',
    xLabel: 'payload size (UTF-16 chars)',
    yLabel: 'tokens',
    originX: 70,
    originY: 40,
  });
  const rows = tokenResult
    ? tokenResult.throughput.filter(
        (t) => t.encoding === 'cl100k_base' && /700 KB/.test(t.payload) && /scene/.test(t.payload),
      )
    : [];
  const bars = rows.length
    ? Object.entries(rows[0].mbps).map(([lib, v]) => ({ label: lib, value: v, ours: lib === 'modoki-budget' }))
    : [];
  const barsSvg = bars.length
    ? barChart({
        bars,
        width,
        title: `Token counting throughput, cl100k_base, ${rows[0].payload} (higher is better)`,
        originX: 20,
        originY: 360,
      })
    : '';
  const height = bars.length ? 360 + bars.length * 26 + 30 : 320;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="13">\n<rect width="100%" height="100%" fill="white"/>\n${line}\n${barsSvg}\n<text x="${width - 10}" y="${height - 8}" text-anchor="end" font-size="10" fill="#777">${describeMachine()}</text>\n</svg>\n`;
}

function markdown(all, rows) {
  const lines = [
    `# Benchmark results${quick ? ' (quick run)' : ''}`,
    '',
    `Machine: ${describeMachine()}  `,
    `Date: ${all.date}`,
    '',
    '| benchmark | input | peer | measure | value | target |',
    '|---|---|---|---|---|---|',
  ];
  for (const r of rows)
    lines.push(`| ${r.bench} | ${r.input} | ${r.peer} | ${r.measure} | ${fmt(r.value)} | ${r.target} |`);
  lines.push(
    '',
    'time ratio = this package / peer (lower is better); speed-up = peer / this package (higher is better).',
  );
  return `${lines.join('\n')}\n`;
}

if (process.argv.includes('--render-only')) {
  // Re-draws the chart and table from bench/results.json without measuring again.
  const { readFileSync } = await import('node:fs');
  const saved = JSON.parse(readFileSync(join(here, 'results.json'), 'utf8'));
  writeFileSync(join(here, 'tokens-chart.svg'), svg(saved.tokenCurve, saved.benches.tokens));
  process.exit(0);
}

const all = { date: new Date().toISOString(), quick, machine: machine(), benches: {} };
const rows = [];
for (const bench of BENCHES) {
  if (only && !only.includes(bench.name)) continue;
  process.stderr.write(`bench: ${bench.name}…\n`);
  const mod = await import(bench.module);
  const result = await mod.run({ quick });
  all.benches[bench.name] = result;
  rows.push(...bench.rows(result));
}
const api = require('modoki-budget');
all.tokenCurve = tokenCurve(api);
// A quick run never overwrites the committed full results.
const suffix = quick || only ? '.quick' : '';
writeFileSync(join(here, `results${suffix}.json`), `${JSON.stringify(all, null, 2)}\n`);
writeFileSync(join(here, `results${suffix}.md`), markdown(all, rows));
writeFileSync(join(here, `tokens-chart${suffix}.svg`), svg(all.tokenCurve, all.benches.tokens));
process.stdout.write(markdown(all, rows));
