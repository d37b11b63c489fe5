// What the browser entry (pkg/web/index.mjs, written by scripts/entries.mjs) stands on: the
// WebAssembly module instantiated asynchronously, and a small CommonJS loader that runs the
// package's own modules (node/*.cjs, carried in the entry as functions) against it.
//
// Chromium refuses to compile a module over 4 KB synchronously on the main thread, so the module
// is instantiated here with top-level await; once the entry's import has resolved, every export
// is the same synchronous function it is on Node. Every file is named with
// `new URL('…', import.meta.url)`, the form Vite, webpack 5 and Rollup follow to emit and serve
// it.
//
// On Node the formatter's functions run in a second, small module (pkg/formatter/) so that a
// process that only formats never compiles the tokenizer. A page instantiates at import, before
// it is known what will be called, so here the full module serves those functions too: one
// download instead of two (the full module holds everything the small one does).
import initFull, * as full from '../../pkg/web/modoki_budget.js';

const FULL_WASM = new URL('../../pkg/web/modoki_budget_bg.wasm', import.meta.url);
const TABLES = {
  cl100k_base: () => new URL('../../src/tokens/data/cl100k_base.bin', import.meta.url),
  o200k_base: () => new URL('../../src/tokens/data/o200k_base.bin', import.meta.url),
};
/** The package's files as its root names them, for the second place a file is looked for. */
const PACKAGE_PATHS = new Map([
  [FULL_WASM.href, 'pkg/web/modoki_budget_bg.wasm'],
  ...Object.entries(TABLES).map(([name, url]) => [url().href, `src/tokens/data/${name}.bin`]),
]);

const served = (response) => response.ok && !/^text\/html/.test(response.headers.get('content-type') ?? '');

/**
 * The response for one of the package's files. Vite's dev server runs a dependency from a
 * pre-bundled copy in node_modules/.vite/deps/; Vite 8 points the copy's URLs back at the
 * package, but older optimizers leave them relative to the copy, where the file is not (the
 * server answers 404, or the app's index.html). The package itself is still served from
 * node_modules/modoki-budget/, two levels up from that copy, so that is the second place.
 */
async function fetchFile(url) {
  const response = await fetch(url);
  if (served(response)) return response;
  // A variable, not a literal: bundlers treat `new URL('…' + x, import.meta.url)` as a pattern
  // and would emit every file it could match.
  const fromPrebundledCopy = `../../modoki-budget/${PACKAGE_PATHS.get(url.href)}`;
  const second = new URL(fromPrebundledCopy, import.meta.url);
  const retry = await fetch(second);
  if (served(retry)) return retry;
  throw new Error(
    `modoki-budget: could not load ${url.href} (HTTP ${response.status}) nor ${second.href} (HTTP ${retry.status})`,
  );
}

/** The bytes of the rank table of `name` (an encoding the core has checked). */
async function tableBytes(name) {
  const response = await fetchFile(TABLES[name]());
  return new Uint8Array(await response.arrayBuffer());
}

const utf8 = new TextEncoder();
const LATIN1_CHUNK = 8192;

/** UTF-8 length of `text` as TextEncoder writes it (a lone surrogate becomes U+FFFD, 3 bytes). */
function utf8Length(text) {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * The part of Node's `Buffer` the package's modules use (UTF-8 length, Latin-1 writes and
 * reads of WebAssembly memory), over plain typed arrays.
 */
const BufferSubset = {
  byteLength: (text) => utf8Length(text),
  from(buffer, offset, length) {
    const bytes = new Uint8Array(buffer, offset, length);
    return {
      latin1Write(text, at) {
        for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i);
        return text.length;
      },
      latin1Slice(start, end) {
        let text = '';
        for (let at = start; at < end; at += LATIN1_CHUNK) {
          text += String.fromCharCode.apply(null, bytes.subarray(at, Math.min(end, at + LATIN1_CHUNK)));
        }
        return text;
      },
    };
  },
};

/** `randomBytes(n).toString('hex')`, the one use of node:crypto (page ids of withBudget's store). */
function randomBytes(n) {
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  return { toString: () => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('') };
}

const builtins = {
  'node:fs': {},
  'node:crypto': { randomBytes },
  '#assets': { tableBytes },
};

function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return specifier;
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/**
 * Instantiates the module and returns `require(id)` over `modules` (package path → the
 * module's CommonJS body as a function, or its JSON value), `aliases` (a path → the path that
 * stands in for it in a browser) and the WebAssembly glue.
 */
export async function load(modules, aliases) {
  await initFull({ module_or_path: await fetchFile(FULL_WASM) });
  const cache = new Map([
    ['pkg/modoki_budget.js', full],
    ['pkg/formatter/modoki_budget_formatter.js', full],
    ...Object.entries(builtins),
  ]);
  function requireFrom(from, specifier) {
    const target = resolve(from, specifier);
    const id = aliases[target] ?? target;
    if (cache.has(id)) return cache.get(id);
    const body = modules[id];
    if (body === undefined) throw new Error(`modoki-budget: ${id} (required by ${from}) is not in the browser entry`);
    if (typeof body !== 'function') {
      cache.set(id, body);
      return body;
    }
    const module = { exports: {} };
    cache.set(id, module.exports);
    body(module, module.exports, (next) => requireFrom(id, next), BufferSubset);
    cache.set(id, module.exports);
    return module.exports;
  }
  return (id) => requireFrom('', id);
}
