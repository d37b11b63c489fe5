//! The tree the encoder walks: a JSON value whose strings borrow from the input text when they
//! hold no escapes, and whose objects are plain vectors of entries.
//!
//! Building it (see [`super::parse`]) costs a fraction of building a `serde_json::Value`: no
//! `String` per key and per value, no hash table per object.
//! Objects follow `JSON.parse` semantics: a repeated key keeps its first position and its last
//! value, and array-index keys come first (see [`super::order`]).

use std::borrow::Cow;

use serde_json::Value;

use super::order::js_entry_order;

/// One JSON value.
#[derive(Debug, Clone, PartialEq)]
pub enum Node<'a> {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// A JSON number, as the double JavaScript would read.
    Number(f64),
    /// A number token already in `String(x)` form, written verbatim (only produced for text
    /// from V8's `JSON.stringify`, whose number tokens are exactly `String(x)`).
    NumberText(&'a str),
    /// A string, borrowed from the input when it had no escapes.
    String(Cow<'a, str>),
    /// An array.
    Array(Vec<Node<'a>>),
    /// An object's entries in JavaScript's own-key order, keys unique.
    Object(Vec<(Cow<'a, str>, Node<'a>)>),
}

/// An object's entries.
pub type Entries<'a> = [(Cow<'a, str>, Node<'a>)];

impl<'a> Node<'a> {
    /// Borrows a `serde_json::Value` as a node (keys put in JavaScript's order).
    pub fn from_value(value: &'a Value) -> Self {
        match value {
            Value::Null => Node::Null,
            Value::Bool(b) => Node::Bool(*b),
            Value::Number(n) => Node::Number(n.as_f64().unwrap_or(0.0)),
            Value::String(s) => Node::String(Cow::Borrowed(s)),
            Value::Array(items) => Node::Array(items.iter().map(Node::from_value).collect()),
            Value::Object(map) => {
                let mut entries: Vec<_> =
                    map.iter().map(|(k, v)| (Cow::Borrowed(k.as_str()), Node::from_value(v))).collect();
                js_entry_order(&mut entries);
                Node::Object(entries)
            }
        }
    }

    /// True for `null`, booleans, numbers and strings.
    pub fn is_primitive(&self) -> bool {
        !matches!(self, Node::Array(_) | Node::Object(_))
    }

    /// The entries when this is an object.
    pub fn as_object(&self) -> Option<&Entries<'a>> {
        match self {
            Node::Object(entries) => Some(entries),
            _ => None,
        }
    }
}

/// Looks `name` up in an object's entries.
pub fn lookup<'n, 'a>(entries: &'n Entries<'a>, name: &str) -> Option<&'n Node<'a>> {
    entries.iter().find(|(k, _)| same_key(k, name)).map(|(_, v)| v)
}

/// String equality for short keys, inlined: in WebAssembly `==` on slices calls a byte-by-byte
/// `memcmp`, which showed up as a tenth of the encoder's time on tables (every cell compares
/// its key with the column's).
#[inline]
pub fn same_key(a: &str, b: &str) -> bool {
    // The parser hands the rows of a table the same key slices (see `parse`), so most
    // comparisons the encoder makes end here.
    if std::ptr::eq(a.as_ptr(), b.as_ptr()) && a.len() == b.len() {
        return true;
    }
    same_bytes(a.as_bytes(), b.as_bytes())
}

/// Byte-slice equality without a `memcmp` call (see [`same_key`]).
#[inline]
pub fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let word = |s: &[u8], i: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&s[i..i + 8]);
        u64::from_le_bytes(w)
    };
    let mut i = 0;
    while i + 8 <= a.len() {
        if word(a, i) != word(b, i) {
            return false;
        }
        i += 8;
    }
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// `JSON.parse` keeps a repeated key at its first position with its last value.
pub(crate) fn dedupe_last_wins<K: AsRef<str>, V>(entries: &mut Vec<(K, V)>) {
    if entries.len() < 2 || !has_duplicates(entries) {
        return;
    }
    let mut kept: Vec<(K, V)> = Vec::with_capacity(entries.len());
    for (key, value) in entries.drain(..) {
        match kept.iter_mut().find(|(k, _)| k.as_ref() == key.as_ref()) {
            Some(slot) => slot.1 = value,
            None => kept.push((key, value)),
        }
    }
    *entries = kept;
}

fn has_duplicates<K: AsRef<str>, V>(entries: &[(K, V)]) -> bool {
    if entries.len() <= 16 {
        return entries
            .iter()
            .enumerate()
            .any(|(i, (a, _))| entries[..i].iter().any(|(b, _)| a.as_ref() == b.as_ref()));
    }
    let mut keys: Vec<&str> = entries.iter().map(|(k, _)| k.as_ref()).collect();
    keys.sort_unstable();
    keys.windows(2).any(|w| w[0] == w[1])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toon::parse::parse;

    #[test]
    fn objects_follow_json_parse() {
        let node = parse(br#"{"b":1,"a":2,"b":3,"2":4,"1":5}"#).expect("json");
        let keys: Vec<(&str, f64)> = match &node {
            Node::Object(entries) => {
                entries.iter().map(|(k, v)| (k.as_ref(), if let Node::Number(x) = v { *x } else { f64::NAN })).collect()
            }
            _ => vec![],
        };
        assert_eq!(keys, vec![("1", 5.0), ("2", 4.0), ("b", 3.0), ("a", 2.0)]);
        let wide: String =
            format!("{{{}\"k0\":\"last\"}}", (0..40).map(|i| format!("\"k{i}\":{i},")).collect::<String>());
        let Node::Object(entries) = parse(wide.as_bytes()).expect("json") else { panic!("object") };
        assert_eq!(entries.len(), 40);
        assert_eq!(entries[0], (Cow::Borrowed("k0"), Node::String(Cow::Borrowed("last"))));
    }

    #[test]
    fn from_value_matches_parse() {
        let text = r#"{"z":1,"3":[true,null,"s"],"1":{"k":-2.5}}"#;
        let value: Value = serde_json::from_str(text).expect("json");
        assert_eq!(Node::from_value(&value), parse(text.as_bytes()).expect("json"));
    }
}
