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
// one set of rank tables.
import initFull, * as full from '../../pkg/web/modoki_budget.js';
import { fetchFile, loader } from './loader.mjs';

const WASM = new URL('../../pkg/web/modoki_budget_bg.wasm', import.meta.url);
const TABLES = {
  cl100k_base: () => new URL('../../src/tokens/data/cl100k_base.bin', import.meta.url),
  o200k_base: () => new URL('../../src/tokens/data/o200k_base.bin', import.meta.url),
};

/** The bytes of the rank table of `name` (an encoding the core has checked). */
async function tableBytes(name) {
  const response = await fetchFile(TABLES[name](), `src/tokens/data/${name}.bin`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Instantiates the module; returns `require` over the entry's `modules` (see ./loader.mjs). */
export async function load(modules, aliases) {
  await initFull({ module_or_path: await fetchFile(WASM, 'pkg/web/modoki_budget_bg.wasm') });
  return loader(modules, aliases, {
    'pkg/modoki_budget.js': full,
    'pkg/formatter/modoki_budget_formatter.js': full,
    'pkg/tokenizer/modoki_budget_tokenizer.js': full,
    '#assets': { tableBytes },
  });
}
