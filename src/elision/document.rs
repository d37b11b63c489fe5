//! A string that holds a JSON document, as `JSON.stringify(document, null, indent)` wrote it
//! (server-filesystem's `directory_tree`, and any tool that prints JSON into a text): its
//! compact JSON, so its pages hold the document itself instead of an escaped copy of its text,
//! and the indent that prints it back.
//!
//! A string is taken as a document only when that rule gives it back byte for byte: every
//! space and line break where V8's printer puts them, every string and number written as V8
//! writes it, no key repeated and no key that V8 would move to the front (an array index). Any
//! other string is paged as text.

use std::collections::HashSet;

use crate::json::lex::number_end;
use crate::json::number::js_number_string;

/// The longest indent `JSON.stringify` uses (a longer one is cut to ten chars).
const MAX_INDENT: usize = 10;

/// A JSON document held in a string.
#[derive(Debug, PartialEq, Eq)]
pub struct Document {
    /// The document as `JSON.stringify(document)` writes it.
    pub compact: String,
    /// `JSON.stringify`'s third argument that prints `compact` back as the string: spaces or
    /// tabs, empty for a compact document.
    pub indent: String,
    /// What the string holds after the printed document: nothing, or the one line break a file
    /// written by npm, prettier or an editor ends with (`"\n"`).
    pub end: String,
}

/// The document the escaped content of a JSON string literal holds (the bytes between its
/// quotes), when it is one: an object or an array printed by `JSON.stringify`.
pub fn held_document(content: &[u8]) -> Option<Document> {
    if !matches!(content.first(), Some(b'{' | b'[')) {
        return None;
    }
    let text = unescape(content)?;
    let b = text.as_bytes();
    let indent = if b.get(1) == Some(&b'\n') {
        let run = b[2..].iter().take_while(|&&c| c == b' ' || c == b'\t').count();
        if run == 0 || run > MAX_INDENT {
            return None;
        }
        &text[2..2 + run]
    } else {
        ""
    };
    let (compact, end) = Printer { b, at: 0, indent, out: String::with_capacity(b.len()) }.read()?;
    Some(Document { compact, indent: indent.to_owned(), end: end.to_owned() })
}

/// The string a JSON string literal's content decodes to; `None` for a lone surrogate (which a
/// Rust string cannot hold) or a malformed escape.
fn unescape(content: &[u8]) -> Option<String> {
    let mut out = Vec::with_capacity(content.len());
    let mut i = 0;
    while let Some(&c) = content.get(i) {
        if c != b'\\' {
            out.push(c);
            i += 1;
            continue;
        }
        let short = match content.get(i + 1)? {
            b'"' => b'"',
            b'\\' => b'\\',
            b'/' => b'/',
            b'b' => 0x08,
            b'f' => 0x0c,
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'u' => {
                let (ch, len) = unicode_escape(content, i)?;
                let mut buf = [0; 4];
                out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                i += len;
                continue;
            }
            _ => return None,
        };
        out.push(short);
        i += 2;
    }
    String::from_utf8(out).ok()
}

/// The char of the `\uXXXX` escape at `i` (a surrogate pair takes two) and its length in bytes.
fn unicode_escape(b: &[u8], i: usize) -> Option<(char, usize)> {
    let unit = |at: usize| -> Option<u32> {
        let hex = b.get(at + 2..at + 6)?;
        (b.get(at) == Some(&b'\\') && b.get(at + 1) == Some(&b'u'))
            .then(|| u32::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok())?
    };
    let first = unit(i)?;
    if (0xD800..0xDC00).contains(&first) {
        let second = unit(i + 6).filter(|u| (0xDC00..0xE000).contains(u))?;
        let code = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
        return Some((char::from_u32(code)?, 12));
    }
    Some((char::from_u32(first)?, 6))
}

/// Reads a printed document, checking each gap against what the printer would write there and
/// writing the tokens out without the gaps.
struct Printer<'a> {
    b: &'a [u8],
    at: usize,
    indent: &'a str,
    out: String,
}

impl<'a> Printer<'a> {
    /// The compact document, and what follows it: nothing or one line break.
    fn read(mut self) -> Option<(String, &'static str)> {
        self.value(0)?;
        match &self.b[self.at..] {
            b"" => Some((self.out, "")),
            b"\n" => Some((self.out, "\n")),
            _ => None,
        }
    }

    /// Consumes `expected` exactly.
    fn expect(&mut self, expected: &[u8]) -> Option<()> {
        let end = self.at + expected.len();
        (self.b.get(self.at..end) == Some(expected)).then(|| self.at = end)
    }

    /// Consumes the line break and indent that open a line at `depth`; none without an indent.
    fn newline(&mut self, depth: usize) -> Option<()> {
        if self.indent.is_empty() {
            return Some(());
        }
        self.expect(b"\n")?;
        for _ in 0..depth {
            self.expect(self.indent.as_bytes())?;
        }
        Some(())
    }

    fn value(&mut self, depth: usize) -> Option<()> {
        match *self.b.get(self.at)? {
            b'{' | b'[' => self.container(depth),
            b'"' => self.string().map(|_| ()),
            b't' => self.literal("true"),
            b'f' => self.literal("false"),
            b'n' => self.literal("null"),
            b'-' | b'0'..=b'9' => self.number(),
            _ => None,
        }
    }

    fn literal(&mut self, word: &str) -> Option<()> {
        self.expect(word.as_bytes())?;
        self.out.push_str(word);
        Some(())
    }

    fn container(&mut self, depth: usize) -> Option<()> {
        let open = self.b[self.at];
        let close = if open == b'{' { b'}' } else { b']' };
        self.at += 1;
        self.out.push(char::from(open));
        if self.b.get(self.at) == Some(&close) {
            self.at += 1;
            self.out.push(char::from(close));
            return Some(());
        }
        let b = self.b;
        let mut keys: HashSet<&'a [u8]> = HashSet::new();
        loop {
            self.newline(depth + 1)?;
            if open == b'{' {
                let (start, end) = self.string()?;
                let key = &b[start..end];
                // An index key would be moved ahead of the others, and a repeated one dropped.
                if is_index(key) || !keys.insert(key) {
                    return None;
                }
                self.expect(b":")?;
                self.out.push(':');
                if !self.indent.is_empty() {
                    self.expect(b" ")?;
                }
            }
            self.value(depth + 1)?;
            if self.b.get(self.at) != Some(&b',') {
                break;
            }
            self.at += 1;
            self.out.push(',');
        }
        self.newline(depth)?;
        self.expect(&[close])?;
        self.out.push(char::from(close));
        Some(())
    }

    /// A string token as V8 writes it; returns its span, quotes included.
    fn string(&mut self) -> Option<(usize, usize)> {
        let start = self.at;
        self.expect(b"\"")?;
        loop {
            match *self.b.get(self.at)? {
                b'"' => break,
                b'\\' => {
                    let len = match *self.b.get(self.at + 1)? {
                        b'"' | b'\\' | b'b' | b'f' | b'n' | b'r' | b't' => 2,
                        // V8 escapes the other C0 controls only, in lowercase hex.
                        b'u' => {
                            let hex = self.b.get(self.at + 2..self.at + 6)?;
                            let code = u8::from_str_radix(std::str::from_utf8(hex.get(2..)?).ok()?, 16).ok()?;
                            let canonical = hex.starts_with(b"00")
                                && code < 0x20
                                && !matches!(code, 0x08 | 0x09 | 0x0a | 0x0c | 0x0d)
                                && !hex.iter().any(u8::is_ascii_uppercase);
                            if !canonical {
                                return None;
                            }
                            6
                        }
                        _ => return None,
                    };
                    self.at += len;
                }
                c if c < 0x20 => return None,
                _ => self.at += 1,
            }
        }
        self.at += 1;
        self.out.push_str(std::str::from_utf8(&self.b[start..self.at]).ok()?);
        Some((start, self.at))
    }

    /// A number token (its first byte a `-` or a digit) as V8 writes it: the shortest form that
    /// reads back as the same double.
    fn number(&mut self) -> Option<()> {
        let start = self.at;
        self.at = number_end(self.b, start);
        let token = std::str::from_utf8(&self.b[start..self.at]).ok()?;
        let x: f64 = token.parse().ok()?;
        (x.is_finite() && js_number_string(x) == token).then(|| self.out.push_str(token))
    }
}

/// Whether the quoted key is an array index, which V8 orders before every other key.
fn is_index(key: &[u8]) -> bool {
    let digits = &key[1..key.len() - 1];
    !digits.is_empty()
        && digits.iter().all(u8::is_ascii_digit)
        && (digits.len() == 1 || digits[0] != b'0')
        && std::str::from_utf8(digits).ok().and_then(|d| d.parse::<u64>().ok()).is_some_and(|n| n < u64::from(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::string::json_string;

    /// The escaped content of the JSON string literal of `s`.
    fn content(s: &str) -> String {
        let quoted = json_string(s);
        quoted[1..quoted.len() - 1].to_owned()
    }

    fn held(s: &str) -> Option<Document> {
        held_document(content(s).as_bytes())
    }

    #[test]
    fn a_pretty_document_is_read_with_its_indent() {
        let pretty = "[\n  {\n    \"name\": \"a \\\"b\\\" é 😀\",\n    \"n\": -1.5e-7,\n    \"c\": [],\n    \"d\": {}\n  },\n  true,\n  null\n]";
        let doc = held(pretty).unwrap();
        assert_eq!(doc.compact, "[{\"name\":\"a \\\"b\\\" é 😀\",\"n\":-1.5e-7,\"c\":[],\"d\":{}},true,null]");
        assert_eq!(doc.indent, "  ");
        let tabs = held("{\n\t\"a\": [\n\t\t1,\n\t\t2\n\t]\n}").unwrap();
        assert_eq!((tabs.compact.as_str(), tabs.indent.as_str()), ("{\"a\":[1,2]}", "\t"));
        let compact = held("{\"a\":[1,\"\\u0001\"]}").unwrap();
        assert_eq!((compact.compact.as_str(), compact.indent.as_str()), ("{\"a\":[1,\"\\u0001\"]}", ""));
        assert_eq!(doc.end, "");
        // A file's last line break (npm writes package-lock.json so) is kept beside it.
        let file = held("{\n  \"a\": 1\n}\n").unwrap();
        assert_eq!((file.compact.as_str(), file.indent.as_str(), file.end.as_str()), ("{\"a\":1}", "  ", "\n"));
    }

    #[test]
    fn a_string_printing_cannot_give_back_is_not_a_document() {
        for s in [
            "[1, 2]",              // a space the printer never writes
            "[\n  1,\n   2\n]",    // an uneven indent
            "[\n  1,\n  2\n]\n\n", // two line breaks after it
            "[\n  1,\n  2\n] ",    // a space after it
            "{\n  \"a\":1\n}",     // no space after the colon
            "[1.50]",              // a number V8 writes as 1.5
            "[1E3]",               // and 1000
            "[-0]",                // and 0
            "[\"\\u00e9\"]",       // V8 writes é itself
            "[\"\\/\"]",           // and / itself
            "{\"a\":1,\"a\":2}",   // the second a replaces the first
            "{\"b\":1,\"7\":2}",   // 7 would be printed first
            "[1,]",                // not JSON
            "[1] [2]",             // two documents
            "plain text",          // not a document at all
            "[\"\u{1}\"]",         // a raw control char
        ] {
            assert_eq!(held(s), None, "{s:?}");
        }
        // A lone surrogate's escape cannot be decoded into a Rust string.
        assert_eq!(held_document(b"[\\ud800]"), None);
        assert!(held("{\"07\":1,\"-1\":2,\"4294967295\":3}").is_some());
    }
}
