import { describe, expect, it } from 'vitest';
import { createFormatter, isFailureBody, type ToolResult } from 'modoki-budget';
import * as ref from './reference/result';

describe('createFormatter', () => {
  it('ok/err shapes and banner match the reference', () => {
    const warnings = ['You are driving the sibling clone', null, '', 'again'];
    let i = 0;
    let j = 0;
    const ours = createFormatter(() => warnings[i++ % warnings.length]);
    const theirs = ref.createFormatter(() => warnings[j++ % warnings.length]);
    for (const data of [{ a: 1 }, [1, 2], 'text', { big: 'x'.repeat(70_000) }]) {
      expect(ours.ok(data)).toEqual(theirs.ok(data));
      expect(ours.err(`failed: ${JSON.stringify(data)}`)).toEqual(theirs.err(`failed: ${JSON.stringify(data)}`));
    }
  });

  it('returns banner, ok, fail and err', () => {
    expect(Object.keys(createFormatter(() => null))).toEqual(['banner', 'ok', 'fail', 'err']);
  });

  it('calls getWarning on every call, not once', () => {
    let calls = 0;
    const f = createFormatter(() => (++calls % 2 ? 'WARN' : null));
    expect(f.ok(1).content[0].text).toBe('WARN\n\n1');
    expect(f.ok(1).content[0].text).toBe('1');
    expect(f.banner('x')).toBe('WARN\n\nx');
    expect(calls).toBe(3);
  });

  it('ok has no isError key; err sets isError: true', () => {
    const f = createFormatter(() => null);
    const ok: ToolResult = f.ok({ a: 1 });
    expect(ok).toStrictEqual({ content: [{ type: 'text', text: '{"a":1}' }] });
    expect('isError' in ok).toBe(false);
    expect(f.err('boom')).toStrictEqual({ content: [{ type: 'text', text: 'boom' }], isError: true });
  });

  it('the banner sits outside the cap and is never cut', () => {
    const banner = 'B'.repeat(500);
    const f = createFormatter(() => banner);
    const text = f.ok({ big: 'x'.repeat(80_000) }).content[0].text;
    expect(text.startsWith(`${banner}\n\n{"elided":true`)).toBe(true);
    const payload = text.slice(banner.length + 2);
    expect(payload.length).toBeLessThanOrEqual(60_000);
    expect(JSON.parse(payload).elided).toBe(true);
    const errText = f.err('e'.repeat(70_000)).content[0].text;
    expect(errText.startsWith(`${banner}\n\n`)).toBe(true);
    expect(errText.endsWith('\n…[10000 chars elided of 70000]')).toBe(true);
  });

  it('a throwing getWarning does not make ok throw', () => {
    const f = createFormatter(() => {
      throw new Error('no state');
    });
    expect(f.ok([1]).content[0].text).toBe('[1]');
  });

  it('rejects a non-function with a clear TypeError', () => {
    expect(() => createFormatter('warn' as unknown as () => string)).toThrow(
      new TypeError('createFormatter(getWarning): getWarning must be a function returning a string or null'),
    );
  });
});

describe('isFailureBody', () => {
  const cases: unknown[] = [
    null,
    undefined,
    7,
    'error',
    [{ ok: false }],
    { ok: true, errors: ['ignored'] },
    { ok: true },
    {},
    { changed: 1 },
    { ok: false },
    { ok: false, error: '' },
    { ok: false, error: 'backend 500' },
    { error: 'bad trait' },
    { errors: ['a', 2, 'b'], error: 'c' },
    { errors: [], error: 'only error' },
    { errors: [1, 2] },
    { ok: false, errors: [1, 2], error: 'fallback' },
    { ok: 'no', errors: ['x'] },
  ];
  it.each(cases.map((c) => [JSON.stringify(c) ?? String(c), c]))('%s matches the reference', (_, body) => {
    expect(isFailureBody(body)).toBe(ref.isFailureBody(body));
  });

  it('writes the detail then the full response', () => {
    expect(isFailureBody({ ok: false, errors: ['no entity 12', 'bad field'] })).toBe(
      'no entity 12; bad field\n\nfull response: {"ok":false,"errors":["no entity 12","bad field"]}',
    );
    expect(isFailureBody({ ok: false })).toBe('the operation reported ok:false\n\nfull response: {"ok":false}');
  });

  it('a circular body does not throw', () => {
    const body: Record<string, unknown> = { ok: false, error: 'loop' };
    body.self = body;
    expect(isFailureBody(body)).toBe('loop\n\nfull response: {"ok":false,"error":"loop","self":"[Circular]"}');
  });
});
