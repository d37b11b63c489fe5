//! The preview (`preview::preview`) on arbitrary values, texts, arguments, schemas and budgets.
//!
//! Never panics, and deterministic: the same call twice gives the same preview. Its `chars` and
//! `tokens` are the exact length and count of its text. A JSON preview is valid JSON with no key
//! twice in one object (`JSON.parse` keeps only the last: a value's own `_cut` must not sit
//! beside the marker); once the budget holds the smallest preview (the value's counts alone) it
//! is within both limits. It tells the truth about the value: a part shown equals the value's
//! part, a cut collection's `_cut` counts add up, and every shown item's `index` names the item
//! it shows (the item, or a preview of it, checked the same way down the tree). JSON given as
//! printed (`Input::Printed`, not checked again) previews exactly as checked JSON does, and
//! bytes given as printed that are not JSON never panic. Told the spans the elision pass over the
//! same text descended into and the collection as it read it (`preview_knowing`), it previews
//! exactly as without them; told any other spans or read, it never panics.
#![no_main]

#[path = "../common/arbitrary_json.rs"]
mod arbitrary_json;

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use modoki_budget::elision::{json_pass, Limits};
use modoki_budget::json::items::ItemsRead;
use modoki_budget::json::span::{Member, Span};
use modoki_budget::json::string::utf16_len;
use modoki_budget::json::value::to_json;
use modoki_budget::preview::matches::Needles;
use modoki_budget::preview::render::Render;
use modoki_budget::preview::{preview, preview_knowing, scan, Budget, Input, Known, Preview};
use modoki_budget::tokens::{count, Encoding};
use serde::de::{Deserialize, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};
use serde_json::{json, Map, Value};
use std::collections::HashSet;

fn budget(u: &mut Unstructured) -> Result<Budget> {
    let max_tokens = match u.int_in_range(0..=2u8)? {
        0 => u.int_in_range(0..=64usize)?,
        1 => u.int_in_range(0..=600usize)?,
        _ => u.int_in_range(0..=3000usize)?,
    };
    let max_chars = match u.int_in_range(0..=2u8)? {
        0 => u.int_in_range(0..=256usize)?,
        1 => u.int_in_range(0..=2400usize)?,
        _ => u.int_in_range(0..=12000usize)?,
    };
    let encoding = if u.arbitrary()? { Encoding::O200kBase } else { Encoding::Cl100kBase };
    Ok(Budget { max_tokens, max_chars, encoding })
}

/// The call's arguments: strings a result may contain (so matches are found), or any value.
fn arguments(u: &mut Unstructured, value: &Value) -> Result<Value> {
    if u.ratio(1, 2)? {
        return arbitrary_json::value(u, 4);
    }
    let mut strings = Vec::new();
    collect_strings(value, &mut strings);
    let mut map = Map::new();
    if !strings.is_empty() {
        let s = u.choose(&strings)?;
        let keep: usize = u.int_in_range(0..=s.chars().count())?;
        map.insert("query".into(), Value::String(s.chars().take(keep).collect()));
    }
    Ok(Value::Object(map))
}

fn collect_strings(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) => out.push(s.clone()),
        Value::Array(items) => items.iter().take(32).for_each(|v| collect_strings(v, out)),
        Value::Object(map) => map.values().take(32).for_each(|v| collect_strings(v, out)),
        _ => {}
    }
}

fn schema(u: &mut Unstructured) -> Result<Value> {
    Ok(match u.int_in_range(0..=2u8)? {
        0 => Value::Null,
        1 => {
            json!({"type":"object","properties":{"limit":{"type":"integer"},"query":{"type":"string"},"offset":{"type":"number"}}})
        }
        _ => arbitrary_json::value(u, 3)?,
    })
}

/// JSON with no key twice in one object (`JSON.parse` would keep only the last).
struct NoDuplicateKeys;

impl<'de> Deserialize<'de> for NoDuplicateKeys {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        d.deserialize_any(NoDuplicateKeys)
    }
}

impl<'de> Visitor<'de> for NoDuplicateKeys {
    type Value = NoDuplicateKeys;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("JSON")
    }
    fn visit_bool<E>(self, _: bool) -> std::result::Result<Self, E> {
        Ok(self)
    }
    fn visit_i64<E>(self, _: i64) -> std::result::Result<Self, E> {
        Ok(self)
    }
    fn visit_u64<E>(self, _: u64) -> std::result::Result<Self, E> {
        Ok(self)
    }
    fn visit_f64<E>(self, _: f64) -> std::result::Result<Self, E> {
        Ok(self)
    }
    fn visit_str<E>(self, _: &str) -> std::result::Result<Self, E> {
        Ok(self)
    }
    fn visit_unit<E>(self) -> std::result::Result<Self, E> {
        Ok(self)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Self, A::Error> {
        while seq.next_element::<NoDuplicateKeys>()?.is_some() {}
        Ok(self)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<Self, A::Error> {
        let mut seen = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !seen.insert(key.clone()) {
                return Err(A::Error::custom(format!("key {key:?} twice")));
            }
            map.next_value::<NoDuplicateKeys>()?;
        }
        Ok(self)
    }
}

/// The same call twice, with exact `chars` and `tokens`.
fn checked(input: Input<'_>, arguments: &Value, schema: &Value, budget: &Budget) -> Preview {
    let p = preview(input, arguments, schema, budget).expect("tables are compiled in natively");
    assert_eq!(preview(input, arguments, schema, budget).expect("loaded"), p, "not deterministic");
    assert_eq!(p.chars, utf16_len(&p.text));
    assert_eq!(p.tokens, count(budget.encoding, &p.text).expect("loaded"));
    p
}

fn within(p: &Preview, budget: &Budget) {
    assert!(
        p.chars <= budget.max_chars && p.tokens <= budget.max_tokens,
        "{} chars, {} tokens over {budget:?}: {}",
        p.chars,
        p.tokens,
        p.text
    );
}

fn count_of(cut: &Value, key: &str) -> usize {
    cut[key].as_u64().unwrap_or_else(|| panic!("_cut.{key} in {cut}")) as usize
}

/// `shown` is a faithful preview of `value` (see the module docs).
fn check(shown: &Value, value: &Value) {
    if shown == value {
        return;
    }
    match value {
        Value::Array(items) => {
            let cut = &shown["_cut"];
            let total = count_of(cut, "total");
            assert_eq!(total, items.len(), "total of {shown}");
            let listed = shown.get("items").map_or(&[][..], |i| i.as_array().expect("items array").as_slice());
            assert_eq!(count_of(cut, "shown"), listed.len(), "shown of {shown}");
            assert_eq!(count_of(cut, "notShown"), total - listed.len(), "notShown of {shown}");
            let mut last = None;
            for entry in listed {
                let index = entry["index"].as_u64().unwrap_or_else(|| panic!("no index in {entry}")) as usize;
                assert!(index < total && last.is_none_or(|l| l < index), "index {index} after {last:?}");
                last = Some(index);
                check(&entry["item"], &items[index]);
            }
        }
        Value::Object(map) => {
            let entries = shown.as_object().unwrap_or_else(|| panic!("object shown as {shown}"));
            let mut after = 0;
            for (key, part) in entries {
                if key == "_cut" && !map.contains_key("_cut") {
                    let total = count_of(part, "total");
                    assert_eq!(total, map.len(), "total of {shown}");
                    assert_eq!(count_of(part, "shown") + count_of(part, "notShown"), total, "counts of {shown}");
                    continue;
                }
                if key == "_cut" && part.get("total").is_some() && !part.eq(&map["_cut"]) {
                    // The marker, where the value has a `_cut` of its own: then it is not shown.
                    let total = count_of(part, "total");
                    assert_eq!(total, map.len(), "total of {shown}");
                    continue;
                }
                let at = map.keys().position(|k| k == key).unwrap_or_else(|| panic!("key {key:?} not in the value"));
                assert!(at >= after, "key {key:?} out of order");
                after = at + 1;
                check(part, &map[key]);
            }
        }
        // A string's cut forms: cut with a marker, its length, a text preview, a document.
        Value::String(_) => assert!(shown.is_string() || shown.get("_text").is_some(), "string shown as {shown}"),
        _ => panic!("{value} shown as {shown}"),
    }
}

fn json_case(u: &mut Unstructured) -> Result<()> {
    let value = arbitrary_json::value(u, 0)?;
    let text = to_json(&value);
    let (arguments, schema, budget) = (arguments(u, &value)?, schema(u)?, budget(u)?);
    let p = checked(Input::Json(text.as_bytes()), &arguments, &schema, &budget);
    assert!(p.json, "JSON previewed as text");
    // Text the caller printed is not checked again, and previews exactly as checked JSON does.
    assert_eq!(checked(Input::Printed(text.as_bytes()), &arguments, &schema, &budget), p, "printed differs");
    // Told the spans the pass over the same text descended into, and the collection as it read
    // it, the preview is the same.
    let limits = Limits {
        max_chars: u.int_in_range(1..=4000)?,
        max_bytes: None,
        max_tokens: Some(1000),
        encoding: budget.encoding,
    };
    let pass = json_pass(&text, utf16_len(&text), limits, true, None).expect("loaded");
    let known = Known { spans: &pass.spans, read: pass.read.as_ref() };
    let knowing = preview_knowing(Input::Printed(text.as_bytes()), known, &arguments, &schema, &budget);
    assert_eq!(knowing.expect("loaded"), p, "what the pass read changes the preview: {:?} {:?}", pass.spans, pass.read);
    let shown: Value = serde_json::from_str(&p.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", p.text));
    if let Err(e) = serde_json::from_str::<NoDuplicateKeys>(&p.text) {
        panic!("{e}: {}", p.text);
    }
    let needles = Needles::from_arguments(&arguments);
    let smallest = Render::new(text.as_bytes(), &needles).minimal(scan::root(text.as_bytes()));
    if utf16_len(&smallest) <= budget.max_chars
        && count(budget.encoding, &smallest).expect("loaded") <= budget.max_tokens
    {
        within(&p, &budget);
    }
    let parsed: Value = serde_json::from_str(&text).expect("JSON");
    check(&shown, &parsed);
    Ok(())
}

fn text_case(u: &mut Unstructured) -> Result<()> {
    let text = if u.ratio(1, 3)? {
        serde_json::to_string_pretty(&arbitrary_json::value(u, 0)?).expect("serializes")
    } else {
        let lines: Vec<String> = u.arbitrary()?;
        lines.join(if u.arbitrary()? { "\n" } else { "\r\n" })
    };
    let (arguments, schema, budget) = (arguments(u, &Value::String(text.clone()))?, schema(u)?, budget(u)?);
    let p = checked(Input::Text(&text), &arguments, &schema, &budget);
    if p.json {
        serde_json::from_str::<Value>(&p.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", p.text));
    }
    // The smallest text preview, `…[L lines, C chars not shown]`, and a document's counts.
    if budget.max_chars >= 64 && budget.max_tokens >= 32 {
        within(&p, &budget);
    }
    Ok(())
}

fn bytes_case(u: &mut Unstructured) -> Result<()> {
    let budget = budget(u)?;
    let bytes: &[u8] = u.arbitrary()?;
    let p = checked(Input::Json(bytes), &Value::Null, &Value::Null, &budget);
    if p.json {
        serde_json::from_str::<Value>(&p.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", p.text));
    }
    // Printed text that is JSON previews as checked JSON does; bytes that are not (a caller that
    // broke its promise) still never panic.
    let printed = checked(Input::Printed(bytes), &Value::Null, &Value::Null, &budget);
    if scan::is_json(bytes) {
        assert_eq!(printed, p, "printed differs");
    }
    // Spans and a read that are not the pass's never panic either.
    let spans: Vec<(usize, usize)> = u.arbitrary()?;
    let span = |(start, end): (usize, usize)| Span { start, end };
    let mut read = ItemsRead { span: scan::root(bytes), ..ItemsRead::default() };
    for _ in 0..u.int_in_range(0..=8)? {
        read.members
            .push(Member { key: u.arbitrary::<Option<(usize, usize)>>()?.map(span), value: span(u.arbitrary()?) });
        let entries: Vec<((usize, usize), (usize, usize))> = u.arbitrary()?;
        read.entries.push(&entries.into_iter().map(|(k, v)| (span(k), span(v))).collect::<Vec<_>>());
    }
    let known = Known { spans: &spans, read: Some(&read) };
    let _ = preview_knowing(Input::Printed(bytes), known, &Value::Null, &Value::Null, &budget);
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let _ = match u.int_in_range(0..=5u8).unwrap_or(0) {
        0..=3 => json_case(&mut u),
        4 => text_case(&mut u),
        _ => bytes_case(&mut u),
    };
});
