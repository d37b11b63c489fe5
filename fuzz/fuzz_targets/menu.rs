//! The compact menu (`menu::compact`) and the unknown-tool error (`menu::closest`) on arbitrary
//! tool lists, keep lists and budgets.
//!
//! Never panics. Two tools of one name are refused with `DUPLICATE_TOOL`, and only then. Every
//! tool is reachable by name: kept as itself, or listed in the call tool's catalog, which reads
//! back to exactly the catalogued names in the server's order; the meta tools' names are no
//! server tool's. The figures are exact (tokens are the count of what is sent), the output is
//! valid JSON, and an unknown name's error offers names the menu has — a tool's own name first
//! when it is asked for by any case.
#![no_main]

#[path = "../common/arbitrary_json.rs"]
mod arbitrary_json;

use std::collections::HashSet;

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use modoki_budget::error::ErrorCode;
use modoki_budget::json::value::to_json;
use modoki_budget::menu::catalog_line::catalog_line;
use modoki_budget::menu::closest::{closest_names, unknown_tool, CLOSEST, LIST_ALL_UP_TO};
use modoki_budget::menu::compact::{compact_menu, compact_menu_json, CompactMenu, CompactOptions, Format, MAX_WORDS};
use modoki_budget::menu::parse_tools;
use modoki_budget::tokens::{count, Encoding};
use modoki_budget::toon::{to_toon, ToonOptions};
use serde_json::{json, Value};

/// Names that collide with the meta tools, and names a `name: text` line cannot show bare.
const NAMES: [&str; 10] = [
    "describe_tools",
    "call_tool",
    "describe_tools_2",
    "call_tool_3",
    "read_file",
    "READ_FILE",
    "a: b",
    "line\nbreak",
    "\"quoted\"",
    "",
];

fn name(u: &mut Unstructured) -> Result<String> {
    Ok(match u.int_in_range(0..=3u8)? {
        0 => u.choose(&NAMES)?.to_string(),
        1 => format!("tool_{}", u.int_in_range(0..=99u8)?),
        _ => u.arbitrary()?,
    })
}

fn tool(u: &mut Unstructured) -> Result<Value> {
    let mut tool = json!({ "name": name(u)? });
    if u.ratio(3, 4)? {
        let description = if u.arbitrary()? {
            "Reads a file, e.g. a log. Then more detail follows here.".repeat(u.int_in_range(1..=3)?)
        } else {
            u.arbitrary()?
        };
        tool["description"] = Value::String(description);
    }
    if u.arbitrary()? {
        tool["inputSchema"] = arbitrary_json::value(u, 3)?;
    }
    Ok(tool)
}

fn names_of(tools: &[Value]) -> Vec<&str> {
    tools.iter().map(|t| t["name"].as_str().expect("parse_tools checks names")).collect()
}

/// The names a prose catalog lists, read back: a bare name up to `:`, or a JSON string.
fn prose_names(catalog: &str) -> Vec<String> {
    catalog
        .split('\n')
        .map(|line| {
            if line.starts_with('"') {
                let mut stream = serde_json::Deserializer::from_str(line).into_iter::<String>();
                let name = stream.next().expect("a name").expect("a JSON string name");
                let rest = &line[stream.byte_offset()..];
                assert!(rest.is_empty() || rest.starts_with(": "), "line {line:?}");
                name
            } else {
                line.split(':').next().unwrap_or("").to_owned()
            }
        })
        .collect()
}

fn check_catalog(m: &CompactMenu, tools: &[Value]) {
    let description = m.meta[1]["description"].as_str().expect("description");
    let head = format!("Calls a tool with its arguments ({} gives their schemas). Tools:", m.describe_name);
    let listed = description.strip_prefix(&head).unwrap_or_else(|| panic!("description {description:?}"));
    if m.catalog.is_empty() {
        assert_eq!(listed, " none");
        return;
    }
    let catalog = listed.strip_prefix('\n').expect("catalog on its own lines");
    let lines: Vec<(&str, String)> = tools
        .iter()
        .filter(|t| m.catalog.iter().any(|c| t["name"] == c.as_str()))
        .map(|t| {
            (t["name"].as_str().unwrap_or(""), catalog_line(t["description"].as_str().unwrap_or(""), Some(m.words)))
        })
        .collect();
    match m.format {
        Format::Prose => {
            assert_eq!(prose_names(catalog), m.catalog, "catalog {catalog:?}");
            for (line, (_, text)) in catalog.split('\n').zip(&lines) {
                assert!(text.is_empty() || line.ends_with(&format!(": {text}")), "line {line:?} lacks {text:?}");
            }
        }
        Format::Toon => {
            let rows: Vec<Value> = if lines.iter().all(|(_, text)| text.is_empty()) {
                lines.iter().map(|(name, _)| json!(name)).collect()
            } else {
                lines.iter().map(|(name, text)| json!({"name": name, "does": text})).collect()
            };
            assert_eq!(catalog, to_toon(&json!({ "tools": rows }), &ToonOptions::default()));
        }
    }
}

fn check_menu(m: &CompactMenu, tools: &[Value], options: &CompactOptions, encoding: Encoding) {
    let names = names_of(tools);
    let keep: HashSet<&str> = options.keep.iter().map(String::as_str).collect();
    let server: HashSet<&str> = names.iter().copied().collect();
    assert_eq!(m.kept, names.iter().filter(|n| keep.contains(*n)).copied().collect::<Vec<_>>());
    assert_eq!(m.catalog, names.iter().filter(|n| !keep.contains(*n)).copied().collect::<Vec<_>>());
    assert_eq!(
        m.missing_keep,
        options.keep.iter().filter(|k| !server.contains(k.as_str())).cloned().collect::<Vec<_>>()
    );
    assert_eq!(m.meta.len(), 2);
    assert_eq!(
        (m.meta[0]["name"].as_str(), m.meta[1]["name"].as_str()),
        (Some(&*m.describe_name), Some(&*m.call_name))
    );
    assert!(!server.contains(m.describe_name.as_str()) && !server.contains(m.call_name.as_str()), "meta name shadows");
    assert_eq!(m.describe_name.strip_prefix("describe_tools"), m.call_name.strip_prefix("call_tool"), "not a pair");
    assert!(m.words <= MAX_WORDS);
    let sent = |t: &Value| count(encoding, &to_json(t)).expect("loaded");
    let kept_tokens: usize = tools.iter().filter(|t| keep.contains(t["name"].as_str().unwrap_or(""))).map(sent).sum();
    assert_eq!(m.tokens, m.meta.iter().map(sent).sum::<usize>() + kept_tokens, "tokens");
    assert_eq!(m.full_tokens, tools.iter().map(sent).sum::<usize>(), "full tokens");
    assert_eq!(m.within_budget, m.tokens <= m.budget);
    if m.words > 0 && m.words < MAX_WORDS {
        assert!(m.within_budget, "a cut catalog over its budget");
    }
    check_catalog(m, tools);
    let json = compact_menu_json(m);
    let parsed: Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("not JSON ({e}): {json}"));
    assert_eq!(parsed["meta"], Value::Array(m.meta.clone()));
    assert_eq!(parsed["catalog"], json!(m.catalog));
}

fn check_closest(names: &[&str], asked: &str) {
    let e = unknown_tool(asked, names, "describe_tools lists every tool");
    assert_eq!(e.code, ErrorCode::UnknownTool);
    let nearest = closest_names(asked, names, CLOSEST);
    assert_eq!(nearest.len(), names.len().min(CLOSEST));
    assert!(nearest.iter().all(|n| names.contains(n)));
    if names.len() > LIST_ALL_UP_TO {
        let tail = format!(" ({} more; describe_tools lists every tool).", names.len() - nearest.len());
        assert!(e.message.ends_with(&format!("Closest: {}{tail}", nearest.join(", "))), "{}", e.message);
    } else if !names.is_empty() {
        assert!(e.message.ends_with(&format!("Tools: {}.", names.join(", "))), "{}", e.message);
    }
    if let Some(own) = names.iter().find(|n| n.to_lowercase() == asked.to_lowercase()) {
        let first = closest_names(asked, names, 1)[0];
        assert_eq!(first.to_lowercase(), own.to_lowercase(), "{asked:?} offered {first:?} first");
    }
}

fn tools_case(u: &mut Unstructured) -> Result<()> {
    let n = u.int_in_range(0..=40usize)?;
    let generated: Vec<Value> = (0..n).map(|_| tool(u)).collect::<Result<_>>()?;
    let tools = parse_tools(to_json(&Value::Array(generated)).as_bytes()).expect("valid tools");
    let names = names_of(&tools);
    let mut keep: Vec<String> = Vec::new();
    for _ in 0..u.int_in_range(0..=4u8)? {
        keep.push(if !names.is_empty() && u.arbitrary()? { u.choose(&names)?.to_string() } else { name(u)? });
    }
    let max_tokens = if u.arbitrary()? { Some(u.int_in_range(0..=4000usize)?) } else { None };
    let options = CompactOptions { keep, max_tokens };
    let encoding = if u.arbitrary()? { Encoding::O200kBase } else { Encoding::Cl100kBase };
    let distinct = names.iter().collect::<HashSet<_>>().len() == names.len();
    match compact_menu(encoding, &tools, &options) {
        Ok(m) => {
            assert!(distinct, "duplicate names accepted");
            check_menu(&m, &tools, &options, encoding);
        }
        Err(e) => {
            assert!(!distinct, "refused distinct names: {e:?}");
            assert_eq!(e.code, ErrorCode::DuplicateTool);
        }
    }
    if distinct {
        for asked in names.iter().take(8) {
            check_closest(&names, asked);
            check_closest(&names, &asked.to_uppercase());
        }
        check_closest(&names, &name(u)?);
    }
    Ok(())
}

fn bytes_case(u: &mut Unstructured) -> Result<()> {
    let bytes: &[u8] = u.arbitrary()?;
    if let Ok(tools) = parse_tools(bytes) {
        let _ = compact_menu(Encoding::Cl100kBase, &tools, &CompactOptions::default());
        let names = names_of(&tools);
        check_closest(&names, &String::from_utf8_lossy(bytes));
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let _ = if u.ratio(1, 5).unwrap_or(false) { bytes_case(&mut u) } else { tools_case(&mut u) };
});
