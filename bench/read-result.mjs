// read_result's `match` over a kept result, through the real path: a 1, 5 and 10 MB result
// (a log as text, rows as JSON text) budgeted by createBudgetPolicy (claudeCode preset, the
// memory store), then one read_result call finding a needle 90% of the way down — against, in
// the same process, what a script would do with the original text: `String.prototype.includes`
// (whether it is there, the floor of any scan) and a case-insensitive scan that also says where
// (the text's lines, or the parsed rows). Beside it, the page reads the call replaces: the
// read_result_page calls an agent without it makes from page 1 to the needle's page, and their
// tokens, against the one call and its answer's tokens. Targets: 10 MB within 50 ms, linear in
// the size.
//
//   node bench/read-result.mjs [--quick]
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describeMachine, fmt, machine, table } from './lib.mjs';

const require = createRequire(import.meta.url);
const { createBudgetPolicy, memoryStore, countTokens } = require('modoki-budget');

const SIZES_MB = [1, 5, 10];
/** Where the needle sits, as a share of the result: far past any preview. */
const DEPTH = 0.9;
const TARGET_MS_10MB = 50;

const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A service log of about `mb` MB, one FATAL line at DEPTH. */
function logCase(mb) {
  const lines = [];
  for (let n = 0, i = 1; n < mb * 1e6; i++) {
    const line = `2026-12-01T10:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}Z INFO http: GET /api/items/${i % 997} handled request ${i} in ${i % 97} ms`;
    lines.push(line);
    n += line.length + 1;
  }
  const at = Math.floor(lines.length * DEPTH);
  lines[at] = `2026-12-01T11:00:00Z FATAL db: pool exhausted after ${at + 1} requests`;
  const text = lines.join('\n');
  const needle = 'pool exhausted';
  return {
    kind: 'text (log)',
    original: text,
    value: { content: [{ type: 'text', text }] },
    needle,
    literal: 'pool exhausted',
    /** What a script does to say where: each line, lowercased, searched; the 1-based numbers. */
    scan: () => {
      const found = [];
      const all = text.split('\n');
      for (let i = 0; i < all.length; i++) if (all[i].toLowerCase().includes(needle)) found.push(i + 1);
      return found;
    },
    scanName: 'split lines + toLowerCase().includes',
    want: [at + 1],
  };
}

/** Rows of a query of about `mb` MB as JSON text (what a SQL server prints), one row the needle. */
function rowsCase(mb) {
  const rows = [];
  for (let n = 0, i = 0; n < mb * 1e6; i++) {
    const row = {
      id: i,
      name: `customer ${i}`,
      city: ['Lyon', 'Osaka', 'Quito'][i % 3],
      balance: ((i * 7919) % 100000) / 100,
    };
    rows.push(row);
    n += JSON.stringify(row).length + 1;
  }
  const at = Math.floor(rows.length * DEPTH);
  rows[at].name = 'Needle & Sons';
  const text = JSON.stringify({ rows });
  const needle = 'needle & sons';
  return {
    kind: 'JSON (rows)',
    original: text,
    value: { content: [{ type: 'text', text }] },
    needle,
    literal: 'Needle & Sons',
    /** What a script does to say which row: parse, then each row's JSON, lowercased, searched. */
    scan: () => {
      const found = [];
      const parsed = JSON.parse(text).rows;
      for (let i = 0; i < parsed.length; i++)
        if (JSON.stringify(parsed[i]).toLowerCase().includes(needle)) found.push(i);
      return found;
    },
    scanName: 'JSON.parse + each row stringified, toLowerCase().includes',
    want: [at],
  };
}

/** The kept id in an over-cap answer's resource_link. */
function keptId(result) {
  const link = result.content.find((b) => b.type === 'resource_link');
  if (link === undefined) throw new Error('the result was not kept: no resource_link in the answer');
  return link.uri.slice('budget://result/'.length);
}

/** The pages read_result_page serves for `id`, in order, each as the agent reads it. */
async function pagesOf(policy, id) {
  const read = async (page) => (await policy.callReadTool({ id, page }, {})).content[0].text;
  const pages = [await read(1)];
  const count = JSON.parse(pages[0]).pages;
  for (let k = 2; k <= count; k++) pages.push(await read(k));
  return pages;
}

/** One size of one case: the medians of each way of finding the needle, and the page reads. */
async function measure(policy, made, runs) {
  const { id, result } = await keep(policy, made);
  const call = () => policy.callReadTool({ id, match: made.needle }, {});
  const answer = await call();
  const text = answer.content[0].text;
  if (answer.isError || !/^1 of the /.test(text))
    throw new Error(`read_result did not find the one needle: ${text.slice(0, 300)}`);
  if (JSON.stringify(made.scan()) !== JSON.stringify(made.want)) throw new Error('the scan did not find the needle');
  const times = { readResult: [], includes: [], scan: [] };
  for (let r = 0; r < runs + 2; r++) {
    let t = performance.now();
    await call();
    const a = performance.now() - t;
    t = performance.now();
    if (!made.original.includes(made.literal)) throw new Error('includes missed');
    const b = performance.now() - t;
    t = performance.now();
    made.scan();
    const c = performance.now() - t;
    // The first two rounds warm the JIT and the store.
    if (r < 2) continue;
    times.readResult.push(a);
    times.includes.push(b);
    times.scan.push(c);
  }
  const pages = await pagesOf(policy, id);
  const page = pages.findIndex((p) => p.includes(made.literal)) + 1;
  const encoding = policy.options.encoding;
  const tokens = (t) => countTokens(t, encoding);
  return {
    chars: made.original.length,
    ms: { readResult: median(times.readResult), includes: median(times.includes), scan: median(times.scan) },
    pages: pages.length,
    needlePage: page,
    pageTokens: pages.slice(0, page).reduce((n, p) => n + tokens(p), 0),
    answerTokens: tokens(text),
    previewTokens: result.content.filter((b) => b.type === 'text').reduce((n, b) => n + tokens(b.text), 0),
  };
}

async function keep(policy, made) {
  const applied = await policy.apply('query', made.value);
  return { id: keptId(applied.result), result: applied.result };
}

export async function run({ quick = false } = {}) {
  const runs = quick ? 5 : 15;
  // Room for every kept result of the run at once.
  const policy = createBudgetPolicy({ preset: 'claudeCode', store: memoryStore({ maxBytes: 512 * 2 ** 20 }) });
  // A pass over the smallest results first, so the first measured size is not the one that
  // compiles the code paths.
  for (const make of [logCase, rowsCase]) await measure(policy, make(1), runs);
  const rows = [];
  for (const make of [logCase, rowsCase]) {
    for (const mb of SIZES_MB) {
      const made = make(mb);
      const m = await measure(policy, made, runs);
      rows.push({ kind: made.kind, scanName: made.scanName, mb, ...m });
    }
  }
  const perMB = (r) => r.ms.readResult / (r.chars / 1e6);
  const linear = Object.fromEntries(
    [...new Set(rows.map((r) => r.kind))].map((kind) => {
      const of = rows.filter((r) => r.kind === kind);
      // ms per MB at the largest size over ms per MB at the smallest: 1 is linear.
      return [kind, perMB(of[of.length - 1]) / perMB(of[0])];
    }),
  );
  return {
    machine: machine(),
    runs,
    rows,
    linear,
    targets: { ms10MB: TARGET_MS_10MB },
    table: rows.map((r) => ({
      result: `${r.kind}, ${fmt(r.chars / 1e6, 1)} MB`,
      'read_result ms': fmt(r.ms.readResult, 1),
      'MB/s': fmt(r.chars / 1e6 / (r.ms.readResult / 1000), 0),
      'includes ms': fmt(r.ms.includes, 2),
      '/ includes': fmt(r.ms.readResult / r.ms.includes, 1),
      'scan ms': fmt(r.ms.scan, 1),
      '/ scan': fmt(r.ms.readResult / r.ms.scan, 2),
      pages: r.pages,
      'paging: calls': r.needlePage,
      'paging: tokens': r.pageTokens.toLocaleString('en-US'),
      'read_result: tokens': r.answerTokens.toLocaleString('en-US'),
      'tokens saved': `${fmt(r.pageTokens / r.answerTokens, 0)}x`,
    })),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await run({ quick: process.argv.includes('--quick') });
  console.log(`Machine: ${describeMachine()}; median of ${result.runs} runs each\n`);
  console.log(table(result.table, Object.keys(result.table[0])));
  const scans = [...new Map(result.rows.map((r) => [r.kind, r.scanName])).entries()];
  console.log(
    `\nscan: what a script does to say where — ${scans.map(([k, s]) => `${k}: ${s}`).join('; ')}. ` +
      'includes: String.prototype.includes on the original text (whether, not where). ' +
      "paging: read_result_page calls from page 1 to the needle's page, and those pages' tokens; " +
      `read_result: one call. Per-MB time at 10 MB over 1 MB (1 = linear): ${Object.entries(result.linear)
        .map(([k, v]) => `${k} ${fmt(v, 2)}`)
        .join(', ')}.`,
  );
  console.log(`Target: match over 10 MB within ${TARGET_MS_10MB} ms, linear in the size.`);
}
