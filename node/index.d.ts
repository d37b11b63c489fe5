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
