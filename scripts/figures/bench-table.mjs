// The README's benchmark summary: one row per measured claim, its target beside it, and a missed
// target said where the figure is.
import { bench, find, fixed, kb, machineOf, n, range, source, verdict } from './results.mjs';

/** Token counting against the JS tokenizers, its cold start, and its linearity. */
function tokenRows(results) {
  const tokens = bench(results, 'tokens');
  const speed = (peer) => tokens.throughput.map((t) => t.ratio[peer]);
  const payloads = [...new Set(tokens.throughput.map((t) => t.payload.replace(/~/g, '')))].join(', ');
  const cold = bench(results, 'cold-start').results;
  const coldMs = (name) => find(cold, (x) => x.name === name, `cold start "${name}"`).ms;
  const ours = coldMs('modoki-budget: countTokens cl100k');
  const peers = ['gpt-tokenizer', 'tiktoken', 'js-tiktoken', 'ai-tokenizer'];
  const linear = tokens.linearityMs['modoki-budget'];
  return [
    [
      `\`countTokens\` (cl100k / o200k, ${payloads})`,
      'gpt-tokenizer / ai-tokenizer',
      `${range(speed('gpt-tokenizer'), 1)}× / ${range(speed('ai-tokenizer'), 1)}× faster`,
      `≥ 5×${verdict(Math.min(...speed('gpt-tokenizer'), ...speed('ai-tokenizer')) >= 5)}`,
    ],
    [
      '`countTokens`',
      'npm tiktoken / js-tiktoken',
      `${range(speed('tiktoken'), 0)}× / ${range(speed('js-tiktoken'), 0)}× faster`,
      '',
    ],
    [
      'cold start: `require` + first `encode`, fresh process (`bench/cold-start.mjs`)',
      'the plain-JS reference',
      `${fixed(coldMs('modoki-budget: encode'), 1)} ms vs ${fixed(coldMs('plain-JS reference: encode'), 1)} ms`,
      `≤ 10 ms${verdict(coldMs('modoki-budget: encode') <= 10)}`,
    ],
    [
      'cold start: `require` + first `countTokens`',
      peers.join(', '),
      `cl100k ${fixed(ours, 1)} ms vs ${peers.map((p) => n(coldMs(`${p}: countTokens cl100k`))).join(' / ')} ms`,
      `≤ 25 ms${verdict(ours <= 25)}`,
    ],
    ["`'a'` × 1e6", '', `${n(linear["'a' x 1e6"])} ms (1e5: ${n(linear["'a' x 1e5"])} ms)`, 'linear'],
  ];
}

/** The overlap sweep, TOON and the collection helpers against their peers. */
function summaryRows(results) {
  const overlaps = bench(results, 'overlaps').results.at(-1);
  const toon = bench(results, 'toon').results;
  const toonX = (name) => find(toon, (x) => x.name === name, `toon "${name}"`).speedup;
  const [table, nested] = [toonX('toToon 2,000-row table'), toonX('toToon nested document')];
  const parity = toon.filter((x) => x.bench === 'select' || x.bench === 'limitCollection').map((x) => x.speedup);
  return [
    [
      `\`layoutBounds\` overlap count, ${n(overlaps.n)} rects`,
      'the pairwise loop',
      `${n(overlaps.ratio)}× faster${overlaps.extrapolated ? ' (pairwise time extrapolated from sampled rows)' : ''}`,
      `≥ 100×${verdict(overlaps.ratio >= 100)}`,
    ],
    [
      '`toToon` 2,000-row table / nested document',
      '`@toon-format/toon` 4.4.0',
      `${fixed(table, 2)}× / ${fixed(nested, 1)}× faster`,
      `≥ 2×${verdict(table >= 2 && nested >= 2)}`,
    ],
    [
      '`select`, `limitCollection` on 20,000 items',
      'plain JS',
      `${range(parity, 2)}×`,
      `≥ 1×${verdict(Math.min(...parity) >= 1)}`,
    ],
  ];
}

/** `encode`, `roundFloats` and the `withBudget` policy against the plain JS they replace. */
function encodeRows(results) {
  const encode = bench(results, 'encode').rows;
  const policy = bench(results, 'with-budget').rows.filter((x) => x.target === '<= 1.1');
  const scenes = policy.map((x) => n(Number(x.input.match(/\((\d+) chars\)/)[1]))).join(', ');
  const ratio = (what, against, values, limit) => [
    what,
    against,
    `time ratio ${range(values, 2)}`,
    `≤ ${limit}${verdict(Math.max(...values) <= limit)}`,
  ];
  const precision = encode.map((r) => r.precisionSpeedup);
  return [
    ratio(
      `\`encode\` under the cap (${kb(encode[0].chars)} – ${kb(encode.at(-1).chars)})`,
      'plain-JS `result.ts`',
      encode.map((r) => r.underCapRatio),
      1.05,
    ),
    ratio(
      '`encode` over the cap',
      'plain-JS `result.ts`',
      encode.map((r) => r.overCapRatio),
      1.1,
    ),
    ratio(
      '`roundFloats`',
      'recursive `toPrecision`',
      encode.map((r) => r.roundFloatsRatio),
      1,
    ),
    ratio(
      `\`withBudget\` policy on a result under the cap (scenes of ${scenes} chars)`,
      'the `encode` call it wraps',
      policy.map((x) => x.ratio),
      1.1,
    ),
    [
      '`encode(data, { precision: 9 })`',
      '`roundFloats` + `JSON.stringify`',
      `${precision.map((x) => `${fixed(x, 2)}×`).join(' / ')} faster at ${encode.map((r) => kb(r.chars)).join(' / ')}`,
      `≥ 2×${verdict(Math.min(...precision) >= 2)}`,
    ],
  ];
}

/** The README's summary of every target: one row per measured claim. */
export function benchTable(results) {
  const rows = [
    ...tokenRows(results),
    ...summaryRows(results),
    ...encodeRows(results),
    ...proxyRows(results),
    ...rendererRows(results),
    ...reportRows(results),
  ];
  return [
    source(results, 'all'),
    '',
    '| what | against | measured | target |',
    '| --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

function proxyRows(results) {
  const p = bench(results, 'proxy');
  return [
    [
      '`proxy`, a small `tools/call` (`bench/proxy.mjs`)',
      'the same server over direct stdio',
      `${fixed(p.addedLatencyMs.proxy, 3)} ms added (median)`,
      `≤ 1 ms${verdict(p.addedLatencyMs.proxy <= 1)}`,
    ],
    [
      '`proxy`, a 10 MB text result',
      'the same server over direct stdio',
      `${fixed(p.throughputMBps.proxyOwn, 1)} MB/s (10 MB over the time the proxy adds)`,
      `≥ 50 MB/s${verdict(p.throughputMBps.proxyOwn >= 50)}`,
    ],
  ];
}

function rendererRows(results) {
  const r = bench(results, 'renderer');
  const [ours, plain] = Object.values(r.results);
  return [
    [
      'a page using `roundFloats` and `tailWithCounts` in Chromium (`node bench/renderer.mjs`, [docs/browser.md](docs/browser.md))',
      'the same page on plain-TypeScript stand-ins',
      `${fixed(ours.gzipBytes / 1024, 1)} KiB gzip vs ${fixed(plain.gzipBytes / 1024, 1)}; first answer ${n(r.addedFirstAnswerMs)} ms later (${n(ours.firstAnswerMs)} vs ${n(plain.firstAnswerMs)} ms); first call ${fixed(ours.firstCallMs, 1)} ms vs ${fixed(plain.firstCallMs, 1)}`,
      `≤ 400 KiB; ≤ 400 ms later; ≤ 10 ms${verdict(ours.gzipBytes / 1024 <= 400 && r.addedFirstAnswerMs <= 400 && ours.firstCallMs <= 10)}`,
    ],
  ];
}

function reportRows(results) {
  const r = bench(results, 'report');
  return [
    [
      `\`modoki-budget report --json\` on ${n(r.fileBytes / 1e6)} MB of scene JSON, fresh process (\`bench/report.mjs\`)`,
      '',
      `${fixed(r.wallSeconds, 1)} s wall (${fixed(r.userSeconds + r.systemSeconds, 1)} s CPU); peak RSS ${fixed(r.rssPerInputByte, 1)}× the file`,
      `≤ ${r.targets.wallSeconds} s${verdict(r.wallSeconds <= r.targets.wallSeconds)}; ≤ ${r.targets.rssPerInputByte}×${verdict(r.rssPerInputByte <= r.targets.rssPerInputByte)}`,
    ],
  ];
}

/** The bench table's caption: where and under what load the committed run was taken. */
export function benchMachine(results) {
  const load = results.loadavg ? ` (load average ${results.loadavg[0].toFixed(1)} at its start)` : '';
  return `The committed results were measured on ${machineOf(results)}${load}, ${results.quick ? 'in quick mode, ' : ''}on ${results.date.slice(0, 10)}`;
}
