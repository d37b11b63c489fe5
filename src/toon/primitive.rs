//! How one scalar or key is written: bare when a decoder cannot mistake it for anything else,
//! else double-quoted with TOON's escapes. The rules are the reference encoder's
//! (`isSafeUnquoted`, `isValidUnquotedKey`, `escapeString`), byte for byte.

use serde_json::Value;

use super::Delimiter;
use crate::json::number::push_js_number;

/// True for `null`, booleans, numbers and strings — the values TOON writes inline.
pub fn is_primitive(value: &Value) -> bool {
    !matches!(value, Value::Array(_) | Value::Object(_))
}

/// Appends a primitive value; containers are never passed here (they write nothing).
pub fn push_primitive(out: &mut String, value: &Value, delimiter: Delimiter) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => push_js_number(out, n.as_f64().unwrap_or(0.0)),
        Value::String(s) => push_string(out, s, delimiter),
        Value::Array(_) | Value::Object(_) => {}
    }
}

/// Appends a string value, bare when safe, quoted otherwise.
pub fn push_string(out: &mut String, s: &str, delimiter: Delimiter) {
    if is_safe_unquoted(s, delimiter) {
        out.push_str(s);
    } else {
        push_quoted(out, s);
    }
}

/// Appends an object key: bare when it matches `^[A-Za-z_][A-Za-z0-9_.]*$`, quoted otherwise.
pub fn push_key(out: &mut String, key: &str) {
    if is_valid_unquoted_key(key) {
        out.push_str(key);
    } else {
        push_quoted(out, key);
    }
}

/// Appends `"…"` with TOON's escapes: `\\`, `\"`, `\n`, `\r`, `\t`, and every other C0 control
/// as `\u00xx` (lowercase hex). Unlike JSON there are no `\b`/`\f` short forms.
pub fn push_quoted(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    let mut start = 0;
    for (i, &b) in s.as_bytes().iter().enumerate() {
        let short: &str = match b {
            b'\\' => "\\\\",
            b'"' => "\\\"",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x00..=0x1f => "",
            _ => continue,
        };
        // Every byte matched above is ASCII, so `i` is a character boundary.
        out.push_str(&s[start..i]);
        if short.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("\\u00");
            out.push(HEX[usize::from(b >> 4)] as char);
            out.push(HEX[usize::from(b & 0xf)] as char);
        } else {
            out.push_str(short);
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// Whether a string value can be written without quotes under `delimiter`.
pub fn is_safe_unquoted(s: &str, delimiter: Delimiter) -> bool {
    let bytes = s.as_bytes();
    let (Some(&first), Some(&last)) = (bytes.first(), bytes.last()) else {
        return false;
    };
    if matches!(first, b' ' | b'\t' | b'-' | b'#') || matches!(last, b' ' | b'\t') {
        return false;
    }
    if s == "true" || s == "false" || s == "null" || is_numeric_like(bytes) {
        return false;
    }
    let delimiter = delimiter.as_byte();
    !bytes
        .iter()
        .any(|&b| b < 0x20 || b == delimiter || matches!(b, b':' | b'"' | b'\\' | b'[' | b']' | b'{' | b'}'))
}

/// `/^[+-]?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i` — text a decoder would read as a number.
pub fn is_numeric_like(bytes: &[u8]) -> bool {
    let mut i = 0;
    if matches!(bytes.first(), Some(b'+' | b'-')) {
        i = 1;
    }
    let digits = |i: &mut usize| {
        let start = *i;
        while bytes.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i > start
    };
    if !digits(&mut i) {
        return false;
    }
    if bytes.get(i) == Some(&b'.') {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(bytes.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == bytes.len()
}

/// `/^[A-Z_][\w.]*$/i` with ASCII `\w`.
pub fn is_valid_unquoted_key(key: &str) -> bool {
    let bytes = key.as_bytes();
    match bytes.split_first() {
        Some((first, rest)) => {
            (first.is_ascii_alphabetic() || *first == b'_')
                && rest.iter().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.'))
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(s: &str, delimiter: Delimiter) -> String {
        let mut out = String::new();
        push_string(&mut out, s, delimiter);
        out
    }

    #[test]
    fn quotes_exactly_what_the_reference_quotes() {
        let cases: &[(&str, Delimiter, &str)] = &[
            ("hello", Delimiter::Comma, "hello"),
            ("", Delimiter::Comma, r#""""#),
            (" a", Delimiter::Comma, r#"" a""#),
            ("a\t", Delimiter::Pipe, r#""a\t""#),
            ("true", Delimiter::Comma, r#""true""#),
            ("null", Delimiter::Comma, r#""null""#),
            ("True", Delimiter::Comma, "True"),
            ("05", Delimiter::Comma, r#""05""#),
            ("+1.5E-3", Delimiter::Comma, r#""+1.5E-3""#),
            ("1.", Delimiter::Comma, "1."),
            (".5", Delimiter::Comma, ".5"),
            ("1e", Delimiter::Comma, "1e"),
            ("NaN", Delimiter::Comma, "NaN"),
            ("a,b", Delimiter::Comma, r#""a,b""#),
            ("a,b", Delimiter::Pipe, "a,b"),
            ("a|b", Delimiter::Pipe, r#""a|b""#),
            ("a:b", Delimiter::Comma, r#""a:b""#),
            ("-x", Delimiter::Comma, r#""-x""#),
            ("#x", Delimiter::Comma, r##""#x""##),
            ("x-#", Delimiter::Comma, "x-#"),
            ("[x]", Delimiter::Comma, r#""[x]""#),
            ("a\u{1}b", Delimiter::Comma, r#""a\u0001b""#),
            ("a\u{7f}b", Delimiter::Comma, "a\u{7f}b"),
            ("q\"\\\u{8}\u{c}\r\n", Delimiter::Comma, r#""q\"\\\u0008\u000c\r\n""#),
            ("café 🚀", Delimiter::Comma, "café 🚀"),
        ];
        for &(input, delimiter, want) in cases {
            assert_eq!(value(input, delimiter), want, "{input:?} with {delimiter:?}");
        }
    }

    #[test]
    fn keys() {
        for (key, want) in [("a", "a"), ("_a.b9", "_a.b9"), ("9a", "\"9a\""), ("", "\"\""), ("a-b", "\"a-b\""), ("é", "\"é\"")] {
            let mut out = String::new();
            push_key(&mut out, key);
            assert_eq!(out, want);
        }
    }
}
