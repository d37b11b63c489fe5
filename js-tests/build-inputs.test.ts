// The build's skip decision (scripts/build-inputs.mjs): a wasm-pack build runs on a fresh clone,
// after any change to what it reads (a Rust file, the manifest, the lockfile, a build script,
// its flags) and when an output is gone; it is skipped when only dates changed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_INPUTS, buildKey, inputsDigest, isFresh, writeStamp } from '../scripts/build-inputs.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const PARAMS = { target: 'nodejs', module: 'modoki_budget', cargo: [], wasmOpt: ['-O3'] };

let root: string;
let stamp: string;
let outputs: string[];

/** The key this tree's build has now, and whether its stamped outputs count as fresh for it. */
const fresh = (params = PARAMS, env: NodeJS.ProcessEnv = {}) =>
  isFresh(stamp, buildKey(inputsDigest(root), params, env), outputs);

/** `root` as a copy of this crate's real build inputs (those that exist) and an empty pkg/. */
function copyInputs() {
  rmSync(root, { recursive: true, force: true });
  for (const input of BUILD_INPUTS)
    if (existsSync(join(repo, input))) cpSync(join(repo, input), join(root, input), { recursive: true });
  mkdirSync(join(root, 'pkg'), { recursive: true });
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'modoki-build-inputs-'));
  copyInputs();
  outputs = ['modoki_budget.js', 'modoki_budget.d.ts', 'modoki_budget_bg.wasm'].map((f) => join(root, 'pkg', f));
  stamp = join(root, 'pkg', '.modoki_budget.inputs');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const build = (params = PARAMS, env: NodeJS.ProcessEnv = {}) => {
  for (const file of outputs) writeFileSync(file, 'built');
  writeStamp(stamp, buildKey(inputsDigest(root), params, env));
};

describe('the build skips only what nothing changed', () => {
  it('builds a fresh clone: no stamp, no outputs', () => {
    expect(fresh()).toBe(false);
  });

  it('skips a build whose inputs are unchanged, even when every date changed', () => {
    build();
    expect(fresh()).toBe(true);
    const later = new Date(Date.now() + 3_600_000);
    for (const file of ['src/lib.rs', 'Cargo.toml', 'Cargo.lock']) utimesSync(join(root, file), later, later);
    expect(fresh()).toBe(true);
  });

  it('rebuilds after a change to any Rust file, at any depth, or a file added, removed or renamed', () => {
    const changes: Array<() => void> = [
      () => writeFileSync(join(root, 'src/lib.rs'), `${readFileSync(join(root, 'src/lib.rs'), 'utf8')}\n// edited\n`),
      () =>
        writeFileSync(join(root, 'src/json/rewrite.rs'), `${readFileSync(join(root, 'src/json/rewrite.rs'), 'utf8')} `),
      () => writeFileSync(join(root, 'src/json/extra.rs'), 'pub fn f() {}\n'),
      () => rmSync(join(root, 'src/json/rewrite.rs')),
      () => renameSync(join(root, 'src/json/rewrite.rs'), join(root, 'src/json/scan2.rs')),
      () => writeFileSync(join(root, 'src/tokens/data/cl100k_base.bin'), Buffer.from([1, 2, 3])),
    ];
    for (const change of changes) {
      copyInputs();
      build();
      expect(fresh()).toBe(true);
      change();
      expect(fresh()).toBe(false);
    }
  });

  it('rebuilds after a change to the manifest, the lockfile, a build script or a cargo build script', () => {
    for (const file of ['Cargo.toml', 'Cargo.lock', 'scripts/build.mjs', 'build.rs']) {
      build();
      expect(fresh()).toBe(true);
      writeFileSync(join(root, file), `${file === 'build.rs' ? '' : readFileSync(join(root, file), 'utf8')}\n`);
      expect(fresh(), file).toBe(false);
    }
  });

  it('rebuilds when its flags, the toolchain or an output-changing variable differ, not for the job count', () => {
    build();
    expect(fresh({ ...PARAMS, wasmOpt: ['-Oz'] })).toBe(false);
    expect(fresh({ ...PARAMS, target: 'web' })).toBe(false);
    expect(fresh({ ...PARAMS, toolchain: { rustc: 'rustc 1.99.0' } } as typeof PARAMS)).toBe(false);
    expect(fresh(PARAMS, { RUSTFLAGS: '-C target-feature=+simd128' })).toBe(false);
    expect(fresh(PARAMS, { CARGO_PROFILE_RELEASE_OPT_LEVEL: 'z' })).toBe(false);
    expect(fresh(PARAMS, { CARGO_BUILD_JOBS: '1', PATH: '/elsewhere' })).toBe(true);
  });

  it('rebuilds when an output is gone', () => {
    build();
    rmSync(outputs[2]);
    expect(fresh()).toBe(false);
  });
});
