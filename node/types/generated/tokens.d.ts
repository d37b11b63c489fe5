// generated — edit src/tokens/mod.rs, src/tokens/report.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

/**
 * A supported encoding, named as tiktoken names it.
 */
export type TokenEncoding = "cl100k_base" | "o200k_base";

/**
 * Chars (UTF-16 units) and tokens of one path.
 */
export type FieldCost = {
  /**
   * Key path with array indices collapsed (`entities[].guid`); `(root)` for the top level's
   * own bytes.
   */
  path: string;
  /** UTF-16 code units of the bytes this path owns. */
  chars: number;
  /** Tokens whose first byte this path owns. */
  tokens: number;
};

/**
 * A payload's totals and per-path costs (sorted by tokens, then chars, descending).
 */
export type TokenCounts = {
  /** UTF-16 code units (`.length` of the JSON text). */
  chars: number;
  /** UTF-8 bytes. */
  bytes: number;
  /** Real tokens. */
  tokens: number;
  /** Per-path costs, most tokens first; their chars and tokens each sum exactly to the totals. */
  fields: Array<FieldCost>;
};
