// What the figures read from bench/results.json, and how they print numbers: shared by the
// figures scripts/figures.mjs writes.

/** `x` rounded, with thousands separators: 26,103. */
export const n = (x) => Math.round(x).toLocaleString('en-US');
/** `x` at `digits` decimals. */
export const fixed = (x, digits) => x.toFixed(digits);
/** `x` at one decimal with thousands separators: 1,054.6. */
export const n1 = (x) =>
  Number(x.toFixed(1)).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** `a–b` over `values` at `digits`, or one value when both ends print the same. */
export function range(values, digits) {
  const lo = fixed(Math.min(...values), digits);
  const hi = fixed(Math.max(...values), digits);
  return lo === hi ? lo : `${lo}–${hi}`;
}
/** A size in chars as the README writes it: 46 KB, 7 MB. */
export const kb = (chars) => (chars >= 1e6 ? `${Math.round(chars / 1e6)} MB` : `${Math.round(chars / 1e3)} KB`);
/** ' — **not met**' when `ok` is false: a missed target is said where the figure is. */
export const verdict = (ok) => (ok ? '' : ' — **not met**');

/** The named benchmark's result; a clear error when the committed run lacks it. */
export function bench(results, name) {
  const r = results.benches?.[name];
  if (r === undefined) throw new Error(`bench/results.json has no "${name}" benchmark: rerun bench/run.mjs`);
  if (r.skipped || r.failed) throw new Error(`bench/results.json: "${name}" ${r.skipped ? 'was skipped' : 'failed'}`);
  return r;
}

/** The row of `rows` that passes `test`; a clear error naming `what` when none does. */
export function find(rows, test, what) {
  const row = rows.find(test);
  if (row === undefined) throw new Error(`bench/results.json: no row for ${what}`);
  return row;
}

/**
 * One line naming the run the figures under it come from: the machine, the date and the load
 * when `name` ran (its own when it was recorded on its own), and whether it ran in its quick mode.
 */
export function source(results, name, extra = '') {
  const run = results.runs?.[name] ?? {};
  const short = name === 'all' ? results.quick : run.mode === 'quick';
  const quick = short ? `, ${name === 'all' ? 'each benchmark' : name} in its quick mode` : '';
  const date = (run.date ?? results.date).slice(0, 10);
  const load = run.loadavg ?? results.loadavg?.[0];
  const loadText =
    load === undefined ? '' : `, load average ${load.toFixed(1)}${run.loadavg === undefined ? ' at the start' : ''}`;
  const on = run.machine === undefined ? machineOf(results) : machineOf({ machine: run.machine });
  return `_From the committed run (bench/results.json, ${date}${quick}): ${on}${loadText}${extra}._`;
}

/** The machine the run was taken on, as one phrase. */
export function machineOf(results) {
  const m = results.machine;
  return `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}`;
}
