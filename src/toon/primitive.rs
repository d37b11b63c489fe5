//! How one scalar or key is written: bare when a decoder cannot mistake it for anything else,
//! else double-quoted with TOON's escapes. The rules are the reference encoder's
//! (`isSafeUnquoted`, `isValidUnquotedKey`, `escapeString`), byte for byte.

use super::node::Node;
use super::Delimiter;
use crate::json::number::push_js_number;
use crate::json::string::push_escaped;

/// Appends a primitive value; containers are never passed here (they write nothing).
/// Numbers print as `String(x)`; the JS side has already turned -0 into 0 and non-finite
/// numbers into null, and JSON text cannot hold them.
pub fn push_primitive(out: &mut String, value: &Node<'_>, delimiter: Delimiter) {
    match value {
        Node::Null => out.push_str("null"),
        Node::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Node::Number(x) if x.is_finite() => push_number(out, *x),
        Node::Number(_) => out.push_str("null"),
        Node::NumberText(token) => out.push_str(token),
        Node::String(s) => push_string(out, s, delimiter),
        Node::Array(_) | Node::Object(_) => {}
    }
}

/// Largest magnitude below which every integral double prints as its exact integer digits.
const EXACT_INTEGER_LIMIT: f64 = 9_007_199_254_740_992.0; // 2^53

/// `String(x)` for a finite `x`. Integers below 2^53 — most numbers in tool data — print their
/// exact digits, which is what the shortest round-trip form of such an integer is, without the
/// general float formatter.
fn push_number(out: &mut String, x: f64) {
    if x.fract() != 0.0 || x.abs() >= EXACT_INTEGER_LIMIT || x == 0.0 {
        push_js_number(out, x);
        return;
    }
    let mut n = x.abs() as u64;
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    while n > 0 {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
    }
    if x < 0.0 {
        out.push('-');
    }
    // Only ASCII digits were written.
    out.push_str(std::str::from_utf8(&digits[at..]).unwrap_or("0"));
}

/// Bytes that force quotes anywhere in a string under a delimiter: C0 controls,
/// `: " \ [ ] { }` and the delimiter itself. One table per delimiter, so the scan is one
/// lookup per byte.
const fn needs_quotes(delimiter: u8) -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = true;
        b += 1;
    }
    let specials = *b":\"\\[]{}";
    let mut i = 0;
    while i < specials.len() {
        table[specials[i] as usize] = true;
        i += 1;
    }
    table[delimiter as usize] = true;
    table
}

static NEEDS_QUOTES_COMMA: [bool; 256] = needs_quotes(b',');
static NEEDS_QUOTES_TAB: [bool; 256] = needs_quotes(b'\t');
static NEEDS_QUOTES_PIPE: [bool; 256] = needs_quotes(b'|');

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
    push_escaped(out, s, |b| match b {
        b'\\' => Some("\\\\"),
        b'"' => Some("\\\""),
        b'\n' => Some("\\n"),
        b'\r' => Some("\\r"),
        b'\t' => Some("\\t"),
        _ => None,
    });
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
    // A leading '-' was handled above, so only a digit or '+' can start a number look-alike.
    let maybe_numeric = first.is_ascii_digit() || first == b'+';
    let maybe_keyword = matches!(first, b't' | b'f' | b'n') && matches!(s, "true" | "false" | "null");
    if maybe_keyword || (maybe_numeric && is_numeric_like(bytes)) {
        return false;
    }
    let table = match delimiter {
        Delimiter::Comma => &NEEDS_QUOTES_COMMA,
        Delimiter::Tab => &NEEDS_QUOTES_TAB,
        Delimiter::Pipe => &NEEDS_QUOTES_PIPE,
    };
    !bytes.iter().any(|&b| table[usize::from(b)])
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
    fn numbers_print_like_string_of_x() {
        let cases: &[(f64, &str)] = &[
            (0.0, "0"),
            (-0.0, "0"),
            (7.0, "7"),
            (-42.0, "-42"),
            (9_007_199_254_740_991.0, "9007199254740991"),
            (-9_007_199_254_740_991.0, "-9007199254740991"),
            (9_007_199_254_740_992.0, "9007199254740992"),
            (123_456_789_012_345_680_000.0, "123456789012345680000"),
            (1e21, "1e+21"),
            (0.5, "0.5"),
            (1e-7, "1e-7"),
            (f64::NAN, "null"),
        ];
        for &(x, want) in cases {
            let mut out = String::new();
            push_primitive(&mut out, &Node::Number(x), Delimiter::Comma);
            assert_eq!(out, want, "{x:?}");
        }
    }

    #[test]
    fn keys() {
        for (key, want) in
            [("a", "a"), ("_a.b9", "_a.b9"), ("9a", "\"9a\""), ("", "\"\""), ("a-b", "\"a-b\""), ("é", "\"é\"")]
        {
            let mut out = String::new();
            push_key(&mut out, key);
            assert_eq!(out, want);
        }
    }
}
