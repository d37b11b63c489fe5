//! Writes a parsed JSON value back out exactly as `JSON.stringify` would write the JavaScript
//! value it came from: compact, keys in their original order, numbers in JavaScript's format.
//!
//! `serde_json`'s own writer prints `1e21` and `1.0`; every output this crate hands back to
//! JavaScript goes through here instead.

use serde_json::Value;

use super::number::push_json_number;
use super::string::push_json_string;

/// Appends `value` as compact JSON text.
pub fn push_value(out: &mut String, value: &Value) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => push_json_number(out, n.as_f64().unwrap_or(f64::NAN)),
        Value::String(s) => push_json_string(out, s),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_value(out, item);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (key, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_json_string(out, key);
                out.push(':');
                push_value(out, item);
            }
            out.push('}');
        }
    }
}

/// `value` as compact JSON text.
pub fn to_json(value: &Value) -> String {
    let mut out = String::new();
    push_value(&mut out, value);
    out
}

/// A typed result (a `Serialize` struct) as compact JSON text for `JSON.parse`.
///
/// serde_json's number layout (`1.0`, `1e21`) differs from JavaScript's, which is harmless here:
/// the text is only ever parsed, never shown. Serializing a struct of strings, numbers and
/// vectors cannot fail; if a type ever made it fail, the text is `null`, which `JSON.parse`
/// reads and the typed wrapper then rejects, instead of a panic inside WebAssembly.
pub fn to_json_text<T: serde::Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_v8_output_byte_for_byte() {
        let text =
            r#"{"b":1e+21,"a":[1,-0.5,1e-7,"x\u0001"],"__proto__":{"z":null,"y":true},"n":12345678901234567000}"#;
        let value: Value = serde_json::from_str(text).expect("valid JSON");
        assert_eq!(to_json(&value), text);
    }
}
