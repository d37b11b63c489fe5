//! `round_json_numbers`, the digit-level rewrite behind `encode(data, { precision })`.
//!
//! Two properties per input:
//! 1. On the raw bytes (as lossy UTF-8): never panics, and when the text is valid JSON the
//!    output is valid JSON too.
//! 2. On `JSON.stringify`-shaped text generated from the same bytes (doubles printed by ryu-js
//!    as V8 prints them, interleaved with strings that look like numbers): every number token
//!    becomes exactly the JS text of `round_sig(x, p)` (and reads back to the same bits), and
//!    every string is left alone.
#![no_main]

use libfuzzer_sys::fuzz_target;
use modoki_budget::json::number::js_number_string;
use modoki_budget::json::rewrite::round_json_numbers;
use modoki_budget::round::round_sig;
use serde_json::Value;

fn raw_text(sig: f64, data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let out = round_json_numbers(&text, sig);
    if serde_json::from_str::<Value>(&text).is_ok() {
        if let Err(e) = serde_json::from_str::<Value>(&out) {
            panic!("valid JSON {text:?} rewritten to invalid JSON {out:?} at sig {sig}: {e}");
        }
    }
}

/// JSON text of `x` as JSON.stringify writes it (non-finite numbers are `null`).
fn js_json_number(x: f64) -> String {
    if x.is_finite() {
        js_number_string(x)
    } else {
        "null".to_owned()
    }
}

fn generated(p: usize, data: &[u8]) {
    let mut numbers = Vec::new();
    let mut strings = Vec::new();
    let mut text = String::from("[");
    for chunk in data.chunks_exact(8) {
        let mut bits = [0u8; 8];
        bits.copy_from_slice(chunk);
        let x = f64::from_bits(u64::from_le_bytes(bits));
        if !x.is_finite() {
            continue;
        }
        if text.len() > 1 {
            text.push(',');
        }
        let printed = ryu_js::Buffer::new().format_finite(x).to_owned();
        // The same digits inside a string literal (and a key) must never be rewritten.
        let s = format!("{printed}\\\"{printed}");
        text.push_str(&format!("{{\"{s}\":{printed}}},\"{s}\","));
        text.push_str(&printed);
        strings.push(s);
        numbers.push(x);
    }
    text.push(']');
    let out = round_json_numbers(&text, p as f64);
    let parsed: Value =
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("invalid output {out:?} for {text:?}: {e}"));
    let items = parsed.as_array().expect("output is an array");
    assert_eq!(items.len(), numbers.len() * 3, "{text:?} -> {out:?}");
    // Token-level check: rebuild the expected text and compare byte for byte.
    let mut expected = String::from("[");
    for (i, (&x, s)) in numbers.iter().zip(&strings).enumerate() {
        if i > 0 {
            expected.push(',');
        }
        let want = round_sig(x, p as f64);
        let want_text = js_json_number(want);
        expected.push_str(&format!("{{\"{s}\":{want_text}}},\"{s}\",{want_text}"));
        // Reading the rewritten number back gives round_sig's exact bits (JSON has no -0).
        let got = &items[i * 3 + 2];
        if want.is_finite() {
            let got = got.as_f64().unwrap_or_else(|| panic!("{got:?} is not a number"));
            let want = if want == 0.0 { 0.0 } else { want };
            assert_eq!(got.to_bits(), want.to_bits(), "x={x:e} p={p}: got {got:e}, want {want:e}");
        } else {
            assert!(got.is_null(), "x={x:e} p={p} rounds to {want}, expected null, got {got:?}");
        }
    }
    expected.push(']');
    assert_eq!(out, expected, "x list {numbers:?} p={p}");
}

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    // Precision 1..=16 mostly; sometimes an out-of-range or fractional one (identity, or
    // truncation as toPrecision does).
    let sig = match head >> 4 {
        0 => [0.0, 17.0, -1.0, f64::NAN, 0.5, 16.99, 1e300][usize::from(head & 7) % 7],
        _ => f64::from(head & 15) + 1.0,
    };
    raw_text(sig, rest);
    generated(usize::from(head & 15) + 1, rest);
});
