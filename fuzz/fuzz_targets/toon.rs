//! The TOON encoder's three entry points on arbitrary input.
//!
//! Arbitrary bytes never panic `to_toon_json` / `to_toon_v8_json`. When the bytes are JSON, the
//! value-based encoder and the text-based encoders (its own reader, and the V8 fast path fed the
//! JS-exact re-serialization) must produce the same TOON byte for byte — three implementations of
//! one mapping checking each other — and the output never ends in a newline.
#![no_main]

use libfuzzer_sys::fuzz_target;
use modoki_budget::json::value::to_json;
use modoki_budget::toon::{to_toon, to_toon_json, to_toon_v8_json, Delimiter, ToonOptions};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, json)) = data.split_first() else { return };
    let delimiter = match selector % 3 {
        0 => Delimiter::Comma,
        1 => Delimiter::Tab,
        _ => Delimiter::Pipe,
    };
    let options = ToonOptions { delimiter, indent_size: 1 + usize::from(selector / 3 % 8) };
    let from_text = to_toon_json(json, &options);
    let _ = to_toon_v8_json(json, &options);
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(json) else { return };
    let expected = to_toon(&value, &options);
    assert!(!expected.ends_with('\n'), "output ends in a newline: {expected:?}");
    if let Ok(text) = from_text {
        assert_eq!(text, expected, "to_toon_json disagrees with to_toon");
    }
    let canonical = to_json(&value);
    match to_toon_v8_json(canonical.as_bytes(), &options) {
        Ok(text) => assert_eq!(text, expected, "V8 fast path disagrees on {canonical}"),
        Err(e) => panic!("V8 fast path rejected JS-exact JSON {canonical}: {e}"),
    }
});
