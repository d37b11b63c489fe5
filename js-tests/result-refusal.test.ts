// The structured refusal: encodeError's field budgets, fail() and its detail symbol, the
// registerAll-style name stamp, and what the SDK's own Client receives.
import { describe, expect, it } from 'vitest';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { z } from 'zod';
import fc from 'fast-check';
import {
  ERROR_DETAIL,
  MAX_PAYLOAD_CHARS,
  createFormatter,
  encodeError,
  errorDetailOf,
  type ToolErrorDetail,
  type ToolResult,
} from 'modoki-budget';
import * as ref from './reference/result';
import { jsonish } from './support/arbitraries';

const base = { code: 'REFUSED_BY_OP', what: 'set Transform.x on Capsule', why: 'the route reported ok:false' } as const;
/** `{"x":"yyy…"}` whose compact JSON is exactly `chars` long. */
const bodyOf = (chars: number) => ({ x: 'y'.repeat(chars - 8) });

describe('encodeError', () => {
  it('writes the fields in the contract order and leaves out the absent ones', () => {
    expect(
      encodeError({ options: ['a'], expected: 'an id', got: 5, why: 'w', what: 'x', tool: 't', code: 'NOT_FOUND' }),
    ).toBe('{"error":{"code":"NOT_FOUND","tool":"t","what":"x","why":"w","got":5,"expected":"an id","options":["a"]}}');
    expect(encodeError(base)).toBe(
      '{"error":{"code":"REFUSED_BY_OP","what":"set Transform.x on Capsule","why":"the route reported ok:false"}}',
    );
    expect(encodeError({ ...base, got: null })).toBe(`${encodeError(base).slice(0, -2)},"got":null}}`);
  });

  it('caps what, why and expected at 4,000 chars each', () => {
    const at = 'a'.repeat(4000);
    const over = 'b'.repeat(4001);
    const parsed = JSON.parse(encodeError({ code: 'TIMEOUT', what: at, why: over, expected: over })).error;
    expect(parsed.what).toBe(at);
    expect(parsed.why).toBe(`${'b'.repeat(4000)}\n…[1 chars elided of 4001]`);
    expect(parsed.expected).toBe(parsed.why);
  });

  it('caps a string got at 8,000 chars, or at gotBudget', () => {
    expect(JSON.parse(encodeError({ ...base, got: 'g'.repeat(8000) })).error.got).toBe('g'.repeat(8000));
    expect(JSON.parse(encodeError({ ...base, got: 'g'.repeat(8001) })).error.got).toBe(
      `${'g'.repeat(8000)}\n…[1 chars elided of 8001]`,
    );
    expect(JSON.parse(encodeError({ ...base, got: 'abcdefghijkl', gotBudget: 10 })).error.got).toBe(
      'abcdefghij\n…[2 chars elided of 12]',
    );
  });

  it('keeps a structured got structured while its JSON fits, else a shape report', () => {
    expect(JSON.parse(encodeError({ ...base, got: bodyOf(8000) })).error.got).toEqual(bodyOf(8000));
    expect(JSON.parse(encodeError({ ...base, got: bodyOf(8001) })).error.got).toEqual({
      elided: true,
      bytes: 8001,
      preview: { x: 'string(7993)' },
    });
    const report = { failedAt: 2, steps: Array.from({ length: 900 }, (_, i) => ({ i, ok: i !== 2 })) };
    expect(JSON.stringify(report).length).toBeGreaterThan(8000);
    expect(JSON.parse(encodeError({ ...base, got: report, gotBudget: MAX_PAYLOAD_CHARS })).error.got).toEqual(report);
    expect(JSON.parse(encodeError({ ...base, got: report })).error.got).toEqual({
      elided: true,
      bytes: JSON.stringify(report).length,
      preview: { failedAt: '2', steps: 'array(900)' },
    });
  });

  it('a got JSON cannot write is its String(), never a throw', () => {
    expect(JSON.parse(encodeError({ ...base, got: undefined })).error).not.toHaveProperty('got');
    expect(JSON.parse(encodeError({ ...base, got: Symbol('s') })).error.got).toBe('Symbol(s)');
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = loop;
    expect(JSON.parse(encodeError({ ...base, got: loop })).error.got).toEqual({ a: 1, self: '[Circular]' });
    expect(JSON.parse(encodeError({ ...base, got: { n: 12n } })).error.got).toEqual({ n: '12' });
  });

  it('never cuts a surrogate pair in half', () => {
    const what = `${'a'.repeat(3999)}😀`;
    expect(JSON.parse(encodeError({ ...base, what })).error.what).toBe(
      `${'a'.repeat(3999)}\n…[2 chars elided of 4001]`,
    );
  });

  it('non-string prose fields are written as String(value), never a throw', () => {
    const detail = { code: 'NOT_FOUND', what: 5, expected: ['an id'] } as unknown as ToolErrorDetail;
    expect(encodeError(detail)).toBe('{"error":{"code":"NOT_FOUND","what":"5","why":"undefined","expected":"an id"}}');
  });

  it('matches the reference on generated details around every budget', () => {
    // ASCII prose, so a cut never lands inside a surrogate pair (the one intended difference).
    const prose = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.integer({ min: 3990, max: 4010 }).map((n) => 'p'.repeat(n)),
    );
    const got = fc.oneof(
      jsonish,
      fc.integer({ min: 7990, max: 8010 }).map((n) => 'g'.repeat(n)),
      fc.integer({ min: 7990, max: 8010 }).map(bodyOf),
    );
    const detail = fc.record(
      {
        code: fc.constantFrom('NOT_FOUND', 'PARTIAL'),
        tool: fc.string({ maxLength: 8 }),
        what: prose,
        why: prose,
        got,
        expected: prose,
        options: fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
        gotBudget: fc.integer({ min: 0, max: 9000 }),
      },
      { requiredKeys: ['code', 'what', 'why'] },
    );
    fc.assert(
      fc.property(detail, (d) => {
        // A string got is cut as text, where a surrogate pair is never split (tested above).
        fc.pre(!(typeof d.got === 'string' && /[\ud800-\udfff]/.test(d.got)));
        expect(encodeError(d as ToolErrorDetail)).toBe(ref.encodeError(d));
      }),
      { numRuns: 500 },
    );
  });

  it('a detail that is not an object is a TypeError naming the call', () => {
    expect(() => encodeError(null as unknown as ToolErrorDetail)).toThrow(
      new TypeError('encodeError(detail): detail must be an object { code, what, why, ... }'),
    );
  });
});

describe('createFormatter: fail, and err kept as the v0.3 form', () => {
  it('fail renders the refusal, sets isError and carries the detail on Symbol.for("modoki.errorDetail")', () => {
    const { fail } = createFormatter(() => null);
    const detail: ToolErrorDetail = {
      code: 'NOT_FOUND',
      what: 'find Capsule',
      why: 'no entity has that name',
      options: ['Capsule_1', 'Capsule_2'],
    };
    const result = fail(detail);
    expect(ERROR_DETAIL).toBe(Symbol.for('modoki.errorDetail'));
    expect(result.content).toEqual([
      {
        type: 'text',
        text: '{"error":{"code":"NOT_FOUND","what":"find Capsule","why":"no entity has that name","options":["Capsule_1","Capsule_2"]}}',
      },
    ]);
    expect(result.isError).toBe(true);
    expect(Object.getOwnPropertySymbols(result)).toEqual([ERROR_DETAIL]);
    expect(errorDetailOf(result)).toBe(detail);
    expect(JSON.parse(JSON.stringify(result))).toStrictEqual({ content: result.content, isError: true });
  });

  it('the banner precedes the refusal and the refusal is never cut', () => {
    const { fail } = createFormatter(() => 'WARN: other clone');
    const text = fail({ ...base, got: 'g'.repeat(MAX_PAYLOAD_CHARS * 2) }).content[0].text;
    expect(text.startsWith('WARN: other clone\n\n{"error":{"code":"REFUSED_BY_OP",')).toBe(true);
    expect(JSON.parse(text.slice('WARN: other clone\n\n'.length)).error.got).toBe(
      `${'g'.repeat(8000)}\n…[112000 chars elided of 120000]`,
    );
  });

  it('only a non-empty string is a banner; a throwing getWarning means no banner', () => {
    const numeric = createFormatter(() => 5 as unknown as string);
    expect(numeric.fail(base).content[0].text.startsWith('{"error":')).toBe(true);
    const throwing = createFormatter(() => {
      throw new Error('identity probe failed');
    });
    expect(throwing.fail(base).content[0].text).toBe(encodeError(base));
  });

  it('err keeps the free-text form; ok and err carry no detail', () => {
    const { ok, err } = createFormatter(() => null);
    expect(err('boom')).toStrictEqual({ content: [{ type: 'text', text: 'boom' }], isError: true });
    expect(errorDetailOf(err('boom'))).toBeUndefined();
    expect(errorDetailOf(ok({ a: 1 }))).toBeUndefined();
    expect(errorDetailOf(null as unknown as object)).toBeUndefined();
    expect(errorDetailOf({ [ERROR_DETAIL]: base })).toBe(base);
  });

  it('a server re-stamps a detail without a tool name, as registerAll does', () => {
    const { fail } = createFormatter(() => null);
    const stamp = (name: string, result: ToolResult): ToolResult => {
      const detail = errorDetailOf(result);
      if (!detail || detail.tool) return result;
      return fail({ ...detail, tool: name });
    };
    const stamped = stamp('modoki_set_transform', fail(base));
    expect(stamped.content[0]).toEqual({
      type: 'text',
      text: '{"error":{"code":"REFUSED_BY_OP","tool":"modoki_set_transform","what":"set Transform.x on Capsule","why":"the route reported ok:false"}}',
    });
    expect(errorDetailOf(stamped)).toEqual({ ...base, tool: 'modoki_set_transform' });
    const named = fail({ ...base, tool: 'modoki_batch' });
    expect(stamp('modoki_other', named)).toBe(named);
  });
});

describe('through the SDK: McpServer to Client', () => {
  it('a fail result arrives as an isError text result without the symbol, and ok as plain text', async () => {
    const { ok, fail } = createFormatter(() => null);
    const server = new McpServer({ name: 'result-refusal.test', version: '0.0.0' });
    server.registerTool(
      'find',
      { description: 'find', inputSchema: { name: z.string() } },
      async ({ name }): Promise<ToolResult> =>
        name === 'Capsule'
          ? ok({ guid: 'ab12' })
          : fail({ code: 'NOT_FOUND', what: `find ${name}`, why: 'no entity has that name' }),
    );
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'result-refusal.test', version: '0.0.0' });
    await client.connect(clientSide);
    try {
      const refused = await client.callTool({ name: 'find', arguments: { name: 'Cube' } });
      expect(refused).toStrictEqual({
        content: [
          { type: 'text', text: '{"error":{"code":"NOT_FOUND","what":"find Cube","why":"no entity has that name"}}' },
        ],
        isError: true,
      });
      expect(await client.callTool({ name: 'find', arguments: { name: 'Capsule' } })).toStrictEqual({
        content: [{ type: 'text', text: '{"guid":"ab12"}' }],
      });
    } finally {
      await client.close();
    }
  });
});
