//! inflation_risk: classification, bounds and token bounds on hand-built schemas.

use modoki_budget::profile::inflation::{inflation_json, inflation_risk, Risk, Unbounded};
use serde_json::{json, Value};

fn props(n: usize) -> Value {
    let map: serde_json::Map<String, Value> =
        (0..n).map(|i| (format!("f{i}"), json!({ "type": "integer", "minimum": 0, "maximum": 9 }))).collect();
    Value::Object(map)
}

#[test]
fn unbounded_wide_items_are_critical() {
    let schema = json!({ "type": "object", "properties": { "rows": { "type": "array", "items": { "type": "object", "properties": props(11) } } } });
    assert_eq!(
        inflation_json(&schema),
        r#"{"risk":"critical","fieldCount":12,"unbounded":[{"path":"$.rows[]","fieldsPerItem":11}]}"#
    );
}

#[test]
fn ten_fields_unbounded_is_high_and_nested_objects_count() {
    let ten = json!({ "type": "array", "items": { "type": "object", "properties": props(10) } });
    assert_eq!(inflation_risk(&ten).risk, Risk::High);
    // 9 fields plus a nested object of 2 fields = 11 per item (each repeated per item).
    let nested = json!({ "type": "array", "items": { "type": "object", "properties": {
        "a": {}, "b": {}, "c": {}, "d": {}, "e": {}, "f": {}, "g": {}, "h": {},
        "geo": { "type": "object", "properties": { "lat": {}, "lon": {} } } } } });
    let report = inflation_risk(&nested);
    assert_eq!(report.risk, Risk::Critical);
    assert_eq!(report.unbounded, vec![Unbounded { path: "$[]".to_owned(), fields_per_item: 11 }]);
    // Items of a nested array belong to that array, not to the outer item.
    let inner_array = json!({ "type": "array", "items": { "type": "object", "properties": {
        "tags": { "type": "array", "maxItems": 3, "items": { "type": "object", "properties": props(12) } } } } });
    let report = inflation_risk(&inner_array);
    assert_eq!(report.unbounded, vec![Unbounded { path: "$[]".to_owned(), fields_per_item: 1 }]);
    assert_eq!(report.risk, Risk::High);
}

#[test]
fn unbounded_primitive_array_is_high() {
    let schema =
        json!({ "type": "object", "properties": { "ids": { "type": "array", "items": { "type": "string" } } } });
    assert_eq!(
        inflation_json(&schema),
        r#"{"risk":"high","fieldCount":1,"unbounded":[{"path":"$.ids[]","fieldsPerItem":0}]}"#
    );
}

#[test]
fn wide_bounded_is_medium_narrow_is_low() {
    let wide = json!({ "type": "object", "properties": props(21) });
    let report = inflation_risk(&wide);
    assert_eq!((report.risk, report.field_count), (Risk::Medium, 21));
    // 21 × ("fNN": + 1 digit) — keys f0..f9 are 4 bytes quoted, f10..f20 5 bytes; + colons,
    // commas and braces.
    assert_eq!(report.bound_tokens, Some(2 + 20 + 10 * (4 + 1 + 1) + 11 * (5 + 1 + 1)));
    let narrow = json!({ "type": "object", "properties": props(20) });
    assert_eq!(inflation_risk(&narrow).risk, Risk::Low);
}

#[test]
fn token_bound_follows_the_documented_rules() {
    let schema = json!({
        "type": "object",
        "properties": {
            "name": { "type": "string", "maxLength": 10 },
            "kind": { "enum": ["a", "bbb", null] },
            "ok": { "type": "boolean" },
            "n": { "type": "number" },
            "tags": { "type": "array", "maxItems": 3, "items": { "type": "string", "maxLength": 2 } },
            "pair": { "type": "array", "prefixItems": [{ "const": 1 }, { "type": "null" }], "items": false },
            "maybe": { "anyOf": [{ "type": "string", "maxLength": 1 }, { "type": "integer", "minimum": -100, "maximum": 5 }] }
        }
    });
    let report = inflation_risk(&schema);
    assert_eq!(report.risk, Risk::Low);
    assert!(report.unbounded.is_empty());
    let name = 6 + 1 + (2 + 6 * 10); // "name": + string
    let kind = 6 + 1 + 5; // "kind": + "bbb"
    let ok = 4 + 1 + 5;
    let n = 3 + 1 + 25;
    let tags = 6 + 1 + (2 + 2 + 3 * (2 + 12));
    let pair = 6 + 1 + (2 + 1 + 1 + 4);
    let maybe = 7 + 1 + 8; // max("x" as 8 bytes worst case, "-100" 4)
    assert_eq!(report.bound_tokens, Some(2 + 6 + name + kind + ok + n + tags + pair + maybe));
}

#[test]
fn unbounded_parts_give_no_token_bound() {
    for schema in [
        json!({ "type": "string" }),
        json!({}),
        json!(true),
        json!({ "type": "object", "additionalProperties": { "type": "integer" } }),
        json!({ "type": "array", "maxItems": 2 }),
        json!({ "allOf": [{ "type": "null" }] }),
        json!({ "$ref": "https://example.com/schema" }),
    ] {
        assert_eq!(inflation_risk(&schema).bound_tokens, None, "{schema}");
    }
    assert_eq!(inflation_risk(&json!({ "type": "array", "maxItems": 0 })).bound_tokens, Some(2));
    assert_eq!(inflation_risk(&json!({ "type": "object" })).bound_tokens, Some(2));
}

#[test]
fn local_refs_are_followed_and_recursion_is_unbounded() {
    let schema = json!({
        "$defs": { "row": { "type": "object", "properties": props(12) } },
        "type": "object",
        "properties": { "rows": { "type": "array", "items": { "$ref": "#/$defs/row" } } }
    });
    let report = inflation_risk(&schema);
    assert_eq!(report.risk, Risk::Critical);
    assert_eq!(report.unbounded[0].fields_per_item, 12);
    let tree = json!({
        "$defs": { "node": { "type": "object", "properties": { "name": { "type": "string", "maxLength": 4 }, "child": { "$ref": "#/$defs/node" } } } },
        "$ref": "#/$defs/node"
    });
    let report = inflation_risk(&tree);
    assert_eq!((report.risk, report.bound_tokens, report.truncated), (Risk::Low, None, false));
}

#[test]
fn hostile_and_degenerate_schemas_never_panic() {
    for schema in [
        json!(null),
        json!(42),
        json!("array"),
        json!([]),
        json!({ "type": 7, "maxItems": "x", "items": 3, "properties": [] }),
    ] {
        let report = inflation_risk(&schema);
        assert_eq!(report.risk, Risk::Low, "{schema}");
    }
    // A $ref fan-out that would take 8^40 steps is cut off by the visit budget.
    let mut defs = serde_json::Map::new();
    for i in 0..40 {
        let next = json!({ "$ref": format!("#/$defs/d{}", i + 1) });
        defs.insert(
            format!("d{i}"),
            json!({ "type": "object", "properties": {
            "a": next, "b": next, "c": next, "d": next, "e": next, "f": next, "g": next, "h": next } }),
        );
    }
    defs.insert("d40".to_owned(), json!({ "type": "null" }));
    let schema = json!({ "$defs": defs, "$ref": "#/$defs/d0" });
    let report = inflation_risk(&schema);
    assert!(report.truncated);
    assert_eq!(report.bound_tokens, None);
    assert!(inflation_json(&schema).ends_with(r#","truncated":true}"#));
}
