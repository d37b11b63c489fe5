// Compiled with strict `tsc --noEmit` against the INSTALLED tarball by pack.test.ts: every
// export of the stream capability, typed as a user would call it.
import {
  CONSOLE_TAIL_DEFAULT,
  JOURNAL_TAIL_DEFAULT,
  EDITOR_JOURNAL_TAIL_DEFAULT,
  LOG_LINE_CHARS,
  LOG_ENTRY_CHARS,
  LOG_ANSWER_CHARS,
  CONSOLE_LEVELS,
  JOURNAL_LEVELS,
  SINCE_CURSOR_BASE,
  EPOCH_BASE,
  CONSOLE_SEQ_CEILING,
  tailWithCounts,
  headWithCounts,
  takeTail,
  takeHead,
  tailHint,
  isConsoleLevel,
  atConsoleLevel,
  capLogText,
  fitLogBudget,
  encodedSize,
  consoleLogs,
  journalEvents,
  editorJournal,
  watchRead,
  type ConsoleLevel,
  type JournalLevel,
  type TailResult,
  type Window,
  type ConsoleEntry,
  type ConsoleLogsResult,
  type JournalEvent,
  type JournalEventsResult,
  type EditorJournalEvent,
  type EditorJournalResult,
  type StreamRefusal,
  type WatchReadResult,
} from 'modoki-budget';

const defaults: number =
  CONSOLE_TAIL_DEFAULT + JOURNAL_TAIL_DEFAULT + EDITOR_JOURNAL_TAIL_DEFAULT + CONSOLE_SEQ_CEILING;
const budgets: number = LOG_LINE_CHARS + LOG_ENTRY_CHARS + LOG_ANSWER_CHARS;
const first: ConsoleLevel = CONSOLE_LEVELS[0];
const journalLevel: JournalLevel = JOURNAL_LEVELS[2];
const docs: string = SINCE_CURSOR_BASE + EPOCH_BASE;

const tail: TailResult<{ t: string }> = tailWithCounts([{ t: 'a' }], (item) => item.t, { limit: 1, defaultLimit: 50 });
const head: TailResult<number> = headWithCounts([1, 2], (n, i) => n + i);
const window: Window<number> = takeTail([1, 2, 3], undefined, 2);
const page: number[] = takeHead([1, 2, 3], 1, 2).items;
const hint: string = tailHint('events', 1, 2, ', or narrow with type=');
const levelOk: boolean = isConsoleLevel('warn') && atConsoleLevel('error', 'warn');
const cut: string = capLogText('x'.repeat(500), LOG_LINE_CHARS);
const fitted: { items: string[]; omitted: number } = fitLogBudget(['a', 'b'], encodedSize, 10, 'last');

const entries: ConsoleEntry[] = [{ seq: 1, level: 'log', ts: 1, text: 'a' }];
const consoleReply: ConsoleLogsResult | StreamRefusal = consoleLogs(
  entries,
  { level: 'warn', since: 0, epoch: 'e', limit: 5 },
  { epoch: 'e', dropped: 0 },
);
const nextSeq: number | undefined = 'ok' in consoleReply ? undefined : consoleReply.nextSeq;
const events: JournalEvent[] = [{ tick: 1, type: 'spawn', cap: 1, level: 'info' }];
const journalReply: JournalEventsResult | StreamRefusal = journalEvents(
  events,
  { sinceCap: 0, level: 'warn' },
  { captureSeq: 1, captures: { types: ['@contact'], active: [] } },
);
const editorEvents: EditorJournalEvent[] = [{ seq: 1, cap: 2, type: '!edit', source: 'agent' }];
const editorReply: EditorJournalResult | StreamRefusal = editorJournal(
  editorEvents,
  { merged: true, sinceCap: 1, source: 'human' },
  { game: events, epoch: 'c~s' },
);
const watch: WatchReadResult = watchRead({ series: [] }, { samples: true, precision: '3' });

// @ts-expect-error — a level threshold is one of the four console levels
consoleLogs(entries, { level: 'fatal' });
// @ts-expect-error — fitLogBudget keeps 'first' or 'last'
fitLogBudget([1], () => 1, 10, 'middle');

export {
  defaults,
  budgets,
  first,
  journalLevel,
  docs,
  tail,
  head,
  window,
  page,
  hint,
  levelOk,
  cut,
  fitted,
  nextSeq,
  journalReply,
  editorReply,
  watch,
};
