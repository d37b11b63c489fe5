// The stream summaries through the built package: exact replies on the cases the editor's newest
// console, journal and editor-journal ops pin (bare tails, cursored pages, limit:0 holding the
// cursor, stale epochs, restarted rings, limit guards, the log budget), and the small helpers
// against the rules they state.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import * as esm from 'modoki-budget';
import {
  CONSOLE_LEVELS,
  CONSOLE_SEQ_CEILING,
  CONSOLE_TAIL_DEFAULT,
  EDITOR_JOURNAL_TAIL_DEFAULT,
  EPOCH_BASE,
  JOURNAL_LEVELS,
  JOURNAL_TAIL_DEFAULT,
  LOG_ANSWER_CHARS,
  LOG_ENTRY_CHARS,
  LOG_LINE_CHARS,
  MAX_PAYLOAD_CHARS,
  SINCE_CURSOR_BASE,
  atConsoleLevel,
  capLogText,
  consoleLogs,
  editorJournal,
  encodedSize,
  fitLogBudget,
  headWithCounts,
  isConsoleLevel,
  journalEvents,
  tailHint,
  tailWithCounts,
  takeHead,
  takeTail,
  watchRead,
} from 'modoki-budget';
import type { ConsoleEntry, ConsoleLogsResult, EditorJournalEvent, JournalEvent, JournalEventsResult, StreamRefusal } from 'modoki-budget';

import { deepFreeze, exact } from './support/exact';

const require = createRequire(import.meta.url);

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return 'no error';
};

describe('exports', () => {
  it('ESM and CommonJS are the same functions, and the constants are the editor’s', () => {
    const cjs = require('modoki-budget');
    for (const name of ['takeTail', 'takeHead', 'tailWithCounts', 'headWithCounts', 'tailHint', 'capLogText', 'fitLogBudget', 'encodedSize', 'consoleLogs', 'journalEvents', 'editorJournal', 'watchRead', 'isConsoleLevel', 'atConsoleLevel']) {
      expect(cjs[name]).toBe((esm as Record<string, unknown>)[name]);
    }
    expect([CONSOLE_TAIL_DEFAULT, JOURNAL_TAIL_DEFAULT, EDITOR_JOURNAL_TAIL_DEFAULT]).toEqual([50, 100, 100]);
    expect([LOG_LINE_CHARS, LOG_ENTRY_CHARS, LOG_ANSWER_CHARS, CONSOLE_SEQ_CEILING]).toEqual([400, 4000, 40000, 1e11]);
    expect(CONSOLE_LEVELS).toEqual(['log', 'info', 'warn', 'error']);
    expect(JOURNAL_LEVELS).toEqual(['info', 'warn', 'error']);
    expect(Object.isFrozen(CONSOLE_LEVELS)).toBe(true);
    expect(SINCE_CURSOR_BASE).toBe('Forward cursor (a prior `seq`/`nextSeq`): only entries after it');
    expect(EPOCH_BASE).toBe('The `epoch` returned with the cursor; send it back with the cursor (a stale one replays from the start: `cursorReset`)');
  });
});

describe('takeTail / takeHead: one window rule', () => {
  const xs = [1, 2, 3, 4, 5];
  it.each([
    ['a limit', 2, 99, [4, 5], true, [1, 2]],
    ['limit 0 (slice(-0) would be everything)', 0, 99, [], true, []],
    ['NaN falls back to the default', NaN, 2, [4, 5], true, [1, 2]],
    ['Infinity falls back too', Infinity, 2, [4, 5], true, [1, 2]],
    ['negative is 0', -3, 99, [], true, []],
    ['huge keeps everything', 1e300, 2, xs, false, xs],
    ['a string is not a limit', '3' as unknown as number, 1, [5], true, [1]],
    ['undefined uses the default', undefined, 3, [3, 4, 5], true, [1, 2, 3]],
    ['a fraction keeps its whole part', 2.9, 99, [4, 5], true, [1, 2]],
    ['0.5 keeps none', 0.5, 99, [], true, []],
    ['no default means no bound', undefined, undefined as unknown as number, xs, false, xs],
  ])('%s', (_name, limit, def, tail, truncated, head) => {
    exact(takeTail(xs, limit, def), { items: tail, truncated });
    exact(takeHead(xs, limit, def), { items: head, truncated });
  });

  it('exactly full is not truncated; an empty list never is; the result is a copy', () => {
    expect(takeTail(xs, 5, 0).truncated).toBe(false);
    expect(takeTail([], -3, 0)).toEqual({ items: [], truncated: false });
    const r = takeTail(xs, 99, 99);
    r.items.push(6);
    expect(xs).toHaveLength(5);
  });

  it('agrees with the stated rule on random lists and limits', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 500; i++) {
      const list = Array.from({ length: Math.floor(rnd() * 20) }, (_, k) => k);
      const pool = [undefined, NaN, -Infinity, -2, 0, 0.3, 1, 2.5, 7, 19, 40, 1e9];
      const limit = pool[Math.floor(rnd() * pool.length)];
      const def = Math.floor(rnd() * 25) - 3;
      const n = Math.max(0, typeof limit === 'number' && Number.isFinite(limit) ? limit : def);
      const keep = n >= list.length ? list.length : Math.floor(n);
      expect(takeTail(list, limit, def)).toEqual({ items: list.slice(list.length - keep), truncated: keep < list.length });
      expect(takeHead(list, limit, def)).toEqual({ items: list.slice(0, keep), truncated: keep < list.length });
    }
  });
});

describe('tailWithCounts / headWithCounts', () => {
  const items = [{ t: 'a' }, { t: '__proto__' }, { t: 'a' }, { t: 'constructor' }, { t: 'b' }];
  it('count the whole set, window the caller’s own objects, keys as own keys', () => {
    const seen: number[] = [];
    const tail = tailWithCounts(items, (item, i) => (seen.push(i), item.t), { limit: 2, defaultLimit: 10 });
    expect(seen).toEqual([0, 1, 2, 3, 4]);
    expect(tail.items[0]).toBe(items[3]);
    exact(tail, { items: [items[3], items[4]], total: 5, truncated: true, byType: JSON.parse('{"a":2,"__proto__":1,"constructor":1,"b":1}') });
    expect(Object.getPrototypeOf(tail.byType)).toBe(Object.prototype);
    const head = headWithCounts(items, (item) => item.t, { defaultLimit: 2 });
    exact(head, { items: [items[0], items[1]], total: 5, truncated: true, byType: tail.byType });
    expect(tailWithCounts(items, (x) => x.t, { limit: 0, defaultLimit: 5 }).items).toEqual([]);
    expect(tailWithCounts(items, (x) => x.t, { limit: NaN, defaultLimit: 1 }).items).toEqual([items[4]]);
    expect(tailWithCounts(items, (x) => x.t, { limit: 10_000, defaultLimit: 1 }).truncated).toBe(false);
    expect(tailWithCounts([1, 2, 3], (x) => x % 2).items).toEqual([1, 2, 3]);
    exact(tailWithCounts([], () => 'x', { defaultLimit: 5 }), { items: [], total: 0, truncated: false, byType: {} });
    // A missing type is keyed as JavaScript keys it.
    expect(tailWithCounts([{}], (x: { t?: string }) => x.t).byType).toEqual({ undefined: 1 });
    expect(() => tailWithCounts(items, 'type' as never)).toThrow(TypeError);
  });

  it('tailHint', () => {
    expect(tailHint('events', 50, 1200, ', or narrow with type=')).toBe('Showing the last 50 of 1200 events (newest last). Raise limit=N for more, or narrow with type=.');
    expect(tailHint('console entries', 1, 2)).toBe('Showing the last 1 of 2 console entries (newest last). Raise limit=N for more.');
  });
});

describe('console levels are thresholds', () => {
  it('log and info rank together, then warn, then error; unknown entry levels rank as log', () => {
    const pass = (t: (typeof CONSOLE_LEVELS)[number]) => CONSOLE_LEVELS.filter((l) => atConsoleLevel(l, t));
    expect(CONSOLE_LEVELS.map(pass)).toEqual([
      ['log', 'info', 'warn', 'error'],
      ['log', 'info', 'warn', 'error'],
      ['warn', 'error'],
      ['error'],
    ]);
    expect(atConsoleLevel('constructor', 'log')).toBe(true);
    expect(atConsoleLevel('debug', 'warn')).toBe(false);
    expect(atConsoleLevel('error', 'fatal' as never)).toBe(false);
    expect([isConsoleLevel('warn'), isConsoleLevel('toString'), isConsoleLevel(2)]).toEqual([true, false, false]);
  });
});

describe('log budgets', () => {
  it('capLogText cuts and says how much, never inside a surrogate pair', () => {
    expect(capLogText('x'.repeat(450), 400)).toBe(`${'x'.repeat(400)}… (+50 chars)`);
    expect(capLogText('short', 400)).toBe('short');
    expect(capLogText('x'.repeat(400), 400)).toBe('x'.repeat(400));
    expect(capLogText('ab😀cd', 3)).toBe('ab… (+4 chars)');
    expect(capLogText('ab😀cd', 4)).toBe('ab😀… (+2 chars)');
    expect(capLogText('abc', NaN)).toBe('abc');
  });

  it('fitLogBudget keeps a contiguous end, counts the rest, never empties a list', () => {
    const items = [1, 2, 3, 4, 5];
    exact(fitLogBudget(items, () => 10, 30, 'last'), { items: [3, 4, 5], omitted: 2 });
    exact(fitLogBudget(items, () => 10, 30, 'first'), { items: [1, 2, 3], omitted: 2 });
    exact(fitLogBudget(items, () => 10, 50, 'last'), { items, omitted: 0 });
    exact(fitLogBudget(['big', 'bigger'], () => 100, 10, 'last'), { items: ['bigger'], omitted: 1 });
    exact(fitLogBudget([], () => 100, 10, 'first'), { items: [], omitted: 0 });
    const sizes: Record<string, number> = { a: 1, b: 100, c: 10 };
    exact(fitLogBudget(['a', 'b', 'c'], (s) => sizes[s], 20, 'last'), { items: ['c'], omitted: 2 });
  });

  it('encodedSize is JSON.stringify’s length, and a cycle does not throw', () => {
    for (const v of [{ t: 'a\nb' }, [1, 'é', null], 'x\u2028', 1e21, { __proto__: null, k: [true] }, null]) {
      expect(encodedSize(v)).toBe(JSON.stringify(v).length);
    }
    expect(encodedSize(undefined)).toBe(0);
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(encodedSize(cyclic)).toBeGreaterThan(0);
  });
});

const ring4 = (): ConsoleEntry[] => [
  { seq: 1, level: 'log', ts: 1001, text: 'a-log' },
  { seq: 2, level: 'info', ts: 1002, text: 'b-info' },
  { seq: 3, level: 'warn', ts: 1003, text: 'c-warn' },
  { seq: 4, level: 'error', ts: 1004, text: 'd-error' },
];
const state = { epoch: 'k1-0', dropped: 0 };
const texts = (r: ConsoleLogsResult | StreamRefusal) => ('logs' in r ? r.logs.map((l) => l.text) : []);
const asRead = (r: ConsoleLogsResult | StreamRefusal) => r as ConsoleLogsResult;

describe('consoleLogs', () => {
  it('a bare read: the tail, counts, the cursor at the newest seq', () => {
    const logs = deepFreeze(ring4());
    exact(consoleLogs(logs, {}, state), {
      logs,
      nextSeq: 4,
      epoch: 'k1-0',
      returnedCount: 4,
      totalCount: 4,
      ringTotal: 4,
      byLevel: { log: 1, info: 1, warn: 1, error: 1 },
      dropped: 0,
    });
    const many = Array.from({ length: 60 }, (_, i) => ({ seq: i + 1, level: 'log', ts: i, text: `t-${i}` }));
    const bare = asRead(consoleLogs(many, {}, state));
    expect([bare.returnedCount, bare.logs.at(-1)?.text, bare.hint]).toEqual([50, 't-59', 'Showing the last 50 of 60 console entries (newest last). Raise limit=N for more, or narrow with level=/since=.']);
  });

  it('level is a threshold; totalCount is the match, ringTotal and byLevel the whole ring', () => {
    expect(texts(consoleLogs(ring4(), { level: 'warn' }, state))).toEqual(['c-warn', 'd-error']);
    expect(texts(consoleLogs(ring4(), { level: 'info' }, state))).toHaveLength(4);
    const r = asRead(consoleLogs(ring4(), { level: 'error' }, state));
    expect([r.returnedCount, r.totalCount, r.ringTotal, r.byLevel]).toEqual([1, 1, 4, { log: 1, info: 1, warn: 1, error: 1 }]);
  });

  it('a cursor pages oldest-first and continues right after its page', () => {
    const logs = [...ring4(), { seq: 5, level: 'error', ts: 1005, text: 'FIRST ERROR' }];
    for (let i = 0; i < 80; i++) logs.push({ seq: 6 + i, level: 'error', ts: 1006 + i, text: `cascade-${i}` });
    const page1 = asRead(consoleLogs(logs, { since: 4, limit: 50 }, state));
    expect([page1.logs[0].text, page1.returnedCount, page1.totalCount, page1.truncated, page1.nextSeq]).toEqual(['FIRST ERROR', 50, 81, true, 54]);
    expect(page1.hint).toBe('Showing the OLDEST 50 of 81 entries after since=4 (oldest first). Continue with since=54 and this epoch, or raise limit=N.');
    const page2 = asRead(consoleLogs(logs, { since: page1.nextSeq, limit: 50, epoch: page1.epoch }, state));
    expect([page2.returnedCount, page2.logs.at(-1)?.text, page2.truncated, page2.nextSeq]).toEqual([31, 'cascade-79', undefined, 85]);
  });

  it('limit:0 on a cursor holds it; a negative limit is an untruncated empty page; a filtered poll moves to the ring’s newest', () => {
    const held = asRead(consoleLogs(ring4(), { since: 1, limit: 0 }, state));
    expect([held.returnedCount, held.truncated, held.nextSeq]).toEqual([0, true, 1]);
    const empty = asRead(consoleLogs(ring4(), { since: 4, limit: -3 }, state));
    expect([empty.returnedCount, empty.truncated]).toEqual([0, undefined]);
    const logs = ring4();
    for (let i = 0; i < 6; i++) logs.push({ seq: 5 + i, level: i % 2 ? 'error' : 'log', ts: 2000 + i, text: `mix-${i}` });
    const p1 = asRead(consoleLogs(logs, { since: 4, level: 'error', limit: 2 }, state));
    expect(texts(p1)).toEqual(['mix-1', 'mix-3']);
    const p2 = asRead(consoleLogs(logs, { since: p1.nextSeq, level: 'error', limit: 2 }, state));
    expect([texts(p2), p2.truncated, p2.nextSeq]).toEqual([['mix-5'], undefined, 10]);
  });

  it('a stale epoch, a restarted ring and a cursor past the newest all replay from the start and say so', () => {
    const restarted = [{ seq: 1, level: 'error', ts: 5000, text: 'BOOT ERROR' }, ...Array.from({ length: 9 }, (_, i) => ({ seq: i + 2, level: 'log', ts: 5001 + i, text: `new-${i}` }))];
    const after = asRead(consoleLogs(restarted, { since: 4, epoch: 'k1-0' }, { epoch: 'k2-0' }));
    expect([after.logs[0].text, after.epoch]).toEqual(['BOOT ERROR', 'k2-0']);
    expect(after.cursorReset).toBe('since=4 was issued under epoch k1-0; the console ring has restarted since (epoch k2-0 — a reload, e.g. a game-code edit), so this read starts from the beginning. Use the returned cursor from now on.');
    const past = asRead(consoleLogs(ring4(), { since: 50 }, state));
    expect([texts(past), past.nextSeq]).toEqual([['a-log', 'b-info', 'c-warn', 'd-error'], 4]);
    expect(past.cursorReset).toBe('since=50 is past the newest seq this ring has issued (4), so it is from before a restart (a reload); this read starts from the beginning. Send `epoch` back with `since` so a restart is always detected.');
    expect(asRead(consoleLogs(ring4(), { since: 2, epoch: '' }, state)).cursorReset).toBeUndefined();
    expect(asRead(consoleLogs(ring4(), { since: 2, epoch: 'k1-0' }, state)).cursorReset).toBeUndefined();
  });

  it('refuses what it cannot honour, with the editor’s bodies', () => {
    exact(consoleLogs(ring4(), { level: 'wran' as never }), {
      ok: false,
      code: 'REFUSED_BY_OP',
      error: 'console-logs: level must be one of log, info, warn, error (a threshold: that level or worse), got "wran".',
      options: ['log', 'info', 'warn', 'error'],
    });
    exact(consoleLogs(ring4(), { since: 1_758_800_000_000 }), {
      ok: false,
      code: 'REFUSED_BY_OP',
      error: 'console-logs: since=1758800000000 is a timestamp, but since is a ring SEQ cursor — pass back a reply\'s nextSeq. For "logged after this instant", use sinceMs=1758800000000.',
      options: ['sinceMs'],
    });
    expect(consoleLogs(ring4(), { since: 1, sinceMs: 1 })).toMatchObject({ ok: false, code: 'AMBIGUOUS', options: ['since', 'sinceMs'] });
    expect(consoleLogs(ring4(), { sinceMs: 3 })).toMatchObject({ ok: false, code: 'REFUSED_BY_OP', options: ['since'] });
    expect(consoleLogs(ring4(), { since: 1.5 })).toMatchObject({ ok: false, code: 'REFUSED_BY_OP' });
    expect(texts(consoleLogs(ring4(), { sinceMs: 1e12 }))).toEqual([]);
  });

  it('one oversized entry is cut to 4,000 chars and the answer fits the payload cap at limit=1', () => {
    const r = asRead(consoleLogs([{ seq: 1, level: 'error', ts: 1, text: 'z'.repeat(200_000) }], { limit: 1 }));
    expect(JSON.stringify(r).length).toBeLessThan(MAX_PAYLOAD_CHARS);
    expect(r.logs[0].text).toBe(`${'z'.repeat(LOG_ENTRY_CHARS)}… (+${200_000 - LOG_ENTRY_CHARS} chars)`);
    expect(r.omittedForSize).toBeUndefined();
  });

  const big = () => Array.from({ length: 50 }, (_, i) => ({ seq: i + 1, level: 'error', ts: i, text: `e${i + 1} ${'s'.repeat(3000)}` }));

  it('many large entries: a tail keeps the newest that fit and names the cursor for the rest', () => {
    const r = asRead(consoleLogs(big(), { limit: 40 }, state));
    expect(JSON.stringify(r).length).toBeLessThan(MAX_PAYLOAD_CHARS);
    expect(JSON.stringify(r.logs).length).toBeLessThanOrEqual(LOG_ANSWER_CHARS);
    expect([r.logs[0].seq, r.logs.at(-1)?.seq, r.returnedCount, r.totalCount, r.omittedForSize, r.truncated]).toEqual([38, 50, 13, 50, 27, true]);
    expect(r.hint).toBe('Showing the last 13 of 50 console entries (newest last): 27 of the 40 entries the limit took were left out to keep this answer under 40000 chars. Read them with since=10 and this epoch, or narrow with level=/since=.');
  });

  it('many large entries: cursored pages keep their oldest and skip nothing', () => {
    const seen: number[] = [];
    let since = 0;
    let epoch: string | undefined;
    for (let round = 0; round < 50; round++) {
      const r = asRead(consoleLogs(big(), { since, ...(epoch ? { epoch } : {}) }, state));
      expect(JSON.stringify(r).length).toBeLessThan(MAX_PAYLOAD_CHARS);
      if (round === 0) {
        expect(r.omittedForSize).toBe(37);
        expect(r.hint).toBe('Showing the OLDEST 13 of 50 entries after since=0 (oldest first): 37 of the 50 entries the limit took were left out to keep this answer under 40000 chars. Continue with since=13 and this epoch.');
      }
      seen.push(...r.logs.map((l) => l.seq));
      epoch = r.epoch;
      if (!r.truncated) break;
      expect(r.nextSeq).toBe(r.logs.at(-1)?.seq);
      since = r.nextSeq;
    }
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('limit guards on the summary: 0, NaN, negative, huge, strings', () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ seq: i + 1, level: 'log', ts: i, text: `t-${i}` }));
    const count = (limit: unknown) => asRead(consoleLogs(many, { limit } as never)).returnedCount;
    expect([0, NaN, -5, 1e300, '7', Infinity, 2.5].map(count)).toEqual([0, 50, 0, 60, 50, 50, 2]);
  });

  it('unreadable input is INVALID_INPUT and the module keeps working', () => {
    expect(codeOf(() => consoleLogs({} as never))).toBe('INVALID_INPUT');
    expect(asRead(consoleLogs(ring4())).returnedCount).toBe(4);
  });
});

const events = (): JournalEvent[] => [
  { tick: 1, type: 'spawn', cap: 1, level: 'info' },
  { tick: 2, type: 'score', cap: 2, level: 'info' },
  { tick: 3, type: 'hit', cap: 4, level: 'warn' },
  { tick: 4, type: 'score', cap: 5, level: 'info' },
  { tick: 5, type: 'crash', cap: 7, level: 'error' },
];
const jring = { epoch: 'k1-0', captureSeq: 8, droppedThroughCap: 0, captures: { types: ['@contact'], active: [] } };

describe('journalEvents', () => {
  it('a bare read: the tail with whole-ring counts, the next cap, capture state', () => {
    const ev = deepFreeze(events());
    exact(journalEvents(ev, { limit: 2 }, jring), {
      returnedCount: 2,
      totalCount: 5,
      ringTotal: 5,
      byType: { spawn: 1, score: 2, hit: 1, crash: 1 },
      nextCap: 8,
      epoch: 'k1-0',
      events: [ev[3], ev[4]],
      captures: { types: ['@contact'], active: [] },
      captureHint: "@contact is watch-gated and NOT capturing — start with action:'start', type:'@contact' before the moment you want to trace.",
      truncated: true,
      hint: 'Showing the last 2 of 5 events (newest last). Raise limit=N for more, or narrow with type=.',
    });
  });

  it('a limit:0 read is a baseline: the next cursored read returns only what came after', () => {
    const base = journalEvents(events(), { limit: 0 }, { epoch: 'k1-0', captureSeq: 7 }) as JournalEventsResult;
    expect([base.returnedCount, base.nextCap]).toEqual([0, 7]);
    const later = [...events(), { tick: 6, type: 'win', cap: 9, level: 'info' as const }];
    const next = journalEvents(later, { sinceCap: base.nextCap, epoch: base.epoch }, { epoch: 'k1-0', captureSeq: 9 }) as JournalEventsResult;
    expect([next.events.map((e) => e.type), next.ringTotal, next.nextCap, next.cursorReset]).toEqual([['win'], 1, 9, undefined]);
  });

  it('filters narrow the rows, and refusals', () => {
    const r = journalEvents(events(), { level: 'warn' }, jring) as JournalEventsResult;
    expect([r.returnedCount, r.ringTotal, r.filter]).toEqual([2, 5, { level: 'warn' }]);
    expect(journalEvents(events(), { level: 'wran' as never })).toMatchObject({ ok: false, code: 'REFUSED_BY_OP', options: ['info', 'warn', 'error'] });
    expect(journalEvents(events(), { clear: true } as never)).toMatchObject({ ok: false, code: 'UNKNOWN_PARAM', options: ['sinceCap', 'epoch'] });
    expect(codeOf(() => journalEvents(events(), { action: 'start' } as never))).toBe('INVALID_OPTION');
    const stale = journalEvents(events(), { sinceCap: 5, epoch: 'k0-0' }, jring) as JournalEventsResult;
    expect([stale.returnedCount, stale.cursorReset?.startsWith('sinceCap=5 was issued under epoch k0-0;')]).toEqual([5, true]);
  });
});

const editor = (): EditorJournalEvent[] => [
  { seq: 1, cap: 1, type: '!select', source: 'human' },
  { seq: 2, cap: 3, type: '!edit', source: 'agent' },
  { seq: 3, cap: 4, type: '!edit', source: 'human' },
  { seq: 4, cap: 6, type: '!save', source: 'human' },
];

describe('journals return events as V8 wrote them', () => {
  it('a lone surrogate in a payload survives; one in a filtered field becomes U+FFFD', () => {
    const kept = journalEvents([{ tick: 1, type: 'a', cap: 1, level: 'info', payload: 'x\ud800y' }]) as JournalEventsResult;
    expect(kept.events[0].payload).toBe('x\ud800y');
    const cleaned = journalEvents([{ tick: 1, type: 'a\ud800', cap: 1, level: 'info', payload: 'x\ud800y' }]) as JournalEventsResult;
    expect([cleaned.events[0].type, cleaned.events[0].payload]).toEqual(['a\ufffd', 'x\ufffdy']);
    const ed = editorJournal([{ seq: 1, cap: 1, type: '!edit', source: 'human', payload: { note: '\udc00' } }], { merged: true }) as { editor: EditorJournalEvent[]; timeline: Array<{ payload?: unknown }> };
    expect([ed.editor[0].payload, ed.timeline[0].payload]).toEqual([{ note: '\udc00' }, { note: '\udc00' }]);
  });
});

describe('editorJournal', () => {
  it('bare, cursored and merged replies', () => {
    const ed = deepFreeze(editor());
    exact(editorJournal(ed, { since: 1, limit: 1 }, { epoch: 'c1~s1' }), {
      editor: [ed[1]],
      editorTotal: 3,
      ringTotal: 4,
      byType: { '!select': 1, '!edit': 2, '!save': 1 },
      epoch: 'c1~s1',
      truncated: true,
      nextSeq: 2,
      hint: 'Showing the OLDEST 1 of 3 editor events after since=1 (oldest first). Poll again with since=2 to continue contiguously with no gap; raise limit=N to fetch more per poll.',
    });
    const game = deepFreeze([{ tick: 1, type: 'spawn', cap: 2, level: 'info' as const }, { tick: 2, type: 'score', cap: 5, level: 'info' as const }]);
    exact(editorJournal(ed, { merged: true, sinceCap: 3, limit: 2 }, { game }), {
      editor: [ed[2], ed[3]],
      editorTotal: 4,
      ringTotal: 4,
      byType: { '!select': 1, '!edit': 2, '!save': 1 },
      truncated: true,
      hint: 'Showing the OLDEST 2 of 3 timeline events after sinceCap=3 (oldest first). Poll again with sinceCap=5 to continue contiguously with no gap; raise limit=N for more per poll.',
      game: [...game],
      gameTotal: 2,
      gameByType: { spawn: 1, score: 1 },
      timelineTotal: 3,
      timeline: [{ stream: 'editor', ...ed[2] }, { stream: 'game', ...game[1] }],
      nextCap: 5,
      nextSeq: 4,
    });
    expect(editorJournal(ed, { source: 'bot' as never })).toMatchObject({ ok: false, code: 'REFUSED_BY_OP', options: ['human', 'agent'] });
  });
});

describe('watchRead', () => {
  it('stats only, rounded; a failed read passes through', () => {
    const result = deepFreeze({
      ok: true,
      series: [{ guid: 'g', field: 'Transform.y', count: 2, despawnedAt: null, stats: { first: 247.13061935179246, last: 1, min: 1, max: 247.13061935179246, delta: -246.13061935179246, settled: false }, samples: [{ t: 0, value: 247.13061935179246 }, { t: 1, value: 1 }] }],
    });
    exact(watchRead(result), {
      ok: true,
      series: [{ guid: 'g', field: 'Transform.y', count: 2, despawnedAt: null, stats: { first: 247.130619, last: 1, min: 1, max: 247.130619, delta: -246.130619, settled: false } }],
      totalSamples: 2,
      hint: 'Stats only (2 samples across 1 series). Pass samples=true for the raw time-series.',
    });
    expect(watchRead(result, { samples: true }).series[0].samples).toEqual([{ t: 0, value: 247.130619 }, { t: 1, value: 1 }]);
    expect(watchRead(result, { precision: 0, samples: true }).series[0].samples?.[0]).toEqual({ t: 0, value: 247.13061935179246 });
    const failed = { ok: false, error: 'no watch', series: [] };
    exact(watchRead(failed as never), failed);
  });
});

describe('consoleLogs against a model of the contract', () => {
  // An independent, deliberately naive reading of the console contract (threshold, seq cursor,
  // epoch reset, head/tail window, 4,000-char cut, 40,000-char fit), compared on random rings.
  const RANK: Record<string, number> = { log: 0, info: 0, warn: 1, error: 2 };
  function model(entries: ConsoleEntry[], q: { level?: string; since?: number; epoch?: string; limit?: number }, epoch: string) {
    const newest = entries.reduce((m, e) => Math.max(m, e.seq), 0);
    const caller = q.epoch === '' ? undefined : q.epoch;
    const stale = q.since !== undefined && ((caller !== undefined && caller !== epoch) || q.since > newest);
    const since = stale ? 0 : q.since;
    const matched = entries.filter((e) => (q.level === undefined || (RANK[e.level] ?? 0) >= RANK[q.level]) && (since === undefined || e.seq > since));
    const n = Math.max(0, typeof q.limit === 'number' && Number.isFinite(q.limit) ? q.limit : 50);
    const take = n >= matched.length ? matched.length : Math.floor(n);
    const page = since === undefined ? matched.slice(matched.length - take) : matched.slice(0, take);
    const capped = page.map((e) => (e.text.length > 4000 ? { ...e, text: `${e.text.slice(0, 4000)}… (+${e.text.length - 4000} chars)` } : e));
    const order = since === undefined ? [...capped].reverse() : capped;
    const kept: ConsoleEntry[] = [];
    let used = 0;
    for (const e of order) {
      const size = JSON.stringify(e).length;
      if (kept.length && used + size > 40_000) break;
      kept.push(e);
      used += size;
    }
    if (since === undefined) kept.reverse();
    const truncated = take < matched.length || kept.length < page.length;
    const nextSeq = since !== undefined && truncated ? (kept.at(-1)?.seq ?? since) : newest;
    return { logs: kept, nextSeq, stale, returnedCount: kept.length, totalCount: matched.length, ringTotal: entries.length, omitted: page.length - kept.length, truncated };
  }

  it('agrees on 400 random rings and queries', () => {
    let seed = 11;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
    for (let round = 0; round < 400; round++) {
      const size = Math.floor(rnd() * 120);
      const entries: ConsoleEntry[] = Array.from({ length: size }, (_, i) => ({
        seq: i + 1,
        level: pick(['log', 'info', 'warn', 'error', 'debug']),
        ts: 1000 + i,
        text: rnd() < 0.1 ? 'x'.repeat(3000 + Math.floor(rnd() * 6000)) : `line ${i} "quoted"\n`,
      }));
      const q: { level?: (typeof CONSOLE_LEVELS)[number]; since?: number; epoch?: string; limit?: number } = {};
      if (rnd() < 0.5) q.level = pick(CONSOLE_LEVELS);
      if (rnd() < 0.6) q.since = Math.floor(rnd() * (size + 20));
      if (rnd() < 0.5) q.epoch = pick(['', 'e1', 'e0']);
      if (rnd() < 0.7) q.limit = pick([0, -2, 1, 3, 7.5, 40, 200, 1e9]);
      const got = asRead(consoleLogs(entries, q, { epoch: 'e1' }));
      const want = model(entries, q, 'e1');
      const label = JSON.stringify({ round, size, q });
      expect(got.logs, label).toEqual(want.logs);
      expect([got.nextSeq, got.returnedCount, got.totalCount, got.ringTotal, got.truncated ?? false, got.omittedForSize ?? 0, got.cursorReset !== undefined], label).toEqual([
        want.nextSeq, want.returnedCount, want.totalCount, want.ringTotal, want.truncated, want.omitted, want.stale,
      ]);
      expect(Object.values(got.byLevel).reduce((a, b) => a + b, 0)).toBe(size);
    }
  });
});

describe('journalEvents and editorJournal against a model of the contract', () => {
  let seed = 29;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const LEVEL: Record<string, number> = { info: 0, warn: 1, error: 2 };
  const limitOf = (limit: number | undefined, def: number, len: number) => {
    const n = Math.max(0, typeof limit === 'number' && Number.isFinite(limit) ? limit : def);
    return n >= len ? len : Math.floor(n);
  };

  it('journalEvents: window, filters, head/tail and nextCap on 300 random rings', () => {
    for (let round = 0; round < 300; round++) {
      const size = Math.floor(rnd() * 150);
      const evs: JournalEvent[] = Array.from({ length: size }, (_, i) => ({ tick: i, type: pick(['a', 'b', '@contact']), cap: 2 * i + 1, level: pick(['info', 'warn', 'error'] as const) }));
      const tip = 2 * size + 3;
      const q: { type?: string; level?: 'info' | 'warn' | 'error'; sinceCap?: number; limit?: number } = {};
      if (rnd() < 0.4) q.type = pick(['a', 'b', 'zzz']);
      if (rnd() < 0.4) q.level = pick(['info', 'warn', 'error'] as const);
      if (rnd() < 0.6) q.sinceCap = Math.floor(rnd() * (tip + 10));
      if (rnd() < 0.7) q.limit = pick([0, -1, 1, 5, 2.5, 120, 1e9]);
      const got = journalEvents(evs, q, { epoch: 'k', captureSeq: tip }) as JournalEventsResult;
      const reset = q.sinceCap !== undefined && q.sinceCap > tip;
      const since = reset ? 0 : q.sinceCap;
      const windowed = evs.filter((e) => since === undefined || e.cap > since);
      const matched = windowed.filter((e) => (!q.type || e.type === q.type) && (!q.level || LEVEL[e.level] >= LEVEL[q.level]));
      const k = limitOf(q.limit, 100, matched.length);
      const page = since === undefined ? matched.slice(matched.length - k) : matched.slice(0, k);
      const truncated = k < matched.length;
      const nextCap = since !== undefined && truncated ? (page.at(-1)?.cap ?? since) : tip;
      const label = JSON.stringify({ round, size, q });
      expect(got.events, label).toEqual(page);
      expect([got.returnedCount, got.totalCount, got.ringTotal, got.nextCap, got.truncated ?? false, got.cursorReset !== undefined], label).toEqual([page.length, matched.length, windowed.length, nextCap, truncated, reset]);
      expect(Object.values(got.byType).reduce((a, b) => a + b, 0)).toBe(windowed.length);
    }
  });

  it('editorJournal merged: the timeline is both rings after sinceCap in cap order, on 200 random pairs', () => {
    for (let round = 0; round < 200; round++) {
      const caps = Array.from({ length: Math.floor(rnd() * 80) }, (_, i) => i + 1).sort(() => rnd() - 0.5);
      const edCount = Math.floor(caps.length * rnd());
      const edCaps = caps.slice(0, edCount).sort((a, b) => a - b);
      const gameCaps = caps.slice(edCount).sort((a, b) => a - b);
      const ed: EditorJournalEvent[] = edCaps.map((cap, i) => ({ seq: i + 1, cap, type: pick(['!edit', '!select']), source: pick(['human', 'agent'] as const) }));
      const game: JournalEvent[] = gameCaps.map((cap, i) => ({ tick: i, type: 'g', cap, level: 'info' }));
      const q: { sinceCap?: number; limit?: number; merged: true } = { merged: true };
      if (rnd() < 0.6) q.sinceCap = Math.floor(rnd() * (caps.length + 1));
      if (rnd() < 0.6) q.limit = pick([0, 3, 10, 1e9]);
      const got = editorJournal(ed, q, { game, captureSeq: caps.length }) as { timeline: Array<{ stream: string; cap: number }>; timelineTotal: number; nextCap: number };
      const all = [...ed.map((e) => ({ stream: 'editor', ...e })), ...game.map((e) => ({ stream: 'game', ...e }))]
        .filter((e) => q.sinceCap === undefined || e.cap > q.sinceCap)
        .sort((a, b) => a.cap - b.cap);
      const k = limitOf(q.limit, 100, all.length);
      const page = q.sinceCap === undefined ? all.slice(all.length - k) : all.slice(0, k);
      const label = JSON.stringify({ round, q, edCaps, gameCaps });
      expect(got.timeline, label).toEqual(page);
      expect(got.timelineTotal, label).toBe(all.length);
      expect(got.nextCap, label).toBe(q.sinceCap !== undefined && k < all.length ? (page.at(-1)?.cap ?? q.sinceCap) : caps.length);
    }
  });
});
