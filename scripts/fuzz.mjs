// `npm run fuzz`: runs every cargo-fuzz target in fuzz/ for a bounded time (not part of npm test).
//
//   FUZZ_SECONDS=600 npm run fuzz            # seconds per target (default 60)
//   FUZZ_TARGETS=tokens,cap npm run fuzz     # a subset (policy, framing: the fast-check suites)
//   FUZZ_SANITIZER=none npm run fuzz         # default address: see below
//
// cargo fuzz needs nightly-only rustc flags; RUSTC_BOOTSTRAP=1 lets the stable toolchain accept
// them (the only toolchain here), the address sanitizer included. The core is safe Rust, so
// FUZZ_SANITIZER=none (no instrumentation) is a fine faster alternative: the properties are
// checked by panics either way. Every run is `nice`d: the
// machine is shared. New inputs go to fuzz/work/<target> (ignored); fuzz/corpus/<target> holds
// the small committed seeds, read-only here. Crashes land in fuzz/artifacts/<target>/.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cargoBin = join(process.env.CARGO_HOME ?? join(homedir(), '.cargo'), 'bin');
const env = { ...process.env, PATH: [cargoBin, process.env.PATH].join(delimiter), RUSTC_BOOTSTRAP: '1' };

/** Per-target libFuzzer flags: the reference tokenizer is quadratic on long pieces, so token
 * inputs stay short; summarize runs long inputs (no slow length ramp-up) with a tight timeout,
 * so super-linear behaviour in the where parser or a summarizer is reported as a timeout.
 * elision, preview, menu and query build their values from the bytes (fuzz/common/arbitrary_json.rs:
 * a few KB of input grow to collections of up to ~64 KB): inputs of up to 4 KB from the start
 * (a ramp from 8 bytes would spend minutes on values too small to page). Their timeout is
 * wall-clock time: on the shared machine, under AddressSanitizer, a 64 KB case that the pass
 * answers in 12–23 ms natively took over 10 s, so only a case past a minute is reported. */
const TARGETS = {
  json_round: ['-max_len=4096'],
  round_sig: ['-max_len=16'],
  cap: ['-max_len=4096'],
  tokens: ['-max_len=1024', '-timeout=20'],
  summarize: ['-max_len=65536', '-len_control=0', '-timeout=5'],
  guid: ['-max_len=4096'],
  toon: ['-max_len=8192', '-timeout=10'],
  elision: ['-max_len=4096', '-len_control=0', '-timeout=60'],
  preview: ['-max_len=4096', '-len_control=0', '-timeout=60'],
  menu: ['-max_len=4096', '-len_control=0', '-timeout=60'],
  query: ['-max_len=4096', '-len_control=0', '-timeout=60'],
};

/**
 * Property suites run by fast-check under vitest for the same time: the policy (arbitrary
 * CallToolResults and options) and the proxy's stdio framing (arbitrary byte streams). Each
 * run draws new seeds; a failure prints the seed and the shrunk counterexample.
 */
const PROPERTIES = {
  policy: 'js-tests/policy-properties.test.ts',
  framing: 'js-tests/proxy-framing.test.ts',
};

function run(cmd, args, options = {}) {
  return spawnSync(cmd, args, { cwd: root, env, encoding: 'utf8', ...options });
}

const wantedAll = process.env.FUZZ_TARGETS
  ? process.env.FUZZ_TARGETS.split(',')
  : [...Object.keys(TARGETS), ...Object.keys(PROPERTIES)];
const needsCargoFuzz = wantedAll.some((t) => Object.hasOwn(TARGETS, t));
if (needsCargoFuzz && run('cargo', ['fuzz', '--version']).status !== 0) {
  console.error('fuzz: installing cargo-fuzz');
  if (run('cargo', ['install', 'cargo-fuzz'], { stdio: 'inherit' }).status !== 0) process.exit(1);
}

const seconds = Number(process.env.FUZZ_SECONDS ?? 60);
const sanitizer = process.env.FUZZ_SANITIZER ?? 'address';
const summary = [];
let failed = false;
for (const target of wantedAll) {
  if (Object.hasOwn(PROPERTIES, target)) {
    console.error(`fuzz: ${target} property for ${seconds} s`);
    const started = Date.now();
    const result = run('nice', ['-n', '19', 'npx', 'vitest', 'run', PROPERTIES[target]], {
      stdio: 'inherit',
      env: { ...env, PROPERTY_SECONDS: String(seconds) },
    });
    summary.push({ target, seconds: Math.round((Date.now() - started) / 1000), execs: null, status: result.status });
    if (result.status !== 0) failed = true;
    continue;
  }
  if (!Object.hasOwn(TARGETS, target)) {
    const known = [...Object.keys(TARGETS), ...Object.keys(PROPERTIES)];
    console.error(`fuzz: unknown target ${target}; targets: ${known.join(', ')}`);
    process.exit(2);
  }
  const work = join('fuzz', 'work', target);
  mkdirSync(join(root, work), { recursive: true });
  const args = [
    '-n',
    '19',
    'cargo',
    'fuzz',
    'run',
    '-O',
    '--sanitizer',
    sanitizer,
    target,
    work,
    join('fuzz', 'corpus', target),
    '--',
    `-max_total_time=${seconds}`,
    '-print_final_stats=1',
    ...TARGETS[target],
  ];
  console.error(`fuzz: ${target} for ${seconds} s`);
  const started = Date.now();
  const result = run('nice', args, { stdio: ['ignore', 'inherit', 'pipe'], maxBuffer: 1 << 28 });
  const log = result.stderr ?? '';
  process.stderr.write(
    log
      .split('\n')
      .filter((l) => !/^#\d+\s+(NEW|REDUCE|pulse)/.test(l))
      .join('\n'),
  );
  const execs = /stat::number_of_executed_units:\s*(\d+)/.exec(log)?.[1];
  summary.push({
    target,
    seconds: Math.round((Date.now() - started) / 1000),
    execs: execs ? Number(execs) : null,
    status: result.status,
  });
  if (result.status !== 0) failed = true;
}
console.table(summary);
process.exit(failed ? 1 : 0);
