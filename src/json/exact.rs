//! Number tokens that `JSON.parse` would change: the text of a number JavaScript cannot hold as
//! it is written (`123456789012345678901234567890`, `1e-400`, `1e400`, `1.50`, `-0`), kept by
//! rewriting each into a string that carries the token, so a JavaScript reader parses the text
//! with every such number as a marked string and prints it back as the same token.
//!
//! A token is exact when printing the double it reads as (`String(Number(token))`, which is
//! also what `JSON.stringify` writes for a finite number) gives the token back; every other
//! token is rewritten. Both sides read a token to the nearest double, so they agree on which.

use super::number::js_number_string;
use super::rewrite::rewrite_numbers_into;

/// Whether `JSON.stringify(JSON.parse(token))` is `token`: the double it reads as prints as it.
pub fn is_js_exact(token: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(token) else { return false };
    match text.parse::<f64>() {
        Ok(x) if x.is_finite() => js_number_string(x) == text,
        _ => false,
    }
}

/// Whether `token` is a number as JSON writes one: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
pub fn is_json_number(token: &[u8]) -> bool {
    let digits = |at: usize| token.get(at..).map_or(0, |rest| rest.iter().take_while(|b| b.is_ascii_digit()).count());
    let mut i = usize::from(token.first() == Some(&b'-'));
    match token.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => i += digits(i),
        _ => return false,
    }
    if token.get(i) == Some(&b'.') {
        let n = digits(i + 1);
        if n == 0 {
            return false;
        }
        i += 1 + n;
    }
    if matches!(token.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(token.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let n = digits(i);
        if n == 0 {
            return false;
        }
        i += n;
    }
    i == token.len()
}

/// Copies `json` into `out` with every number token that is valid JSON and not [`is_js_exact`]
/// written as the JSON string `"<prefix><token>"` (the token's bytes need no escape). True when
/// some token was rewritten; false when none was (`out` then holds nothing the caller needs).
/// `prefix` must need no escape either. Strings are skipped escape-aware; the text need not be
/// valid JSON, and a token that is not a JSON number (`00`, `1.`, `-`) is left as it is, so a
/// text that is not JSON stays one.
pub fn hold_inexact_numbers_into(json: &[u8], prefix: &[u8], out: &mut Vec<u8>) -> bool {
    rewrite_numbers_into(
        json,
        out,
        |token| (is_json_number(token) && !is_js_exact(token)).then_some(()),
        |(), token, out| {
            out.push(b'"');
            out.extend_from_slice(prefix);
            out.extend_from_slice(token);
            out.push(b'"');
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn held(json: &str) -> Option<String> {
        let mut out = Vec::new();
        hold_inexact_numbers_into(json.as_bytes(), b"P:", &mut out).then(|| String::from_utf8(out).unwrap())
    }

    #[test]
    fn json_numbers_are_told_from_other_number_like_tokens() {
        for token in ["0", "-0", "1", "10", "1.5", "0.25", "1e5", "1E+5", "1e-5", "-12.5e10"] {
            assert!(is_json_number(token.as_bytes()), "{token}");
        }
        for token in ["", "-", "00", "01", "1.", ".5", "1e", "1e+", "+1", "1.5.5", "1e5e5", "--1", "0x1"] {
            assert!(!is_json_number(token.as_bytes()), "{token}");
        }
    }

    #[test]
    fn tokens_v8_prints_as_written_are_exact() {
        for token in [
            "0",
            "1",
            "-1",
            "1.5",
            "0.1",
            "1e+21",
            "1e-7",
            "123456789012345",
            "9007199254740991",
            "0.30000000000000004",
        ] {
            assert!(is_js_exact(token.as_bytes()), "{token}");
        }
    }

    #[test]
    fn tokens_a_double_cannot_hold_or_v8_prints_otherwise_are_not() {
        for token in [
            "123456789012345678901234567890",
            "1e-400",
            "1e400",
            "-1e400",
            "1.50",
            "-0",
            "1E5",
            "1e21",
            "0.0000001",
            "1.0",
            "9007199254740993",
            "1e+5x",
        ] {
            assert!(!is_js_exact(token.as_bytes()), "{token}");
        }
    }

    #[test]
    fn rewrites_only_the_inexact_tokens_and_never_inside_strings() {
        assert_eq!(
            held(r#"{"big":123456789012345678901234567890,"tiny":1e-400,"huge":1e400,"ok":1.5,"s":"1e400"}"#)
                .as_deref(),
            Some(
                r#"{"big":"P:123456789012345678901234567890","tiny":"P:1e-400","huge":"P:1e400","ok":1.5,"s":"1e400"}"#
            )
        );
        assert_eq!(held(r#"[1, 2.5, "x\"1e400"]"#), None);
        for not_json in ["00", "0e", "-", "1.", ".5", "01", "1e+", "--1", "1.5.5"] {
            assert_eq!(held(not_json), None, "{not_json}");
        }
        assert_eq!(
            held("[ -0 ,\n 1.50 ]").as_deref(),
            Some(
                r#"[ "P:-0" ,
 "P:1.50" ]"#
            )
        );
    }
}
