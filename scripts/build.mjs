// Builds the WebAssembly package into pkg/: wasm-pack for the Node target (wasm-opt disabled
// in Cargo.toml because wasm-pack would download it), then the npm `binaryen` wasm-opt.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cargoBin = join(process.env.CARGO_HOME ?? join(homedir(), '.cargo'), 'bin');
process.env.PATH = [cargoBin, join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter);

function must(cmd, args, env = process.env) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`build: failed: ${cmd} ${args.join(' ')}`);
    process.exit(1);
  }
}

function optimize(wasm) {
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
  const raw = statSync(wasm).size;
  const gz = gzipSync(readFileSync(wasm)).length;
  console.error(`build: ${wasm} ${(raw / 1024).toFixed(1)} KiB (${(gz / 1024).toFixed(1)} KiB gzip)`);
}

function exportNames(glueFile) {
  const glue = readFileSync(glueFile, 'utf8');
  const names = [...glue.matchAll(/^exports\.([A-Za-z_$][\w$]*) = /gm)].map((m) => m[1]);
  if (names.length === 0) {
    console.error(`build: no exports found in ${glueFile}`);
    process.exit(1);
  }
  return names;
}

// Two modules from the one crate: every capability (pkg/modoki_budget*), and the formatter
// alone (pkg/formatter/, cargo's default features off), which encode and roundFloats load
// without compiling the tokenizer. Each has its own target directory, so neither build
// invalidates the other's.
must('wasm-pack', ['build', '--release', '--target', 'nodejs', '--out-dir', 'pkg', '--no-pack']);
optimize(join(root, 'pkg', 'modoki_budget_bg.wasm'));
must(
  'wasm-pack',
  [
    'build',
    '--release',
    '--target',
    'nodejs',
    '--out-dir',
    'pkg/formatter',
    '--out-name',
    'modoki_budget_formatter',
    '--no-pack',
    '--',
    '--no-default-features',
  ],
  { ...process.env, CARGO_TARGET_DIR: join(root, 'target', 'formatter') },
);
optimize(join(root, 'pkg', 'formatter', 'modoki_budget_formatter_bg.wasm'));
// wasm-pack writes a '*' .gitignore into each output directory; npm reads a nested one as an
// ignore list and would leave pkg/formatter/ out of the package (the root .gitignore already
// keeps pkg/ out of git).
for (const dir of ['pkg', 'pkg/formatter']) rmSync(join(root, dir, '.gitignore'), { force: true });

// node/internal/core.cjs loads each module on first use; it needs their export names before
// that, so they are written next to them (read from wasm-bindgen's own export lists).
const names = {
  full: exportNames(join(root, 'pkg', 'modoki_budget.js')),
  formatter: exportNames(join(root, 'pkg', 'formatter', 'modoki_budget_formatter.js')),
};
writeFileSync(join(root, 'pkg', 'modoki_budget_exports.json'), `${JSON.stringify(names)}\n`);

(await import('./constants.mjs')).writeConstants(root);
