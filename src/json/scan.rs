//! A streaming scanner over JSON text that finds number tokens and copies everything else
//! byte for byte.
//!
//! It is built for the text `JSON.stringify` produces (no whitespace, shortest number forms),
//! but never panics on other input: strings are skipped escape-aware, an unterminated string
//! is copied through, and every slice boundary sits on an ASCII byte, so on a character boundary.

use super::number::push_json_number;
use crate::round::{precision_digits, round_to_precision};

/// Copies `json` into a new string, passing each number token through `map` (which appends its
/// replacement). Nothing inside string literals is ever treated as a number.
pub fn rewrite_numbers(json: &str, mut map: impl FnMut(&str, &mut String)) -> String {
    let bytes = json.as_bytes();
    let mut out = String::with_capacity(json.len());
    let mut copied_up_to = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => i = skip_string(bytes, i),
            b'-' | b'0'..=b'9' => {
                let end = number_end(bytes, i);
                out.push_str(&json[copied_up_to..i]);
                map(&json[i..end], &mut out);
                copied_up_to = end;
                i = end;
            }
            _ => i += 1,
        }
    }
    out.push_str(&json[copied_up_to..]);
    out
}

/// Index just past the string literal that opens at `start` (or the end of input).
fn skip_string(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => return i + 1,
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    bytes.len()
}

fn number_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < bytes.len() && matches!(bytes[i], b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-') {
        i += 1;
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
    rewrite_numbers(json, |token, out| {
        if token_survives_rounding(token, p) {
            out.push_str(token);
            return;
        }
        match token.parse::<f64>() {
            Ok(x) if x.is_finite() && x != 0.0 => push_json_number(out, round_to_precision(x, p)),
            _ => out.push_str(token),
        }
    })
}

fn token_survives_rounding(token: &str, p: usize) -> bool {
    let unsigned = token.strip_prefix('-').unwrap_or(token);
    let mantissa = unsigned.split(['e', 'E']).next().unwrap_or("");
    let is_integer = mantissa.len() == unsigned.len() && !mantissa.contains('.');
    if is_integer && mantissa.len() <= 15 {
        return true;
    }
    if p > 15 {
        return false;
    }
    let digits = mantissa.trim_start_matches(['0', '.']).trim_end_matches(['0', '.']);
    let significant = digits.bytes().filter(u8::is_ascii_digit).count();
    significant <= p
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
    fn precision_outside_range_is_identity() {
        let json = "[1.23456789012345]";
        assert_eq!(round_json_numbers(json, 0.0), json);
        assert_eq!(round_json_numbers(json, 17.0), json);
    }

    #[test]
    fn never_panics_on_broken_text() {
        for text in ["\"unterminated", "-", "--1e", "[1.2.3]", "\"\\", "é1.23456789012é"] {
            let _ = round_json_numbers(text, 3.0);
        }
        assert_eq!(round_json_numbers("é1.23456789012é", 3.0), "é1.23é");
    }
}
