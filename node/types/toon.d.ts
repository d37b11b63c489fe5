import type { ToolResult } from './result.js';
import type { CodedError } from './errors.js';

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
