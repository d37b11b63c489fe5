// Installs what the build needs on a fresh machine and skips what is already there:
// the wasm32 Rust target, wasm-bindgen-cli at exactly the crate's wasm-bindgen version,
// wasm-pack, and the npm devDependencies. Run by `npm test`, `npm start` and `npm run build`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cargoBin = join(process.env.CARGO_HOME ?? join(homedir(), '.cargo'), 'bin');
process.env.PATH = [cargoBin, join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter);

function run(cmd, args, { quiet = false } = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: quiet ? 'pipe' : 'inherit', encoding: 'utf8' });
  return { ok: result.status === 0, out: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

function must(cmd, args, what) {
  console.error(`bootstrap: ${what}`);
  if (!run(cmd, args).ok) {
    console.error(`bootstrap: failed: ${cmd} ${args.join(' ')}`);
    process.exit(1);
  }
}

function pinnedWasmBindgen() {
  const manifest = readFileSync(join(root, 'Cargo.toml'), 'utf8');
  const match = manifest.match(/^wasm-bindgen\s*=\s*"=([0-9.]+)"/m);
  if (!match) throw new Error('Cargo.toml must pin wasm-bindgen with "=x.y.z"');
  return match[1];
}

// 1. The WebAssembly target.
if (!run('rustup', ['target', 'list', '--installed'], { quiet: true }).out.includes('wasm32-unknown-unknown')) {
  must('rustup', ['target', 'add', 'wasm32-unknown-unknown'], 'adding the wasm32-unknown-unknown target');
}

// 1b. clippy, which npm test runs with -D warnings.
if (!run('cargo', ['clippy', '--version'], { quiet: true }).ok) {
  must('rustup', ['component', 'add', 'clippy'], 'adding the clippy component');
}

// 1c. rustfmt, which npm test runs as cargo fmt --check.
if (!run('cargo', ['fmt', '--version'], { quiet: true }).ok) {
  must('rustup', ['component', 'add', 'rustfmt'], 'adding the rustfmt component');
}

// 2. wasm-bindgen-cli, at the crate's exact version (wasm-pack cannot download it here).
const bindgen = pinnedWasmBindgen();
if (!run('wasm-bindgen', ['--version'], { quiet: true }).out.includes(bindgen)) {
  must('cargo', ['install', 'wasm-bindgen-cli', '--version', `=${bindgen}`], `installing wasm-bindgen-cli ${bindgen}`);
}

// 3. wasm-pack (--locked can fail when the registry snapshot lacks a pinned version).
if (!run('wasm-pack', ['--version'], { quiet: true }).ok) {
  console.error('bootstrap: installing wasm-pack');
  if (!run('cargo', ['install', 'wasm-pack', '--locked']).ok) {
    must('cargo', ['install', 'wasm-pack'], 'installing wasm-pack without --locked');
  }
}

// 4. npm devDependencies (binaryen's wasm-opt, vitest, the reference peers for tests).
const installed = join(root, 'node_modules', '.package-lock.json');
const lock = join(root, 'package-lock.json');
if (!existsSync(installed) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs)) {
  must(
    'npm',
    existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'],
    'installing npm devDependencies',
  );
}
