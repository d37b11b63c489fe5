import { describe, expect, it } from 'vitest';
import { capLabel, handles } from 'modoki-budget';
import type { HandlesInput } from 'modoki-budget';

import { exact, unchanged } from './support/exact';

const COUNTS_HINT = 'Counts only. Pass editor=<name>, kind=<name>, or ids=[…] for handle geometry (x/y/rect).';
const REMEDIES = { noHandles: 'nothing exposes handles.', nothingLive: 'nothing is live.' };

/** A dump shaped like the editor's handle producer: n chrome buttons plus their counters. */
const dump = (n: number): HandlesInput => ({
  returnedCount: n,
  totalCount: n,
  editors: n ? ['chrome'] : [],
  offScreenCount: 0,
  occludedCount: 0,
  occlusionUnchecked: 0,
  disabledCount: 0,
  viewport: { w: 800, h: 600 },
  handles: Array.from({ length: n }, (_, i) => ({
    id: `chrome.btn${i}`,
    editor: 'chrome',
    kind: 'button',
    label: `Btn ${i}`,
    onScreen: true,
    occlusionChecked: true,
  })),
});

const meta = {
  editors: ['chrome'],
  offScreenCount: 0,
  occludedCount: 0,
  occlusionUnchecked: 0,
  disabledCount: 0,
  viewport: { w: 800, h: 600 },
};

describe('handles: a bare call returns no rows, so it claims none', () => {
  it('drops handles and returnedCount, keeps totalCount and every counter', () => {
    exact(handles(dump(2000)), {
      totalCount: 2000,
      ...meta,
      byEditor: { chrome: 2000 },
      byKind: { button: 2000 },
      hint: COUNTS_HINT,
    });
  });

  it('an empty bare call hints at the surface remedy, default or given', () => {
    const empty = {
      totalCount: 0,
      editors: [],
      offScreenCount: 0,
      occludedCount: 0,
      occlusionUnchecked: 0,
      disabledCount: 0,
      viewport: { w: 800, h: 600 },
      byEditor: {},
      byKind: {},
    };
    exact(handles(dump(0), {}, { remedies: REMEDIES }), { ...empty, hint: 'nothing exposes handles.' });
    exact(handles(dump(0)), {
      ...empty,
      hint: 'No handles: open the relevant editor + enter its sub-mode first (e.g. set_scene_view_mode ui + set_collider_edit on).',
    });
  });

  it('an empty ids list or blank filters are bare', () => {
    exact(handles(dump(3), { ids: [] }), handles(dump(3)));
    exact(handles(dump(3), { ids: ' , ', editor: '' }), handles(dump(3)));
  });
});

describe('handles: a filtered call', () => {
  it('that matched rows keeps returnedCount and the rows, counters recomputed for them', () => {
    const input = dump(3);
    exact(handles(input, { ids: 'chrome.btn2, chrome.btn0' }), {
      returnedCount: 2,
      totalCount: 2,
      ...meta,
      handles: [input.handles[0], input.handles[2]],
    });
    exact(handles(input, { label: '  btn   1 ' }), {
      returnedCount: 1,
      totalCount: 1,
      ...meta,
      handles: [input.handles[1]],
    });
  });

  it('that matched nothing keeps returnedCount: 0 beside the empty rows and names what is live', () => {
    exact(handles(dump(4), { editor: 'nope' }, { remedies: REMEDIES }), {
      returnedCount: 0,
      totalCount: 0,
      editors: [],
      offScreenCount: 0,
      occludedCount: 0,
      occlusionUnchecked: 0,
      disabledCount: 0,
      viewport: { w: 800, h: 600 },
      handles: [],
      byEditor: { chrome: 4 },
      byKind: { button: 4 },
      hint: 'no handle matches editor=nope. Live now: editor ∈ {chrome}, kind ∈ {button} — check the spelling, or drop the filter for counts.',
    });
    const out = handles(dump(4), { prefix: 'dialog.', label: 'Save' });
    expect(out.hint).toBe(
      'no handle matches prefix=dialog., label="Save". Live now: editor ∈ {chrome}, kind ∈ {button} — check the spelling, or drop the filter for counts. Chrome id prefixes live now: {chrome.} — a prefix absent from this set is a panel or dialog that is not open. A label matches the WHOLE label (whitespace-collapsed, case-insensitive), never a substring.',
    );
  });

  it('falls back to the surface remedy when nothing at all is live', () => {
    expect(handles(dump(0), { kind: 'nope' }, { remedies: REMEDIES }).hint).toBe(
      'no handle matches kind=nope, and nothing is live.',
    );
  });

  it('caps long labels in the rows, after matching the full label', () => {
    const long = 'x'.repeat(70);
    const out = handles({ handles: [{ id: 'a', editor: 'e', label: long }] }, { label: long });
    expect(out.handles?.[0].label).toBe(`${'x'.repeat(57)}…`);
  });
});

describe('handles: inputs that are not dumps, hostile keys, purity', () => {
  it('a reply with no handles array passes through', () => {
    const err = { error: { code: 'NOT_AVAILABLE_HERE' } } as unknown as HandlesInput;
    exact(handles(err), err);
  });

  it('hostile editors and kinds are own keys', () => {
    const out = handles({ handles: [{ id: 1, editor: '__proto__', kind: 'constructor' }] });
    expect(Object.keys(out.byEditor ?? {})).toEqual(['__proto__']);
    expect(Object.hasOwn(out.byKind ?? {}, 'constructor')).toBe(true);
    expect(Object.getPrototypeOf(out.byEditor)).toBe(Object.prototype);
  });

  it('never mutates the dump', () => {
    unchanged(dump(5), (d) => handles(d, { editor: 'chrome' }));
  });
});

describe('capLabel', () => {
  it('keeps 60 units, cuts longer ones to 57 plus …, never splitting a pair', () => {
    expect(capLabel('a'.repeat(60))).toBe('a'.repeat(60));
    expect(capLabel('a'.repeat(61))).toBe(`${'a'.repeat(57)}…`);
    expect(capLabel(`${'a'.repeat(56)}😀${'b'.repeat(9)}`)).toBe(`${'a'.repeat(56)}…`);
    // A lone surrogate is kept as it is (no U+FFFD).
    expect(capLabel('\ud800x')).toBe('\ud800x');
    expect(capLabel(`\udc00${'a'.repeat(70)}`)).toBe(`\udc00${'a'.repeat(56)}…`);
  });
});
