// The budget policy on plain objects (node/mcp/policy.cjs), the contract withBudget and the
// proxy both build on: options and presets, every channel within the cap, envelopes exactly
// what encode returns, pages that reassemble byte for byte, faults, and the store's bounds.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRequire } from 'node:module';
import { encode, countTokens, memoryStore, MAX_PAYLOAD_CHARS } from 'modoki-budget';
import { reassemble } from './support/reassemble';
import { jsonish, nastyString } from './support/arbitraries';
import { linkOf, previewAnswer, readSentence } from './support/preview-answer';

const require = createRequire(import.meta.url);
const { BUDGET_PRESETS, resolveOptions, createBudgetPolicy } = require('../node/mcp/policy.cjs');

type Block = { type: string; text?: string; uri?: string; [k: string]: unknown };
type Result = { content: Block[]; structuredContent?: Record<string, unknown>; isError?: boolean; _meta?: unknown };
type Policy = ReturnType<typeof createBudgetPolicy>;

const entities = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: i,
    guid: `0f3c2a9e-7b41-4d6a-9c1e-${String(i).padStart(12, '0')}`,
    name: `Palm ${i}`,
    x: i * 1.234567891234,
  }));

async function pagesOf(policy: Policy, result: Result): Promise<string[]> {
  const link = result.content.find((b) => b.type === 'resource_link');
  if (link === undefined) throw new Error('no resource_link');
  const first = (await policy.readResource(`${link.uri}?page=1`)).contents[0].text as string;
  const n = (JSON.parse(first) as { pages: number }).pages;
  const pages = [first];
  for (let k = 2; k <= n; k++) pages.push((await policy.readResource(`${link.uri}?page=${k}`)).contents[0].text);
  return pages;
}

/**
 * The longest head of `text` (never half a surrogate pair) that `fits` together with capText's
 * marker after it, found by trying every length from the longest down: the reference the
 * policy's head cut is checked against.
 */
const longestHead = (text: string, fits: (out: string) => boolean) => {
  for (let k = text.length - 1; k >= 0; k--) {
    const code = text.charCodeAt(k - 1);
    if (k > 0 && code >= 0xd800 && code < 0xdc00) continue;
    const out = `${text.slice(0, k)}\n…[${text.length - k} chars elided of ${text.length}]`;
    if (fits(out)) return out;
  }
  return '';
};

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return [(e as { code?: string }).code, (e as Error).message];
  }
  return null;
};

/** codeOf for a call that answers through a promise. */
const codeOfAsync = async (fn: () => Promise<unknown>) => {
  try {
    await fn();
  } catch (e) {
    return [(e as { code?: string }).code, (e as Error).message];
  }
  return null;
};

describe('resolveOptions', () => {
  it('editor is the default: the 60,000-char cap and nothing else', async () => {
    expect(BUDGET_PRESETS.editor).toEqual({ maxChars: MAX_PAYLOAD_CHARS });
    expect(resolveOptions(undefined)).toEqual({
      preset: 'editor',
      maxChars: 60000,
      maxBytes: undefined,
      maxTokens: undefined,
      channel: 'both',
      encoding: 'cl100k_base',
      precision: undefined,
      compactJson: false,
      store: expect.objectContaining({ kind: 'memory' }),
      pageTool: false,
      readResult: true,
      onResult: undefined,
      preview: { maxTokens: 2000, maxChars: 8000 },
    });
  });

  it('a preset per client, in its unit on its channel; explicit options win; null drops a preset cap', async () => {
    expect(BUDGET_PRESETS).toEqual({
      editor: { maxChars: 60000 },
      claudeCode: { maxChars: 40000, channel: 'structured' },
      codex: { maxBytes: 46000, channel: 'structured' },
      gemini: { maxChars: 39959, channel: 'text' },
    });
    const caps = (o: object) => {
      const { maxChars, maxBytes, maxTokens, channel, pageTool, readResult } = resolveOptions(o);
      return { maxChars, maxBytes, maxTokens, channel, pageTool, readResult };
    };
    expect(caps({ preset: 'claudeCode' })).toEqual({
      maxChars: 40000,
      maxBytes: undefined,
      maxTokens: undefined,
      channel: 'structured',
      pageTool: false,
      readResult: true,
    });
    // A byte cap alone caps the chars at as many: a UTF-16 unit is at least one UTF-8 byte.
    expect(caps({ preset: 'codex' })).toEqual({
      maxChars: 46000,
      maxBytes: 46000,
      maxTokens: undefined,
      channel: 'structured',
      pageTool: false,
      readResult: true,
    });
    expect(caps({ preset: 'gemini' })).toEqual({
      maxChars: 39959,
      maxBytes: undefined,
      maxTokens: undefined,
      channel: 'text',
      pageTool: false,
      readResult: true,
    });
    expect(
      caps({
        preset: 'claudeCode',
        maxChars: 8000,
        maxTokens: 10000,
        channel: 'both',
        pageTool: true,
        readResult: false,
      }),
    ).toEqual({
      maxChars: 8000,
      maxBytes: undefined,
      maxTokens: 10000,
      channel: 'both',
      pageTool: true,
      readResult: false,
    });
    expect(caps({ preset: 'codex', maxBytes: null })).toMatchObject({ maxChars: 60000, maxBytes: undefined });
    expect(caps({ preset: 'codex', maxChars: 20000 })).toMatchObject({ maxChars: 20000, maxBytes: 46000 });
    expect(caps({ maxBytes: 5000 })).toMatchObject({ maxChars: 60000, maxBytes: 5000, channel: 'both' });
    expect(resolveOptions({ store: { maxResults: 3 } }).store.limits).toEqual({
      maxResults: 3,
      maxBytes: 64 * 1024 * 1024,
      maxResultBytes: 64 * 1024 * 1024,
      ttlMs: 1800000,
    });
    // No store option: the process's one shared memory store; a store object: itself.
    expect(resolveOptions({}).store).toBe(resolveOptions(undefined).store);
    const mine = memoryStore();
    expect(resolveOptions({ store: mine }).store).toBe(mine);
  });

  it("createBudgetPolicy refuses menu and menuKeep, which choose withBudget's tool menu, naming withBudget", () => {
    const why = (key: string) =>
      `createBudgetPolicy: ${key} is a withBudget option (it chooses the tool menu a server shows); a policy alone has no menu. Pass it to withBudget(server, { ${key} }).`;
    expect(codeOf(() => createBudgetPolicy({ menu: 'compact' } as never))).toEqual(['INVALID_OPTION', why('menu')]);
    expect(codeOf(() => createBudgetPolicy({ maxChars: 2000, menuKeep: ['a'] } as never))).toEqual([
      'INVALID_OPTION',
      why('menuKeep'),
    ]);
    expect(createBudgetPolicy({ maxChars: 2000 }).options.maxChars).toBe(2000);
  });

  it('an unknown option or a bad value throws INVALID_OPTION naming it', async () => {
    expect(codeOf(() => resolveOptions({ maxchars: 5 }))).toEqual([
      'INVALID_OPTION',
      'withBudget: unknown option "maxchars". Known options: preset, maxChars, maxBytes, maxTokens, channel, encoding, precision, compactJson, store, pageTool, readResult, onResult, preview, menu, menuKeep.',
    ]);
    expect(codeOf(() => resolveOptions({ preset: 'cursor' }))).toEqual([
      'INVALID_OPTION',
      'withBudget: preset must be one of editor, claudeCode, codex, gemini, got "cursor".',
    ]);
    expect(codeOf(() => resolveOptions({ channel: 'content' }))).toEqual([
      'INVALID_OPTION',
      'withBudget: channel must be one of both, structured, text, got "content".',
    ]);
    expect(codeOf(() => resolveOptions({ maxBytes: 999 }))).toEqual([
      'INVALID_OPTION',
      'withBudget: maxBytes must be an integer >= 1000, got 999.',
    ]);
    expect(codeOf(() => resolveOptions({ maxChars: 0 }))).toEqual([
      'INVALID_OPTION',
      'withBudget: maxChars must be an integer >= 1000, got 0.',
    ]);
    expect(codeOf(() => resolveOptions({ store: { maxBytes: -1 } }))).toEqual([
      'INVALID_OPTION',
      'withBudget: store.maxBytes must be an integer >= 1, got -1.',
    ]);
    expect(codeOf(() => resolveOptions({ maxChars: 999 }))?.[0]).toBe('INVALID_OPTION');
    expect(codeOf(() => resolveOptions({ maxTokens: 249 }))).toEqual([
      'INVALID_OPTION',
      'withBudget: maxTokens must be an integer >= 250, got 249.',
    ]);
    expect(codeOf(() => resolveOptions({ store: { size: 1 } }))?.[0]).toBe('INVALID_OPTION');
    expect(codeOf(() => resolveOptions({ precision: 40 }))?.[0]).toBe('INVALID_OPTION');
    expect(codeOf(() => resolveOptions({ encoding: 'p50k' }))?.[0]).toBe('INVALID_OPTION');
    expect(codeOf(() => resolveOptions({ onResult: 'log' }))?.[0]).toBe('INVALID_OPTION');
    expect(codeOf(() => resolveOptions('claudeCode'))?.[0]).toBe('INVALID_OPTION');
  });
});

describe('policy.apply under the cap', () => {
  it('plain data becomes one compact text block, exactly JSON.stringify', async () => {
    const policy = createBudgetPolicy();
    const data = { scenePath: 'a.scene', entities: entities(3) };
    const { result, info } = await policy.apply('get_scene', data, { hasOutputSchema: false });
    expect(result).toEqual({ content: [{ type: 'text', text: JSON.stringify(data) }] });
    const text = JSON.stringify(data);
    expect(info).toEqual({
      tool: 'get_scene',
      charsIn: text.length,
      tokensIn: countTokens(text),
      charsOut: text.length,
      tokensOut: countTokens(text),
      elided: false,
      ms: info.ms,
    });
    expect(info.ms).toBeGreaterThanOrEqual(0);
  });

  it('a pretty text copy of structuredContent is re-derived as its compact JSON; other blocks and _meta pass through', async () => {
    const policy = createBudgetPolicy();
    const structured = { files: ['a.ts', 'b.ts'], count: 2 };
    const image = { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' };
    const raw = {
      content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }, image],
      structuredContent: structured,
      _meta: { k: 1 },
    };
    const { result } = await policy.apply('list', raw, { hasOutputSchema: true });
    expect(result).toEqual({
      content: [{ type: 'text', text: JSON.stringify(structured) }, image],
      structuredContent: structured,
      _meta: { k: 1 },
    });
    expect(result.content[1]).toBe(image);
  });

  it('precision rounds structuredContent and its text copy alike', async () => {
    const policy = createBudgetPolicy({ precision: 3 });
    const { result } = await policy.apply(
      't',
      { structuredContent: { x: 1.23456, y: [2.71828] } },
      { hasOutputSchema: true },
    );
    expect(result).toEqual({
      content: [{ type: 'text', text: '{"x":1.23,"y":[2.72]}' }],
      structuredContent: { x: 1.23, y: [2.72] },
    });
  });

  it('a file-like text is sent byte for byte, even when it is JSON, unless compactJson is set', async () => {
    const file = '{\n  "name": "x",\n  "version": "1.0.0"\n}\n';
    const source = 'const a = 1;\r\n\tlet b = "\\u0000";\n// \ud83d\ude00 trailing space \n';
    for (const text of [file, source]) {
      expect(await createBudgetPolicy().apply('read_file', { content: [{ type: 'text', text }] }).result).toEqual({
        content: [{ type: 'text', text }],
      });
    }
    const compacted = await createBudgetPolicy({ compactJson: true }).apply('read_file', {
      content: [
        { type: 'text', text: file },
        { type: 'text', text: source },
      ],
    }).result;
    expect(compacted.content.map((b: Block) => b.text)).toEqual(['{"name":"x","version":"1.0.0"}', source]);
  });

  it('compactJson with precision keeps a text that is a JSON string as that JSON (the policy property found it sent bare)', async () => {
    const policy = createBudgetPolicy({ compactJson: true, precision: 6 });
    const { result } = await policy.apply('t', {
      content: [
        { type: 'text', text: '""' },
        { type: 'text', text: ' "caf\u00e9" ' },
        { type: 'text', text: '[1.23456789, "x"]' },
      ],
    });
    expect(result.content.map((b: Block) => b.text)).toEqual(['""', '"café"', '[1.23457,"x"]']);
  });
});

describe('policy.apply over the cap', () => {
  const cap = 4000;

  it('plain data: the preview plus a resource link; a success; pages reassemble exactly', async () => {
    const policy = createBudgetPolicy({ maxChars: cap });
    const data = { scenePath: 'a.scene', entities: entities(200) };
    const { result, info } = await policy.apply('get_scene', data, { hasOutputSchema: false });
    expect(result.isError).toBeUndefined();
    const { id, map } = linkOf(result)!;
    expect(result.content[0]).toEqual({
      type: 'text',
      text: previewAnswer(data, { maxChars: cap, link: linkOf(result) }),
    });
    const size = JSON.stringify(data).length;
    const line =
      `The result is too large to show whole (${size} chars; the cap is ${cap} chars), so this is a preview of it. ` +
      'This tool has no parameters that narrow its result; the pages hold the rest. ' +
      `${readSentence(id)}\n${map}`;
    expect(map).toMatch(/^Page map \(items of \$\.entities by index, 200 in all\): 1: 0–\d+, /);
    // JSON stays JSON: the answer parses, the line and the sizes inside it.
    const answer = JSON.parse(result.content[0].text as string);
    expect(Object.keys(answer)).toEqual(['tooLarge', 'code', 'size', 'cap', 'unit', 'preview']);
    expect(answer).toMatchObject({ tooLarge: line, code: 'TOO_LARGE', size, cap, unit: 'chars' });
    expect(result).not.toHaveProperty('structuredContent');
    expect(answer.preview).toMatchObject({
      scenePath: 'a.scene',
      entities: {
        _cut: { total: 200, fields: { id: 'number', guid: 'string', name: 'string', x: 'number' } },
        items: expect.arrayContaining([
          { index: 0, item: data.entities[0] },
          { index: 199, item: data.entities[199] },
        ]),
      },
    });
    const link = result.content[1];
    expect(link).toMatchObject({ type: 'resource_link', mimeType: 'application/json' });
    expect(link.uri).toMatch(/^budget:\/\/result\/[A-Za-z0-9_-]{22}$/);
    const pages = await pagesOf(policy, result);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(cap);
    expect(JSON.parse(pages[0])).toMatchObject({
      page: 1,
      pages: pages.length,
      path: '$.entities',
      rest: { scenePath: 'a.scene', entities: [] },
    });
    expect(JSON.stringify(reassemble(pages))).toBe(JSON.stringify(data));
    expect(info).toMatchObject({
      tool: 'get_scene',
      charsIn: JSON.stringify(data).length,
      charsOut: (result.content[0].text as string).length,
      elided: true,
    });
    // preview: false answers with encode's envelope, and the same pages.
    const plain = createBudgetPolicy({ maxChars: cap, preview: false });
    const enveloped = (await plain.apply('get_scene', data, { hasOutputSchema: false })).result;
    expect(enveloped.content[0]).toEqual({ type: 'text', text: encode(data, { maxChars: cap }) });
    expect(JSON.parse(enveloped.content[0].text as string)).toMatchObject({
      elided: true,
      code: 'TOO_LARGE',
      bytes: JSON.stringify(data).length,
      preview: { scenePath: '"a.scene"', entities: 'array(200)' },
    });
    expect(await pagesOf(plain, enveloped)).toEqual(pages);
  });

  it('structured, with an outputSchema or without: a success whose structuredContent is the answer, its text the same JSON', async () => {
    const policy = createBudgetPolicy({ maxChars: cap });
    const structured = { entities: entities(100) };
    const raw = {
      content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }],
      structuredContent: structured,
    };
    for (const hasOutputSchema of [true, false]) {
      const { result } = await policy.apply('get_scene', raw, { hasOutputSchema });
      expect(result.isError).toBeUndefined();
      const text = previewAnswer(structured, { maxChars: cap, link: linkOf(result) });
      expect(result.content[0]).toEqual({ type: 'text', text });
      expect(result.structuredContent).toEqual(JSON.parse(text));
      expect(JSON.stringify(result.structuredContent)).toBe(text);
      expect(JSON.stringify(reassemble(await pagesOf(policy, result)))).toBe(JSON.stringify(structured));
    }
    // A text-only result of a tool with an outputSchema gets the answer as structuredContent too.
    const textOnly = { content: [{ type: 'text', text: JSON.stringify(structured) }] };
    const { result } = await policy.apply('get_scene', textOnly, { hasOutputSchema: true });
    expect(result.structuredContent).toEqual(JSON.parse(result.content[0].text as string));
    expect((await policy.apply('get_scene', textOnly, { hasOutputSchema: false })).result).not.toHaveProperty(
      'structuredContent',
    );
  });

  it('plain text: its preview by lines within the cap (its head with preview: false), the rest in text pages that join to the original', async () => {
    const policy = createBudgetPolicy({ maxChars: cap });
    const text = Array.from({ length: 400 }, (_, i) => `line ${i}: "quoted" \\ tab\t 😀 é\n`).join('');
    const { result } = await policy.apply('read_file', { content: [{ type: 'text', text }] });
    expect(result.isError).toBeUndefined();
    expect(result.content[0]).toEqual({
      type: 'text',
      text: previewAnswer(text, { maxChars: cap, link: linkOf(result) }),
    });
    expect(result.content[0].text).toContain('\nline 0: "quoted" \\ tab\t 😀 é\nline 1: ');
    expect(result.content[0].text).toMatch(/\nline 399: "quoted" \\ tab\t 😀 é$/);
    const plain = createBudgetPolicy({ maxChars: cap, preview: false });
    const head = (await plain.apply('read_file', { content: [{ type: 'text', text }] })).result;
    expect(head.content[0]).toEqual({ type: 'text', text: longestHead(text, (out) => out.length <= cap) });
    expect((head.content[0].text as string).length).toBe(cap);
    expect((result.content[0].text as string).length).toBeLessThanOrEqual(cap);
    const pages = await pagesOf(policy, result);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(cap);
    expect(JSON.parse(pages[0])).toMatchObject({ page: 1, pages: pages.length });
    expect(reassemble(pages)).toBe(text);
  });

  it('a token cap: text, answer and every page within 10,000 real tokens and 50,000 chars', async () => {
    const policy = createBudgetPolicy({ maxChars: 50000, maxTokens: 10000 });
    // GUID-heavy JSON runs at ~2 chars per token: under 50,000 chars can still be over 10,000 tokens.
    const data = { entities: entities(2500) };
    const raw = { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
    const { result } = await policy.apply('get_scene', raw, { hasOutputSchema: true });
    const text = result.content[0].text as string;
    expect(text).toBe(previewAnswer(data, { maxChars: 50000, maxTokens: 10000, link: linkOf(result) }));
    expect(countTokens(text)).toBeLessThanOrEqual(2000 + 100);
    expect(text.length).toBeLessThanOrEqual(50000);
    expect(countTokens(text)).toBeLessThanOrEqual(10000);
    const pages = await pagesOf(policy, result);
    for (const page of pages) {
      expect(page.length).toBeLessThanOrEqual(50000);
      expect(countTokens(page)).toBeLessThanOrEqual(10000);
    }
    expect(JSON.stringify(reassemble(pages))).toBe(JSON.stringify(data));
    const small = JSON.stringify({ entities: entities(100) });
    expect(small.length).toBeLessThan(50000);
    const tokenHeavy = 'a1b2c3d4e5 '.repeat(4000);
    expect(countTokens(tokenHeavy)).toBeGreaterThan(10000);
    const { result: textResult } = await policy.apply('read_file', { content: [{ type: 'text', text: tokenHeavy }] });
    expect(countTokens(textResult.content[0].text as string)).toBeLessThanOrEqual(10000);
  });
});

describe('channel: the cap holds on the channel the client shows', () => {
  const big = { entities: entities(300) };
  const small = { entities: entities(3) };
  const file = 'a line of a file, kept byte for byte\n'.repeat(200);

  it('structured: structuredContent within the cap is sent whole, the text beside it as it came; over it, the answer', async () => {
    const policy = createBudgetPolicy({ maxChars: 2000, channel: 'structured' });
    const raw = { content: [{ type: 'text', text: file }], structuredContent: small };
    const { result, info } = await policy.apply('t', raw);
    expect(result).toEqual({ content: [{ type: 'text', text: file }], structuredContent: small });
    expect(info.elided).toBe(false);
    // Without structuredContent the text blocks are the channel.
    expect((await policy.apply('t', { content: [{ type: 'text', text: file }] })).info.elided).toBe(true);
    const over = (await policy.apply('t', { content: [{ type: 'text', text: 'x' }], structuredContent: big })).result;
    expect(JSON.stringify(over.structuredContent).length).toBeLessThanOrEqual(2000);
    expect(over.structuredContent).toMatchObject({ code: 'TOO_LARGE' });
  });

  it('text: the text blocks alone; structuredContent passes as it came, however large', async () => {
    const policy = createBudgetPolicy({ maxChars: 2000, channel: 'text' });
    const raw = { content: [{ type: 'text', text: 'the summary' }], structuredContent: big };
    const { result, info } = await policy.apply('t', raw, { hasOutputSchema: true });
    expect(result).toEqual(raw);
    expect(info.elided).toBe(false);
    // Its pretty copy is the text channel: over the cap, the answer, kept as the value.
    const copy = { content: [{ type: 'text', text: JSON.stringify(big, null, 2) }], structuredContent: big };
    const over = (await policy.apply('t', copy, { hasOutputSchema: true })).result;
    expect(over.content[0].text.length).toBeLessThanOrEqual(2000);
    expect(over.structuredContent).toEqual(JSON.parse(over.content[0].text));
    expect(JSON.stringify(reassemble(await pagesOf(policy, over)))).toBe(JSON.stringify(big));
  });

  it('maxBytes: UTF-8 bytes bind where the chars fit, on the answer and every page', async () => {
    const wide = { names: Array.from({ length: 120 }, (_, i) => `名前 ${i} — 😀 ${'é'.repeat(20)}`) };
    const json = JSON.stringify(wide);
    expect(json.length).toBeLessThan(6000);
    expect(Buffer.byteLength(json)).toBeGreaterThan(6000);
    const policy = createBudgetPolicy({ maxBytes: 6000 });
    const { result } = await policy.apply('t', wide);
    const answer = JSON.parse(result.content[0].text);
    expect(answer).toMatchObject({ code: 'TOO_LARGE', size: Buffer.byteLength(json), cap: 6000, unit: 'bytes' });
    expect(Buffer.byteLength(result.content[0].text)).toBeLessThanOrEqual(6000);
    const pages = await pagesOf(policy, result);
    for (const page of pages) expect(Buffer.byteLength(page)).toBeLessThanOrEqual(6000);
    expect(JSON.stringify(reassemble(pages))).toBe(json);
    // Within the bytes, sent whole; the char cap alone would have let it through.
    expect((await createBudgetPolicy({ maxChars: 6000 }).apply('t', wide)).info.elided).toBe(false);
    // A text's head with preview: false keeps within the bytes too.
    const plain = createBudgetPolicy({ maxBytes: 1000, preview: false });
    const text = (await plain.apply('t', { content: [{ type: 'text', text: 'é'.repeat(3000) }] })).result.content[0]
      .text;
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(1000);
    expect(text).toMatch(/^é+\n…\[\d+ chars elided of 3000\]$/);
  });
});

describe('policy.apply: the rarer shapes', () => {
  it('several text blocks count together; over the cap they are kept as the array of their texts', async () => {
    const policy = createBudgetPolicy({ maxChars: 1000 });
    const a = 'a'.repeat(600);
    const b = 'b\n'.repeat(300);
    const { result } = await policy.apply('t', {
      content: [
        { type: 'text', text: a },
        { type: 'text', text: b },
      ],
    });
    expect(result.content[0]).toEqual({
      type: 'text',
      text: previewAnswer([a, b], { maxChars: 1000, link: linkOf(result) }),
    });
    expect(reassemble(await pagesOf(policy, result))).toEqual([a, b]);
    const fits = await policy.apply('t', {
      content: [
        { type: 'text', text: a },
        { type: 'text', text: 'b'.repeat(400) },
      ],
    }).result;
    expect(fits.content.map((x: Block) => x.text)).toEqual([a, 'b'.repeat(400)]);
  });

  it('with compactJson and precision, the kept array holds a JSON-string text as its JSON (the pages read back "" as "")', async () => {
    const policy = createBudgetPolicy({ maxChars: 1000, compactJson: true, precision: 16 });
    const doc = JSON.stringify({ rows: Array.from({ length: 60 }, (_, i) => ({ i, s: `row ${i}` })) }, null, 2);
    const { result } = await policy.apply('t', {
      content: [
        { type: 'text', text: '""' },
        { type: 'text', text: doc },
      ],
    });
    expect(reassemble(await pagesOf(policy, result))).toEqual(['""', JSON.stringify(JSON.parse(doc))]);
  });

  it('the token cap is on the text blocks together', async () => {
    const policy = createBudgetPolicy({ maxChars: 1e6, maxTokens: 250 });
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    const one = words(100);
    expect(countTokens(one) * 2).toBeGreaterThan(250);
    expect(countTokens(one)).toBeLessThanOrEqual(250);
    const { result, info } = await policy.apply('t', {
      content: [
        { type: 'text', text: one },
        { type: 'text', text: one },
      ],
    });
    expect(info.elided).toBe(true);
    expect(countTokens(result.content[0].text as string)).toBeLessThanOrEqual(250);
  });

  it('a text within the char cap but over the token cap is cut by tokens (a char can be several tokens)', async () => {
    const policy = createBudgetPolicy({ maxChars: 1000, maxTokens: 250, preview: false });
    const text = '\u{10000}'.repeat(200);
    expect(text.length).toBeLessThan(1000);
    expect(countTokens(text)).toBeGreaterThan(250);
    const { result } = await policy.apply('t', { content: [{ type: 'text', text }] });
    const head = longestHead(text, (out) => countTokens(out) <= 250);
    expect(countTokens(head)).toBeLessThanOrEqual(250);
    expect(result.content[0]).toEqual({ type: 'text', text: head });
    expect(reassemble(await pagesOf(policy, result))).toBe(text);
  });

  it('a result whose pages alone are over store.maxBytes is answered without a link, and its hint says the rest could not be kept', async () => {
    const policy = createBudgetPolicy({ maxChars: 2000, store: { maxBytes: 5000 } });
    const data = { entities: entities(200) };
    const inputSchema = { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'number' } } };
    const { result, info } = await policy.apply('t', data, { inputSchema, arguments: { query: 'Palm 150' } });
    expect(info.elided).toBe(true);
    const text = previewAnswer(data, { maxChars: 2000, inputSchema, args: { query: 'Palm 150' } });
    expect(result.content).toEqual([{ type: 'text', text }]);
    expect(JSON.parse(text).tooLarge).toBe(
      `The result is too large to show whole (${JSON.stringify(data).length} chars; the cap is 2000 chars), so this is a preview of it. ` +
        "Narrow the call with this tool's own parameters (filter: query; limit: limit); " +
        'the rest could not be kept, so there are no pages to read.',
    );
    expect(text).toContain(`{"index":150,"why":"matches 150","item":${JSON.stringify(data.entities[150])}}`);
    expect(policy.store.stats()).toEqual({ results: 0, bytes: 0 });
    // With preview: false the answer is encode's envelope, as before.
    const plain = createBudgetPolicy({ maxChars: 2000, store: { maxBytes: 5000 }, preview: false });
    expect((await plain.apply('t', data)).result.content).toEqual([
      { type: 'text', text: encode(data, { maxChars: 2000 }) },
    ]);
  });

  it('an isError result over the cap stays an error; images stay after the envelope', async () => {
    const policy = createBudgetPolicy({ maxChars: 1000 });
    const image = { type: 'image', data: 'AAAA', mimeType: 'image/png' };
    const { result } = await policy.apply('t', {
      content: [image, { type: 'text', text: 'e'.repeat(3000) }],
      isError: true,
      _meta: { m: 1 },
    });
    expect(result.isError).toBe(true);
    expect(result._meta).toEqual({ m: 1 });
    expect(result.content.map((b: Block) => b.type)).toEqual(['text', 'resource_link', 'image']);
    expect(result.content[2]).toBe(image);
  });
});

describe('pages: every shape reassembles byte for byte', () => {
  const bigString = 'x'.repeat(30000) + '"\\\n\u0001😀' + 'y'.repeat(9000);
  const manyKeys = Object.fromEntries(
    Array.from({ length: 3000 }, (_, i) => [`key_${i} ${i % 7 === 0 ? '"q"' : ''}`, i]),
  );
  Object.defineProperty(manyKeys, '__proto__', {
    value: 'an ordinary key',
    enumerable: true,
    writable: true,
    configurable: true,
  });
  const shapes: Array<[string, unknown, string]> = [
    ['an object with a big collection', { scenePath: 's', count: 900, entities: entities(900) }, '$.entities'],
    [
      'a nested collection',
      { data: { scene: { 'the nodes': entities(900) }, meta: { v: 1 } } },
      '$.data.scene["the nodes"]',
    ],
    ['a single huge string in an object', { path: '/a/b', content: bigString }, '$.content'],
    ['a huge object with many keys', manyKeys, '$'],
    ['a top-level array', entities(900), '$'],
    ['an array of one huge object', [{ id: 1, rows: entities(900) }], '$[0].rows'],
  ];
  for (const [name, value, path] of shapes) {
    it(name, async () => {
      const cap = 5000;
      const policy = createBudgetPolicy({ maxChars: cap });
      const { result } = await policy.apply('t', value, { hasOutputSchema: false });
      const pages = await pagesOf(policy, result);
      for (const page of pages) expect(page.length).toBeLessThanOrEqual(cap);
      expect(JSON.parse(pages[0]).path).toBe(path);
      const back = reassemble(pages);
      expect(JSON.stringify(back)).toBe(JSON.stringify(value));
      if (value === manyKeys) expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    });
  }

  it('two big collections side by side are split as text of the compact JSON', async () => {
    const policy = createBudgetPolicy({ maxChars: 3000 });
    const value = { a: entities(60), b: entities(60) };
    const pages = await pagesOf(policy, (await policy.apply('t', value)).result);
    expect(JSON.parse(pages[0])).not.toHaveProperty('path');
    expect(reassemble(pages)).toBe(JSON.stringify(value));
  });
});

describe('pages: a property over random values, caps and token caps', () => {
  it('every page is within both caps and the pages reassemble the value (or the text) exactly', async () => {
    const big = fc.oneof(
      fc.array(jsonish, { minLength: 20, maxLength: 200 }),
      fc.dictionary(fc.string({ maxLength: 6 }), jsonish, { minKeys: 20, maxKeys: 200 }),
      fc.record({ head: jsonish, body: fc.array(jsonish, { minLength: 20, maxLength: 200 }) }),
      fc.array(nastyString, { minLength: 20, maxLength: 300 }).map((parts) => parts.join('')),
    );
    const caps = fc.record({
      maxChars: fc.integer({ min: 1000, max: 3000 }),
      maxTokens: fc.option(fc.integer({ min: 250, max: 800 }), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(big, caps, async (value, { maxChars, maxTokens }) => {
        const policy = createBudgetPolicy({ maxChars, maxTokens: maxTokens ?? null });
        const isText = typeof value === 'string';
        const raw = isText ? { content: [{ type: 'text', text: value }] } : value;
        const { result, info } = await policy.apply('t', raw);
        const original = isText ? value : JSON.stringify(value);
        const sent = result.content
          .filter((b: Block) => b.type === 'text')
          .map((b: Block) => b.text)
          .join('');
        expect(sent.length).toBeLessThanOrEqual(maxChars);
        if (maxTokens !== undefined) expect(countTokens(sent)).toBeLessThanOrEqual(maxTokens);
        if (!info.elided) return;
        const pages = await pagesOf(policy, result);
        for (const page of pages) {
          expect(page.length).toBeLessThanOrEqual(maxChars);
          if (maxTokens !== undefined) expect(countTokens(page)).toBeLessThanOrEqual(maxTokens);
        }
        const back = reassemble(pages);
        // Text pages join to a text (the compact JSON, for a value split as text); a text that
        // is one JSON document is kept as its value.
        const got = typeof back === 'string' ? back : JSON.stringify(back);
        expect(got).toBe(isText && typeof back !== 'string' ? JSON.stringify(JSON.parse(original)) : original);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('faults: an isError result with a clear, capped message', () => {
  const policy = createBudgetPolicy({ maxChars: 1000 });
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  const cases: Array<[string, unknown, string]> = [
    [
      'nothing',
      undefined,
      'Tool "t" failed: returned nothing (undefined); a tool must return a CallToolResult or the data to send',
    ],
    ['null', null, 'Tool "t" failed: returned nothing (null); a tool must return a CallToolResult or the data to send'],
    ['a string', 'done', 'Tool "t" failed: returned a string, not a CallToolResult or an object of data'],
    [
      'a BigInt',
      { n: 1n },
      'Tool "t" failed: returned a result that cannot be sent as JSON: Do not know how to serialize a BigInt',
    ],
    [
      'a BigInt in structuredContent',
      { content: [], structuredContent: { n: 1n } },
      'Tool "t" failed: returned a result that cannot be sent as JSON: Do not know how to serialize a BigInt',
    ],
  ];
  for (const [name, value, text] of cases) {
    it(name, async () => {
      const { result, info } = await policy.apply('t', value, { hasOutputSchema: false });
      expect(result).toEqual({ content: [{ type: 'text', text }], isError: true });
      expect(info).toMatchObject({ tool: 't', charsIn: 0, charsOut: text.length, elided: false });
    });
  }

  it('a cycle', async () => {
    const text = (await policy.apply('t', cyclic)).result.content[0].text as string;
    expect(
      text.startsWith(
        'Tool "t" failed: returned a result that cannot be sent as JSON: Converting circular structure to JSON',
      ),
    ).toBe(true);
    expect(text.length).toBeLessThanOrEqual(1000);
  });

  it('a thrown error, capped', async () => {
    expect(policy.fault('t', new Error('disk on fire'))).toMatchObject({
      result: { content: [{ type: 'text', text: 'Tool "t" failed: disk on fire' }], isError: true },
    });
    const long = policy.fault('t', new Error('x'.repeat(5000))).result.content[0].text as string;
    expect(long).toBe(longestHead(`Tool "t" failed: ${'x'.repeat(5000)}`, (out) => out.length <= 1000));
    expect(long.length).toBe(1000);
    expect(policy.fault('t', 'a string').result.content[0].text).toBe('Tool "t" failed: a string');
  });

  it('onResult sees every call, and a throwing onResult costs nothing', async () => {
    const seen: string[] = [];
    const watched = createBudgetPolicy({
      onResult: (info: { tool: string; elided: boolean }) => seen.push(`${info.tool}:${info.elided}`),
    });
    await watched.apply('a', { x: 1 });
    watched.fault('b', new Error('e'));
    expect(seen).toEqual(['a:false', 'b:false']);
    const rude = createBudgetPolicy({
      onResult: () => {
        throw new Error('observer');
      },
    });
    expect((await rude.apply('a', { x: 1 })).result).toEqual({ content: [{ type: 'text', text: '{"x":1}' }] });
  });
});

describe('readResource, the page tool and the store', () => {
  it('an unknown id is UNKNOWN_RESULT with the clean message; a bad URI or page is INVALID_INPUT', async () => {
    const policy = createBudgetPolicy({ maxChars: 3000 });
    expect(await codeOfAsync(() => policy.readResource('budget://result/0123456789ab?page=1'))).toEqual([
      'UNKNOWN_RESULT',
      'budget://result/0123456789ab: expired or unknown result — call the tool again',
    ]);
    expect((await codeOfAsync(() => policy.readResource('file:///etc/passwd')))?.[0]).toBe('INVALID_INPUT');
    expect((await codeOfAsync(() => policy.readResource('budget://result/ab?page=0')))?.[0]).toBe('INVALID_INPUT');
    expect((await codeOfAsync(() => policy.readResource('budget://result/ab?page=1&x=2')))?.[0]).toBe('INVALID_INPUT');
    const { result } = await policy.apply('t', { entities: entities(100) });
    const uri = result.content[1].uri as string;
    const n = JSON.parse((await policy.readResource(uri)).contents[0].text).pages;
    expect(await codeOfAsync(() => policy.readResource(`${uri}?page=${n + 1}`))).toEqual([
      'INVALID_INPUT',
      `${uri}?page=${n + 1}: page ${n + 1} does not exist; this result has pages 1 to ${n}.`,
    ]);
    expect(policy.resourceTemplate).toMatchObject({
      uriTemplate: 'budget://result/{id}',
      name: 'budget-result',
      mimeType: 'application/json',
    });
  });

  it('read_result_page returns the same page text, and errors as isError results', async () => {
    const policy = createBudgetPolicy({ maxChars: 3000, pageTool: true });
    const { result } = await policy.apply('t', { entities: entities(100) });
    const uri = result.content[1].uri as string;
    const id = uri.slice('budget://result/'.length);
    expect(result.content[1].description).toContain(`read_result_page with {"id":"${id}","page":K}`);
    expect(policy.pageTool).toMatchObject({
      name: 'read_result_page',
      inputSchema: { type: 'object', required: ['id'] },
    });
    expect(await policy.callPageTool({ id, page: 2 })).toEqual({
      content: [{ type: 'text', text: (await policy.readResource(`${uri}?page=2`)).contents[0].text }],
    });
    expect(await policy.callPageTool({ id: 'nope' })).toEqual({
      content: [{ type: 'text', text: 'budget://result/nope: expired or unknown result — call the tool again' }],
      isError: true,
    });
    expect((await policy.callPageTool({ id, page: 0 })).isError).toBe(true);
    expect((await policy.callPageTool(undefined)).isError).toBe(true);
  });

  it('after 500 oversized results the store holds at most maxBytes (measured by reading them back); evicted pages are the clean error', async () => {
    const maxBytes = 400_000;
    const policy = createBudgetPolicy({ maxChars: 4000, store: { maxBytes, maxResults: 1000 } });
    const uris: string[] = [];
    for (let i = 0; i < 500; i++) {
      const { result } = await policy.apply('t', { run: i, entities: entities(120 + (i % 50)) });
      uris.push(result.content[1].uri as string);
    }
    let measured = 0;
    let alive = 0;
    for (const uri of uris) {
      try {
        const first = (await policy.readResource(uri)).contents[0].text;
        const n = JSON.parse(first).pages;
        measured += Buffer.byteLength(first);
        for (let k = 2; k <= n; k++)
          measured += Buffer.byteLength((await policy.readResource(`${uri}?page=${k}`)).contents[0].text);
        alive++;
      } catch (e) {
        expect((e as Error).message).toBe(`${uri}: expired or unknown result — call the tool again`);
      }
    }
    expect(measured).toBeLessThanOrEqual(maxBytes);
    expect(policy.store.stats()).toEqual({ results: alive, bytes: measured });
    expect(alive).toBeGreaterThan(10);
    expect(alive).toBeLessThan(500);
    // Least recently used first: the newest results are the ones kept.
    await expect(policy.readResource(uris[499])).resolves.toBeDefined();
    await expect(policy.readResource(uris[0])).rejects.toThrow('expired or unknown result — call the tool again');
  });

  it('maxResults bounds the count, and a result is forgotten ttlMs after its last use', async () => {
    const policy = createBudgetPolicy({ maxChars: 3000, store: { maxResults: 2, ttlMs: 40 } });
    const uriOf = async (n: number) =>
      (await policy.apply('t', { entities: entities(n) })).result.content[1].uri as string;
    const a = await uriOf(60);
    const b = await uriOf(61);
    await policy.readResource(a);
    const c = await uriOf(62);
    expect(policy.store.stats().results).toBe(2);
    await expect(policy.readResource(b)).rejects.toThrow('expired or unknown');
    await expect(policy.readResource(a)).resolves.toBeDefined();
    await new Promise((r) => setTimeout(r, 60));
    // Expired, as the store remembers: the message says so, and how long results are kept.
    await expect(policy.readResource(c)).rejects.toThrow(
      `${c}: expired result (results are kept for 40 milliseconds after their last read) — call the tool again`,
    );
    expect(policy.store.stats()).toEqual({ results: 0, bytes: 0 });
  });

  it('by default every policy of the process shares one store: a page kept by one is read through another', async () => {
    const one = createBudgetPolicy({ maxChars: 3000 });
    const other = createBudgetPolicy({ maxChars: 3000 });
    expect(one.store).toBe(other.store);
    const { result } = await one.apply('t', { entities: entities(100) });
    const uri = result.content[1].uri as string;
    expect(await other.readResource(uri)).toEqual(await one.readResource(uri));
  });

  it("pages kept for an owner read as unknown for anyone else, exactly as a missing result's", async () => {
    const policy = createBudgetPolicy({ maxChars: 3000 });
    const { result } = await policy.apply('t', { entities: entities(100) }, { owner: 'session-a' });
    const uri = result.content[1].uri as string;
    const missing = await codeOfAsync(() => policy.readResource('budget://result/AAAAAAAAAAAAAAAAAAAAAA'));
    const foreign = await codeOfAsync(() => policy.readResource(uri, { owner: 'session-b' }));
    expect(foreign).toEqual([missing![0], (missing![1] as string).replace('AAAAAAAAAAAAAAAAAAAAAA', uri.slice(16))]);
    expect(await codeOfAsync(() => policy.readResource(uri))).toEqual(foreign);
    expect((await policy.readResource(uri, { owner: 'session-a' })).contents[0].text).toMatch(/^\{"page":1,/);
  });

  it('a store that cannot be reached: the call still answers within the cap and says its pages were not kept; a read is STORE_UNAVAILABLE', async () => {
    const down = Object.assign(new Error('the Redis result store (ioredis) is unreachable: connection refused'), {
      code: 'STORE_UNAVAILABLE',
    });
    const store = {
      put: () => Promise.reject(down),
      get: () => Promise.reject(down),
      delete: () => Promise.reject(down),
    };
    for (const maxTokens of [undefined, 10000]) {
      const policy = createBudgetPolicy({ maxChars: 3000, maxTokens, store });
      const data = { entities: entities(100) };
      const { result, info } = await policy.apply('t', data, { hasOutputSchema: false });
      const note =
        'The full result could not be kept, so it has no pages to read (the Redis result store (ioredis) is unreachable: connection refused). Call the tool again later, or narrow the call.';
      const texts = result.content.map((b) => b.text);
      expect(result.content.map((b) => b.type)).toEqual(['text', 'text']);
      expect(texts[1]).toBe(note);
      // The preview gives the note its room: together they are within both caps.
      expect(texts[0]).toBe(
        previewAnswer(data, {
          maxChars: 3000,
          maxTokens,
          room: { chars: note.length, tokens: countTokens(note) },
        }),
      );
      expect(JSON.parse(texts[0]!).tooLarge).toBe(
        `The result is too large to show whole (${JSON.stringify(data).length} chars; the cap is 3000 chars), so this is a preview of it. ` +
          'This tool has no parameters that narrow its result; the rest could not be kept, so there are no pages to read.',
      );
      if (maxTokens !== undefined) expect(countTokens(texts[0]!) + countTokens(note)).toBeLessThanOrEqual(10000);
      // With preview: false, the envelope gives the note its room.
      const plain = createBudgetPolicy({ maxChars: 3000, maxTokens, store, preview: false });
      expect((await plain.apply('t', data, { hasOutputSchema: false })).result.content[0].text).toBe(
        encode(data, {
          maxChars: 3000 - note.length,
          ...(maxTokens !== undefined ? { maxTokens: 10000 - countTokens(note) } : {}),
        }),
      );
      expect(info.charsOut).toBe(texts[0]!.length + note.length);
      expect(info.charsOut).toBeLessThanOrEqual(3000);
      expect(info.elided).toBe(true);
      expect(await codeOfAsync(() => policy.readResource('budget://result/AAAAAAAAAAAAAAAAAAAAAA'))).toEqual([
        'STORE_UNAVAILABLE',
        'the Redis result store (ioredis) is unreachable: connection refused',
      ]);
      expect(await policy.callPageTool({ id: 'AAAAAAAAAAAAAAAAAAAAAA' })).toEqual({
        content: [{ type: 'text', text: 'the Redis result store (ioredis) is unreachable: connection refused' }],
        isError: true,
      });
    }
    // A store of the caller's that throws anything else is unreachable too, in its own words.
    const odd = createBudgetPolicy({
      store: {
        put: () => 'x',
        get: () => {
          throw new TypeError('boom');
        },
        delete: () => false,
      },
    });
    expect(await codeOfAsync(() => odd.readResource('budget://result/abc'))).toEqual([
      'STORE_UNAVAILABLE',
      'the result store failed: boom',
    ]);
  });
});

describe('the one token pass: envelope, counts and pages from one count of the text', () => {
  it('over both caps, the envelope is exactly encode’s, info counts are exact, and nested collections under nasty keys page exactly', async () => {
    const key = fc.oneof(nastyString, fc.constantFrom('__proto__', 'constructor', 'a b', '"', '\\', '😀', ''));
    const nested = fc
      .tuple(fc.array(key, { minLength: 1, maxLength: 3 }), fc.array(jsonish, { minLength: 30, maxLength: 150 }))
      .map(([path, items]) => {
        let value: unknown = items;
        for (const k of path) {
          const holder: Record<string, unknown> = {};
          Object.defineProperty(holder, k, { value, enumerable: true, writable: true, configurable: true });
          value = holder;
        }
        return value;
      });
    const caps = fc.record({
      maxChars: fc.integer({ min: 1000, max: 4000 }),
      maxTokens: fc.integer({ min: 250, max: 1200 }),
    });
    await fc.assert(
      fc.asyncProperty(nested, caps, async (value, { maxChars, maxTokens }) => {
        const policy = createBudgetPolicy({ maxChars, maxTokens, preview: false });
        const { result, info } = await policy.apply('t', value);
        const text = JSON.stringify(value);
        expect(info.tokensIn).toBe(countTokens(text));
        expect(info.charsIn).toBe(text.length);
        if (!info.elided) return;
        expect(result.content[0].text).toBe(encode(JSON.parse(text), { maxChars, maxTokens }));
        expect(info.tokensOut).toBe(countTokens(result.content[0].text as string));
        if (result.content.length === 1) return;
        const pages = await pagesOf(policy, result);
        for (const page of pages) {
          expect(page.length).toBeLessThanOrEqual(maxChars);
          expect(countTokens(page)).toBeLessThanOrEqual(maxTokens);
        }
        const back = reassemble(pages);
        expect(typeof back === 'string' ? back : JSON.stringify(back)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
