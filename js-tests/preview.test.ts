// previewResult: the preview past the cap, through the built package (ESM and CJS). Each case
// checks the rows that matter are in the preview with their index in the full collection, the
// counts say what is not shown, and the preview is valid JSON within both limits, counted
// independently with countTokens.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { countTokens, previewResult } from 'modoki-budget';

const cjs = createRequire(import.meta.url)('modoki-budget');

type Shown = { index: number; why?: string; item: unknown };

/** The preview parsed, after checking it is within its limits by an independent count. */
function within(p: ReturnType<typeof previewResult>, maxTokens = 2000, maxChars = 8000) {
  expect(p.text.length).toBe(p.chars);
  expect(countTokens(p.text)).toBe(p.tokens);
  expect(p.chars).toBeLessThanOrEqual(maxChars);
  expect(p.tokens).toBeLessThanOrEqual(maxTokens);
  return p.json ? JSON.parse(p.text) : p.text;
}

const byIndex = (cut: { items: Shown[] }, i: number) => cut.items.find((x) => x.index === i);

/** Any value previewed within any budget for any arguments: `[value, maxTokens, maxChars, args]`. */
const anyCall = [
  fc.jsonValue({ maxDepth: 6 }),
  fc.integer({ min: 50, max: 400 }),
  fc.integer({ min: 200, max: 1500 }),
  fc.jsonValue({ maxDepth: 2 }),
] as const;

describe('previewResult: the rows that matter, in the result’s own shape', () => {
  it('logs with rare errors: every error row, with its index and why, and the counts', () => {
    const logs = Array.from({ length: 20000 }, (_, i) => ({
      ts: `2026-12-01T10:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}Z`,
      level: 'info',
      msg: `GET /api/items/${i} 200`,
    }));
    logs[4321].level = 'error';
    logs[4321].msg = 'GET /api/items/4321 500 upstream timeout';
    logs[17000].level = 'FATAL';
    const v = within(previewResult({ service: 'api', logs }));
    expect(v.service).toBe('api');
    expect(v.logs._cut).toMatchObject({ total: 20000, fields: { ts: 'string', level: 'string', msg: 'string' } });
    expect(v.logs._cut.shown + v.logs._cut.notShown).toBe(20000);
    expect(v.logs._cut.shown).toBe(v.logs.items.length);
    expect(byIndex(v.logs, 4321)).toEqual({ index: 4321, why: 'error', item: logs[4321] });
    expect(byIndex(v.logs, 17000)).toEqual({ index: 17000, why: 'error', item: logs[17000] });
    expect(byIndex(v.logs, 0)).toEqual({ index: 0, item: logs[0] });
    expect(byIndex(v.logs, 19999)).toEqual({ index: 19999, item: logs[19999] });
    const indices = v.logs.items.map((x: Shown) => x.index);
    expect(indices).toEqual([...indices].sort((a, b) => a - b));
  });

  it('a metric series with one spike: the spike, by median and MAD', () => {
    const series = Array.from({ length: 5000 }, (_, i) => ({ t: i * 60, p99ms: 40 + ((i * 7919) % 13) }));
    series[3141].p99ms = 2400;
    const v = within(cjs.previewResult(series, { maxTokens: 600 }), 600);
    expect(byIndex(v, 3141)).toEqual({ index: 3141, why: 'outlier p99ms', item: series[3141] });
  });

  it('search results for a query: the items that contain it, named in why', () => {
    const hits = Array.from({ length: 3000 }, (_, i) => ({
      path: `/srv/app/src/module${i}/index.ts`,
      line: i % 300,
      text: `export const value${i} = compute(${i});`,
    }));
    hits[777].text = 'export function parseInvoice(raw) {';
    hits[2500].path = '/srv/app/src/billing/invoice.ts';
    const p = previewResult({ results: hits }, { arguments: { query: 'invoice', path: '/srv/app' } });
    const v = within(p);
    expect(byIndex(v.results, 777)?.why).toBe('matches invoice');
    expect(byIndex(v.results, 2500)?.why).toBe('matches invoice');
  });

  it('a text result: whole head and tail lines, the error lines between, and the totals', () => {
    const lines = Array.from({ length: 40000 }, (_, i) => `${i + 1} INFO worker heartbeat ok`);
    lines[25000] = '25001 ERROR worker 7 lost its lease';
    const text = lines.join('\n');
    const out = within(previewResult(text));
    const shown = out.split('\n');
    expect(shown[0]).toBe(lines[0]);
    expect(shown.at(-1)).toBe(lines.at(-1));
    expect(out).toContain(`40000 lines, ${text.length} chars in all]`);
    expect(out).toContain('\n[line 25001] 25001 ERROR worker 7 lost its lease\n');
  });

  it('a string that holds a pretty JSON document is previewed as that document', () => {
    const tree = Array.from({ length: 400 }, (_, i) => ({ name: `dir${i}`, type: 'directory', children: [] }));
    const pretty = JSON.stringify(tree, null, 2);
    const v = within(previewResult({ content: pretty }));
    expect(v.content._text).toEqual({ chars: pretty.length, lines: pretty.split('\n').length, json: true });
    expect(v.content.document._cut.total).toBe(400);
    expect(byIndex(v.content.document, 0)?.item).toEqual(tree[0]);
  });

  it('the hint names the tool’s own narrowing parameters, or says there are none', () => {
    const schema = {
      type: 'object',
      properties: {
        path: { type: 'string' },
        pattern: { type: 'string' },
        excludePatterns: { type: 'array', items: { type: 'string' } },
      },
    };
    const p = previewResult([1, 2, 3], { inputSchema: schema });
    expect(p.parameters).toEqual([
      { name: 'pattern', role: 'filter' },
      { name: 'excludePatterns', role: 'exclude' },
    ]);
    expect(p.hint).toBe(
      "Narrow the call with this tool's own parameters (filter: pattern; exclude: excludePatterns); the pages hold the rest.",
    );
    const none = previewResult([1], { inputSchema: { type: 'object', properties: {} } });
    expect(none.hint).toBe('This tool has no parameters that narrow its result; the pages hold the rest.');
    expect(none.hint).not.toMatch(/trait=|full=1/);
    expect(previewResult([1]).hint).toBe(none.hint);
  });
});

describe('previewResult: bad input never breaks the budget', () => {
  it('a 1,000,000-item array, arrays in arrays, mixed types, one huge string, non-string arguments', () => {
    const million = Array.from({ length: 1_000_000 }, (_, i) => (i === 999_000 ? { level: 'error', i } : { i }));
    const v = within(previewResult(million, { arguments: { limit: 5, deep: [1, true, null] } }));
    expect(v._cut.total).toBe(1_000_000);
    expect(byIndex(v, 999_000)?.why).toBe('error');
    const nested = Array.from({ length: 50 }, (_, i) =>
      Array.from({ length: 200 }, (_, j) => (i === 31 && j === 150 ? 'FATAL: x' : `row ${i}.${j}`)),
    );
    const n = within(previewResult(nested, { maxTokens: 800 }), 800);
    expect(byIndex(n, 31)?.why).toBe('error');
    expect(byIndex((byIndex(n, 31)?.item as { items: Shown[] }) ?? { items: [] }, 150)?.item).toBe('FATAL: x');
    within(previewResult([1, 'a', null, { b: [true] }, [[]], 2.5e300, ...Array(3000).fill('x'.repeat(20))]));
    const huge = within(previewResult({ blob: 'y'.repeat(3_000_000) }));
    const [, kept, cut] = /^(y+)…\[\+(\d+) chars\]$/.exec(huge.blob) ?? [];
    expect(kept.length + Number(cut)).toBe(3_000_000);
    expect(kept.length).toBeGreaterThan(1000);
  });

  it('cycles, BigInts and throwing getters are described, not thrown', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const getter = Object.defineProperty({}, 'bad', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    for (const value of [cyclic, { n: 10n }, getter, undefined, null, 42]) within(previewResult(value));
  });

  it('bad options throw INVALID_OPTION', () => {
    expect(() => previewResult([], { maxChars: 10 })).toThrow(
      expect.objectContaining({
        code: 'INVALID_OPTION',
        message: 'preview: maxChars must be an integer >= 200, got 10.',
      }),
    );
    expect(() => previewResult([], { maxTokens: 1.5 })).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
  });

  it('any JSON value, any budget: valid JSON within both limits, deterministic', () => {
    fc.assert(
      fc.property(...anyCall, (value, maxTokens, maxChars, args) => {
        const p = previewResult(value, { maxTokens, maxChars, arguments: args });
        within(p, maxTokens, maxChars);
        expect(previewResult(value, { maxTokens, maxChars, arguments: args })).toEqual(p);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the policy’s printed-JSON path', () => {
  // The policy hands the core JSON it printed itself, which the core does not check again; the
  // answer must be the one the checked path gives for the same text.
  const { previewText, previewPrinted } = createRequire(import.meta.url)('../node/mcp/preview.cjs');

  it('previews any printed JSON exactly as the checked path does', () => {
    fc.assert(
      fc.property(...anyCall, (value, maxTokens, maxChars, args) => {
        const json = JSON.stringify(value);
        const options = { maxTokens, maxChars, arguments: args };
        expect(previewPrinted(json, options)).toEqual(previewText(json, true, options));
      }),
      { numRuns: 300 },
    );
  });

  it('reads the values the policy’s pass found by their spans, and previews as without them', () => {
    const { jsonPass } = createRequire(import.meta.url)('../node/mcp/elision-pass.cjs');
    const { prepareEncoding } = createRequire(import.meta.url)('../node/tokens.cjs');
    const limits = { maxChars: 300, maxTokens: 80, encoding: prepareEncoding('cl100k_base') };
    let withSpans = 0;
    fc.assert(
      fc.property(...anyCall, (value, maxTokens, maxChars, args) => {
        const json = JSON.stringify(value);
        const { spans } = jsonPass(json, limits, true);
        if (spans.length > 0) withSpans++;
        const options = { maxTokens, maxChars, arguments: args };
        expect(previewPrinted(json, { ...options, spans })).toEqual(previewText(json, true, options));
      }),
      { numRuns: 300 },
    );
    expect(withSpans).toBeGreaterThan(30);
    // A collection two levels down: the pass returns both levels' spans.
    const rows = Array.from({ length: 2000 }, (_, i) => ({ id: i, level: i === 777 ? 'error' : 'info' }));
    const json = JSON.stringify({ a: 1, data: { meta: 'm', rows } });
    const { spans } = jsonPass(json, limits);
    expect(spans).toHaveLength(4);
    expect(json.slice(spans[0], spans[1])).toBe(JSON.stringify({ meta: 'm', rows }));
    expect(json.slice(spans[2], spans[3])).toBe(JSON.stringify(rows));
    const options = { arguments: { id: '777' } };
    expect(previewPrinted(json, { ...options, spans })).toEqual(previewText(json, true, options));
  });

  it('a large collection, lone surrogates and deep nesting give the checked answer', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      id: `e${i}`,
      level: i === 1234 ? 'error' : 'info',
      x: i % 97,
    }));
    let deep: unknown = 'leaf';
    for (let i = 0; i < 3000; i++) deep = i % 2 ? { k: deep } : [deep];
    for (const value of [{ scene: 's', rows }, ['\ud800 lone', 'é'], deep]) {
      const json = JSON.stringify(value);
      const p = previewPrinted(json, { arguments: { q: 'e1234' } });
      expect(p.json).toBe(true);
      expect(p).toEqual(previewText(json, true, { arguments: { q: 'e1234' } }));
    }
  });
});
