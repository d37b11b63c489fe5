// What the browser entries (pkg/web/index.mjs and pkg/web/formatter/index.mjs, written by
// scripts/entries.mjs) stand on besides their WebAssembly module (./full.mjs, ./formatter.mjs):
// fetching the package's files, and a small CommonJS loader that runs the package's own modules
// (node/*.cjs, carried in the entry as functions) against the module, so a page answers exactly
// as Node does.

const served = (response) => response.ok && !/^text\/html/.test(response.headers.get('content-type') ?? '');

/**
 * The response for `url`, the package's file at `packagePath`. Vite's dev server runs a
 * dependency from a pre-bundled copy in node_modules/.vite/deps/; Vite 8 points the copy's URLs
 * back at the package, but older optimizers leave them relative to the copy, where the file is
 * not (the server answers 404, or the app's index.html). The package itself is still served from
 * node_modules/modoki-budget/, two levels up from that copy, so that is the second place.
 */
export async function fetchFile(url, packagePath) {
  const response = await fetch(url);
  if (served(response)) return response;
  // A variable, and marked for bundlers to leave alone: they treat `new URL(…, import.meta.url)`
  // with anything but a literal as a pattern, and would emit every file it could match.
  const fromPrebundledCopy = `../../modoki-budget/${packagePath}`;
  const second = new URL(/* webpackIgnore: true */ /* @vite-ignore */ fromPrebundledCopy, import.meta.url);
  const retry = await fetch(second);
  if (served(retry)) return retry;
  throw new Error(
    `modoki-budget: could not load ${url.href} (HTTP ${response.status}) nor ${second.href} (HTTP ${retry.status})`,
  );
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

/**
 * `randomBytes(n).toString('base64url' | 'hex')`, the use of node:crypto a page makes (the result
 * ids of withBudget's store).
 */
function randomBytes(n) {
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  const base64url = () =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const hex = () => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return { toString: (encoding) => (encoding === 'base64url' ? base64url() : hex()) };
}

/**
 * Node built-ins the package's modules require, as far as a page needs them: a page is never a
 * worker thread the proxy started (node/mcp/exact-numbers.cjs asks for its workerData).
 */
const BUILTINS = {
  'node:fs': {},
  'node:crypto': { randomBytes, randomUUID: () => crypto.randomUUID() },
  'node:worker_threads': { isMainThread: true, workerData: null },
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
 * `require(id)` over `modules` (package path → the module's CommonJS body as a function, or its
 * JSON value), `aliases` (a path → the path that stands in for it in a browser) and `provided`
 * (ids whose exports the entry supplies: the WebAssembly glue, `#assets`).
 */
export function loader(modules, aliases, provided) {
  const cache = new Map([...Object.entries(BUILTINS), ...Object.entries(provided)]);
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
