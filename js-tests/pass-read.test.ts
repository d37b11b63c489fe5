// The elision pass keeps its reading of a result's collection with the WebAssembly input buffer,
// for the preview of the same input that follows (src/wasm/abi.rs, keep_input_fact): an over-cap
// result is written into WebAssembly memory once for both, and the preview of any other text
// never ranks by a reading of another. Checked on the transport, since the package's exports do
// not show which copy a call read; that the preview is the same either way is checked in Rust
// (preview::tests, the preview fuzz target).
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createBudgetPolicy } from 'modoki-budget';

const require = createRequire(import.meta.url);
const abi = require('../node/wasm/abi.cjs');
const core = require('../node/wasm/loader.cjs');
const { jsonPass } = require('../node/mcp/elision-pass.cjs');
const { previewPrinted } = require('../node/mcp/preview.cjs');

/** The lengths `fn` asks the input buffer for, in order. */
async function inputWrites(fn: () => unknown): Promise<number[]> {
  const lengths: number[] = [];
  const original = core.abiInput;
  core.abiInput = (length: number) => {
    lengths.push(length);
    return original(length);
  };
  try {
    await fn();
  } finally {
    core.abiInput = original;
  }
  return lengths;
}

describe("the pass's reading of a collection, kept for the preview", () => {
  it('lets the policy write an over-cap result into WebAssembly memory once', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      id: i,
      level: i === 1234 ? 'error' : 'info',
      msg: `row ${i}`,
    }));
    const data = { scene: 'main', rows };
    const json = JSON.stringify(data);
    const policy = createBudgetPolicy({ preset: 'claudeCode' });
    let text = '';
    const lengths = await inputWrites(async () => {
      text = (await policy.apply('get_rows', data)).result.content[0].text;
    });
    expect(lengths.filter((n) => n === json.length)).toEqual([json.length]);
    // The preview it made from that one copy shows the error row, labelled.
    expect(text.startsWith(`The result (${json.length} chars) is over the cap; this is a preview of it.`)).toBe(true);
    expect(text).toContain('{"index":1234,"why":"error","item":{"id":1234,"level":"error","msg":"row 1234"}}');
  });

  it('is dropped when another text is written, even one of the same length and layout', () => {
    // The same length, the same outer layout, other keys: a reading of one would name the
    // other's fields wrongly.
    const a = JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, ab: 'x' })));
    const b = JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, a: 'xy' })));
    expect(a.length).toBe(b.length);
    const budget = { maxTokens: 300, maxChars: 1500 };
    const fresh = previewPrinted(b, budget);
    expect(fresh.text).toContain('"fields":{"id":"number","a":"string"}');
    abi.holdInput(() => {
      const pass = jsonPass(a, { maxChars: 2000, maxTokens: 500, encoding: 'cl100k_base' });
      expect(pass.fits).toBe(false);
      expect(previewPrinted(b, { ...budget, spans: pass.spans })).toEqual(fresh);
    });
  });

  it('serves the preview of the text it was read from', () => {
    const a = JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, ab: i === 7 ? 'error' : 'x' })));
    const budget = { maxTokens: 300, maxChars: 1500 };
    const fresh = previewPrinted(a, budget);
    abi.holdInput(() => {
      const pass = jsonPass(a, { maxChars: 2000, maxTokens: 500, encoding: 'cl100k_base' });
      expect(previewPrinted(a, { ...budget, spans: pass.spans })).toEqual(fresh);
    });
  });
});
