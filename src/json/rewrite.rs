//! The number rewriter: a streaming pass over JSON text that finds number tokens (to round or
//! reprint them) with the lexer ([`super::lex`]) and copies everything else byte for byte.
//!
//! It is built for the text `JSON.stringify` produces (no whitespace, shortest number forms),
//! but never panics on other input: strings are skipped escape-aware, an unterminated string
//! is copied through, and every slice boundary sits on an ASCII byte, so on a character boundary.

use super::lex::{number_end, skip_string};
use super::number::push_json_number;
use crate::round::{precision_digits, round_shortest, round_to_precision, Decimal, FAST_PATH_MAX_PRECISION};

/// Copies `json` into `out`, rewriting the number tokens that `plan` returns a plan for:
/// `write(plan, token, out)` appends the replacement. Returns true when some token was
/// rewritten (`out` then holds the whole new text); false when none was, and `out` holds
/// nothing the caller needs: the text is unchanged, so a caller keeps its own copy instead of
/// reading one back. Nothing inside string literals is ever treated as a number.
///
/// Works on bytes, so the text may be UTF-8 or Latin-1: every byte the scanner acts on (quotes,
/// backslashes, number characters) is ASCII, and neither encoding uses those values inside a
/// multi-byte or non-ASCII character. Kept tokens do not interrupt the copied run, so a payload
/// whose numbers mostly survive is copied in a few large pieces; deciding before writing means
/// a replacement is written once, in place.
pub fn rewrite_numbers_into<P>(
    json: &[u8],
    out: &mut Vec<u8>,
    mut plan: impl FnMut(&[u8]) -> Option<P>,
    mut write: impl FnMut(P, &[u8], &mut Vec<u8>),
) -> bool {
    out.clear();
    let mut copied_up_to = 0;
    let mut changed = false;
    let mut i = 0;
    while let Some(&b) = json.get(i) {
        if b == b'"' {
            i = skip_string(json, i);
        } else if b == b'-' || b.is_ascii_digit() {
            let end = number_end(json, i);
            let token = &json[i..end];
            if let Some(p) = plan(token) {
                if !changed {
                    changed = true;
                    out.reserve_exact(json.len());
                }
                out.extend_from_slice(&json[copied_up_to..i]);
                write(p, token, out);
                copied_up_to = end;
            }
            i = end;
        } else {
            i += 1;
        }
    }
    if changed {
        out.extend_from_slice(&json[copied_up_to..]);
    }
    changed
}

/// Rounds every number in `json` to `sig` significant digits, with the result
/// `JSON.stringify(roundFloats(value, sig))` would give for the value `json` came from.
///
/// A token whose shortest form already has at most `sig` significant digits (and every integer
/// below 1e15) is copied without parsing: for `sig <= 15` rounding provably returns the same
/// double, and this is what keeps the rewrite faster than V8 re-stringifying a rounded copy.
pub fn round_json_numbers(json: &str, sig: f64) -> String {
    let mut out = Vec::new();
    if !round_json_numbers_into(json.as_bytes(), sig, &mut out) {
        return json.to_owned();
    }
    // Every slice boundary is an ASCII byte and every replacement is ASCII, so this holds.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// [`round_json_numbers`] on UTF-8 or Latin-1 bytes into `out`; false (and `out` unused) when
/// no number changes.
pub fn round_json_numbers_into(json: &[u8], sig: f64, out: &mut Vec<u8>) -> bool {
    let Some(p) = precision_digits(sig) else {
        out.clear();
        return false;
    };
    rewrite_numbers_into(json, out, |token| plan_token(token, p), write_token)
}

/// How one token is rewritten.
enum Rewrite {
    /// From its own digits (see [`write_fixed`]).
    Digits { cut: usize, up: bool, point_kept: bool },
    /// Computed text, for the rare tokens the digit rewrite does not cover.
    Text(String),
}

/// The rewrite rounding needs for `token`, or `None` when rounding leaves it unchanged.
fn plan_token(token: &[u8], p: usize) -> Option<Rewrite> {
    let sign = usize::from(token.first() == Some(&b'-'));
    let unsigned = &token[sign..];
    if unsigned.len() <= 15 && unsigned.iter().all(u8::is_ascii_digit) {
        // |x| < 1e15 integers pass through roundSig untouched.
        return None;
    }
    if p > FAST_PATH_MAX_PRECISION {
        return round_parsed(token, p).map(Rewrite::Text);
    }
    // The token is V8's shortest round-trip form, so its digits are the ones the fast path
    // rounds: most tokens are rewritten from their own digits, without any arithmetic.
    match plan_fixed(unsigned, p) {
        FixedPlan::Keep => None,
        FixedPlan::Cut { cut, up, point_kept } if !(up && all_nines(&unsigned[..cut])) => {
            Some(Rewrite::Digits { cut: sign + cut, up, point_kept })
        }
        _ => round_decimal(unsigned, sign == 1, p).map(Rewrite::Text),
    }
}

fn write_token(rewrite: Rewrite, token: &[u8], out: &mut Vec<u8>) {
    match rewrite {
        Rewrite::Digits { cut, up, point_kept } => write_fixed(token, cut, up, point_kept, out),
        Rewrite::Text(text) => out.extend_from_slice(text.as_bytes()),
    }
}

/// True when rounding `digits` up would carry past the first digit (99.99 → 100 needs one
/// more digit, which the [`Decimal`] path lays out).
fn all_nines(digits: &[u8]) -> bool {
    digits.iter().all(|&b| b == b'9' || b == b'.')
}

/// The shortest-digits path for any layout (exponents included): parse the digits, round them.
fn round_decimal(unsigned: &[u8], negative: bool, p: usize) -> Option<String> {
    let token = || unsigned_with_sign(unsigned, negative);
    let Some(decimal) = std::str::from_utf8(unsigned).ok().and_then(Decimal::parse) else {
        return round_parsed(token().as_bytes(), p);
    };
    if decimal.significant_digits() <= p {
        return None;
    }
    let Some(rounded) = round_shortest(&decimal, p) else {
        return round_parsed(token().as_bytes(), p);
    };
    let mut text = String::with_capacity(32);
    if rounded.may_overflow() && !rounded.to_f64().is_finite() {
        // 1.7976931348623157e308 rounded up is Infinity, which JSON writes as null.
        text.push_str("null");
    } else {
        rounded.push_js(&mut text, negative);
    }
    Some(text)
}

fn unsigned_with_sign(unsigned: &[u8], negative: bool) -> String {
    let body = String::from_utf8_lossy(unsigned);
    if negative {
        format!("-{body}")
    } else {
        body.into_owned()
    }
}

/// The exact path: parse the double and round its exact binary value.
fn round_parsed(token: &[u8], p: usize) -> Option<String> {
    match std::str::from_utf8(token).ok().and_then(|t| t.parse::<f64>().ok()) {
        Some(x) if x.is_finite() && x != 0.0 => {
            let mut text = String::with_capacity(32);
            push_json_number(&mut text, round_to_precision(x, p));
            Some(text)
        }
        _ => None,
    }
}

/// How a fixed-notation token (`digits[.digits]`, as V8 writes numbers from 1e-6 to 1e21)
/// rounds to `p` significant digits, decided from its digits alone.
#[derive(Debug, PartialEq, Eq)]
enum FixedPlan {
    /// At most `p` significant digits: the token stays as it is.
    Keep,
    /// Keep the bytes before `cut` (the `p`-th significant digit is the last), rounding the last
    /// kept digit up when `up`; `point_kept` when the point is among them.
    Cut { cut: usize, up: bool, point_kept: bool },
    /// Not V8's fixed layout, an exact tie, or beyond 19 significant digits: the [`Decimal`]
    /// path decides.
    Other,
}

fn plan_fixed(unsigned: &[u8], p: usize) -> FixedPlan {
    // A number token holds only [0-9.eE+-]; fixed notation is digits and at most one point.
    // Counted without branches: this runs on every float of a payload.
    let (mut points, mut others) = (0u32, 0u32);
    for &b in unsigned {
        points += u32::from(b == b'.');
        others += u32::from(!(b'.'..=b'9').contains(&b) || b == b'/');
    }
    if others != 0 || points > 1 {
        return FixedPlan::Other;
    }
    let point = if points == 1 { unsigned.iter().position(|&b| b == b'.') } else { None };
    let integer_digits = point.unwrap_or(unsigned.len());
    // V8's layout: at most 21 integer digits, no leading zero except the one before the point,
    // at most 5 zeros after "0." (smaller numbers are written with an exponent).
    let first = match unsigned {
        [b'1'..=b'9', ..] => 0,
        [b'0', b'.', rest @ ..] => 2 + rest.iter().take_while(|&&b| b == b'0').count(),
        _ => return FixedPlan::Other,
    };
    if integer_digits > 21 || first > 7 || first >= unsigned.len() {
        return FixedPlan::Other;
    }
    // The p-th significant digit ends at `cut`; the point sits between digits only when the
    // number is at least 1 (first == 0).
    let mut cut = first + p;
    let point_inside = matches!(point, Some(at) if first == 0 && at < cut);
    if point_inside {
        cut += 1;
    }
    let point_kept = first > 0 || point_inside;
    if cut >= unsigned.len() {
        return FixedPlan::Keep;
    }
    let dropped = &unsigned[cut..];
    let dropped = if dropped[0] == b'.' { &dropped[1..] } else { dropped };
    let Some((&first_dropped, rest)) = dropped.split_first() else {
        return FixedPlan::Keep;
    };
    let rest_non_zero = rest.iter().any(|&b| b != b'0' && b != b'.');
    if first_dropped == b'0' && !rest_non_zero {
        return FixedPlan::Keep;
    }
    if first_dropped == b'5' && !rest_non_zero {
        return FixedPlan::Other;
    }
    // Decimal reads at most 19 significant digits (what it counts ends at the last non-zero).
    if unsigned.len() > 20 && significant_length(&unsigned[first..]) > 19 {
        return FixedPlan::Other;
    }
    FixedPlan::Cut { cut, up: first_dropped >= b'5', point_kept }
}

/// Significant digits up to and including the last non-zero one.
fn significant_length(digits: &[u8]) -> usize {
    let digits = digits.iter().filter(|b| b.is_ascii_digit());
    digits.enumerate().filter(|(_, &b)| b != b'0').map(|(i, _)| i + 1).last().unwrap_or(0)
}

/// Writes `token[..cut]` rounded (up when `up`), with the dropped integer digits as zeros and
/// no trailing fraction zeros, exactly as V8 prints the rounded number. The caller has ruled
/// out a carry past the first digit.
fn write_fixed(token: &[u8], cut: usize, up: bool, point_kept: bool, out: &mut Vec<u8>) {
    let start = out.len();
    out.extend_from_slice(&token[..cut]);
    if up {
        for d in out[start..].iter_mut().rev() {
            match *d {
                b'.' => continue,
                b'9' => *d = b'0',
                _ => {
                    *d += 1;
                    break;
                }
            }
        }
    }
    if point_kept {
        while out.last() == Some(&b'0') {
            out.pop();
        }
        if out.last() == Some(&b'.') {
            out.pop();
        }
    } else {
        let dropped_integer_digits = token[cut..].iter().take_while(|b| b.is_ascii_digit()).count();
        out.extend(std::iter::repeat(b'0').take(dropped_integer_digits));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewrites_numbers_but_not_strings() {
        let json = r#"{"a":1.23456789012,"b":"1.23456789012","c\"1.5":[-0.000123456789012,2e-7],"d":1e+21}"#;
        let got = round_json_numbers(json, 9.0);
        assert_eq!(got, r#"{"a":1.23456789,"b":"1.23456789012","c\"1.5":[-0.000123456789,2e-7],"d":1e+21}"#);
    }

    #[test]
    fn big_integers_are_rounded_small_ones_kept() {
        assert_eq!(
            round_json_numbers("[123456789012345,1234567890123456789]", 9.0),
            "[123456789012345,1234567890000000000]"
        );
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
        let mut out = Vec::new();
        assert!(!rewrite_numbers_into(json.as_bytes(), &mut out, |_| None::<()>, |_, _, _| ()));
        assert!(out.is_empty());
    }

    fn rewritten(token: &str, p: usize) -> String {
        match plan_token(token.as_bytes(), p) {
            Some(rewrite) => {
                let mut out = Vec::new();
                write_token(rewrite, token.as_bytes(), &mut out);
                String::from_utf8(out).expect("ascii")
            }
            None => token.to_owned(),
        }
    }

    /// Every token rewritten from its own digits must be the JS text of `roundSig(x, p)`.
    #[test]
    fn digit_rewrite_matches_round_sig_on_v8_tokens() {
        let mut rng = crate::testing::Rng(0x2545_f491_4f6c_dd1d);
        for _ in 0..40_000 {
            let bits = rng.next();
            // Mostly ordinary magnitudes (where the digit rewrite applies), some of any exponent.
            let x = if bits % 4 == 0 {
                f64::from_bits(bits >> 1)
            } else {
                let scale = 10f64.powi((bits % 29) as i32 - 8);
                (f64::from_bits(0x3ff0_0000_0000_0000 | (rng.next() >> 12)) - 1.5) * scale
            };
            if !x.is_finite() {
                continue;
            }
            let token = crate::json::number::js_number_string(x);
            for p in 1..=16 {
                let mut want = String::new();
                push_json_number(&mut want, crate::round::round_sig(x, p as f64));
                let got = rewritten(&token, p);
                assert_eq!(got, want, "token {token} at {p} digits");
            }
        }
    }

    #[test]
    fn digit_rewrite_edges() {
        let cases: &[(&str, usize, &str)] = &[
            ("0.999999999999", 9, "1"),
            ("-0.0999999999999", 9, "-0.1"),
            ("99.9999999999", 9, "100"),
            ("123456789.6", 9, "123456790"),
            ("1234567890123456.7", 9, "1234567890000000"),
            ("0.000123456789012", 9, "0.000123456789"),
            ("679.0625", 6, "679.063"),
            ("-0.5", 1, "-0.5"),
            ("0.25", 1, "0.3"),
            ("0.35", 1, "0.3"),
            ("100000000000000000000", 3, "100000000000000000000"),
            ("999999999999999900000", 3, "1e+21"),
        ];
        for &(token, p, want) in cases {
            let got = rewritten(token, p);
            assert_eq!(got, want, "{token} at {p} digits");
        }
    }

    #[test]
    fn unchanged_text_is_reported_not_copied() {
        let mut out = vec![b'x'; 4];
        assert!(!round_json_numbers_into(br#"{"a":1.5,"b":"1.23456789012","c":[1,2,3]}"#, 9.0, &mut out));
        assert!(round_json_numbers_into(br#"{"a":1.23456789012}"#, 9.0, &mut out));
        assert_eq!(out, br#"{"a":1.23456789}"#);
        // Latin-1 bytes inside strings pass through untouched.
        assert!(round_json_numbers_into(b"[\"\xe9\",0.123456789012]", 9.0, &mut out));
        assert_eq!(out, b"[\"\xe9\",0.123456789]");
    }

    #[test]
    fn never_panics_on_broken_text() {
        for text in ["\"unterminated", "-", "--1e", "[1.2.3]", "\"\\", "é1.23456789012é"] {
            let _ = round_json_numbers(text, 3.0);
        }
        assert_eq!(round_json_numbers("é1.23456789012é", 3.0), "é1.23é");
    }
}
