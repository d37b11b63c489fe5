// The closed code set and the rules for reading a backend reply: codeFromBody, codeFromStatus,
// optionsFromBody, describeShape, and the failure rule (failureDetail / isFailureBody).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ERROR_CODES,
  codeFromBody,
  codeFromStatus,
  describeShape,
  failureDetail,
  isFailureBody,
  optionsFromBody,
  type ErrorCode,
} from 'modoki-budget';
import * as ref from './reference/result';

describe('ERROR_CODES', () => {
  it('is the twelve codes in the editor order, frozen', () => {
    expect(ERROR_CODES).toEqual([
      'UNKNOWN_PARAM',
      'AMBIGUOUS',
      'NOT_FOUND',
      'AMBIGUOUS_SURFACE',
      'OCCLUDED',
      'REFUSED_BY_OP',
      'NO_RENDERER',
      'TIMEOUT',
      'TOO_LARGE',
      'REQUIRES_SAVE',
      'NOT_AVAILABLE_HERE',
      'PARTIAL',
    ]);
    expect(Object.isFrozen(ERROR_CODES)).toBe(true);
  });
});

describe('codeFromBody', () => {
  const fallback: ErrorCode = 'REFUSED_BY_OP';
  it.each([
    [{ code: 'NOT_FOUND' }, 'NOT_FOUND'],
    [{ ok: false, code: 'TOO_LARGE', error: 'x' }, 'TOO_LARGE'],
    [Object.assign([], { code: 'PARTIAL' }), 'PARTIAL'],
    [{ code: 'not_found' }, fallback],
    [{ code: 'BOGUS' }, fallback],
    [{ code: 'constructor' }, fallback],
    [{ code: 404 }, fallback],
    [{}, fallback],
    [null, fallback],
    ['NOT_FOUND', fallback],
  ])('%j → %s', (body, want) => {
    expect(codeFromBody(body, fallback)).toBe(want);
  });

  it('a body whose code getter throws falls back instead of throwing', () => {
    const body = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap');
        },
      },
    );
    expect(codeFromBody(body, 'TIMEOUT')).toBe('TIMEOUT');
  });
});

describe('codeFromStatus', () => {
  it.each([
    [404, undefined, 'NOT_AVAILABLE_HERE'],
    [404, '', 'NOT_AVAILABLE_HERE'],
    [404, 'No backend route for GET /api/prefab', 'NOT_AVAILABLE_HERE'],
    [404, 'NO SUCH API ROUTE: /api/x', 'NOT_AVAILABLE_HERE'],
    [404, 'entity 12 not found', 'NOT_FOUND'],
    [404, 'no route', 'NOT_FOUND'],
    [500, undefined, 'NOT_AVAILABLE_HERE'],
    [503, 'no such API route', 'NOT_AVAILABLE_HERE'],
    [599, undefined, 'NOT_AVAILABLE_HERE'],
    [400, undefined, 'REFUSED_BY_OP'],
    [409, 'the editor is Playing', 'REFUSED_BY_OP'],
    [499, undefined, 'REFUSED_BY_OP'],
    [200, undefined, 'REFUSED_BY_OP'],
    [Number.NaN, undefined, 'REFUSED_BY_OP'],
  ])('%s %j → %s', (status, detail, want) => {
    expect(codeFromStatus(status, detail)).toBe(want);
  });

  it('a status that is not a number never matches 404 and never throws', () => {
    expect(codeFromStatus('404' as unknown as number)).toBe('REFUSED_BY_OP');
    expect(codeFromStatus(Symbol('s') as unknown as number)).toBe('REFUSED_BY_OP');
  });
});

describe('optionsFromBody', () => {
  it.each([
    [{ options: ['use guid ab12', '', 3, null, 'rename one'] }, ['use guid ab12', 'rename one']],
    [{ options: [] }, undefined],
    [{ options: [''] }, undefined],
    [{ options: 'one' }, undefined],
    [{}, undefined],
    [[], undefined],
    [null, undefined],
    ['options', undefined],
  ])('%j → %j', (body, want) => {
    expect(optionsFromBody(body)).toEqual(want);
  });
});

describe('describeShape', () => {
  it.each([
    [null, 'null'],
    [[1, 2], 'an array'],
    [{}, 'an empty object'],
    [{ secret: 'hunter2', level: 'warn' }, 'an object with keys: secret, level'],
    [Object.fromEntries('abcdefghij'.split('').map((k) => [k, 1])), 'an object with keys: a, b, c, d, e, f, g, h'],
    ['line 1', 'a string'],
    [7, 'a number'],
    [true, 'a boolean'],
    [undefined, 'a undefined'],
    [() => 1, 'a function'],
    [1n, 'a bigint'],
  ])('%s → %s', (value, want) => {
    expect(describeShape(value)).toBe(want);
  });

  it('a value whose keys cannot be read is described, not thrown', () => {
    const proxy = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('trap');
        },
      },
    );
    expect(describeShape(proxy)).toBe('an object whose keys could not be read');
  });
});

describe('the failure rule', () => {
  const full = (detail: string, body: unknown) => `${detail}\n\nfull response: ${JSON.stringify(body)}`;
  it.each([
    [{ ok: true, error: 'boom' }, null],
    [{ ok: true, errors: ['a.png failed'], converted: 20 }, null],
    [{ error: '' }, null],
    [{ error: 'bad trait' }, 'bad trait'],
    [[], null],
    [[{ ok: false }], null],
    [{ ok: false, reason: 'capture is not running' }, 'capture is not running'],
    [{ reason: 'only a reason' }, null],
    [{ ok: false, reason: '' }, 'the operation reported ok:false'],
    [{ ok: false, error: 'the error', reason: 'the reason' }, 'the error'],
    [{ ok: false, errors: [], error: '', reason: 'r' }, 'r'],
    [{ errors: [1, null, { msg: 'x' }] }, null],
    [{ ok: false, errors: [1, 'real one', { msg: 'x' }] }, 'real one'],
    [{ errors: ['a', 2, 'b'], error: 'c' }, 'a; b'],
    [{ errors: [''] }, ''],
    [{ ok: 'false' }, null],
    [{ ok: false }, 'the operation reported ok:false'],
    [null, null],
    [undefined, null],
    ['{"ok":false}', null],
  ])('%j → %j', (body, want) => {
    expect(failureDetail(body)).toBe(want);
    expect(isFailureBody(body)).toBe(want === null ? null : full(want, body));
  });

  it('a body whose fields throw when read is read as having none of them', () => {
    const trap = new Proxy(
      { ok: false },
      {
        get: () => {
          throw new Error('trap');
        },
      },
    );
    expect(failureDetail(trap)).toBeNull();
    expect(optionsFromBody(trap)).toBeUndefined();
    const lazyError = {
      ok: false,
      get error(): string {
        throw new Error('getter');
      },
    };
    expect(failureDetail(lazyError)).toBe('the operation reported ok:false');
    expect(isFailureBody(lazyError)).toBe(
      'the operation reported ok:false\n\nfull response: {"ok":false,"error":"[Thrown: Error: getter]"}',
    );
  });

  it('matches the reference rule on generated bodies', () => {
    const field = fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean(), fc.constant(null));
    const body = fc.record(
      {
        ok: fc.oneof(fc.boolean(), fc.constantFrom('true', 0, 1)),
        errors: fc.oneof(fc.array(field, { maxLength: 3 }), field),
        error: field,
        reason: field,
        code: field,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(body, (b) => {
        expect(isFailureBody(b)).toBe(ref.isFailureBody(b));
      }),
      { numRuns: 3000 },
    );
  });
});
