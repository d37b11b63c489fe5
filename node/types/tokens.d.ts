import type { CodedError } from './errors.js';
import type { TokenEncoding, FieldCost, TokenCounts } from './generated/tokens.js';

// The encodings' names and the core's token counts are generated from the Rust types
// (src/tokens/mod.rs, src/tokens/report.rs).
export type { TokenEncoding };
/** The chars-per-token heuristics {@link estimateTokens} implements. */
export type EstimateMethod = 'chars/4' | 'chars/3.5';

/** `'cl100k_base'`: the default encoding (GPT-4 / GPT-3.5); o200k is loaded only when asked for. */
export declare const DEFAULT_ENCODING: 'cl100k_base';
/** `['chars/4', 'chars/3.5']`: the estimates a {@link tokenReport} compares with the real count. */
export declare const ESTIMATE_METHODS: readonly EstimateMethod[];

/**
 * Resolves once `encoding` (default `'cl100k_base'`) can be counted. In a browser or worker it
 * fetches that encoding's rank table (cl100k 1.3 MB, o200k 2.7 MB; once, however often it is
 * called), and every count before it resolves throws a {@link CodedError}
 * `ENCODING_NOT_LOADED` that names this function. On Node, Bun and Deno it resolves at once and
 * the table is read from disk on first use, so code that runs in both places calls it the same
 * way. An unknown encoding rejects with `UNKNOWN_ENCODING`.
 */
export declare function loadEncoding(encoding?: TokenEncoding): Promise<void>;

/**
 * Exact token count of `text`, identical to tiktoken's `encode_ordinary(text).length`
 * (special-token text such as `<|endoftext|>` counts as ordinary text). Lone surrogates count
 * as U+FFFD, as `TextEncoder` (and every tiktoken JS binding) turns them into it.
 * Default encoding `'cl100k_base'`; an unknown one throws a {@link CodedError} `UNKNOWN_ENCODING`
 * naming the supported ones; a non-string `text` throws a TypeError with code `INVALID_INPUT`.
 */
export declare function countTokens(text: string, encoding?: TokenEncoding): number;

/**
 * True when `text` has at most `limit` tokens. Stops counting as soon as the limit is passed
 * (and counts nothing when `text.length * 3 <= limit`). A NaN limit never fits.
 */
export declare function fitsTokenBudget(text: string, limit: number, encoding?: TokenEncoding): boolean;

/**
 * The heuristic people use instead of a tokenizer: `Math.ceil(text.length / 4)` (default) or
 * `Math.ceil(text.length / 3.5)`, in UTF-16 units. An unknown method throws `INVALID_OPTION`.
 */
export declare function estimateTokens(text: string, method?: EstimateMethod): number;

/** One field path's cost in a {@link TokenReport}: the core's counts and their shares. */
export interface FieldTokens extends FieldCost {
  /** `chars / total chars * 100`. */
  charShare: number;
  /** `tokens / total tokens * 100`. */
  tokenShare: number;
}

/** What {@link tokenReport} returns: the core's counts, the estimates and each field's shares. */
export interface TokenReport extends Omit<TokenCounts, 'fields'> {
  encoding: TokenEncoding;
  /** Each estimate and its error: `(estimate - tokens) / tokens * 100` (negative = under-reports). */
  estimates: Array<{ method: EstimateMethod; tokens: number; errorPercent: number }>;
  /** Per-path costs, most tokens first; chars and tokens each sum exactly to the totals. */
  fields: FieldTokens[];
}

/** Options for {@link tokenReport}. */
export interface TokenReportOptions {
  /** Default `'cl100k_base'`. */
  encoding?: TokenEncoding;
}

/**
 * Where the tokens of `JSON.stringify(data)` go: totals, the chars/N estimates with their error,
 * and each field path's share of chars and tokens (the text is tokenized once; each token is
 * attributed to the path owning its first byte, so shares sum to 100%). Default encoding cl100k.
 */
export declare function tokenReport(data: unknown, options?: TokenReportOptions): TokenReport;
