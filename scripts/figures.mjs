// `npm run figures`: writes the README's and docs' measured figures from the committed benchmark
// results (bench/results.json), so no figure in them can disagree with the run that is committed.
// A figure lives between two comments, `<!-- figures:NAME -->` and `<!-- /figures -->`, on lines
// of their own (a block: a table and its caption) or inside a sentence (inline); this script
// rewrites what is between them and nothing else. `--check` writes nothing and exits 1 naming
// every file whose figures differ (js-tests/figures.test.ts asserts the same).
//
// After a new recorded run (`node bench/run.mjs --quick --record`), run `npm run figures` and
// commit the results and the rewritten files together.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { markdownTable as summarizerTable } from '../bench/summarizer-sizes.mjs';
import { markdownTable as streamTable } from '../bench/stream-sizes.mjs';
import { benchMachine, benchTable } from './figures/bench-table.mjs';
import { DOC_FIGURES } from './figures/docs.mjs';
import { bench, find, fixed, n, n1, range, source } from './figures/results.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MARKER = /<!-- figures:([a-z0-9-]+) -->([\s\S]*?)<!-- \/figures -->/g;

/** `{"id":3}` as the README writes a call's arguments: `{ id: 3 }`; `{}` as nothing. */
function args(json) {
  const entries = Object.entries(JSON.parse(json));
  return entries.length === 0 ? '' : ` { ${entries.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ')} }`;
}

/** The example server's calls: produced, and sent under each preset. */
function exampleServer(results) {
  const sizes = bench(results, 'with-budget').sizes;
  const sent = (chars, tokens, elided) => `${n(chars)} / ${n(tokens)}${elided ? ', elided, + link' : ''}`;
  const rows = sizes.map((s) => {
    const [name, ...rest] = s.call.split(' ');
    return `| \`${name}${args(rest.join(' '))}\` | ${sent(s.producedChars, s.producedTokens, false)} | ${sent(s.editorChars, s.editorTokens, s.editorElided)} | ${sent(s.claudeCodeChars, s.claudeCodeTokens, s.claudeCodeElided)} |`;
  });
  const bare = find(sizes, (s) => s.call === 'get_scene_state {}', 'the bare get_scene_state call');
  const after = bare.claudeCodeElided
    ? `Under \`claudeCode\` (40,000 chars) even the bare scene index (${n(bare.producedChars)} chars) is over the cap, so it comes back elided with its pages; \`limit=\` or a filter brings it under.`
    : `Under \`claudeCode\` (40,000 chars) the bare scene index (${n(bare.producedChars)} chars) fits; the \`full: true\` calls over the cap come back elided with their pages.`;
  return [
    '| call | produced | sent, `editor` | sent, `claudeCode` |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    after,
  ].join('\n');
}

/** The README's short summarizer table: [label, the summarizer-sizes row it reads]. */
const README_SUMMARIZERS = [
  ['`layoutBounds`, 241 rects', 'layoutBounds (241 rects)'],
  ['`summarizeAssets`, 320 assets', 'summarizeAssets (320 assets)'],
  ['`summarizeTraits`, 60 traits', 'summarizeTraits (60 traits)'],
  ['`consoleLogs`, 500 entries', 'consoleLogs (500-entry ring)'],
  ['`journalEvents`, 10,000 events', 'journalEvents (10,000 events)'],
  ['`watchRead`, 64 series × 600 samples', 'watchRead (64 series × 600 samples)'],
  ['`handles`, 2,000 handles', 'handles (2,000 keyframe handles)'],
  ['`sceneEditResult` (no scene echo)', 'sceneEditResult (scene echo)'],
];

function summarizers(results) {
  const rows = bench(results, 'summarizer-sizes').rows;
  const row = (name) => find(rows, (r) => r.name === name, `summarizer "${name}"`);
  const scene = row('sceneState (135 entities)');
  const prefix = row('sceneState, guidPrefix: 12');
  return [
    '| summarizer | before | after |',
    '| --- | ---: | ---: |',
    `| \`sceneState\`, 135 entities (index) | ${n(scene.before)} | ${n(scene.after)} (${n(prefix.after)} with \`guidPrefix: 12\`) |`,
    ...README_SUMMARIZERS.map(([label, name]) => `| ${label} | ${n(row(name).before)} | ${n(row(name).after)} |`),
  ].join('\n');
}

function menuRow(results, menu) {
  return find(bench(results, 'menu-compact').rows, (r) => r.menu === menu, `compact menu "${menu}"`);
}

/** docs/menu.md's table: the compact menu against the full one and mcp-compressor's levels. */
function menuCompact(results) {
  const r = bench(results, 'menu-compact');
  const levels = (x) =>
    x['mcp-c low'] === undefined ? '—' : ['low', 'medium', 'high', 'max'].map((l) => x[`mcp-c ${l}`]).join(' / ');
  // Token counts do not depend on the machine; only a skipped peer needs saying.
  const skipped = r.compressor === null ? [`_mcp-compressor skipped: ${r.peerSkipped ?? 'not found'}._`, ''] : [];
  return [
    ...skipped,
    '| menu | tools | full | compact | compact/full | catalog | describe all | describe one | mcp-compressor low / medium / high / max | its lookup |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...r.rows.map(
      (x) =>
        `| ${x.menu} | ${x.tools} | ${x.full} | ${x.compact} | ${x['compact/full']} | ${x.catalog} | ${x['describe all'].replace(/x\)$/, '×)')} | ${x['describe one']} | ${levels(x)} | ${x['mcp-c lookup'] ?? '—'} |`,
    ),
  ].join('\n');
}

/** docs/summarizers.md's overlap table. */
function overlaps(results) {
  const r = bench(results, 'overlaps').results;
  const ms = (x) => (x >= 10000 ? `~${n(x)}` : x >= 100 ? n(x) : fixed(x, 1));
  return [
    source(results, 'overlaps'),
    '',
    '| rects | overlapsCount | layoutBounds | pairwise loop | ratio |',
    '|---:|---:|---:|---:|---:|',
    ...r.map(
      (x) =>
        `| ${n(x.n)} | ${n(x.overlapsCount)} | ${ms(x.oursMs)} ms | ${ms(x.pairwiseMs)} ms${x.extrapolated ? ' (extrapolated)' : ''} | ${x.ratio >= 10 ? n(x.ratio) : fixed(x.ratio, 1)}× |`,
    ),
  ].join('\n');
}

/** docs/browser.md's page table. */
function renderer(results) {
  const r = bench(results, 'renderer');
  const cells = (x) =>
    [
      fixed(x.gzipBytes / 1024, 1),
      n1(x.rawBytes / 1024),
      `${fixed(x.readyMs, 1)} ms`,
      `${fixed(x.firstCallMs, 1)} ms`,
      `${fixed(x.secondCallMs, 1)} ms`,
      `${fixed(x.firstAnswerMs, 1)} ms`,
    ].join(' | ');
  const [ours, plain] = Object.values(r.results);
  return [
    source(results, 'renderer', `, median of ${r.loads} loads`),
    '',
    '| page | gzip KiB | raw KiB | modules loaded | first call | second call | first answer |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| \`modoki-budget\` (browser build) | ${cells(ours)} |`,
    `| plain TypeScript | ${cells(plain)} |`,
  ].join('\n');
}

/** docs/browser.md's targets for the package's page. */
function rendererTargets(results) {
  const r = bench(results, 'renderer');
  const [ours, plain] = Object.values(r.results);
  const met = (ok) => (ok ? 'met' : 'not met');
  const gzip = ours.gzipBytes / 1024;
  return [
    "| target (the package's page) | measured | |",
    '| --- | --- | --- |',
    `| downloads ≤ 400 KiB gzip | ${n1(gzip)} KiB | ${met(gzip <= 400)} |`,
    `| first answer ≤ 400 ms later than the plain page | ${n1(r.addedFirstAnswerMs)} ms later | ${met(r.addedFirstAnswerMs <= 400)} |`,
    `| first call ≤ 10 ms | ${n1(ours.firstCallMs)} ms (${fixed(ours.firstCallMs / plain.firstCallMs, 1)}× the plain page's first call; the second call ${n1(ours.secondCallMs)} ms) | ${met(ours.firstCallMs <= 10)} |`,
  ].join('\n');
}

/** Every figure, by the name its markers carry. Each reads only `results`. */
export const FIGURES = {
  'bench-machine': benchMachine,
  'bench-table': benchTable,
  'example-server': exampleServer,
  summarizers,
  'summarizer-sizes': (results) => summarizerTable(bench(results, 'summarizer-sizes').rows),
  'stream-sizes': (results) => streamTable(bench(results, 'stream-sizes').rows),
  overlaps,
  'menu-compact': menuCompact,
  'menu-compact-filesystem': (results) => {
    const r = menuRow(results, 'server-filesystem');
    return `server-filesystem's menu goes from ${r.full} to ${r.compact} tokens per planning turn`;
  },
  renderer,
  'renderer-targets': rendererTargets,
  'memory-count-tokens': (results) => {
    const big = bench(results, 'memory').big;
    return `${fixed(find(big, (x) => x.name === 'countTokens cl100k', 'memory "countTokens cl100k"').growthPerInputByte, 1)}×`;
  },
  'round-floats-speedup': (results) =>
    `${range(
      bench(results, 'encode').rows.map((r) => 1 / r.roundFloatsRatio),
      1,
    )}×`,
  'cold-tokens-ours': (results) => {
    const r = bench(results, 'cold-tokens').results;
    return `${fixed(find(r, (x) => x.name === 'modoki-budget cl100k', 'cold-tokens "modoki-budget cl100k"').ms, 1)} ms`;
  },
  'memory-peak': (results) =>
    `${fixed(Math.max(...bench(results, 'memory').big.map((x) => x.growthPerInputByte)), 1)}×`,
  ...DOC_FIGURES,
};

/**
 * `text` with every figure between its markers rewritten from `results`. A block figure (markers
 * on lines of their own) keeps its own lines; an inline one stays inside its sentence. An unknown
 * name or a marker left open is an error, so a typo cannot leave a figure unchecked.
 */
export function rewrite(text, results, file = 'text') {
  const opened = (text.match(/<!-- figures:/g) ?? []).length;
  const closed = (text.match(/<!-- \/figures -->/g) ?? []).length;
  if (opened !== closed) throw new Error(`${file}: ${opened} figure markers opened, ${closed} closed`);
  return text.replace(MARKER, (_, name, body) => {
    const make = FIGURES[name];
    if (make === undefined) throw new Error(`${file}: unknown figure "${name}"`);
    const figure = make(results);
    // A blank line before the closing marker ends a table or a paragraph for every renderer.
    const inner = body.startsWith('\n') ? `\n${figure}\n\n` : figure;
    return `<!-- figures:${name} -->${inner}<!-- /figures -->`;
  });
}

/** The files that may hold figures: README.md and docs/*.md, relative to `dir`. */
export function figureFiles(dir = root) {
  const docs = readdirSync(join(dir, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs];
}

/** Each file holding a marker, with its text as it is and as the committed results write it. */
export function compare(dir = root, results = JSON.parse(readFileSync(join(dir, 'bench', 'results.json'), 'utf8'))) {
  return figureFiles(dir)
    .map((file) => {
      const current = readFileSync(join(dir, file), 'utf8');
      return { file, current, wanted: current.includes('<!-- figures:') ? rewrite(current, results, file) : current };
    })
    .filter((f) => f.current.includes('<!-- figures:'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const check = process.argv.includes('--check');
  let files;
  try {
    files = compare();
  } catch (error) {
    process.stderr.write(`figures: ${error.message}\n`);
    process.exit(2);
  }
  const stale = files.filter((f) => f.current !== f.wanted);
  for (const f of stale) {
    if (check) process.stderr.write(`figures: ${f.file} differs from bench/results.json (run npm run figures)\n`);
    else writeFileSync(join(root, f.file), f.wanted);
  }
  if (!check) process.stdout.write(`figures: ${stale.length} file(s) rewritten from bench/results.json\n`);
  process.exit(check && stale.length > 0 ? 1 : 0);
}
