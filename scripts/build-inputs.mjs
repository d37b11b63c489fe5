// Whether a wasm-pack build's outputs are still what its inputs make, so scripts/build.mjs skips
// the builds nothing changed (wasm-pack and wasm-opt take about a minute even when cargo has
// nothing to compile). The inputs are read by content, not by date: a checkout, a copy or a
// `touch` changes dates without changing what the build makes, and a date can be older than the
// output it changed. A build whose stamp is missing, different or has a missing output runs.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What every build reads, relative to the crate root: the Rust sources (src/, data files
 * included), the manifest and lockfile, a cargo build script if there is one, and this build's
 * own scripts (their flags decide the outputs too).
 */
export const BUILD_INPUTS = [
  'src',
  'Cargo.toml',
  'Cargo.lock',
  'build.rs',
  'scripts/build.mjs',
  'scripts/build-inputs.mjs',
];

/**
 * Environment variables that change what cargo makes (flags and profile settings); the others
 * (CARGO_BUILD_JOBS, PATH, …) change only how it gets there.
 */
const OUTPUT_ENV = /^(RUSTFLAGS|CARGO_ENCODED_RUSTFLAGS|CARGO_PROFILE_.*)$/;

/** Every file at or under `path` (relative to `root`, '/'-separated), unsorted. */
function filesAt(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full).flatMap((name) => filesAt(root, `${path}/${name}`));
}

/**
 * The SHA-256 (hex) of the inputs under `root`: each file's path and contents, so a file added,
 * removed, renamed or edited changes it and a date alone does not.
 */
export function inputsDigest(root, inputs = BUILD_INPUTS) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => filesAt(root, input)).sort()) {
    const contents = readFileSync(join(root, file));
    hash.update(`${file}\0${contents.length}\0`);
    hash.update(contents);
  }
  return hash.digest('hex');
}

/**
 * The key of one build: the inputs' digest with everything else that decides its outputs
 * (`params`: the target, features, optimization flags, the toolchain's versions) and the
 * output-changing variables of `env`.
 */
export function buildKey(digest, params, env = process.env) {
  const flags = Object.fromEntries(
    Object.keys(env)
      .filter((name) => OUTPUT_ENV.test(name))
      .sort()
      .map((name) => [name, env[name]]),
  );
  return createHash('sha256').update(JSON.stringify({ digest, params, flags })).digest('hex');
}

/**
 * Whether the build stamped at `stamp` is fresh: the stamp holds `key` and every file of
 * `outputs` exists. False for a fresh clone (no stamp), after any input changed, and when an
 * output was deleted.
 */
export function isFresh(stamp, key, outputs) {
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== key) return false;
  return outputs.every((file) => existsSync(file));
}

/** Records that the outputs beside `stamp` are what `key`'s inputs make (after the build succeeded). */
export function writeStamp(stamp, key) {
  writeFileSync(stamp, `${key}\n`);
}
