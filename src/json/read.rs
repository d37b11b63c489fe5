//! The one tolerant JSON reader: every capability that takes JSON text from V8's
//! `JSON.stringify` (tool lists, schemas, summarizer data, options, lockfiles) reads it here, so
//! the same text is accepted or refused the same way everywhere.
//!
//! The one rule for lone surrogates: V8 writes a lone surrogate as a `\udXXX` escape, which no
//! Rust string can hold (serde_json refuses it). Such an escape becomes U+FFFD and the text is
//! read again — the rule `TextEncoder` applies to every string that crosses into WebAssembly, so
//! a tool name counts, digests and summarizes the same whether it came as text or inside JSON.
//! The repair costs nothing on text without one: it runs only after serde_json has refused.
//!
//! Nesting deeper than serde_json's limit (128 levels) is refused, never recursed into.

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::{Error, Result};

/// Reads JSON text into a `T` (a [`Value`], or any `Deserialize` type).
///
/// Errors: [`crate::error::ErrorCode::InvalidInput`] with serde_json's description (what and
/// where), for text that is not JSON or not the shape `T` takes.
pub fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T> {
    match serde_json::from_slice(bytes) {
        Ok(value) => Ok(value),
        Err(first) => match replace_lone_surrogate_escapes(bytes) {
            Some(repaired) => serde_json::from_slice(&repaired).map_err(|e| Error::invalid_input(e.to_string())),
            None => Err(Error::invalid_input(first.to_string())),
        },
    }
}

/// [`read`] into an untyped [`Value`] (keys in document order).
pub fn read_value(bytes: &[u8]) -> Result<Value> {
    read(bytes)
}

fn hex4(bytes: &[u8]) -> Option<u16> {
    let text = std::str::from_utf8(bytes.get(..4)?).ok()?;
    u16::from_str_radix(text, 16).ok()
}

/// True for a UTF-16 high (leading) surrogate.
pub fn is_high_surrogate(unit: u32) -> bool {
    (0xD800..0xDC00).contains(&unit)
}

/// True for a UTF-16 low (trailing) surrogate.
pub fn is_low_surrogate(unit: u32) -> bool {
    (0xDC00..0xE000).contains(&unit)
}

/// `Some(rewritten)` when the text held at least one unpaired `\uD800`–`\uDFFF` escape, each
/// replaced by `\ufffd`; `None` when there was nothing to repair.
fn replace_lone_surrogate_escapes(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut changed = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b != b'\\' || i + 1 >= bytes.len() {
            out.push(b);
            i += 1;
            continue;
        }
        if bytes[i + 1] == b'u' {
            if let Some(unit) = hex4(&bytes[i + 2..]).map(u32::from) {
                let next_low = is_high_surrogate(unit)
                    && bytes.get(i + 6) == Some(&b'\\')
                    && bytes.get(i + 7) == Some(&b'u')
                    && hex4(bytes.get(i + 8..).unwrap_or(&[])).is_some_and(|n| is_low_surrogate(u32::from(n)));
                if next_low {
                    out.extend_from_slice(&bytes[i..i + 12]);
                    i += 12;
                    continue;
                }
                if is_high_surrogate(unit) || is_low_surrogate(unit) {
                    out.extend_from_slice(b"\\ufffd");
                    changed = true;
                    i += 6;
                    continue;
                }
            }
        }
        // Any other escape: copy both bytes so an escaped backslash is never re-read.
        out.extend_from_slice(&bytes[i..i + 2]);
        i += 2;
    }
    changed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;

    #[test]
    fn lone_surrogates_become_replacement_characters_and_pairs_stay() {
        let v = read_value(br#"["a\ud800","\udc00b","\ud83d\ude00","\\ud800"]"#).expect("reads");
        assert_eq!(v, serde_json::json!(["a\u{fffd}", "\u{fffd}b", "😀", "\\ud800"]));
        let v = read_value(br#"{"\ud800":1}"#).expect("reads keys too");
        assert_eq!(v, serde_json::json!({"\u{fffd}": 1}));
    }

    #[test]
    fn serde_json_marker_keys_are_ordinary_keys() {
        // With serde_json's raw_value or arbitrary_precision feature these first keys are taken
        // for its own markers: refused, or (a string value) silently parsed as the JSON it holds.
        for marker in ["$serde_json::private::RawValue", "$serde_json::private::Number"] {
            for (text, inner) in [("1", Value::from(1)), (r#""[2,3]""#, Value::from("[2,3]"))] {
                let json = format!(r#"{{"{marker}":{text},"b":{{"{marker}":{text}}}}}"#);
                let value = read_value(json.as_bytes()).expect("valid JSON");
                let mut nested = serde_json::Map::new();
                nested.insert(marker.to_owned(), inner.clone());
                let mut want = serde_json::Map::new();
                want.insert(marker.to_owned(), inner);
                want.insert("b".to_owned(), Value::Object(nested));
                assert_eq!(value, Value::Object(want), "{json}");
                assert_eq!(crate::json::value::to_json(&value), json);
            }
        }
        let typed: Vec<std::collections::BTreeMap<String, u8>> =
            read(br#"[{"$serde_json::private::RawValue":7}]"#).expect("a typed read too");
        assert_eq!(typed[0]["$serde_json::private::RawValue"], 7);
    }

    #[test]
    fn refusals_are_invalid_input_with_serde_json_s_description() {
        let e = read_value(b"{").expect_err("not JSON");
        assert_eq!(e.code, ErrorCode::InvalidInput);
        assert_eq!(e.message, "EOF while parsing an object at line 1 column 1");
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        assert!(read_value(deep.as_bytes()).expect_err("too deep").message.starts_with("recursion limit exceeded"));
        let e = read::<Vec<String>>(br#"[1]"#).expect_err("wrong shape");
        assert_eq!(e.message, "invalid type: integer `1`, expected a string at line 1 column 2");
        let e = read::<Vec<String>>(br#"[1,"\ud800"]"#).expect_err("wrong shape after the repair");
        assert_eq!(e.code, ErrorCode::InvalidInput);
    }
}
