//! The one error model of the core: every fallible function returns [`Error`], a machine-readable
//! [`ErrorCode`] plus a message written for the person reading it. The binding layer turns it
//! into a JavaScript `Error` whose `.code` is [`ErrorCode::as_str`], so the same failure has the
//! same code in every capability and a caller can branch on it.

use std::fmt;

/// Why a call failed. Each code names one kind of failure, whatever capability reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "BudgetErrorCode", rename_all = "SCREAMING_SNAKE_CASE"))]
pub enum ErrorCode {
    /// The input cannot be read: not JSON, not the shape the function takes, a lone surrogate
    /// where text must be valid, nesting past the depth limit.
    InvalidInput,
    /// An option is unknown, or its value is out of range or of the wrong type.
    InvalidOption,
    /// An encoding name that is not `cl100k_base` or `o200k_base`.
    UnknownEncoding,
    /// An encoding's rank table was needed before it was loaded.
    EncodingNotLoaded,
    /// A rank table's bytes are not a valid table.
    BadTokenTable,
    /// Parameters that cannot be merged: grouping tools whose parameter of one name has
    /// different schemas, or a parameter named like the discriminator.
    ConflictingParameter,
    /// A tool list names the same tool twice.
    DuplicateTool,
    /// Grouping would give two tools the same name.
    NameCollision,
    /// A budget lockfile that is not one this package wrote.
    InvalidLockfile,
    /// A GUID that is neither a full dashed GUID nor a hex prefix.
    InvalidGuid,
    /// A GUID prefix shorter than the shortest one that is resolved.
    GuidPrefixTooShort,
    /// A GUID prefix that more than one known GUID starts with.
    AmbiguousGuid,
    /// A GUID or prefix that no known GUID matches.
    UnknownGuid,
    /// A call names a tool the grouped menu does not have (thrown by its router in JS).
    UnknownTool,
    /// A call to a grouped tool names no action, or one it does not have (thrown by its router
    /// in JS).
    UnknownAction,
    /// A stored result that is unknown or already evicted (thrown by the result store of
    /// `withBudget` in JS: call the tool again).
    UnknownResult,
    /// The result store cannot be reached: Redis is down or does not answer in time (thrown by
    /// the result stores in JS). Not the same as [`ErrorCode::UnknownResult`]: the result may
    /// still be kept, and a read can succeed once the store is back.
    StoreUnavailable,
}

impl ErrorCode {
    /// Every code, in declaration order (the order of `BudgetErrorCode`, node/types/generated/).
    pub const ALL: [ErrorCode; 17] = [
        ErrorCode::InvalidInput,
        ErrorCode::InvalidOption,
        ErrorCode::UnknownEncoding,
        ErrorCode::EncodingNotLoaded,
        ErrorCode::BadTokenTable,
        ErrorCode::ConflictingParameter,
        ErrorCode::DuplicateTool,
        ErrorCode::NameCollision,
        ErrorCode::InvalidLockfile,
        ErrorCode::InvalidGuid,
        ErrorCode::GuidPrefixTooShort,
        ErrorCode::AmbiguousGuid,
        ErrorCode::UnknownGuid,
        ErrorCode::UnknownTool,
        ErrorCode::UnknownAction,
        ErrorCode::UnknownResult,
        ErrorCode::StoreUnavailable,
    ];

    /// The code as JavaScript sees it on `error.code`: SCREAMING_SNAKE_CASE.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::InvalidInput => "INVALID_INPUT",
            ErrorCode::InvalidOption => "INVALID_OPTION",
            ErrorCode::UnknownEncoding => "UNKNOWN_ENCODING",
            ErrorCode::EncodingNotLoaded => "ENCODING_NOT_LOADED",
            ErrorCode::BadTokenTable => "BAD_TOKEN_TABLE",
            ErrorCode::ConflictingParameter => "CONFLICTING_PARAMETER",
            ErrorCode::DuplicateTool => "DUPLICATE_TOOL",
            ErrorCode::NameCollision => "NAME_COLLISION",
            ErrorCode::InvalidLockfile => "INVALID_LOCKFILE",
            ErrorCode::InvalidGuid => "INVALID_GUID",
            ErrorCode::GuidPrefixTooShort => "GUID_PREFIX_TOO_SHORT",
            ErrorCode::AmbiguousGuid => "AMBIGUOUS_GUID",
            ErrorCode::UnknownGuid => "UNKNOWN_GUID",
            ErrorCode::UnknownTool => "UNKNOWN_TOOL",
            ErrorCode::UnknownAction => "UNKNOWN_ACTION",
            ErrorCode::UnknownResult => "UNKNOWN_RESULT",
            ErrorCode::StoreUnavailable => "STORE_UNAVAILABLE",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A failure: what kind ([`ErrorCode`]) and a message that says what was wrong and, where it
/// helps, what to pass instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub code: ErrorCode,
    pub message: String,
}

impl Error {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Error { code, message: message.into() }
    }

    /// An [`ErrorCode::InvalidInput`] error.
    pub fn invalid_input(message: impl Into<String>) -> Self {
        Error::new(ErrorCode::InvalidInput, message)
    }

    /// An [`ErrorCode::InvalidOption`] error.
    pub fn invalid_option(message: impl Into<String>) -> Self {
        Error::new(ErrorCode::InvalidOption, message)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// What every fallible core function returns.
pub type Result<T> = std::result::Result<T, Error>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_screaming_snake_case_and_display_is_the_message() {
        let e = Error::invalid_input("entities must be an array.");
        assert_eq!(e.code.as_str(), "INVALID_INPUT");
        assert_eq!(e.to_string(), "entities must be an array.");
        assert_eq!(ErrorCode::GuidPrefixTooShort.to_string(), "GUID_PREFIX_TOO_SHORT");
    }
}
