// `npm run bench [-- --quick]`: every benchmark in one process, on fixed generated corpora.
// Writes bench/results.json (everything measured), bench/results.md (ratios against each peer,
// with the machine) and docs/tokens-chart.svg (tokens per payload size: real vs estimates, and
// tokenizer throughput against peers; in docs/ because the README shows it). README's and docs' figures are written from
// bench/results.json by `npm run figures` (scripts/figures.mjs), so after a recorded run:
//
//   node bench/run.mjs --quick --record && npm run figures
//
// --quick gives each benchmark that has one its short mode; a quick run writes *.quick.* files,
// which git ignores, unless --record says it is the run to commit (results.md then says it was
// quick). --only=a,b runs some benchmarks and writes *.quick.* files; with --record it replaces
// those benchmarks in the committed results instead (each run keeps its own date and load, and
// its machine when that is not the results' own; results.md is rewritten from every recorded
// benchmark). --mb=N sizes the `report` case (bench/report.mjs reads it; 50 MB, its target's
// size, by default).
//
// Peers that live outside npm: bench/preview.mjs (SmartCrusher) and bench/menu-compact.mjs
// (mcp-compressor) use the Python venv at $PEERS_VENV (default /work/venv-peers) when it exists,
// and say in one line that their peer column is skipped when it does not; bench/real-previews.mjs
// installs its real servers and SmartCrusher itself under target/real/ (minutes when cold). A benchmark whose
// system component is missing (redis-server, /usr/bin/chromium, /usr/bin/time) is skipped with
// one line and recorded as skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scene } from '../examples/corpus.mjs';
import { describeMachine, fmt, machine } from './lib.mjs';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const record = process.argv.includes('--record');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const venv = process.env.PEERS_VENV ?? '/work/venv-peers';

/** The reason a benchmark cannot run here, or null. */
function missing({ command, file }) {
  if (file !== undefined && !existsSync(file)) return `${file} not found`;
  if (command !== undefined && spawnSync(command, ['--version']).status !== 0) return `${command} not on PATH`;
  return null;
}

/** Peer executables from the venv, unless the caller named their own. */
function peerEnv() {
  const env = { ...process.env };
  if (!existsSync(venv)) return { env, note: `no Python venv at ${venv} (set PEERS_VENV)` };
  env.PREVIEW_PEERS_PYTHON ??= join(venv, 'bin', 'python');
  env.MCP_COMPRESSOR ??= join(venv, 'bin', 'mcp-compressor');
  return { env, note: null };
}

/** A number from a table cell such as "2,756", "11.6%" or "12.06x". */
const cell = (s) => Number.parseFloat(String(s).replace(/,/g, ''));

/** The rows of the first markdown table in `text`, keyed by its header. */
function markdownRows(text) {
  const lines = text.split('\n').filter((l) => l.startsWith('|'));
  const split = (l) =>
    l
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
  const [head, , ...body] = lines;
  if (head === undefined) return [];
  const keys = split(head);
  return body.map((l) => Object.fromEntries(split(l).map((c, i) => [keys[i], c])));
}

/**
 * bench/preview.mjs measures when it is run (it has no run export), so it runs as a child and its
 * printed table is read back.
 */
function previewChild({ quick: short }) {
  const { env, note } = peerEnv();
  const r = spawnSync(process.execPath, [join(here, 'preview.mjs'), ...(short ? ['--quick'] : [])], {
    env,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (r.status !== 0) throw new Error(`bench/preview.mjs exited ${r.status}: ${r.stderr}`);
  const peerSkipped = r.stdout.match(/^SmartCrusher skipped: (.*)$/m)?.[1] ?? note;
  return { machine: describeMachine(), peerSkipped, rows: markdownRows(r.stdout) };
}

/** bench/menu-compact.mjs with mcp-compressor from the venv when there is one. */
async function menuCompact(mod) {
  const { env, note } = peerEnv();
  const saved = process.env.MCP_COMPRESSOR;
  if (env.MCP_COMPRESSOR !== undefined) process.env.MCP_COMPRESSOR = env.MCP_COMPRESSOR;
  try {
    const result = await mod.run();
    return { ...result, peerSkipped: result.compressor === null ? (note ?? 'mcp-compressor not found') : null };
  } finally {
    if (saved === undefined) delete process.env.MCP_COMPRESSOR;
    else process.env.MCP_COMPRESSOR = saved;
  }
}

/**
 * Each benchmark module; `run` (default: the module's own `run({ quick })`), what it needs from
 * the system, and how to turn its result into ratio rows for the summary table.
 */
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
          bench: 'JSON.stringify alone, no rounding (the bound on the row above)',
          input: `scene ${row.entities} entities`,
          peer: 'roundFloats + JSON.stringify',
          measure: 'speed-up',
          value: row.stringifyAloneSpeedup,
          target: '',
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
    // Always the full run: it takes seconds, and its quick mode drops the 100,000-rect case the
    // target is set on.
    quickMode: false,
    run: (mod) => mod.run({ quick: false }),
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
  {
    name: 'cold-tokens',
    module: './cold-tokens.mjs',
    needs: { file: '/usr/bin/time' },
    run: (mod, { quick }) => mod.run({ runs: quick ? 5 : 11 }),
    rows: (r) =>
      r.results.map((x) => ({
        bench: 'cold first countTokens: require + first count',
        input: 'fresh process',
        peer: x.name,
        measure: 'ms (median)',
        value: x.ms,
        target: x.name === 'modoki-budget cl100k' ? '<= 25' : '',
      })),
  },
  { name: 'summarizer-sizes', module: './summarizer-sizes.mjs', quickMode: false, rows: () => [] },
  // Sizes, not speed: the README's and docs' before/after tables are written from them.
  {
    name: 'stream-sizes',
    module: './stream-sizes.mjs',
    quickMode: false,
    run: (mod) => ({ rows: mod.run() }),
    rows: () => [],
  },
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
  {
    name: 'menu-compact',
    module: './menu-compact.mjs',
    quickMode: false,
    run: (mod) => menuCompact(mod),
    rows: (r) =>
      r.rows.flatMap((x) => [
        {
          bench: 'compact menu',
          input: `${x.menu} (${x.tools} tools)`,
          peer: 'the full menu',
          measure: 'tokens ratio',
          value: cell(x['compact/full']) / 100,
          target: '',
        },
        ...(x['mcp-c medium'] === undefined
          ? []
          : [
              {
                bench: 'compact menu',
                input: `${x.menu} (${x.tools} tools)`,
                peer: 'mcp-compressor medium',
                measure: 'tokens ratio',
                value: cell(x.compact) / cell(x['mcp-c medium']),
                target: '',
              },
            ]),
      ]),
  },
  {
    name: 'preview',
    module: './preview.mjs',
    child: true,
    run: (_mod, options) => previewChild(options),
    rows: (r) =>
      r.rows.flatMap((x) => [
        ...(x['crusher/preview'] === '—'
          ? []
          : [
              {
                bench: 'previewResult',
                input: x.payload,
                peer: 'SmartCrusher',
                measure: 'speed-up',
                value: cell(x['crusher/preview']),
                target: '',
              },
            ]),
        {
          bench: 'pages past the cap',
          input: x.payload,
          peer: "the tool's cheapest channel",
          measure: 'tokens ratio',
          value: cell(x['pages/channel']),
          target: '<= 1.1',
        },
      ]),
  },
  {
    name: 'real-previews',
    module: './real-previews.mjs',
    rows: (r) => [
      ...r.rows.map((x) => ({
        bench: 'policy past the cap, claudeCode',
        input: `real result: ${x.case}`,
        peer: '',
        measure: 'MB/s',
        value: x['MB/s'],
        target: `>= ${r.targets.mbps}`,
      })),
      ...[
        ['the preview', r.shown.preview, `>= ${r.targets.shownShare}`],
        ['a head cut at 10,000 tokens', r.shown.head10k, ''],
        ['SmartCrusher', r.shown.crusher, ''],
      ]
        .filter(([, k]) => k !== null)
        .map(([peer, k, target]) => ({
          bench: 'needle shown past the cap',
          input: `${r.shown.promised} real results whose needle the preview promises`,
          peer,
          measure: 'share shown',
          value: k / r.shown.promised,
          target,
        })),
      {
        bench: 'tokens past the cap, real results',
        input: `${r.rows.length} real results`,
        peer: 'a head cut at 10,000 tokens',
        measure: 'tokens ratio (peer / preview)',
        value: r.ratios.head10kTokensPerPreviewToken,
        target: '',
      },
    ],
  },
  {
    name: 'read-result',
    module: './read-result.mjs',
    rows: (r) =>
      r.rows.flatMap((x) => {
        const input = `${x.kind}, ${x.mb} MB, needle 90% down`;
        const ms = {
          bench: 'read_result match',
          input,
          peer: '',
          measure: 'ms (median)',
          value: x.ms.readResult,
          target: x.mb === 10 ? `<= ${r.targets.ms10MB}` : '',
        };
        // Every size's time (linear in the size); the peers at the largest.
        if (x.mb !== 10) return [ms];
        return [
          ms,
          {
            bench: 'read_result match',
            input,
            peer: 'String.prototype.includes',
            measure: 'time ratio',
            value: x.ms.readResult / x.ms.includes,
            target: '',
          },
          {
            bench: 'read_result match',
            input,
            peer: x.scanName,
            measure: 'time ratio',
            value: x.ms.readResult / x.ms.scan,
            target: '',
          },
          {
            bench: 'read_result match: one call',
            input,
            peer: `read_result_page from page 1 (${x.needlePage} calls)`,
            measure: 'tokens ratio (peer / read_result)',
            value: x.pageTokens / x.answerTokens,
            target: '',
          },
        ];
      }),
  },
  {
    name: 'stores',
    module: './stores.mjs',
    needs: { command: 'redis-server' },
    rows: (r) => [
      ...r.stores
        .filter((x) => x.store !== 'memory')
        .flatMap((x) => [
          {
            bench: 'store put',
            input: `${x.result}, ${x.store}`,
            peer: 'memory store',
            measure: 'time ratio',
            value: cell(x['put / memory']),
            target: '',
          },
          {
            bench: 'store page read',
            input: `${x.result}, ${x.store}`,
            peer: 'memory store',
            measure: 'time ratio',
            value: cell(x['read / memory']),
            target: '',
          },
        ]),
      ...r.http
        .filter((x) => x['added ms'] !== '')
        .map((x) => ({
          bench: `${x.side.includes('--listen') ? 'proxy --listen --url' : 'proxy --url'} small tools/call`,
          input: 'Streamable HTTP, loopback',
          peer: 'SDK Client over HTTP',
          measure: 'added ms',
          value: cell(x['added ms']),
          target: '',
        })),
    ],
  },
  {
    name: 'renderer',
    module: './renderer.mjs',
    needs: { file: '/usr/bin/chromium' },
    // Its full run (9 loads a page) takes about a minute, and docs/browser.md quotes it.
    quickMode: false,
    run: (mod) => mod.run({ quick: false }),
    rows: (r) => {
      const [ours, plain] = Object.values(r.results);
      const row = (measure, value, target) => ({
        bench: 'browser page with the summaries',
        input: `Chromium, median of ${r.loads} loads`,
        peer: 'plain TypeScript',
        measure,
        value,
        target,
      });
      return [
        row('gzip KiB (ours)', ours.gzipBytes / 1024, r.targets.gzipKiB),
        row('first answer, added ms', r.addedFirstAnswerMs, r.targets.addedFirstAnswerMs),
        row('first call ms (ours)', ours.firstCallMs, r.targets.firstCallMs),
        row('first call ms (peer)', plain.firstCallMs, ''),
      ];
    },
  },
  {
    name: 'report',
    module: './report.mjs',
    needs: { file: '/usr/bin/time' },
    // Its size comes from --mb=N on this command line (read by report.mjs itself).
    quickMode: false,
    rows: (r) => [
      {
        bench: '`report --json`, fresh process',
        input: `scene JSON ${(r.fileBytes / 1e6).toFixed(0)} MB`,
        peer: '',
        measure: 'wall s',
        value: r.wallSeconds,
        target: `<= ${r.targets.wallSeconds}`,
      },
      {
        bench: '`report --json`, fresh process',
        input: `scene JSON ${(r.fileBytes / 1e6).toFixed(0)} MB`,
        peer: '',
        measure: 'peak RSS / file size',
        value: r.rssPerInputByte,
        target: `<= ${r.targets.rssPerInputByte}`,
      },
    ],
  },
  {
    name: 'proxy-memory',
    module: './proxy-memory.mjs',
    needs: { file: '/usr/bin/time' },
    // Always 100 MB: an idle proxy is ~66 MB, so at a quick size the ratio measures that instead.
    quickMode: false,
    run: (mod) => mod.run({ quick: false }),
    rows: (r) =>
      r.rows.map((x) => ({
        bench: 'proxy on one big result, peak RSS',
        input: `${x.tool}, ${x.mb} MB`,
        peer: '',
        measure: 'peak RSS / result size',
        value: x.perResultByte,
        target: `<= ${r.target}`,
      })),
  },
  {
    name: 'memory',
    module: './memory.mjs',
    rows: (r) =>
      r.big.map((x) => ({
        bench: `WebAssembly memory: ${x.name}`,
        input: `${(r.payloadBytes / 2 ** 20).toFixed(0)} MiB JSON`,
        peer: '',
        measure: 'growth / input bytes',
        value: x.growthPerInputByte,
        target: '<= 2',
      })),
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
    `# Benchmark results${all.quick ? ' (quick run)' : ''}`,
    '',
    `Machine: ${describeMachine()}  `,
    `Date: ${all.date}  `,
    `Load average at the start: ${all.loadavg.map((x) => x.toFixed(2)).join(', ')}`,
    '',
    '| benchmark | input | peer | measure | value | target |',
    '|---|---|---|---|---|---|',
  ];
  for (const r of rows)
    lines.push(`| ${r.bench} | ${r.input} | ${r.peer} | ${r.measure} | ${fmt(r.value)} | ${r.target} |`);
  lines.push(
    '',
    'time ratio = this package / peer (lower is better); speed-up = peer / this package (higher is better).',
    '',
    '| run | mode | seconds | finished | load average | note |',
    '|---|---|---|---|---|---|',
  );
  for (const [name, r] of Object.entries(all.runs))
    lines.push(
      `| ${name} | ${r.mode} | ${fmt(r.seconds, 1)} | ${r.date ?? ''} | ${r.loadavg === undefined ? '' : fmt(r.loadavg, 1)} | ${[r.machine === undefined ? '' : `on ${r.machine.cpu}, ${r.machine.cores} cores`, r.note].filter(Boolean).join('; ')} |`,
    );
  lines.push(
    '',
    `Last run: \`node bench/run.mjs ${process.argv.slice(2).join(' ')}\`. Every figure is in results.json;`,
    "`npm run figures` writes the README's and docs' figures from it.",
  );
  return `${lines.join('\n')}\n`;
}

if (process.argv.includes('--render-only')) {
  // Re-draws the chart from bench/results.json without measuring again.
  const saved = JSON.parse(readFileSync(join(here, 'results.json'), 'utf8'));
  writeFileSync(join(here, '..', 'docs', 'tokens-chart.svg'), svg(saved.tokenCurve, saved.benches.tokens));
  process.exit(0);
}

/** Runs one benchmark: its result, or why it was skipped or failed, and how long it took. */
async function runOne(bench) {
  const t0 = performance.now();
  const reason = bench.needs === undefined ? null : missing(bench.needs);
  if (reason !== null) return { result: { skipped: reason }, note: `skipped: ${reason}`, t0 };
  try {
    const mod = bench.child ? undefined : await import(bench.module);
    const result = await (bench.run ?? ((m, o) => m.run(o)))(mod, { quick });
    return { result, note: result.peerSkipped ? `peer skipped: ${result.peerSkipped}` : '', t0 };
  } catch (error) {
    return { result: { failed: String(error?.stack ?? error) }, note: `FAILED: ${error?.message ?? error}`, t0 };
  }
}

/** The committed results that a run of some benchmarks with --record updates; else a new record. */
function startRecord() {
  const fresh = {
    date: new Date().toISOString(),
    quick,
    machine: machine(),
    loadavg: os.loadavg(),
    benches: {},
    runs: {},
  };
  if (!(only && record)) return fresh;
  const saved = JSON.parse(readFileSync(join(here, 'results.json'), 'utf8'));
  // A benchmark recorded on another machine than the rest names its own (runs[name].machine).
  if (JSON.stringify(saved.machine) !== JSON.stringify(machine()))
    process.stderr.write('bench: the committed results were taken on another machine; these runs name this one\n');
  return saved;
}

const all = startRecord();
let failed = false;
for (const bench of BENCHES) {
  if (only && !only.includes(bench.name)) continue;
  process.stderr.write(`bench: ${bench.name}…\n`);
  const { result, note, t0 } = await runOne(bench);
  const mode = quick && bench.quickMode !== false ? 'quick' : 'full';
  const seconds = (performance.now() - t0) / 1000;
  const at = { date: new Date().toISOString(), loadavg: os.loadavg()[0] };
  const own = JSON.stringify(all.machine) === JSON.stringify(machine()) ? {} : { machine: machine() };
  all.runs[bench.name] = { mode, seconds, note, ...at, ...own };
  all.benches[bench.name] = result;
  if (note) process.stderr.write(`bench: ${bench.name}: ${note}\n`);
  if (result.failed) failed = true;
}
// The summary table covers every recorded benchmark, in the order above.
const rows = BENCHES.flatMap((bench) => {
  const result = all.benches[bench.name];
  return result === undefined || result.skipped || result.failed ? [] : bench.rows(result);
});
const api = require('modoki-budget');
all.tokenCurve = tokenCurve(api);
// Only a recorded run, or a full run of every benchmark, writes the committed files.
const suffix = record || !(quick || only) ? '' : '.quick';
writeFileSync(join(here, `results${suffix}.json`), `${JSON.stringify(all, null, 2)}\n`);
writeFileSync(join(here, `results${suffix}.md`), markdown(all, rows));
// The chart names the machine it was drawn on: a run that measured no tokens leaves it alone.
if (!only?.length || only.includes('tokens'))
  writeFileSync(
    suffix ? join(here, `tokens-chart${suffix}.svg`) : join(here, '..', 'docs', 'tokens-chart.svg'),
    svg(all.tokenCurve, all.benches.tokens?.throughput ? all.benches.tokens : undefined),
  );
process.stdout.write(markdown(all, rows));
// Benchmarks may leave servers' handles open (stores, proxy); the run is over.
process.exit(failed ? 1 : 0);
