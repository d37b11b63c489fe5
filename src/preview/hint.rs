//! The hint from the tool's own `inputSchema`: which of its parameters narrow the call —
//! filters, limits, paging, excludes — named exactly as the tool names them. A tool without such
//! parameters gets a plain sentence, never another tool's filters.
//!
//! A parameter's role is read from the words of its name (`excludePatterns` → `exclude`,
//! `patterns`; `max_results` → `max`, `results`), then from its schema (an `enum` of levels or
//! kinds filters; a number bounded by a `maximum` whose description counts something limits)
//! and its description (`Only return requests whose URL matches`, `Maximum number of rows`).
//! A parameter that widens a result is never offered: a flag that includes, shows or returns
//! more (`includeStackTraces`, `includePreservedMessages`, `all`, `verbose`). Only top-level
//! `properties` are read: those are what a call passes.

use serde_json::Value;

/// What a narrowing parameter does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "PreviewRole", rename_all = "lowercase"))]
pub enum Role {
    /// Keeps only what matches (a query, a pattern, a level, a time range).
    Filter,
    /// Caps how much comes back (a limit, a maximum, head/tail, a depth).
    Limit,
    /// Moves through the result (a page, an offset, a cursor).
    Paging,
    /// Leaves something out (excludes, ignores).
    Exclude,
    /// Narrows to one part (an element, a target, a range of lines, a context size).
    Scope,
}

impl Role {
    /// The word the hint groups it under.
    pub fn name(self) -> &'static str {
        match self {
            Role::Filter => "filter",
            Role::Limit => "limit",
            Role::Paging => "paging",
            Role::Exclude => "exclude",
            Role::Scope => "scope",
        }
    }
}

/// Parameters read from one schema, at most (a schema is the tool author's, possibly huge).
pub const MAX_PARAMETERS: usize = 64;

const EXCLUDE_WORDS: [&str; 6] = ["exclude", "excludes", "excluded", "ignore", "omit", "without"];
const PAGING_WORDS: [&str; 9] = ["page", "offset", "cursor", "skip", "continuation", "next", "token", "start", "idx"];
const LIMIT_WORDS: [&str; 12] =
    ["limit", "max", "maximum", "top", "head", "tail", "depth", "count", "size", "first", "last", "context"];
const FILTER_WORDS: [&str; 33] = [
    "filter",
    "filters",
    "query",
    "q",
    "search",
    "pattern",
    "patterns",
    "glob",
    "regex",
    "match",
    "where",
    "grep",
    "level",
    "severity",
    "since",
    "until",
    "before",
    "after",
    "type",
    "types",
    "kind",
    "status",
    "tag",
    "tags",
    "fields",
    "select",
    "include",
    "keyword",
    "sql",
    "jql",
    "expression",
    "jq",
    "jsonpath",
];
const SCOPE_WORDS: [&str; 10] =
    ["target", "selector", "element", "ref", "range", "ranges", "lines", "line", "xpath", "uid"];
/// Words that make a flag widen a result: it includes, shows or returns more.
const WIDEN_WORDS: [&str; 16] = [
    "include",
    "includes",
    "with",
    "show",
    "all",
    "full",
    "verbose",
    "expand",
    "expanded",
    "detailed",
    "details",
    "preserved",
    "return",
    "fetch",
    "static",
    "boxes",
];
/// Words that make a flag narrow a result.
const ONLY_WORDS: [&str; 4] = ["only", "exclude", "hide", "skip"];
/// Words of parameters that shape a result without narrowing it, whatever their schema says.
const SHAPE_WORDS: [&str; 12] = [
    "format",
    "sort",
    "order",
    "mode",
    "encoding",
    "style",
    "output",
    "method",
    "action",
    "language",
    "direction",
    "file",
];
const DESCRIPTION_CUES: [(&str, Role); 14] = [
    ("exclude", Role::Exclude),
    ("maximum number", Role::Limit),
    ("number of", Role::Limit),
    ("at most", Role::Limit),
    ("limit", Role::Limit),
    ("only the first", Role::Limit),
    ("lines of context", Role::Limit),
    ("pagination", Role::Paging),
    ("cursor", Role::Paging),
    ("page number", Role::Paging),
    ("filter", Role::Filter),
    ("only return", Role::Filter),
    ("search", Role::Filter),
    ("element reference", Role::Scope),
];
/// Description words that make a flag widen a result.
const WIDEN_CUES: [&str; 5] = ["include", "return all", "also return", "show all", "in addition"];

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

fn role_of(name: &str, property: &Value) -> Option<Role> {
    let description = property.get("description").and_then(Value::as_str).unwrap_or("").to_lowercase();
    let words = words(name);
    let has = |list: &[&str]| words.iter().any(|w| list.contains(&w.as_str()));
    // `ignoreCase` changes how a filter matches; it leaves nothing out.
    if words.iter().any(|w| w == "case") || has(&SHAPE_WORDS) {
        return None;
    }
    if is_flag(property) {
        // A flag narrows only when it says so (`onlyErrors`, `excludeBots`); one that includes,
        // shows or returns more widens, and is never offered.
        let widens = has(&WIDEN_WORDS) || WIDEN_CUES.iter().any(|cue| description.contains(cue));
        if widens || !has(&ONLY_WORDS) {
            return None;
        }
        return Some(if has(&EXCLUDE_WORDS) || words.iter().any(|w| w == "hide" || w == "skip") {
            Role::Exclude
        } else {
            Role::Filter
        });
    }
    // Most specific first: `excludePatterns` excludes, `pageSize` pages, `maxDepth` limits.
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
    if has(&SCOPE_WORDS) {
        return Some(Role::Scope);
    }
    if let Some(role) = DESCRIPTION_CUES.iter().find(|(cue, _)| description.contains(cue)).map(|(_, role)| *role) {
        return Some(role);
    }
    // By schema: an enum of values picks some of them; a bounded count limits.
    let bounded = property.get("maximum").is_some_and(Value::is_number);
    let counts = ["how many", "up to", "number"].iter().any(|cue| description.contains(cue));
    if is_number(property) && bounded && counts {
        return Some(Role::Limit);
    }
    if enum_len(property) >= 2 {
        return Some(Role::Filter);
    }
    None
}

/// The `type` of a property, or of the items of an array property, including `anyOf` branches.
fn types_of(property: &Value) -> Vec<&str> {
    fn add<'v>(v: &'v Value, out: &mut Vec<&'v str>) {
        match v.get("type") {
            Some(Value::String(t)) => out.push(t.as_str()),
            Some(Value::Array(ts)) => out.extend(ts.iter().filter_map(Value::as_str)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    add(property, &mut out);
    if let Some(branches) = property.get("anyOf").and_then(Value::as_array) {
        branches.iter().take(8).for_each(|b| add(b, &mut out));
    }
    out
}

fn is_flag(property: &Value) -> bool {
    let types = types_of(property);
    !types.is_empty() && types.iter().all(|t| *t == "boolean" || *t == "null")
}

fn is_number(property: &Value) -> bool {
    types_of(property).iter().any(|t| *t == "integer" || *t == "number")
}

/// How many values the property's `enum` (or its items' `enum`) allows.
fn enum_len(property: &Value) -> usize {
    let of = |v: &Value| v.get("enum").and_then(Value::as_array).map_or(0, Vec::len);
    of(property).max(property.get("items").map_or(0, of))
}

/// The narrowing parameters of a tool's `inputSchema`, in the schema's order.
pub fn parameters(schema: &Value) -> Vec<(String, Role)> {
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
        return Vec::new();
    };
    properties
        .iter()
        .take(MAX_PARAMETERS)
        .filter_map(|(name, property)| role_of(name, property).map(|role| (name.clone(), role)))
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
    for role in [Role::Filter, Role::Scope, Role::Exclude, Role::Limit, Role::Paging] {
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
                ("target".into(), "scope"),
            ]
        );
    }

    /// Schemas of real servers: what narrows is offered, what widens never is.
    #[test]
    fn real_schemas_offer_what_narrows_and_never_what_widens() {
        // chrome-devtools-mcp's list_console_messages.
        let console = json!({"type":"object","properties":{
            "pageSize":{"type":"integer","exclusiveMinimum":0,"description":"Maximum number of messages to return. When omitted, returns all requests."},
            "pageIdx":{"type":"integer","minimum":0,"description":"Page number to return (0-based). When omitted, returns the first page."},
            "types":{"type":"array","items":{"type":"string","enum":["log","debug","info","error","warn","issue"]},"description":"Filter messages to only return messages of the specified resource types. When omitted or empty, returns all messages."},
            "includePreservedMessages":{"type":"boolean","default":false,"description":"Set to true to return the preserved messages over the last 3 navigations."},
            "includeStackTraces":{"type":"boolean","description":"Whether to include stack traces."}}});
        assert_eq!(
            names(console),
            [("pageSize".into(), "paging"), ("pageIdx".into(), "paging"), ("types".into(), "filter")]
        );
        // mcp-server-motherduck's execute_query, mcp-server-git's git_diff and git_log.
        assert_eq!(
            names(
                json!({"properties":{"sql":{"type":"string","description":"SQL query to execute (DuckDB SQL dialect)"}}})
            ),
            [("sql".into(), "filter")]
        );
        assert_eq!(
            names(
                json!({"properties":{"repo_path":{"type":"string"},"target":{"type":"string"},"context_lines":{"default":3,"type":"integer"}}})
            ),
            [("target".into(), "scope"), ("context_lines".into(), "limit")]
        );
        assert_eq!(
            names(json!({"properties":{"repo_path":{"type":"string"},"max_count":{"type":"integer"},
                "start_timestamp":{"anyOf":[{"type":"string"},{"type":"null"}],"description":"Start timestamp for filtering commits."}}})),
            [("max_count".into(), "limit"), ("start_timestamp".into(), "paging")]
        );
        // @playwright/mcp's browser_snapshot, browser_console_messages and browser_network_requests.
        let snapshot = json!({"properties":{
            "target":{"type":"string","description":"Exact target element reference from the page snapshot, or a unique element selector"},
            "filename":{"type":"string","description":"Save snapshot to a file instead of returning it in the response."},
            "depth":{"type":"number","description":"Limit the depth of the snapshot tree"},
            "boxes":{"type":"boolean","description":"Include each element's bounding box"}}});
        assert_eq!(names(snapshot), [("target".into(), "scope"), ("depth".into(), "limit")]);
        let console = json!({"properties":{
            "level":{"type":"string","enum":["error","warning","info","debug"]},
            "all":{"type":"boolean","description":"Return all console messages since the beginning of the session"}}});
        assert_eq!(names(console), [("level".into(), "filter")]);
        let network = json!({"properties":{
            "static":{"type":"boolean","description":"Whether to include successful static resources"},
            "filter":{"type":"string","description":"Only return requests whose URL matches this regexp"}}});
        assert_eq!(names(network), [("filter".into(), "filter")]);
        // By schema alone: an enum, a bounded count; a flag that narrows; what only shapes.
        let schema = json!({"properties":{
            "severity_at_least":{"type":"string","enum":["low","high"]},
            "n":{"type":"integer","maximum":500,"description":"How many to return"},
            "port":{"type":"integer","maximum":65535},
            "onlyErrors":{"type":"boolean"},
            "format":{"type":"string","enum":["json","text"]},
            "verbose":{"type":"boolean"}}});
        assert_eq!(
            names(schema),
            [("severity_at_least".into(), "filter"), ("n".into(), "limit"), ("onlyErrors".into(), "filter")]
        );
    }

    #[test]
    fn absent_or_odd_schemas_have_no_parameters() {
        assert!(parameters(&Value::Null).is_empty());
        assert!(parameters(&json!({"properties":[1,2]})).is_empty());
        assert!(parameters(&json!("x")).is_empty());
    }
}
