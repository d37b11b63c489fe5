//! Summary-first summarizers for the editor's heavy tools.
//!
//! Each one is a pure function: the producer's full output plus the agent's query in (as JSON
//! text from V8's `JSON.stringify`), the agent payload out (JSON text written with
//! [`crate::json::value`], so numbers print exactly as JavaScript prints them and keys keep the
//! order the reply defines). The JS side `JSON.parse`s the result, which makes data keys such as
//! `__proto__` ordinary own keys. Inputs are never mutated: they arrive as text.
//!
//! - [`scene_state`] (+ [`where_filter`]) — the scene index and its drill-downs.
//! - [`layout_bounds`] (+ [`layout_overlaps`]) — counts-first layout rects with a sweep-based
//!   overlap count.
//! - [`assets`], [`traits`] — index-first asset and trait listings.
//! - [`handles`] — interaction-handle counts, or the geometry a filter asks for.
//! - [`filter_disclosure`] — what a filtered read says when its filter matched nothing.
//! - [`stream`] — console, journal, editor-journal and watch summaries: tails, cursors, log budgets.
//! - [`write_path`] — scene-edit echo gating and screenshot results.

pub mod assets;
pub mod filter_disclosure;
pub mod guid;
pub mod handles;
pub mod layout_bounds;
pub mod layout_entries;
pub mod layout_overlaps;
pub mod scene_state;
pub mod stream;
pub mod traits;
pub mod where_filter;
pub mod write_path;

use serde_json::{Map, Value};

use crate::json::number::js_number_string;
use crate::json::value::to_json;

/// Parses JSON text from `JSON.stringify` with the crate's one reader ([`crate::json::read`]:
/// a lone surrogate becomes U+FFFD).
pub fn parse_json(bytes: &[u8]) -> Result<Value, String> {
    crate::json::read::read_value(bytes).map_err(|e| format!("input is not valid JSON: {e}"))
}

/// Typed parse with the same reader as [`parse_json`].
pub fn parse_typed<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    crate::json::read::read(bytes).map_err(|e| format!("input has an unexpected shape: {e}"))
}

/// An ordered JSON object under construction; keys are written in insertion order.
#[derive(Default)]
pub struct Obj(Map<String, Value>);

impl Obj {
    /// An empty object.
    pub fn new() -> Self {
        Obj(Map::new())
    }
    /// Appends (or replaces in place) `key`.
    pub fn set(&mut self, key: &str, value: impl Into<Value>) -> &mut Self {
        self.0.insert(key.to_owned(), value.into());
        self
    }
    /// The object as a JSON value, to nest inside another.
    pub fn into_value(self) -> Value {
        Value::Object(self.0)
    }
    /// The object as compact JSON text, numbers and strings exactly as `JSON.stringify` writes them.
    pub fn to_json(self) -> String {
        to_json(&Value::Object(self.0))
    }
}

/// A count or index as a JSON number.
pub fn num(n: usize) -> Value {
    Value::from(n as u64)
}

/// A histogram whose keys keep first-seen order (what a JS object built by `counts[k] = …`
/// gives for non-index keys, and the order every summarizer's histograms keep).
#[derive(Default)]
pub struct Histogram {
    counts: Map<String, Value>,
}

impl Histogram {
    /// An empty histogram.
    pub fn new() -> Self {
        Self::default()
    }
    /// Counts one occurrence of `key`.
    pub fn add(&mut self, key: &str) {
        match self.counts.get_mut(key) {
            Some(Value::Number(n)) => {
                let next = n.as_u64().unwrap_or(0) + 1;
                *n = next.into();
            }
            _ => {
                self.counts.insert(key.to_owned(), Value::from(1u64));
            }
        }
    }
    /// The histogram as a JSON object.
    pub fn into_value(self) -> Value {
        Value::Object(self.counts)
    }
    /// The keys in the order `Object.keys` lists them on the parsed object: array-index keys
    /// first, ascending, then the rest in first-seen order.
    pub fn js_keys(&self) -> Vec<&str> {
        let (mut index, rest): (Vec<&str>, Vec<&str>) =
            self.counts.keys().map(String::as_str).partition(|k| array_index(k).is_some());
        index.sort_by_key(|k| array_index(k));
        index.extend(rest);
        index
    }
}

/// The value of `key` when JavaScript treats it as an array index (`"0"`, `"17"`; not `"01"`).
fn array_index(key: &str) -> Option<u32> {
    if key.is_empty() || (key.len() > 1 && key.starts_with('0')) || !key.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    key.parse::<u32>().ok().filter(|&n| n != u32::MAX)
}

/// `String(value)` for a scalar as the histogram keys and string comparisons need it;
/// `missing` for null/absent (`'?'` in the summarizers), JSON text for containers.
pub fn key_string(value: Option<&Value>, missing: &str) -> String {
    match value {
        None | Some(Value::Null) => missing.to_owned(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => js_number_string(n.as_f64().unwrap_or(f64::NAN)),
        Some(Value::Bool(b)) => b.to_string(),
        Some(other) => to_json(other),
    }
}

/// Whether a query flag is on. Flags arrive from tool arguments or URL query strings, so
/// `true`, non-zero numbers and strings other than `""`, `"0"` and `"false"` all count.
pub fn truthy(value: Option<&Value>) -> bool {
    match value {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => n.as_f64().is_some_and(|x| x != 0.0),
        Some(Value::String(s)) => !(s.is_empty() || s == "0" || s == "false"),
        Some(_) => true,
    }
}

/// A query value that counts as given: not absent, null or the empty string.
pub fn given(value: Option<&Value>) -> Option<&Value> {
    match value {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s.is_empty() => None,
        Some(v) => Some(v),
    }
}

/// A numeric query value: a JSON number, or a string `Number()` would read as finite.
pub fn as_number(value: Option<&Value>) -> Option<f64> {
    match value? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => parse_js_number(s),
        _ => None,
    }
}

/// `Number(s)` for the decimal forms a query can carry; `None` for NaN, ±Infinity and `""`.
pub fn parse_js_number(s: &str) -> Option<f64> {
    let t = s.trim();
    if t.is_empty() {
        return None;
    }
    // Rust accepts "inf"/"nan"/"infinity"; JavaScript's Number() does not treat them as finite.
    if !t.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E')) {
        return None;
    }
    t.parse::<f64>().ok().filter(|x| x.is_finite())
}

/// A limit as the summarizers read it: the caller's number (floored, negative → 0), or `None`
/// when absent or not a finite number (then the summarizer's default applies).
pub fn read_limit(value: Option<&Value>) -> Option<usize> {
    let x = as_number(value)?;
    if x <= 0.0 {
        return Some(0);
    }
    // Saturating: an explicit huge limit simply means "everything".
    Some(if x >= usize::MAX as f64 { usize::MAX } else { x.floor() as usize })
}

/// JavaScript truthiness of a query value: what an `if (q.type)` in the editor tests. `0`, `""`,
/// `false`, `null` and absent are off; everything else (including `"0"`) is on.
pub fn js_truthy(value: Option<&Value>) -> bool {
    match value {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => n.as_f64().is_some_and(|x| x != 0.0),
        Some(Value::String(s)) => !s.is_empty(),
        Some(_) => true,
    }
}

/// A `limit` that keeps a prefix, as the summarizers with an explicit `limit` read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// No `limit` key (or `null`): the call is not limited and `limit` does not target.
    Absent,
    /// A `limit` was given but caps nothing: NaN, `+Infinity`, or text that is not a number.
    Uncapped,
    /// At most this many rows (a negative limit keeps none; fractions are cut toward zero).
    Cap(usize),
}

impl Limit {
    /// Reads `limit` from a query. Numeric strings count (URL query strings carry them); the
    /// JS side sends a non-finite number as its `String()` form so it is not lost as `null`.
    pub fn read(value: Option<&Value>) -> Limit {
        let x = match value {
            None | Some(Value::Null) => return Limit::Absent,
            Some(Value::Number(n)) => n.as_f64().unwrap_or(f64::NAN),
            Some(Value::String(s)) if s.trim() == "-Infinity" => f64::NEG_INFINITY,
            Some(Value::String(s)) if s.trim().is_empty() => 0.0,
            Some(Value::String(s)) => parse_js_number(s).unwrap_or(f64::NAN),
            Some(_) => f64::NAN,
        };
        if x.is_nan() || x == f64::INFINITY {
            Limit::Uncapped
        } else if x <= 0.0 {
            Limit::Cap(0)
        } else if x >= usize::MAX as f64 {
            Limit::Uncapped
        } else {
            Limit::Cap(x as usize)
        }
    }
    /// Rows kept of `total`, and whether the limit cut any.
    pub fn apply(self, total: usize) -> (usize, bool) {
        match self {
            Limit::Cap(n) if n < total => (n, true),
            _ => (total, false),
        }
    }
}

/// A reply struct as compact JSON text, numbers written exactly as `JSON.stringify` writes them
/// (serde's own writer prints `1e21` where JavaScript prints `1e+21`). Field order is key order.
pub fn reply_json<T: serde::Serialize>(reply: &T) -> crate::error::Result<String> {
    let value = serde_json::to_value(reply)
        .map_err(|e| crate::error::Error::invalid_input(format!("reply could not be built: {e}")))?;
    Ok(to_json(&value))
}

/// The object behind `value`, or an empty one (absent options, `null`).
pub fn object_or_empty(value: &Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map.clone(),
        _ => Map::new(),
    }
}

/// The array behind `value`; `null` (an absent input) is an empty list, anything else an error.
pub fn array_or_empty<'a>(value: &'a Value, what: &str) -> Result<&'a [Value], String> {
    match value {
        Value::Array(items) => Ok(items),
        Value::Null => Ok(&[]),
        _ => Err(format!("{what} must be an array")),
    }
}

/// Lowercases like `String.prototype.toLowerCase` for the substring filters.
pub fn lower(s: &str) -> String {
    s.to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lone_surrogate_escapes_become_replacement_characters() {
        let text = br#"["a\ud800b","\udc00","\ud83d\ude00","\\ud800"]"#;
        let value = parse_json(text).expect("parses after cleanup");
        assert_eq!(to_json(&value), "[\"a\u{fffd}b\",\"\u{fffd}\",\"\u{1f600}\",\"\\\\ud800\"]");
    }

    #[test]
    fn invalid_json_is_an_error_not_a_panic() {
        assert!(parse_json(b"{").is_err());
        assert!(parse_json(b"").is_err());
    }

    #[test]
    fn histogram_keeps_first_seen_order_and_hostile_keys() {
        let mut h = Histogram::new();
        for k in ["b", "__proto__", "a", "b", "constructor", "__proto__"] {
            h.add(k);
        }
        assert_eq!(to_json(&h.into_value()), r#"{"b":2,"__proto__":2,"a":1,"constructor":1}"#);
    }

    #[test]
    fn query_values_read_like_tool_arguments() {
        let v = |s: &str| serde_json::from_str::<Value>(s).expect("json");
        assert!(truthy(Some(&v("true"))) && truthy(Some(&v("1"))) && truthy(Some(&v("\"1\""))));
        assert!(!truthy(Some(&v("false"))) && !truthy(Some(&v("0"))) && !truthy(Some(&v("\"0\""))) && !truthy(None));
        assert_eq!(read_limit(Some(&v("0"))), Some(0));
        assert_eq!(read_limit(Some(&v("-3"))), Some(0));
        assert_eq!(read_limit(Some(&v("\"7\""))), Some(7));
        assert_eq!(read_limit(Some(&v("2.9"))), Some(2));
        assert_eq!(read_limit(Some(&v("1e300"))), Some(usize::MAX));
        assert_eq!(read_limit(Some(&v("\"abc\""))), None);
        assert_eq!(read_limit(Some(&v("\"Infinity\""))), None);
        assert_eq!(read_limit(None), None);
    }
}
