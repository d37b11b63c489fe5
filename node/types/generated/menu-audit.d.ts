// generated — edit src/menu/cost.rs, src/menu/lint.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

import type { TokenEncoding } from './tokens.js';

/**
 * The cost of one tool (see the module docs for what each count covers).
 */
export type ToolCost = {
  /** The tool's name. */
  name: string;
  /** Its position in the input list (the output is sorted by cost). */
  index: number;
  /** Tokens of `JSON.stringify(tool)`. */
  tokens: number;
  /** UTF-16 length of `JSON.stringify(tool)`. */
  chars: number;
  /** `ceil(chars / 4)`. */
  estimate: number;
  /** Tokens of the name text. */
  nameTokens: number;
  /** Tokens of the description text (0 without one). */
  descriptionTokens: number;
  /** Tokens of `JSON.stringify(inputSchema)` (0 without one). */
  inputSchemaTokens: number;
};

/**
 * A whole menu: the encoding, the sums, and the tools, most expensive first (ties keep input
 * order).
 */
export type MenuCost = {
  /** The encoding every count is in. */
  encoding: TokenEncoding;
  /** Sum of the tools' `tokens`. */
  tokens: number;
  /** Sum of the tools' `chars`. */
  chars: number;
  /** Sum of the tools' `estimate`. */
  estimate: number;
  /** Per-tool costs sorted by `tokens`, descending. */
  tools: Array<ToolCost>;
};

/**
 * One lint finding: what is missing, and (in `message`) what to add; serialized as
 * `{code, message, param?}`.
 */
export type Finding = {
  /** `UNADVERTISED_FILTER`, `NO_DEFAULT_SHAPE`, `NO_SIZE_WARNING` or `LONG_DESCRIPTION`. */
  code: "UNADVERTISED_FILTER" | "NO_DEFAULT_SHAPE" | "NO_SIZE_WARNING" | "LONG_DESCRIPTION";
  /** What is missing and what to add. */
  message: string;
  /** The parameter, for `UNADVERTISED_FILTER`. */
  param?: string;
};
