// The editor's handles reply (shapeHandlesReply, isBareHandlesFilter, HandlesResponse): what its
// handles tools answer for an op reply the op already filtered. Each branch keeps exactly the
// fields that still describe what the reply carries.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { isBareHandlesFilter, shapeHandlesReply } from 'modoki-budget';
import type { HandlesResponse } from 'modoki-budget';

import { exact } from './support/exact';

const cjs = createRequire(import.meta.url)('modoki-budget');

const COUNTS_HINT = 'Counts only. Pass editor=<name>, kind=<name>, or ids=[…] for handle geometry (x/y/rect).';
const REMEDIES = { noHandles: 'open an editor first.', nothingLive: 'no editor is open.' };

/** An op reply of `rows` handles, with the counters the editor's producer puts beside them. */
const reply = (rows: Array<{ id: string; editor: string; kind: string; label?: string }>): HandlesResponse => ({
  returnedCount: rows.length,
  totalCount: rows.length,
  editors: [...new Set(rows.map((h) => h.editor))],
  offScreenCount: 0,
  occludedCount: 1,
  occlusionUnchecked: 2,
  disabledCount: 0,
  viewport: { w: 1280, h: 720 },
  handles: rows,
});

const LIVE = [
  { id: 'chrome.save', editor: 'chrome', kind: 'button', label: 'Save' },
  { id: 'dialog.saveAs.ok', editor: 'chrome', kind: 'button', label: 'OK' },
  { id: 'key.1', editor: 'dopesheet', kind: 'keyframe' },
  { id: 'key.2', editor: 'dopesheet', kind: 'keyframe' },
];

/** A fetchAll that answers `answer` and counts its calls. */
function fetcher(answer: () => Promise<HandlesResponse | null>) {
  const f = Object.assign(() => ((f.calls += 1), answer()), { calls: 0 });
  return f;
}

const counters = {
  totalCount: 4,
  editors: ['chrome', 'dopesheet'],
  offScreenCount: 0,
  occludedCount: 1,
  occlusionUnchecked: 2,
  disabledCount: 0,
  viewport: { w: 1280, h: 720 },
};

for (const [entry, api] of [
  ['ESM', { isBareHandlesFilter, shapeHandlesReply }],
  ['CJS', cjs],
] as const) {
  describe(`shapeHandlesReply (${entry})`, () => {
    it('a bare call answers counts: no rows, so no returnedCount, and every other counter kept', async () => {
      const all = fetcher(async () => null);
      const shaped = await api.shapeHandlesReply(reply(LIVE), {}, all, REMEDIES);
      exact(shaped, {
        ...counters,
        byEditor: { chrome: 2, dopesheet: 2 },
        byKind: { button: 2, keyframe: 2 },
        hint: COUNTS_HINT,
      });
      expect(all.calls).toBe(0);
    });

    it('a bare call with nothing to report answers the surface remedy', async () => {
      exact(
        await api.shapeHandlesReply(
          reply([]),
          { ids: [] },
          fetcher(async () => null),
          REMEDIES,
        ),
        {
          ...counters,
          totalCount: 0,
          editors: [],
          byEditor: {},
          byKind: {},
          hint: REMEDIES.noHandles,
        },
      );
    });

    it('a filtered call with rows is the reply itself, and asks nothing more', async () => {
      const res = reply(LIVE.slice(2));
      const all = fetcher(async () => reply(LIVE));
      expect(await api.shapeHandlesReply(res, { editor: 'dopesheet' }, all, REMEDIES)).toBe(res);
      expect(all.calls).toBe(0);
    });

    it('a filtered call that matched nothing keeps its reply and names what is live, asking once', async () => {
      const res = reply([]);
      const all = fetcher(async () => reply(LIVE));
      exact(await api.shapeHandlesReply(res, { editor: 'dopesheat', kind: 'key' }, all, REMEDIES), {
        ...res,
        byEditor: { chrome: 2, dopesheet: 2 },
        byKind: { button: 2, keyframe: 2 },
        hint: 'no handle matches editor=dopesheat, kind=key. Live now: editor ∈ {chrome, dopesheet}, kind ∈ {button, keyframe} — check the spelling, or drop the filter for counts.',
      });
      expect(all.calls).toBe(1);
    });

    it('a prefix or label miss also names the live chrome id prefixes and how a label matches', async () => {
      const shaped = await api.shapeHandlesReply(
        reply([]),
        { prefix: 'dialog.open.', label: 'Sav' },
        fetcher(async () => reply(LIVE)),
        REMEDIES,
      );
      expect(shaped.hint).toBe(
        'no handle matches prefix=dialog.open., label="Sav". Live now: editor ∈ {chrome, dopesheet}, kind ∈ {button, keyframe} — check the spelling, or drop the filter for counts. Chrome id prefixes live now: {chrome., dialog.} — a prefix absent from this set is a panel or dialog that is not open. A label matches the WHOLE label (whitespace-collapsed, case-insensitive), never a substring.',
      );
    });

    it('a miss with nothing live, a re-fetch that fails or answers no dump: the reply kept, the remedy said', async () => {
      const answers: Array<() => Promise<HandlesResponse | null>> = [
        async () => reply([]),
        async () => null,
        async () => ({ error: { code: 'NOT_AVAILABLE_HERE' } }),
        async () => {
          throw new Error('relay down');
        },
      ];
      for (const answer of answers) {
        const res = reply([]);
        exact(await api.shapeHandlesReply(res, { ids: ['chrome.gone'] }, fetcher(answer), REMEDIES), {
          ...res,
          byEditor: {},
          byKind: {},
          hint: `no handle matches ids=[chrome.gone], and ${REMEDIES.nothingLive}`,
        });
      }
    });

    it('a reply that is not a dump is returned as it is, whatever the filter', async () => {
      const error = { error: { code: 'NOT_AVAILABLE_HERE', message: 'no editor' } };
      const all = fetcher(async () => reply(LIVE));
      expect(await api.shapeHandlesReply(error, {}, all, REMEDIES)).toBe(error);
      expect(await api.shapeHandlesReply(error, { kind: 'button' }, all, REMEDIES)).toBe(error);
      expect(all.calls).toBe(0);
    });

    it('leaves the reply it was given as it was', async () => {
      const res = reply(LIVE);
      const before = JSON.stringify(res);
      await api.shapeHandlesReply(
        res,
        {},
        fetcher(async () => null),
        REMEDIES,
      );
      expect(JSON.stringify(res)).toBe(before);
    });
  });

  describe(`isBareHandlesFilter (${entry})`, () => {
    it('is true only when no filter narrows anything', () => {
      const bare = [{}, { ids: [] }, { editor: '', kind: '', prefix: '', label: '' }, { editor: undefined }];
      const narrowing = [
        { editor: 'chrome' },
        { kind: 'button' },
        { ids: ['a'] },
        { prefix: 'dialog.' },
        { label: 'Save' },
      ];
      expect(bare.map((f) => api.isBareHandlesFilter(f))).toEqual([true, true, true, true]);
      expect(narrowing.map((f) => api.isBareHandlesFilter(f))).toEqual([false, false, false, false, false]);
    });
  });
}

it('a re-fetch that finds the filter matching now answers its rows, not "no handle matches"', async () => {
  const shaped = await shapeHandlesReply(reply([]), { editor: 'dopesheet' }, async () => reply(LIVE), REMEDIES);
  expect(shaped.returnedCount).toBe(2);
  expect((shaped.handles as Array<{ id: string }>).map((h) => h.id)).toEqual(['key.1', 'key.2']);
  expect(shaped.hint).toBeUndefined();
});
