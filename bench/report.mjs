// `modoki-budget report` on a large file, as a user runs it: a fresh process on a generated
// scene dump (seeded, so the same bytes every run), timed and measured by /usr/bin/time -v.
// Targets: within 10 s wall and 3× the file's size in peak RSS.
//
//   node bench/report.mjs            # the 50 MB case
//   node bench/report.mjs --mb=10    # a quicker one
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scene } from '../examples/corpus.mjs';
import { describeMachine, parseGnuTime } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, '..', 'bin', 'modoki-budget.cjs');
const mb = Number(process.argv.find((a) => a.startsWith('--mb='))?.slice(5) ?? 50);

/** Compact scene JSON of about `bytes` bytes (an entity is ~346 bytes compact). */
function sceneFile(dir, bytes) {
  const file = join(dir, `scene-${Math.round(bytes / 1e6)}mb.json`);
  writeFileSync(file, JSON.stringify(scene(Math.ceil(bytes / 345.7))));
  return file;
}

export function run() {
  const dir = mkdtempSync(join(tmpdir(), 'modoki-report-bench-'));
  try {
    const file = sceneFile(dir, mb * 1e6);
    const size = statSync(file).size;
    const ran = spawnSync('/usr/bin/time', ['-v', process.execPath, bin, 'report', file, '--json'], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    if (ran.status !== 0) throw new Error(`report failed (${ran.status}): ${ran.stderr}`);
    const measured = parseGnuTime(ran.stderr);
    return {
      machine: describeMachine(),
      fileBytes: size,
      ...measured,
      rssPerInputByte: measured.peakRssBytes / size,
      targets: { wallSeconds: 10, rssPerInputByte: 3 },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = run();
  console.log(`report on ${(r.fileBytes / 1e6).toFixed(1)} MB of scene JSON — ${r.machine}`);
  console.log(
    `wall ${r.wallSeconds.toFixed(2)} s (target <= 10), CPU ${(r.userSeconds + r.systemSeconds).toFixed(2)} s, ` +
      `peak RSS ${(r.peakRssBytes / 1e6).toFixed(0)} MB = ${r.rssPerInputByte.toFixed(2)}× the file (target <= 3)`,
  );
}
