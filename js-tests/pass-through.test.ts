// A reply the editor passes through untouched comes back as the same object, as the editor's own
// shaping returns it (a caller may compare replies by identity): a handles reply without a
// `handles` array, and a failed watch read or one without a `series` list.
import { describe, expect, it } from 'vitest';
import { handles, watchRead } from 'modoki-budget';

describe('replies passed through untouched', () => {
  it.each([
    ['a refusal', { ok: false, error: 'editor is not running' }],
    ['handles that are not a list', { handles: 'none', totalCount: 0 }],
    ['no handles key', { totalCount: 3 }],
  ])('handles(%s) is the same object', (_, reply) => {
    expect(handles(reply as never)).toBe(reply);
    expect(handles(reply as never, { editor: 'dopesheet' })).toBe(reply);
  });

  it('handles of a dump is a new object: the counts of a bare call', () => {
    const dump = { handles: [{ id: 'k1', editor: 'dopesheet', kind: 'key' }], totalCount: 1, returnedCount: 1 };
    const out = handles(dump);
    expect(out).not.toBe(dump);
    expect(out).toEqual({
      totalCount: 1,
      byEditor: { dopesheet: 1 },
      byKind: { key: 1 },
      hint: 'Counts only. Pass editor=<name>, kind=<name>, or ids=[…] for handle geometry (x/y/rect).',
    });
  });

  it.each([
    ['a failed read', { ok: false, error: 'no such watch', series: [{ key: 'fps', samples: [1.23456789012] }] }],
    ['ok: 0', { ok: 0, series: [] }],
    ['no series', { ok: true, watching: 2 }],
    ['series that is not a list', { series: {} }],
  ])('watchRead(%s) is the same object', (_, result) => {
    expect(watchRead(result as never, { samples: true })).toBe(result);
  });

  it('watchRead of a successful read is a new object with the samples rounded', () => {
    const read = { ok: true, series: [{ key: 'fps', samples: [1.23456789012] }] };
    const out = watchRead(read, { samples: true, precision: 3 });
    expect(out).not.toBe(read);
    expect(out.series[0].samples).toEqual([1.23]);
  });
});
