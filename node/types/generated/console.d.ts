// generated — edit src/summarizers/stream/console.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

/**
 * A console entry as the ring producer returns it and `consoleLogs` reads it (a JSON object;
 * other keys pass through). Declared for the JS types only; the core reads the entries as JSON.
 */
export type ConsoleEntry = {
  seq: number;
  level: string;
  ts: number;
  text: string;
};

/**
 * The payload of `consoleLogs`.
 */
export type ConsoleLogsResult = {
  logs: Array<ConsoleEntry>;
  nextSeq: number;
  epoch?: string;
  cursorReset?: string;
  returnedCount: number;
  /** What matched level/since/sinceMs before the window. */
  totalCount: number;
  /** The whole ring, filter ignored. */
  ringTotal: number;
  /** Over the whole ring. */
  byLevel: { [level: string]: number };
  dropped: number;
  /** Entries the limit took that the character budget left out. */
  omittedForSize?: number;
  truncated?: true;
  hint?: string;
};
