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

/** Separator of TOON array values and table cells. */
export type ToonDelimiter = ',' | '\t' | '|';

/** Options for {@link toToon} and {@link toonResult}. */
export interface ToonOptions {
  /**
   * Separator of array values and table cells. Default `','` for {@link toToon} (the spec's and
   * `@toon-format/toon`'s default) and `'|'` for {@link toonResult} (prose cells rarely hold a
   * pipe, so fewer cells need quotes). Anything else throws `INVALID_OPTION`.
   */
  delimiter?: ToonDelimiter;
  /** Spaces per nesting level, an integer from 1 to 16. Default 2 (the spec's default). */
  indentSize?: number;
}

/** An `Error` thrown by this package with a `code` a caller can branch on. */
export interface CodedError extends Error {
  code: 'INVALID_OPTION' | 'INVALID_INPUT';
}

/**
 * Encodes `value` as TOON (Token-Oriented Object Notation, spec v4): uniform arrays of objects
 * become one header plus one delimited row each, so keys are paid once. Output is byte-identical
 * to `@toon-format/toon` 4.4.0's `encode(value, options)`, including its normalization of
 * non-JSON values (undefined → null, BigInt → number or digits, Date → ISO string, Map/Set,
 * class instances → null). Numbers print as JavaScript prints them.
 * Throws a {@link CodedError}: `INVALID_OPTION` for bad options; `INVALID_INPUT` (a `TypeError`)
 * for a lone surrogate (the reference's message), a cycle, or nesting deeper than 128 levels.
 */
export declare function toToon(value: unknown, options?: ToonOptions): string;

/** A {@link ToolResult} with one text block: `toToon(data, options)`, pipe delimiter by default. */
export declare function toonResult(data: unknown, options?: ToonOptions): ToolResult;

/** One action of a grouped tool, for {@link toonDescription}. */
export interface ToonAction {
  /** The discriminator value that selects this action. */
  name: string;
  /** One line on what it does. Default `''`. */
  description?: string;
  /** Required parameter names; written joined with `,` (an empty list as `""`). Default `[]`. */
  required?: string[];
  /** True when the action changes or deletes data; adds a `destructive` column. */
  destructive?: boolean;
}

/** A grouped tool: one tool whose `discriminator` parameter selects an action. */
export interface ToonTool {
  name: string;
  /** Used for the header line; the tool name when empty or absent. */
  description?: string;
  /** The parameter that selects the action. Default `'action'`. */
  discriminator?: string;
  actions: ToonAction[];
}

/**
 * A compact tool description: ``${description || name}. Select operation via the `${discriminator}` parameter.``,
 * a blank line, then the actions as one `|`-delimited TOON table `actions[N|]{action|desc|required}:`
 * (plus a `destructive` column, `true` or `""`, only when some action is destructive).
 * Throws a {@link CodedError} `INVALID_INPUT` for a malformed tool.
 */
export declare function toonDescription(tool: ToonTool): string;

/** Options for {@link limitCollection} and {@link limitResult}. */
export interface LimitOptions {
  /** Replaces the advice sentence of the summary. Default `'Use filters to narrow results.'`. */
  hint?: string;
}

/** What {@link limitCollection} returns; `summary` is present only when items were cut. */
export interface LimitedCollection<T> {
  /** The first `max` items (a new array; the input is never shared or mutated). */
  items: T[];
  shown: number;
  hidden: number;
  /**
   * `Dataset truncated. ${max} shown, ${hidden} hidden. ${advice}`, or
   * `All ${n} items hidden. ${advice}` when max is 0.
   */
  summary?: string;
}

/**
 * Caps a collection at `max` items (a non-negative integer) and, only when it cuts, says what
 * was cut and what to do. Throws a {@link CodedError} for a non-array or a bad `max`/`hint`.
 */
export declare function limitCollection<T>(items: T[], max: number, options?: LimitOptions): LimitedCollection<T>;

/**
 * A {@link ToolResult}: first block the kept items as compact JSON (never throws: cycles and
 * BigInts as in {@link encode}), second block `📊 Summary: ${summary}` only when items were cut.
 */
export declare function limitResult(items: unknown[], max: number, options?: LimitOptions): ToolResult;

/**
 * Keeps only `fields` of an object, or of each item of an array. Dotted paths (`transform.x`,
 * `entities.name`) select inside nested objects and arrays; a whole field wins over paths inside
 * it; a path through a primitive keeps the primitive. Output keys follow the order of `fields`.
 * Only own properties are read and `__proto__` is written as data, so no prototype is touched.
 * Unknown fields are ignored; an empty or absent selection returns `data` itself.
 */
export declare function select(data: unknown, fields?: readonly string[]): unknown;

/**
 * The selectable root fields of a JSON Schema (for a tool's `_select` enum): the keys of
 * `properties` — of `items` for an array schema — united across anyOf/oneOf/allOf.
 */
export declare function selectSchema(jsonSchema: unknown): string[];

/** Static inflation risk level of a response schema. */
export type InflationRiskLevel = 'low' | 'medium' | 'high' | 'critical';

/** What {@link inflationRisk} returns. */
export interface InflationReport {
  /**
   * `critical`: an array without `maxItems` whose items have more than 10 fields; `high`: any
   * array without `maxItems`; `medium`: more than 20 properties in the schema; else `low`.
   */
  risk: InflationRiskLevel;
  /** Properties declared anywhere in the schema. */
  fieldCount: number;
  /** Arrays without `maxItems`: data path (`$.rows[]`) and fields per item (nested objects counted). */
  unbounded: Array<{ path: string; fieldsPerItem: number }>;
  /**
   * Upper bound on the tokens of any response the schema admits, present only when every part
   * is bounded: the worst-case UTF-8 bytes of its compact JSON (every byte-level BPE token is at
   * least one byte). Strings count 6 bytes per `maxLength` character, numbers 25.
   */
  boundTokens?: number;
  /** Present (true) when the schema was too deep or large to walk completely. */
  truncated?: true;
}

/** Static inflation risk of a tool's output JSON Schema, read from its real bounds. */
export declare function inflationRisk(outputJsonSchema: unknown): InflationReport;
