//! JavaScript's own-property order: array-index keys (`"0"`, `"42"`) come first in ascending
//! numeric order, then every other key in insertion order. `JSON.stringify` always writes keys
//! in that order, so text from V8 needs no change; hand-written JSON (the spec fixtures, a Rust
//! caller's text) may not, and the reference encoder sees the reordered object.

use serde_json::{Map, Value};

/// The numeric value of `key` when it is an array index: a canonical decimal integer
/// below 2^32 - 1 (`"0"`, `"7"`, not `"07"`, `"-1"` or `"4294967295"`).
pub fn array_index(key: &str) -> Option<u32> {
    let bytes = key.as_bytes();
    match bytes {
        [] => None,
        [b'0'] => Some(0),
        [b'1'..=b'9', rest @ ..] if rest.len() < 10 && rest.iter().all(u8::is_ascii_digit) => {
            key.parse::<u64>().ok().filter(|&n| n < u64::from(u32::MAX)).map(|n| n as u32)
        }
        _ => None,
    }
}

/// Reorders every object in `value` (recursively) into JavaScript's own-key order.
/// Objects already in that order, which is every object from `JSON.stringify`, are left as is.
pub fn js_key_order(value: &mut Value) {
    match value {
        Value::Array(items) => items.iter_mut().for_each(js_key_order),
        Value::Object(map) => {
            if !in_js_order(map) {
                reorder(map);
            }
            map.values_mut().for_each(js_key_order);
        }
        _ => {}
    }
}

fn in_js_order(map: &Map<String, Value>) -> bool {
    let mut previous_index: Option<u32> = None;
    let mut seen_name = false;
    for key in map.keys() {
        match array_index(key) {
            Some(index) => {
                if seen_name || previous_index.is_some_and(|p| p >= index) {
                    return false;
                }
                previous_index = Some(index);
            }
            None => seen_name = true,
        }
    }
    true
}

fn reorder(map: &mut Map<String, Value>) {
    let entries: Vec<(String, Value)> = std::mem::take(map).into_iter().collect();
    let (mut indexed, named): (Vec<_>, Vec<_>) = entries
        .into_iter()
        .map(|(key, value)| (array_index(&key), key, value))
        .partition(|(index, _, _)| index.is_some());
    indexed.sort_by_key(|(index, _, _)| *index);
    for (_, key, value) in indexed.into_iter().chain(named) {
        map.insert(key, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_array_indices_exactly() {
        assert_eq!(array_index("0"), Some(0));
        assert_eq!(array_index("42"), Some(42));
        assert_eq!(array_index("4294967294"), Some(4_294_967_294));
        for key in ["", "-1", "01", "1.5", "4294967295", "99999999999", "1e3", " 1", "a"] {
            assert_eq!(array_index(key), None, "{key:?}");
        }
    }

    #[test]
    fn moves_index_keys_first_like_json_parse() {
        let mut value: Value = serde_json::from_str(r#"{"b":1,"10":2,"a":{"z":0,"2":1,"1":2},"01":3,"3":4}"#).expect("json");
        js_key_order(&mut value);
        assert_eq!(crate::json::value::to_json(&value), r#"{"3":4,"10":2,"b":1,"a":{"1":2,"2":1,"z":0},"01":3}"#);
    }
}
