// Builds the WebAssembly package into pkg/: wasm-pack for the Node and web targets (wasm-opt
// disabled in Cargo.toml because wasm-pack would download it), then the npm `binaryen` wasm-opt,
// then the ESM entries (scripts/entries.mjs). A build whose inputs are unchanged since it last
// succeeded is skipped (scripts/build-inputs.mjs); `--force` runs every build.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildKey, inputsDigest, isFresh, writeStamp } from './build-inputs.mjs';
import { checkDeclarations, writeEntries } from './entries.mjs';

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

/** Runs wasm-opt on `wasm` in place at `level` (its optimization flags: -O3 unless told), and prints the size. */
function optimize(wasm, level = ['-O3']) {
  must('wasm-opt', [
    ...level,
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

/** The names `glueFile` (wasm-bindgen's glue: Node's `exports.x =`, the web's `export function x`) exports. */
function exportNames(glueFile) {
  const glue = readFileSync(glueFile, 'utf8');
  const names = [...glue.matchAll(/^(?:exports\.([A-Za-z_$][\w$]*) = |export function ([A-Za-z_$][\w$]*)\()/gm)].map(
    (m) => m[1] ?? m[2],
  );
  if (names.length === 0) {
    console.error(`build: no exports found in ${glueFile}`);
    process.exit(1);
  }
  return names;
}

// Four modules from the one crate: every capability (modoki_budget*); the formatter alone
// (formatter/, the `formatter` feature), which encode and roundFloats load without compiling
// the tokenizer; the tokenizer without the formatter (tokenizer/, the `tokens` feature), which
// countTokens loads without compiling the summarizers, TOON and the rest; and read_result's
// search alone (query/, the `query` feature). Each has its own cargo target directory, so no
// build invalidates another's. The first two are built twice: for Node (pkg/, loaded
// synchronously from disk) and for the web (pkg/web/, compiled for size and instantiated
// asynchronously by the browser entries: `modoki-budget` loads the full module,
// `modoki-budget/formatter` the small one). The tokenizer is for Node only: a page instantiates
// the full module at import, which holds the tokenizer already. The search is a module of its
// own on the web only: Node's full module holds it (the default features), so a read there loads
// nothing more and stays synchronous, while a page's full module is built without it (`webCargo`)
// and the page fetches pkg/web/query/ when read_result first runs (docs/browser.md).
const MODULES = [
  {
    dir: '',
    name: 'modoki_budget',
    cargo: [],
    webCargo: ['--', '--no-default-features', '--features', 'bindings'],
    targetDir: join(root, 'target'),
  },
  {
    dir: 'formatter',
    name: 'modoki_budget_formatter',
    cargo: ['--', '--no-default-features', '--features', 'formatter'],
    targetDir: join(root, 'target', 'formatter'),
  },
  {
    dir: 'tokenizer',
    name: 'modoki_budget_tokenizer',
    cargo: ['--', '--no-default-features', '--features', 'tokens'],
    targetDir: join(root, 'target', 'tokenizer'),
    targets: ['nodejs'],
  },
  {
    dir: 'query',
    name: 'modoki_budget_query',
    cargo: ['--', '--no-default-features', '--features', 'query'],
    targetDir: join(root, 'target', 'query'),
    targets: ['web'],
  },
];
// Node reads its modules from disk, where their size costs little and their speed is what is
// measured: rustc's release profile and wasm-opt -O3. A page downloads and compiles its module
// before its first answer, so the web modules are compiled for size instead (rustc opt-level "z",
// wasm-opt -Oz, without the producers and target-features sections), in target directories of
// their own (`web` inside each module's), so neither build invalidates the other's.
const TARGETS = [
  { target: 'nodejs', dir: 'pkg', wasmOpt: ['-O3'] },
  {
    target: 'web',
    dir: 'pkg/web',
    optLevel: 'z',
    wasmOpt: ['-Oz', '--strip-producers', '--strip-target-features'],
  },
];
/** The output of a command's first line ('' when it cannot run): a tool's version for the build key. */
function versionOf(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.split('\n')[0].trim() : '';
}

/** The npm binaryen's version (its wasm-opt is the one on PATH), '' when it is not installed. */
function binaryenVersion() {
  try {
    return JSON.parse(readFileSync(join(root, 'node_modules', 'binaryen', 'package.json'), 'utf8')).version;
  } catch {
    return '';
  }
}

const force = process.argv.includes('--force');
const digest = inputsDigest(root);
// The tools that turn the same inputs into different outputs when they change.
const toolchain = {
  rustc: versionOf('rustc', ['-V']),
  wasmPack: versionOf('wasm-pack', ['--version']),
  binaryen: binaryenVersion(),
};
for (const { target, dir: base, optLevel, wasmOpt } of TARGETS) {
  for (const module of MODULES) {
    if (module.targets !== undefined && !module.targets.includes(target)) continue;
    const outDir = module.dir === '' ? base : `${base}/${module.dir}`;
    const stamp = join(root, outDir, `.${module.name}.inputs`);
    const outputs = ['.js', '.d.ts', '_bg.wasm'].map((ending) => join(root, outDir, `${module.name}${ending}`));
    const cargo = (target === 'web' ? module.webCargo : undefined) ?? module.cargo;
    const key = buildKey(digest, { target, module: module.name, cargo, optLevel, wasmOpt, toolchain });
    if (!force && isFresh(stamp, key, outputs)) {
      console.error(
        `build: ${outDir}/${module.name}_bg.wasm is up to date (its inputs are unchanged; --force rebuilds)`,
      );
      continue;
    }
    must(
      'wasm-pack',
      ['build', '--release', '--target', target, '--out-dir', outDir, '--out-name', module.name, '--no-pack', ...cargo],
      optLevel === undefined
        ? { ...process.env, CARGO_TARGET_DIR: module.targetDir }
        : {
            ...process.env,
            CARGO_TARGET_DIR: join(module.targetDir, target),
            CARGO_PROFILE_RELEASE_OPT_LEVEL: optLevel,
          },
    );
    optimize(join(root, outDir, `${module.name}_bg.wasm`), wasmOpt);
    // wasm-pack writes a '*' .gitignore into each output directory; npm reads a nested one as an
    // ignore list and would leave the directory out of the package (the root .gitignore already
    // keeps pkg/ out of git).
    rmSync(join(root, outDir, '.gitignore'), { force: true });
    writeStamp(stamp, key);
  }
}

// The web glue is ES module code in .js files, inside a package whose "type" is commonjs:
// webpack (and Node) read a .js file by the nearest package.json, so pkg/web/ gets its own.
writeFileSync(join(root, 'pkg', 'web', 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);

// node/wasm/loader.cjs loads each module on first use; it needs their export names before
// that, so they are written next to them (read from wasm-bindgen's own export lists).
const names = {
  full: exportNames(join(root, 'pkg', 'modoki_budget.js')),
  formatter: exportNames(join(root, 'pkg', 'formatter', 'modoki_budget_formatter.js')),
  tokenizer: exportNames(join(root, 'pkg', 'tokenizer', 'modoki_budget_tokenizer.js')),
  query: exportNames(join(root, 'pkg', 'web', 'query', 'modoki_budget_query.js')),
};
writeFileSync(join(root, 'pkg', 'modoki_budget_exports.json'), `${JSON.stringify(names)}\n`);

// The core's constants (pkg/constants.json) and the layouts (node/wasm/layout.cjs), both by
// scripts/constants.mjs, then the ESM entries for Node and the web, written from the barrel's
// export list once the declarations are checked against it.
(await import('./constants.mjs')).writeConstants(root);
(await import('./declarations.mjs')).writeDeclarations(root);
checkDeclarations(root);
writeEntries(root);
