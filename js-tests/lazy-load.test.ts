// What a fresh process loads: the barrel alone at require time, the WebAssembly module and each
// capability (the formatter too) only when first used. Checked on the require cache of a child process, so the
// answer is exact (no timing).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The exports of a module that counts tokens: the transport and the token bindings, sorted. */
const TOKEN_MODULE = [
  'abiInput',
  'abiMemory',
  'abiOutput',
  'abiOutputLatin1',
  'abiRelease',
  'checkEncoding',
  'countTokensInput',
  'installTable',
  'tokenPrefixUnits',
];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `steps` after `require('modoki-budget')` in a fresh Node and lists the package files it loaded. */
function loadedAfter(steps: string): string[] {
  const script = `const m = require('modoki-budget'); ${steps};
    const files = Object.keys(require.cache).filter((f) => f.startsWith(${JSON.stringify(root)})).map((f) => f.slice(${root.length + 1}));
    process.stdout.write(JSON.stringify(files.sort()));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' }));
}

describe('loading on first use', () => {
  it('require and an encode under the cap load no WebAssembly and no other capability', () => {
    const files = loadedAfter("if (m.encode({ a: 1 }) !== '{\"a\":1}') throw new Error('encode')");
    expect(files).not.toContain('pkg/modoki_budget.js');
    for (const capability of [
      'node/summarizers.cjs',
      'node/profile.cjs',
      'node/menu-audit.cjs',
      'node/menu-rewrite.cjs',
      'node/toon.cjs',
      'node/streams.cjs',
      'node/mcp/with-budget.cjs',
    ]) {
      expect(files).not.toContain(capability);
    }
    expect(files).toContain('node/result.cjs');
  });

  it('rounding and the over-cap envelope load only the small formatter module', () => {
    const files = loadedAfter(
      "if (m.encode({ a: 1.23456789012 }, { precision: 3 }) !== '{\"a\":1.23}') throw new Error('precision');" +
        "if (!m.encode({ a: 'x'.repeat(100) }, 20).startsWith('{\"elided\":true')) throw new Error('envelope');" +
        "if (m.roundFloats({ a: 1.23456789012 }, 3).a !== 1.23) throw new Error('roundFloats')",
    );
    expect(files).toContain('pkg/formatter/modoki_budget_formatter.js');
    expect(files).not.toContain('pkg/modoki_budget.js');
  });

  it('require alone loads the barrel and nothing else', () => {
    expect(loadedAfter('')).toEqual(['node/index.cjs']);
  });

  it('a first countTokens loads the count path alone: no formatter, no serializer, no error helper, the tokenizer module', () => {
    expect(loadedAfter("if (m.countTokens('hello world') !== 2) throw new Error('count')")).toEqual([
      'node/index.cjs',
      'node/internal/options.cjs',
      'node/tokens.cjs',
      'node/wasm/abi.cjs',
      'node/wasm/loader.cjs',
      'node/wasm/query-module.cjs',
      'node/wasm/tables.cjs',
      'node/wasm/tokens.cjs',
      'pkg/modoki_budget_exports.json',
      'pkg/tokenizer/modoki_budget_tokenizer.js',
    ]);
  });

  it('the error helper is loaded by the first error, which keeps its class and code', () => {
    const files = loadedAfter(
      "try { m.countTokens(42); throw new Error('no throw') } catch (e) { if (!(e instanceof TypeError) || e.code !== 'INVALID_INPUT' || e.message !== 'countTokens(text): text must be a string, got number') throw e }" +
        "try { m.tokenReport({}, { encodng: 'x' }); throw new Error('no throw') } catch (e) { if (!(e instanceof TypeError) || e.code !== 'INVALID_OPTION') throw e }" +
        "try { m.estimateTokens('abc', 'chars/5'); throw new Error('no throw') } catch (e) { if (e.constructor !== Error || e.code !== 'INVALID_OPTION') throw e }",
    );
    expect(files).toContain('node/internal/errors.cjs');
  });

  it('the tokenizer module holds the token bindings and the transport alone, not the formatter', () => {
    const names = JSON.parse(readFileSync(join(root, 'pkg', 'modoki_budget_exports.json'), 'utf8'));
    expect(names.tokenizer).toEqual(TOKEN_MODULE);
  });

  it("the web search module holds read_result's search, the token bindings and the transport alone", () => {
    const names = JSON.parse(readFileSync(join(root, 'pkg', 'modoki_budget_exports.json'), 'utf8'));
    const search = ['querySearchAnswer', 'querySearchDrop', 'querySearchNew', 'querySearchRead'];
    expect(names.query).toEqual([...TOKEN_MODULE, ...search].sort());
    // On Node the full module holds the search too, so a read loads no other module.
    expect(names.full).toEqual(expect.arrayContaining(['querySearchNew', 'querySearchRead']));
  });

  it('token counts load the tokenizer module, not the full core', () => {
    const files = loadedAfter(
      "if (m.countTokens('hello world') !== 2) throw new Error('count');" +
        "if (m.countTokens('hello world', 'o200k_base') !== 2) throw new Error('o200k');" +
        "if (!m.fitsTokenBudget('hello world', 2) || m.fitsTokenBudget('hello world', 1)) throw new Error('fits');" +
        "if (m.encode('hello world '.repeat(50), { maxTokens: 3 }) !== 'hello world hello\\n…[583 chars elided of 600]') throw new Error('cap')",
    );
    expect(files).toContain('pkg/tokenizer/modoki_budget_tokenizer.js');
    expect(files).not.toContain('pkg/modoki_budget.js');
  });

  it('once the full core is loaded, token counts run in it and the tokenizer module is never loaded', () => {
    const files = loadedAfter(
      "if (m.tokenReport({ a: 'hello world' }).tokens !== 6) throw new Error('report');" +
        "if (m.countTokens('hello world') !== 2) throw new Error('count');" +
        "if (m.countTokens('hello world', 'o200k_base') !== 2) throw new Error('o200k')",
    );
    expect(files).toContain('pkg/modoki_budget.js');
    expect(files).not.toContain('pkg/tokenizer/modoki_budget_tokenizer.js');
  });

  it('the first call that needs the full core loads it, and every export still works', () => {
    const files = loadedAfter(
      "if (m.encode({ a: 1.23456789012 }, { precision: 3 }) !== '{\"a\":1.23}') throw new Error('precision');" +
        "if (m.countTokens('hello world') !== 2) throw new Error('count');" +
        "if (m.tokenReport({ a: 'hello world' }).tokens !== 6) throw new Error('report');" +
        "if (m.countTokens('hello world', 'o200k_base') !== 2) throw new Error('o200k')",
    );
    expect(files).toContain('pkg/modoki_budget.js');
    expect(files).not.toContain('node/summarizers.cjs');
  });

  it('an ESM import and an encode under the cap load no WebAssembly and no capability function module', () => {
    const script = `import { encode, countTokens } from 'modoki-budget';
      import { createRequire } from 'node:module';
      if (encode({ a: 1 }) !== '{"a":1}') throw new Error('encode');
      if (typeof countTokens !== 'function' || countTokens.name !== 'countTokens') throw new Error('forwarder');
      const files = Object.keys(createRequire(import.meta.url).cache).filter((f) => f.startsWith(${JSON.stringify(root)})).map((f) => f.slice(${root.length + 1}));
      process.stdout.write(JSON.stringify(files.sort()));`;
    const files: string[] = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }),
    );
    expect(files).not.toContain('pkg/modoki_budget.js');
    expect(files).not.toContain('pkg/formatter/modoki_budget_formatter.js');
    for (const capability of [
      'node/summarizers.cjs',
      'node/profile.cjs',
      'node/toon.cjs',
      'node/mcp/policy.cjs',
      'node/mcp/with-budget.cjs',
    ]) {
      expect(files).not.toContain(capability);
    }
  });

  it('an ESM forwarder answers exactly as the CommonJS export', () => {
    const script = `import { countTokens, toToon } from 'modoki-budget';
      import { createRequire } from 'node:module';
      const cjs = createRequire(import.meta.url)('modoki-budget');
      process.stdout.write(JSON.stringify([countTokens('hello world'), cjs.countTokens('hello world'), toToon({ a: [1, 2] }) === cjs.toToon({ a: [1, 2] })]));`;
    expect(
      JSON.parse(
        execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }),
      ),
    ).toEqual([2, 2, true]);
  });

  it('a capability export read from the barrel is the module function itself', () => {
    const out = execFileSync(
      process.execPath,
      [
        '-e',
        "const m = require('modoki-budget'); process.stdout.write(String(m.countTokens === require('./node/tokens.cjs').countTokens && m.listAssets === m.summarizeAssets))",
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(out).toBe('true');
  });
});
