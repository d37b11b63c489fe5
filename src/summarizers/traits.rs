//! `summarizeTraits`: trait names by category by default; one schema with `name=`, all with `all`.
//!
//! The usage pattern is "know what exists, then fetch one schema before a setTrait", so the
//! bare call is names only. A failure is a structured error detail, not a sentence, because the
//! two failures need different next moves: `NO_RENDERER` (the registry has not been pushed yet,
//! so nothing is known) and `NOT_FOUND` (the registry is loaded and has no such name). An empty
//! registry is refused on every call — bare and `all=true` too — since the engine registers its
//! own core traits on every boot, so zero traits means "not loaded", never "none exist".

use serde::Serialize;
use serde_json::{Map, Value};

use super::{js_truthy, key_string, lower, reply_json, truthy};
use crate::error::{Error, Result};

/// Hint of the bare (names-only) call.
pub const BARE_HINT: &str =
    "Names only. Pass name=<Trait> for its field schema (do this before a setTrait), or all=true for every schema.";

/// Most near names a `NOT_FOUND` lists as options.
pub const MAX_SUGGESTIONS: usize = 8;

/// Why a lookup or listing against an empty registry says nothing.
const EMPTY_REGISTRY_WHY: &str = "the trait registry is EMPTY — no editor renderer has pushed it yet (cold start, or the window is reloading). This says NOTHING about whether";
/// The next moves when the registry has not been pushed.
const NO_RENDERER_OPTIONS: [&str; 2] =
    ["wait for the editor window to finish loading, then retry", "check the editor is running: modoki_identity"];

/// A failure as an error-envelope detail (the server stamps `tool`).
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "TraitErrorDetail"))]
pub(crate) struct Detail {
    /// `NO_RENDERER`: the registry was never pushed, so nothing is known. `NOT_FOUND`: it is
    /// loaded and has no such name.
    #[cfg_attr(test, ts(type = "\"NO_RENDERER\" | \"NOT_FOUND\""))]
    code: &'static str,
    what: String,
    why: String,
    /// The name that was not found (`NOT_FOUND` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    got: Option<String>,
    /// Next moves: near names for a `NOT_FOUND`, or how to get the registry loaded.
    options: Vec<String>,
}

/// A failed `summarizeTraits` call; the caller passes `error` to the formatter's `fail`.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "TraitFailure"))]
pub(crate) struct Failure {
    error: Detail,
}

/// The `name=` or `all` payload of `summarizeTraits`: the registry's schemas, as given, by name.
/// `schemaAvailable` only when the caller gave it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "TraitSchemas"))]
pub(crate) struct Schemas<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, type = "boolean"))]
    schema_available: Option<&'a Value>,
    /// One schema a trait: its category and its fields, and whatever else the registry holds.
    #[cfg_attr(
        test,
        ts(
            type = "{ [name: string]: { category?: string; fields?: { [field: string]: unknown }; [key: string]: unknown } }"
        )
    )]
    traits: Value,
}

/// The bare `summarizeTraits` payload. `schemaAvailable` only when the caller gave it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "TraitIndex"))]
pub(crate) struct Names<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, type = "boolean"))]
    schema_available: Option<&'a Value>,
    trait_count: usize,
    /// Names by category (`"other"` when a trait has none).
    #[cfg_attr(test, ts(type = "{ [category: string]: string[] }"))]
    by_category: Map<String, Value>,
    hint: &'static str,
}

fn no_renderer(what: String, subject: &str) -> Failure {
    Failure {
        error: Detail {
            code: "NO_RENDERER",
            what,
            why: format!("{EMPTY_REGISTRY_WHY} {subject}."),
            got: None,
            options: NO_RENDERER_OPTIONS.map(str::to_owned).to_vec(),
        },
    }
}

/// Summarizes the trait registry `traits` (`{ [name]: { category?, fields? } }`) for `query`.
/// `schema_available` is the registry's flag as the caller has it; `None` (not given) leaves it
/// out of every reply.
pub fn summarize_traits(traits: &Value, schema_available: Option<&Value>, query: &Value) -> Result<String> {
    let empty = Map::new();
    let traits = match traits {
        Value::Object(map) => map,
        Value::Null => &empty,
        _ => return Err(Error::invalid_input("summarizeTraits: traits must be an object of trait schemas by name")),
    };
    let query = super::object_or_empty(query);
    if let Some(name) = query.get("name").filter(|v| js_truthy(Some(v))) {
        return lookup(traits, schema_available, &key_string(Some(name), ""));
    }
    let all = truthy(query.get("all"));
    if traits.is_empty() {
        let what =
            if all { "list every registered ECS trait with its schema" } else { "list the registered ECS traits" };
        return reply_json(&no_renderer(what.to_owned(), "traits exist"));
    }
    if all {
        return reply_json(&Schemas { schema_available, traits: Value::Object(traits.clone()) });
    }
    let mut by_category: Map<String, Value> = Map::new();
    for (name, schema) in traits {
        let category = key_string(schema.get("category").filter(|c| !c.is_null()), "other");
        match by_category.get_mut(&category) {
            Some(Value::Array(names)) => names.push(Value::from(name.as_str())),
            _ => {
                by_category.insert(category, Value::Array(vec![Value::from(name.as_str())]));
            }
        }
    }
    reply_json(&Names { schema_available, trait_count: traits.len(), by_category, hint: BARE_HINT })
}

/// `name=X`: that one schema, or the error that says whether the miss means anything.
fn lookup(traits: &Map<String, Value>, schema_available: Option<&Value>, name: &str) -> Result<String> {
    let what = format!("look up the field schema for trait \"{name}\"");
    let Some(hit) = traits.get(name).filter(|v| js_truthy(Some(v))) else {
        if schema_available == Some(&Value::Bool(false)) || traits.is_empty() {
            return reply_json(&no_renderer(what, "the trait exists"));
        }
        let needle = lower(name);
        let near: Vec<String> =
            traits.keys().filter(|k| lower(k).contains(&needle)).take(MAX_SUGGESTIONS).cloned().collect();
        let options = if near.is_empty() {
            vec!["call modoki_list_traits bare for every registered name, grouped by category".to_owned()]
        } else {
            near
        };
        let why = "no registered trait has that name. Trait names are case-sensitive.".to_owned();
        return reply_json(&Failure {
            error: Detail { code: "NOT_FOUND", what, why, got: Some(name.to_owned()), options },
        });
    };
    let mut one = Map::new();
    one.insert(name.to_owned(), hit.clone());
    reply_json(&Schemas { schema_available, traits: Value::Object(one) })
}

#[cfg(test)]
#[path = "traits_tests.rs"]
mod tests;
