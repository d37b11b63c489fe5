// The protocol revision of each answer the budget layer writes, decided per request from its
// envelope: one surface (as one connection would) answers 2025-era and 2026-07-28 requests
// interleaved, each in its own revision; results that are not final pass the policy untouched.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { createBudgetPolicy, memoryStore } from 'modoki-budget';

const require = createRequire(import.meta.url);
const { createSurface } = require('../node/mcp/surface.cjs');

const MODERN = { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } };
const LATER = { _meta: { 'io.modelcontextprotocol/protocolVersion': '2027-01-15' } };
const LEGACY = {};
const nothingServed = { serves: () => false, listTools: async () => [] };
const rows = { rows: Array.from({ length: 300 }, (_, i) => ({ i })) };

describe('the surface answers each request in its own revision', () => {
  it('interleaved on one surface: resultType and cache hints in 2026-07-28 and later, nothing added in 2025', async () => {
    const policy = createBudgetPolicy({ maxChars: 2000, pageTool: true, store: memoryStore({ ttlMs: 600_000 }) });
    const surface = createSurface(policy);
    const uri = (await policy.apply('t', rows)).result.content[1].uri as string;
    const answers = [];
    for (const params of [MODERN, LEGACY, LATER, LEGACY]) {
      answers.push({
        templates: (await surface.answer('resources/templates/list', params, nothingServed)).result,
        resources: (await surface.answer('resources/list', params, nothingServed)).result,
        tools: (await surface.answer('tools/list', params, nothingServed)).result,
        page: (await surface.answer('resources/read', { ...params, uri: `${uri}?page=2` }, nothingServed)).result,
        tool: (
          await surface.answer(
            'tools/call',
            { ...params, name: 'read_result_page', arguments: { id: 'x' } },
            nothingServed,
          )
        ).result,
      });
    }
    const hints = (r: Record<string, unknown>) => [r.resultType, r.ttlMs, r.cacheScope];
    for (const modern of [answers[0], answers[2]]) {
      expect(hints(modern.templates)).toEqual(['complete', 0, 'private']);
      expect(hints(modern.resources)).toEqual(['complete', 0, 'private']);
      expect(hints(modern.tools)).toEqual(['complete', 0, 'private']);
      expect(hints(modern.page)).toEqual(['complete', 600_000, 'private']);
      expect(hints(modern.tool)).toEqual(['complete', undefined, undefined]);
      expect(modern.tool.isError).toBe(true);
    }
    for (const legacy of [answers[1], answers[3]]) {
      for (const answer of Object.values(legacy)) expect(hints(answer)).toEqual([undefined, undefined, undefined]);
    }
    // Besides those fields, both revisions answer the same.
    const strip = ({ resultType: _r, ttlMs: _t, cacheScope: _c, ...rest }: Record<string, unknown>) => rest;
    for (const key of ['templates', 'resources', 'tools', 'page', 'tool'] as const)
      expect(strip(answers[0][key])).toEqual(answers[1][key]);
  });

  it('a revision the adapter names wins over the envelope', async () => {
    const surface = createSurface(createBudgetPolicy({ maxChars: 2000 }));
    const out = await surface.answer('resources/list', MODERN, { ...nothingServed, revision: '2025-11-25' });
    expect(out).toEqual({ result: { resources: [] } });
  });

  it('a server answer the surface merges keeps its own resultType and cache hints', () => {
    const surface = createSurface(createBudgetPolicy({ maxChars: 2000, pageTool: true }));
    const merged = surface.merge('tools/list', MODERN, {
      resultType: 'complete',
      ttlMs: 5000,
      cacheScope: 'public',
      tools: [],
    });
    expect(merged).toMatchObject({ resultType: 'complete', ttlMs: 5000, cacheScope: 'public' });
    expect(merged.tools.map((t: { name: string }) => t.name)).toEqual(['read_result', 'read_result_page']);
  });
});

describe('results that are not final pass the policy untouched', () => {
  it.each([
    [
      'an input_required round',
      {
        resultType: 'input_required',
        inputRequests: { q: { method: 'elicitation/create', params: { message: 'x'.repeat(9000) } } },
      },
    ],
    [
      'a task handle',
      {
        resultType: 'task',
        taskId: 't-1',
        status: 'working',
        createdAt: 'x',
        lastUpdatedAt: 'x',
        ttlMs: null,
        note: 'x'.repeat(9000),
      },
    ],
  ])('%s: the same object, not reported, an info of zeros', async (_label, value) => {
    const seen: unknown[] = [];
    const policy = createBudgetPolicy({ maxChars: 2000, onResult: (info) => seen.push(info) });
    const applied = await policy.apply('t', value);
    expect(applied.result).toBe(value);
    expect(applied.info).toEqual({
      tool: 't',
      charsIn: 0,
      tokensIn: 0,
      charsOut: 0,
      tokensOut: 0,
      elided: false,
      ms: expect.any(Number),
    });
    expect(seen).toEqual([]);
  });

  it('a final result keeps its resultType and _meta when it is rewritten over the cap', async () => {
    const policy = createBudgetPolicy({ maxChars: 2000 });
    const meta = { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } };
    const { result } = await policy.apply('t', {
      resultType: 'complete',
      _meta: meta,
      content: [{ type: 'text', text: JSON.stringify(rows) }],
    });
    expect(result.resultType).toBe('complete');
    expect(result._meta).toEqual(meta);
    expect(result.content.map((b) => b.type)).toEqual(['text', 'resource_link']);
  });
});
