// The page js-tests/browser.test.ts opens: every export's answer on the shared case list, on the
// main thread and in a module worker, for the test to compare with Node's.
import * as m from 'modoki-budget';
import { answers } from './export-cases.mjs';

/** What countTokens does before its table is loaded (the first thing, before `answers` loads it). */
function beforeLoad() {
  try {
    return { value: m.countTokens('hello world') };
  } catch (error) {
    return { code: error.code, message: error.message };
  }
}

function fromWorker() {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  return new Promise((resolve) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = (event) => resolve({ error: `worker failed to load or run: ${event.message}` });
  });
}

async function run() {
  const notLoaded = beforeLoad();
  const firstEncode = m.encode({ a: 1.23456789012 }, { precision: 3 });
  const main = await answers(m);
  return { notLoaded, firstEncode, main, worker: await fromWorker() };
}

window.__results = run().catch((error) => ({ error: String(error?.stack ?? error) }));
