import type { Flag } from './summarizers.js';
import type { CONSOLE_LEVELS, JOURNAL_LEVELS } from './generated/streams.js';
import type { ConsoleEntry, ConsoleLogsResult } from './generated/console.js';
import type {
  JournalEvent,
  JournalEventsResult,
  EditorJournalEvent,
  EditorJournalResult,
} from './generated/streams.js';
import type { WatchSeries, WatchReadResult } from './generated/watch.js';

// ---------------------------------------------------------------------------------------------
// Stream summaries: tails and heads of append-only rings with counts over the whole set, level
// thresholds, forward cursors with their epoch, and character budgets for log text. Replies
// follow the editor's agent ops key for key; a query value a summarizer cannot honour answers
// with the editor's refusal body ({@link StreamRefusal}) instead of throwing.

// The constants are generated from the Rust ones (src/summarizers/stream/), their one source,
// and so are the entries and replies of the console, both journals and watch reads.
export * from './generated/streams.js';
export * from './generated/watch.js';
export type { ConsoleEntry, ConsoleLogsResult };

export type ConsoleLevel = (typeof CONSOLE_LEVELS)[number];
export type JournalLevel = (typeof JOURNAL_LEVELS)[number];

/** Options of {@link tailWithCounts} and {@link headWithCounts}. */
export interface TailOptions {
  /** Items to keep, when a finite number (`<= 0` keeps none; a huge one keeps everything). */
  limit?: number;
  /** Used when `limit` is not a finite number; absent = no bound. */
  defaultLimit?: number;
}

/** The payload of {@link tailWithCounts} and {@link headWithCounts}. */
export interface TailResult<T> {
  /** The kept items (the caller's own objects). */
  items: T[];
  /** Every item, before the window was taken. */
  total: number;
  truncated: boolean;
  /** Histogram of `String(typeOf(item))` over every item, not just the window. */
  byType: { [type: string]: number };
}

/** The newest `limit` items plus a histogram over all of them. `typeOf` runs once per item, in order. */
export declare function tailWithCounts<T>(
  items: readonly T[],
  typeOf: (item: T, index: number) => unknown,
  options?: TailOptions,
): TailResult<T>;
/** The forward-cursor twin of {@link tailWithCounts}: the oldest `limit` items, the same histogram. */
export declare function headWithCounts<T>(
  items: readonly T[],
  typeOf: (item: T, index: number) => unknown,
  options?: TailOptions,
): TailResult<T>;

/** A window of a list and whether it left items out. */
export interface Window<T> {
  items: T[];
  truncated: boolean;
}

/** The last `limit ?? defaultLimit` items: a non-number or non-finite limit falls back, a negative one is 0. */
export declare function takeTail<T>(items: readonly T[], limit: number | undefined, defaultLimit: number): Window<T>;
/** The first `limit ?? defaultLimit` items (a forward cursor's page), with {@link takeTail}'s guards. */
export declare function takeHead<T>(items: readonly T[], limit: number | undefined, defaultLimit: number): Window<T>;
/** `Showing the last <shown> of <total> <kind> (newest last). Raise limit=N for more<extra>.` */
export declare function tailHint(kind: string, shown: number, total: number, extra?: string): string;

/** Whether `value` is one of {@link CONSOLE_LEVELS}. */
export declare function isConsoleLevel(value: unknown): value is ConsoleLevel;
/** Whether an entry at `entryLevel` passes the `threshold` (unknown entry levels rank as `log`). */
export declare function atConsoleLevel(entryLevel: string, threshold: ConsoleLevel): boolean;

/** `text` cut to `max` UTF-16 units with `… (+N chars)`, never inside a surrogate pair. */
export declare function capLogText(text: string, max: number): string;
/** The items that fit `budget` chars by `sizeOf`, contiguous from the `keep` end; never empties a non-empty list. */
export declare function fitLogBudget<T>(
  items: readonly T[],
  sizeOf: (item: T) => number,
  budget: number,
  keep: 'first' | 'last',
): { items: T[]; omitted: number };
/** An item's compact-JSON length (what an answer spends on it); 0 for `undefined`. */
export declare function encodedSize(item: unknown): number;

/** The editor's refusal of a query value it cannot honour. */
export interface StreamRefusal {
  ok: false;
  code: 'REFUSED_BY_OP' | 'AMBIGUOUS' | 'UNKNOWN_PARAM';
  error: string;
  options?: string[];
}

/** The agent's query for {@link consoleLogs}. */
export interface ConsoleLogsQuery {
  /** A threshold: this level or worse. */
  level?: ConsoleLevel;
  /** Forward cursor: a prior reply's `nextSeq`. */
  since?: number;
  /** The `epoch` returned with the cursor. */
  epoch?: string;
  /** Only entries logged after this epoch-ms instant. Not with `since`. */
  sinceMs?: number;
  /** Default 50: the newest N bare, the oldest N after `since`. */
  limit?: number;
}

/** The console ring's own state. */
export interface ConsoleRingState {
  /** The ring's identity for this page load; absent, no `epoch` in the reply. */
  epoch?: string;
  /** Entries evicted between the boot prefix and the rolling tail (default 0). */
  dropped?: number;
}

/** The newest 50 console entries, or the oldest 50 after a `since` cursor, cut to the log budget. */
export declare function consoleLogs(
  entries: readonly ConsoleEntry[],
  query?: ConsoleLogsQuery,
  ring?: ConsoleRingState,
): ConsoleLogsResult | StreamRefusal;

/** The agent's query for {@link journalEvents}. */
export interface JournalEventsQuery {
  type?: string;
  /** A threshold: this level or worse. */
  level?: JournalLevel;
  /** Forward cursor: a prior reply's `nextCap`. */
  sinceCap?: number;
  epoch?: string;
  /** Default 100. */
  limit?: number;
}

/** The game journal's own state. */
export interface JournalRingState {
  /** The capture counter's life; absent, no `epoch` in the reply. */
  epoch?: string;
  /** The newest `cap` issued (default: the newest in the events). */
  captureSeq?: number;
  /** The newest `cap` the ring has lost (default 0). */
  droppedThroughCap?: number;
  /** Watch-gated types and which are capturing; absent, no `captures` in the reply. */
  captures?: { types: string[]; active: string[] };
}

/** The newest 100 journal events, or the oldest 100 after `sinceCap`, with whole-window counts. */
export declare function journalEvents(
  events: readonly JournalEvent[],
  query?: JournalEventsQuery,
  ring?: JournalRingState,
): JournalEventsResult | StreamRefusal;

/** The agent's query for {@link editorJournal}. */
export interface EditorJournalQuery {
  type?: string;
  source?: 'human' | 'agent';
  /** Forward cursor on the editor `seq`. */
  since?: number;
  epoch?: string;
  /** Also the game journal and the interleaved `timeline`. */
  merged?: Flag;
  /** Forward cursor on the shared `cap` (the timeline). */
  sinceCap?: number;
  /** Default 100. */
  limit?: number;
}

/** The editor journal's own state, and the game journal `merged` reads. */
export interface EditorJournalRingState {
  /** `<capture life>~<seq life>`; absent, no `epoch` in the reply. */
  epoch?: string;
  /** The newest editor `seq` issued (default: the newest in the events). */
  seq?: number;
  droppedThroughSeq?: number;
  droppedThroughCap?: number;
  game?: readonly JournalEvent[];
  gameDroppedThroughCap?: number;
  /** The newest `cap` issued (default: the newest in both streams). */
  captureSeq?: number;
}

/** The newest 100 editor events (the oldest 100 after `since`); `merged` adds the game tail and the timeline. */
export declare function editorJournal(
  editor: readonly EditorJournalEvent[],
  query?: EditorJournalQuery,
  ring?: EditorJournalRingState,
): EditorJournalResult | StreamRefusal;

/** The watch producer's result. */
export interface WatchReadInput {
  ok?: boolean;
  series: readonly WatchSeries[];
  hint?: string;
  [key: string]: unknown;
}

/** The agent's query for {@link watchRead}. */
export interface WatchReadQuery {
  /** Keep the raw samples. Default: stats only. */
  samples?: Flag;
  /** Series to return. Default 100. */
  limit?: number;
  /** Significant digits (default 9; 0 keeps exact values). */
  precision?: number | string;
}

/** Stats only by default (floats at 9 significant digits, series capped at 100); a failed read passes through. */
export declare function watchRead(result: WatchReadInput, query?: WatchReadQuery): WatchReadResult;
