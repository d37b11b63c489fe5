//! Static inflation risk of a tool's output JSON Schema.
//!
//! **Risk.** An array is *unbounded* when its schema has no numeric `maxItems` (a tuple whose
//! `items` is `false` is bounded by its `prefixItems`). The *fields per item* of an array are the
//! properties its item schema declares, counted through nested objects (each one is repeated
//! per item) but not through nested arrays (those are collections of their own). Then:
//! an unbounded array with more than 10 fields per item anywhere → `critical`; any unbounded
//! array → `high`; more than 20 properties declared in the whole schema → `medium`; else `low`.
//!
//! **Token bound.** Cl100k, o200k and every other byte-level BPE give each token at least one
//! byte, so the largest compact-JSON UTF-8 serialization a schema admits bounds the tokens of
//! any response it describes. That byte count is `boundTokens`:
//! - `null` 4, `boolean` 5, `number` 25 (the longest `String(x)` of any double, e.g.
//!   `-0.000001234567890123456`), `integer` with finite `minimum`/`maximum` the longer of the two
//!   printed, else 25;
//! - `string`: `2 + 6 × maxLength` (JSON Schema counts code points; one code point serializes to
//!   at most 6 bytes, `\u001f`); a string without `maxLength` is unbounded;
//! - `enum` / `const`: the longest serialized value;
//! - `array`: `2 + n × item + (n − 1)` for `n = maxItems` (per position with `prefixItems`);
//! - `object`: braces, every declared property (quoted key, colon, value) and the commas.
//!   Only declared properties are assumed to appear; a schema for `additionalProperties` or
//!   `patternProperties` (a map) makes the object unbounded;
//! - `anyOf` / `oneOf`: the largest branch; `allOf`, `not`, a missing type, a non-local or
//!   recursive `$ref`: unbounded. Local `$ref`s (`#/$defs/…`, `#/definitions/…`) are followed.
//!
//! The bound is for the compact JSON of the response; it is deliberately loose (6 bytes per
//! character) because it is a guarantee, not an estimate.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::json::number::js_number_string;
use crate::json::schema::{is_array_schema, max_items, SchemaWalker};
use crate::json::string::push_json_string;
use crate::json::value::{to_json, to_json_text};

/// Fields per item above which an unbounded collection is critical.
pub const CRITICAL_FIELDS_PER_ITEM: usize = 10;
/// Properties in the whole schema above which a bounded schema is medium risk.
pub const MEDIUM_FIELD_COUNT: usize = 20;
/// The longest `String(x)` of any finite double (`-0.000001234567890123456` has 25 characters).
pub const MAX_NUMBER_BYTES: u64 = 25;
/// Static inflation risk, lowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "InflationRiskLevel"))]
pub enum Risk {
    /// Bounded and at most 20 declared properties.
    Low,
    /// Bounded but more than 20 declared properties.
    Medium,
    /// Some array has no `maxItems`.
    High,
    /// Some array without `maxItems` has items of more than 10 fields.
    Critical,
}

impl Risk {
    /// `"low"`, `"medium"`, `"high"` or `"critical"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Low => "low",
            Self::Medium => "medium",
            Self::High => "high",
            Self::Critical => "critical",
        }
    }
}

/// An array without `maxItems`, where the response data holds it (`$.users[].tags`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "UnboundedArray"))]
pub struct Unbounded {
    /// Data path: `$` the response, `.key` a property, `[]` the items of an array.
    pub path: String,
    /// Properties of one item, counted through nested objects.
    pub fields_per_item: usize,
}

/// What [`inflation_risk`] found; serialized as `{risk, fieldCount, unbounded, boundTokens?,
/// truncated?}` (`boundTokens` only when bounded, `truncated` only when true).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "InflationReport"))]
pub struct Inflation {
    /// The classification.
    pub risk: Risk,
    /// Properties declared anywhere in the schema.
    pub field_count: usize,
    /// Every array without `maxItems`, in document order.
    pub unbounded: Vec<Unbounded>,
    /// Upper bound on the tokens of any response the schema admits; `None` when unbounded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub bound_tokens: Option<u64>,
    /// True when the schema was too deep or too large to walk completely (then `risk` covers
    /// the part walked and `bound_tokens` is `None`).
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(test, ts(type = "true"))]
    pub truncated: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// Classifies `schema` and bounds its responses. Never fails: anything that is not a schema
/// object is treated as the empty schema `{}` (unbounded, low risk).
pub fn inflation_risk(schema: &Value) -> Inflation {
    let mut walker = SchemaWalker::new(schema);
    let (mut field_count, mut unbounded) = (0, Vec::new());
    walker.walk(schema, "$".to_owned(), 0, &mut |walker, object, path, depth| {
        if let Some(Value::Object(properties)) = object.get("properties") {
            field_count += properties.len();
        }
        if is_array_schema(object) && max_items(object).is_none() {
            let fields_per_item = object.get("items").map_or(0, |items| item_fields(walker, items, depth + 1));
            unbounded.push(Unbounded { path: format!("{path}[]"), fields_per_item });
        }
    });
    walker.reset_visits();
    let truncated = walker.truncated();
    let bound_tokens = if truncated { None } else { bound(&mut walker, schema, 0) };
    let risk = if unbounded.iter().any(|u| u.fields_per_item > CRITICAL_FIELDS_PER_ITEM) {
        Risk::Critical
    } else if !unbounded.is_empty() {
        Risk::High
    } else if field_count > MEDIUM_FIELD_COUNT {
        Risk::Medium
    } else {
        Risk::Low
    };
    let truncated = walker.truncated();
    Inflation { risk, field_count, unbounded, bound_tokens: if truncated { None } else { bound_tokens }, truncated }
}

/// `inflation_risk` as JSON text (see [`Inflation`] for the keys).
pub fn inflation_json(schema: &Value) -> String {
    to_json_text(&inflation_risk(schema))
}

fn non_negative_integer(value: Option<&Value>) -> Option<u64> {
    let n = value?.as_f64()?;
    (n.is_finite() && n >= 0.0).then(|| n.floor() as u64)
}

fn json_bytes(value: &Value) -> u64 {
    to_json(value).len() as u64
}

/// Properties of one item, through nested objects and combinators, not through arrays.
fn item_fields<'a>(walker: &mut SchemaWalker<'a>, schema: &'a Value, depth: usize) -> usize {
    if !walker.budget(depth) {
        return 0;
    }
    let Some(object) = schema.as_object() else { return 0 };
    let mut count = 0;
    if let Some(Some(target)) = walker.enter_ref(object) {
        count += item_fields(walker, target, depth + 1);
        walker.leave_ref();
    }
    if is_array_schema(object) {
        return count;
    }
    if let Some(Value::Object(properties)) = object.get("properties") {
        count += properties.len();
        for value in properties.values() {
            count += item_fields(walker, value, depth + 1);
        }
    }
    for combinator in ["anyOf", "oneOf"] {
        if let Some(Value::Array(branches)) = object.get(combinator) {
            count += branches.iter().map(|b| item_fields(walker, b, depth + 1)).max().unwrap_or(0);
        }
    }
    if let Some(Value::Array(branches)) = object.get("allOf") {
        count += branches.iter().map(|b| item_fields(walker, b, depth + 1)).sum::<usize>();
    }
    count
}

/// The largest compact-JSON byte length of a value `schema` admits, or `None`.
fn bound<'a>(walker: &mut SchemaWalker<'a>, schema: &'a Value, depth: usize) -> Option<u64> {
    if !walker.budget(depth) {
        return None;
    }
    let object = match schema {
        Value::Bool(false) => return Some(0),
        Value::Object(object) => object,
        _ => return None,
    };
    if let Some(target) = walker.enter_ref(object) {
        let target = target?;
        let bound = bound(walker, target, depth + 1);
        walker.leave_ref();
        return bound;
    }
    if let Some(value) = object.get("const") {
        return Some(json_bytes(value));
    }
    if let Some(Value::Array(values)) = object.get("enum") {
        return Some(values.iter().map(json_bytes).max().unwrap_or(0));
    }
    if object.contains_key("allOf") || object.contains_key("not") {
        return None;
    }
    for combinator in ["anyOf", "oneOf"] {
        if let Some(Value::Array(branches)) = object.get(combinator) {
            let mut largest = 0u64;
            for branch in branches {
                largest = largest.max(bound(walker, branch, depth + 1)?);
            }
            return Some(largest);
        }
    }
    let mut largest = 0u64;
    for t in declared_types(object)? {
        let bound = match t {
            "null" => Some(4),
            "boolean" => Some(5),
            "number" => Some(MAX_NUMBER_BYTES),
            "integer" => Some(integer_bound(object)),
            "string" => non_negative_integer(object.get("maxLength")).map(|n| n.saturating_mul(6).saturating_add(2)),
            "array" => array_bound(walker, object, depth),
            "object" => object_bound(walker, object, depth),
            _ => None,
        };
        largest = largest.max(bound?);
    }
    Some(largest)
}

/// The types a schema admits: its `type`, else the one its keywords imply; `None` for none.
fn declared_types(object: &Map<String, Value>) -> Option<Vec<&str>> {
    Some(match object.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(types)) => types.iter().filter_map(Value::as_str).collect(),
        _ if object.contains_key("properties") => vec!["object"],
        _ if object.contains_key("items") || object.contains_key("prefixItems") => vec!["array"],
        _ if object.contains_key("maxLength") => vec!["string"],
        _ => return None,
    })
}

fn array_bound<'a>(walker: &mut SchemaWalker<'a>, object: &'a Map<String, Value>, depth: usize) -> Option<u64> {
    let n = max_items(object)?;
    if n == 0 {
        return Some(2);
    }
    let prefix: &[Value] = match object.get("prefixItems") {
        Some(Value::Array(prefix)) => prefix,
        _ => &[],
    };
    let mut total = 2 + (n - 1);
    let positional = (prefix.len() as u64).min(n);
    for item in prefix.iter().take(positional as usize) {
        total = total.saturating_add(bound(walker, item, depth + 1)?);
    }
    let rest = n - positional;
    if rest > 0 {
        let item = match object.get("items") {
            Some(items @ Value::Object(_)) | Some(items @ Value::Bool(false)) => bound(walker, items, depth + 1)?,
            _ => return None,
        };
        total = total.saturating_add(rest.saturating_mul(item));
    }
    Some(total)
}

fn object_bound<'a>(walker: &mut SchemaWalker<'a>, object: &'a Map<String, Value>, depth: usize) -> Option<u64> {
    if matches!(object.get("additionalProperties"), Some(Value::Object(_))) || object.contains_key("patternProperties")
    {
        return None;
    }
    let Some(Value::Object(properties)) = object.get("properties") else {
        return Some(2);
    };
    let mut total = 2 + (properties.len() as u64).saturating_sub(1);
    for (key, value) in properties {
        let mut quoted = String::new();
        push_json_string(&mut quoted, key);
        total = total.saturating_add(quoted.len() as u64 + 1).saturating_add(bound(walker, value, depth + 1)?);
    }
    Some(total)
}

fn integer_bound(object: &Map<String, Value>) -> u64 {
    let low = object.get("minimum").or_else(|| object.get("exclusiveMinimum")).and_then(Value::as_f64);
    let high = object.get("maximum").or_else(|| object.get("exclusiveMaximum")).and_then(Value::as_f64);
    match (low, high) {
        // Every integer between two bounds prints no longer than the longer bound, as long as
        // both print in plain digits (below 1e21).
        (Some(low), Some(high)) if low.abs() < 1e21 && high.abs() < 1e21 && low <= high => {
            js_number_string(low.ceil()).len().max(js_number_string(high.floor()).len()) as u64
        }
        _ => MAX_NUMBER_BYTES,
    }
}
