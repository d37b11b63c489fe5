// node/wasm/ is the one JavaScript binding layer: a file per src/wasm/*.rs, each calling only
// the exports its Rust file defines, with the arguments wasm-bindgen's own declarations
// (pkg/**/*.d.ts) list; every export is bound; the positions of the numbers an export answers
// in one array are the Rust table's (src/wasm/layout.rs); and nothing else in node/ reaches the
// WebAssembly exports. A renamed, removed or re-shaped export fails here, not in a caller.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { layoutSource } from '../scripts/constants.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The files under `dir` (a package path), recursively, as package paths. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Splits the text between a call's or a declaration's parentheses at its top-level commas. */
function topLevelItems(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote !== null) {
      if (c === '\\') current += c + text[++i];
      else {
        if (c === quote) quote = null;
        current += c;
      }
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    if ('([{<'.includes(c)) depth++;
    if (')]}>'.includes(c) && !(c === '>' && text[i - 1] === '=')) depth--;
    if (c === ',' && depth === 0) {
      items.push(current.trim());
      current = '';
    } else current += c;
  }
  items.push(current.trim());
  return items.filter((item) => item !== '');
}

/** The text between the parenthesis at `open` in `source` and its match. */
function parenthesized(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) return source.slice(open + 1, i);
  }
  throw new Error(`unbalanced parentheses at ${open}`);
}

type Module = 'full' | 'formatter' | 'tokenizer' | 'query';
const DECLARATIONS: Record<Module, string> = {
  full: 'pkg/modoki_budget.d.ts',
  formatter: 'pkg/formatter/modoki_budget_formatter.d.ts',
  tokenizer: 'pkg/tokenizer/modoki_budget_tokenizer.d.ts',
  // The search module is built for the web only (on Node the full module holds the search).
  query: 'pkg/web/query/modoki_budget_query.d.ts',
};
/** What the web glue exports besides the module's own functions: its instantiation. */
const GLUE = ['initSync'];

/** Each module's exports as wasm-bindgen declares them: name → number of parameters. */
const declared = Object.fromEntries(
  Object.entries(DECLARATIONS).map(([module, file]) => {
    const text = read(file);
    const exports = new Map<string, number>();
    for (const match of text.matchAll(/^export function (\w+)\(/gm)) {
      if (GLUE.includes(match[1])) continue;
      const open = match.index! + match[0].length - 1;
      exports.set(match[1], topLevelItems(parenthesized(text, open)).length);
    }
    return [module, exports];
  }),
) as Record<Module, Map<string, number>>;

/**
 * The modules a call's receiver in a binding reaches (./loader.cjs): `core` routes a name the
 * formatter has to the formatter and the rest to the full core; `core.full`, `core.formatter`
 * and `core.tokenizer` are those modules; `core.query` is the search, in the full module on
 * Node and a module of its own in a page; `wasm` is the full core or the tokenizer
 * (./tokens.cjs), `exports` any module's transport (./abi.cjs).
 */
function modulesOf(receiver: string, name: string): Module[] {
  if (receiver === 'core') return [declared.formatter.has(name) ? 'formatter' : 'full'];
  if (receiver === 'core.full') return ['full'];
  if (receiver === 'core.formatter') return ['formatter'];
  if (receiver === 'core.tokenizer') return ['tokenizer'];
  if (receiver === 'core.query') return ['full', 'query'];
  if (receiver === 'wasm') return ['full', 'tokenizer'];
  return ['full', 'formatter', 'tokenizer', 'query'];
}

const CALL = /\b(core\.full|core\.formatter|core\.tokenizer|core\.query|core|wasm|exports)\.(\w+)\(/g;

/** Every call into a module in the binding `file`: receiver, export name, argument count. */
function callsIn(file: string) {
  const source = read(file);
  return (
    [...source.matchAll(CALL)]
      // `core.counting()` and `core.loadQuery()` are the loader's own: which module the public
      // counts run in, and loading the search module.
      .filter((match) => !(match[1] === 'core' && ['counting', 'loadQuery'].includes(match[2])))
      .map((match) => ({
        receiver: match[1],
        name: match[2],
        args: topLevelItems(parenthesized(source, match.index! + match[0].length - 1)).length,
      }))
  );
}

/** The js_name of every export a Rust file of src/wasm/ defines. */
const rustExports = (file: string) =>
  [...read(file).matchAll(/#\[wasm_bindgen\(js_name = (\w+)\)\]/g)].map((m) => m[1]);

const rustFiles = readdirSync(join(root, 'src', 'wasm')).filter((f) => f.endsWith('.rs'));
/** The files of node/wasm/ that bind no Rust file: the loader, where the search runs, the Node rank tables. */
const INFRASTRUCTURE = ['loader.cjs', 'query-module.cjs', 'tables.cjs'];
const bindingFiles = readdirSync(join(root, 'node', 'wasm')).filter((f) => !INFRASTRUCTURE.includes(f));

describe('node/wasm: one binding per src/wasm file', () => {
  it('has a binding for every Rust file with exports, and no binding without its Rust file', () => {
    const withExports = rustFiles.filter((f) => rustExports(`src/wasm/${f}`).length > 0);
    expect(withExports.map((f) => f.replace(/\.rs$/, '.cjs')).sort()).toEqual(
      bindingFiles.filter((f) => f !== 'layout.cjs').sort(),
    );
    // The generated layout file is the table of src/wasm/layout.rs, which has no export.
    expect(rustFiles).toContain('layout.rs');
    expect(rustExports('src/wasm/layout.rs')).toEqual([]);
  });

  it("calls only its Rust file's exports, each declared by wasm-bindgen with as many parameters", () => {
    const problems: string[] = [];
    let calls = 0;
    for (const file of bindingFiles) {
      const own = rustExports(`src/wasm/${file.replace(/\.cjs$/, '.rs')}`);
      for (const call of callsIn(`node/wasm/${file}`)) {
        calls++;
        const where = `node/wasm/${file}: ${call.receiver}.${call.name}`;
        if (!own.includes(call.name))
          problems.push(`${where} is not an export of src/wasm/${file.replace(/\.cjs$/, '.rs')}`);
        for (const module of modulesOf(call.receiver, call.name)) {
          const params = declared[module].get(call.name);
          if (params === undefined) problems.push(`${where}: ${DECLARATIONS[module]} declares no ${call.name}`);
          else if (params !== call.args)
            problems.push(`${where} passes ${call.args} arguments; ${DECLARATIONS[module]} declares ${params}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThan(60);
  });

  it('binds every export of every module', () => {
    const called = new Set(bindingFiles.flatMap((file) => callsIn(`node/wasm/${file}`).map((c) => c.name)));
    for (const exports of Object.values(declared))
      expect([...exports.keys()].filter((n) => !called.has(n))).toEqual([]);
    // The Rust side declares each export once, in the file its binding is named after.
    const all = rustFiles.flatMap((f) => rustExports(`src/wasm/${f}`));
    expect(new Set(all).size).toBe(all.length);
    expect([...declared.full.keys()].sort()).toEqual([...all].sort());
  });

  it('node/wasm/layout.cjs is the table of the built core (src/wasm/layout.rs)', () => {
    expect(read('node/wasm/layout.cjs')).toBe(layoutSource(root));
    expect(read('node/wasm/layout.cjs').split('\n')[1]).toBe(
      '// generated — edit src/wasm/layout.rs (written by scripts/constants.mjs at build).',
    );
  });

  it('no other file in node/ loads a WebAssembly module or reads its exports', () => {
    // The browser entries' modules instantiate the web builds with top-level await and hand the
    // instance to the same loader (node/browser/loader.mjs runs node/wasm/ over it).
    const instantiators = ['node/browser/full.mjs', 'node/browser/formatter.mjs'];
    const outside = filesUnder('node').filter(
      (f) => !f.startsWith(join('node', 'wasm')) && /\.(c|m)?js$/.test(f) && !instantiators.includes(f),
    );
    const reaching = outside.filter((file) =>
      /wasm\/loader\.cjs|pkg\/[\w/]*modoki_budget[\w]*\.js|modoki_budget_exports\.json/.test(read(file)),
    );
    expect(reaching).toEqual([]);
    expect(outside.length).toBeGreaterThan(50);
  });
});
