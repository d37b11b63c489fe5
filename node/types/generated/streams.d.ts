// generated — edit src/summarizers/stream/window.rs, src/summarizers/stream/log_budget.rs, src/summarizers/stream/levels.rs, src/summarizers/stream/cursor.rs, src/summarizers/stream/journal.rs, src/summarizers/stream/editor_journal.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

/**
 * Console entries a bare read returns: ~162 chars each, so ~8k chars, against a ring whose
 * unbounded read is ~20–27k tokens.
 * Its value: `50`.
 */
export declare const CONSOLE_TAIL_DEFAULT: number;

/**
 * Game journal events a bare read returns: ~102–226 chars each against a 10,000-event ring.
 * Its value: `100`.
 */
export declare const JOURNAL_TAIL_DEFAULT: number;

/**
 * Editor journal events a bare read returns: ~130–253 chars each against a 2,000-event ring.
 * Its value: `100`.
 */
export declare const EDITOR_JOURNAL_TAIL_DEFAULT: number;

/**
 * One line: a stack frame, a minified asset path or a logcat line fits; a pasted blob does not.
 * Its value: `400`.
 */
export declare const LOG_LINE_CHARS: number;

/**
 * One console entry, which carries its whole stack and cause chain (~25 frames).
 * Its value: `4000`.
 */
export declare const LOG_ENTRY_CHARS: number;

/**
 * The entries' share of one answer, as encoded: under the 60,000-char payload cap with room for
 * the rest of the reply (counts, cursor, hint) and for a caller wrapping it in another answer.
 * Its value: `40000`.
 */
export declare const LOG_ANSWER_CHARS: number;

/**
 * The console levels a `level` filter accepts, in the editor's order.
 */
export declare const CONSOLE_LEVELS: readonly ["log", "info", "warn", "error"];

/**
 * The journal levels a `level` filter accepts, in rank order.
 */
export declare const JOURNAL_LEVELS: readonly ["info", "warn", "error"];

/**
 * `since` in one wording, for every tool that takes one.
 */
export declare const SINCE_CURSOR_BASE: string;

/**
 * `epoch` in one wording, for every tool that returns one.
 */
export declare const EPOCH_BASE: string;

/**
 * A console `since` at or above this is an epoch-ms timestamp, not a ring seq: a seq counts
 * log lines from one page load and cannot reach 1e11, and every epoch-ms instant since 1973
 * is above it. Such a `since` is refused with a pointer to `sinceMs`.
 * Its value: `100000000000`.
 */
export declare const CONSOLE_SEQ_CEILING: number;

/**
 * A game journal event as the ring producer returns it and `journalEvents` reads it (a JSON
 * object; other keys pass through). Declared for the JS types only; the core reads the events
 * as JSON.
 */
export type JournalEvent = {
  tick: number;
  type: string;
  payload?: unknown;
  cap: number;
  level: (typeof JOURNAL_LEVELS)[number];
} & ({ [key in string]: unknown });

/**
 * The payload of `journalEvents`; optional keys appear only when they apply, in this order.
 */
export type JournalEventsResult = {
  returnedCount: number;
  /** What matched `type`/`level` inside the window. */
  totalCount: number;
  /** The whole window, filter ignored. */
  ringTotal: number;
  /** Over the whole window. */
  byType: { [type: string]: number };
  /** Where the next `sinceCap` read starts. */
  nextCap: number;
  epoch?: string;
  droppedThroughCap?: number;
  gapNote?: string;
  cursorReset?: string;
  filter?: { type?: string; level?: (typeof JOURNAL_LEVELS)[number] };
  /** Written from the items' own text (see `write_with_items`). */
  events: Array<JournalEvent>;
  /** Watch-gated types and which are capturing. */
  captures?: { types: string[]; active: string[] };
  captureHint?: string;
  truncated?: true;
  hint?: string;
};

/**
 * An editor journal event as the ring producer returns it (other keys pass through). Declared
 * for the JS types only; the core reads the events as JSON.
 */
export type EditorJournalEvent = {
  seq: number;
  cap: number;
  ts?: number;
  type: string;
  source: "human" | "agent";
  payload?: unknown;
} & ({ [key in string]: unknown });

/**
 * One timeline row: an editor or game event tagged with its stream. Declared for the JS types
 * only.
 */
export type TimelineEvent = {
  stream: "editor" | "game";
  cap: number;
} & ({ [key in string]: unknown });

/**
 * The payload of `editorJournal`. Declared for the JS types only: the reply is built as an
 * ordered map, its keys in the order the editor's op assigns them on the branch taken.
 */
export type EditorJournalResult = {
  editor: Array<EditorJournalEvent>;
  /** Events the filters matched. */
  editorTotal: number;
  /** The whole window, filters ignored. */
  ringTotal: number;
  byType: { [type: string]: number };
  epoch?: string;
  cursorReset?: string;
  droppedThroughSeq?: number;
  gapNote?: string;
  truncated?: true;
  hint?: string;
  /** Where the next `since` read starts. */
  nextSeq: number;
  /** With `merged`: the game journal's tail. */
  game?: Array<JournalEvent>;
  gameTotal?: number;
  gameByType?: { [type: string]: number };
  droppedThroughCap?: number;
  timelineGapNote?: string;
  timelineTotal?: number;
  /** With `merged`: both streams interleaved by `cap`. */
  timeline?: Array<TimelineEvent>;
  /** With `merged`: where the next `sinceCap` read starts. */
  nextCap?: number;
};
