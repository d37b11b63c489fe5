//! The TOON encoder's three entry points on arbitrary input.
//!
//! Arbitrary bytes never panic `to_toon_json` / `to_toon_v8_json`. When the bytes are JSON, the
//! value-based encoder and the text-based encoders (its own reader, and the V8 fast path fed the
//! JS-exact re-serialization) must produce the same TOON byte for byte — three implementations of
//! one mapping checking each other — and the output never ends in a newline. The streaming
//! writer is checked on the same inputs with a walk threshold of 0–63 bytes (so containers of a
//! fuzzer-sized input are walked child by child, as a large document's are), in both row modes,
//! its pieces joined.
#![no_main]

use libfuzzer_sys::fuzz_target;
use modoki_budget::json::value::to_json;
use modoki_budget::toon::order::js_entry_order;
use modoki_budget::toon::stream::encode_streaming;
use modoki_budget::toon::{to_toon, to_toon_json, to_toon_v8_json, Delimiter, ToonOptions};

/// `value` with every object's keys in JavaScript's own-key order (array-index keys first), as
/// `JSON.stringify` writes them: the text the V8 paths are given, which they take as it comes.
fn js_ordered(value: &serde_json::Value) -> serde_json::Value {
    match value {
        serde_json::Value::Array(items) => serde_json::Value::Array(items.iter().map(js_ordered).collect()),
        serde_json::Value::Object(map) => {
            let mut entries: Vec<(&String, serde_json::Value)> = map.iter().map(|(k, v)| (k, js_ordered(v))).collect();
            js_entry_order(&mut entries);
            serde_json::Value::Object(entries.into_iter().map(|(k, v)| (k.clone(), v)).collect())
        }
        other => other.clone(),
    }
}

/// The streaming writer's text, its pieces joined; None when it refuses the input.
fn streamed(json: &[u8], verbatim: bool, options: &ToonOptions, above: usize, keep_rows: bool) -> Option<String> {
    let mut out = String::new();
    encode_streaming(json, verbatim, options, above, keep_rows, &mut |piece| out.push_str(piece)).ok().map(|()| out)
}

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
    let above = usize::from(selector % 64);
    let keep_rows = selector & 64 != 0;
    let walked = streamed(json, false, &options, above, keep_rows);
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(json) else { return };
    let expected = to_toon(&value, &options);
    assert!(!expected.ends_with('\n'), "output ends in a newline: {expected:?}");
    if let Ok(text) = from_text {
        assert_eq!(text, expected, "to_toon_json disagrees with to_toon");
        assert_eq!(
            walked.as_deref(),
            Some(expected.as_str()),
            "the streaming writer (walking above {above}) disagrees"
        );
    }
    let canonical = to_json(&js_ordered(&value));
    match to_toon_v8_json(canonical.as_bytes(), &options) {
        Ok(text) => assert_eq!(text, expected, "V8 fast path disagrees on {canonical}"),
        Err(e) => panic!("V8 fast path rejected JS-exact JSON {canonical}: {e}"),
    }
    let walked_v8 = streamed(canonical.as_bytes(), true, &options, above, keep_rows);
    assert_eq!(
        walked_v8.as_deref(),
        Some(expected.as_str()),
        "the V8 streaming writer (walking above {above} bytes) disagrees on {canonical}"
    );
});
