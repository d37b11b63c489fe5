// generated — edit src/summarizers/stream/window.rs, src/summarizers/stream/log_budget.rs, src/summarizers/stream/levels.rs, src/summarizers/stream/cursor.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

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
