//! How a filtered read says what its filter left out, so "the filter matched nothing" never reads
//! like "nothing exists".
//!
//! - [`describe_filter`] — the filter as the caller wrote it (`name=Plyer, layer=2d`);
//!   [`describe_query_filter`] reads it from a query.
//! - [`live_set`] — a capped, distinct vocabulary (`{a, b, … +N more}`), closest-first when the
//!   caller's value is known, so a typo's intended value survives the cap.
//! - [`empty_filter_hint`] — the hint of a filtered read that matched nothing: how many rows the
//!   unfiltered read has and which values are live.
//!
//! Strings are compared, sliced and sorted in UTF-16 code units and trimmed with JavaScript's
//! whitespace set, so every text is the one a JavaScript implementation of the same rule writes.

use std::cmp::Ordering;

use serde_json::Value;

use crate::json::number::js_number_string;
use crate::json::value::to_json;

/// Largest vocabulary a hint lists. The hint points at the data; a scene's full name list is
/// the unbounded payload a filter exists to avoid.
pub const LIVE_VOCABULARY_CAP: usize = 12;

/// Characters of each side the edit distance looks at: it ranks, it does not spell-check.
const DISTANCE_PREFIX_UNITS: usize = 64;

/// JavaScript's `\s` / `String.prototype.trim` set (WhiteSpace and LineTerminator).
pub fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}' | '\u{feff}'
    )
}

/// Whether `s` has anything but JavaScript whitespace.
pub fn is_blank(s: &str) -> bool {
    s.chars().all(is_js_space)
}

/// JavaScript's default `sort()` order for strings: by UTF-16 code unit.
pub fn utf16_cmp(a: &str, b: &str) -> Ordering {
    a.encode_utf16().cmp(b.encode_utf16())
}

/// `String(v)` as `Array.prototype.join` writes an element: `null` is empty, arrays join with
/// commas, objects are `[object Object]`.
fn join_element(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Number(n) => js_number_string(n.as_f64().unwrap_or(f64::NAN)),
        Value::Bool(b) => b.to_string(),
        Value::Array(items) => items.iter().map(join_element).collect::<Vec<_>>().join(","),
        Value::Object(_) => "[object Object]".to_owned(),
    }
}

/// The filter for a sentence: `k=v` pairs joined by `, `, in the caller's key order. Absent,
/// `null`, `""`, `false` and empty-array entries are left out — they filtered nothing. An array
/// is `k=[a,b]`, a string is itself, anything else its JSON text.
pub fn describe_filter<'a>(entries: impl IntoIterator<Item = (&'a str, &'a Value)>) -> String {
    let mut parts = Vec::new();
    for (k, v) in entries {
        match v {
            Value::Null | Value::Bool(false) => {}
            Value::String(s) if s.is_empty() => {}
            Value::Array(items) if items.is_empty() => {}
            Value::Array(items) => parts.push(format!("{k}=[{}]", join_element(&Value::Array(items.clone())))),
            Value::String(s) => parts.push(format!("{k}={s}")),
            other => parts.push(format!("{k}={}", to_json(other))),
        }
    }
    parts.join(", ")
}

/// [`describe_filter`] of the query parameters `keys`, in that order, each as `given` reads it
/// from the caller's query (a parameter the query does not have filtered nothing).
pub fn describe_query_filter<'a>(given: impl Fn(&str) -> Option<&'a Value>, keys: &[&'a str]) -> String {
    static ABSENT: Value = Value::Null;
    describe_filter(keys.iter().map(|&k| (k, given(k).unwrap_or(&ABSENT))))
}

/// Case-insensitive edit distance on the first 64 UTF-16 units of each side.
fn distance(a: &str, b: &str) -> usize {
    let x: Vec<u16> = a.to_lowercase().encode_utf16().take(DISTANCE_PREFIX_UNITS).collect();
    let y: Vec<u16> = b.to_lowercase().encode_utf16().take(DISTANCE_PREFIX_UNITS).collect();
    let mut prev: Vec<usize> = (0..=y.len()).collect();
    for (i, &xc) in x.iter().enumerate() {
        let mut cur = vec![i + 1; y.len() + 1];
        for (j, &yc) in y.iter().enumerate() {
            cur[j + 1] = (prev[j + 1] + 1).min(cur[j] + 1).min(prev[j] + usize::from(xc != yc));
        }
        prev = cur;
    }
    prev[y.len()]
}

/// `{a, b, c, … +N more}`: the distinct non-blank `values`, at most `cap` of them, sorted by
/// UTF-16 code unit — or, given `near` (the value the caller asked for), values containing it
/// (case-insensitively) first, then by edit distance, ties kept alphabetical.
pub fn live_set<'a>(values: impl IntoIterator<Item = &'a str>, cap: usize, near: Option<&str>) -> String {
    let mut uniq: Vec<&str> = values.into_iter().filter(|v| !is_blank(v)).collect();
    uniq.sort_by(|a, b| utf16_cmp(a, b));
    uniq.dedup();
    if let Some(near) = near.filter(|n| !n.is_empty()) {
        let needle = near.to_lowercase();
        let rank = |v: &str| if v.to_lowercase().contains(&needle) { -1 } else { distance(v, near) as i64 };
        let mut ranked: Vec<(&str, i64)> = uniq.iter().map(|v| (*v, rank(v))).collect();
        ranked.sort_by_key(|&(_, r)| r); // stable: ties keep the alphabetical order
        uniq = ranked.into_iter().map(|(v, _)| v).collect();
    }
    let shown = &uniq[..cap.min(uniq.len())];
    let more = uniq.len() - shown.len();
    let mut out = String::from("{");
    out.push_str(&shown.join(", "));
    if more > 0 {
        if !shown.is_empty() {
            out.push_str(", ");
        }
        out.push_str(&format!("… +{more} more"));
    }
    out.push('}');
    out
}

/// What a filtered read that matched nothing discloses.
pub struct EmptyFilter<'a> {
    /// The row noun, singular: `entity`, `rect`, `asset`.
    pub what: &'a str,
    /// [`describe_filter`]'s output, or a short phrase naming the filter.
    pub filter: &'a str,
    /// Rows the same read returns with no filter.
    pub unfiltered_count: f64,
    /// What `unfiltered_count` counts, finishing "but N …"; `None` → `exist unfiltered`.
    pub unfiltered_label: Option<&'a str>,
    /// Named live vocabularies (`name`, `layer`, …); a vocabulary with no non-blank value is skipped.
    pub live: Vec<(&'a str, Vec<&'a str>)>,
    /// Per vocabulary, the value the caller asked for: that vocabulary is listed closest-first.
    pub near: Vec<(&'a str, &'a str)>,
}

/// The label of the zero case: `exist with no filter` → `with no filter`.
fn zero_label(label: Option<&str>) -> String {
    match label.filter(|l| !l.is_empty()) {
        None => "unfiltered".to_owned(),
        Some(l) => match l.strip_prefix("exist") {
            Some(rest) => rest.trim_start_matches(is_js_space).to_owned(),
            None => l.to_owned(),
        },
    }
}

/// The hint for a filtered read that matched nothing. It tells the two readings apart — nothing
/// exists, or the filter missed — because an empty list cannot say which by itself.
pub fn empty_filter_hint(d: &EmptyFilter) -> String {
    let count = js_number_string(d.unfiltered_count);
    if d.unfiltered_count == 0.0 {
        return format!(
            "no {} matches {} — and none exist to match (0 {}), so the filter is not why this is empty.",
            d.what,
            d.filter,
            zero_label(d.unfiltered_label)
        );
    }
    let vocab: Vec<String> = d
        .live
        .iter()
        .filter(|(_, vs)| vs.iter().any(|v| !is_blank(v)))
        .map(|(k, vs)| {
            let near = d.near.iter().find(|(nk, _)| nk == k).map(|(_, v)| *v);
            format!("{k} ∈ {}", live_set(vs.iter().copied(), LIVE_VOCABULARY_CAP, near))
        })
        .collect();
    let mut out = format!(
        "no {} matches {}, but {count} {}.",
        d.what,
        d.filter,
        d.unfiltered_label.unwrap_or("exist unfiltered")
    );
    if !vocab.is_empty() {
        out.push_str(&format!(" Live now: {}.", vocab.join("; ")));
    }
    out.push_str(" Check the spelling, or drop the filter.");
    out
}

#[cfg(test)]
#[path = "filter_disclosure_tests.rs"]
mod tests;
