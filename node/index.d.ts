// Public types of modoki-budget. Kept by hand so the API has real types instead of the
// `any` wasm-bindgen generates for JsValue parameters; js-tests/types.test.ts checks them.

/** One MCP tool result, as the MCP SDK expects it. */
export interface ToolResult {
  content: Array<{ type: 'text'; text: string }>;
  isError?: boolean;
}

/** Default cap in UTF-16 code units (JS `.length`): 60,000 (~15k tokens of compact JSON). */
export declare const MAX_PAYLOAD_CHARS: 60000;
/** Default significant digits for float rounding: 9 (max error ~3.5e-7 on scene coordinates). */
export declare const DEFAULT_FLOAT_PRECISION: 9;

/** Options for {@link encode}. */
export interface EncodeOptions {
  /** Cap in UTF-16 code units. Default {@link MAX_PAYLOAD_CHARS}. */
  maxChars?: number;
  /**
   * Round every float to this many significant digits while encoding (same result as
   * `encode(roundFloats(data, precision))`). Default: no rounding. Values outside (0, 17)
   * leave numbers unchanged.
   */
  precision?: number;
  /**
   * Cap in real BPE tokens of the compact JSON (default: no token cap). Over it, the same
   * envelope as the char cap with a `tokens` field and the hint
   * `Response was N tokens (cap M). …`. Checked after `maxChars` (which keeps its default):
   * when both would fire, the char envelope is returned. String data over the token cap is cut
   * after its first `maxTokens` tokens (never inside a char) with the `capText` marker.
   */
  maxTokens?: number;
  /** Encoding for `maxTokens`. Default `'cl100k_base'`. An unknown name throws `UNKNOWN_ENCODING`. */
  encoding?: TokenEncoding;
}

/**
 * Serializes data for an agent: compact `JSON.stringify` text when it fits the cap, else a
 * small valid JSON envelope `{ elided, bytes, hint, preview }`. A string is capped as text.
 * Never throws: cycles become `"[Circular]"`, BigInts their decimal string, a throwing getter
 * or `toJSON` a `"[Thrown: …]"` marker.
 */
export declare function encode(data: unknown, maxChars?: number): string;
export declare function encode(data: unknown, options?: EncodeOptions): string;

/**
 * Caps text at `maxChars` UTF-16 units: unchanged when it fits, else a prefix that never ends in
 * half a surrogate pair plus `\n…[N chars elided of LEN]`.
 */
export declare function capText(text: string, maxChars?: number): string;

/** What the elision envelope previews: `{ key: "<count or type>" }` per top-level key. */
export type Summary = string | { [key: string]: string };

/** `{ key: describe(value) }` for each own enumerable key; `describe(data)` for non-objects. */
export declare function summarize(data: unknown): Summary;

/** The MCP result helpers returned by {@link createFormatter}. */
export interface Formatter {
  /** Prefixes the current warning (if any) and a blank line; the banner is never capped. */
  banner(text: string): string;
  /** A successful result: `banner(encode(data, options))`. */
  ok(data: unknown, options?: number | EncodeOptions): ToolResult;
  /** A failed result with `isError: true`: `banner(capText(message))`. */
  err(message: string): ToolResult;
}

/** Builds `{ banner, ok, err }`; `getWarning` is called on every call, not once. */
export declare function createFormatter(getWarning: () => string | null | undefined): Formatter;

/**
 * A failure message for a backend response body, or null when it reports success:
 * `${errors.join('; ') | error | 'the operation reported ok:false'}\n\nfull response: ${JSON}`.
 */
export declare function isFailureBody(body: unknown): string | null;

/** `Number(x.toPrecision(sig))`, passing NaN, ±Infinity, ±0 and integers below 1e15 through. */
export declare function roundSig(x: number, sig: number): number;

/**
 * A deep copy of `value` with every number in plain objects and arrays rounded to `sig`
 * significant digits (default 9). Class instances and Dates are kept by reference; the input is
 * never mutated; `sig <= 0 || sig >= 17` returns `value` itself.
 */
export declare function roundFloats<T>(value: T, sig?: number): T;

/** A finite number (or numeric string) as given; anything else gives 9. */
export declare function resolvePrecision(raw: unknown): number;

/** The BPE encodings counted exactly: tiktoken's names. */
export type TokenEncoding = 'cl100k_base' | 'o200k_base';
/** The chars-per-token heuristics {@link estimateTokens} implements. */
export type EstimateMethod = 'chars/4' | 'chars/3.5';

/** `'cl100k_base'`: the default encoding (GPT-4 / GPT-3.5); o200k is loaded only when asked for. */
export declare const DEFAULT_ENCODING: 'cl100k_base';
/** `['chars/4', 'chars/3.5']`: the estimates a {@link tokenReport} compares with the real count. */
export declare const ESTIMATE_METHODS: readonly EstimateMethod[];

/**
 * Exact token count of `text`, identical to tiktoken's `encode_ordinary(text).length`
 * (special-token text such as `<|endoftext|>` counts as ordinary text). Lone surrogates count
 * as U+FFFD, as `TextEncoder` (and every tiktoken JS binding) turns them into it.
 * Default encoding `'cl100k_base'`; an unknown one throws an Error with code `UNKNOWN_ENCODING`
 * naming the supported ones; a non-string `text` throws a TypeError with code `INVALID_TEXT`.
 */
export declare function countTokens(text: string, encoding?: TokenEncoding): number;

/**
 * True when `text` has at most `limit` tokens. Stops counting as soon as the limit is passed
 * (and counts nothing when `text.length * 3 <= limit`). A NaN limit never fits.
 */
export declare function fitsTokenBudget(text: string, limit: number, encoding?: TokenEncoding): boolean;

/**
 * The heuristic people use instead of a tokenizer: `Math.ceil(text.length / 4)` (default) or
 * `Math.ceil(text.length / 3.5)`, in UTF-16 units. An unknown method throws `UNKNOWN_METHOD`.
 */
export declare function estimateTokens(text: string, method?: EstimateMethod): number;

/** One field path's cost in a {@link TokenReport}. */
export interface FieldTokens {
  /** Key path with array indices collapsed (`entities[].guid`); `(root)` for the top level's own bytes. */
  path: string;
  /** UTF-16 units this path owns in the compact JSON. */
  chars: number;
  /** Tokens whose first byte this path owns. */
  tokens: number;
  /** `chars / total chars * 100`. */
  charShare: number;
  /** `tokens / total tokens * 100`. */
  tokenShare: number;
}

/** What {@link tokenReport} returns. */
export interface TokenReport {
  encoding: TokenEncoding;
  /** UTF-16 units of the compact JSON (`.length`). */
  chars: number;
  /** UTF-8 bytes of the compact JSON. */
  bytes: number;
  /** Real tokens of the compact JSON. */
  tokens: number;
  /** Each estimate and its error: `(estimate - tokens) / tokens * 100` (negative = under-reports). */
  estimates: Array<{ method: EstimateMethod; tokens: number; errorPercent: number }>;
  /** Per-path costs, most tokens first; chars and tokens each sum exactly to the totals. */
  fields: FieldTokens[];
}

/**
 * Where the tokens of `JSON.stringify(data)` go: totals, the chars/N estimates with their error,
 * and each field path's share of chars and tokens (the text is tokenized once; each token is
 * attributed to the path owning its first byte, so shares sum to 100%). Default encoding cl100k.
 */
export declare function tokenReport(data: unknown, options?: { encoding?: TokenEncoding }): TokenReport;
