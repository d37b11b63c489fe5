// Shared benchmark plumbing: the machine, a timer that reports a robust per-call time, and a
// table printer. Benchmarks compare peers in one process and report ratios, never absolutes
// alone, because absolute times move with the machine.
import os from 'node:os';

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
  };
}

export function describeMachine() {
  const m = machine();
  return `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}, ${m.platform}`;
}

/**
 * Milliseconds per call of `fn`: the fastest of `samples` batches, each long enough (>= minMs)
 * to swamp timer noise. The minimum, not the median, because on a shared machine other load
 * only ever adds time; the fastest batch is the closest to the code's own cost.
 * Runs `warmup` calls first so the JIT has settled.
 */
export function time(fn, { samples = 7, minMs = 60, warmup = 3 } = {}) {
  for (let i = 0; i < warmup; i++) fn();
  let batch = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) fn();
    if (performance.now() - t0 >= minMs || batch >= 1 << 20) break;
    batch *= 2;
  }
  const per = [];
  for (let s = 0; s < samples; s++) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) fn();
    per.push((performance.now() - t0) / batch);
  }
  return Math.min(...per);
}

/** Times `a` and `b` interleaved (a, b, a, b …) so drift hits both alike; returns the fastest ms of each. */
export function compare(a, b, options = {}) {
  const [ta, tb] = fastestOf([a, b], options);
  return { a: ta, b: tb };
}

/** Times every function of `fns` in turn, round after round, so drift hits all alike; the fastest ms of each. */
export function fastestOf(fns, options = {}) {
  const times = fns.map(() => []);
  const rounds = options.rounds ?? 3;
  for (let r = 0; r < rounds; r++) fns.forEach((fn, i) => times[i].push(time(fn, options)));
  return times.map((t) => Math.min(...t));
}

export function table(rows, columns) {
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c ?? '').padEnd(widths[i])).join(' | ')} |`;
  return [
    line(columns),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map((r) => line(columns.map((c) => r[c]))),
  ].join('\n');
}

export const fmt = (x, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : String(x));

/** Wall seconds, user and system CPU seconds and peak RSS (bytes) from GNU time's -v report. */
export function parseGnuTime(report) {
  const field = (name) =>
    report
      .split('\n')
      .find((l) => l.trim().startsWith(name))
      ?.split(': ')
      .pop();
  const wall = field('Elapsed (wall clock) time').split(':').map(Number);
  return {
    wallSeconds: wall.reduce((total, part) => total * 60 + part, 0),
    userSeconds: Number(field('User time (seconds)')),
    systemSeconds: Number(field('System time (seconds)')),
    peakRssBytes: Number(field('Maximum resident set size (kbytes)')) * 1024,
  };
}
