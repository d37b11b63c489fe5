//! `listTraits`: trait names by category by default; one schema with `name=`, all with `all`.
//!
//! The usage pattern is "know what exists, then fetch one schema before a setTrait", so the
//! bare call is names only. A lookup against a registry that has not loaded never claims the
//! trait is unknown: that would send the agent off inventing a different trait name.

use serde_json::{Map, Value};

use super::{given, key_string, lower, num, truthy, Obj};

/// Hint of the bare (names-only) call.
pub const BARE_HINT: &str = "Names only. Pass name=<Trait> for its field schema (do this before a setTrait), or all=true for every schema.";

/// Most suggestions an unknown-trait error lists.
pub const MAX_SUGGESTIONS: usize = 8;

/// Summarizes `schema` (`{ schemaAvailable, traits: { [name]: { category?, fields? } } }`).
pub fn list_traits(schema: &Value, query: &Value) -> Result<String, String> {
    let empty = Map::new();
    let traits = schema.get("traits").and_then(Value::as_object).unwrap_or(&empty);
    let available = match schema.get("schemaAvailable") {
        Some(Value::Bool(b)) => *b,
        // Absent flag: the registry is available exactly when it has entries.
        _ => !traits.is_empty(),
    };
    let query = super::object_or_empty(query);
    let mut out = Obj::new();
    if let Some(name) = given(query.get("name")).map(|v| key_string(Some(v), "")) {
        if let Some(found) = traits.get(&name) {
            let mut one = Map::new();
            one.insert(name, found.clone());
            out.set("schemaAvailable", available).set("traits", Value::Object(one));
            return Ok(out.to_json());
        }
        let error = if !available || traits.is_empty() {
            format!(
                "the trait registry has not been loaded yet (it is empty or schemaAvailable is false), so this says nothing about whether trait \"{name}\" exists — retry once the editor has loaded the project"
            )
        } else {
            let needle = lower(&name);
            let near: Vec<&str> = traits.keys().filter(|k| lower(k).contains(&needle)).take(MAX_SUGGESTIONS).map(String::as_str).collect();
            if near.is_empty() {
                format!("unknown trait \"{name}\"")
            } else {
                format!("unknown trait \"{name}\" — did you mean: {}?", near.join(", "))
            }
        };
        out.set("error", error);
        return Ok(out.to_json());
    }
    if truthy(query.get("all")) {
        out.set("schemaAvailable", available).set("traits", Value::Object(traits.clone()));
        return Ok(out.to_json());
    }
    let mut by_category: Map<String, Value> = Map::new();
    for (name, def) in traits {
        let category = match def.get("category") {
            Some(c) if !c.is_null() && c.as_str() != Some("") => key_string(Some(c), "other"),
            _ => "other".to_owned(),
        };
        match by_category.get_mut(&category) {
            Some(Value::Array(names)) => names.push(Value::from(name.as_str())),
            _ => {
                by_category.insert(category, Value::Array(vec![Value::from(name.as_str())]));
            }
        }
    }
    out.set("schemaAvailable", available)
        .set("traitCount", num(traits.len()))
        .set("byCategory", Value::Object(by_category))
        .set("hint", BARE_HINT);
    Ok(out.to_json())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(schema: &str, query: &str) -> String {
        let p = |s: &str| serde_json::from_str::<Value>(s).expect("json");
        list_traits(&p(schema), &p(query)).expect("ok")
    }

    const SCHEMA: &str = r#"{"schemaAvailable":true,"traits":{
      "Transform":{"category":"core","fields":["x","y"]},
      "Renderable3D":{"category":"render","fields":["mesh"]},
      "RigidBody":{"category":"physics"},
      "Tag":{},
      "SpriteRenderer":{"category":"render"},
      "__proto__":{"category":"constructor"}
    }}"#;

    #[test]
    fn bare_lists_names_by_category() {
        assert_eq!(
            run(SCHEMA, "{}"),
            format!(
                r#"{{"schemaAvailable":true,"traitCount":6,"byCategory":{{"core":["Transform"],"render":["Renderable3D","SpriteRenderer"],"physics":["RigidBody"],"other":["Tag"],"constructor":["__proto__"]}},"hint":"{BARE_HINT}"}}"#
            )
        );
        assert_eq!(
            run(r#"{"schemaAvailable":false,"traits":{}}"#, "{}"),
            format!(r#"{{"schemaAvailable":false,"traitCount":0,"byCategory":{{}},"hint":"{BARE_HINT}"}}"#)
        );
    }

    #[test]
    fn name_returns_one_schema() {
        assert_eq!(
            run(SCHEMA, r#"{"name":"Transform"}"#),
            r#"{"schemaAvailable":true,"traits":{"Transform":{"category":"core","fields":["x","y"]}}}"#
        );
        assert_eq!(run(SCHEMA, r#"{"name":"__proto__"}"#), r#"{"schemaAvailable":true,"traits":{"__proto__":{"category":"constructor"}}}"#);
    }

    #[test]
    fn unknown_name_suggests_near_names() {
        assert_eq!(
            run(SCHEMA, r#"{"name":"render"}"#),
            r#"{"error":"unknown trait \"render\" — did you mean: Renderable3D, SpriteRenderer?"}"#
        );
        assert_eq!(run(SCHEMA, r#"{"name":"Zebra"}"#), r#"{"error":"unknown trait \"Zebra\""}"#);
        let many: Vec<String> = (0..12).map(|i| format!(r#""Light{i}":{{}}"#)).collect();
        let schema = format!(r#"{{"schemaAvailable":true,"traits":{{{}}}}}"#, many.join(","));
        assert_eq!(
            run(&schema, r#"{"name":"light"}"#),
            r#"{"error":"unknown trait \"light\" — did you mean: Light0, Light1, Light2, Light3, Light4, Light5, Light6, Light7?"}"#
        );
    }

    #[test]
    fn unloaded_registry_never_says_unknown() {
        let expected = r#"{"error":"the trait registry has not been loaded yet (it is empty or schemaAvailable is false), so this says nothing about whether trait \"Transform\" exists — retry once the editor has loaded the project"}"#;
        assert_eq!(run(r#"{"schemaAvailable":false,"traits":{}}"#, r#"{"name":"Transform"}"#), expected);
        assert_eq!(run(r#"{"schemaAvailable":true,"traits":{}}"#, r#"{"name":"Transform"}"#), expected);
        assert_eq!(run(r#"{"schemaAvailable":false,"traits":{"Tag":{}}}"#, r#"{"name":"Transform"}"#), expected);
        assert_eq!(run("null", r#"{"name":"Transform"}"#), expected);
    }

    #[test]
    fn all_returns_every_schema() {
        assert_eq!(
            run(r#"{"schemaAvailable":true,"traits":{"A":{"fields":["f"]},"B":{}}}"#, r#"{"all":true}"#),
            r#"{"schemaAvailable":true,"traits":{"A":{"fields":["f"]},"B":{}}}"#
        );
    }
}
