import type { ToolResult } from './result.js';
import type { CodedError } from './errors.js';

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
export declare function limitCollection<T>(
  items: readonly T[],
  max: number,
  options?: LimitOptions,
): LimitedCollection<T>;

/**
 * A {@link ToolResult}: first block the kept items as compact JSON (never throws: cycles and
 * BigInts as in {@link encode}), second block `📊 Summary: ${summary}` only when items were cut.
 */
export declare function limitResult(items: readonly unknown[], max: number, options?: LimitOptions): ToolResult;

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
