//! Append-only stream summaries: the console ring, the game journal, the editor journal and
//! watch series, answered the way the editor's agent ops answer them.
//!
//! Every reply is summary-first: the tail (or, after a forward cursor, the head) of what matched,
//! with counts over the whole set, the cursor to read on from, and a hint whenever something was
//! left out. The rules each capability follows live in one file each:
//!
//! - [`window`] — how many items a tail or head keeps (`limit` guards), the tail hint, the defaults.
//! - [`levels`] — console and journal level thresholds.
//! - [`cursor`] — forward cursors (`since`, `sinceCap`) with their `epoch` and `cursorReset`.
//! - [`log_budget`] — character budgets for log text (per line, per entry, per answer).
//! - [`items`] — ring items read as raw text with only the fields a summary reads parsed.
//! - [`console`], [`journal`], [`editor_journal`], [`watch`] — the four replies.
//!
//! A summarizer that cannot honour a query value answers with the editor's refusal body
//! (`{ ok: false, code, error, options? }`) as its reply, exactly as the editor's op returns it;
//! input it cannot read at all is an [`crate::error::ErrorCode::InvalidInput`] error.

pub mod console;
pub mod cursor;
pub mod editor_journal;
pub mod items;
pub mod journal;
pub mod levels;
pub mod log_budget;
pub mod watch;
pub mod window;

use serde_json::{Map, Value};

pub use super::num as count;
pub use super::object_or_empty as object;

use super::Histogram;
use crate::error::{Error, Result};
use crate::json::number::js_number_string;

/// `String(value)` as JavaScript writes it: what a template literal interpolates and what an
/// object key becomes. `None` is `undefined`.
pub fn js_string(value: Option<&Value>) -> String {
    match value {
        None => "undefined".to_owned(),
        Some(Value::Null) => "null".to_owned(),
        Some(Value::Bool(b)) => b.to_string(),
        Some(Value::Number(n)) => js_number_string(n.as_f64().unwrap_or(f64::NAN)),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| if v.is_null() { String::new() } else { js_string(Some(v)) })
            .collect::<Vec<_>>()
            .join(","),
        Some(Value::Object(_)) => "[object Object]".to_owned(),
    }
}

/// `Number(value)` for the values JSON can carry (relational comparisons coerce this way).
pub fn js_number(value: Option<&Value>) -> f64 {
    match value {
        None => f64::NAN,
        Some(Value::Null) => 0.0,
        Some(Value::Bool(b)) => f64::from(u8::from(*b)),
        Some(Value::Number(n)) => n.as_f64().unwrap_or(f64::NAN),
        Some(Value::String(s)) => string_to_number(s),
        Some(Value::Array(items)) => match items.as_slice() {
            [] => 0.0,
            [one] if !one.is_array() && !one.is_object() => js_number(Some(one)),
            _ => string_to_number(&js_string(value)),
        },
        Some(Value::Object(_)) => f64::NAN,
    }
}

fn string_to_number(s: &str) -> f64 {
    let t = s.trim();
    if t.is_empty() {
        return 0.0;
    }
    match t {
        "Infinity" | "+Infinity" => return f64::INFINITY,
        "-Infinity" => return f64::NEG_INFINITY,
        _ => {}
    }
    // Rust also reads "inf" and "nan"; JavaScript's Number() does not.
    if !t.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E')) {
        return f64::NAN;
    }
    t.parse::<f64>().unwrap_or(f64::NAN)
}

/// `a > b` with JavaScript's number coercion (`undefined`, objects and NaN compare false).
pub fn js_greater(a: Option<&Value>, b: f64) -> bool {
    js_number(a) > b
}

/// `a === b` for values parsed from JSON: numbers by value (`1` and `1.0` are one number),
/// strings, booleans and `null` by content, and an array or object never (each is its own object).
pub fn js_strict_eq(a: Option<&Value>, b: &Value) -> bool {
    match (a, b) {
        (Some(Value::Number(x)), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Some(Value::Array(_) | Value::Object(_)), _) | (_, Value::Array(_) | Value::Object(_)) => false,
        (Some(a), b) => a == b,
        (None, _) => false,
    }
}

/// A JSON number as `f64`, when the value is one (the editor's `typeof x === 'number'`).
pub fn number(value: Option<&Value>) -> Option<f64> {
    value.and_then(Value::as_f64)
}

/// JavaScript truthiness of an optional query value.
pub fn js_truthy(value: Option<&Value>) -> bool {
    match value {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => n.as_f64().is_some_and(|x| x != 0.0 && !x.is_nan()),
        Some(Value::String(s)) => !s.is_empty(),
        Some(_) => true,
    }
}

/// `x != null`: present and not `null`.
pub fn present(value: Option<&Value>) -> bool {
    !matches!(value, None | Some(Value::Null))
}

/// The list a summarizer reads: an array, or `null` (an absent producer output) as empty.
pub fn list<'a>(value: &'a Value, what: &str) -> Result<&'a [Value]> {
    super::array_or_empty(value, what).map_err(Error::invalid_input)
}

/// Histogram of `key_of(item)` over `items`, first-seen order, every key an own key.
pub fn histogram<'a>(items: impl IntoIterator<Item = &'a Value>, key_of: impl Fn(&Value) -> String) -> Value {
    let mut h = Histogram::new();
    items.into_iter().for_each(|item| h.add(&key_of(item)));
    h.into_value()
}

/// `String(e.type ?? '?')`, the journals' histogram key, from an item's `type`.
pub fn type_key(type_: Option<&Value>) -> String {
    match type_ {
        None | Some(Value::Null) => "?".to_owned(),
        other => js_string(other),
    }
}

/// The editor's refusal body: `{ ok: false, code, error, options? }`.
pub fn refusal(code: &str, error: String, options: Option<&[&str]>) -> Value {
    let mut out = Map::new();
    out.insert("ok".into(), Value::Bool(false));
    out.insert("code".into(), Value::from(code));
    out.insert("error".into(), Value::from(error));
    if let Some(options) = options {
        out.insert("options".into(), Value::Array(options.iter().map(|o| Value::from(*o)).collect()));
    }
    Value::Object(out)
}

/// The largest numeric `key` across `items`, or 0 (the editor's newest-seq reduction).
pub fn max_number<'a>(items: impl IntoIterator<Item = &'a Value>, key: &str) -> f64 {
    items.into_iter().filter_map(|e| number(e.get(key))).fold(0.0, f64::max)
}

/// A JSON number from an `f64` that came from the input or the arithmetic here.
pub fn float(x: f64) -> Value {
    serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testing::json as v;

    #[test]
    fn js_string_and_number_follow_javascript() {
        assert_eq!(js_string(None), "undefined");
        assert_eq!(js_string(Some(&v("[1,null,[2,3]]"))), "1,,2,3");
        assert_eq!(js_string(Some(&v("{}"))), "[object Object]");
        assert_eq!(js_string(Some(&v("1e21"))), "1e+21");
        assert_eq!(js_number(Some(&v("\" 7 \""))), 7.0);
        assert_eq!(js_number(Some(&v("\"\""))), 0.0);
        assert!(js_number(Some(&v("\"abc\""))).is_nan());
        assert!(js_number(Some(&v("\"inf\""))).is_nan());
        assert_eq!(js_number(Some(&v("[5]"))), 5.0);
        assert!(!js_greater(None, 0.0));
        assert!(js_greater(Some(&v("true")), 0.5));
        assert!(js_strict_eq(Some(&v("1")), &v("1.0")));
        assert!(!js_strict_eq(Some(&v("[1]")), &v("[1]")));
        assert!(!js_strict_eq(Some(&v("\"1\"")), &v("1")));
        assert!(!js_strict_eq(None, &v("null")));
    }

    #[test]
    fn refusal_body_has_the_editor_shape() {
        assert_eq!(
            crate::json::value::to_json(&refusal("REFUSED_BY_OP", "no.".into(), Some(&["a", "b"]))),
            r#"{"ok":false,"code":"REFUSED_BY_OP","error":"no.","options":["a","b"]}"#
        );
    }
}

/// A producer's own key an item or reply passes through, whatever its value. Declared for the JS
/// types only (`unknown`).
#[cfg(test)]
#[derive(ts_rs::TS)]
#[ts(type = "unknown")]
pub(crate) struct Passed;
