// The preview past the cap against what the model saw before (the elision envelope) and against
// Headroom's SmartCrusher, on the same payloads in one run: tokens shown, whether the rows that
// matter are shown, milliseconds per call, and what reading every page costs against the
// cheapest channel.
//
//   node bench/preview.mjs [--quick]
//
// SmartCrusher runs in a Python child (a venv at /work/venv-peers with `headroom-ai`, or the
// one named by PREVIEW_PEERS_PYTHON); without it that column is skipped with one line.
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeMachine, fmt, table, time } from './lib.mjs';
import { directoryTreeResult, rng } from '../js-tests/fixtures/directory-tree.mjs';

const require = createRequire(import.meta.url);
const mb = require('../node/index.cjs');
const tokens = require('../node/tokens.cjs');
const { jsonPass } = require('../node/mcp/elision-pass.cjs');
const quick = process.argv.includes('--quick');
const PYTHON = process.env.PREVIEW_PEERS_PYTHON ?? '/work/venv-peers/bin/python';
const CAP = { maxChars: 50000, maxTokens: 10000, encoding: 'cl100k_base' };

function logs() {
  const r = rng(1);
  const rows = Array.from({ length: 20000 }, (_, i) => ({
    ts: new Date(Date.UTC(2026, 11, 1, 10) + i * 250).toISOString(),
    level: r() < 0.1 ? 'warn' : 'info',
    service: ['api', 'worker', 'auth'][i % 3],
    msg: `request ${i} handled in ${Math.floor(20 + r() * 30)} ms`,
  }));
  rows[7321] = { ...rows[7321], level: 'error', msg: 'payment provider returned 502 for order 88412' };
  rows[15990] = { ...rows[15990], level: 'fatal', msg: 'worker pool exhausted, shutting down' };
  return { value: { logs: rows }, args: {}, important: ['order 88412', 'worker pool exhausted'] };
}

function metric() {
  const r = rng(2);
  const points = Array.from({ length: 10000 }, (_, i) => ({
    t: 1764583200 + i * 15,
    cpu: +(35 + r() * 10).toFixed(2),
  }));
  points[6180].cpu = 99.61;
  return { value: points, args: { metric: 'cpu' }, important: ['99.61'] };
}

function search() {
  const words = ['parser', 'render', 'queue', 'cache', 'router', 'client', 'schema', 'token'];
  const r = rng(3);
  const hits = Array.from({ length: 3000 }, (_, i) => ({
    path: `/srv/app/src/${words[i % 8]}/${words[Math.floor(r() * 8)]}${i}.ts`,
    line: Math.floor(r() * 400),
    text: `  const ${words[i % 8]}${i} = use${words[(i + 3) % 8]}(options);`,
  }));
  for (const [i, text] of [
    [412, 'export function parseInvoice(raw: string) {'],
    [1666, '  // invoice totals are rounded here'],
    [2903, 'import { Invoice } from "../billing/invoice";'],
  ])
    hits[i].text = text;
  return {
    value: { query: 'invoice', results: hits },
    args: { query: 'invoice', path: '/srv/app' },
    important: ['parseInvoice', 'invoice totals', '../billing/invoice'],
  };
}

/** server-filesystem's directory_tree: pretty JSON text, the same in structuredContent.content. */
function tree() {
  const { result, top, text, files } = directoryTreeResult(4);
  return {
    value: result.structuredContent,
    text,
    args: { path: '/srv/app', excludePatterns: [] },
    important: [top[0].name, top[top.length - 1].name],
    note: `${files} files`,
  };
}

/** server-memory's graph, searched for a term that three entities mention. */
function graph() {
  const r = rng(5);
  const entities = Array.from({ length: 1500 }, (_, i) => ({
    type: 'entity',
    name: `person_${i}`,
    entityType: 'person',
    observations: [`joined team ${i % 40}`, `prefers ${['python', 'rust', 'go', 'typescript'][i % 4]}`],
  }));
  for (const i of [88, 904, 1377]) entities[i].observations.push(`runs the kubernetes upgrade for cluster ${i}`);
  const relations = Array.from({ length: 3000 }, (_, i) => ({
    type: 'relation',
    from: `person_${i % 1500}`,
    to: `person_${Math.floor(r() * 1500)}`,
    relationType: 'works_with',
  }));
  return {
    value: { entities, relations },
    args: { query: 'kubernetes' },
    important: ['cluster 88', 'cluster 904', 'cluster 1377'],
  };
}

/** The editor's scene, asked for one entity by name. */
function scene() {
  const value = require('../samples/scene-state.json');
  return { value, args: { name: 'Palm2' }, important: ['3d96f589-ca03-4e27-8ed4-542660b6196d'] };
}

const PAYLOADS = { logs, metric, search, tree, graph, scene };

/** SmartCrusher on every payload in one Python child: per payload, its output and ms per call. */
function smartCrusher(dir, names, runs) {
  if (!existsSync(PYTHON)) return { skipped: `no Python venv at ${PYTHON}` };
  const script = `
import json, sys, time
try:
    from headroom.transforms.smart_crusher import SmartCrusher
except Exception as e:
    print(json.dumps({"skipped": "headroom-ai not importable: %s" % e})); sys.exit(0)
spec = json.load(sys.stdin)
crusher = SmartCrusher()
out = {}
for name in spec["names"]:
    text = open(spec["dir"] + "/" + name + ".json").read()
    query = open(spec["dir"] + "/" + name + ".query").read()
    result = crusher.crush(text, query)
    best = float("inf")
    for _ in range(spec["runs"]):
        t0 = time.perf_counter()
        crusher.crush(text, query)
        best = min(best, (time.perf_counter() - t0) * 1000)
    out[name] = {"ms": best, "text": result.compressed}
print(json.dumps(out))
`;
  const r = spawnSync(PYTHON, ['-c', script], {
    input: JSON.stringify({ dir, names, runs }),
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    timeout: 600_000,
  });
  if (r.status !== 0) return { skipped: `SmartCrusher failed: ${(r.stderr || '').trim().split('\n').pop()}` };
  return JSON.parse(r.stdout);
}

const found = (text, important) => important.filter((s) => text.includes(s)).length;

function main() {
  tokens.prepareEncoding(CAP.encoding);
  const dir = mkdtempSync(join(tmpdir(), 'preview-bench-'));
  const rows = [];
  const cases = Object.entries(PAYLOADS).map(([name, make]) => ({ name, ...make() }));
  for (const c of cases) {
    // What the tool produced on its cheapest channel: the text for a text tool, else compact JSON.
    const channel = c.text ?? JSON.stringify(c.value);
    writeFileSync(join(dir, `${c.name}.json`), channel);
    writeFileSync(
      join(dir, `${c.name}.query`),
      Object.values(c.args)
        .filter((v) => typeof v === 'string')
        .join(' '),
    );
  }
  const peers = smartCrusher(
    dir,
    cases.map((c) => c.name),
    quick ? 2 : 5,
  );
  for (const c of cases) {
    const channel = c.text ?? JSON.stringify(c.value);
    const kept = c.text ?? c.value;
    const envelope = mb.encode(c.value, CAP);
    const preview = mb.previewResult(kept, { arguments: c.args });
    const ms = time(() => mb.previewResult(kept, { arguments: c.args }), { samples: quick ? 3 : 7, minMs: 40 });
    // The pages of what the policy keeps: the value, or for the tree its structuredContent,
    // whose string holds the printed tree (paged as that document).
    const pages = jsonPass(JSON.stringify(c.value), CAP, true).pages ?? [];
    const pageTokens = pages.reduce((s, p) => s + mb.countTokens(p), 0);
    const channelTokens = mb.countTokens(channel);
    const peer = peers.skipped ? undefined : peers[c.name];
    const n = c.important.length;
    rows.push({
      payload: `${c.name}${c.note ? ` (${c.note})` : ''}`,
      'result tokens': channelTokens,
      'envelope tokens': mb.countTokens(envelope),
      'envelope rows': `${found(envelope, c.important)}/${n}`,
      'preview tokens': preview.tokens,
      'preview rows': `${found(preview.text, c.important)}/${n}`,
      'preview ms': fmt(ms, 2),
      'crusher tokens': peer ? mb.countTokens(peer.text) : '—',
      'crusher rows': peer ? `${found(peer.text, c.important)}/${n}` : '—',
      'crusher ms': peer ? fmt(peer.ms, 2) : '—',
      'crusher/preview': peer ? `${fmt(peer.ms / ms, 1)}×` : '—',
      'pages/channel': `${fmt(pageTokens / channelTokens, 3)} (${pages.length} pages)`,
    });
  }
  console.log(`# preview past the cap (${describeMachine()})\n`);
  if (peers.skipped) console.log(`SmartCrusher skipped: ${peers.skipped}\n`);
  console.log(
    table(rows, [
      'payload',
      'result tokens',
      'envelope tokens',
      'envelope rows',
      'preview tokens',
      'preview rows',
      'preview ms',
      'crusher tokens',
      'crusher rows',
      'crusher ms',
      'crusher/preview',
      'pages/channel',
    ]),
  );
  console.log(
    '\nrows: the rows that matter found in what the model sees (errors, the spike, the query hits, the first and last top-level entries, the named entity). Preview budget: 2,000 tokens, 8,000 chars; cap for the envelope and pages: claudeCode (10,000 tokens, 50,000 chars). pages/channel: tokens of every page against the tool’s cheapest channel (target <= 1.1).',
  );
}

main();
