// The page js-tests/browser.test.ts opens to check where the entry looks for a file a second
// time. The test puts a copy of the package's loader where Vite's optimizer puts its pre-bundled
// copy (two folders below node_modules/); from there a URL relative to the copy finds nothing,
// and the loader must find the file in node_modules/modoki-budget/.
import { fetchFile } from '/node_modules/.copy/deps/loader.mjs';

async function run() {
  const beside = new URL('/node_modules/.copy/deps/modoki_budget_bg.wasm', location.href);
  const response = await fetchFile(beside, 'pkg/web/modoki_budget_bg.wasm');
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { url: new URL(response.url).pathname, magic: Array.from(bytes.subarray(0, 4)), size: bytes.length };
}

window.__results = run().catch((error) => ({ error: String(error?.stack ?? error) }));
