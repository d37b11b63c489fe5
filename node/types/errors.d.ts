import type { BudgetErrorCode } from './generated/errors.js';

/**
 * Every `code` an error thrown by this package can carry (`BudgetErrorCode`, generated from
 * src/error.rs): one list for the WebAssembly core and the JavaScript side, the same failure
 * with the same code in every capability. docs/errors.md says what each one means. Not
 * `ErrorCode`, the editor's twelve refusal codes a tool answers with (result.d.ts).
 */
export type { BudgetErrorCode };

/**
 * An `Error` thrown by this package with a `code` a caller can branch on. Input that cannot be
 * read is always `INVALID_INPUT` (a `TypeError` where the argument has the wrong type), an
 * unknown or bad option always `INVALID_OPTION`.
 */
export interface CodedError extends Error {
  code: BudgetErrorCode;
}
