// Builds the WebAssembly package into pkg/: wasm-pack for the Node target (wasm-opt disabled
// in Cargo.toml because wasm-pack would download it), then the npm `binaryen` wasm-opt.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cargoBin = join(process.env.CARGO_HOME ?? join(homedir(), '.cargo'), 'bin');
process.env.PATH = [cargoBin, join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter);

function must(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`build: failed: ${cmd} ${args.join(' ')}`);
    process.exit(1);
  }
}

must('wasm-pack', ['build', '--release', '--target', 'nodejs', '--out-dir', 'pkg', '--no-pack']);
const wasm = join(root, 'pkg', 'modoki_budget_bg.wasm');
must('wasm-opt', [
  '-O3',
  '--enable-bulk-memory',
  '--enable-nontrapping-float-to-int',
  '--enable-sign-ext',
  '--enable-mutable-globals',
  '--enable-reference-types',
  '--enable-multivalue',
  wasm,
  '-o',
  wasm,
]);

// node/internal/core.cjs loads the module on first use; it needs the export names before
// that, so they are written next to the module (read from wasm-bindgen's own export list).
const glue = readFileSync(join(root, 'pkg', 'modoki_budget.js'), 'utf8');
const names = [...glue.matchAll(/^exports\.([A-Za-z_$][\w$]*) = /gm)].map((m) => m[1]);
if (names.length === 0) {
  console.error('build: no exports found in pkg/modoki_budget.js');
  process.exit(1);
}
writeFileSync(join(root, 'pkg', 'modoki_budget_exports.json'), `${JSON.stringify(names)}\n`);

const raw = statSync(wasm).size;
const gz = gzipSync(readFileSync(wasm)).length;
console.error(`build: ${wasm} ${(raw / 1024).toFixed(1)} KiB (${(gz / 1024).toFixed(1)} KiB gzip)`);
