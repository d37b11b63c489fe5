// The browser entry's module (pkg/web/index.mjs): every capability, instantiated with top-level
// await by the entry — Chromium refuses to compile a module over 4 KB synchronously on the main
// thread — so once the entry's import has resolved every export is the same synchronous
// function it is on Node. Every file is named with `new URL('…', import.meta.url)`, the form
// Vite and webpack 5 follow to emit and serve it.
//
// On Node the formatter's functions run in a second, small module (pkg/formatter/) so that a
// process that only formats never compiles the tokenizer. A page instantiates at import, before
// it is known what will be called, so here the full module serves those functions too: one
// download instead of two (the full module holds everything the small one does). A page that
// only formats imports `modoki-budget/formatter` (./formatter.mjs) instead. The same holds for
// the tokenizer's module (pkg/tokenizer/, Node only): the full module serves it, and holds the
// one set of rank tables. read_result's search is the exception: it is a module of its own
// (pkg/web/query/), which a page fetches and instantiates only when read_result first runs
// (`#query`, called by ./query-module.cjs), so a page that never reads inside a kept result never
// downloads it.
import initFull, * as full from '../../pkg/web/modoki_budget.js';
import { fetchFile, loader } from './loader.mjs';

const WASM = new URL('../../pkg/web/modoki_budget_bg.wasm', import.meta.url);
const QUERY_WASM = new URL('../../pkg/web/query/modoki_budget_query_bg.wasm', import.meta.url);
const TABLES = {
  cl100k_base: () => new URL('../../src/tokens/data/cl100k_base.bin', import.meta.url),
  o200k_base: () => new URL('../../src/tokens/data/o200k_base.bin', import.meta.url),
};

/** The bytes of the rank table of `name` (an encoding the core has checked). */
async function tableBytes(name) {
  const response = await fetchFile(TABLES[name](), `src/tokens/data/${name}.bin`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Fetches and instantiates the search module: its exports. Its glue is imported here too, so a
 * page loads none of it at import. A failure names the module and what went wrong.
 */
async function loadQuery() {
  try {
    const query = await import('../../pkg/web/query/modoki_budget_query.js');
    await query.default({ module_or_path: await fetchFile(QUERY_WASM, 'pkg/web/query/modoki_budget_query_bg.wasm') });
    return query;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`modoki-budget: read_result's search module did not load: ${why.replace(/^modoki-budget: /, '')}`);
  }
}

/** Instantiates the module; returns `require` over the entry's `modules` (see ./loader.mjs). */
export async function load(modules, aliases) {
  await initFull({ module_or_path: await fetchFile(WASM, 'pkg/web/modoki_budget_bg.wasm') });
  return loader(modules, aliases, {
    'pkg/modoki_budget.js': full,
    'pkg/formatter/modoki_budget_formatter.js': full,
    'pkg/tokenizer/modoki_budget_tokenizer.js': full,
    '#assets': { tableBytes },
    '#query': { load: loadQuery },
  });
}
