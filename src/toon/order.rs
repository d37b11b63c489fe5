//! JavaScript's own-property order: array-index keys (`"0"`, `"42"`) come first in ascending
//! numeric order, then every other key in insertion order. `JSON.stringify` always writes keys
//! in that order, so text from V8 needs no change; hand-written JSON (the spec fixtures, a Rust
//! caller's text) may not, and the reference encoder sees the reordered object.

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

/// Puts entries in JavaScript's own-key order (stable; a no-op, without allocating, when they
/// already are, as every object from `JSON.stringify` is).
pub fn js_entry_order<K: AsRef<str>, V>(entries: &mut Vec<(K, V)>) {
    if in_order(entries.iter().map(|(k, _)| k.as_ref())) {
        return;
    }
    let taken = std::mem::take(entries);
    let (mut indexed, named): (Vec<_>, Vec<_>) =
        taken.into_iter().map(|(k, v)| (array_index(k.as_ref()), k, v)).partition(|(i, _, _)| i.is_some());
    indexed.sort_by_key(|(i, _, _)| *i);
    entries.extend(indexed.into_iter().chain(named).map(|(_, k, v)| (k, v)));
}

fn in_order<'k>(keys: impl Iterator<Item = &'k str>) -> bool {
    let mut previous_index: Option<u32> = None;
    let mut seen_name = false;
    for key in keys {
        // Only a key starting with a digit can be an array index.
        let index = if key.as_bytes().first().is_some_and(u8::is_ascii_digit) { array_index(key) } else { None };
        match index {
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
        let mut entries = vec![("b", 1), ("10", 2), ("a", 3), ("01", 4), ("3", 5)];
        js_entry_order(&mut entries);
        assert_eq!(entries, vec![("3", 5), ("10", 2), ("b", 1), ("a", 3), ("01", 4)]);
        let mut sorted = vec![("0", 1), ("2", 2), ("x", 3)];
        js_entry_order(&mut sorted);
        assert_eq!(sorted, vec![("0", 1), ("2", 2), ("x", 3)]);
    }
}
