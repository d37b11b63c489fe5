// The docs' measured figures outside the README: TOON against its peer (docs/toon.md), the
// policy's cost, the stores' and the preview's (docs/mcp.md), the proxy's (docs/proxy.md) and the
// tokenizer's linear merge (docs/tokens.md). Each reads only the committed results.
import { bench, find, fixed, kb, machineOf, n, n1, source, verdict } from './results.mjs';

/** A duration in milliseconds as the docs write it: µs below 0.01 ms, else ms to 3 figures. */
function ms(x) {
  if (x < 0.01) return `${fixed(x * 1000, 2)} µs`;
  return `${x >= 100 ? n(x) : x >= 10 ? fixed(x, 1) : fixed(x, 2)} ms`;
}

/** A duration in microseconds: ms from 1,000 µs up. */
const us = (x) => (x >= 1000 ? `${fixed(x / 1000, 1)} ms` : `${x >= 100 ? n(x) : fixed(x, 1)} µs`);

/** docs/toon.md's rows: [result name, what the row compares, whether its speed-up is a headline]. */
const TOON_ROWS = [
  ['toToon 2,000-row table', '`toToon` vs `@toon-format/toon` 4.4.0 `encode`, 2,000-row uniform table', true],
  ['toToon nested document', '`toToon` vs `encode`, nested document', true],
  ['select 3 of 8 fields, 20,000 items', '`select` 3 of 8 fields vs hand-written projection, 20,000 items', false],
  ['limitCollection 50 of 20,000', '`limitCollection` 50 of 20,000 vs `slice` + template', false],
  ['limitCollection 20,000 of 20,000 (no cut)', '`limitCollection` 20,000 of 20,000 (no cut) vs `slice()`', false],
];

function toon(results) {
  const rows = bench(results, 'toon').results;
  return [
    source(results, 'toon'),
    '',
    '| case | modoki-budget | peer | speed-up |',
    '| --- | --- | --- | --- |',
    ...TOON_ROWS.map(([name, label, headline]) => {
      const r = find(rows, (x) => x.name === name, `toon "${name}"`);
      const sizes = r.jsonBytes === undefined ? '' : ` (${kb(r.jsonBytes)} JSON → ${kb(r.bytes)} TOON)`;
      const speedup = `${fixed(r.speedup, 2)}×`;
      return `| ${label}${sizes} | ${ms(r.oursMs)} | ${ms(r.peerMs)} | ${headline ? `**${speedup}**` : speedup} |`;
    }),
  ].join('\n');
}

/** docs/mcp.md: the policy against the encode call it wraps, on results under the cap. */
function policyUnderCap(results) {
  const rows = bench(results, 'with-budget').rows.filter((r) => !r.bench.startsWith('over the cap') && r.ratio < 10);
  return [
    source(results, 'with-budget'),
    '',
    '| case | input | time ratio, policy / encode | target |',
    '| --- | --- | --- | --- |',
    ...rows.map((r) => {
      const target = r.target === '' ? '' : `${r.target.replace('<=', '≤')}${verdict(r.ratio <= 1.1)}`;
      return `| ${r.bench} | ${r.input} | ${fixed(r.ratio, 2)} | ${target} |`;
    }),
  ].join('\n');
}

/** docs/mcp.md: the policy's fixed cost, on the smallest result. */
function policySmallCall(results) {
  const r = find(bench(results, 'with-budget').rows, (x) => x.input.startsWith('a 2-key object'), 'a 2-key object');
  return `${ms(r.policyMs)} a call against \`encode\`'s ${ms(r.encodeMs)}`;
}

/**
 * docs/mcp.md: the policy over the cap, against one encode and one token count, and (with a
 * token cap) against the floor under any answer, `JSON.stringify` plus one count.
 */
function policyOverCap(results) {
  const rows = bench(results, 'with-budget').rows.filter((r) => r.bench.startsWith('over the cap'));
  const floor = (r) =>
    r.floorMs === undefined
      ? ''
      : `; the floor ${n1(r.floorMbPerS)} MB/s, policy / floor ${fixed(r.policyMs / r.floorMs, 2)}`;
  return rows
    .map(
      (r) =>
        `${fixed(r.ratio, 2)} (${r.bench.replace('over the cap, ', '')}, ${r.input}, ${n1(r.mbPerS)} MB/s${floor(r)})`,
    )
    .join('; ');
}

/** docs/mcp.md: a put and a page read through each store. */
function stores(results) {
  const rows = bench(results, 'stores').stores;
  const sizes = [...new Set(rows.map((r) => r.result))];
  const cell = (list, key) => list.map((r) => us(Number(r[key]))).join(' / ');
  const lines = sizes.flatMap((size) => {
    const label = size.replace(/^(\d+) × /, '$1 pages of ');
    const memory = rows.filter((r) => r.result === size && r.store === 'memory');
    const redis = rows.filter((r) => r.result === size && r.store.startsWith('redis'));
    const clients = redis.map((r) => r.store.replace(/^redis \((.*)\)$/, '$1')).join(' / ');
    return [
      `| ${label} | memory | ${cell(memory, 'put µs (median)')} | ${cell(memory, 'page read µs (median)')} |`,
      ...(redis.length === 0
        ? []
        : [
            `| ${label} | Redis, ${clients} | ${cell(redis, 'put µs (median)')} | ${cell(redis, 'page read µs (median)')} |`,
          ]),
    ];
  });
  return [
    source(results, 'stores', ', medians'),
    '',
    '| result | store | put | page read |',
    '| --- | --- | --- | --- |',
    ...lines,
  ].join('\n');
}

/** docs/mcp.md's preview rows: [the bench's payload, how the docs name it]. */
const PREVIEW_PAYLOADS = [
  ['logs', 'logs, 20,000 rows, 2 errors'],
  ['metric', 'metric, 10,000 points, 1 spike'],
  ['search', 'search, 3,000 hits, 3 for the query'],
  ['tree', 'directory tree, 853 files (pretty text)'],
  ['graph', 'knowledge graph, 1,500 entities, 3 for the query'],
  ['scene', "the editor's scene, one entity asked for"],
];

/** docs/mcp.md: the preview against the envelope and Headroom's SmartCrusher. */
function preview(results) {
  const r = bench(results, 'preview');
  const of = (rows) => (rows === undefined || rows === '' ? '—' : rows.replace('/', ' of '));
  const num = (x) => (x === undefined || x === '' ? '—' : n(Number(x)));
  const skipped = r.peerSkipped ? [`_SmartCrusher skipped: ${r.peerSkipped}._`, ''] : [];
  return [
    source(results, 'preview'),
    '',
    ...skipped,
    '| payload | result tokens | envelope tokens / rows | preview tokens / rows | preview ms | SmartCrusher tokens / rows | SmartCrusher ms | SmartCrusher / preview |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...PREVIEW_PAYLOADS.map(([key, label]) => {
      const x = find(r.rows, (row) => row.payload.split(' ')[0] === key, `preview payload "${key}"`);
      const crusherMs = x['crusher ms'] ? ms(Number(x['crusher ms'])).replace(/ ms$/, '') : '—';
      return `| ${label} | ${num(x['result tokens'])} | ${num(x['envelope tokens'])} / ${of(x['envelope rows'])} | ${num(x['preview tokens'])} / ${of(x['preview rows'])} | ${fixed(Number(x['preview ms']), 2)} | ${num(x['crusher tokens'])} / ${of(x['crusher rows'])} | ${crusherMs} | ${x['crusher/preview'] || '—'} |`;
    }),
  ].join('\n');
}

/** docs/mcp.md: the over-cap answer on the corpus of real results (bench/real-previews.mjs). */
function realPreviews(results) {
  const r = bench(results, 'real-previews');
  const num = (x) => (typeof x === 'number' ? n(x) : x);
  const speed = (x) => (x >= 10 ? n(x) : fixed(x, 1));
  const of = (k) => (k === null ? '—' : `${k} of ${r.shown.promised}`);
  return [
    source(results, 'real-previews'),
    '',
    ...r.skips.map((line) => `_${line}._`),
    ...(r.skips.length === 0 ? [] : ['']),
    '| case | needle | result tokens | preview: needle, tokens | policy ms | MB/s | head cut at 2,000 / 10,000 tokens: needle | SmartCrusher: needle, tokens |',
    '| --- | --- | ---: | --- | ---: | ---: | --- | --- |',
    ...r.rows.map(
      (x) =>
        `| ${x.case} | ${x.needle} | ${n(x['result tokens'])} | ${x['preview shown']}, ${n(x['preview tokens'])} | ${speed(x['policy ms'])} | ${speed(x['MB/s'])} | ${x['head 2k shown']} / ${x['head 10k shown']} | ${x['crusher shown']}, ${num(x['crusher tokens'])} |`,
    ),
    '',
    `Needles shown of the ${r.shown.promised} cases whose kind the preview promises: the preview ${of(r.shown.preview)} (target: 8 of every 10${verdict(r.shown.preview / r.shown.promised >= r.targets.shownShare)}), a head cut at 2,000 tokens ${of(r.shown.head2k)}, at 10,000 tokens ${of(r.shown.head10k)} (at ${fixed(r.ratios.head10kTokensPerPreviewToken, 1)}× the preview's tokens), SmartCrusher ${of(r.shown.crusher)}. The slowest case ran at ${speed(r.ratios.minMbps)} MB/s (target: 20${verdict(r.ratios.minMbps >= r.targets.mbps)}).`,
  ].join('\n');
}

/** docs/mcp.md: what the model sees of a real diff, table and snapshot: a head cut, then the preview. */
function realPreviewExamples(results) {
  const r = bench(results, 'real-previews');
  // Four backticks: a snapshot holds a fence of three.
  const block = (lines) => ['````', ...lines, '````'];
  return [
    source(results, 'real-previews'),
    ...r.examples.flatMap((x) => {
      const row = find(r.rows, (y) => y.case === x.case, `real-previews case "${x.case}"`);
      return [
        '',
        `**${x.case}** (${n(row['result tokens'])} tokens; ${row.needle}). Before: what a head cut shows first:`,
        '',
        ...block(x.head),
        '',
        `After: the preview (${n(row['preview tokens'])} tokens; the needle ${row['preview shown'] === 'yes' ? 'shown' : 'not shown'}), its first lines:`,
        '',
        ...block(x.preview),
      ];
    }),
  ].join('\n');
}

/**
 * docs/proxy.md: `proxy --url`, and the SDK Client through `proxy --listen --url`, against the
 * SDK Client over HTTP (bench/stores.mjs), at the load of the stores run itself when it was
 * recorded (else the whole run's).
 */
function proxyUrlLatency(results) {
  const [direct, proxied, listened] = bench(results, 'stores').http;
  const at = results.runs?.stores?.loadavg ?? results.loadavg?.[0];
  const load = at === undefined ? '' : `, load average ${fixed(at, 1)}`;
  const listen =
    listened === undefined
      ? ''
      : `; the SDK \`Client\` over HTTP through \`proxy --listen --url\` ${ms(Number(listened['small call median ms']))} — ${ms(Number(listened['added ms']))} added, one HTTP hop more than direct`;
  return `the SDK \`Client\` straight over HTTP ${ms(Number(direct['small call median ms']))} at the median, a stdio client through \`proxy --url\` ${ms(Number(proxied['small call median ms']))} — **${ms(Number(proxied['added ms']))} added**${listen} (the committed run: ${machineOf(results)}${load})`;
}

/** docs/proxy.md: the proxy's whole-process peak on a 100 MB result. */
function proxyMemory(results) {
  const r = bench(results, 'proxy-memory');
  const row = (tool) => find(r.rows, (x) => x.tool === tool, `proxy-memory "${tool}"`);
  const [text, json] = [row('text'), row('json')];
  const peak = (x) => `${n(x.maxRss / 2 ** 20)} MB (${fixed(x.perResultByte, 1)}× the result)`;
  return `a ${text.mb} MB text, ${peak(text)}; ${json.mb} MB of JSON in \`structuredContent\`, ${peak(json)}`;
}

/** docs/proxy.md: bench/proxy.mjs's table and what it says against the targets. */
function proxyBench(results) {
  const p = bench(results, 'proxy');
  const side = (name) => find(p.rows, (x) => x.side === name, `proxy side "${name}"`);
  const columns = Object.keys(p.rows[0]);
  const [direct, proxied, measure] = [side('direct'), side('proxy'), side('proxy --measure-only')];
  const added = (x) => n(Number(x['10 MB call ms']) - Number(direct['10 MB call ms']));
  return [
    source(results, 'proxy'),
    '',
    `| ${columns.join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...p.rows.map((r) => `| ${columns.map((c) => r[c]).join(' | ')} |`),
    '',
    `- **Added latency per small call: ${fixed(p.addedLatencyMs.proxy, 2)} ms at the median** (target ≤ 1 ms${verdict(p.addedLatencyMs.proxy <= 1)}).`,
    `- **10 MB result: ${fixed(p.throughputMBps.proxyOwn, 1)} MB/s of added time** (target ≥ 50 MB/s${verdict(p.throughputMBps.proxyOwn >= 50)}): the proxy added ${added(proxied)} ms to a ${n(Number(direct['10 MB call ms']))} ms direct round trip and sent the client a ${proxied['bytes to client']}-byte answer. \`--measure-only\`, which skips the policy and forwards all 10 MB, added ${added(measure)} ms (${measure['proxy MB/s (10 MB / added ms)']} MB/s).`,
  ].join('\n');
}

/** docs/tokens.md: `'a'.repeat(1e6)` through the merge. */
function tokensLinear(results) {
  const linear = bench(results, 'tokens').linearityMs['modoki-budget'];
  return `${fixed(linear["'a' x 1e6"] / 1000, 1)} s in the committed run, against ${n(linear["'a' x 1e5"])} ms for 1e5`;
}

export const DOC_FIGURES = {
  toon,
  'policy-under-cap': policyUnderCap,
  'policy-small-call': policySmallCall,
  'policy-over-cap': policyOverCap,
  stores,
  preview,
  'real-previews': realPreviews,
  'real-preview-examples': realPreviewExamples,
  'proxy-url-latency': proxyUrlLatency,
  'proxy-memory': proxyMemory,
  'proxy-bench': proxyBench,
  'tokens-linear': tokensLinear,
  'pages-tree-ratio': (results) => {
    const tree = find(bench(results, 'preview').rows, (x) => x.payload.startsWith('tree'), 'preview payload "tree"');
    return `${fixed(Number.parseFloat(tree['pages/channel']), 2)}×`;
  },
  'toon-nested-sizes': (results) => {
    const r = find(bench(results, 'toon').results, (x) => x.name === 'toToon nested document', 'toon nested');
    return `${kb(r.bytes)} vs ${kb(r.jsonBytes)}`;
  },
};
