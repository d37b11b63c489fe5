//! A JSON parser that builds a [`Node`] tree directly, borrowing every string without escapes.
//!
//! Why not serde_json here, as elsewhere in the crate: on the 2,000-row benchmark table
//! deserializing into `Node` through serde_json took more than half of `toToon`, and alone
//! enough to miss the 2× target over the JavaScript reference. This parser does the same in a
//! fraction of that (see docs/performance.md, 'Figures behind the design'; bench/toon.mjs). It
//! accepts exactly RFC 8259 JSON, never panics, refuses nesting deeper than [`MAX_DEPTH`]
//! (serde_json's limit, kept so every entry point of the crate agrees) and reads
//! an escaped lone surrogate, which no Rust string can hold, as U+FFFD — the rule of the
//! crate's one reader, [`crate::json::read`].

use std::borrow::Cow;

use crate::json::lex;

use super::node::{dedupe_last_wins, same_bytes, Node};
use super::order::js_entry_order;

/// Deepest nesting accepted, as serde_json's default recursion limit.
pub const MAX_DEPTH: usize = 128;

/// Why text is not JSON, with the byte offset where the parser stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// What was wrong.
    pub message: &'static str,
    /// Byte offset into the input.
    pub offset: usize,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} at byte {}", self.message, self.offset)
    }
}

/// Parses one JSON value (surrounding whitespace allowed) into a tree borrowing from `json`.
pub fn parse(json: &[u8]) -> Result<Node<'_>, ParseError> {
    parse_with(json, false)
}

/// [`parse`] for text written by V8's `JSON.stringify`, whose number tokens are already exactly
/// `String(x)`: they are validated but kept as text ([`Node::NumberText`]) instead of being
/// parsed into doubles and formatted back, which is most of the cost of a numeric table.
/// Any other text must use [`parse`] (`1.0` or `1E5` would be written verbatim here).
pub fn parse_v8(json: &[u8]) -> Result<Node<'_>, ParseError> {
    parse_with(json, true)
}

fn parse_with(json: &[u8], verbatim_numbers: bool) -> Result<Node<'_>, ParseError> {
    let text =
        std::str::from_utf8(json).map_err(|e| ParseError { message: "invalid UTF-8", offset: e.valid_up_to() })?;
    let mut parser =
        Parser { text, bytes: json, pos: 0, depth: 0, verbatim_numbers, known_keys: Vec::new(), failure: None };
    let parsed = parser.value().and_then(|value| {
        parser.skip_ws();
        if parser.pos == json.len() {
            Ok(value)
        } else {
            Err(parser.error("trailing characters"))
        }
    });
    parsed.map_err(|Failed| parser.failure.take().unwrap_or(ParseError { message: "invalid JSON", offset: parser.pos }))
}

/// Reads one value at a time out of a JSON text, for encoders that walk a large document item by
/// item instead of building its whole tree (see [`super::stream`]). Values come back as trees;
/// a container's children are found with [`Reader::skip`], a structural scan that builds
/// nothing. Text a skip passes over is checked when its values are read.
pub struct Reader<'a> {
    parser: Parser<'a>,
}

impl<'a> Reader<'a> {
    /// A reader of `json`; `verbatim_numbers` as in [`parse_v8`]. Errors: invalid UTF-8.
    pub fn new(json: &'a [u8], verbatim_numbers: bool) -> Result<Self, ParseError> {
        let text =
            std::str::from_utf8(json).map_err(|e| ParseError { message: "invalid UTF-8", offset: e.valid_up_to() })?;
        let parser =
            Parser { text, bytes: json, pos: 0, depth: 0, verbatim_numbers, known_keys: Vec::new(), failure: None };
        Ok(Self { parser })
    }

    /// The byte at `at`, if any.
    pub fn byte(&self, at: usize) -> Option<u8> {
        self.parser.bytes.get(at).copied()
    }

    /// The first position from `at` that is not JSON whitespace.
    pub fn skip_ws(&mut self, at: usize) -> usize {
        self.parser.pos = at;
        self.parser.skip_ws();
        self.parser.pos
    }

    /// The value at `at` (after whitespace) nested `depth` levels deep, and the position after it.
    pub fn value(&mut self, at: usize, depth: usize) -> Result<(Node<'a>, usize), ParseError> {
        self.parser.pos = at;
        self.parser.depth = depth;
        let value = self.parser.value();
        self.finish(value)
    }

    /// The string literal at `at` (an object key), and the position after it.
    pub fn string(&mut self, at: usize) -> Result<(Cow<'a, str>, usize), ParseError> {
        self.parser.pos = self.skip_ws(at);
        let key = if self.parser.peek() == Some(b'"') {
            self.parser.string()
        } else {
            Err(self.parser.error("expected a string key"))
        };
        self.finish(key)
    }

    /// The position after the value at `at` (after whitespace). Containers are matched bracket
    /// for bracket and strings skipped to their closing quote; nothing else is checked.
    pub fn skip(&mut self, at: usize) -> Result<usize, ParseError> {
        let end = self.skip_within(at, usize::MAX)?;
        end.ok_or(ParseError { message: "unexpected end of input", offset: self.parser.bytes.len() })
    }

    /// [`Reader::skip`] that gives up on a container longer than `limit` bytes: `None` then.
    pub fn skip_within(&mut self, at: usize, limit: usize) -> Result<Option<usize>, ParseError> {
        let start = self.skip_ws(at);
        let bytes = self.parser.bytes;
        match bytes.get(start) {
            Some(b'{' | b'[') => {}
            Some(b'"') => return self.string(start).map(|(_, end)| Some(end)),
            _ => return self.value(start, 0).map(|(_, end)| Some(end)),
        }
        let mut open = 0usize;
        let mut i = start;
        while let Some(&b) = bytes.get(i) {
            if i - start > limit {
                return Ok(None);
            }
            i += 1;
            match b {
                b'{' | b'[' => open += 1,
                b'}' | b']' => {
                    open -= 1;
                    if open == 0 {
                        return Ok(Some(i));
                    }
                }
                b'"' => {
                    self.parser.pos = i;
                    loop {
                        self.parser.pos = lex::plain_string_end(bytes, self.parser.pos);
                        match self.parser.peek() {
                            Some(b'"') => break,
                            Some(b'\\') => self.parser.pos += 2,
                            Some(_) => self.parser.pos += 1,
                            None => {
                                return Err(ParseError { message: "unterminated string", offset: self.parser.pos });
                            }
                        }
                    }
                    i = self.parser.pos + 1;
                }
                _ => {}
            }
        }
        Err(ParseError { message: "unexpected end of input", offset: bytes.len() })
    }

    /// After a container's child ending at `at`: the next child's position, or `None` at the
    /// container's `close` byte (the position after it is then [`Reader::skip`]'s answer).
    pub fn next_child(&mut self, at: usize, close: u8) -> Result<Option<usize>, ParseError> {
        let at = self.skip_ws(at);
        match self.byte(at) {
            Some(b',') => Ok(Some(at + 1)),
            Some(b) if b == close => Ok(None),
            _ => {
                let message = if close == b']' { "expected ',' or ']'" } else { "expected ',' or '}'" };
                Err(ParseError { message, offset: at })
            }
        }
    }

    /// The first child's position in the container opening at `at`, or `None` when it is empty.
    pub fn first_child(&mut self, at: usize) -> Option<usize> {
        let close = if self.byte(at) == Some(b'{') { b'}' } else { b']' };
        let inner = self.skip_ws(at + 1);
        (self.byte(inner) != Some(close)).then_some(inner)
    }

    fn finish<T>(&mut self, parsed: Parsed<T>) -> Result<(T, usize), ParseError> {
        match parsed {
            Ok(value) => Ok((value, self.parser.pos)),
            Err(Failed) => Err(self
                .parser
                .failure
                .take()
                .unwrap_or(ParseError { message: "invalid JSON", offset: self.parser.pos })),
        }
    }
}

/// The parser failed; the reason is in [`Parser::failure`]. Keeping results this small (a
/// `Result<Node, Failed>` is the size of a `Node`) matters: every value is returned through it.
#[derive(Debug)]
struct Failed;

type Parsed<T> = Result<T, Failed>;

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    depth: usize,
    verbatim_numbers: bool,
    /// Per nesting depth, the keys of the last object that needed neither deduplication nor
    /// reordering: the rows of a table (and their nested objects) repeat them, and matching
    /// them settles both checks in one pass.
    known_keys: Vec<Vec<&'a str>>,
    /// Why parsing stopped.
    failure: Option<ParseError>,
}

impl<'a> Parser<'a> {
    #[cold]
    fn error(&mut self, message: &'static str) -> Failed {
        self.failure = Some(ParseError { message, offset: self.pos });
        Failed
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        self.pos = lex::skip_ws(self.bytes, self.pos);
    }

    fn expect(&mut self, byte: u8, message: &'static str) -> Parsed<()> {
        self.skip_ws();
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(message))
        }
    }

    fn value(&mut self) -> Parsed<Node<'a>> {
        self.skip_ws();
        match self.peek() {
            Some(b'{') => {
                self.enter()?;
                let object = self.object();
                self.depth -= 1;
                object
            }
            Some(b'[') => {
                self.enter()?;
                let array = self.array();
                self.depth -= 1;
                array
            }
            Some(b'"') => self.string().map(Node::String),
            Some(b't') => self.literal("true", Node::Bool(true)),
            Some(b'f') => self.literal("false", Node::Bool(false)),
            Some(b'n') => self.literal("null", Node::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.error("expected a JSON value")),
            None => Err(self.error("unexpected end of input")),
        }
    }

    fn enter(&mut self) -> Parsed<()> {
        if self.depth >= MAX_DEPTH {
            return Err(self.error("nesting deeper than 128 levels"));
        }
        self.depth += 1;
        Ok(())
    }

    fn literal(&mut self, word: &'static str, value: Node<'a>) -> Parsed<Node<'a>> {
        if self.bytes[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(value)
        } else {
            Err(self.error("invalid literal"))
        }
    }

    fn array(&mut self) -> Parsed<Node<'a>> {
        self.pos += 1; // '['
        let mut items = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Node::Array(items));
        }
        loop {
            items.push(self.value()?);
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Node::Array(items));
                }
                _ => return Err(self.error("expected ',' or ']'")),
            }
        }
    }

    fn object(&mut self) -> Parsed<Node<'a>> {
        self.pos += 1; // '{'
                       // Most objects in tool data have a handful of keys: one allocation instead of three.
        let mut entries: Vec<(Cow<'a, str>, Node<'a>)> = Vec::with_capacity(8);
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Node::Object(entries));
        }
        // Whether every key so far was the one the previous object at this depth had there.
        let mut as_known = true;
        loop {
            self.skip_ws();
            if self.peek() != Some(b'"') {
                return Err(self.error("expected a string key"));
            }
            let known = if as_known { self.known_key_at(entries.len()) } else { None };
            let key = match known {
                Some(key) => key,
                None => {
                    as_known = false;
                    self.string()?
                }
            };
            self.expect(b':', "expected ':'")?;
            let value = self.value()?;
            entries.push((key, value));
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    break;
                }
                _ => return Err(self.error("expected ',' or '}'")),
            }
        }
        let known_len = self.known_keys.get(self.depth).map_or(0, Vec::len);
        if !(as_known && known_len == entries.len() && known_len > 0) {
            let before = entries.len();
            dedupe_last_wins(&mut entries);
            let unique = entries.len() == before;
            js_entry_order(&mut entries);
            self.remember_keys(&entries, unique);
        }
        Ok(Node::Object(entries))
    }

    /// The key literal at the cursor when it is exactly the `index`-th key of the last object
    /// at this depth — in a table, every row's keys are — consumed without scanning it.
    /// Remembered keys had no escapes, so equal bytes followed by `"` are the whole literal.
    /// The returned key is the remembered slice itself, so the rows of a table share their key
    /// pointers and the encoder's key comparisons succeed on pointer equality.
    fn known_key_at(&mut self, index: usize) -> Option<Cow<'a, str>> {
        let known: &'a str = self.known_keys.get(self.depth)?.get(index)?;
        let start = self.pos + 1;
        let end = start + known.len();
        if self.bytes.get(end) != Some(&b'"') || !self.same_as_known(start, known) {
            return None;
        }
        self.pos = end + 1;
        Some(Cow::Borrowed(known))
    }

    /// Whether the input at `start` holds `known`'s bytes. A short key (most are) is compared as
    /// one masked 8-byte word read from both places in the input — `known` is a slice of it.
    fn same_as_known(&self, start: usize, known: &str) -> bool {
        let len = known.len();
        let known_at = (known.as_ptr() as usize).wrapping_sub(self.bytes.as_ptr() as usize);
        if len <= 8 {
            if let (Some(a), Some(b)) = (self.word_at(start), self.word_at(known_at)) {
                let mask = if len == 8 { u64::MAX } else { (1u64 << (8 * len)) - 1 };
                return (a ^ b) & mask == 0;
            }
        }
        self.bytes.get(start..start + len).is_some_and(|here| same_bytes(here, known.as_bytes()))
    }

    fn word_at(&self, at: usize) -> Option<u64> {
        let mut word = [0u8; 8];
        word.copy_from_slice(self.bytes.get(at..at.checked_add(8)?)?);
        Some(u64::from_le_bytes(word))
    }

    /// Remembers `entries`' keys when they were unique and already in order, so the next object
    /// with the same keys skips both checks. Keys with escapes (owned) are not remembered.
    fn remember_keys(&mut self, entries: &[(Cow<'a, str>, Node<'a>)], unique: bool) {
        if self.known_keys.len() <= self.depth {
            self.known_keys.resize_with(self.depth + 1, Vec::new);
        }
        let Some(known) = self.known_keys.get_mut(self.depth) else { return };
        known.clear();
        if !unique {
            return;
        }
        for (key, _) in entries {
            match key {
                Cow::Borrowed(k) => known.push(k),
                Cow::Owned(_) => {
                    known.clear();
                    return;
                }
            }
        }
    }

    /// A string literal starting at the opening quote; borrowed unless it has escapes.
    fn string(&mut self) -> Parsed<Cow<'a, str>> {
        self.pos += 1; // '"'
        let start = self.pos;
        self.pos = lex::plain_string_end(self.bytes, self.pos);
        match self.peek() {
            Some(b'"') => {
                // Both ends sit next to an ASCII quote, so on character boundaries.
                let s = self.text.get(start..self.pos).ok_or_else(|| self.error("invalid string"))?;
                self.pos += 1;
                Ok(Cow::Borrowed(s))
            }
            Some(b'\\') => self.escaped_string(start).map(Cow::Owned),
            // The plain run stops at a quote, a backslash or a control character only.
            Some(_) => Err(self.error("control character in string")),
            None => Err(self.error("unterminated string")),
        }
    }

    fn escaped_string(&mut self, start: usize) -> Parsed<String> {
        let mut out = String::with_capacity(self.pos - start + 16);
        let mut run = start;
        loop {
            match self.peek() {
                Some(b'"') => {
                    out.push_str(self.text.get(run..self.pos).ok_or_else(|| self.error("invalid string"))?);
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    out.push_str(self.text.get(run..self.pos).ok_or_else(|| self.error("invalid string"))?);
                    self.pos += 1;
                    let escaped = self.peek().ok_or_else(|| self.error("unterminated string"))?;
                    self.pos += 1;
                    match escaped {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => out.push(self.unicode_escape()?),
                        _ => return Err(self.error("invalid escape")),
                    }
                    run = self.pos;
                }
                Some(0x00..=0x1f) => return Err(self.error("control character in string")),
                Some(_) => self.pos += 1,
                None => return Err(self.error("unterminated string")),
            }
        }
    }

    fn hex4(&mut self) -> Parsed<u32> {
        let digits = self.bytes.get(self.pos..self.pos + 4).ok_or_else(|| self.error("truncated \\u escape"))?;
        let mut code = 0u32;
        for &d in digits {
            let v = (d as char).to_digit(16).ok_or_else(|| self.error("invalid \\u escape"))?;
            code = code * 16 + v;
        }
        self.pos += 4;
        Ok(code)
    }

    /// The character of a `\uXXXX` escape (after the `u`), joining a surrogate pair; a lone
    /// surrogate is U+FFFD, and an escape after a lone high one is read on its own.
    fn unicode_escape(&mut self) -> Parsed<char> {
        let high = self.hex4()?;
        let code = match high {
            0xD800..=0xDBFF => {
                self.low_surrogate().map_or(0xFFFD, |low| 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            0xDC00..=0xDFFF => 0xFFFD,
            code => code,
        };
        char::from_u32(code).ok_or_else(|| self.error("invalid \\u escape"))
    }

    /// The low surrogate escape right after a high one, consumed; `None` (nothing consumed)
    /// when the next bytes are not one.
    fn low_surrogate(&mut self) -> Option<u32> {
        let digits = self.bytes.get(self.pos..self.pos + 6)?.strip_prefix(b"\\u")?;
        let low = digits.iter().try_fold(0u32, |code, &d| Some(code * 16 + (d as char).to_digit(16)?))?;
        (0xDC00..=0xDFFF).contains(&low).then(|| {
            self.pos += 6;
            low
        })
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
        }
        self.pos - start
    }

    fn number(&mut self) -> Parsed<Node<'a>> {
        let start = self.pos;
        let negative = self.peek() == Some(b'-');
        if negative {
            self.pos += 1;
        }
        let int_start = self.pos;
        let int_digits = self.digits();
        if int_digits == 0 || (int_digits > 1 && self.bytes[int_start] == b'0') {
            return Err(self.error("invalid number"));
        }
        let mut integral = true;
        if self.peek() == Some(b'.') {
            self.pos += 1;
            integral = false;
            if self.digits() == 0 {
                return Err(self.error("invalid number"));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            integral = false;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return Err(self.error("invalid number"));
            }
        }
        if self.verbatim_numbers {
            let token = self.text.get(start..self.pos).ok_or_else(|| self.error("invalid number"))?;
            return Ok(Node::NumberText(token));
        }
        // Up to 15 digits is below 2^53: the integer is exact, no float parsing needed.
        if integral && int_digits <= 15 {
            let magnitude =
                self.bytes[int_start..self.pos].iter().fold(0u64, |n, &d| n * 10 + u64::from(d - b'0')) as f64;
            return Ok(Node::Number(if negative { -magnitude } else { magnitude }));
        }
        let token = self.text.get(start..self.pos).ok_or_else(|| self.error("invalid number"))?;
        // Rust's float parsing rounds correctly, as JSON.parse does; overflow gives ±inf,
        // which the encoder prints as null (JSON.parse would give ±Infinity, which the
        // reference also normalizes to null).
        token.parse::<f64>().map(Node::Number).map_err(|_| self.error("invalid number"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_like_json_parse() {
        let node = parse(br#" {"a":[1,-0,0.5,1e+21,12345678901234567890,-1.5E-7],"b":"x\"\u00e9\ud83d\ude80\n","c":true,"d":null,"e":{},"f":[]} "#).expect("valid");
        let Node::Object(entries) = node else { panic!("object") };
        assert_eq!(
            entries[0].1,
            Node::Array(vec![
                Node::Number(1.0),
                Node::Number(-0.0),
                Node::Number(0.5),
                Node::Number(1e21),
                Node::Number(12345678901234567890.0),
                Node::Number(-1.5e-7)
            ])
        );
        assert_eq!(entries[1].1, Node::String(Cow::Owned("x\"é🚀\n".to_owned())));
        assert!(matches!(&entries[0].0, Cow::Borrowed("a")));
        assert_eq!(entries[2].1, Node::Bool(true));
        assert_eq!(entries[3].1, Node::Null);
        assert_eq!(entries[4].1, Node::Object(vec![]));
        assert_eq!(entries[5].1, Node::Array(vec![]));
    }

    #[test]
    fn agrees_with_serde_json_on_numbers() {
        for token in [
            "0",
            "-0",
            "123456789012345",
            "1234567890123456",
            "9007199254740993",
            "1e400",
            "-1e-400",
            "0.1",
            "2.5e-324",
            "1.7976931348623157e308",
            "123.456e-2",
        ] {
            let ours = match parse(token.as_bytes()) {
                Ok(Node::Number(x)) => x,
                other => panic!("{token}: {other:?}"),
            };
            let theirs: f64 = token.parse().expect("float");
            assert_eq!(ours.to_bits(), theirs.to_bits(), "{token}");
        }
    }

    #[test]
    fn rejects_what_json_rejects() {
        for text in [
            "",
            " ",
            "{",
            "[1,]",
            "[1 2]",
            "{\"a\"}",
            "{\"a\":1,}",
            "{a:1}",
            "01",
            "-",
            "1.",
            ".5",
            "1e",
            "+1",
            "tru",
            "nul",
            "\"a",
            "\"\\x\"",
            "\"\\u12\"",
            "\"\\ud800\\u12\"",
            "\"\u{1}\"",
            "[1] x",
            "NaN",
        ] {
            assert!(parse(text.as_bytes()).is_err(), "{text:?}");
        }
        assert!(parse(b"\"\xff\"").is_err());
    }

    #[test]
    fn lone_surrogates_read_as_replacement_characters_like_the_crate_s_reader() {
        for text in
            [r#""\ud800""#, r#""\udc00x""#, r#""\ud800\u0041""#, r#""\ud83d\ude80\udc00""#, r#""\ud800\ud800\udc00""#]
        {
            let ours = parse(text.as_bytes()).expect("reads");
            let theirs: serde_json::Value = crate::json::read::read_value(text.as_bytes()).expect("reads");
            assert_eq!(ours, Node::from_value(&theirs), "{text}");
        }
    }

    #[test]
    fn repeated_key_sequences_still_get_json_parse_semantics() {
        let node = parse(br#"[{"a":1,"b":{"x":1,"y":2}},{"a":2,"b":{"x":3,"y":4}},{"a":3,"a":4},{"b":1,"1":2},{"1":0,"b":5},{"a":1,"b":2}]"#).expect("valid");
        let Node::Array(rows) = node else { panic!("array") };
        let keys = |n: &Node<'_>| match n {
            Node::Object(e) => e.iter().map(|(k, _)| k.to_string()).collect::<Vec<_>>().join(","),
            _ => String::new(),
        };
        let got: Vec<String> = rows.iter().map(keys).collect();
        assert_eq!(got, ["a,b", "a,b", "a", "1,b", "1,b", "a,b"]);
        assert_eq!(rows[2], Node::Object(vec![(Cow::Borrowed("a"), Node::Number(4.0))]));
    }

    #[test]
    fn keys_that_only_resemble_the_previous_rows_keys() {
        let text = br#"[{"ab":1,"c":2},{"a":1,"c":2},{"abc":1,"c":2},{"ab":1,"c\"":2},{"ab":1,"c":2,"d":3},{"ab":1},{"ab":1,"c":2}]"#;
        let Node::Array(rows) = parse(text).expect("valid") else { panic!("array") };
        let keys: Vec<String> = rows
            .iter()
            .map(|n| match n {
                Node::Object(e) => e.iter().map(|(k, _)| k.to_string()).collect::<Vec<_>>().join(","),
                _ => String::new(),
            })
            .collect();
        assert_eq!(keys, ["ab,c", "a,c", "abc,c", "ab,c\"", "ab,c,d", "ab", "ab,c"]);
    }

    #[test]
    fn v8_mode_keeps_number_tokens() {
        let node = parse_v8(b"[1e+21,-0.5,12345678901234567000]").expect("valid");
        assert_eq!(
            node,
            Node::Array(vec![
                Node::NumberText("1e+21"),
                Node::NumberText("-0.5"),
                Node::NumberText("12345678901234567000")
            ])
        );
        assert!(parse_v8(b"[01]").is_err());
    }

    #[test]
    fn long_strings_with_specials_at_every_offset() {
        for at in 0..20 {
            for special in ["\\n", "\\\"", "é"] {
                let body = format!("{}{}{}", "a".repeat(at), special, "b".repeat(11));
                let text = format!("\"{body}\"");
                let ours = parse(text.as_bytes()).expect("valid");
                let theirs: String = serde_json::from_str(&text).expect("valid");
                assert_eq!(ours, Node::String(Cow::Owned(theirs)), "{text}");
            }
            let raw = format!("\"{}\u{1}\"", "a".repeat(at));
            assert!(parse(raw.as_bytes()).is_err());
        }
    }

    #[test]
    fn nesting_limit() {
        let ok = format!("{}{}", "[".repeat(128), "]".repeat(128));
        assert!(parse(ok.as_bytes()).is_ok());
        let deep = format!("{}{}", "[".repeat(129), "]".repeat(129));
        assert_eq!(parse(deep.as_bytes()).map_err(|e| e.message), Err("nesting deeper than 128 levels"));
        let hostile = "[".repeat(1_000_000);
        assert!(parse(hostile.as_bytes()).is_err());
    }
}
