//! Error-like items: the rows an agent looks for first in a log, a batch result or a list of
//! checks. Only the item's own top-level fields are read (or the first bytes of a string item),
//! so the work per item is bounded whatever the item holds.
//!
//! An object item is error-like when
//! - a level-like field (`level`, `severity`, `status`, `state`, `result`, `outcome`, `type`,
//!   `kind`, …) holds a word such as `error`, `fatal`, `critical`, `failed`, `panic`;
//! - a flag (`isError`, `is_error`, `failed`, `hasError`) is `true`;
//! - a status-like number (`status`, `statusCode`, `code`, `httpStatus`, …) is an HTTP error,
//!   400–599;
//! - an `error`, `errors`, `err` or `exception` field holds something (not null, false, 0 or
//!   empty).
//!
//! An array item is error-like when one of its own object or string items is (within a byte
//! bound), so ranking holds at each level of arrays nested in arrays.
//!
//! A string item (a log line) is error-like when it has one of those words in capitals
//! (`ERROR`, `FATAL`, …), `Exception` or `Traceback`, or a lower-case one followed by a colon
//! (`error:`).

use super::scan::{self, Kind, Span};

/// Top-level fields read per object item: enough for any record, bounded for a huge one.
pub const FIELDS_READ: usize = 64;
/// Bytes of a string item (or text line) searched for an error word.
pub const LINE_BYTES: usize = 2048;

const LEVEL_KEYS: [&str; 14] = [
    "level",
    "loglevel",
    "log_level",
    "lvl",
    "severity",
    "status",
    "state",
    "result",
    "outcome",
    "conclusion",
    "type",
    "kind",
    "event",
    "priority",
];
const FLAG_KEYS: [&str; 5] = ["iserror", "is_error", "failed", "haserror", "has_error"];
const STATUS_KEYS: [&str; 7] = ["status", "statuscode", "status_code", "code", "httpstatus", "http_status", "httpcode"];
const ERROR_KEYS: [&str; 5] = ["error", "errors", "err", "exception", "failure"];
const ERROR_WORDS: [&str; 13] = [
    "error",
    "err",
    "fatal",
    "critical",
    "crit",
    "failed",
    "failure",
    "fail",
    "panic",
    "emerg",
    "emergency",
    "alert",
    "exception",
];
const CAPITAL_WORDS: [&[u8]; 7] = [b"ERROR", b"FATAL", b"CRITICAL", b"PANIC", b"FAILED", b"FAIL", b"EMERG"];

/// True when the item at `span` is error-like (see the module docs). An array item is error-like
/// when one of its own items is, among those in its first `nested_bytes` bytes: so an array of
/// arrays ranks the inner array that holds an error above the others.
pub fn is_error_item(text: &[u8], span: Span, nested_bytes: usize) -> bool {
    match scan::kind(text, span) {
        Kind::Array => scan::items_within(text, span, nested_bytes)
            .into_iter()
            .any(|item| matches!(scan::kind(text, item), Kind::Object | Kind::String) && is_error_item(text, item, 0)),
        Kind::Object => is_error_record(text, &scan::entries(text, span, FIELDS_READ)),
        Kind::String => {
            let raw = span.of(text);
            is_error_line(&raw[..raw.len().min(LINE_BYTES)])
        }
        _ => false,
    }
}

/// [`is_error_item`] for an object item whose first [`FIELDS_READ`] entries are already read.
pub fn is_error_record(text: &[u8], entries: &[(Span, Span)]) -> bool {
    entries.iter().any(|&(k, v)| is_error_field(text, key_roles(text, k), v))
}

/// A key that names a level (`LEVEL_KEYS`), in [`key_roles`].
const LEVEL: u8 = 1;
/// A key that names a flag (`FLAG_KEYS`).
const FLAG: u8 = 2;
/// A key that names a status code (`STATUS_KEYS`).
const STATUS: u8 = 4;
/// A key that names an error (`ERROR_KEYS`).
const ERROR: u8 = 8;

/// What the quoted key at `key` can say of its value's error-likeness: a set of roles, none for
/// most keys. It depends on the key alone, so a caller that meets the same key in every item
/// (a collection's fields) asks once and passes the roles to [`is_error_field`].
pub fn key_roles(text: &[u8], key: Span) -> u8 {
    let raw = key.of(text);
    if raw.len() < 2 || raw.len() > 24 {
        return 0;
    }
    let inner = &raw[1..raw.len() - 1];
    let is = |names: &[&str], role: u8| {
        if names.iter().any(|n| inner.eq_ignore_ascii_case(n.as_bytes())) {
            role
        } else {
            0
        }
    };
    is(&LEVEL_KEYS, LEVEL) | is(&FLAG_KEYS, FLAG) | is(&STATUS_KEYS, STATUS) | is(&ERROR_KEYS, ERROR)
}

/// Whether the value at `value`, under a key whose [`key_roles`] are `roles`, makes its object
/// error-like.
pub fn is_error_field(text: &[u8], roles: u8, value: Span) -> bool {
    if roles == 0 {
        return false;
    }
    let has = |role: u8| roles & role != 0;
    match scan::kind(text, value) {
        Kind::String => (has(LEVEL) && has_error_word(value.of(text))) || (has(ERROR) && value.len() > 2),
        Kind::Bool => has(FLAG) && value.of(text) == b"true",
        Kind::Number => {
            // Only a status or error key's number is read: reading one is a parse.
            (has(STATUS) || has(ERROR)) && {
                let n = scan::number_value(text, value);
                (has(STATUS) && (400.0..600.0).contains(&n)) || (has(ERROR) && n != 0.0)
            }
        }
        Kind::Null => false,
        Kind::Object | Kind::Array => has(ERROR) && value.len() > 2,
    }
}

/// True when a short value (a level, a status) holds an error word as a whole word, any case.
fn has_error_word(raw: &[u8]) -> bool {
    raw[..raw.len().min(200)]
        .split(|b| !b.is_ascii_alphanumeric())
        .any(|word| ERROR_WORDS.iter().any(|w| word.eq_ignore_ascii_case(w.as_bytes())))
}

/// True when a line of text (or a string item) reads as an error (see the module docs).
pub fn is_error_line(line: &[u8]) -> bool {
    let mut i = 0;
    while i < line.len() {
        if !line[i].is_ascii_alphanumeric() {
            i += 1;
            continue;
        }
        let start = i;
        while i < line.len() && line[i].is_ascii_alphanumeric() {
            i += 1;
        }
        let word = &line[start..i];
        let colon = line.get(i) == Some(&b':');
        // Most words start in lower case or with a digit: of the tests below, only a word that
        // ends as `Exception` or one before a colon can pass for them.
        if !word[0].is_ascii_uppercase() && !colon && word[word.len() - 1] != b'n' {
            continue;
        }
        let named_error = word.len() > 5 && word.ends_with(b"Error") && word[0].is_ascii_uppercase();
        if CAPITAL_WORDS.contains(&word) || word.ends_with(b"Exception") || word == b"Traceback" || named_error {
            return true;
        }
        if colon && matches!(word, b"error" | b"Error" | b"fatal" | b"panic" | b"failed") {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_items(json: &str) -> Vec<usize> {
        let text = json.as_bytes();
        let items = scan::items(text, scan::root(text));
        items.iter().enumerate().filter(|(_, s)| is_error_item(text, **s, 4096)).map(|(i, _)| i).collect()
    }

    #[test]
    fn object_items_by_level_flag_status_and_error_field() {
        let got = error_items(
            r#"[{"level":"info"},{"level":"ERROR"},{"severity":"Critical"},{"status":"failed"},
               {"isError":true},{"isError":false},{"statusCode":503},{"status":200},{"code":404},
               {"error":null},{"error":"disk full"},{"errors":[]},{"errors":[{"m":1}]},
               {"type":"error_event"},{"state":"terrific"},{"level":"warn"},{"message":"error here"}]"#,
        );
        assert_eq!(got, [1, 2, 3, 4, 6, 8, 10, 12, 13]);
    }

    #[test]
    fn string_items_by_capital_words_exceptions_and_error_colons() {
        let got = error_items(
            r#"["2026-01-01 INFO started","2026-01-01 ERROR disk full","src/error.rs",
               "fatal: not a git repository","java.lang.NullPointerException at x",
               "Traceback (most recent call last):","error handling docs","TypeError: x is undefined",
               "FAILED tests/a.rs"]"#,
        );
        assert_eq!(got, [1, 3, 4, 5, 7, 8]);
    }

    #[test]
    fn error_lines_are_the_ones_every_word_tested_in_full_gives() {
        // The reference: each word put through every test, as the skip of plain words must not change.
        fn every_word(line: &[u8]) -> bool {
            line.split(|b| !b.is_ascii_alphanumeric()).any(|word| {
                if word.is_empty() {
                    return false;
                }
                let end = word.as_ptr() as usize - line.as_ptr() as usize + word.len();
                let colon = line.get(end) == Some(&b':');
                let named_error = word.len() > 5 && word.ends_with(b"Error") && word[0].is_ascii_uppercase();
                CAPITAL_WORDS.contains(&word)
                    || word.ends_with(b"Exception")
                    || word == b"Traceback"
                    || named_error
                    || (colon && matches!(word, b"error" | b"Error" | b"fatal" | b"panic" | b"failed"))
            })
        }
        const WORDS: [&str; 24] = [
            "ok",
            "INFO",
            "ERROR",
            "error",
            "Error",
            "error:",
            "fatal:",
            "failed:",
            "FAILED",
            "FAIL",
            "myException",
            "Exception",
            "Traceback",
            "ValueError",
            "xError",
            "Error5",
            "n",
            "9n",
            "panic",
            "EMERG:",
            "é",
            ":",
            " ",
            "-",
        ];
        let mut rng = crate::testing::Rng(0xe7707);
        for _ in 0..20_000 {
            let n = rng.below(8) as usize;
            let line: String = (0..n).map(|_| WORDS[rng.below(WORDS.len() as u64) as usize]).collect();
            assert_eq!(is_error_line(line.as_bytes()), every_word(line.as_bytes()), "{line:?}");
        }
    }

    #[test]
    fn numbers_and_deeper_arrays_are_not_error_like_arrays_are_through_their_items() {
        assert!(error_items(r#"[1,null,true,[[{"level":"error"}]]]"#).is_empty());
        assert_eq!(error_items(r#"[["ok","ok"],["ok","ERROR x"],[{"level":"fatal"}]]"#), [1, 2]);
        let far = format!(r#"[["{}","ERROR x"]]"#, "a".repeat(5000));
        assert!(error_items(&far).is_empty(), "past the nested byte cap");
    }
}
