//! Interaction handles: counts by editor and kind unless a filter asks for geometry. (The stream
//! summaries that shared this file live in [`super::stream`].)

use serde_json::{Map, Value};

use super::{given, key_string, Histogram};

/// Hint when handles are requested but none exist.
pub const NO_HANDLES_HINT: &str =
    "No handles: open the relevant editor + enter its sub-mode first (e.g. scene_view_mode ui + collider_edit on).";
/// Hint of the bare handles call.
pub const HANDLES_HINT: &str = "Counts only. Pass editor=<name>, kind=<name>, or ids=[…] for handle geometry (x/y/rect).";

fn id_set(value: Option<&Value>) -> Option<Vec<String>> {
    match value? {
        Value::Array(list) if !list.is_empty() => Some(list.iter().map(|v| key_string(Some(v), "")).collect()),
        Value::String(s) if !s.trim().is_empty() => Some(s.split(',').map(|t| t.trim().to_owned()).collect()),
        Value::Number(_) => Some(vec![key_string(value, "")]),
        _ => None,
    }
}

/// `handles(result, { editor, kind, ids })`: counts unless a filter asks for geometry.
pub fn handles(result: &Value, query: &Value) -> Result<String, String> {
    let query = super::object_or_empty(query);
    let Some(map) = result.as_object() else { return Ok(crate::json::value::to_json(result)) };
    let all: &[Value] = map.get("handles").and_then(Value::as_array).map_or(&[], Vec::as_slice);
    let editor = given(query.get("editor")).map(|v| key_string(Some(v), ""));
    let kind = given(query.get("kind")).map(|v| key_string(Some(v), ""));
    let ids = id_set(query.get("ids"));
    let mut out: Map<String, Value> = Map::new();
    if editor.is_none() && kind.is_none() && ids.is_none() {
        let (mut by_editor, mut by_kind) = (Histogram::new(), Histogram::new());
        for h in all {
            by_editor.add(&key_string(h.get("editor"), "?"));
            by_kind.add(&key_string(h.get("kind"), "?"));
        }
        for (k, v) in map.iter().filter(|(k, _)| k.as_str() != "handles") {
            out.insert(k.clone(), v.clone());
        }
        out.insert("byEditor".into(), by_editor.into_value());
        out.insert("byKind".into(), by_kind.into_value());
        out.insert("hint".into(), Value::from(if all.is_empty() { NO_HANDLES_HINT } else { HANDLES_HINT }));
        return Ok(crate::json::value::to_json(&Value::Object(out)));
    }
    let kept: Vec<Value> = all
        .iter()
        .filter(|h| editor.as_ref().map_or(true, |e| key_string(h.get("editor"), "?") == *e))
        .filter(|h| kind.as_ref().map_or(true, |k| key_string(h.get("kind"), "?") == *k))
        .filter(|h| ids.as_ref().map_or(true, |set| set.contains(&key_string(h.get("id"), ""))))
        .cloned()
        .collect();
    for (k, v) in map {
        out.insert(k.clone(), if k == "handles" { Value::Array(kept.clone()) } else { v.clone() });
    }
    if !map.contains_key("handles") {
        out.insert("handles".into(), Value::Array(kept));
    }
    Ok(crate::json::value::to_json(&Value::Object(out)))
}

#[cfg(test)]
#[path = "ring_tests.rs"]
mod tests;
