//! Ring-buffer summarizers: the last N entries plus a histogram over the whole filtered set,
//! so the agent sees both the recent detail and the shape of everything it did not get.
//!
//! Console (500-entry ring), game journal (10,000), editor journal (2,000), watch series
//! (512 × up to 5,000 samples) all reach tens of thousands to millions
//! of tokens at their caps; these are the defaults the agent gets instead.

use serde_json::{Map, Value};

use super::{as_number, given, key_string, num, truthy, Histogram, Obj};
use crate::round::round_sig;

/// Console entries returned when the caller passes no limit.
pub const CONSOLE_DEFAULT_LIMIT: usize = 50;
/// Journal events (game and editor) returned when the caller passes no limit.
pub const JOURNAL_DEFAULT_LIMIT: usize = 100;
/// Watch series returned when the caller passes no limit.
pub const WATCH_SERIES_LIMIT: usize = 100;
/// Significant digits watch floats are rounded to (the boundary default; see `round`).
pub const WATCH_PRECISION: f64 = 9.0;

/// What `tailWithCounts` decides: keep `items[start..]`; the histogram covers every item.
pub struct Tail {
    /// First index of the tail.
    pub start: usize,
    /// Items in the (filtered) set.
    pub total: usize,
    /// Whether the tail left items out.
    pub truncated: bool,
    /// Histogram over every item, not just the tail.
    pub by_type: Histogram,
}

/// The tail length: `limit` when it is a finite number (floored; `<= 0` → none), else the default.
pub fn tail_len(limit: Option<&Value>, default_limit: usize) -> usize {
    match as_number(limit) {
        Some(x) if x <= 0.0 => 0,
        Some(x) if x >= usize::MAX as f64 => usize::MAX,
        Some(x) => x.floor() as usize,
        None => default_limit,
    }
}

/// The shared core of every ring summarizer: histogram over all `keys`, tail of length `n`.
pub fn tail_with_counts<'a>(keys: impl Iterator<Item = &'a str>, total: usize, n: usize) -> Tail {
    let mut by_type = Histogram::new();
    keys.for_each(|k| by_type.add(k));
    let shown = n.min(total);
    Tail { start: total - shown, total, truncated: shown < total, by_type }
}

/// `tailWithCounts` over type keys computed by the caller's `typeOf`; JS slices the items.
pub fn tail_plan(keys: &Value, limit: &Value, default_limit: &Value) -> Result<String, String> {
    let keys = super::array_or_empty(keys, "tailWithCounts: keys")?;
    // No default at all means no cap: the caller asked for a histogram plus everything.
    let default = if default_limit.is_null() { usize::MAX } else { tail_len(Some(default_limit), 0) };
    let n = tail_len(Some(limit).filter(|v| !v.is_null()), default);
    let names: Vec<String> = keys.iter().map(|k| key_string(Some(k), "?")).collect();
    let tail = tail_with_counts(names.iter().map(String::as_str), names.len(), n);
    let mut out = Obj::new();
    out.set("start", num(tail.start)).set("total", num(tail.total)).set("truncated", tail.truncated).set("byType", tail.by_type.into_value());
    Ok(out.to_json())
}

/// The shared hint text of a truncated tail.
pub fn tail_hint(shown: usize, total: usize, kind: &str, extra: &str) -> String {
    format!("Showing the last {shown} of {total} {kind} (newest last). Raise limit=N for more{extra}.")
}

fn list<'a>(value: &'a Value, what: &str) -> Result<&'a [Value], String> {
    super::array_or_empty(value, what)
}

/// `consoleLogs(entries, { level, since, limit })`.
pub fn console_logs(entries: &Value, query: &Value) -> Result<String, String> {
    let entries = list(entries, "consoleLogs: entries")?;
    let query = super::object_or_empty(query);
    let level = given(query.get("level")).map(|l| key_string(Some(l), ""));
    let since = as_number(query.get("since"));
    let kept: Vec<&Value> = entries
        .iter()
        .filter(|e| level.as_ref().map_or(true, |l| key_string(e.get("level"), "?") == *l))
        .filter(|e| since.map_or(true, |s| as_number(e.get("ts")).is_some_and(|ts| ts > s)))
        .collect();
    let levels: Vec<String> = kept.iter().map(|e| key_string(e.get("level"), "?")).collect();
    let tail = tail_with_counts(levels.iter().map(String::as_str), kept.len(), tail_len(query.get("limit"), CONSOLE_DEFAULT_LIMIT));
    let mut out = Obj::new();
    out.set("logs", Value::Array(kept[tail.start..].iter().map(|e| (*e).clone()).collect()))
        .set("total", num(tail.total))
        .set("byLevel", tail.by_type.into_value());
    if tail.truncated {
        out.set("truncated", true).set(
            "hint",
            tail_hint(tail.total - tail.start, tail.total, "logs", ", or narrow with level=/since="),
        );
    }
    Ok(out.to_json())
}

/// `journalEvents(events, { type, limit })`.
pub fn journal_events(events: &Value, query: &Value) -> Result<String, String> {
    let events = list(events, "journalEvents: events")?;
    let query = super::object_or_empty(query);
    let type_ = given(query.get("type")).map(|t| key_string(Some(t), ""));
    let kept: Vec<&Value> =
        events.iter().filter(|e| type_.as_ref().map_or(true, |t| key_string(e.get("type"), "?") == *t)).collect();
    let types: Vec<String> = kept.iter().map(|e| key_string(e.get("type"), "?")).collect();
    let tail = tail_with_counts(types.iter().map(String::as_str), kept.len(), tail_len(query.get("limit"), JOURNAL_DEFAULT_LIMIT));
    let shown = tail.total - tail.start;
    let mut out = Obj::new();
    out.set("count", num(shown))
        .set("total", num(tail.total))
        .set("byType", tail.by_type.into_value())
        .set("events", Value::Array(kept[tail.start..].iter().map(|e| (*e).clone()).collect()));
    if tail.truncated {
        out.set("truncated", true).set("hint", tail_hint(shown, tail.total, "events", ", or narrow with type="));
    }
    Ok(out.to_json())
}

/// `editorJournal(editor, { merged, game, timeline, since, limit })`.
pub fn editor_journal(editor: &Value, query: &Value) -> Result<String, String> {
    let editor = list(editor, "editorJournal: editor")?;
    let query = super::object_or_empty(query);
    let n = tail_len(query.get("limit"), JOURNAL_DEFAULT_LIMIT);
    let since = as_number(query.get("since"));
    let kept: Vec<&Value> = editor
        .iter()
        .filter(|e| since.map_or(true, |s| as_number(e.get("seq")).is_some_and(|seq| seq > s)))
        .collect();
    let types: Vec<String> = kept.iter().map(|e| key_string(e.get("type"), "?")).collect();
    let tail = tail_with_counts(types.iter().map(String::as_str), kept.len(), n);
    let shown = tail.total - tail.start;
    // A cursor reads forward: the oldest events after it, so repeated calls page through.
    let returned: &[&Value] = if since.is_some() {
        &kept[..shown]
    } else {
        &kept[tail.start..]
    };
    let mut out = Obj::new();
    out.set("editor", Value::Array(returned.iter().map(|e| (*e).clone()).collect()))
        .set("editorTotal", num(tail.total))
        .set("byType", tail.by_type.into_value());
    let next_seq = returned.last().and_then(|e| e.get("seq")).filter(|s| s.is_number()).cloned();
    if tail.truncated {
        out.set("truncated", true);
        let hint = match (since, &next_seq) {
            (Some(s), Some(next)) => format!(
                "Showing the first {shown} of {} events after since={} (oldest first). Call again with since={} for more.",
                tail.total,
                crate::json::number::js_number_string(s),
                key_string(Some(next), "")
            ),
            _ => tail_hint(shown, tail.total, "events", ", or page with since=<seq>"),
        };
        out.set("hint", hint);
    }
    if let Some(next) = next_seq {
        out.set("nextSeq", next);
    }
    if truthy(query.get("merged")) {
        for (key, total_key, hist_key) in [("game", "gameTotal", Some("gameByType")), ("timeline", "timelineTotal", None)] {
            let items = list(query.get(key).unwrap_or(&Value::Null), "editorJournal: game/timeline")?;
            let types: Vec<String> = items.iter().map(|e| key_string(e.get("type"), "?")).collect();
            let t = tail_with_counts(types.iter().map(String::as_str), items.len(), n);
            out.set(key, Value::Array(items[t.start..].to_vec())).set(total_key, num(t.total));
            if let Some(h) = hist_key {
                out.set(h, t.by_type.into_value());
            }
        }
    }
    Ok(out.to_json())
}

fn round_numbers(value: &mut Value) {
    match value {
        Value::Number(n) => {
            if let Some(x) = n.as_f64() {
                if x.fract() != 0.0 {
                    *value = Value::from(round_sig(x, WATCH_PRECISION));
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(round_numbers),
        Value::Object(map) => map.values_mut().for_each(round_numbers),
        _ => {}
    }
}

/// `watchRead(result, { samples, limit })`: stats only by default, series capped at 100.
pub fn watch_read(result: &Value, query: &Value) -> Result<String, String> {
    let query = super::object_or_empty(query);
    let Some(map) = result.as_object() else { return Ok(crate::json::value::to_json(result)) };
    let with_samples = truthy(query.get("samples"));
    let series: &[Value] = map.get("series").and_then(Value::as_array).map_or(&[], Vec::as_slice);
    let n = tail_len(query.get("limit"), WATCH_SERIES_LIMIT).min(series.len());
    let total_samples: usize = series
        .iter()
        .map(|s| match s.get("samples") {
            Some(Value::Array(a)) => a.len(),
            _ => as_number(s.get("count")).map_or(0, |c| c.max(0.0) as usize),
        })
        .sum();
    let kept: Vec<Value> = series[..n]
        .iter()
        .map(|s| {
            let mut s = s.clone();
            if !with_samples {
                if let Value::Object(m) = &mut s {
                    m.shift_remove("samples");
                }
            }
            round_numbers(&mut s);
            s
        })
        .collect();
    let mut out: Map<String, Value> = Map::new();
    for (k, v) in map {
        out.insert(k.clone(), if k == "series" { Value::Array(kept.clone()) } else { v.clone() });
    }
    if !map.contains_key("series") {
        out.insert("series".into(), Value::Array(Vec::new()));
    }
    if n < series.len() {
        out.insert("seriesTotal".into(), num(series.len()));
        out.insert("seriesTruncated".into(), Value::Bool(true));
    }
    if !with_samples {
        out.insert("totalSamples".into(), num(total_samples));
        out.insert(
            "hint".into(),
            Value::from(format!(
                "Stats only ({total_samples} samples across {} series). Pass samples=true for the raw time-series.",
                series.len()
            )),
        );
    }
    Ok(crate::json::value::to_json(&Value::Object(out)))
}

#[cfg(test)]
#[path = "ring_tests.rs"]
mod tests;
