// The formatter entry's module (pkg/web/formatter/index.mjs, `modoki-budget/formatter`): the
// small module alone (rounding, the elision envelope, capText; its size: docs/performance.md,
// 'Cold first countTokens'), for a page that only formats. A call that needs the full module (a token cap, for one) throws an error
// that says to import from 'modoki-budget' instead.
import initFormatter, * as formatter from '../../pkg/web/formatter/modoki_budget_formatter.js';
import { fetchFile, loader } from './loader.mjs';

const WASM = new URL('../../pkg/web/formatter/modoki_budget_formatter_bg.wasm', import.meta.url);

/** Stands in for the full module: any of its functions throws, naming the entry that has it. */
const elsewhere = new Proxy(
  {},
  {
    get: (_, name) => () => {
      throw new Error(
        `modoki-budget/formatter: ${String(name)} needs the full module; import from 'modoki-budget' for it.`,
      );
    },
  },
);

/** Instantiates the module; returns `require` over the entry's `modules` (see ./loader.mjs). */
export async function load(modules, aliases) {
  await initFormatter({ module_or_path: await fetchFile(WASM, 'pkg/web/formatter/modoki_budget_formatter_bg.wasm') });
  return loader(modules, aliases, {
    'pkg/modoki_budget.js': elsewhere,
    'pkg/formatter/modoki_budget_formatter.js': formatter,
    'pkg/tokenizer/modoki_budget_tokenizer.js': elsewhere,
    '#assets': elsewhere,
    '#query': elsewhere,
  });
}
