import type { TokenEncoding } from './tokens.js';
import type { MAX_PAYLOAD_CHARS } from './generated/cap.js';
import type { ERROR_CODES } from './generated/refusal-codes.js';

// MAX_PAYLOAD_CHARS is generated from src/cap/mod.rs, its one source.
export * from './generated/cap.js';

// Every result shape is a `type` alias, not an `interface`: only a type alias has the implicit
// index signature that makes it assignable to the MCP SDK's `CallToolResult`
// (`{ [x: string]: unknown; content: …; isError?: boolean }`).

/** A text block of a tool result. */
export type TextContent = {
  type: 'text';
  text: string;
};

/** An inline image block of a tool result (base64 PNG), as {@link screenshotResult} emits it. */
export type ImageContent = {
  type: 'image';
  data: string;
  mimeType: 'image/png';
};

/**
 * One MCP tool result made of text blocks, as the editor's result layer declares it: what `ok`,
 * `fail` and `err` return, and what a handler typed `Promise<ToolResult>` answers with.
 */
export type ToolResult = {
  content: TextContent[];
  isError?: boolean;
};

/** A tool result that may also carry an inline image block, as {@link screenshotResult} returns it. */
export type ImageToolResult = {
  content: Array<TextContent | ImageContent>;
  isError?: boolean;
};

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
   * envelope as the char cap with a `tokens` field and the hint `Response was N tokens (cap M). …`.
   * When the payload is over both caps, the envelope names the one it overshoots by the larger
   * factor, so one narrowing step is enough. String data is cut at the tighter of `maxChars` and
   * the end of its first `maxTokens` tokens (never inside a char), with the `capText` marker.
   */
  maxTokens?: number;
  /** Encoding for `maxTokens`. Default `'cl100k_base'`. An unknown name throws `UNKNOWN_ENCODING`. */
  encoding?: TokenEncoding;
  /**
   * The calling tool's own narrowing parameters, named by the over-cap hint as
   * `this tool's filters are a=/b=. ` (see {@link retargetNarrowHint}). Default (and for a
   * non-array, since `encode` never throws): the generic advice.
   */
  filters?: readonly string[];
}

/**
 * Serializes data for an agent: compact `JSON.stringify` text when it fits the cap, else a
 * small valid JSON envelope `{ elided: true, code: 'TOO_LARGE', bytes, hint, preview }` (with
 * `tokens` after `bytes` under a token cap). A string is capped as text.
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

/**
 * The over-cap envelope's preview (the editor's name): `{ key: describe(value) }` for each own
 * enumerable key, `describe(data)` for non-objects. The scene summarizers (`sceneState`,
 * `summarizeAssets`, …) are another capability, in summarizers.d.ts.
 */
export declare function summarize(data: unknown): Summary;

/**
 * Rewrites an over-cap envelope's hint to name the calling tool's own filters:
 * `Response was N chars (cap M). Narrow it: this tool's filters are a=/b=. `. A banner in front
 * (everything up to the last blank line) is kept; text that is not an envelope, or an empty
 * `filters`, is returned unchanged.
 */
export declare function retargetNarrowHint(text: string, filters: readonly string[]): string;

// ERROR_CODES is generated from node/result/refusal-codes.cjs, its one source.
export * from './generated/refusal-codes.js';

/**
 * One of the editor's twelve refusal codes ({@link ERROR_CODES}); the editor's name, kept.
 * What the package throws carries a {@link BudgetErrorCode} instead.
 */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A structured refusal, as {@link encodeError} renders it and `fail` answers with it. */
export type ToolErrorDetail = {
  code: ErrorCode;
  /** Which tool refused; a server stamps it in centrally when a call site omits it. */
  tool?: string;
  /** What was attempted, in the caller's terms. Capped at 4,000 chars. */
  what: string;
  /** The actual cause. Capped at 4,000 chars. */
  why: string;
  /** What was received (a bad value, an echoed backend body). Kept structured when its JSON fits `gotBudget`. */
  got?: unknown;
  /** The shape or values that would work. Capped at 4,000 chars. */
  expected?: string;
  /** The real choices, when there is a finite set. */
  options?: string[];
  /** Char budget for `got`. Default 8,000; pass {@link MAX_PAYLOAD_CHARS} for a payload already bounded. */
  gotBudget?: number;
};

/** `Symbol.for('modoki.errorDetail')`: where a `fail` result carries its detail (dropped by JSON and the transport). */
export declare const ERROR_DETAIL: unique symbol;

/**
 * `{"error":{code,tool,what,why,got,expected,options}}` as compact JSON, each field within its
 * budget; a `got` whose JSON is over budget becomes `{ elided: true, bytes, preview }`.
 */
export declare function encodeError(detail: ToolErrorDetail): string;

/** The detail a `fail` result carries on {@link ERROR_DETAIL}, or undefined. */
export declare function errorDetailOf(result: object): ToolErrorDetail | undefined;

/** The code a reply body names in `code` when it is one of {@link ERROR_CODES}, else `fallback`. */
export declare function codeFromBody(body: unknown, fallback: ErrorCode): ErrorCode;

/**
 * The code an HTTP status means: 404 is `NOT_AVAILABLE_HERE` without a detail or with a
 * route-miss message, else `NOT_FOUND`; 5xx `NOT_AVAILABLE_HERE`; anything else `REFUSED_BY_OP`.
 */
export declare function codeFromStatus(status: number, detail?: string): ErrorCode;

/** The non-empty strings of a reply body's `options` array, or undefined when there are none. */
export declare function optionsFromBody(body: unknown): string[] | undefined;

/** `null`, `an array`, `an object with keys: a, b` (first 8 keys), `an empty object` or `a <typeof>`. */
export declare function describeShape(value: unknown): string;

/**
 * What a failure body states, or null when it claims no failure: `ok: true` wins; `ok: false`,
 * a string in `errors[]` or a non-empty `error` is a failure; `reason` is a detail, never a trigger.
 */
export declare function failureDetail(body: unknown): string | null;

/** The MCP result helpers returned by {@link createFormatter}. */
export type Formatter = {
  /** Prefixes the current warning (if any) and a blank line; the banner is never capped. */
  banner(text: string): string;
  /** A successful result: `banner(encode(data, options))`. */
  ok(data: unknown, options?: number | EncodeOptions): ToolResult;
  /** The structured refusal: `banner(encodeError(detail))`, `isError: true`, the detail on {@link ERROR_DETAIL}. */
  fail(detail: ToolErrorDetail): ToolResult;
  /** The v0.3 free-text failure: `banner(capText(message))` with `isError: true`. */
  err(message: string): ToolResult;
};

/** Builds `{ banner, ok, fail, err }`; `getWarning` is called on every call, not once. */
export declare function createFormatter(getWarning: () => string | null | undefined): Formatter;

/**
 * A failure message for a backend response body, or null when it reports success:
 * `${failureDetail(body)}\n\nfull response: ${JSON}`. The editor's name, kept for its callers:
 * despite the `is`, it returns the message, so test it with `!== null`.
 */
export declare function isFailureBody(body: unknown): string | null;
