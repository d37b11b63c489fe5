//! What the preview reads from JSON text, on the crate's one span scanner
//! ([`crate::json::span`]): the items of an array within a byte budget, the entries of an
//! object, string and number values, the string values inside a value — without building a
//! tree. A collection of a million items costs one pass and one span per item, and a shown item
//! is copied as the text V8 wrote for it.
//!
//! The text must already be known to be JSON (the caller checks it once, see [`is_json`]). On
//! anything else the functions stop early; every index is bounds-checked, so none can panic.

pub use crate::json::lex::skip_ws;
use crate::json::lex::{is_space, skip_string};
pub use crate::json::span::members;
pub use crate::json::span::{count, items, kind, root, Kind, Span};
use crate::json::span::{members_vec, value_end, walk_container};

/// True when `text` is one JSON value (lone-surrogate escapes, which V8 writes and serde_json
/// refuses, are accepted: they are valid JSON text). Nesting is accepted at any depth: a value
/// is skipped with a stack of its own, never a recursion. So every text `JSON.stringify` prints
/// is JSON here, which is what lets a caller that printed its text skip this check
/// ([`super::Input::Printed`]).
pub fn is_json(text: &[u8]) -> bool {
    crate::json::read::read::<serde::de::IgnoredAny>(text).is_ok()
}

/// The items of the array at `span` that end within its first `max_bytes` bytes.
pub fn items_within(text: &[u8], span: Span, max_bytes: usize) -> Vec<Span> {
    members(text, span).map(|m| m.value).take_while(|value| value.end - span.start <= max_bytes).collect()
}

/// The `(key, value)` entries of the object at `span`, at most `max` of them (keys quoted).
pub fn entries(text: &[u8], span: Span, max: usize) -> Vec<(Span, Span)> {
    entries_knowing(text, span, max, &[])
}

/// [`entries`], where a value that starts as one of the `known` spans does ends where it does:
/// it is not read to find its end (a large collection the caller has already found).
pub fn entries_knowing(text: &[u8], span: Span, max: usize, known: &[Span]) -> Vec<(Span, Span)> {
    let mut list = members(text, span);
    let mut out = Vec::new();
    while out.len() < max {
        let end_of = |at| known.iter().find(|k| k.start == at).map_or_else(|| value_end(text, at), |k| k.end);
        let Some(m) = list.next_with(end_of) else { break };
        out.push(m.entry());
    }
    out
}

/// [`items`] of the array at `span`, calling `each(index, item, entries)` on the way with each
/// object item's first `max` [`entries`], or each array item's first `max` items (as entries
/// whose key is the value: a table's rows are arrays), none for other items — read on the way to
/// the item's end, so ranking a collection reads its items once.
pub fn items_reading_rows(
    text: &[u8],
    span: Span,
    max: usize,
    mut each: impl FnMut(usize, Span, &[(Span, Span)]),
) -> Vec<Span> {
    let mut items = members_vec(text, span);
    let mut list = members(text, span);
    let mut read = Vec::new();
    loop {
        read.clear();
        let end_of = |at: usize| match text.get(at) {
            Some(b'{' | b'[') => walk_container(text, at, span, |m| {
                if read.len() < max {
                    read.push(m.entry());
                }
            })
            .unwrap_or_else(|| value_end(text, at)),
            _ => value_end(text, at),
        };
        let Some(member) = list.next_with(end_of) else { break };
        each(items.len(), member.value, &read);
        items.push(member.value);
    }
    items
}

/// The text of the string value at `span`, unescaped (a lone-surrogate escape becomes U+FFFD).
pub fn string_value(text: &[u8], span: Span) -> String {
    let raw = span.of(text);
    if raw.len() >= 2 && !raw.contains(&b'\\') {
        return String::from_utf8_lossy(&raw[1..raw.len() - 1]).into_owned();
    }
    crate::json::read::read::<String>(raw).unwrap_or_default()
}

/// The number at `span` (NaN when it is not a number).
pub fn number_value(text: &[u8], span: Span) -> f64 {
    std::str::from_utf8(span.of(text)).ok().and_then(|s| s.parse::<f64>().ok()).unwrap_or(f64::NAN)
}

/// Calls `each(raw)` with the raw (still escaped, unquoted) bytes of every string value inside
/// the value at `span` — object keys excluded — until `each` returns false or `max_bytes` of
/// string content have been passed.
pub fn for_each_string(text: &[u8], span: Span, max_bytes: usize, mut each: impl FnMut(&[u8]) -> bool) {
    let mut seen = 0usize;
    let mut i = span.start;
    let end = span.end.min(text.len());
    while i < end {
        if text[i] != b'"' {
            i += 1;
            continue;
        }
        let close = skip_string(text, i);
        let after = skip_ws(text, close);
        let is_key = text.get(after) == Some(&b':');
        if !is_key {
            let inner = text.get(i + 1..close.saturating_sub(1)).unwrap_or(&[]);
            let take = inner.len().min(max_bytes.saturating_sub(seen));
            if !each(&inner[..take]) {
                return;
            }
            seen += take;
            if seen >= max_bytes {
                return;
            }
        }
        i = close;
    }
}

/// JSON text without the whitespace between tokens (strings copied untouched): a pretty
/// document as the compact text a preview copies from. Runs are copied whole, never byte by byte.
/// Whitespace between two bytes that could belong to one scalar (`1 2`, `true false`) is kept as
/// one space, so no two tokens merge: the result is JSON exactly when the text is, and a caller
/// validates the shorter text.
pub fn compact(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let start = i;
        while i < b.len() && b[i] != b'"' && !is_space(b[i]) {
            i += 1;
        }
        out.extend_from_slice(&b[start..i]);
        if i >= b.len() {
            break;
        }
        if b[i] == b'"' {
            let end = skip_string(b, i);
            out.extend_from_slice(&b[i..end]);
            i = end;
        } else {
            let before = out.last().copied();
            i = skip_ws(b, i);
            let scalar =
                |c: Option<u8>| c.is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'+' | b'.'));
            if scalar(before) && scalar(b.get(i).copied()) {
                out.push(b' ');
            }
        }
    }
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn entries_and_items_within_stop_at_their_bounds() {
        let text = br#" { "a" : 1 , "b\"" : {"c":"}"} } "#;
        let got: Vec<(&[u8], &[u8])> =
            entries(text, root(text), usize::MAX).iter().map(|(k, v)| (k.of(text), v.of(text))).collect();
        assert_eq!(got, [(&br#""a""#[..], &b"1"[..]), (br#""b\"""#, br#"{"c":"}"}"#)]);
        assert_eq!(entries(text, root(text), 1).len(), 1);
        assert!(entries(text, root(text), 0).is_empty());
        let text = b"[1,22,333]";
        let within: Vec<&[u8]> = items_within(text, root(text), 5).iter().map(|s| s.of(text)).collect();
        assert_eq!(within, [&b"1"[..], b"22"]);
    }

    #[test]
    fn items_read_with_their_entries_are_items_and_entries() {
        let rows: Vec<serde_json::Value> = (0..50)
            .map(|i| match i % 6 {
                0 => serde_json::json!({"id": i, "a": {"b": [1, {"c": "}]"}]}, "s": "x\"y"}),
                1 => serde_json::json!([i, {"k": i}]),
                2 => serde_json::json!("s]}{["),
                3 => serde_json::json!({}),
                4 => serde_json::Value::Null,
                _ => serde_json::json!({"k1": 1, "k2": 2, "k3": 3, "k4": {"deep": [[]]}}),
            })
            .collect();
        let compact = serde_json::to_string(&rows).unwrap();
        let pretty = serde_json::to_string_pretty(&rows).unwrap();
        for text in [compact.as_bytes(), pretty.as_bytes(), b"[]", b"[ ]", b"[{}]", b"[1,]", b"[{\"a\":1", b"[{"] {
            for max in [0, 2, 64] {
                let mut seen = Vec::new();
                let got = items_reading_rows(text, root(text), max, |i, item, read| {
                    seen.push((i, item, read.to_vec()));
                });
                let want = items(text, root(text));
                if crate::preview::scan::is_json(text) {
                    assert_eq!(got, want);
                }
                for (i, item, read) in seen {
                    assert_eq!(item, got[i]);
                    let entries = match kind(text, item) {
                        Kind::Object => entries(text, item, max),
                        Kind::Array => members(text, item).take(max).map(|m| m.entry()).collect(),
                        _ => Vec::new(),
                    };
                    if crate::preview::scan::is_json(text) {
                        assert_eq!(read, entries);
                    }
                }
            }
        }
    }

    #[test]
    fn strings_unescape_and_numbers_parse() {
        let text = br#"["a\nb\u00e9\ud800","plain",12.5e-1,"x"]"#;
        let got = items(text, root(text));
        assert_eq!(string_value(text, got[0]), "a\nbé\u{fffd}");
        assert_eq!(string_value(text, got[1]), "plain");
        assert_eq!(number_value(text, got[2]), 1.25);
        assert!(number_value(text, got[3]).is_nan());
    }

    #[test]
    fn string_values_skip_keys_and_stop_at_the_byte_cap() {
        let text = br#"{"name":"alpha","tags":["beta",{"k":"gamma"}]}"#;
        let mut seen = Vec::new();
        for_each_string(text, root(text), usize::MAX, |s| {
            seen.push(String::from_utf8(s.to_vec()).unwrap());
            true
        });
        assert_eq!(seen, ["alpha", "beta", "gamma"]);
        seen.clear();
        for_each_string(text, root(text), 7, |s| {
            seen.push(String::from_utf8(s.to_vec()).unwrap());
            true
        });
        assert_eq!(seen, ["alpha", "be"]);
    }

    #[test]
    fn compacts_pretty_json_outside_strings_only() {
        assert_eq!(compact("{\n  \"a b\": [1, 2],\n  \"c\": \"x \\\" y\"\n}"), r#"{"a b":[1,2],"c":"x \" y"}"#);
        assert_eq!(compact("  [ \"\\\\\" , \"é \" ]  "), r#"["\\","é "]"#);
        // Tokens never merge, so the compact text is JSON exactly when the text is.
        assert_eq!(compact("[1 2, true\nfalse]"), "[1 2,true false]");
        assert!(!is_json(compact("[1 2]").as_bytes()));
    }

    #[test]
    fn broken_text_never_panics() {
        for text in [&b"[1,"[..], b"{\"a\"", b"{\"a\":", b"[\"abc", b"[", b"{", b"", b"\"\\"] {
            let r = root(text);
            let _ = items(text, r);
            let _ = entries(text, r, 10);
            let _ = count(text, r);
            for_each_string(text, r, 100, |_| true);
        }
        assert!(!is_json(b"[1,"));
        assert!(is_json(br#"["\ud800"]"#));
    }

    /// A value nested `depth` deep, alternating arrays and objects, with brackets in strings.
    pub(crate) fn nested(depth: usize) -> String {
        let mut text = String::from(r#""[{\"]}""#);
        for level in 0..depth {
            text = if level % 2 == 0 { format!(r#"["x[",{text}]"#) } else { format!(r#"{{"k{{":{text}}}"#) };
        }
        text
    }

    #[test]
    fn json_nested_at_any_depth_is_json() {
        for depth in [0, 1, 127, 128, 129, 400, 100_000] {
            assert!(is_json(nested(depth).as_bytes()), "depth {depth}");
        }
    }
}
