// Writes the package's ESM entries from its one export list, the CommonJS barrel
// (node/index.cjs, whose formatting part is node/formatting.cjs), so no entry keeps a list of its
// own. Two entry points, each for Node and for the web:
//   - `modoki-budget`: pkg/index.mjs (Node `import`: the barrel's own instance, every capability
//     still loaded on first use — functions are forwarders, constants are read at import) and
//     pkg/web/index.mjs (browsers and workers: the barrel and every module it requires, carried
//     as functions and run by node/browser/loader.mjs over the full WebAssembly module, which
//     node/browser/full.mjs instantiates with top-level await);
//   - `modoki-budget/formatter`: pkg/formatter/index.mjs and pkg/web/formatter/index.mjs, the
//     same for node/formatting.cjs over the small module (node/browser/formatter.mjs).
// The declarations (node/index.d.ts, node/formatting.d.ts) are kept by hand, because they carry
// the real types; checkDeclarations() refuses a build whose declared values and barrel differ in
// either direction, and js-tests/result-exports.test.ts checks the same with the TypeScript
// compiler (and that this reader agrees with it).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, posix } from 'node:path';

/** Files a browser runs in another file's place (the key's requires resolve from the value's folder). */
export const BROWSER_ALIASES = {
  'node/wasm/tables.cjs': 'node/browser/tables.cjs',
  'node/wasm/query-module.cjs': 'node/browser/query-module.cjs',
};
/** Modules the browser entries provide themselves (the WebAssembly glue). */
const PROVIDED = new Set([
  'pkg/modoki_budget.js',
  'pkg/formatter/modoki_budget_formatter.js',
  'pkg/tokenizer/modoki_budget_tokenizer.js',
]);
/** Each entry point: its export list (a CommonJS module), and the module its web entry loads. */
const ENTRY_POINTS = [
  {
    barrel: 'node/index.cjs',
    types: 'node/index.d.ts',
    node: 'pkg/index.mjs',
    web: 'pkg/web/index.mjs',
    wasm: 'node/browser/full.mjs',
  },
  {
    barrel: 'node/formatting.cjs',
    types: 'node/formatting.d.ts',
    node: 'pkg/formatter/index.mjs',
    web: 'pkg/web/formatter/index.mjs',
    wasm: 'node/browser/formatter.mjs',
  },
];

const header = (barrel) =>
  `// Written by scripts/entries.mjs from ${barrel} at build time: edit the export list, not this file.\n`;
/** `path` relative to the folder of `from` (both package paths), as an import specifier. */
const relative = (from, path) => {
  const rel = posix.relative(posix.dirname(from), path);
  return rel.startsWith('.') ? rel : `./${rel}`;
};

/** The entry point whose functions every other entry hands out as themselves. */
const FORMATTER_BARREL = 'node/formatting.cjs';

/** The export object of the package file `barrel` (a CommonJS module). */
const barrelExports = (root, barrel) => createRequire(join(root, barrel))(join(root, barrel));

/**
 * How each export of `barrel` is reached by its Node ESM entry: `eager` data, a lazy `function`
 * (a forwarder), or a lazy `constant`. A lazy function the formatter also exports (encode …) is
 * `eager`: read at import, so `import { encode } from 'modoki-budget'`, the formatter entry and
 * require() hand out the one function.
 */
export function exportKinds(root, barrel = 'node/index.cjs') {
  const api = barrelExports(root, barrel);
  const formatter = barrel === FORMATTER_BARREL ? api : barrelExports(root, FORMATTER_BARREL);
  const names = Object.keys(api);
  return names.map((name, i) => {
    const lazy = typeof Object.getOwnPropertyDescriptor(api, name).get === 'function';
    const value = api[name];
    const shared = Object.hasOwn(formatter, name) && formatter[name] === value;
    const kind = !lazy || shared ? 'eager' : typeof value === 'function' ? 'function' : 'constant';
    // A second name for a function listed earlier (listAssets) is that function, not a forwarder.
    const alias = kind === 'function' ? names.slice(0, i).find((other) => api[other] === value) : undefined;
    return { name, kind, alias };
  });
}

function nodeEntry(point, kinds) {
  const values = kinds.filter((k) => k.kind !== 'function').map((k) => k.name);
  const functions = kinds.filter((k) => k.kind === 'function');
  const forwarders =
    functions.length === 0
      ? ''
      : `
/** A function that calls the barrel's \`name\` export, read on each call. */
function forward(name) {
  const f = function (...args) {
    return api[name].apply(this, args);
  };
  Object.defineProperty(f, 'name', { value: name });
  return f;
}

${functions
  .map(({ name, alias }) =>
    alias === undefined ? `export const ${name} = forward('${name}');` : `export const ${name} = ${alias};`,
  )
  .join('\n')}
`;
  return `${header(point.barrel)}// The same instance as the CommonJS entry, so import and require share one WebAssembly module.
// The barrel loads each capability on first use of one of its exports; an ESM import binds every
// name when evaluated, so capability functions are forwarders that read the barrel when called,
// and values (the formatter's functions, constants) are read at import.
import { createRequire } from 'node:module';

const api = createRequire(import.meta.url)('${relative(point.node, point.barrel)}');

export const { ${values.join(', ')} } = api;
${forwarders}
export default api;
`;
}

/** Every package file `barrel` can require, from the relative paths written in each source. */
function browserModules(root, barrel) {
  const modules = new Map();
  const pending = [barrel];
  while (pending.length > 0) {
    const id = pending.pop();
    const file = BROWSER_ALIASES[id] ?? id;
    if (modules.has(file) || PROVIDED.has(file)) continue;
    const source = readFileSync(join(root, file), 'utf8');
    modules.set(file, source);
    if (!file.endsWith('.cjs')) continue;
    for (const [, specifier] of source.matchAll(/'(\.{1,2}\/[^']+\.(?:cjs|json|js))'/g)) {
      const target = posix.normalize(posix.join(posix.dirname(file), specifier));
      if (!existsSync(join(root, target))) throw new Error(`${file} names ${specifier}, which does not exist`);
      pending.push(target);
    }
  }
  return [...modules].sort(([a], [b]) => a.localeCompare(b));
}

function browserEntry(root, point, kinds) {
  const bodies = browserModules(root, point.barrel).map(([id, source]) =>
    id.endsWith('.json')
      ? `  ${JSON.stringify(id)}: ${source.trim()},`
      : `  ${JSON.stringify(id)}: function (module, exports, require, Buffer) {\n${source}},`,
  );
  return `${header(point.barrel)}/* eslint-disable */
import { load } from '${relative(point.web, point.wasm)}';

const modules = {
${bodies.join('\n')}
};

const api = (await load(modules, ${JSON.stringify(BROWSER_ALIASES)}))(${JSON.stringify(point.barrel)});

export const { ${kinds.map((k) => k.name).join(', ')} } = api;
export default api;
`;
}

/** The text of every entry for the package at `root`, keyed by its path under it. */
export function entrySources(root) {
  const out = {};
  for (const point of ENTRY_POINTS) {
    const kinds = exportKinds(root, point.barrel);
    out[point.node] = nodeEntry(point, kinds);
    out[point.web] = browserEntry(root, point, kinds);
  }
  return out;
}

/** Writes every entry under `root` (the build has made their folders). */
export function writeEntries(root) {
  for (const [path, text] of Object.entries(entrySources(root))) writeFileSync(join(root, path), text);
}

/**
 * The values (functions, constants, classes) the declaration file `types` exports, following its
 * `export * from` lines. The declarations are written as `export declare <kind> <name>`, one per
 * line start, which is what this reads; a test checks it against the TypeScript compiler.
 */
export function declaredValues(root, types) {
  const names = new Set();
  const visit = (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    for (const [, name] of text.matchAll(/^export declare (?:function|const|let|var|class|enum) ([\w$]+)/gm))
      names.add(name);
    for (const [, specifier] of text.matchAll(/^export \* from '(\.{1,2}\/[^']+)\.js';$/gm))
      visit(posix.join(posix.dirname(file), `${specifier}.d.ts`));
  };
  visit(types);
  return [...names];
}

/** Each entry point's names in its barrel but not declared (`undeclared`), and declared but not exported (`unexported`). */
export function declarationDrift(root) {
  return ENTRY_POINTS.map((point) => {
    const exported = exportKinds(root, point.barrel).map((k) => k.name);
    const declared = declaredValues(root, point.types);
    return {
      barrel: point.barrel,
      types: point.types,
      undeclared: exported.filter((name) => !declared.includes(name)),
      unexported: declared.filter((name) => !exported.includes(name)),
    };
  });
}

/** Throws, naming every name, when a barrel and its declarations differ in either direction. */
export function checkDeclarations(root) {
  const problems = declarationDrift(root).flatMap(({ barrel, types, undeclared, unexported }) => [
    ...undeclared.map((name) => `${barrel} exports ${name}, which ${types} does not declare`),
    ...unexported.map((name) => `${types} declares ${name}, which ${barrel} does not export`),
  ]);
  if (problems.length > 0) throw new Error(`The export lists differ:\n  ${problems.join('\n  ')}`);
}
