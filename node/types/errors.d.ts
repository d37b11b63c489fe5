/**
 * Every `code` an error thrown by this package can carry: one list for the WebAssembly core
 * (`src/error.rs`) and the JavaScript side, the same failure with the same code in every
 * capability. docs/errors.md says what each one means. Not `ErrorCode`, the editor's twelve
 * refusal codes a tool answers with (result.d.ts).
 */
export type BudgetErrorCode =
  | 'INVALID_INPUT'
  | 'INVALID_OPTION'
  | 'UNKNOWN_ENCODING'
  | 'ENCODING_NOT_LOADED'
  | 'BAD_TOKEN_TABLE'
  | 'CONFLICTING_PARAMETER'
  | 'DUPLICATE_TOOL'
  | 'NAME_COLLISION'
  | 'INVALID_LOCKFILE'
  | 'INVALID_GUID'
  | 'GUID_PREFIX_TOO_SHORT'
  | 'AMBIGUOUS_GUID'
  | 'UNKNOWN_GUID'
  | 'UNKNOWN_TOOL'
  | 'UNKNOWN_ACTION'
  | 'UNKNOWN_RESULT'
  | 'STORE_UNAVAILABLE';

/**
 * An `Error` thrown by this package with a `code` a caller can branch on. Input that cannot be
 * read is always `INVALID_INPUT` (a `TypeError` where the argument has the wrong type), an
 * unknown or bad option always `INVALID_OPTION`.
 */
export interface CodedError extends Error {
  code: BudgetErrorCode;
}
