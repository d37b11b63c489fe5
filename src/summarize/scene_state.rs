//! `sceneState`: a names-only index of the scene by default, field values when the query
//! targets entities (`id`, `guid`, `trait`, `name`, a parsed `where`) or asks for enrichment
//! (`full`, `world`, `bounds`, `contacts`).
//!
//! The untargeted index is what an agent reads first and most; it carries trait NAMES and a
//! default limit of 200 so it cannot grow with the scene.

use serde_json::{Map, Value};

use super::where_filter::{field_value, parse_where, Where};
use super::{as_number, given, key_string, lower, num, read_limit, truthy, Obj};
use crate::summarize::guid::guid_prefix;
use crate::json::number::js_number_string;

/// Entities an index returns when the caller passes no `limit`.
pub const DEFAULT_INDEX_LIMIT: usize = 200;

/// The index-mode hint, exactly as the agent's tool description refers to it.
pub const INDEX_HINT: &str = "Index only — trait NAMES, no values. Drill down: full=1 (all field values), trait=<Trait>, id=<n>, name=<substr>, where=\"Transform.y > 3\". Enrichers: world=1, bounds=1, contacts=1, resources=1.";

/// The enrichers: each also copies the entity's key of the same name when the producer set it.
const ENRICHERS: [&str; 3] = ["world", "bounds", "contacts"];

/// Summarizes `entities` for `query`; `options` carries `scenePath`, `traits` (registry) and
/// `guidPrefix`. Errors only for an input of the wrong kind (entities not an array).
pub fn scene_state(entities: &Value, query: &Value, options: &Value) -> Result<String, String> {
    let entities = super::array_or_empty(entities, "sceneState: entities")?;
    let query = super::object_or_empty(query);
    let options = super::object_or_empty(options);
    let q = |k: &str| query.get(k);

    let mut warnings: Vec<Value> = Vec::new();
    let mut where_warning: Option<String> = None;
    let mut clause: Option<Where> = None;
    let mut clause_known = true;
    if let Some(raw) = given(q("where")) {
        let text = key_string(Some(raw), "");
        match parse_where(&text) {
            None => {
                where_warning = Some(format!(
                    "could not parse where \"{text}\" — expected 'Trait.field <op> value' (op ∈ = != > >= < <= ~)"
                ))
            }
            Some(parsed) => {
                match validate(&parsed, entities, options.get("traits")) {
                    Ok(()) => {
                        if matches!(parsed.op, super::where_filter::Op::Gt | super::where_filter::Op::Ge | super::where_filter::Op::Lt | super::where_filter::Op::Le)
                            && parsed.numeric_value().is_none()
                        {
                            where_warning = Some(format!(
                                "where \"{text}\": '{}' compares numbers, but \"{}\" is not a number — nothing matches",
                                parsed.op.symbol(),
                                parsed.value
                            ));
                        }
                    }
                    Err(message) => {
                        clause_known = false;
                        where_warning = Some(message.replace("{where}", &text));
                    }
                }
                clause = Some(parsed);
            }
        }
    }

    let id = given(q("id"));
    let guid = given(q("guid")).map(|g| key_string(Some(g), ""));
    let trait_only = given(q("trait")).map(|t| key_string(Some(t), ""));
    let name = given(q("name")).map(|n| lower(&key_string(Some(n), "")));
    let targeted = id.is_some() || guid.is_some() || trait_only.is_some() || name.is_some() || clause.is_some();
    let enriched = ENRICHERS.iter().any(|k| truthy(q(k))) || truthy(q("full"));
    let index_mode = !targeted && !enriched;

    let keep_resources = truthy(q("resources")) || targeted;
    let mut selected: Vec<&Map<String, Value>> = entities
        .iter()
        .filter_map(Value::as_object)
        .filter(|e| keep_resources || !truthy(e.get("isResource")))
        .collect();
    if let Some(id) = id {
        let wanted = as_number(Some(id));
        let wanted_text = key_string(Some(id), "");
        selected.retain(|e| match (wanted, e.get("id")) {
            (Some(w), Some(v)) => as_number(Some(v)) == Some(w),
            (None, v) => key_string(v, "") == wanted_text,
            _ => false,
        });
    }
    if let Some(guid) = &guid {
        let exact: Vec<&Map<String, Value>> =
            selected.iter().copied().filter(|e| matches!(e.get("guid"), Some(Value::String(g)) if g == guid)).collect();
        if !exact.is_empty() {
            selected = exact;
        } else {
            // The index may show 12-hex prefixes (guidPrefix), so a prefix the agent copied from
            // it resolves when it names exactly one entity — never a first match.
            let known: Vec<String> = selected.iter().filter_map(|e| e.get("guid")?.as_str().map(str::to_owned)).collect();
            match resolve_prefix(guid, &known) {
                Ok(full) => selected.retain(|e| e.get("guid").and_then(Value::as_str) == Some(full.as_str())),
                Err(message) => {
                    selected.clear();
                    warnings.push(Value::from(message));
                }
            }
        }
    }
    if let Some(name) = &name {
        selected.retain(|e| lower(&key_string(e.get("name"), "")).contains(name.as_str()));
    }
    if let Some(w) = &clause {
        selected.retain(|e| clause_known && has_trait(e, &w.trait_name) && w.matches(trait_values(e, &w.trait_name).and_then(|v| field_value(v, &w.field))));
    }
    if let Some(message) = where_warning {
        warnings.push(Value::from(message));
    }

    let total = selected.len();
    let limit = read_limit(q("limit")).or(if index_mode { Some(DEFAULT_INDEX_LIMIT) } else { None });
    let shown = limit.map_or(total, |l| l.min(total));
    let truncated = shown < total;
    let prefix_hex = guid_prefix_digits(options.get("guidPrefix"));

    let rendered: Vec<Value> = selected[..shown]
        .iter()
        .map(|e| {
            if index_mode {
                index_entity(e, prefix_hex)
            } else {
                value_entity(e, trait_only.as_deref(), &query)
            }
        })
        .collect();

    let mut out = Obj::new();
    out.set("scenePath", options.get("scenePath").cloned().unwrap_or(Value::Null));
    out.set("entityCount", num(shown));
    out.set("entities", Value::Array(rendered));
    if truncated {
        out.set("truncated", true);
        out.set("totalCount", num(total));
    }
    if !warnings.is_empty() {
        out.set("warnings", Value::Array(warnings));
    }
    if index_mode {
        let mut hint = INDEX_HINT.to_owned();
        if truncated {
            hint.push_str(&format!(" Showing {shown} of {total}; raise limit=N."));
        }
        out.set("hint", hint);
    } else if truncated {
        out.set("hint", format!("Showing {shown} of {total}; raise limit=N or narrow the filter."));
    }
    Ok(out.to_json())
}

/// A GUID prefix (6–31 hex digits) that names exactly one known GUID; otherwise the warning
/// to give: the ambiguity with its candidates, or the stale-GUID warning.
fn resolve_prefix(guid: &str, known: &[String]) -> Result<String, String> {
    let stale = || format!("guid \"{guid}\" matched no entity in the live world (it may be stale — ids/entities rebuild on scene reload).");
    let hex = guid.chars().filter(|&c| c != '-').count();
    if !(crate::summarize::guid::MIN_PREFIX_HEX..32).contains(&hex) {
        return Err(stale());
    }
    match crate::summarize::guid::resolve_guid(guid, known) {
        Ok(full) => Ok(full),
        Err(e) if e.code == "AMBIGUOUS_GUID" => Err(e.message),
        Err(_) => Err(stale()),
    }
}

/// Hex digits for `guidPrefix`: `None` (full GUIDs) when absent or 0, else clamped to 6..=32
/// because fewer than 6 leading digits of `deriveGuid` are poorly diffused.
fn guid_prefix_digits(value: Option<&Value>) -> Option<usize> {
    let n = as_number(value)?;
    if n <= 0.0 {
        return None;
    }
    Some((n.floor() as usize).clamp(crate::summarize::guid::MIN_PREFIX_HEX, 32))
}

fn traits_list(e: &Map<String, Value>) -> impl Iterator<Item = &str> {
    e.get("traits").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str)
}

fn has_trait(e: &Map<String, Value>, name: &str) -> bool {
    traits_list(e).any(|t| t == name)
}

fn trait_values<'a>(e: &'a Map<String, Value>, name: &str) -> Option<&'a Value> {
    e.get("values")?.as_object()?.get(name)
}

/// Checks the clause's trait and field against the registry (when given and non-empty) or the
/// data. `Err` carries the warning with `{where}` standing for the clause text.
fn validate(w: &Where, entities: &[Value], registry: Option<&Value>) -> Result<(), String> {
    let top_field = w.field.split('.').next().unwrap_or(&w.field);
    let unknown_trait = || format!("unknown trait \"{}\" in where \"{{where}}\"", w.trait_name);
    let unknown_field = || format!("unknown field \"{}.{}\" in where \"{{where}}\"", w.trait_name, w.field);
    if let Some(Value::Object(registry)) = registry {
        if !registry.is_empty() {
            let Some(schema) = registry.get(&w.trait_name) else { return Err(unknown_trait()) };
            return match schema.get("fields").and_then(Value::as_array) {
                Some(fields) if !fields.iter().any(|f| f.as_str() == Some(&w.field) || f.as_str() == Some(top_field)) => {
                    Err(unknown_field())
                }
                _ => Ok(()),
            };
        }
    }
    let mut trait_seen = false;
    for e in entities.iter().filter_map(Value::as_object) {
        if !has_trait(e, &w.trait_name) {
            continue;
        }
        trait_seen = true;
        if let Some(values) = trait_values(e, &w.trait_name) {
            if values.get(&w.field).is_some() || values.get(top_field).is_some() {
                return Ok(());
            }
        }
    }
    Err(if trait_seen { unknown_field() } else { unknown_trait() })
}

fn index_entity(e: &Map<String, Value>, prefix_hex: Option<usize>) -> Value {
    let id = e.get("id").cloned().unwrap_or(Value::Null);
    let guid = match e.get("guid") {
        Some(Value::String(g)) if !g.is_empty() => match prefix_hex {
            Some(n) => guid_prefix(g, n).unwrap_or_else(|| g.clone()),
            None => g.clone(),
        },
        _ => match &id {
            Value::Number(n) => js_number_string(n.as_f64().unwrap_or(f64::NAN)),
            other => key_string(Some(other), "undefined"),
        },
    };
    let traits: Vec<Value> = traits_list(e).map(Value::from).collect();
    let mut out = Obj::new();
    out.set("id", id)
        .set("guid", guid)
        .set("name", e.get("name").cloned().unwrap_or(Value::Null))
        .set("parentId", e.get("parentId").cloned().unwrap_or(Value::Null))
        .set("layer", e.get("layer").cloned().unwrap_or(Value::Null))
        .set("traits", Value::Array(traits));
    out.into_value()
}

fn value_entity(e: &Map<String, Value>, only: Option<&str>, query: &Map<String, Value>) -> Value {
    let mut traits = Map::new();
    for name in traits_list(e) {
        if only.is_some_and(|o| o != name) {
            continue;
        }
        let values = trait_values(e, name).cloned().unwrap_or_else(|| Value::Object(Map::new()));
        traits.insert(name.to_owned(), values);
    }
    let mut out = Obj::new();
    out.set("id", e.get("id").cloned().unwrap_or(Value::Null))
        .set("name", e.get("name").cloned().unwrap_or(Value::Null))
        .set("parentId", e.get("parentId").cloned().unwrap_or(Value::Null))
        .set("layer", e.get("layer").cloned().unwrap_or(Value::Null))
        .set("traits", Value::Object(traits));
    for key in ENRICHERS {
        if truthy(query.get(key)) {
            if let Some(v) = e.get(key) {
                out.set(key, v.clone());
            }
        }
    }
    out.into_value()
}

#[cfg(test)]
#[path = "scene_state_tests.rs"]
mod tests;
