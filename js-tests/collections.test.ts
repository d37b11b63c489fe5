// limitCollection, limitResult, select, selectSchema: exact outputs, including empty, huge and
// hostile inputs.
import { describe, expect, it } from 'vitest';
import { limitCollection, limitResult, select, selectSchema } from 'modoki-budget';

const range = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i }));

describe('limitCollection', () => {
  it('cuts to max and says so', () => {
    expect(limitCollection(range(5), 2)).toEqual({
      items: [{ id: 0 }, { id: 1 }],
      shown: 2,
      hidden: 3,
      summary: 'Dataset truncated. 2 shown, 3 hidden. Use filters to narrow results.',
    });
  });
  it('max 0 hides everything', () => {
    expect(limitCollection(range(3), 0)).toEqual({
      items: [],
      shown: 0,
      hidden: 3,
      summary: 'All 3 items hidden. Use filters to narrow results.',
    });
  });
  it('adds nothing when nothing is cut', () => {
    const items = range(3);
    const exact = limitCollection(items, 3);
    expect(exact).toEqual({ items, shown: 3, hidden: 0 });
    expect(Object.keys(exact)).toEqual(['items', 'shown', 'hidden']);
    expect(exact.items).not.toBe(items); // a copy: the caller's array is never shared or mutated
    expect(limitCollection([], 0)).toEqual({ items: [], shown: 0, hidden: 0 });
    expect(limitCollection(range(2), 1e9)).toEqual({ items: range(2), shown: 2, hidden: 0 });
  });
  it('hint replaces the advice', () => {
    expect(limitCollection(range(4), 1, { hint: 'Pass `tag` to filter.' }).summary).toBe(
      'Dataset truncated. 1 shown, 3 hidden. Pass `tag` to filter.',
    );
    expect(limitCollection(range(4), 0, { hint: 'Use page=2.' }).summary).toBe('All 4 items hidden. Use page=2.');
  });
  it('huge input', () => {
    const items = Array.from({ length: 1_000_000 }, (_, i) => i);
    const out = limitCollection(items, 50);
    expect(out.items).toEqual(items.slice(0, 50));
    expect(out.summary).toBe('Dataset truncated. 50 shown, 999950 hidden. Use filters to narrow results.');
    expect(items).toHaveLength(1_000_000);
  });
  it('bad arguments throw with a code', () => {
    expect(() => limitCollection({} as never, 1)).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'limitCollection: items must be an array' }),
    );
    for (const max of [-1, 1.5, NaN, '3', undefined, Infinity]) {
      expect(() => limitCollection([], max as never)).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
    }
    expect(() => limitCollection([], 1, { hint: 5 } as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION', message: 'limitCollection: hint must be a string' }),
    );
  });
});

describe('limitResult', () => {
  it('data block then the summary block, only when cut', () => {
    expect(limitResult(range(3), 1)).toEqual({
      content: [
        { type: 'text', text: '[{"id":0}]' },
        { type: 'text', text: '📊 Summary: Dataset truncated. 1 shown, 2 hidden. Use filters to narrow results.' },
      ],
    });
    expect(limitResult(range(2), 2)).toEqual({ content: [{ type: 'text', text: '[{"id":0},{"id":1}]' }] });
    expect(limitResult([], 0)).toEqual({ content: [{ type: 'text', text: '[]' }] });
    expect(limitResult(range(2), 0, { hint: 'Narrow it.' })).toEqual({
      content: [
        { type: 'text', text: '[]' },
        { type: 'text', text: '📊 Summary: All 2 items hidden. Narrow it.' },
      ],
    });
  });
  it('never throws on values JSON.stringify rejects', () => {
    const cyclic: Record<string, unknown> = { n: 1n };
    cyclic.self = cyclic;
    expect(limitResult([cyclic], 1).content[0].text).toBe('[{"n":"1","self":"[Circular]"}]');
  });
});

describe('select', () => {
  const invoice = {
    id: 'inv_1',
    total: 120,
    customer: { name: 'Ada', email: 'a@x', address: { city: 'Oslo', zip: '0150' } },
    lines: [
      { sku: 'A', qty: 1, price: 10 },
      { sku: 'B', qty: 2, price: 55 },
    ],
    status: 'paid',
  };

  it('keeps requested root fields in the order asked', () => {
    expect(select(invoice, ['status', 'id'])).toEqual({ status: 'paid', id: 'inv_1' });
    expect(Object.keys(select(invoice, ['status', 'id']) as object)).toEqual(['status', 'id']);
  });
  it('applies to each item of an array', () => {
    expect(select([{ a: 1, b: 2 }, { a: 3, c: 4 }, 7, null], ['a', 'c'])).toEqual([{ a: 1 }, { a: 3, c: 4 }, 7, null]);
  });
  it('dotted paths go inside nested objects and arrays', () => {
    expect(select(invoice, ['id', 'customer.address.city', 'lines.sku'])).toEqual({
      id: 'inv_1',
      customer: { address: { city: 'Oslo' } },
      lines: [{ sku: 'A' }, { sku: 'B' }],
    });
    expect(select(invoice, ['customer.name', 'customer.email'])).toEqual({ customer: { name: 'Ada', email: 'a@x' } });
    // A whole field wins over a path inside it, in either order.
    expect(select(invoice, ['customer.name', 'customer'])).toEqual({ customer: invoice.customer });
    expect(select(invoice, ['customer', 'customer.name'])).toEqual({ customer: invoice.customer });
    // A path through a primitive keeps the primitive.
    expect(select({ t: 5, u: { x: 1 } }, ['t.x', 'u.y'])).toEqual({ t: 5, u: {} });
  });
  it('a literal key containing dots is selectable', () => {
    expect(select({ 'a.b': 1, a: { b: 2, c: 3 } }, ['a.b'])).toEqual({ 'a.b': 1, a: { b: 2 } });
  });
  it('unknown fields are ignored; empty selection returns the data itself', () => {
    expect(select(invoice, ['nope', 'customer.nope'])).toEqual({ customer: {} });
    expect(select(invoice, ['nope'])).toEqual({});
    expect(select(invoice, [])).toBe(invoice);
    expect(select(invoice, undefined as never)).toBe(invoice);
    expect(select(invoice, [1, null] as never)).toBe(invoice);
    expect(select('text', ['a'])).toBe('text');
    expect(select(null, ['a'])).toBe(null);
  });
  it('__proto__ and constructor never touch a prototype', () => {
    const hostile = JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"bad":1}},"ok":1}');
    const out = select(hostile, ['__proto__', 'constructor', 'ok']) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'constructor', 'ok']);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Keys the data does not own are not read from Object.prototype.
    expect(select({ a: 1 }, ['constructor', 'toString', '__proto__', 'hasOwnProperty'])).toEqual({});
    expect(Object.keys(select({ a: 1 }, ['constructor']) as object)).toEqual([]);
    // A path through __proto__ selects inside the own data, not the prototype.
    expect(select(hostile, ['__proto__.polluted'])).toEqual(JSON.parse('{"__proto__":{"polluted":true}}'));
    expect(Object.getPrototypeOf(select(hostile, ['__proto__.polluted']))).toBe(Object.prototype);
    expect(select(Object.create({ inherited: 1 }), ['inherited'])).toEqual({});
  });
  it('huge input', () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => ({ id: i, name: `n${i}`, blob: 'x'.repeat(10) }));
    const out = select(rows, ['id', 'name']) as Array<{ id: number; name: string }>;
    expect(out).toHaveLength(200_000);
    expect(out[199_999]).toEqual({ id: 199_999, name: 'n199999' });
  });
  it('fields must be an array', () => {
    expect(() => select({}, 'a' as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION', message: 'select: fields must be an array of strings' }),
    );
  });
});

describe('selectSchema', () => {
  it('root properties, of items for arrays, united across combinators', () => {
    expect(
      selectSchema({
        type: 'object',
        properties: { id: {}, name: {}, meta: { type: 'object', properties: { x: {} } } },
      }),
    ).toEqual(['id', 'name', 'meta']);
    expect(selectSchema({ type: 'array', items: { type: 'object', properties: { sku: {}, qty: {} } } })).toEqual([
      'sku',
      'qty',
    ]);
    expect(
      selectSchema({
        anyOf: [{ properties: { a: {}, b: {} } }, { properties: { b: {}, c: {} } }],
        allOf: [{ properties: { d: {} } }],
      }),
    ).toEqual(['a', 'b', 'c', 'd']);
  });
  it('empty and hostile schemas', () => {
    expect(selectSchema({})).toEqual([]);
    expect(selectSchema(null)).toEqual([]);
    expect(selectSchema('object')).toEqual([]);
    expect(selectSchema({ properties: [] })).toEqual([]);
    expect(selectSchema(JSON.parse('{"properties":{"__proto__":{},"constructor":{}}}'))).toEqual([
      '__proto__',
      'constructor',
    ]);
    const loop: Record<string, unknown> = { properties: { a: {} } };
    loop.items = loop;
    expect(selectSchema(loop)).toEqual(['a']);
  });
});
