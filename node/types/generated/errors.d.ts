// generated — edit src/error.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

/**
 * Why a call failed. Each code names one kind of failure, whatever capability reports it.
 */
export type BudgetErrorCode =
  | "INVALID_INPUT"
  | "INVALID_OPTION"
  | "UNKNOWN_ENCODING"
  | "ENCODING_NOT_LOADED"
  | "BAD_TOKEN_TABLE"
  | "CONFLICTING_PARAMETER"
  | "DUPLICATE_TOOL"
  | "NAME_COLLISION"
  | "INVALID_LOCKFILE"
  | "INVALID_GUID"
  | "GUID_PREFIX_TOO_SHORT"
  | "AMBIGUOUS_GUID"
  | "UNKNOWN_GUID"
  | "UNKNOWN_TOOL"
  | "UNKNOWN_ACTION"
  | "UNKNOWN_RESULT"
  | "STORE_UNAVAILABLE";
