import type { TokenEncoding } from './tokens.js';

/** A text block of a tool result. */
export interface TextContent {
  type: 'text';
  text: string;
}

/** An inline image block of a tool result (base64 PNG), as {@link screenshotResult} emits it. */
export interface ImageContent {
  type: 'image';
  data: string;
  mimeType: 'image/png';
}

/** One MCP tool result, as the MCP SDK expects it. */
export interface ToolResult {
  content: Array<TextContent | ImageContent>;
  isError?: boolean;
}

/** Default cap in UTF-16 code units (JS `.length`): 60,000 (~15k tokens of compact JSON). */
export declare const MAX_PAYLOAD_CHARS: 60000;

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
