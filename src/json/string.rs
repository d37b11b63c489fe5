//! JSON string quoting identical to `JSON.stringify` (ES2019 well-formed stringify).
//!
//! A Rust `&str` cannot hold a lone surrogate, so the `\udXXX` escape `JSON.stringify` emits for
//! one never arises here: text that carries lone surrogates is quoted by V8 before it reaches
//! Rust (see the binding layer), and V8's output is always well-formed.

/// Appends `s` as a JSON string literal, escaping exactly what `JSON.stringify` escapes:
/// `"` and `\`, the short forms `\b \f \n \r \t`, other C0 controls as `\u00xx` (lowercase hex).
/// Everything else, including U+2028/U+2029 and non-ASCII, is copied as is.
pub fn push_json_string(out: &mut String, s: &str) {
    push_escaped(out, s, |b| match b {
        b'"' => Some("\\\""),
        b'\\' => Some("\\\\"),
        b'\n' => Some("\\n"),
        b'\r' => Some("\\r"),
        b'\t' => Some("\\t"),
        0x08 => Some("\\b"),
        0x0c => Some("\\f"),
        _ => None,
    });
}

/// Appends `s` in double quotes with `"`, `\` and every C0 control escaped: as `short` writes
/// the byte, or as `\u00xx` (lowercase hex) where `short` has no form for it. JSON and TOON
/// quote alike but for their short forms; everything else is copied as is.
#[inline]
pub fn push_escaped(out: &mut String, s: &str, short: impl Fn(u8) -> Option<&'static str>) {
    out.reserve(s.len() + 2);
    out.push('"');
    let mut start = 0;
    for (i, &b) in s.as_bytes().iter().enumerate() {
        if b >= 0x20 && b != b'"' && b != b'\\' {
            continue;
        }
        // Every byte escaped is ASCII, so `i` is a character boundary.
        out.push_str(&s[start..i]);
        match short(b) {
            Some(escape) => out.push_str(escape),
            None => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(HEX[usize::from(b >> 4)] as char);
                out.push(HEX[usize::from(b & 0xf)] as char);
            }
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// `JSON.stringify(s)` for a string `s`, as an owned string.
pub fn json_string(s: &str) -> String {
    let mut out = String::new();
    push_json_string(&mut out, s);
    out
}

/// Length of `s` in UTF-16 code units — what JavaScript's `.length` reports.
pub fn utf16_len(s: &str) -> usize {
    s.chars().map(char::len_utf16).sum()
}

/// The byte index where `s`'s first `units` UTF-16 units end — JavaScript's `s.slice(0, units)`
/// — moved back so that it does not split a char (a surrogate pair is one char); the end of `s`
/// when it is shorter.
pub fn byte_index(s: &str, units: usize) -> usize {
    let mut seen = 0;
    for (at, c) in s.char_indices() {
        seen += c.len_utf16();
        if seen > units {
            return at;
        }
    }
    s.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_exactly_what_json_stringify_escapes() {
        let cases: &[(&str, &str)] = &[
            ("", r#""""#),
            ("hi", r#""hi""#),
            ("a\"b\\c", r#""a\"b\\c""#),
            ("\n\r\t\u{8}\u{c}", r#""\n\r\t\b\f""#),
            ("\u{0}\u{1f}\u{7f}", "\"\\u0000\\u001f\u{7f}\""),
            ("\u{2028}\u{2029}", "\"\u{2028}\u{2029}\""),
            ("é😀/", "\"é😀/\""),
        ];
        for &(input, want) in cases {
            assert_eq!(json_string(input), want, "JSON.stringify({input:?})");
        }
    }

    #[test]
    fn counts_utf16_units() {
        assert_eq!(utf16_len("abc"), 3);
        assert_eq!(utf16_len("é"), 1);
        assert_eq!(utf16_len("😀"), 2);
    }
}
