/** An `Error` thrown by this package with a `code` a caller can branch on. */
export interface CodedError extends Error {
  code: 'INVALID_OPTION' | 'INVALID_INPUT' | 'UNKNOWN_RESULT';
}
