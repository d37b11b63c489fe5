// TOON: the 173 spec v4 encode fixtures (one test each, loaded as data from
// tests/fixtures/toon-spec-v4), the reference encoder's normalization of non-JSON values,
// options and errors, toonResult and toonDescription exact outputs.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { encode as referenceEncode } from '@toon-format/toon';
import { toToon, toonResult, toonDescription } from 'modoki-budget';

interface Fixture {
  name: string;
  input: unknown;
  expected: string;
  options?: { delimiter?: ',' | '\t' | '|'; indentSize?: number };
  shouldError?: boolean;
}

const fixtureDir = new URL('../tests/fixtures/toon-spec-v4/encode/', import.meta.url);
const files = readdirSync(fixtureDir).filter((f) => f.endsWith('.json')).sort();
const fixtureFiles = files.map((file) => ({
  file,
  tests: (JSON.parse(readFileSync(new URL(file, fixtureDir), 'utf8')) as { tests: Fixture[] }).tests,
}));

describe('TOON spec v4 encode fixtures', () => {
  it('are all 173 present', () => {
    expect(fixtureFiles.reduce((n, f) => n + f.tests.length, 0)).toBe(173);
  });
  for (const { file, tests } of fixtureFiles) {
    describe(file, () => {
      for (const fixture of tests) {
        it(fixture.name, () => {
          expect(fixture.shouldError).toBeUndefined();
          for (const key of Object.keys(fixture.options ?? {})) expect(['delimiter', 'indentSize']).toContain(key);
          expect(toToon(fixture.input, fixture.options)).toBe(fixture.expected);
          // The reference passes the same case, so the fixture and the peer agree.
          expect(referenceEncode(fixture.input, fixture.options)).toBe(fixture.expected);
        });
      }
    });
  }
});

class Point {
  constructor(public x = 1, public y = 2) {}
}

describe('non-JSON values are normalized like @toon-format/toon 4.4.0', () => {
  const fn = () => 1;
  const cases: Array<[string, unknown, string]> = [
    ['undefined at the root', undefined, 'null'],
    ['a function at the root', fn, 'null'],
    ['a symbol at the root', Symbol('s'), 'null'],
    ['NaN and infinities', [NaN, Infinity, -Infinity], '[3]: null,null,null'],
    ['-0', { z: -0, a: [-0] }, 'z: 0\na[1]: 0'],
    ['undefined and functions in objects become null, not dropped', { a: undefined, f: fn, s: Symbol('x') }, 'a: null\nf: null\ns: null'],
    ['holes in arrays', [1, , 3], '[3]: 1,null,3'], // eslint-disable-line no-sparse-arrays
    ['a safe BigInt becomes a number', { n: 42n }, 'n: 42'],
    ['an unsafe BigInt becomes its digits, quoted', { n: 2n ** 64n }, 'n: "18446744073709551616"'],
    ['a Date becomes its ISO string', { d: new Date(Date.UTC(2020, 0, 2, 3, 4, 5, 6)) }, 'd: "2020-01-02T03:04:05.006Z"'],
    ['an invalid Date becomes null', { d: new Date(NaN) }, 'd: null'],
    ['a Set becomes an array', { s: new Set(['a', 1]) }, 's[2]: a,1'],
    ['a Map becomes an object with String(key) keys', new Map<unknown, unknown>([[1, 'one'], [true, { x: 1 }]]), '"1": one\ntrue:\n  x: 1'],
    ['a class instance becomes null', { p: new Point() }, 'p: null'],
    ['a boxed number becomes null', { b: new Number(3) }, 'b: null'],
    ['toJSON is applied', { t: { toJSON: () => ({ k: 'v' }) } }, 't:\n  k: v'],
    ['a null-prototype object is plain', Object.assign(Object.create(null), { a: 1 }), 'a: 1'],
    ['__proto__ as an own key is data', JSON.parse('{"__proto__":{"x":1},"y":2}'), '__proto__:\n  x: 1\ny: 2'],
    ['a root string with a BOM is quoted', '\ufeffhi', '"\ufeffhi"'],
    ['an empty object is empty text', {}, ''],
  ];
  for (const [name, value, expected] of cases) {
    it(name, () => {
      expect(toToon(value)).toBe(expected);
      expect(referenceEncode(value)).toBe(expected);
    });
  }

  it('a lone surrogate throws the reference TypeError, with code INVALID_INPUT', () => {
    for (const value of ['a\ud800', { ['k\udc00']: 1 }, ['ok', { deep: ['x\udbff'] }]]) {
      let reference: unknown;
      try {
        referenceEncode(value);
      } catch (error) {
        reference = error;
      }
      expect(reference).toBeInstanceOf(TypeError);
      expect(() => toToon(value)).toThrow((reference as Error).message);
      try {
        toToon(value);
      } catch (error) {
        expect(error).toBeInstanceOf(TypeError);
        expect((error as { code?: string }).code).toBe('INVALID_INPUT');
      }
    }
  });

  it('a cycle throws INVALID_INPUT instead of overflowing the stack', () => {
    const a: Record<string, unknown> = { x: 1 };
    a.self = a;
    expect(() => toToon(a)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', message: 'toToon: cannot encode a circular structure' }));
  });

  it('nesting deeper than 128 levels is refused with INVALID_INPUT', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200; i++) deep = { a: deep };
    expect(() => toToon(deep)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    let ok: unknown = 1;
    for (let i = 0; i < 100; i++) ok = { a: ok };
    expect(toToon(ok)).toBe(referenceEncode(ok));
  });
});

describe('options', () => {
  const data = { rows: [{ a: 1, b: 'x,y' }, { a: 2, b: 'z|w' }], nested: { k: [1, 2] } };
  it('default to comma and two spaces, like the reference', () => {
    expect(toToon(data)).toBe('rows[2]{a,b}:\n  1,"x,y"\n  2,z|w\nnested:\n  k[2]: 1,2');
    expect(toToon(data, {})).toBe(referenceEncode(data));
    expect(toToon(data, null as never)).toBe(referenceEncode(data));
  });
  it('delimiter and indentSize', () => {
    expect(toToon(data, { delimiter: '|', indentSize: 4 })).toBe('rows[2|]{a|b}:\n    1|x,y\n    2|"z|w"\nnested:\n    k[2|]: 1|2');
    expect(toToon(data, { delimiter: '\t', indentSize: 1 })).toBe('rows[2\t]{a\tb}:\n 1\tx,y\n 2\tz|w\nnested:\n k[2\t]: 1\t2');
  });
  it('invalid options throw INVALID_OPTION', () => {
    const bad: Array<[unknown, string]> = [
      [{ delimiter: ';' }, `toToon: delimiter must be ',', '\\t' or '|', got ";"`],
      [{ delimiter: 44 }, `toToon: delimiter must be ',', '\\t' or '|', got number`],
      [{ delimiter: '' }, `toToon: delimiter must be ',', '\\t' or '|', got ""`],
      [{ indentSize: 0 }, 'toToon: indentSize must be an integer from 1 to 16, got 0'],
      [{ indentSize: 2.5 }, 'toToon: indentSize must be an integer from 1 to 16, got 2.5'],
      [{ indentSize: 17 }, 'toToon: indentSize must be an integer from 1 to 16, got 17'],
      [{ indentSize: '2' }, 'toToon: indentSize must be an integer from 1 to 16, got string'],
      [{ indentSize: NaN }, 'toToon: indentSize must be an integer from 1 to 16, got NaN'],
      ['|', 'toToon: options must be an object, got string.'],
    ];
    for (const [options, message] of bad) {
      expect(() => toToon(data, options as never)).toThrow(expect.objectContaining({ code: 'INVALID_OPTION', message }));
      expect(() => toonResult(data, options as never)).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
    }
  });
});

describe('toonResult', () => {
  it('is one text block of TOON with the pipe delimiter by default', () => {
    const rows = [{ id: 1, note: 'a,b' }, { id: 2, note: 'c|d' }];
    expect(toonResult(rows)).toEqual({ content: [{ type: 'text', text: '[2|]{id|note}:\n  1|a,b\n  2|"c|d"' }] });
    expect(toonResult(rows, { delimiter: ',' })).toEqual({ content: [{ type: 'text', text: '[2]{id,note}:\n  1,"a,b"\n  2,c|d' }] });
    expect(toonResult({ a: 1 }, { indentSize: 4 }).content[0].text).toBe('a: 1');
    expect(toonResult([])).toEqual({ content: [{ type: 'text', text: '[]' }] });
  });
  it('handles a 100,000-row table', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({ i, s: `n${i}` }));
    const text = toonResult(rows).content[0].text;
    expect(text).toBe(referenceEncode(rows, { delimiter: '|' }));
    expect(text.split('\n')).toHaveLength(100_001);
  });
});

describe('in-place WASM buffers', () => {
  it('large non-ASCII inputs, then small ones, all match the reference', () => {
    const big = { text: 'é😀,'.repeat(300_000), rows: Array.from({ length: 5_000 }, (_, i) => ({ i, s: `ü${i}` })) };
    expect(toToon(big)).toBe(referenceEncode(big));
    expect(toToon({ a: 'small' })).toBe('a: small');
    expect(toToon('naïve')).toBe('naïve');
    const ascii = { rows: Array.from({ length: 50_000 }, (_, i) => ({ i })) };
    expect(toToon(ascii, { delimiter: '\t' })).toBe(referenceEncode(ascii, { delimiter: '\t' }));
    expect(toToon([1, 2])).toBe('[2]: 1,2');
  });

  it('one-byte (Latin-1) text travels as Latin-1 both ways; wider text as UTF-8', () => {
    const latin1 = { city: 'São Paulo', all: Array.from({ length: 256 }, (_, c) => String.fromCharCode(c)).join(''), k: { 'ÿ\u0080': 'é' } };
    expect(toToon(latin1)).toBe(referenceEncode(latin1));
    const wide = { city: 'São Paulo', euro: '€', k: { 'ÿ': 'é' } };
    expect(toToon(wide)).toBe(referenceEncode(wide));
    expect(toToon({ s: 'ÿ' })).toBe('s: ÿ');
  });
});

describe('toonDescription', () => {
  const billing = {
    name: 'billing',
    description: 'Billing operations',
    actions: [
      { name: 'get_invoice', description: 'Retrieve an invoice by ID', required: ['id'] },
      { name: 'refund', description: 'Refund an invoice', required: ['id', 'amount_cents'], destructive: true },
      { name: 'list_invoices', description: 'List the tenant invoices', required: [] },
    ],
  };

  it('header line, blank line, one pipe table with a destructive column when needed', () => {
    expect(toonDescription(billing)).toBe(
      'Billing operations. Select operation via the `action` parameter.\n\n' +
        'actions[3|]{action|desc|required|destructive}:\n' +
        '  get_invoice|Retrieve an invoice by ID|id|""\n' +
        '  refund|Refund an invoice|id,amount_cents|true\n' +
        '  list_invoices|List the tenant invoices|""|""',
    );
  });

  it('no destructive column when no action is destructive; name and discriminator', () => {
    const tool = {
      name: 'scene',
      discriminator: 'op',
      actions: [
        { name: 'list', description: 'List nodes', required: [] },
        { name: 'get', description: 'Get a node: by id | path', required: ['id'], destructive: false },
      ],
    };
    expect(toonDescription(tool)).toBe(
      'scene. Select operation via the `op` parameter.\n\n' + 'actions[2|]{action|desc|required}:\n' + '  list|List nodes|""\n' + '  get|"Get a node: by id | path"|id',
    );
  });

  it('missing description and required are empty cells; an empty action list', () => {
    expect(toonDescription({ name: 't', actions: [{ name: 'a' }, { name: 'b', required: ['x'] }] })).toBe(
      't. Select operation via the `action` parameter.\n\nactions[2|]{action|desc|required}:\n  a|""|""\n  b|""|x',
    );
    expect(toonDescription({ name: 't', description: '', actions: [] })).toBe('t. Select operation via the `action` parameter.\n\nactions: []');
  });

  it('hostile names and descriptions stay one valid table', () => {
    const tool = {
      name: 'x',
      description: 'Tools: a|b',
      actions: [
        { name: '__proto__', description: 'line\nbreak "quoted"', required: ['a|b', 'c'] },
        { name: '- dash', description: ' padded ', required: ['true'], destructive: true },
      ],
    };
    expect(toonDescription(tool)).toBe(
      'Tools: a|b. Select operation via the `action` parameter.\n\n' +
        'actions[2|]{action|desc|required|destructive}:\n' +
        '  __proto__|"line\\nbreak \\"quoted\\""|"a|b,c"|""\n' +
        '  "- dash"|" padded "|"true"|true',
    );
  });

  it('is shorter than the equivalent prose', () => {
    const prose =
      'Billing operations. Select operation via the `action` parameter.\n\n' +
      billing.actions
        .map((a) => `- ${a.name}: ${a.description}. Required parameters: ${a.required.length ? a.required.join(', ') : 'none'}.${a.destructive ? ' This action is destructive.' : ''}`)
        .join('\n');
    expect(toonDescription(billing).length).toBeLessThan(prose.length);
  });

  it('invalid tools throw INVALID_INPUT', () => {
    const bad: Array<[unknown, string]> = [
      [null, 'toonDescription: tool must be an object'],
      [{ actions: [] }, 'toonDescription: tool.name must be a string'],
      [{ name: 'x' }, 'toonDescription: tool.actions must be an array'],
      [{ name: 'x', actions: [{}] }, 'toonDescription: actions[0].name must be a string'],
      [{ name: 'x', actions: [{ name: 'a', required: 'id' }] }, 'toonDescription: actions[0].required must be an array of strings'],
    ];
    for (const [tool, message] of bad) {
      expect(() => toonDescription(tool as never)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', message }));
    }
  });
});
