// Writes the package's ESM entries from its one export list, the CommonJS barrel
// (node/index.cjs), so no entry keeps a list of its own:
//   - pkg/index.mjs: the Node entry for `import` — the barrel's own instance, every capability
//     still loaded on first use (functions are forwarders, constants are read at import);
//   - pkg/web/index.mjs: the browser and worker entry — the barrel and every module it requires,
//     carried as functions and run by node/browser/runtime.mjs over the web build of the
//     WebAssembly modules, instantiated with top-level await.
// js-tests/result-exports.test.ts checks both against the barrel and node/index.d.ts.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix } from 'node:path';

const HEADER = '// Written by scripts/entries.mjs from node/index.cjs at build time: edit the barrel, not this file.\n';
/** Files a browser runs in another file's place (the key's requires resolve from the value's folder). */
export const BROWSER_ALIASES = { 'node/internal/tables.cjs': 'node/browser/tables.cjs' };
/** Modules the browser runtime provides itself (the WebAssembly glue, Node built-ins). */
const PROVIDED = new Set(['pkg/modoki_budget.js', 'pkg/formatter/modoki_budget_formatter.js']);

/** How each export of the barrel is reached: `eager` data, a lazy `function`, or a lazy `constant`. */
export function exportKinds(root) {
  const barrelPath = join(root, 'node', 'index.cjs');
  const api = createRequire(barrelPath)(barrelPath);
  const names = Object.keys(api);
  return names.map((name, i) => {
    const lazy = typeof Object.getOwnPropertyDescriptor(api, name).get === 'function';
    const value = api[name];
    const kind = !lazy ? 'eager' : typeof value === 'function' ? 'function' : 'constant';
    // A second name for a function listed earlier (listAssets) is that function, not a forwarder.
    const alias = kind === 'function' ? names.slice(0, i).find((other) => api[other] === value) : undefined;
    return { name, kind, alias };
  });
}

function nodeEntry(kinds) {
  const eager = kinds.filter((k) => k.kind === 'eager').map((k) => k.name);
  const constants = kinds.filter((k) => k.kind === 'constant').map((k) => k.name);
  const functions = kinds.filter((k) => k.kind === 'function');
  return `${HEADER}// The same instance as the CommonJS entry, so import and require share one WebAssembly module.
// The barrel loads each capability on first use of one of its exports; an ESM import binds every
// name when evaluated, so capability functions are forwarders that read the barrel when called.
import { createRequire } from 'node:module';

const api = createRequire(import.meta.url)('../node/index.cjs');

/** A function that calls the barrel's \`name\` export, read on each call. */
function forward(name) {
  const f = function (...args) {
    return api[name].apply(this, args);
  };
  Object.defineProperty(f, 'name', { value: name });
  return f;
}

export const { ${eager.join(', ')} } = api;
export const { ${constants.join(', ')} } = api;
${functions
  .map(({ name, alias }) =>
    alias === undefined ? `export const ${name} = forward('${name}');` : `export const ${name} = ${alias};`,
  )
  .join('\n')}
export default api;
`;
}

/** Every package file the barrel can require, from the relative paths written in each source. */
function browserModules(root) {
  const modules = new Map();
  const pending = ['node/index.cjs'];
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

function browserEntry(root, kinds) {
  const bodies = browserModules(root).map(([id, source]) =>
    id.endsWith('.json')
      ? `  ${JSON.stringify(id)}: ${source.trim()},`
      : `  ${JSON.stringify(id)}: function (module, exports, require, Buffer) {\n${source}},`,
  );
  return `${HEADER}/* eslint-disable */
import { load } from '../../node/browser/runtime.mjs';

const modules = {
${bodies.join('\n')}
};

const api = (await load(modules, ${JSON.stringify(BROWSER_ALIASES)}))('node/index.cjs');

export const { ${kinds.map((k) => k.name).join(', ')} } = api;
export default api;
`;
}

/** The text of both entries for the package at `root`, keyed by their path under it. */
export function entrySources(root) {
  const kinds = exportKinds(root);
  return { 'pkg/index.mjs': nodeEntry(kinds), 'pkg/web/index.mjs': browserEntry(root, kinds) };
}

/** Writes both entries under `root`/pkg. */
export function writeEntries(root) {
  mkdirSync(join(root, 'pkg', 'web'), { recursive: true });
  for (const [path, text] of Object.entries(entrySources(root))) writeFileSync(join(root, path), text);
}
