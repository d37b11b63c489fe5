//! The compact menu: a server's whole `tools/list` replaced by two tools, `describe_tools`
//! (the named tools' full definitions) and `call_tool` (calls one by name), whose description
//! carries a catalog of every tool — its name and what it is for ([`super::catalog_line`]). A model
//! pays for the catalog on every turn and for a tool's schema only when it describes it.
//!
//! Rules (documented in docs/menu.md):
//! - the catalog lists every tool not kept, in the server's order; a kept tool (`keep`) is
//!   listed as itself after the two meta tools, exactly as the server lists it;
//! - each catalog line is the tool's first sentence cut to at most `words` words, the same cap
//!   for every tool: the largest cap from 0 (names only) to [`MAX_WORDS`] whose menu fits the
//!   budget, found by bisection (a larger cap never makes a menu cheaper); when even names only
//!   does not fit, names only, with `within_budget` false;
//! - at each level the catalog is written as prose (`name: text` lines) and as a TOON table and
//!   the one with fewer tokens is used (prose on a tie);
//! - the budget is [`TARGET_PERCENT`]% of what the catalogued tools cost in full (plus the kept
//!   tools) for a menu of [`TARGET_FROM_TOOLS`] or more catalogued tools; a smaller menu is not
//!   cut (its lines keep [`MAX_WORDS`]) and its budget is its full cost, so `within_budget`
//!   says whether compacting it pays: the two meta tools alone cost about a hundred tokens, and
//!   cutting a few tools to bare names would save next to nothing; an explicit `max_tokens` is
//!   fitted whatever the size;
//! - the meta tools are named `describe_tools` and `call_tool` unless the server has a tool of
//!   either name; then both take the first suffix `_2`, `_3`, … free for both, so no name is
//!   ever shadowed and both stay a recognisable pair;
//! - two tools of one name are refused (`DUPLICATE_TOOL`): a call by name could not say which.

use std::collections::HashSet;

use serde::Serialize;
use serde_json::{json, Map, Value};

use super::catalog_line::catalog_line;
use super::tool_name;
use crate::error::{Error, ErrorCode, Result};
use crate::json::string::json_string;
use crate::json::value::{to_json, to_json_text};
use crate::tokens::{count, Encoding};
use crate::toon::{to_toon, ToonOptions};

/// The most words a catalog line keeps: a first sentence rarely needs more to say what a tool
/// is for (server-filesystem's longest takes 17), and the schema is one describe away.
pub const MAX_WORDS: usize = 24;
/// The compact menu's default budget as a share of the full menu it replaces, in percent.
pub const TARGET_PERCENT: usize = 15;
/// Catalogs of fewer tools get the full menu's cost as their budget (see the module docs).
pub const TARGET_FROM_TOOLS: usize = 10;
/// The meta tools' base names.
pub const DESCRIBE_TOOLS: &str = "describe_tools";
/// See [`DESCRIBE_TOOLS`].
pub const CALL_TOOL: &str = "call_tool";

/// How the catalog is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "CompactCatalogFormat"))]
pub enum Format {
    /// One `name: text` line per tool.
    #[default]
    Prose,
    /// A TOON table `tools[N]{name,does}:` (or a TOON list of names when no tool has text).
    Toon,
}

/// What the compact menu is made from.
#[derive(Clone, Debug, Default)]
pub struct CompactOptions {
    /// Tools listed as themselves. Default none.
    pub keep: Vec<String>,
    /// The budget in tokens; default see the module docs.
    pub max_tokens: Option<usize>,
}

/// The compact menu; serialized for the binding as camelCase JSON, which `compactMenu` returns
/// with the meta tools and the kept ones as its `tools`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "CompactMenuFacts"))]
pub struct CompactMenu {
    /// The two meta tools (`describe`, then `call`); kept tools follow them in the menu.
    #[cfg_attr(test, ts(type = "Array<{ [key: string]: unknown }>"))]
    pub meta: Vec<Value>,
    /// `describe_tools`, or with a suffix (`_2`, …) when the server has a tool of either meta
    /// name.
    pub describe_name: String,
    /// `call_tool`, with the same suffix as the describe tool's name.
    pub call_name: String,
    /// Kept tools found in the menu, in the server's order.
    pub kept: Vec<String>,
    /// `keep` names the server does not list.
    pub missing_keep: Vec<String>,
    /// The catalogued tools' names, in the server's order.
    pub catalog: Vec<String>,
    /// How the catalog is written: `name: text` lines or a TOON table, whichever is cheaper.
    pub format: Format,
    /// Words per catalog line (0: names only).
    pub words: usize,
    /// Tokens of the compact menu (meta tools and kept tools).
    pub tokens: usize,
    /// Tokens of the full menu.
    pub full_tokens: usize,
    /// The budget the catalog was fitted to.
    pub budget: usize,
    /// `tokens <= budget`.
    pub within_budget: bool,
}

/// Builds the compact menu for `tools` (see the module docs). Errors: `DUPLICATE_TOOL`.
pub fn compact_menu(encoding: Encoding, tools: &[Value], options: &CompactOptions) -> Result<CompactMenu> {
    let names: Vec<&str> = tools.iter().map(tool_name).collect();
    let mut seen = HashSet::with_capacity(names.len());
    if let Some(dup) = names.iter().find(|n| !seen.insert(**n)) {
        return Err(Error::new(
            ErrorCode::DuplicateTool,
            format!("Two tools are named {}; a call by name could not say which.", json_string(dup)),
        ));
    }
    let keep: HashSet<&str> = options.keep.iter().map(String::as_str).collect();
    let (describe_name, call_name) = meta_names(&seen);
    let mut kept_cost = 0;
    let mut catalog_cost = 0;
    let mut catalogued = Vec::new();
    for tool in tools {
        let tokens = count(encoding, &to_json(tool))?;
        if keep.contains(tool_name(tool)) {
            kept_cost += tokens;
        } else {
            catalog_cost += tokens;
            catalogued.push(tool);
        }
    }
    let small = catalogued.len() < TARGET_FROM_TOOLS;
    let budget = options.max_tokens.unwrap_or(kept_cost + if small { catalog_cost } else { share(catalog_cost) });
    let build = |words| cheaper_meta(encoding, &catalogued, words, &describe_name, &call_name);
    let (mut low, mut high) = (0, MAX_WORDS);
    let mut chosen = build(MAX_WORDS)?;
    let fit = options.max_tokens.is_some() || !small;
    if fit && chosen.2 + kept_cost > budget {
        // Invariant: `low` fits unless it is 0; `high` is the smallest cap known not to fit,
        // or MAX_WORDS before any is known.
        let mut fitting = build(0)?;
        while low + 1 < high {
            let mid = (low + high) / 2;
            let candidate = build(mid)?;
            if candidate.2 + kept_cost <= budget {
                (low, fitting) = (mid, candidate);
            } else {
                high = mid;
            }
        }
        chosen = fitting;
    } else {
        low = MAX_WORDS;
    }
    let (meta, format, tokens) = chosen;
    let (words, tokens) = (low, tokens + kept_cost);
    Ok(CompactMenu {
        meta,
        describe_name,
        call_name,
        kept: names.iter().filter(|n| keep.contains(*n)).map(|n| n.to_string()).collect(),
        missing_keep: options.keep.iter().filter(|k| !seen.contains(k.as_str())).cloned().collect(),
        catalog: catalogued.iter().map(|t| tool_name(t).to_owned()).collect(),
        format,
        words,
        tokens,
        full_tokens: kept_cost + catalog_cost,
        budget,
        within_budget: tokens <= budget,
    })
}

fn share(full: usize) -> usize {
    full * TARGET_PERCENT / 100
}

/// `describe_tools`/`call_tool`, or both with the first suffix neither server name takes.
fn meta_names(taken: &HashSet<&str>) -> (String, String) {
    let free = |d: &str, c: &str| !taken.contains(d) && !taken.contains(c);
    if free(DESCRIBE_TOOLS, CALL_TOOL) {
        return (DESCRIBE_TOOLS.to_owned(), CALL_TOOL.to_owned());
    }
    // At most taken.len() suffixes can be blocked, so this ends within taken.len() + 2 tries.
    (2..)
        .map(|n| (format!("{DESCRIBE_TOOLS}_{n}"), format!("{CALL_TOOL}_{n}")))
        .find(|(d, c)| free(d, c))
        .unwrap_or_default()
}

/// The meta tools at `words` words in whichever format costs fewer tokens, and their tokens.
fn cheaper_meta(
    encoding: Encoding,
    tools: &[&Value],
    words: usize,
    describe: &str,
    call: &str,
) -> Result<(Vec<Value>, Format, usize)> {
    let lines: Vec<(&str, String)> =
        tools.iter().map(|t| (tool_name(t), catalog_line(super::tool_description(t), Some(words)))).collect();
    let mut best: Option<(Vec<Value>, Format, usize)> = None;
    for (format, catalog) in [(Format::Prose, prose(&lines)), (Format::Toon, toon(&lines))] {
        let meta = meta_tools(describe, call, &catalog);
        let tokens = meta.iter().map(|t| count(encoding, &to_json(t))).sum::<Result<usize>>()?;
        if best.as_ref().map_or(true, |(_, _, b)| tokens < *b) {
            best = Some((meta, format, tokens));
        }
    }
    Ok(best.unwrap_or_default())
}

/// True for a name that reads unambiguously bare in a `name: text` line.
fn is_plain_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/'))
}

fn prose(lines: &[(&str, String)]) -> String {
    let mut out = String::new();
    for (name, text) in lines {
        if !out.is_empty() {
            out.push('\n');
        }
        if is_plain_name(name) {
            out.push_str(name);
        } else {
            out.push_str(&json_string(name));
        }
        if !text.is_empty() {
            out.push_str(": ");
            out.push_str(text);
        }
    }
    out
}

fn toon(lines: &[(&str, String)]) -> String {
    let rows: Vec<Value> = if lines.iter().all(|(_, text)| text.is_empty()) {
        lines.iter().map(|(name, _)| Value::String(name.to_string())).collect()
    } else {
        lines.iter().map(|(name, text)| json!({"name": name, "does": text})).collect()
    };
    let mut root = Map::new();
    root.insert("tools".into(), Value::Array(rows));
    to_toon(&Value::Object(root), &ToonOptions::default())
}

/// The two meta tools, `catalog` in the call tool's description.
fn meta_tools(describe: &str, call: &str, catalog: &str) -> Vec<Value> {
    let listed = if catalog.is_empty() { " none".to_owned() } else { format!("\n{catalog}") };
    vec![
        json!({
            "name": describe,
            "description": format!("Full definitions (input schemas) of the named tools {call} lists."),
            "inputSchema": {"type": "object", "properties": {"names": {"type": "array", "items": {"type": "string"}}}, "required": ["names"]}
        }),
        json!({
            "name": call,
            "description": format!("Calls a tool with its arguments ({describe} gives their schemas). Tools:{listed}"),
            "inputSchema": {"type": "object", "properties": {"name": {"type": "string"}, "arguments": {"type": "object"}}, "required": ["name"]}
        }),
    ]
}

/// `{"meta":[…],"describeName","callName","kept","missingKeep","catalog","format","words",
/// "tokens","fullTokens","budget","withinBudget"}`.
pub fn compact_menu_json(menu: &CompactMenu) -> String {
    to_json_text(menu)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tool(name: &str, description: &str) -> Value {
        json!({"name": name, "description": description, "inputSchema": {"type": "object", "properties": {
            "path": {"type": "string", "description": "Where the file is, relative to the workspace root."},
            "limit": {"type": "integer", "description": "How many entries to return at most."}}, "required": ["path"]}})
    }

    fn menu(tools: &[Value], keep: &[&str]) -> CompactMenu {
        let options = CompactOptions { keep: keep.iter().map(|k| k.to_string()).collect(), max_tokens: None };
        compact_menu(Encoding::Cl100kBase, tools, &options).expect("compact menu")
    }

    fn call_description(m: &CompactMenu) -> &str {
        m.meta[1]["description"].as_str().expect("description")
    }

    #[test]
    fn a_small_menu_keeps_first_sentences_in_prose() {
        let tools = [tool("read_file", "Reads a file. Handles encodings."), tool("list dir", "Lists a directory.")];
        let m = menu(&tools, &[]);
        assert_eq!(m.format, Format::Prose);
        assert_eq!(m.words, MAX_WORDS);
        assert_eq!(
            call_description(&m),
            "Calls a tool with its arguments (describe_tools gives their schemas). Tools:\nread_file: Reads a file\n\"list dir\": Lists a directory"
        );
        assert_eq!(
            to_json(&m.meta[0]),
            r#"{"name":"describe_tools","description":"Full definitions (input schemas) of the named tools call_tool lists.","inputSchema":{"type":"object","properties":{"names":{"type":"array","items":{"type":"string"}}},"required":["names"]}}"#
        );
        let counted: usize = m.meta.iter().map(|t| count(Encoding::Cl100kBase, &to_json(t)).expect("count")).sum();
        assert_eq!(m.tokens, counted);
        let full: usize = tools.iter().map(|t| count(Encoding::Cl100kBase, &to_json(t)).expect("count")).sum();
        assert_eq!((m.full_tokens, m.budget), (full, full));
        assert!(m.within_budget);
        assert_eq!(m.catalog, ["read_file", "list dir"]);
    }

    #[test]
    fn no_tools_is_a_valid_menu() {
        let m = menu(&[], &[]);
        assert!(call_description(&m).ends_with("Tools: none"), "{}", call_description(&m));
        assert_eq!((m.full_tokens, m.budget, m.within_budget), (0, 0, false));
    }

    #[test]
    fn a_large_menu_shrinks_until_it_fits_fifteen_percent() {
        let long = "Searches the workspace for files whose names or contents match a pattern, returning paths with line numbers and context lines around each match. Slow on large trees.";
        let tools: Vec<Value> = (0..40).map(|i| tool(&format!("search_{i}"), long)).collect();
        let m = menu(&tools, &[]);
        assert_eq!(m.budget, m.full_tokens * 15 / 100);
        assert!(m.within_budget && m.tokens <= m.budget, "{} > {}", m.tokens, m.budget);
        assert!(m.words > 0 && m.words < MAX_WORDS, "words {}", m.words);
        let all: Vec<&Value> = tools.iter().collect();
        let tokens_at =
            |words| cheaper_meta(Encoding::Cl100kBase, &all, words, DESCRIBE_TOOLS, CALL_TOOL).expect("meta").2;
        assert_eq!(tokens_at(m.words), m.tokens);
        assert!(tokens_at(m.words + 1) > m.budget, "one more word would have fitted {}", m.budget);
    }

    #[test]
    fn two_thousand_tools_fit_their_target_and_the_cheaper_format_is_chosen() {
        let tools: Vec<Value> =
            (0..2000).map(|i| tool(&format!("ns{}.action_{i}", i % 7), "Does one thing, with a comma.")).collect();
        let m = menu(&tools, &[]);
        assert!(m.within_budget, "{} > {}", m.tokens, m.budget);
        assert_eq!(m.catalog.len(), 2000);
        let lines: Vec<(&str, String)> = tools
            .iter()
            .map(|t| (tool_name(t), catalog_line(super::super::tool_description(t), Some(m.words))))
            .collect();
        let other = match m.format {
            Format::Prose => toon(&lines),
            Format::Toon => prose(&lines),
        };
        let other_tokens: usize = meta_tools(DESCRIBE_TOOLS, CALL_TOOL, &other)
            .iter()
            .map(|t| count(Encoding::Cl100kBase, &to_json(t)).expect("count"))
            .sum();
        assert!(other_tokens >= m.tokens);
    }

    #[test]
    fn names_only_is_a_toon_list_when_cheaper_and_odd_names_are_quoted() {
        let lines = vec![("a,b", String::new()), ("plain", String::new())];
        assert_eq!(toon(&lines), "tools[2]: \"a,b\",plain");
        assert_eq!(prose(&lines), "\"a,b\"\nplain");
        let rows = vec![("x", "Reads, then writes".to_owned()), ("line\nbreak", "ok".to_owned())];
        assert_eq!(toon(&rows), "tools[2]{name,does}:\n  x,\"Reads, then writes\"\n  \"line\\nbreak\",ok");
        assert_eq!(prose(&rows), "x: Reads, then writes\n\"line\\nbreak\": ok");
    }

    #[test]
    fn kept_tools_leave_the_catalog_and_unknown_keeps_are_reported() {
        let tools = [tool("a", "A."), tool("b", "B."), tool("c", "C.")];
        let m = menu(&tools, &["c", "zzz", "a"]);
        assert_eq!(m.kept, ["a", "c"]);
        assert_eq!(m.missing_keep, ["zzz"]);
        assert_eq!(m.catalog, ["b"]);
        let kept: usize =
            [&tools[0], &tools[2]].iter().map(|t| count(Encoding::Cl100kBase, &to_json(t)).expect("count")).sum();
        let meta: usize = m.meta.iter().map(|t| count(Encoding::Cl100kBase, &to_json(t)).expect("count")).sum();
        assert_eq!(m.tokens, kept + meta);
    }

    #[test]
    fn server_tools_named_like_the_meta_tools_push_both_to_a_free_suffix() {
        let tools = [tool("call_tool", "Theirs."), tool("describe_tools_2", "Also theirs.")];
        let m = menu(&tools, &[]);
        assert_eq!((m.describe_name.as_str(), m.call_name.as_str()), ("describe_tools_3", "call_tool_3"));
        assert_eq!(m.meta[0]["name"], "describe_tools_3");
        assert!(call_description(&m).starts_with("Calls a tool with its arguments (describe_tools_3 gives"));
        assert_eq!(m.catalog, ["call_tool", "describe_tools_2"]);
    }

    #[test]
    fn duplicate_names_are_refused() {
        let e = compact_menu(Encoding::Cl100kBase, &[tool("a", ""), tool("a", "")], &CompactOptions::default())
            .expect_err("duplicate");
        assert_eq!(e.code, ErrorCode::DuplicateTool);
        assert_eq!(e.message, r#"Two tools are named "a"; a call by name could not say which."#);
    }

    #[test]
    fn an_explicit_budget_below_names_only_is_reported_not_hidden() {
        let tools: Vec<Value> = (0..3).map(|i| tool(&format!("t{i}"), "Text here.")).collect();
        let options = CompactOptions { keep: vec![], max_tokens: Some(10) };
        let m = compact_menu(Encoding::Cl100kBase, &tools, &options).expect("menu");
        assert_eq!((m.words, m.budget, m.within_budget), (0, 10, false));
        let json = compact_menu_json(&m);
        assert!(json.contains(r#""format":"#) && json.contains(r#""withinBudget":false"#), "{json}");
    }
}
