// generated — edit node/result/refusal-codes.cjs (scripts/declarations.mjs writes this file at build).

/**
 * The editor's closed set of refusal codes, in its order (frozen): the `code` of a
 * `ToolErrorDetail` a tool answers with. Not the codes this package throws, which are
 * `BudgetErrorCode`.
 */
export declare const ERROR_CODES: readonly [
  "UNKNOWN_PARAM",
  "AMBIGUOUS",
  "NOT_FOUND",
  "AMBIGUOUS_SURFACE",
  "OCCLUDED",
  "REFUSED_BY_OP",
  "NO_RENDERER",
  "TIMEOUT",
  "TOO_LARGE",
  "REQUIRES_SAVE",
  "NOT_AVAILABLE_HERE",
  "PARTIAL",
];
