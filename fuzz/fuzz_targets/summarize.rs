//! The summarizers' JSON entry points and the `where` parser on arbitrary input.
//!
//! Values are generated from the fuzz bytes with a vocabulary of the keys the summarizers read
//! (so the fuzzer reaches their drill-downs, not only their "not an array" errors), plus raw
//! bytes through `parse_json`. Properties: no panic; every `Ok` is valid JSON; the same call
//! twice gives the same text (no hidden state); `parse_where` returns pieces of its input that
//! satisfy the grammar. Linear behaviour is enforced by running with `-timeout` and larger
//! `-max_len` (see package.json `fuzz`): a super-linear input shows up as a timeout finding.
#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use modoki_budget::json::value::to_json;
use modoki_budget::summarizers::assets::summarize_assets;
use modoki_budget::summarizers::filter_disclosure::{describe_filter, empty_filter_hint, live_set, EmptyFilter};
use modoki_budget::summarizers::handles::{handles, Remedies};
use modoki_budget::summarizers::layout_bounds::layout_bounds;
use modoki_budget::summarizers::parse_json;
use modoki_budget::summarizers::scene_state::scene_state;
use modoki_budget::summarizers::stream::console::console_logs;
use modoki_budget::summarizers::stream::editor_journal::editor_journal;
use modoki_budget::summarizers::stream::journal::journal_events;
use modoki_budget::summarizers::stream::watch::watch_read;
use modoki_budget::summarizers::stream::window::tail_plan;
use modoki_budget::summarizers::traits::summarize_traits;
use modoki_budget::summarizers::where_filter::parse_where;
use modoki_budget::summarizers::write_path::scene_edit_result;
use serde_json::{Map, Number, Value};

const KEYS: &[&str] = &[
    "id",
    "name",
    "layer",
    "x",
    "y",
    "w",
    "h",
    "ok",
    "type",
    "parentId",
    "traits",
    "guid",
    "entities",
    "scenePath",
    "limit",
    "where",
    "trait",
    "full",
    "world",
    "bounds",
    "contacts",
    "resources",
    "guidPrefix",
    "level",
    "text",
    "ts",
    "seq",
    "since",
    "kind",
    "events",
    "logs",
    "editor",
    "game",
    "handles",
    "series",
    "samples",
    "values",
    "fields",
    "category",
    "path",
    "assets",
    "type",
    "rect",
    "screen",
    "ids",
    "Transform",
    "position",
    "all",
    "__proto__",
    "constructor",
    "$serde_json::private::RawValue",
    "$serde_json::private::Number",
    "",
    "a.b",
    "error",
    "errors",
    "edit",
    "changed",
    "watchId",
    "timeline",
    "value",
    "sinceCap",
    "sinceMs",
    "epoch",
    "merged",
    "source",
    "cap",
    "captureSeq",
    "dropped",
    "droppedThroughCap",
    "precision",
];

fn string(u: &mut Unstructured) -> Result<String> {
    Ok(match u.int_in_range(0..=3u8)? {
        0 => KEYS[u.choose_index(KEYS.len())?].to_owned(),
        1 => ["Transform.position.x > 3", "Transform.y >= -1e3", "Tag.name ~ 'Pa'", "A.b != x", "a.b==\"q\""]
            [u.choose_index(5)?]
        .to_owned(),
        2 => "0123456789abcdef-"
            .chars()
            .cycle()
            .skip(u.int_in_range(0..=16usize)?)
            .take(u.int_in_range(0..=36usize)?)
            .collect(),
        _ => u.arbitrary()?,
    })
}

fn number(u: &mut Unstructured) -> Result<Value> {
    let x = match u.int_in_range(0..=3u8)? {
        0 => f64::from(u.int_in_range(-3i16..=300)?),
        1 => u.arbitrary::<f64>()?,
        2 => f64::from(u.arbitrary::<i32>()?) / 8.0,
        _ => return Ok(Value::Number(Number::from(u.arbitrary::<u64>()?))),
    };
    Ok(Number::from_f64(x).map_or(Value::Null, Value::Number))
}

fn value(u: &mut Unstructured, depth: u32) -> Result<Value> {
    let pick = if depth >= 6 { u.int_in_range(0..=3u8)? } else { u.int_in_range(0..=6u8)? };
    Ok(match pick {
        0 => Value::Null,
        1 => Value::Bool(u.arbitrary()?),
        2 => number(u)?,
        3 => Value::String(string(u)?),
        4 => Value::Array((0..u.int_in_range(0..=8usize)?).map(|_| value(u, depth + 1)).collect::<Result<_>>()?),
        _ => {
            let mut map = Map::new();
            for _ in 0..u.int_in_range(0..=8usize)? {
                let k = string(u)?;
                map.insert(k, value(u, depth + 1)?);
            }
            Value::Object(map)
        }
    })
}

fn check(what: &str, result: std::result::Result<String, String>, again: std::result::Result<String, String>) {
    assert_eq!(result, again, "{what}: two identical calls differ");
    match result {
        Ok(text) => {
            if let Err(e) = serde_json::from_str::<Value>(&text) {
                panic!("{what}: invalid JSON output ({e}): {text}");
            }
        }
        Err(message) => assert!(!message.is_empty(), "{what}: empty error"),
    }
}

/// A core error as its message, the form `check` compares.
fn message(result: modoki_budget::error::Result<String>) -> std::result::Result<String, String> {
    result.map_err(|e| e.message)
}

/// Filter disclosure on generated vocabularies: no panic, a capped set never lists more than its
/// cap, and the hint always names the filter it was given.
fn disclosure(u: &mut Unstructured, data: &Value, query: &Value) -> Result<()> {
    let values: Vec<String> = (0..u.int_in_range(0..=20usize)?).map(|_| string(u)).collect::<Result<_>>()?;
    let cap = u.int_in_range(0..=14usize)?;
    let near = if u.arbitrary()? { Some(string(u)?) } else { None };
    let set = live_set(values.iter().map(String::as_str), cap, near.as_deref());
    assert!(set.starts_with('{') && set.ends_with('}'), "{set}");
    let filter = describe_filter(query.as_object().into_iter().flatten().map(|(k, v)| (k.as_str(), v)));
    let count = data.as_array().map_or(0, Vec::len) as f64;
    let hint = empty_filter_hint(&EmptyFilter {
        what: "rect",
        filter: &filter,
        unfiltered_count: count,
        unfiltered_label: None,
        live: vec![("name", values.iter().map(String::as_str).collect())],
        near: near.iter().map(|n| ("name", n.as_str())).collect(),
    });
    assert!(hint.starts_with(&format!("no rect matches {filter}")), "{hint}");
    Ok(())
}

fn where_clause(text: &str) {
    let Some(w) = parse_where(text) else {
        return;
    };
    let bad = |c: char| c.is_ascii_whitespace() || "=!<>~".contains(c);
    assert!(!w.trait_name.is_empty() && !w.trait_name.contains('.') && !w.trait_name.contains(bad), "{w:?}");
    assert!(
        !w.field.is_empty() && !w.field.starts_with('.') && !w.field.ends_with('.') && !w.field.contains(bad),
        "{w:?}"
    );
    let head = format!("{}.{}", w.trait_name, w.field);
    assert!(text.trim_start().starts_with(&head), "{text:?} parsed as {w:?}");
    assert!(text.contains(&w.value), "{text:?} parsed as {w:?}");
}

fn run(u: &mut Unstructured) -> Result<()> {
    let which = u.int_in_range(0..=12u8)?;
    let data = value(u, 0)?;
    let mut query = Map::new();
    for _ in 0..u.int_in_range(0..=4usize)? {
        let k = KEYS[u.choose_index(KEYS.len())?].to_owned();
        query.insert(k, value(u, 4)?);
    }
    let query = Value::Object(query);
    let options = value(u, 2)?;
    match which {
        0 => check(
            "sceneState",
            message(scene_state(&data, &query, &options)),
            message(scene_state(&data, &query, &options)),
        ),
        1 => {
            let (a, b) = (to_json(&data), to_json(&options));
            check(
                "layoutBounds",
                message(layout_bounds(a.as_bytes(), &query, b.as_bytes())),
                message(layout_bounds(a.as_bytes(), &query, b.as_bytes())),
            );
        }
        2 => {
            check("summarizeAssets", message(summarize_assets(&data, &query)), message(summarize_assets(&data, &query)))
        }
        3 => {
            let flag = options.get("schemaAvailable");
            check(
                "summarizeTraits",
                message(summarize_traits(&data, flag, &query)),
                message(summarize_traits(&data, flag, &query)),
            );
        }
        4 => check(
            "consoleLogs",
            message(console_logs(&data, &query, &options)),
            message(console_logs(&data, &query, &options)),
        ),
        5 => {
            let events = to_json(&data);
            check(
                "journalEvents",
                message(journal_events(events.as_bytes(), &query, &options)),
                message(journal_events(events.as_bytes(), &query, &options)),
            );
        }
        6 => {
            let (editor, game) = (to_json(&data), to_json(&options));
            let call = || message(editor_journal(editor.as_bytes(), &query, &options, game.as_bytes()));
            check("editorJournal", call(), call());
        }
        7 => check("watchRead", message(watch_read(&data, &query)), message(watch_read(&data, &query))),
        8 => {
            let call = || Ok(handles(&data, &query, &Remedies::default()));
            check("handles", call(), call());
        }
        9 => check(
            "tailWithCounts",
            message(tail_plan(&data, &query, &options)),
            message(tail_plan(&data, &query, &options)),
        ),
        10 => check(
            "sceneEditResult",
            message(scene_edit_result(&data, &query)),
            message(scene_edit_result(&data, &query)),
        ),
        11 => disclosure(u, &data, &query)?,
        _ => {
            let text: String = u.arbitrary()?;
            where_clause(&text);
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    // Raw bytes: the parser with the lone-surrogate fallback, and the where grammar.
    if let Ok(value) = parse_json(data) {
        let q = Value::Object(Map::new());
        check(
            "sceneState(raw)",
            message(scene_state(&value, &q, &Value::Null)),
            message(scene_state(&value, &q, &Value::Null)),
        );
    }
    where_clause(&String::from_utf8_lossy(data));
    let _ = run(&mut Unstructured::new(data));
});
