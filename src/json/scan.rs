//! A streaming scanner over JSON text that finds number tokens and copies everything else
//! byte for byte.
//!
//! It is built for the text `JSON.stringify` produces (no whitespace, shortest number forms),
//! but never panics on other input: strings are skipped escape-aware, an unterminated string
//! is copied through, and every slice boundary sits on an ASCII byte, so on a character boundary.

use super::number::push_json_number;
use crate::round::{precision_digits, round_shortest, round_to_precision, Decimal, FAST_PATH_MAX_PRECISION};

/// Copies `json` into a new string, passing each number token through `map`, which either
/// appends a replacement and returns true, or returns false to keep the token as it is.
/// Kept tokens do not interrupt the copied run, so a payload whose numbers mostly survive is
/// copied in a few large pieces. Nothing inside string literals is ever treated as a number.
pub fn rewrite_numbers(json: &str, mut map: impl FnMut(&str, &mut String) -> bool) -> String {
    let bytes = json.as_bytes();
    let mut out = String::with_capacity(json.len());
    let mut replacement = String::new();
    let mut copied_up_to = 0;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'"' {
            i = skip_string(bytes, i);
        } else if b == b'-' || b.is_ascii_digit() {
            let end = number_end(bytes, i);
            replacement.clear();
            if map(&json[i..end], &mut replacement) {
                out.push_str(&json[copied_up_to..i]);
                out.push_str(&replacement);
                copied_up_to = end;
            }
            i = end;
        } else {
            i += 1;
        }
    }
    out.push_str(&json[copied_up_to..]);
    out
}

/// Index just past the string literal that opens at `start` (or the end of input).
fn skip_string(bytes: &[u8], start: usize) -> usize {
    // Most strings in a payload are short keys and names: a plain loop beats a search call's
    // set-up there, and only long strings are handed to memchr.
    const SHORT: usize = 24;
    let mut i = start + 1;
    let short_end = bytes.len().min(i + SHORT);
    while i < short_end {
        match bytes[i] {
            b'"' => return i + 1,
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    while let Some(offset) = bytes.get(i..).and_then(|rest| memchr::memchr2(b'"', b'\\', rest)) {
        let at = i + offset;
        if bytes[at] == b'"' {
            return at + 1;
        }
        i = at + 2;
    }
    bytes.len()
}

fn number_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while let Some(&b) = bytes.get(i) {
        // Digits, '.', 'e', 'E', '+', '-': everything else ends the token.
        if b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-') {
            i += 1;
        } else {
            break;
        }
    }
    i
}

/// Rounds every number in `json` to `sig` significant digits, with the result
/// `JSON.stringify(roundFloats(value, sig))` would give for the value `json` came from.
///
/// A token whose shortest form already has at most `sig` significant digits (and every integer
/// below 1e15) is copied without parsing: for `sig <= 15` rounding provably returns the same
/// double, and this is what keeps the rewrite faster than V8 re-stringifying a rounded copy.
pub fn round_json_numbers(json: &str, sig: f64) -> String {
    let Some(p) = precision_digits(sig) else {
        return json.to_owned();
    };
    rewrite_numbers(json, |token, out| round_token(token, p, out))
}

/// Appends the rounded form of `token` and returns true, or returns false when rounding
/// leaves it unchanged.
fn round_token(token: &str, p: usize, out: &mut String) -> bool {
    let (negative, unsigned) = match token.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, token),
    };
    if unsigned.len() <= 15 && unsigned.bytes().all(|b| b.is_ascii_digit()) {
        // |x| < 1e15 integers pass through roundSig untouched.
        return false;
    }
    if p <= FAST_PATH_MAX_PRECISION {
        // The token is V8's shortest round-trip form, so its digits are the ones the fast
        // path rounds; no float formatting is needed to read them.
        if let Some(decimal) = Decimal::parse(unsigned) {
            if decimal.significant_digits() <= p {
                return false;
            }
            if let Some(rounded) = round_shortest(&decimal, p) {
                if rounded.may_overflow() && !rounded.to_f64().is_finite() {
                    // 1.7976931348623157e308 rounded up is Infinity, which JSON writes as null.
                    out.push_str("null");
                } else {
                    rounded.push_js(out, negative);
                }
                return true;
            }
        }
    }
    match token.parse::<f64>() {
        Ok(x) if x.is_finite() && x != 0.0 => {
            push_json_number(out, round_to_precision(x, p));
            true
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewrites_numbers_but_not_strings() {
        let json = r#"{"a":1.23456789012,"b":"1.23456789012","c\"1.5":[-0.000123456789012,2e-7],"d":1e+21}"#;
        let got = round_json_numbers(json, 9.0);
        assert_eq!(
            got,
            r#"{"a":1.23456789,"b":"1.23456789012","c\"1.5":[-0.000123456789,2e-7],"d":1e+21}"#
        );
    }

    #[test]
    fn big_integers_are_rounded_small_ones_kept() {
        assert_eq!(round_json_numbers("[123456789012345,1234567890123456789]", 9.0), "[123456789012345,1234567890000000000]");
    }

    #[test]
    fn rounding_past_the_largest_double_writes_null_like_json_stringify_of_infinity() {
        assert_eq!(round_json_numbers("[1.7976931348623157e+308,-1.5e+308]", 1.0), "[null,null]");
        assert_eq!(round_json_numbers("[1.7976931348623157e+308]", 3.0), "[null]");
        assert_eq!(round_json_numbers("[1.2345e+308]", 3.0), "[1.23e+308]");
    }

    #[test]
    fn precision_outside_range_is_identity() {
        let json = "[1.23456789012345]";
        assert_eq!(round_json_numbers(json, 0.0), json);
        assert_eq!(round_json_numbers(json, 17.0), json);
    }

    #[test]
    fn kept_tokens_cost_nothing_extra() {
        // Regression: keeping a token once re-copied the whole pending run (quadratic; this
        // input then took minutes). bench/encode.mjs times the linear case.
        let json = format!("[{}]", vec!["1"; 200_000].join(","));
        assert_eq!(rewrite_numbers(&json, |_, _| false), json);
    }

    #[test]
    fn never_panics_on_broken_text() {
        for text in ["\"unterminated", "-", "--1e", "[1.2.3]", "\"\\", "é1.23456789012é"] {
            let _ = round_json_numbers(text, 3.0);
        }
        assert_eq!(round_json_numbers("é1.23456789012é", 3.0), "é1.23é");
    }
}
