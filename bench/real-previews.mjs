// The over-cap answer on real results: the corpus of js-tests/support/real-corpus.ts (eleven
// calls to six real servers on real data, each with the needle an agent would look for), put
// through the policy under the claudeCode preset, side by side with a head cut at the preview's
// token budget, a head cut at the cap (what a client that cuts shows), and Headroom's
// SmartCrusher. Per case: whether the needle is shown, tokens, milliseconds and MB/s of the
// policy; then how many needles each shows, and the ratios. A SmartCrusher output over the cap
// (it passes most text through) counts as not shown: a client cuts it or refuses it.
//
//   node bench/real-previews.mjs [--quick]
//
// The servers are installed on first use under target/real/ (the cold install takes minutes);
// SmartCrusher runs in a venv of its own there (headroom-ai, pinned). What cannot be installed is
// skipped with one line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import { describeMachine, fmt, table } from './lib.mjs';

const require = createRequire(import.meta.url);
const mb = require('../node/index.cjs');
const support = (file) => fileURLToPath(new URL(`../js-tests/support/${file}`, import.meta.url));

/** SmartCrusher's package, pinned. */
export const HEADROOM = 'headroom-ai==0.42.0';
/** The preview's own budget under claudeCode, and the cap. */
const PREVIEW_TOKENS = 2000;
const CAP_TOKENS = 10000;
/** The issue's targets. */
export const TARGETS = { shownShare: 0.8, mbps: 20 };

/** The longest head of `text` within `tokens` (binary search on its length). */
function headCut(text, tokens) {
  if (mb.countTokens(text) <= tokens) return text;
  let lo = 0;
  let hi = Math.min(text.length, tokens * 8);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (mb.countTokens(text.slice(0, mid)) <= tokens) lo = mid;
    else hi = mid - 1;
  }
  return text.slice(0, lo);
}

/** What the model would read of the result uncut: its larger channel, as the policy counts it. */
function channelOf(result) {
  const texts = result.content.filter((b) => b.type === 'text').map((b) => b.text);
  const text = texts.join('\n');
  if (result.structuredContent === undefined) return text;
  const structured = JSON.stringify(result.structuredContent);
  return structured.length > text.length ? structured : text;
}

/** The call's string arguments, as SmartCrusher's query. */
const queryOf = (args) =>
  Object.values(args)
    .flat()
    .filter((v) => typeof v === 'string')
    .join(' ');

const CRUSH = `
import json, sys, time
from headroom.transforms.smart_crusher import SmartCrusher
spec = json.load(sys.stdin)
crusher = SmartCrusher()
out = []
for case in spec["cases"]:
    text = open(case["file"]).read()
    t0 = time.perf_counter()
    result = crusher.crush(text, case["query"])
    best = (time.perf_counter() - t0) * 1000
    # A call of over a second is timed once.
    for _ in range(spec["runs"] if best < 1000 else 0):
        t0 = time.perf_counter()
        crusher.crush(text, case["query"])
        best = min(best, (time.perf_counter() - t0) * 1000)
    out.append({"ms": best, "text": result.compressed})
print(json.dumps(out))
`;

/** SmartCrusher on every case's channel in one Python child: its output and ms per case. */
function smartCrusher(python, cases, runs) {
  const dir = mkdtempSync(join(tmpdir(), 'real-previews-'));
  try {
    const spec = cases.map((c, i) => {
      const file = join(dir, `${i}.txt`);
      writeFileSync(file, c.channel);
      return { file, query: c.query };
    });
    const r = spawnSync(python, ['-c', CRUSH], {
      input: JSON.stringify({ cases: spec, runs }),
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      timeout: 900_000,
    });
    if (r.status !== 0) return { skipped: `SmartCrusher failed: ${(r.stderr || '').trim().split('\n').pop()}` };
    return { outputs: JSON.parse(r.stdout) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The cases docs/mcp.md shows before and after: a diff, a table, a snapshot. */
const EXAMPLES = ['git git_diff', 'motherduck execute_query', 'playwright browser_snapshot'];

/** The first `lines` lines of `text`, a line longer than 160 chars wrapped into several. */
const excerpt = (text, lines) =>
  text
    .slice(0, lines * 160)
    .split('\n')
    .flatMap((l) => l.match(/.{1,160}/gu) ?? [''])
    .slice(0, lines);

/** The fastest of `runs` applications of the policy to the result, and the last answer. */
async function applyTimed(policy, call, runs) {
  const context = {
    arguments: call.case.args,
    inputSchema: call.tool.inputSchema,
    hasOutputSchema: call.tool.outputSchema !== undefined,
  };
  let best = Infinity;
  let applied;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    applied = await policy.apply(call.tool.name, call.result, context);
    best = Math.min(best, performance.now() - t0);
  }
  return { ms: best, result: applied.result };
}

/** Runs the corpus: one row per case, the needle counts per column, and what was skipped. */
export async function run({ quick = false } = {}) {
  const { module: corpusModule } = await runnerImport(support('real-corpus.ts'));
  const { module: install } = await runnerImport(support('real-install.ts'));
  const { PROMISED_KINDS, callCases, keptOf, needleShown, realCorpus } = corpusModule;
  const corpus = await realCorpus();
  const skips = [...corpus.skipped];
  const { calls, close } = await callCases(corpus);
  await close();
  await corpus.close();
  const runs = quick ? 2 : 5;
  const policy = mb.createBudgetPolicy({ preset: 'claudeCode' });
  const measured = [];
  for (const call of calls) {
    const { ms, result } = await applyTimed(policy, call, runs);
    const answer = result.content.find((b) => b.type === 'text').text;
    const preview = answer.slice(answer.indexOf('\n') + 1);
    const channel = channelOf(call.result);
    measured.push({
      call,
      ms,
      preview,
      channel,
      query: queryOf(call.case.args),
      bytes: Buffer.byteLength(keptOf(call.result)),
    });
  }
  const venv = install.pythonVenv('headroom', [HEADROOM]);
  const crusher =
    venv === null ? { skipped: 'PyPI is unreachable' } : smartCrusher(join(venv, 'bin', 'python'), measured, runs);
  if (crusher.skipped) skips.push(`SmartCrusher skipped: ${crusher.skipped}`);
  const rows = measured.map((m, i) => {
    const { needle } = m.call;
    const head = headCut(m.channel, PREVIEW_TOKENS);
    const capHead = headCut(m.channel, CAP_TOKENS);
    const crushed = crusher.outputs?.[i];
    const yes = (text) => (needleShown(needle, text) ? 'yes' : 'no');
    // SmartCrusher's output over the cap is no answer within it: it passed the text through.
    const crushedTokens = crushed === undefined ? undefined : mb.countTokens(crushed.text);
    const crusherShown = crushed === undefined ? '—' : crushedTokens > CAP_TOKENS ? 'over the cap' : yes(crushed.text);
    return {
      case: m.call.case.id,
      needle: `${needle.kind}${PROMISED_KINDS.has(needle.kind) ? '' : ' (not promised)'}: ${needle.what}`,
      promised: PROMISED_KINDS.has(needle.kind),
      'result tokens': mb.countTokens(m.channel),
      'result MB': m.bytes / 1e6,
      'preview shown': yes(m.preview),
      'preview tokens': mb.countTokens(m.preview),
      'policy ms': m.ms,
      'MB/s': m.bytes / 1e6 / (m.ms / 1000),
      'head 2k shown': yes(head),
      'head 10k shown': yes(capHead),
      'head 10k tokens': mb.countTokens(capHead),
      'crusher shown': crusherShown,
      'crusher tokens': crushedTokens ?? '—',
      'crusher ms': crushed === undefined ? '—' : crushed.ms,
    };
  });
  const promised = rows.filter((r) => r.promised);
  const count = (column) => promised.filter((r) => r[column] === 'yes').length;
  const shown = {
    promised: promised.length,
    preview: count('preview shown'),
    head2k: count('head 2k shown'),
    head10k: count('head 10k shown'),
    crusher: crusher.outputs === undefined ? null : count('crusher shown'),
  };
  const sum = (column) => rows.reduce((s, r) => s + (typeof r[column] === 'number' ? r[column] : 0), 0);
  const ratios = {
    head10kTokensPerPreviewToken: sum('head 10k tokens') / sum('preview tokens'),
    crusherTokensPerPreviewToken: crusher.outputs === undefined ? null : sum('crusher tokens') / sum('preview tokens'),
    minMbps: Math.min(...rows.map((r) => r['MB/s'])),
  };
  const versions = Object.fromEntries(Object.entries(corpus.servers).map(([k, s]) => [k, s.label]));
  const examples = measured
    .filter((m) => EXAMPLES.includes(m.call.case.id))
    .map((m) => ({ case: m.call.case.id, head: excerpt(m.channel, 12), preview: excerpt(m.preview, 24) }));
  // `skips`, not `skipped`: bench/run.mjs reads a result's `skipped` as the whole benchmark's.
  const peerSkipped = crusher.skipped ?? null;
  return { machine: describeMachine(), versions, skips, peerSkipped, rows, shown, ratios, targets: TARGETS, examples };
}

const COLUMNS = [
  'case',
  'needle',
  'result tokens',
  'preview shown',
  'preview tokens',
  'policy ms',
  'MB/s',
  'head 2k shown',
  'head 10k shown',
  'head 10k tokens',
  'crusher shown',
  'crusher tokens',
  'crusher ms',
];

/** The result as the markdown it prints: the table, then the counts and the ratios. */
export function markdown(r) {
  const cell = (x) => (typeof x === 'number' ? (Number.isInteger(x) ? x.toLocaleString('en-US') : fmt(x, 1)) : x);
  const rows = r.rows.map((row) => Object.fromEntries(COLUMNS.map((c) => [c, cell(row[c])])));
  const of = (k) => (k === null ? '—' : `${k} of ${r.shown.promised}`);
  return [
    `# The over-cap answer on real results (${r.machine})`,
    '',
    ...r.skips.map((s) => `${s}  `),
    table(rows, COLUMNS),
    '',
    `Needles shown, of the ${r.shown.promised} cases whose kind the preview promises: preview ${of(r.shown.preview)} (target ${r.targets.shownShare * 100}%), head cut at ${PREVIEW_TOKENS.toLocaleString('en-US')} tokens ${of(r.shown.head2k)}, head cut at ${CAP_TOKENS.toLocaleString('en-US')} tokens ${of(r.shown.head10k)}, SmartCrusher ${of(r.shown.crusher)}.`,
    `Tokens: head cut at the cap / preview ${fmt(r.ratios.head10kTokensPerPreviewToken, 2)}×; SmartCrusher / preview ${r.ratios.crusherTokensPerPreviewToken === null ? '—' : `${fmt(r.ratios.crusherTokensPerPreviewToken, 2)}×`}. Slowest case: ${fmt(r.ratios.minMbps, 1)} MB/s (target ≥ ${r.targets.mbps}).`,
    '',
    'Policy: createBudgetPolicy({ preset: "claudeCode" }) (40,000 chars; the preview within 2,000 tokens), fastest of several runs; MB/s = the kept result’s UTF-8 bytes / policy ms.',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await run({ quick: process.argv.includes('--quick') });
  console.log(markdown(r));
  process.exit(0);
}
