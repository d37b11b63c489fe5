//! Numbers printed exactly as ECMAScript prints them (`Number.prototype.toString`, which is
//! also what `JSON.stringify` emits for finite numbers).
//!
//! Plain `ryu` or `serde_json` print `1e21` and `1.0`; JavaScript prints `1e+21` and `1`.
//! `ryu-js` implements the ECMAScript layout, so this module only adds the two cases where
//! JSON and `String()` part ways: `-0` and non-finite values.

/// Appends `x` as `String(x)` would print it (`NaN`, `Infinity`, `-Infinity` included).
pub fn push_js_number(out: &mut String, x: f64) {
    if x == 0.0 {
        // String(-0) and JSON.stringify(-0) are both "0".
        out.push('0');
        return;
    }
    let mut buffer = ryu_js::Buffer::new();
    out.push_str(buffer.format(x));
}

/// Appends `x` as `JSON.stringify(x)` would print it: non-finite numbers become `null`.
pub fn push_json_number(out: &mut String, x: f64) {
    if x.is_finite() {
        push_js_number(out, x);
    } else {
        out.push_str("null");
    }
}

/// `String(x)` as an owned string.
pub fn js_number_string(x: f64) -> String {
    let mut out = String::new();
    push_js_number(&mut out, x);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_like_javascript() {
        let cases: &[(f64, &str)] = &[
            (0.0, "0"),
            (-0.0, "0"),
            (1.0, "1"),
            (-1.5, "-1.5"),
            (1e21, "1e+21"),
            (1e20, "100000000000000000000"),
            (1e-7, "1e-7"),
            (1e-6, "0.000001"),
            (1.5e-7, "1.5e-7"),
            (123456789012345680000.0, "123456789012345680000"),
            (9007199254740993.0, "9007199254740992"),
            (247.13061935179246, "247.13061935179246"),
            (0.1 + 0.2, "0.30000000000000004"),
            (f64::MAX, "1.7976931348623157e+308"),
            (f64::MIN_POSITIVE, "2.2250738585072014e-308"),
            (5e-324, "5e-324"),
            (f64::NAN, "NaN"),
            (f64::INFINITY, "Infinity"),
            (f64::NEG_INFINITY, "-Infinity"),
        ];
        for &(x, want) in cases {
            assert_eq!(js_number_string(x), want, "String({x:?})");
        }
    }

    #[test]
    fn json_turns_non_finite_into_null() {
        for x in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let mut out = String::new();
            push_json_number(&mut out, x);
            assert_eq!(out, "null");
        }
    }
}
