//! Stream items read once as raw JSON text, with only the fields a summary reads parsed.
//!
//! A ring's items carry payloads, stacks and values a summary never looks at; building a tree
//! for each of 10,000 events costs most of the call. So each item keeps the text V8 wrote (which
//! is already what `JSON.stringify` would write for it) and a map of the few fields asked for,
//! and the reply copies the returned items' text as it is. Input the fast reader cannot take
//! (a lone-surrogate escape in a read field) goes through the ordinary parse instead.
//!
//! The array is split into item texts here rather than by serde_json's `RawValue`: that needs
//! serde_json's `raw_value` feature, which makes every reader of the crate take an object whose
//! first key is `$serde_json::private::RawValue` for serde_json's own marker instead of data.

use std::borrow::Cow;
use std::fmt;

use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use super::list;
use crate::error::Result;
use crate::json::span;
use crate::json::string::push_json_string;
use crate::json::value::{push_value, to_json};

/// One item: its JSON text and the fields that were asked for.
pub struct Item<'a> {
    /// The item as compact JSON text.
    pub raw: Cow<'a, str>,
    fields: Map<String, Value>,
}

impl Item<'_> {
    /// A field that was asked for, when the item is an object that has it.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.fields.get(key)
    }
}

/// The items of the JSON array in `bytes` (`null` is empty), reading only `keys` of each.
pub fn read_items<'a>(bytes: &'a [u8], keys: &[&str], what: &str) -> Result<Vec<Item<'a>>> {
    if let Some(items) = fast(bytes, keys) {
        return Ok(items);
    }
    let value = super::super::parse_json(bytes).map_err(crate::error::Error::invalid_input)?;
    items_of(&value, keys, what)
}

/// The items of an already-parsed array.
pub fn items_of(value: &Value, keys: &[&str], what: &str) -> Result<Vec<Item<'static>>> {
    Ok(list(value, what)?
        .iter()
        .map(|item| {
            let fields = match item {
                Value::Object(map) => map
                    .iter()
                    .filter(|(k, _)| keys.contains(&k.as_str()))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect(),
                _ => Map::new(),
            };
            Item { raw: Cow::Owned(to_json(item)), fields }
        })
        .collect())
}

/// Every item read by [`Probe`] from its own text; `None` when any item (or the array around
/// them) is not exactly JSON, so the ordinary parse reports it.
fn fast<'a>(bytes: &'a [u8], keys: &[&str]) -> Option<Vec<Item<'a>>> {
    let text = std::str::from_utf8(bytes).ok()?;
    split_array(text)?
        .into_iter()
        .map(|raw| {
            let mut de = serde_json::Deserializer::from_str(raw);
            let fields = Probe(keys).deserialize(&mut de).ok()?;
            // The split only guesses where an item ends; serde_json proves it is one whole value.
            de.end().ok()?;
            Some(Item { raw: Cow::Borrowed(raw), fields })
        })
        .collect()
}

/// The texts of the items of the array `text` (`null` has none), each without the whitespace
/// around it. Only the array's own brackets and commas are checked: an item's text is checked
/// by parsing it (a trailing comma leaves an empty item, which does not parse).
fn split_array(text: &str) -> Option<Vec<&str>> {
    let bytes = text.as_bytes();
    let array = span::root(bytes);
    let trimmed = array.of(bytes);
    if trimmed == b"null" {
        return Some(Vec::new());
    }
    if trimmed.len() < 2 || trimmed[0] != b'[' || trimmed[trimmed.len() - 1] != b']' {
        return None;
    }
    let mut list = span::members(bytes, array);
    let items = list.by_ref().map(|m| text.get(m.value.start..m.value.end)).collect::<Option<Vec<_>>>()?;
    (list.stop() == array.end - 1).then_some(items)
}

/// Reads the wanted keys of an object and skips everything else without building it.
struct Probe<'k>(&'k [&'k str]);

impl<'de> DeserializeSeed<'de> for Probe<'_> {
    type Value = Map<String, Value>;
    fn deserialize<D: serde::Deserializer<'de>>(self, de: D) -> std::result::Result<Self::Value, D::Error> {
        de.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Probe<'_> {
    type Value = Map<String, Value>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<Self::Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if self.0.contains(&key.as_str()) {
                out.insert(key, map.next_value::<Value>()?);
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(out)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Self::Value, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Map::new())
    }
    fn visit_bool<E>(self, _: bool) -> std::result::Result<Self::Value, E> {
        Ok(Map::new())
    }
    fn visit_i64<E>(self, _: i64) -> std::result::Result<Self::Value, E> {
        Ok(Map::new())
    }
    fn visit_u64<E>(self, _: u64) -> std::result::Result<Self::Value, E> {
        Ok(Map::new())
    }
    fn visit_f64<E>(self, _: f64) -> std::result::Result<Self::Value, E> {
        Ok(Map::new())
    }
    fn visit_str<E>(self, _: &str) -> std::result::Result<Self::Value, E> {
        Ok(Map::new())
    }
    fn visit_unit<E>(self) -> std::result::Result<Self::Value, E> {
        Ok(Map::new())
    }
}

/// The journals' `byType` over `items`: `String(type ?? '?')`, first-seen order, own keys.
pub fn type_histogram<'b, 'a: 'b>(items: impl IntoIterator<Item = &'b Item<'a>>) -> Value {
    let mut h = super::super::Histogram::new();
    items.into_iter().for_each(|e| h.add(&super::type_key(e.get("type"))));
    h.into_value()
}

/// A timeline row: the item's text with `"stream"` as its first key (an own `stream` key of the
/// item comes later and wins, as in `{ stream, ...item }`).
pub fn tagged(stream: &str, item: &Item) -> String {
    let raw = item.raw.as_ref();
    let mut row = String::with_capacity(raw.len() + 20);
    row.push_str("{\"stream\":");
    push_json_string(&mut row, stream);
    match raw.strip_prefix('{') {
        Some("}") | None => row.push('}'),
        Some(rest) => {
            row.push(',');
            row.push_str(rest);
        }
    }
    row
}

/// `map` as compact JSON, each of `lists`' keys written as the array of its item texts.
pub fn write_with_items(map: &Map<String, Value>, lists: &[(&str, &[&str])]) -> String {
    let size: usize = lists.iter().flat_map(|(_, raws)| raws.iter()).map(|r| r.len() + 1).sum();
    let mut out = String::with_capacity(size + 512);
    out.push('{');
    for (i, (key, value)) in map.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_json_string(&mut out, key);
        out.push(':');
        match lists.iter().find(|(k, _)| k == key) {
            Some((_, raws)) => {
                out.push('[');
                out.push_str(&raws.join(","));
                out.push(']');
            }
            None => push_value(&mut out, value),
        }
    }
    out.push('}');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_only_the_asked_fields_and_keeps_the_text() {
        let text = br#"[{"type":"a","payload":{"deep":[1,{"x":2}]},"cap":3},7,"s",[1],null,{"type":"\u00e9"}]"#;
        let items = read_items(text, &["type", "cap"], "events").expect("ok");
        assert_eq!(items.len(), 6);
        assert_eq!(items[0].raw, r#"{"type":"a","payload":{"deep":[1,{"x":2}]},"cap":3}"#);
        assert_eq!(
            (items[0].get("type"), items[0].get("cap"), items[0].get("payload")),
            (Some(&Value::from("a")), Some(&Value::from(3)), None)
        );
        assert_eq!(items[1].get("type"), None);
        assert_eq!(items[5].get("type"), Some(&Value::from("é")));
        assert!(matches!(items[0].raw, Cow::Borrowed(_)));
    }

    #[test]
    fn lone_surrogates_and_bad_input_take_the_ordinary_parse() {
        let items = read_items(br#"[{"type":"a\ud800"}]"#, &["type"], "events").expect("ok");
        assert_eq!(items[0].get("type"), Some(&Value::from("a\u{fffd}")));
        assert_eq!(read_items(b"null", &["type"], "events").map(|i| i.len()).ok(), Some(0));
        assert_eq!(
            read_items(b"{}", &["type"], "events").err().map(|e| e.code),
            Some(crate::error::ErrorCode::InvalidInput)
        );
        assert_eq!(
            read_items(b"[1,", &["type"], "events").err().map(|e| e.code),
            Some(crate::error::ErrorCode::InvalidInput)
        );
    }

    #[test]
    fn marker_keys_are_data_and_items_keep_their_text() {
        let text = br#"[{"$serde_json::private::RawValue":"[1]","type":{"$serde_json::private::RawValue":2}}]"#;
        let items = read_items(text, &["type", "$serde_json::private::RawValue"], "events").expect("ok");
        assert_eq!(
            items[0].raw,
            r#"{"$serde_json::private::RawValue":"[1]","type":{"$serde_json::private::RawValue":2}}"#
        );
        assert_eq!(items[0].get("$serde_json::private::RawValue"), Some(&Value::from("[1]")));
        assert_eq!(to_json(items[0].get("type").expect("type")), r#"{"$serde_json::private::RawValue":2}"#);
    }

    #[test]
    fn the_split_keeps_each_item_whole_and_refuses_what_is_not_an_array() {
        let text = " [ \"a,]\\\"\" , {\"k\":[1,{\"x\":\"}\"}]} ,-1.5e3,[],{} ,true\n]\n";
        let raws: Vec<String> =
            read_items(text.as_bytes(), &[], "rows").expect("ok").iter().map(|i| i.raw.to_string()).collect();
        assert_eq!(raws, [r#""a,]\"""#, r#"{"k":[1,{"x":"}"}]}"#, "-1.5e3", "[]", "{}", "true"]);
        assert!(matches!(read_items(text.as_bytes(), &[], "rows").expect("ok")[1].raw, Cow::Borrowed(_)));
        for bad in ["[1,]", "[1 2]", "[,1]", "[1]]", "[{\"a\":1}", "[{\"a\" 1}]", "[", " ", "[1,2", "[\"x]"] {
            assert!(fast(bad.as_bytes(), &[]).is_none(), "{bad}");
            assert_eq!(
                read_items(bad.as_bytes(), &[], "rows").err().map(|e| e.code),
                Some(crate::error::ErrorCode::InvalidInput),
                "{bad}"
            );
        }
        assert_eq!(read_items(b" null ", &[], "rows").map(|i| i.len()).ok(), Some(0));
        assert_eq!(read_items(b"[ ]", &[], "rows").map(|i| i.len()).ok(), Some(0));
    }

    #[test]
    fn writes_items_as_their_text() {
        let mut map = Map::new();
        map.insert("n".into(), Value::from(1));
        map.insert("events".into(), Value::Null);
        map.insert("z".into(), Value::from(1e21));
        assert_eq!(
            write_with_items(&map, &[("events", &[r#"{"a":1}"#, "2"])]),
            r#"{"n":1,"events":[{"a":1},2],"z":1e+21}"#
        );
        let items = read_items(br#"[{"a":1,"stream":"x"},{},5]"#, &[], "rows").expect("ok");
        let rows: Vec<String> = items.iter().map(|i| tagged("game", i)).collect();
        assert_eq!(rows, [r#"{"stream":"game","a":1,"stream":"x"}"#, r#"{"stream":"game"}"#, r#"{"stream":"game"}"#]);
    }
}
