//! Float rounding to significant digits with JavaScript's exact semantics:
//! `roundSig(x, sig)` is `Number(x.toPrecision(sig))`.
//!
//! `toPrecision` rounds the exact binary value of `x` and breaks exact ties away from zero
//! (ECMA-262 picks "the larger n"); Rust's `{:.N}` formatting breaks them to even
//! (`679.0625` → `679.062` instead of `679.063`). Ties are only possible when the exact value of
//! `x` is a short decimal, so the fast path formats once and only those rare candidates pay for
//! an exact expansion.

use std::fmt::Write as _;

/// Digits the agent boundary keeps by default: 9 significant digits shortens a float-heavy
/// payload with an error below what a renderer shows, while 6 would cost far more error and
/// mangle authored values such as `679.0625` (the figures: docs/result.md, "Rounding").
pub const DEFAULT_FLOAT_PRECISION: u32 = 9;

/// The significant-digit count from which rounding changes nothing: at 17 digits every double
/// round-trips, so `sig >= 17` returns `x` unchanged (as the reference does).
pub const MAX_EFFECTIVE_PRECISION: f64 = 17.0;

/// Integers below this magnitude pass through rounding unchanged, as the reference passes them:
/// rounding is for measured values, and an integer this small is an id, a count or an index.
pub const EXACT_INTEGER_LIMIT: f64 = 1e15;

/// Rounds `x` to `sig` significant digits exactly as `Number(x.toPrecision(sig))` does.
///
/// Passes through unchanged: NaN, ±Infinity, ±0, integers with `|x| < 1e15`, and any `sig`
/// outside `(0, 17)` (NaN included). A fractional `sig` is truncated, as `toPrecision` does;
/// a `sig` that truncates to 0 (where `toPrecision` would throw) also returns `x`.
pub fn round_sig(x: f64, sig: f64) -> f64 {
    if !x.is_finite() || x == 0.0 {
        return x;
    }
    if x.fract() == 0.0 && x.abs() < EXACT_INTEGER_LIMIT {
        return x;
    }
    match precision_digits(sig) {
        Some(p) => round_to_precision(x, p),
        None => x,
    }
}

/// The digit count `round_sig` uses for `sig`, or `None` when `sig` leaves values unchanged.
pub fn precision_digits(sig: f64) -> Option<usize> {
    if !(sig > 0.0 && sig < MAX_EFFECTIVE_PRECISION) {
        return None;
    }
    let p = sig.trunc();
    if p < 1.0 {
        return None;
    }
    Some(p as usize)
}

/// `Number(x.toPrecision(p))` for finite, non-zero `x` and `1 <= p <= 16`.
pub fn round_to_precision(x: f64, p: usize) -> f64 {
    if let Some(rounded) = round_by_exact_product(x.abs(), p) {
        return rounded.copysign(x);
    }
    if p <= FAST_PATH_MAX_PRECISION {
        let mut buffer = ryu_js::Buffer::new();
        if let Some(shortest) = Decimal::parse(buffer.format_finite(x.abs())) {
            if let Some(rounded) = round_shortest(&shortest, p) {
                return rounded.to_f64().copysign(x);
            }
        }
    }
    round_exactly(x, p)
}

/// Powers of ten that binary64 holds exactly.
const POW10_EXACT: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22,
];

/// Rounds positive `x` to `p <= 15` digits without generating any decimal digits: scale by an
/// exact power of ten, and decide the rounding of the *exact* scaled value from the rounded
/// product (or quotient) and its exact error term. `None` outside the range where the power is
/// exact and nothing overflows (|scale| > 22), which the callers handle the slow way.
///
/// Why it is exact: with N = x·10^s in [10^(p-1), 10^p) < 2^53, `prod` is N rounded and `err`
/// the exact remainder (|err| <= ulp(prod)/2). The fractional part of `prod` minus 0.5 is
/// exact and, when non-zero, at least one ulp — so its sign decides, and only an exact `.5`
/// defers to the sign of `err` (zero: a true tie, rounded away from zero as toPrecision does).
/// The result N / 10^s is one correctly rounded IEEE operation on exact operands, which is
/// exactly what `Number()` of the `toPrecision` text gives.
fn round_by_exact_product(x: f64, p: usize) -> Option<f64> {
    if p == 0 || p > 15 || !x.is_normal() {
        return None;
    }
    let p = p as i32;
    let lower = *POW10_EXACT.get(p as usize - 1)?;
    let upper = *POW10_EXACT.get(p as usize)?;
    let binary_exponent = ((x.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let mut decimal_exponent = (f64::from(binary_exponent) * std::f64::consts::LOG10_2).floor() as i32;
    for _ in 0..3 {
        let scale = p - 1 - decimal_exponent;
        let power = *POW10_EXACT.get(scale.unsigned_abs() as usize)?;
        let (scaled, err) = if scale >= 0 { two_product(x, power) } else { two_quotient(x, power) };
        if scaled >= upper {
            decimal_exponent += 1;
            continue;
        }
        if scaled < lower {
            decimal_exponent -= 1;
            continue;
        }
        let floor = scaled.floor();
        let from_half = (scaled - floor) - 0.5;
        let up = from_half > 0.0 || (from_half == 0.0 && err >= 0.0);
        let n = if up { floor + 1.0 } else { floor };
        return Some(if scale >= 0 { n / power } else { n * power });
    }
    None
}

/// Dekker's error-free product: `a * b == prod + err` exactly (no FMA in wasm32's base set).
fn two_product(a: f64, b: f64) -> (f64, f64) {
    fn split(v: f64) -> (f64, f64) {
        let c = 134_217_729.0 * v; // 2^27 + 1
        let high = c - (c - v);
        (high, v - high)
    }
    let prod = a * b;
    let (ah, al) = split(a);
    let (bh, bl) = split(b);
    let err = ((ah * bh - prod) + ah * bl + al * bh) + al * bl;
    (prod, err)
}

/// `a / b` rounded, and the sign-carrying remainder `a - q·b` (exactly representable for a
/// correctly rounded quotient), scaled so it compares like the product's error term.
fn two_quotient(a: f64, b: f64) -> (f64, f64) {
    let q = a / b;
    let (prod, err) = two_product(q, b);
    let remainder = (a - prod) - err;
    (q, remainder / b)
}

/// Above this precision two `p + 1`-digit decimals can both round-trip to one double, and the
/// shortest digits no longer decide the rounding of the exact value.
pub const FAST_PATH_MAX_PRECISION: usize = 14;

/// The significant digits and decimal exponent of a number's shortest round-trip form:
/// value = 0.d1d2…dk × 10^exponent, with the digits held as one integer (k <= 19).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decimal {
    mantissa: u64,
    len: u32,
    exponent: i32,
}

const POW10_U64: [u64; 20] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
    1_000_000_000,
    10_000_000_000,
    100_000_000_000,
    1_000_000_000_000,
    10_000_000_000_000,
    100_000_000_000_000,
    1_000_000_000_000_000,
    10_000_000_000_000_000,
    100_000_000_000_000_000,
    1_000_000_000_000_000_000,
    10_000_000_000_000_000_000,
];

impl Decimal {
    /// Reads an unsigned decimal literal (`123.45`, `1e+21`, `0.000123`, `1.5e-7`).
    /// Returns `None` for anything else, for zero, or beyond 19 significant digits.
    pub fn parse(text: &str) -> Option<Decimal> {
        let bytes = text.as_bytes();
        let mut mantissa: u64 = 0;
        let mut len: u32 = 0;
        let mut pending_zeros: u32 = 0;
        let mut int_digits: i32 = 0;
        let mut seen_point = false;
        let mut end = bytes.len();
        for (i, &b) in bytes.iter().enumerate() {
            let d = b.wrapping_sub(b'0');
            if d < 10 {
                if !seen_point {
                    int_digits += 1;
                }
                if d == 0 {
                    if len == 0 {
                        // A leading zero only moves the exponent.
                        int_digits -= 1;
                    } else {
                        // Zeros count only once a non-zero digit follows: trailing ones drop.
                        pending_zeros += 1;
                    }
                    continue;
                }
                len += pending_zeros + 1;
                if len > 19 {
                    return None;
                }
                mantissa = mantissa * POW10_U64[pending_zeros as usize + 1] + u64::from(d);
                pending_zeros = 0;
            } else if b == b'.' && !seen_point {
                seen_point = true;
            } else if b == b'e' || b == b'E' {
                end = i;
                break;
            } else {
                return None;
            }
        }
        if len == 0 {
            return None;
        }
        let exp_part = match bytes.get(end) {
            Some(_) => parse_exponent(bytes.get(end + 1..)?)?,
            None => 0,
        };
        Some(Decimal { mantissa, len, exponent: int_digits + exp_part })
    }

    /// Whether the value may be beyond the largest double (>= 1e308), where rounding up can
    /// reach Infinity.
    pub fn may_overflow(&self) -> bool {
        self.exponent > 308
    }

    /// Number of significant digits (trailing zeros excluded).
    pub fn significant_digits(&self) -> usize {
        self.len as usize
    }

    /// The double nearest to this decimal. Up to 15 digits the mantissa is exact in binary64,
    /// and for a power of ten up to 10^22 (also exact) one IEEE multiply or divide is correctly
    /// rounded (Clinger's fast path); otherwise the standard library's parser decides.
    pub fn to_f64(&self) -> f64 {
        const POW10: [f64; 23] = [
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
            1e19, 1e20, 1e21, 1e22,
        ];
        let scale = self.exponent - self.len as i32;
        if self.len <= 15 {
            if let Some(&power) = POW10.get(scale.unsigned_abs() as usize) {
                let m = self.mantissa as f64;
                return if scale >= 0 { m * power } else { m / power };
            }
        }
        format!("{}e{scale}", self.mantissa).parse().unwrap_or(f64::NAN)
    }

    /// Appends the number in ECMAScript `Number::toString` layout, given these digits are the
    /// shortest round-trip form of that number (as [`round_shortest`] guarantees).
    pub fn push_js(&self, out: &mut String, negative: bool) {
        let mut buffer = [0u8; 20];
        let k = self.len as usize;
        let mut m = self.mantissa;
        for slot in buffer[..k].iter_mut().rev() {
            *slot = b'0' + (m % 10) as u8;
            m /= 10;
        }
        let digits = std::str::from_utf8(&buffer[..k]).unwrap_or("0");
        let (k, n) = (k as i32, self.exponent);
        if negative {
            out.push('-');
        }
        if k <= n && n <= 21 {
            out.push_str(digits);
            out.extend(std::iter::repeat('0').take((n - k) as usize));
        } else if 0 < n && n <= 21 {
            let (int, frac) = digits.split_at(n as usize);
            out.push_str(int);
            out.push('.');
            out.push_str(frac);
        } else if -6 < n && n <= 0 {
            out.push_str("0.");
            out.extend(std::iter::repeat('0').take((-n) as usize));
            out.push_str(digits);
        } else {
            let (first, rest) = digits.split_at(1);
            out.push_str(first);
            if !rest.is_empty() {
                out.push('.');
                out.push_str(rest);
            }
            let _ = write!(out, "e{}{}", if n > 0 { "+" } else { "-" }, (n - 1).abs());
        }
    }
}

fn parse_exponent(bytes: &[u8]) -> Option<i32> {
    let (negative, digits) = match bytes.split_first()? {
        (b'-', rest) => (true, rest),
        (b'+', rest) => (false, rest),
        _ => (false, bytes),
    };
    if digits.is_empty() || digits.len() > 4 {
        return None;
    }
    let mut value: i32 = 0;
    for &b in digits {
        if !b.is_ascii_digit() {
            return None;
        }
        value = value * 10 + i32::from(b - b'0');
    }
    Some(if negative { -value } else { value })
}

/// Rounds the shortest digits of `|x|` to `p` digits, half away from zero. Exact for
/// `p <= 14` because no `p`-digit rounding midpoint can lie strictly between the shortest form
/// and the exact value (it would be a shorter round-trip form). `None` when the shortest form
/// *is* a midpoint, which only the exact value can decide.
///
/// The result's digits are also the shortest form of the rounded double (two decimals of at
/// most 14 digits cannot round-trip to the same double), so they can be printed as they are.
pub fn round_shortest(d: &Decimal, p: usize) -> Option<Decimal> {
    let p = p as u32;
    if d.len <= p {
        return Some(*d);
    }
    let dropped = d.len - p;
    let unit = *POW10_U64.get(dropped as usize)?;
    let half = unit / 2;
    let mut kept = d.mantissa / unit;
    let rest = d.mantissa % unit;
    if rest == half {
        return None;
    }
    let mut exponent = d.exponent;
    if rest > half {
        kept += 1;
        if kept == *POW10_U64.get(p as usize)? {
            // 99…9 rounded up: one more integer digit.
            kept /= 10;
            exponent += 1;
        }
    }
    let mut len = p;
    while len > 1 && kept % 10 == 0 {
        kept /= 10;
        len -= 1;
    }
    Some(Decimal { mantissa: kept, len, exponent })
}

/// The general path: exact formatting (ties to even) corrected for exact ties.
fn round_exactly(x: f64, p: usize) -> f64 {
    let magnitude = x.abs();
    let mut text = String::with_capacity(32);
    let _ = write!(text, "{:.*e}", p - 1, magnitude);
    if may_be_exact_tie(magnitude, p) {
        if let Some(away) = round_exact_tie_away(magnitude, p) {
            text = away;
        }
    }
    let rounded: f64 = text.parse().unwrap_or(magnitude);
    rounded.copysign(x)
}

/// Cheap necessary condition for "the exact value of `x` has exactly `p + 1` significant digits
/// and the last one is 5": for `p <= 14` the shortest round-trip form must then be that very
/// decimal; above that the argument does not hold, so the exact `p + 1`-digit form is checked.
fn may_be_exact_tie(x: f64, p: usize) -> bool {
    let mut text = String::with_capacity(32);
    if p <= 14 {
        let _ = write!(text, "{:e}", x);
        let mantissa = text.split('e').next().unwrap_or("");
        let digits = mantissa.bytes().filter(u8::is_ascii_digit).count();
        digits == p + 1 && mantissa.ends_with('5')
    } else {
        let _ = write!(text, "{:.*e}", p, x);
        text.split('e').next().is_some_and(|m| m.ends_with('5'))
    }
}

/// When the exact decimal expansion of `x` is a tie at `p` digits, the `p`-digit decimal
/// rounded away from zero (as `d.ddde±x` text); `None` when it is not an exact tie.
fn round_exact_tie_away(x: f64, p: usize) -> Option<String> {
    // 767 significant digits hold the exact expansion of any double.
    let exact = format!("{:.800e}", x);
    let (mantissa, exponent) = exact.split_once('e')?;
    let digits: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).collect();
    let (kept, rest) = digits.split_at(p.min(digits.len()));
    let (first_dropped, tail) = rest.split_first()?;
    if *first_dropped != b'5' || tail.iter().any(|&d| d != b'0') {
        return None;
    }
    let mut exponent: i32 = exponent.parse().ok()?;
    let mut rounded = kept.to_vec();
    let mut carry = true;
    for digit in rounded.iter_mut().rev() {
        if *digit == b'9' {
            *digit = b'0';
        } else {
            *digit += 1;
            carry = false;
            break;
        }
    }
    if carry {
        rounded.insert(0, b'1');
        rounded.pop();
        exponent += 1;
    }
    let mut text = String::with_capacity(p + 8);
    for (i, &d) in rounded.iter().enumerate() {
        if i == 1 {
            text.push('.');
        }
        text.push(d as char);
    }
    let _ = write!(text, "e{exponent}");
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Rng;

    #[test]
    fn matches_to_precision_including_its_tie_rule() {
        // Expected values are what V8 prints for Number(x.toPrecision(sig)).
        let cases: &[(f64, f64, f64)] = &[
            (247.13061935179246, 9.0, 247.130619),
            (679.0625, 6.0, 679.063),
            (679.0625, 9.0, 679.0625),
            (-679.0625, 6.0, -679.063),
            (0.125, 2.0, 0.13),
            (2.5, 1.0, 3.0),
            (0.15, 1.0, 0.1),
            (9.5, 1.0, 10.0),
            (99.95, 3.0, 100.0),
            (1.5e-7, 9.0, 1.5e-7),
            (0.0004321, 9.0, 0.0004321),
            (1234567890123456.7, 9.0, 1234567890000000.0),
            (1.0000000005, 10.0, 1.000000001),
            (0.30000000000000004, 9.0, 0.3),
            (123.456, 0.5, 123.456),
            (123.456, 9.9, 123.456),
            (123.456, 2.9, 120.0),
        ];
        for &(x, sig, want) in cases {
            let got = round_sig(x, sig);
            assert_eq!(got.to_bits(), want.to_bits(), "roundSig({x}, {sig}) = {got}, want {want}");
        }
    }

    #[test]
    fn passes_specials_and_small_integers_through() {
        assert!(round_sig(f64::NAN, 9.0).is_nan());
        assert_eq!(round_sig(f64::INFINITY, 9.0), f64::INFINITY);
        assert_eq!(round_sig(-0.0, 9.0).to_bits(), (-0.0f64).to_bits());
        assert_eq!(round_sig(123456789012345.0, 3.0), 123456789012345.0);
        assert_eq!(round_sig(1.23456789012, 0.0), 1.23456789012);
        assert_eq!(round_sig(1.23456789012, 17.0), 1.23456789012);
        assert_eq!(round_sig(1.23456789012, -3.0), 1.23456789012);
        assert_eq!(round_sig(1.23456789012, f64::NAN), 1.23456789012);
    }

    #[test]
    fn fast_path_agrees_with_exact_formatting() {
        // The fast path (shortest digits) and the exact path must agree on every input; sweep
        // a deterministic spread of magnitudes and precisions.
        let mut rng = Rng(0x9e3779b97f4a7c15);
        for _ in 0..50_000 {
            let x = f64::from_bits(rng.next());
            if !x.is_finite() || x == 0.0 {
                continue;
            }
            for p in [1, 3, 6, 9, 12, 14] {
                let fast = round_to_precision(x, p);
                let exact = round_exactly(x, p);
                assert_eq!(fast.to_bits(), exact.to_bits(), "x={x:e} p={p}");
            }
        }
        for k in -2000i64..2000 {
            for m in 0..12 {
                let x = k as f64 / f64::from(1u32 << m) + 0.5;
                if x == 0.0 {
                    continue;
                }
                for p in 1..=14 {
                    assert_eq!(round_to_precision(x, p).to_bits(), round_exactly(x, p).to_bits(), "x={x} p={p}");
                }
            }
        }
    }

    #[test]
    fn exact_product_path_agrees_with_exact_formatting() {
        let mut rng = Rng(0x853c49e6748fea9b);
        let mut checked = 0;
        for i in 0..200_000u32 {
            let state = rng.next();
            // Spread over magnitudes where the fast path applies, plus raw bit patterns.
            let x = if i % 2 == 0 {
                f64::from_bits(state).abs()
            } else {
                (state >> 11) as f64 / (1u64 << 53) as f64 * 10f64.powi((state % 30) as i32 - 12)
            };
            for p in [1, 2, 6, 9, 12, 15] {
                if let Some(fast) = round_by_exact_product(x, p) {
                    checked += 1;
                    assert_eq!(fast.to_bits(), round_exactly(x, p).to_bits(), "x={x:e} p={p}");
                }
            }
        }
        assert!(checked > 500_000, "fast path ran only {checked} times");
        // Exact ties (short binary fractions) must round away from zero.
        for k in 1..20_000u32 {
            let x = f64::from(k) / 64.0;
            for p in 1..=15 {
                if let Some(fast) = round_by_exact_product(x, p) {
                    assert_eq!(fast.to_bits(), round_exactly(x, p).to_bits(), "x={x} p={p}");
                }
            }
        }
    }

    #[test]
    fn rounded_digits_print_exactly_as_javascript_prints_the_double() {
        let mut rng = Rng(0x2545f4914f6cdd1d);
        for _ in 0..50_000 {
            let x = f64::from_bits(rng.next()).abs();
            if !x.is_finite() || x == 0.0 {
                continue;
            }
            let mut buffer = ryu_js::Buffer::new();
            let Some(d) = Decimal::parse(buffer.format_finite(x)) else { continue };
            for p in [1, 5, 9, 14] {
                let Some(r) = round_shortest(&d, p) else { continue };
                if !r.to_f64().is_finite() {
                    continue;
                }
                let mut printed = String::new();
                r.push_js(&mut printed, false);
                assert_eq!(printed, crate::json::number::js_number_string(r.to_f64()), "x={x:e} p={p}");
            }
        }
    }

    #[test]
    fn parses_decimal_literals() {
        let parsed = |t: &str| Decimal::parse(t).map(|d| (d.mantissa, d.len, d.exponent));
        assert_eq!(parsed("0.000123"), Some((123, 3, -3)));
        assert_eq!(parsed("1.5e-7"), Some((15, 2, -6)));
        assert_eq!(parsed("1200"), Some((12, 2, 4)));
        assert_eq!(parsed("1.0203"), Some((10203, 5, 1)));
        assert_eq!(parsed("123456789012345680000"), Some((12345678901234568, 17, 21)));
        assert_eq!(parsed("1e+21"), Some((1, 1, 22)));
        assert!(Decimal::parse("1.2.3").is_none());
        assert!(Decimal::parse("0").is_none());
        assert!(Decimal::parse("12345678901234567890123").is_none());
    }

    #[test]
    fn ties_at_high_precision_round_away() {
        // 0.5 + 2^-40 has an exact 13-digit-plus expansion; check p = 15 and 16 paths run.
        let x = 1.25;
        assert_eq!(round_sig(x, 15.0), 1.25);
        assert_eq!(round_sig(x, 16.0), 1.25);
        assert_eq!(round_sig(1.125, 3.0), 1.13);
        assert_eq!(round_sig(1.0000000000000002, 16.0), 1.0);
    }
}
