//! `listAssets`: per-type counts by default; entries only when a filter, `limit` or `all` asks.
//!
//! A project's asset list is mostly fonts and meshes the agent never needs one by one; the
//! counts tell it which `type=` to ask for.

use serde_json::Value;

use super::{array_or_empty, given, key_string, lower, num, read_limit, truthy, Histogram, Obj};

/// Hint of the bare (counts-only) call.
pub const BARE_HINT: &str = "Counts only. Narrow with type=<type>, folder=<path prefix>, or name=<substring>; or all=true for every entry.";
/// Hint when a filter matched nothing.
pub const NO_MATCH_HINT: &str = "No match. Call bare for per-type counts, or widen the filter.";

/// Summarizes `assets` (`{ guid, path, name, type }[]`) for `query`.
pub fn list_assets(assets: &Value, query: &Value) -> Result<String, String> {
    let assets = array_or_empty(assets, "listAssets: assets")?;
    let query = super::object_or_empty(query);
    let type_ = given(query.get("type")).map(|v| key_string(Some(v), ""));
    let folder = given(query.get("folder")).map(|v| key_string(Some(v), ""));
    let name = given(query.get("name")).map(|v| lower(&key_string(Some(v), "")));
    let limit = read_limit(query.get("limit"));
    let all = truthy(query.get("all"));

    let mut out = Obj::new();
    if type_.is_none() && folder.is_none() && name.is_none() && limit.is_none() && !all {
        let mut by_type = Histogram::new();
        for a in assets {
            by_type.add(&key_string(a.get("type"), "?"));
        }
        out.set("total", num(assets.len())).set("byType", by_type.into_value()).set("hint", BARE_HINT);
        return Ok(out.to_json());
    }
    let text = |a: &Value, k: &str| key_string(a.get(k), "");
    let matched: Vec<&Value> = assets
        .iter()
        .filter(|a| type_.as_ref().map_or(true, |t| a.get("type").is_some() && text(a, "type") == *t))
        .filter(|a| folder.as_ref().map_or(true, |f| text(a, "path").starts_with(f.as_str())))
        .filter(|a| {
            name.as_ref().map_or(true, |n| lower(&text(a, "name")).contains(n.as_str()) || lower(&text(a, "path")).contains(n.as_str()))
        })
        .collect();
    let total = matched.len();
    let shown = limit.map_or(total, |l| l.min(total));
    out.set("count", num(shown)).set("assets", Value::Array(matched[..shown].iter().map(|a| (*a).clone()).collect()));
    if shown < total {
        out.set("truncated", true).set("totalCount", num(total));
    }
    if total == 0 {
        out.set("hint", NO_MATCH_HINT);
    }
    Ok(out.to_json())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(assets: &str, query: &str) -> String {
        let p = |s: &str| serde_json::from_str::<Value>(s).expect("json");
        list_assets(&p(assets), &p(query)).expect("ok")
    }

    const ASSETS: &str = r#"[
      {"guid":"g1","path":"fonts/Inter.ttf","name":"Inter","type":"font"},
      {"guid":"g2","path":"models/rock.glb","name":"Rock","type":"mesh"},
      {"guid":"g3","path":"fonts/Mono.ttf","name":"Mono","type":"font"},
      {"guid":"g4","path":"textures/rock.png","name":"rock_albedo","type":"texture"},
      {"guid":"g5","path":"misc/__proto__.bin","name":"__proto__","type":"__proto__"}
    ]"#;

    #[test]
    fn bare_is_counts_in_first_seen_order() {
        assert_eq!(
            run(ASSETS, "{}"),
            format!(r#"{{"total":5,"byType":{{"font":2,"mesh":1,"texture":1,"__proto__":1}},"hint":"{BARE_HINT}"}}"#)
        );
        assert_eq!(run("[]", "{}"), format!(r#"{{"total":0,"byType":{{}},"hint":"{BARE_HINT}"}}"#));
        assert_eq!(run(r#"[{"guid":"x"}]"#, "{}"), format!(r#"{{"total":1,"byType":{{"?":1}},"hint":"{BARE_HINT}"}}"#));
    }

    #[test]
    fn filters_and_together() {
        assert_eq!(
            run(ASSETS, r#"{"type":"font","folder":"fonts/"}"#),
            r#"{"count":2,"assets":[{"guid":"g1","path":"fonts/Inter.ttf","name":"Inter","type":"font"},{"guid":"g3","path":"fonts/Mono.ttf","name":"Mono","type":"font"}]}"#
        );
        // name matches name or path, case-insensitively.
        assert_eq!(
            run(ASSETS, r#"{"name":"ROCK"}"#),
            r#"{"count":2,"assets":[{"guid":"g2","path":"models/rock.glb","name":"Rock","type":"mesh"},{"guid":"g4","path":"textures/rock.png","name":"rock_albedo","type":"texture"}]}"#
        );
        assert_eq!(run(ASSETS, r#"{"type":"mesh","name":"inter"}"#), format!(r#"{{"count":0,"assets":[],"hint":"{NO_MATCH_HINT}"}}"#));
    }

    #[test]
    fn limit_alone_switches_to_entries() {
        assert_eq!(
            run(ASSETS, r#"{"limit":1}"#),
            r#"{"count":1,"assets":[{"guid":"g1","path":"fonts/Inter.ttf","name":"Inter","type":"font"}],"truncated":true,"totalCount":5}"#
        );
        assert_eq!(run(ASSETS, r#"{"limit":0}"#), r#"{"count":0,"assets":[],"truncated":true,"totalCount":5}"#);
        assert!(run(ASSETS, r#"{"limit":1e300}"#).starts_with(r#"{"count":5,"assets":["#));
        assert!(run(ASSETS, r#"{"all":true}"#).starts_with(r#"{"count":5,"assets":["#));
        assert_eq!(run("[]", r#"{"all":true}"#), format!(r#"{{"count":0,"assets":[],"hint":"{NO_MATCH_HINT}"}}"#));
    }
}
