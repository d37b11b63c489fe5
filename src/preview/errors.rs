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
//! A string item (a log line), and a line of text, is error-like when it reads as what a log or
//! a runtime writes when something failed — never for a word inside code, a link or an
//! identifier (`e instanceof Error`, `/url: exceptions.html#TypeError`, `continue-on-error: true`,
//! `class KeymapConflictError`):
//! - a level as a token near the line's start or in brackets (`2026-01-01 ERROR disk full`,
//!   `[error] x`, `FAILED tests/a.rs`), or a lower-case one with a colon at the start (`fatal: x`,
//!   `error[E0425]: x`);
//! - a level field (`level=error`, `"severity":"FATAL"`, `status: failed`, `status=503`);
//! - an error with its message (`TypeError: x`, `java.io.IOException: x`, `Exception in thread`,
//!   `Traceback (most recent call last):`, `panic: x`, `thread 'main' panicked at`);
//! - a failed exit code (`exit code 1`, `exited with status 2`) or an HTTP status of 400–599
//!   (`HTTP/1.1 503`, `"GET / HTTP/1.1" 404`).
//!
//! A stack frame (`    at f (a.js:1:2)`, `  File "a.py", line 3, in f`) is a weaker signal
//! ([`Signal::Frame`]): shown when there is room, after the messages.

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
            let inner = raw.get(1..raw.len().saturating_sub(1)).unwrap_or(&[]);
            is_error_line(&inner[..inner.len().min(LINE_BYTES)])
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

/// How a line of text reads: as what a log or a runtime writes when something failed, as one
/// frame of a stack trace, or as neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Signal {
    /// Nothing error-like: code, prose, a link, an identifier that names an error.
    None,
    /// A stack frame (`    at f (a.js:1:2)`, `  File "a.py", line 3, in f`, `goroutine 1 [running]:`).
    Frame,
    /// An error message (see the module docs).
    Message,
}

/// Capital level words: a log's level when they stand as a token near a line's start or in brackets.
const CAPITAL_WORDS: [&[u8]; 10] =
    [b"ERROR", b"ERR", b"FATAL", b"CRITICAL", b"CRIT", b"PANIC", b"FAILED", b"FAIL", b"EMERG", b"SEVERE"];
/// Lower-case level words: a log's level when followed by a colon at a line's start (`error:`,
/// `fatal:`) or in brackets (`[error]`).
const LOWER_WORDS: [&[u8]; 7] = [b"error", b"fatal", b"critical", b"panic", b"failed", b"failure", b"emerg"];
/// Keys that name a level or an outcome in `key=value` or `key: value` text.
const TEXT_LEVEL_KEYS: [&[u8]; 12] = [
    b"level",
    b"lvl",
    b"loglevel",
    b"log_level",
    b"levelname",
    b"severity",
    b"status",
    b"state",
    b"result",
    b"outcome",
    b"conclusion",
    b"statuscode",
];
/// The longest word the lower-case tests compare (`conclusion`, `statuscode`).
const LOWER_BYTES: usize = 10;
/// `thread 'main' panicked at`: a word the lower-case tests compare.
const PANICKED: &[u8] = b"panicked";
/// `exit code 1`, `exited with status 2`: words the lower-case tests compare.
const EXIT_WORDS: [&[u8]; 2] = [b"exit", b"exited"];
/// For each first letter (by its low five bits), the lengths of the words the lower-case tests
/// compare ([`LOWER_WORDS`], [`TEXT_LEVEL_KEYS`], [`PANICKED`], [`EXIT_WORDS`]) starting with
/// it, one bit each: a word of another length for its first letter is none of them.
const LOWER_LENGTHS: [u16; 32] = with_lengths(
    with_lengths(with_lengths(with_lengths([0; 32], &LOWER_WORDS), &TEXT_LEVEL_KEYS), &[PANICKED]),
    &EXIT_WORDS,
);

/// `table` with the length of each of `words` set in its first letter's entry (see
/// [`LOWER_LENGTHS`]).
const fn with_lengths(mut table: [u16; 32], words: &[&[u8]]) -> [u16; 32] {
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        assert!(!word.is_empty() && word.len() <= LOWER_BYTES, "a lower-case word is 1 to LOWER_BYTES bytes");
        table[(word[0] & 31) as usize] |= 1 << word.len();
        i += 1;
    }
    table
}

/// A capital level word counts as a line's level within this many bytes of the line's start.
const LEVEL_PREFIX_BYTES: usize = 64;

/// True when a line of text (or a string item) reads as an error message (see the module docs):
/// [`line_signal`] is [`Signal::Message`].
pub fn is_error_line(line: &[u8]) -> bool {
    line_signal(line) == Signal::Message
}

/// How the line reads ([`Signal`]). A JSON string's raw bytes are read as lines split at its
/// `\n` escapes. Work is linear in the line's length.
pub fn line_signal(line: &[u8]) -> Signal {
    let mut best = Signal::None;
    let mut start = 0;
    let mut i = 0;
    while i <= line.len() {
        let end_here = i == line.len() || line[i] == b'\n' || (line[i] == b'\\' && line.get(i + 1) == Some(&b'n'));
        if end_here {
            best = best.max(segment_signal(&line[start..i]));
            if best == Signal::Message {
                return best;
            }
            i += if i < line.len() && line[i] == b'\\' { 2 } else { 1 };
            start = i;
            continue;
        }
        i += 1;
    }
    best
}

/// Bytes that glue a word to what comes before it into an identifier, a path, a link or a
/// quoted literal: a word after one of them is not a level.
fn glues_before(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(b, b'_' | b'-' | b'.' | b'#' | b'/' | b'$' | b'@' | b'"' | b'\'' | b'`' | b'=' | b'\\')
}

/// Bytes that glue a word to what follows it into an identifier or an expression.
fn glues_after(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(b, b'_' | b'-' | b'.' | b'(' | b',' | b';' | b'=' | b'"' | b'\'' | b'`' | b'/')
}

/// [`line_signal`] of one line.
fn segment_signal(s: &[u8]) -> Signal {
    let s = &s[..s.len().min(LINE_BYTES)];
    let lead = s.iter().take_while(|b| matches!(b, b' ' | b'\t')).count();
    let t = &s[lead..];
    let mut frame = is_frame(t, lead > 0);
    // Whether every word so far is part of a timestamp or a bracketed tag: a level stands there.
    let mut in_prefix = true;
    let mut depth = 0usize;
    // Whether the word stands inside a double-quoted literal (an odd count of unescaped quotes
    // before it).
    let mut quoted = false;
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        if !b.is_ascii_alphanumeric() {
            match b {
                b'[' => depth += 1,
                b']' => depth = depth.saturating_sub(1),
                b'"' if i == 0 || s[i - 1] != b'\\' => quoted = !quoted,
                _ => {}
            }
            i += 1;
            continue;
        }
        let start = i;
        while i < s.len() && (s[i].is_ascii_alphanumeric() || s[i] == b'_') {
            i += 1;
        }
        let word = &s[start..i];
        let before = start.checked_sub(1).map(|k| s[k]);
        let after = s.get(i).copied();
        let at = Place { start, end: i, before, after, in_prefix, depth, quoted };
        if word_signal(s, word, &at) {
            return Signal::Message;
        }
        if !frame && word == b"goroutine" && in_prefix && s.ends_with(b"]:") {
            frame = true;
        }
        let stamp = word.iter().all(u8::is_ascii_digit) || matches!(word, b"T" | b"Z" | b"UTC" | b"AM" | b"PM");
        if depth == 0 && !stamp {
            in_prefix = false;
        }
    }
    if frame {
        Signal::Frame
    } else {
        Signal::None
    }
}

/// Where a word stands in its line, as [`word_signal`] reads it.
struct Place {
    /// The word is `s[start..end]`.
    start: usize,
    end: usize,
    /// The bytes just before and after it.
    before: Option<u8>,
    after: Option<u8>,
    /// Whether every word before it is part of a timestamp or a bracketed tag.
    in_prefix: bool,
    /// Brackets open around it.
    depth: usize,
    /// Whether it stands inside a double-quoted literal: quoted text (a snapshot's code sample,
    /// a message's argument) names errors without being one.
    quoted: bool,
}

/// Whether `word`, standing in line `s` at `at`, makes its line an error message.
fn word_signal(s: &[u8], word: &[u8], at: &Place) -> bool {
    let &Place { start, end, before, after, in_prefix, depth, quoted } = at;
    let rest = &s[end..];
    let free_before = before.map_or(true, |b| !glues_before(b));
    let first = word[0];
    if first.is_ascii_uppercase() {
        if CAPITAL_WORDS.contains(&word) && free_before && after.map_or(true, |a| !glues_after(a)) {
            let assigned = rest.trim_ascii_start().starts_with(b"=");
            if !assigned && (start < LEVEL_PREFIX_BYTES || depth > 0) {
                return true;
            }
        }
        if named_error(word) && !quoted {
            // `TypeError: x`, `java.lang.IllegalStateException: x` — never `#TypeError` (a link).
            let qualified = before.map_or(true, |b| b == b'.' || b == b' ' || b == b'\t' || b == b'(' || b == b'[');
            if qualified && after == Some(b':') && rest.get(1).map_or(true, |b| *b == b' ' || *b == b'\t') {
                return true;
            }
            // A qualified name alone on its line (the head of a Java trace).
            let whole_line =
                s[..start].iter().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'$' | b'_' | b' ' | b'\t'))
                    && !s[..start].contains(&b' ')
                    && rest.trim_ascii().is_empty();
            if whole_line && word.ends_with(b"Exception") {
                return true;
            }
        }
        if word == b"Exception" && in_prefix && rest.starts_with(b" in thread ") {
            return true;
        }
        if word == b"Traceback" && !quoted && rest.starts_with(b" (most recent call") {
            return true;
        }
        if word == b"HTTP" && http_error(rest) {
            return true;
        }
    }
    if word.len() > LOWER_BYTES || LOWER_LENGTHS[usize::from(first.to_ascii_lowercase() & 31)] & (1 << word.len()) == 0
    {
        return false;
    }
    let mut buf = [0u8; LOWER_BYTES];
    let lower = &mut buf[..word.len()];
    lower.copy_from_slice(word);
    lower.make_ascii_lowercase();
    let lower: &[u8] = lower;
    if free_before && LOWER_WORDS.contains(&lower) {
        let colon = after == Some(b':') && rest.get(1).map_or(true, |b| *b == b' ' || *b == b'\t');
        let code = after == Some(b'[') && lower == b"error";
        if (in_prefix && (colon || code)) || (before == Some(b'[') && after == Some(b']')) {
            return true;
        }
    }
    if lower == PANICKED && rest.starts_with(b" at ") {
        return true;
    }
    if EXIT_WORDS.contains(&lower) && before.map_or(true, |b| !b.is_ascii_alphanumeric()) {
        return failed_exit(rest);
    }
    if TEXT_LEVEL_KEYS.contains(&lower) && before.map_or(true, |b| !b.is_ascii_alphanumeric() && b != b'_') {
        return level_field(rest, lower.starts_with(b"status"));
    }
    false
}

/// `Error`, `TypeError`, `IOException`: a name that says an error (capitalised, without the
/// underscore of a C function or constant such as `PyErr_NewException` or `PyStatus_Error`).
fn named_error(word: &[u8]) -> bool {
    (word.ends_with(b"Error") || word.ends_with(b"Exception")) && !word.contains(&b'_')
}

/// After `HTTP`: `/1.1 503`, `/2" 404` — a version, then an error status.
fn http_error(rest: &[u8]) -> bool {
    let Some(rest) = rest.strip_prefix(b"/") else { return false };
    let version = rest.iter().take_while(|b| b.is_ascii_digit() || **b == b'.').count();
    if version == 0 {
        return false;
    }
    let rest = &rest[version..];
    let rest = rest.strip_prefix(b"\"").unwrap_or(rest);
    let rest = rest.strip_prefix(b"\\\"").unwrap_or(rest);
    status_error(rest.trim_ascii_start(), true)
}

/// A status of 400–599 at the start of `rest` (`rest` after the separators when `spaced`).
fn status_error(rest: &[u8], spaced: bool) -> bool {
    let rest = if spaced { rest.trim_ascii_start() } else { rest };
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    digits == 3 && rest.get(3).map_or(true, |b| !b.is_ascii_alphanumeric()) && matches!(rest[0], b'4' | b'5')
}

/// After `exit` or `exited`: up to two of `code`, `status`, `with`, `value` and a non-zero number.
fn failed_exit(rest: &[u8]) -> bool {
    let mut r = rest;
    for _ in 0..3 {
        let skipped = r.iter().take_while(|b| matches!(b, b' ' | b':' | b'=' | b'\t')).count();
        r = &r[skipped..];
        let word = r.iter().take_while(|b| b.is_ascii_alphabetic()).count();
        if word == 0 {
            break;
        }
        if !matches!(r[..word].to_ascii_lowercase().as_slice(), b"code" | b"status" | b"with" | b"value") {
            return false;
        }
        r = &r[word..];
    }
    let digits = r.iter().take_while(|b| b.is_ascii_digit()).count();
    digits > 0
        && digits <= 3
        && r[..digits].iter().any(|b| *b != b'0')
        && r.get(digits).map_or(true, |b| !b.is_ascii_alphanumeric())
}

/// After a level key: `=error`, `: FATAL`, `":"failed"`, `=503` (for a status key) — the value
/// an error word or an HTTP error status.
fn level_field(rest: &[u8], status: bool) -> bool {
    let sep = rest.iter().take_while(|b| matches!(b, b'"' | b'\\' | b'\'')).count();
    let r = &rest[sep..];
    let Some(&(b'=' | b':')) = r.first() else { return false };
    let r = &r[1..];
    let skip = r.iter().take_while(|b| matches!(b, b' ' | b'"' | b'\\' | b'\'')).count();
    let r = &r[skip..];
    if status && status_error(r, false) {
        return true;
    }
    let word = r.iter().take_while(|b| b.is_ascii_alphanumeric()).count();
    word > 0 && ERROR_WORDS.iter().any(|w| r[..word].eq_ignore_ascii_case(w.as_bytes()))
}

/// Whether the trimmed line `t` is a stack frame (`indented`: it had leading whitespace).
fn is_frame(t: &[u8], indented: bool) -> bool {
    if indented && t.starts_with(b"at ") && t.iter().any(|b| matches!(b, b':' | b'(')) {
        return true;
    }
    if t.starts_with(b"File \"") && contains(t, b"\", line ") {
        return true;
    }
    indented && !t.contains(&b' ') && (contains(t, b".go:") || contains(t, b".rs:")) && t.iter().any(u8::is_ascii_digit)
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_items(json: &str) -> Vec<usize> {
        let text = json.as_bytes();
        let items = scan::items(text, scan::root(text));
        items.iter().enumerate().filter(|(_, s)| is_error_item(text, **s, 4096)).map(|(i, _)| i).collect()
    }

    /// Asserts that every one of `lines` reads as `want`, naming those that do not.
    fn assert_read_as(lines: &[&str], want: Signal) {
        let wrong: Vec<&str> = lines.iter().copied().filter(|l| line_signal(l.as_bytes()) != want).collect();
        assert!(wrong.is_empty(), "not {want:?}: {wrong:#?}");
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
               "fatal: not a git repository","java.lang.NullPointerException: x at y",
               "Traceback (most recent call last):","error handling docs","TypeError: x is undefined",
               "FAILED tests/a.rs","line one\nERROR: on the second line"]"#,
        );
        assert_eq!(got, [1, 3, 4, 5, 7, 8, 9]);
    }

    /// Lines from real results: what a log or a runtime writes, and what code, docs and links say.
    #[test]
    fn what_logs_and_runtimes_write_and_what_code_and_links_say() {
        let messages = [
            "2026-12-01T10:00:00.123Z ERROR disk full on /var",
            "[2026-12-01 10:00:00] FATAL out of memory",
            "[ERROR] Failed to execute goal",
            "ERROR:root:connection refused",
            "msgid=7 [error] Failed to load resource: the server responded with a status of 404 ()",
            "Uncaught TypeError: Cannot read properties of undefined (reading 'x')",
            "Error: ENOENT: no such file or directory, open '/x'",
            "java.lang.IllegalStateException: closed",
            "java.lang.NullPointerException",
            "Exception in thread \"main\" java.lang.RuntimeException",
            "Traceback (most recent call last):",
            "ValueError: invalid literal for int() with base 10: 'x'",
            "panic: runtime error: index out of range [5] with length 3",
            "thread 'main' panicked at src/main.rs:2:5:",
            "error[E0425]: cannot find value `x` in this scope",
            "fatal: not a git repository (or any of the parent directories): .git",
            "error: could not compile `demo` (bin \"demo\") due to 1 previous error",
            "FAILED tests/test_api.py::test_get - AssertionError: 500 != 200",
            "level=error msg=\"dial tcp: connection refused\"",
            "{\"level\":\"fatal\",\"msg\":\"x\"}",
            "severity: CRITICAL",
            "status=503 path=/api",
            "conclusion: failure",
            "Process exited with code 1",
            "npm ERR! code ELIFECYCLE",
            "Command failed with exit code 137",
            "HTTP/1.1 500 Internal Server Error",
            "127.0.0.1 - - [01/Dec/2026:10:00:00 +0000] \"GET /x HTTP/1.1\" 404 153",
        ];
        assert_read_as(&messages, Signal::Message);
        let not = [
            "if (e instanceof Error) {",
            "  - /url: exceptions.html#TypeError",
            "        continue-on-error: true",
            "export class KeymapConflictError extends Error {",
            "throw new KeymapConflictError(binding);",
            "raise ValueError(\"x\")",
            "except Exception as e:",
            "const ERROR = 1;",
            "return Status.FAILED;",
            "the error handling section explains failed requests",
            "see src/error.rs and docs/errors.md",
            "- link \"exceptions — Built-in Exceptions\" [ref=e12]",
            "  - heading \"Exception hierarchy\" [level=2]",
            "error_count: 0",
            "on_error: retry",
            "Process exited with code 0",
            "HTTP/1.1 200 OK",
            "status=200 path=/api",
            "log.error(\"ERROR: x\")",
            "KeymapConflictError",
            "    FAILED = 3,",
        ];
        assert_read_as(&not, Signal::None);
        let frames = [
            "    at Object.<anonymous> (/app/index.js:12:5)",
            "\tat com.example.App.main(App.java:10)",
            "  File \"/app/main.py\", line 3, in <module>",
            "goroutine 1 [running]:",
            "\t/usr/local/go/src/runtime/panic.go:914",
        ];
        assert_read_as(&frames, Signal::Frame);
    }

    /// Lines of chrome-devtools-mcp's `list_console_messages` on the Python docs' search page,
    /// and of @playwright/mcp's `browser_snapshot` of its stdtypes page: C functions named like
    /// errors and doctests quoted in a snapshot are no error; the uncaught one is.
    #[test]
    fn console_and_snapshot_lines_as_the_real_servers_wrote_them() {
        let messages = [
            "msgid=915 [error] Uncaught TypeError: Cannot read properties of undefined (reading 'length') (0 args)",
            "msgid=1828 [error] Failed to load resource: the server responded with a status of 404 (Not Found) (0 args)",
        ];
        assert_read_as(&messages, Signal::Message);
        let not = [
            "msgid=87 [log] indexed PyCodec_LookupError: 1 objects in c-api/codec (1 args)",
            "msgid=191 [log] indexed PyErr_NewException: 3 objects in c-api/exceptions (1 args)",
            "msgid=632 [log] indexed PyStatus.PyStatus_Error: 1 objects in c-api/init_config (1 args)",
            "msgid=871 [log] indexed Py_FatalError: 1 objects in c-api/sys (1 args)",
            r#"                      - generic [ref=e5044]: ">>> m = memoryview(bytearray(b'abc')) >>> mm = m.toreadonly() >>> mm.tolist() [89, 98, 99] >>> mm[0] = 42 Traceback (most recent call last): File \"<stdin>\", line 1, in <module> TypeError: cannot modify read-only memory >>> m[0] = 43 >>> mm.tolist() [43, 98, 99]""#,
        ];
        assert_read_as(&not, Signal::None);
    }

    #[test]
    fn every_lower_case_word_tested_passes_the_length_filter() {
        let passes = |word: &[u8]| LOWER_LENGTHS[usize::from(word[0] & 31)] & (1 << word.len()) != 0;
        for word in LOWER_WORDS.iter().chain(&TEXT_LEVEL_KEYS).chain(&[PANICKED]).chain(&EXIT_WORDS) {
            assert!(passes(word), "{}", String::from_utf8_lossy(word));
        }
        assert!(!passes(b"at") && !passes(b"er") && !passes(b"levels"));
    }

    #[test]
    fn long_and_odd_lines_never_panic_and_stay_linear() {
        let long = "ERROR ".repeat(200_000);
        assert!(is_error_line(long.as_bytes()));
        let noise: Vec<u8> = (0..300_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect();
        let started = std::time::Instant::now();
        let _ = line_signal(&noise);
        for cut in ["exit", "exit code", "HTTP/", "HTTP/1.1 ", "level=", "status:", "\\", "Error:", "["] {
            let _ = line_signal(cut.as_bytes());
        }
        assert!(started.elapsed().as_secs() < 2);
    }

    #[test]
    fn numbers_and_deeper_arrays_are_not_error_like_arrays_are_through_their_items() {
        assert!(error_items(r#"[1,null,true,[[{"level":"error"}]]]"#).is_empty());
        assert_eq!(error_items(r#"[["ok","ok"],["ok","ERROR x"],[{"level":"fatal"}]]"#), [1, 2]);
        let far = format!(r#"[["{}","ERROR x"]]"#, "a".repeat(5000));
        assert!(error_items(&far).is_empty(), "past the nested byte cap");
    }
}
