//! Canonical JSON: object keys sorted, so the same value always gives the same bytes whatever
//! order its producer wrote the keys in. Used for digests (compact) and for files a person
//! reviews in a diff (pretty, byte-identical to `JSON.stringify(sorted, null, 2)`).

use serde_json::Value;

use super::number::push_json_number;
use super::string::push_json_string;

/// Compact canonical JSON (sorted keys, no whitespace) — the input to every digest.
pub fn canonical_compact(value: &Value) -> String {
    let mut out = String::new();
    write(&mut out, value, None, 0);
    out
}

/// Canonical JSON indented by two spaces, with a trailing newline: what
/// `JSON.stringify(sortKeys(value), null, 2) + '\n'` prints.
pub fn canonical_pretty(value: &Value) -> String {
    let mut out = String::new();
    write(&mut out, value, Some(2), 0);
    out.push('\n');
    out
}

fn newline(out: &mut String, indent: Option<usize>, depth: usize) {
    if let Some(width) = indent {
        out.push('\n');
        out.extend(std::iter::repeat(' ').take(width * depth));
    }
}

fn write(out: &mut String, value: &Value, indent: Option<usize>, depth: usize) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => push_json_number(out, n.as_f64().unwrap_or(f64::NAN)),
        Value::String(s) => push_json_string(out, s),
        Value::Array(items) if items.is_empty() => out.push_str("[]"),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, indent, depth + 1);
                write(out, item, indent, depth + 1);
            }
            newline(out, indent, depth);
            out.push(']');
        }
        Value::Object(map) if map.is_empty() => out.push_str("{}"),
        Value::Object(map) => {
            // Sorted by UTF-16 code units, as JavaScript's default sort compares strings.
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort_by(|a, b| a.encode_utf16().cmp(b.encode_utf16()));
            out.push('{');
            for (i, key) in keys.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, indent, depth + 1);
                push_json_string(out, key);
                out.push(':');
                if indent.is_some() {
                    out.push(' ');
                }
                if let Some(item) = map.get(*key) {
                    write(out, item, indent, depth + 1);
                }
            }
            newline(out, indent, depth);
            out.push('}');
        }
    }
}

/// `sha256:` followed by the lowercase hex SHA-256 of `text`'s UTF-8 bytes.
pub fn sha256_digest(text: &str) -> String {
    use sha2::{Digest, Sha256};
    let hash = Sha256::digest(text.as_bytes());
    let mut out = String::with_capacity(7 + 64);
    out.push_str("sha256:");
    for byte in hash {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        out.push(char::from(HEX[usize::from(byte >> 4)]));
        out.push(char::from(HEX[usize::from(byte & 0xf)]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_keys_at_every_level() {
        let value: Value = serde_json::from_str(r#"{"b":1,"a":{"z":[{"y":1,"x":2}],"é":0,"Z":true}}"#).expect("json");
        assert_eq!(canonical_compact(&value), r#"{"a":{"Z":true,"z":[{"x":2,"y":1}],"é":0},"b":1}"#);
    }

    #[test]
    fn pretty_matches_json_stringify_with_two_spaces() {
        // Expected text is what V8 prints for JSON.stringify(sorted, null, 2) + '\n'.
        let value: Value = serde_json::from_str(r#"{"b":[],"a":{"c":[1,{"e":{}}]},"d":1e21}"#).expect("json");
        assert_eq!(
            canonical_pretty(&value),
            "{\n  \"a\": {\n    \"c\": [\n      1,\n      {\n        \"e\": {}\n      }\n    ]\n  },\n  \"b\": [],\n  \"d\": 1e+21\n}\n"
        );
    }

    #[test]
    fn sha256_of_known_strings() {
        assert_eq!(sha256_digest(""), "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assert_eq!(sha256_digest("abc"), "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
