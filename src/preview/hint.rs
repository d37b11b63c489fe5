//! The hint from the tool's own `inputSchema`: which of its parameters narrow the call —
//! filters, limits, paging, excludes — named exactly as the tool names them. A tool without such
//! parameters gets a plain sentence, never another tool's filters.
//!
//! A parameter's role is read from the words of its name (`excludePatterns` → `exclude`,
//! `patterns`; `max_results` → `max`, `results`), and, when the name says nothing, from its
//! description. Only top-level `properties` are read: those are what a call passes.

use serde_json::Value;

/// What a narrowing parameter does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Keeps only what matches (a query, a pattern, a level, a time range).
    Filter,
    /// Caps how much comes back (a limit, a maximum, head/tail, a depth).
    Limit,
    /// Moves through the result (a page, an offset, a cursor).
    Paging,
    /// Leaves something out (excludes, ignores).
    Exclude,
}

impl Role {
    /// The word the hint groups it under.
    pub fn name(self) -> &'static str {
        match self {
            Role::Filter => "filter",
            Role::Limit => "limit",
            Role::Paging => "paging",
            Role::Exclude => "exclude",
        }
    }
}

/// Parameters read from one schema, at most (a schema is the tool author's, possibly huge).
pub const MAX_PARAMETERS: usize = 64;

const EXCLUDE_WORDS: [&str; 6] = ["exclude", "excludes", "excluded", "ignore", "omit", "without"];
const PAGING_WORDS: [&str; 8] = ["page", "offset", "cursor", "skip", "continuation", "next", "token", "start"];
const LIMIT_WORDS: [&str; 11] =
    ["limit", "max", "maximum", "top", "head", "tail", "depth", "count", "size", "first", "last"];
const FILTER_WORDS: [&str; 27] = [
    "filter", "filters", "query", "q", "search", "pattern", "patterns", "glob", "regex", "match", "where", "grep",
    "level", "severity", "since", "until", "before", "after", "type", "kind", "status", "tag", "tags", "fields",
    "select", "include", "keyword",
];
const DESCRIPTION_CUES: [(&str, Role); 9] = [
    ("exclude", Role::Exclude),
    ("maximum number", Role::Limit),
    ("limit", Role::Limit),
    ("only the first", Role::Limit),
    ("pagination", Role::Paging),
    ("cursor", Role::Paging),
    ("filter", Role::Filter),
    ("only return", Role::Filter),
    ("search", Role::Filter),
];

/// The lower-case words of a parameter name: split at `_`, `-`, `.`, spaces and camelCase humps.
fn words(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if !c.is_alphanumeric() {
            out.push(std::mem::take(&mut word));
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower {
            out.push(std::mem::take(&mut word));
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
        word.extend(c.to_lowercase());
    }
    out.push(word);
    out.retain(|w| !w.is_empty());
    out
}

fn role_of(name: &str, description: &str) -> Option<Role> {
    let words = words(name);
    let has = |list: &[&str]| words.iter().any(|w| list.contains(&w.as_str()));
    // Most specific first: `excludePatterns` excludes, `pageSize` pages, `maxDepth` limits.
    // `ignoreCase` changes how a filter matches; it leaves nothing out.
    if words.iter().any(|w| w == "case") {
        return None;
    }
    if has(&EXCLUDE_WORDS) {
        return Some(Role::Exclude);
    }
    if has(&PAGING_WORDS) {
        return Some(Role::Paging);
    }
    if has(&LIMIT_WORDS) {
        return Some(Role::Limit);
    }
    if has(&FILTER_WORDS) {
        return Some(Role::Filter);
    }
    let description = description.to_lowercase();
    DESCRIPTION_CUES.iter().find(|(cue, _)| description.contains(cue)).map(|(_, role)| *role)
}

/// The narrowing parameters of a tool's `inputSchema`, in the schema's order.
pub fn parameters(schema: &Value) -> Vec<(String, Role)> {
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
        return Vec::new();
    };
    properties
        .iter()
        .take(MAX_PARAMETERS)
        .filter_map(|(name, property)| {
            let description = property.get("description").and_then(Value::as_str).unwrap_or("");
            role_of(name, description).map(|role| (name.clone(), role))
        })
        .collect()
}

/// The hint sentence: the parameters grouped by role (`filter: pattern; exclude: excludePatterns`),
/// or a plain sentence when there are none. It ends by saying where the rest is: in the pages
/// when `paged`, else that it could not be kept (the store refused it or could not be reached).
pub fn hint_text(parameters: &[(String, Role)], paged: bool) -> String {
    let rest =
        if paged { "the pages hold the rest." } else { "the rest could not be kept, so there are no pages to read." };
    if parameters.is_empty() {
        return format!("This tool has no parameters that narrow its result; {rest}");
    }
    let mut groups = Vec::new();
    for role in [Role::Filter, Role::Exclude, Role::Limit, Role::Paging] {
        let names: Vec<&str> = parameters.iter().filter(|p| p.1 == role).map(|p| p.0.as_str()).collect();
        if !names.is_empty() {
            groups.push(format!("{}: {}", role.name(), names.join(", ")));
        }
    }
    format!("Narrow the call with this tool's own parameters ({}); {rest}", groups.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn names(schema: Value) -> Vec<(String, &'static str)> {
        parameters(&schema).into_iter().map(|(n, r)| (n, r.name())).collect()
    }

    #[test]
    fn server_filesystem_and_server_memory_schemas() {
        let search = json!({"type":"object","properties":{
            "path":{"type":"string"},"pattern":{"type":"string"},
            "excludePatterns":{"type":"array","items":{"type":"string"},"default":[]}},"required":["path","pattern"]});
        assert_eq!(names(search.clone()), [("pattern".into(), "filter"), ("excludePatterns".into(), "exclude")]);
        assert_eq!(
            hint_text(&parameters(&search), true),
            "Narrow the call with this tool's own parameters (filter: pattern; exclude: excludePatterns); \
             the pages hold the rest."
        );
        assert_eq!(
            hint_text(&parameters(&search), false),
            "Narrow the call with this tool's own parameters (filter: pattern; exclude: excludePatterns); \
             the rest could not be kept, so there are no pages to read."
        );
        let read = json!({"properties":{"path":{"type":"string"},
            "tail":{"type":"number","description":"If provided, returns only the last N lines of the file"},
            "head":{"type":"number","description":"If provided, returns only the first N lines of the file"}}});
        assert_eq!(names(read), [("tail".into(), "limit"), ("head".into(), "limit")]);
        assert_eq!(
            names(json!({"type":"object","properties":{"query":{"type":"string"}}})),
            [("query".into(), "filter")]
        );
        assert_eq!(
            hint_text(&parameters(&json!({"type":"object","properties":{}})), true),
            "This tool has no parameters that narrow its result; the pages hold the rest."
        );
        assert_eq!(
            hint_text(&[], false),
            "This tool has no parameters that narrow its result; the rest could not be kept, so there are no pages to read."
        );
    }

    #[test]
    fn names_split_into_words_and_descriptions_decide_the_rest() {
        assert_eq!(words("maxResults"), ["max", "results"]);
        assert_eq!(words("page_size"), ["page", "size"]);
        assert_eq!(words("HTTPStatus"), ["httpstatus"]);
        let schema = json!({"properties":{"pageSize":{},"max_depth":{},"ignoreCase":{},"since":{},
            "n":{"description":"Maximum number of rows"},"target":{"description":"the entity"},"name":{}}});
        assert_eq!(
            names(schema),
            [
                ("pageSize".into(), "paging"),
                ("max_depth".into(), "limit"),
                ("since".into(), "filter"),
                ("n".into(), "limit"),
            ]
        );
    }

    #[test]
    fn absent_or_odd_schemas_have_no_parameters() {
        assert!(parameters(&Value::Null).is_empty());
        assert!(parameters(&json!({"properties":[1,2]})).is_empty());
        assert!(parameters(&json!("x")).is_empty());
    }
}
