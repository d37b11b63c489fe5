//! `journalEvents`: the game journal as the editor's `journal-events` op answers it.
//!
//! A bare read is the newest 100 events; a `sinceCap` read takes the oldest 100 after the
//! cursor, so the block between a cursor and a tail is never lost. The cursor windows the ring:
//! with `sinceCap`, "the ring" is every event after it, and `type` / `level` narrow the returned
//! rows inside that window. `totalCount` is what matched, `ringTotal` and `byType` the whole
//! window whatever the filter. `nextCap` always says where the next read starts, so a bare
//! `limit: 0` read is a baseline.

use serde::Serialize;
use serde_json::{Map, Value};

use super::cursor::{caller_epoch, resolve_cap};
use super::items::{read_items, type_histogram, write_with_items, Item};
use super::levels::{journal_rank, JOURNAL_LEVELS};
use super::window::{kept_for, tail_hint, take_head, take_tail, JOURNAL_TAIL_DEFAULT};
use super::{float, js_greater, js_number, js_strict_eq, js_string, js_truthy, number, object, present, refusal};
use crate::error::{Error, Result};
use crate::json::number::js_number_string;
use crate::json::value::to_json;

/// A game journal event as the ring producer returns it and `journalEvents` reads it (a JSON
/// object; other keys pass through). Declared for the JS types only; the core reads the events
/// as JSON.
#[cfg(test)]
#[derive(ts_rs::TS)]
#[ts(rename = "JournalEvent")]
#[allow(dead_code)]
pub(crate) struct DeclaredEvent {
    tick: f64,
    #[ts(rename = "type")]
    kind: String,
    #[ts(optional, type = "unknown")]
    payload: Option<()>,
    cap: f64,
    #[ts(type = "(typeof JOURNAL_LEVELS)[number]")]
    level: String,
    #[ts(flatten)]
    rest: std::collections::HashMap<String, super::Passed>,
}

/// The payload of `journalEvents`; optional keys appear only when they apply, in this order.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "JournalEventsResult"))]
pub(crate) struct Reply {
    returned_count: usize,
    /// What matched `type`/`level` inside the window.
    total_count: usize,
    /// The whole window, filter ignored.
    ring_total: usize,
    /// Over the whole window.
    #[cfg_attr(test, ts(type = "{ [type: string]: number }"))]
    by_type: Value,
    /// Where the next `sinceCap` read starts.
    #[cfg_attr(test, ts(type = "number"))]
    next_cap: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    epoch: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    dropped_through_cap: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    gap_note: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    cursor_reset: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, type = "{ type?: string; level?: (typeof JOURNAL_LEVELS)[number] }"))]
    filter: Option<Value>,
    /// Written from the items' own text (see [`write_with_items`]).
    #[cfg_attr(test, ts(type = "Array<JournalEvent>"))]
    events: Value,
    /// Watch-gated types and which are capturing.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, type = "{ types: string[]; active: string[] }"))]
    captures: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    capture_hint: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, type = "true"))]
    truncated: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    hint: Option<String>,
}

/// The sentence both journal readers attach when a cursor has a gap: events after it were lost
/// (evicted past the ring's cap, or cleared) before this read.
pub fn journal_gap_note(since_cap: f64, dropped_through_cap: f64) -> String {
    format!(
        "events after sinceCap={} up to cap {} were lost before this read (the game ring keeps the newest 10,000 per world, the editor ring 2,000, or one was cleared), so the counts cover only what survived. Read more often, or narrow the capture. (A scene load or Play starts a new world whose ring never held the previous world's events; that is not reported here.)",
        js_number_string(since_cap),
        js_number_string(dropped_through_cap)
    )
}

/// `journalEvents(events, query, ring)`: `events` are `{ tick, type, payload, cap, level }`
/// oldest first; `ring` is the producer's state — `{ epoch, captureSeq, droppedThroughCap,
/// captures: { types, active } }`. Absent, `captureSeq` is the newest `cap` in `events`,
/// `droppedThroughCap` is 0, and the reply has no `epoch` or `captures`.
pub fn journal_events(events: &[u8], query: &Value, ring: &Value) -> Result<String> {
    let events = read_items(events, &["type", "cap", "level"], "journalEvents: events")?;
    let q = object(query);
    let ring = object(ring);
    if let Some(refused) = refuse(&q)? {
        return Ok(to_json(&refused));
    }
    let type_filter = q.get("type").filter(|t| js_truthy(Some(t)));
    let level = q.get("level").and_then(Value::as_str).filter(|l| !l.is_empty());
    let filtered = type_filter.is_some() || level.is_some();
    let epoch = ring.get("epoch").and_then(Value::as_str);
    let capture_seq = number(ring.get("captureSeq"))
        .unwrap_or_else(|| events.iter().filter_map(|e| number(e.get("cap"))).fold(0.0, f64::max));
    let cursor = resolve_cap(q.get("sinceCap"), caller_epoch(q.get("epoch")), epoch, capture_seq);
    let since_cap = cursor.since.as_ref().map(|s| js_number(Some(s)));
    let window: Vec<&Item> =
        events.iter().filter(|e| since_cap.map_or(true, |s| js_greater(e.get("cap"), s))).collect();
    let matched: Vec<&Item> = window
        .iter()
        .copied()
        .filter(|e| type_filter.map_or(true, |t| js_strict_eq(e.get("type"), t)))
        .filter(|e| {
            level.and_then(journal_rank).map_or(true, |min| {
                e.get("level").and_then(Value::as_str).and_then(journal_rank).is_some_and(|r| r >= min)
            })
        })
        .collect();
    let cursored = since_cap.is_some();
    let n = kept_for(matched.len(), q.get("limit"), JOURNAL_TAIL_DEFAULT);
    let (page, truncated) = if cursored { take_head(&matched, n) } else { take_tail(&matched, n) };
    let last_cap = page.last().and_then(|e| e.get("cap")).filter(|c| present(Some(c)));
    let next_cap = match (cursored && truncated, last_cap) {
        (true, Some(cap)) => cap.clone(),
        (true, None) => float(since_cap.unwrap_or(0.0)),
        (false, _) => float(capture_seq),
    };
    let dropped = number(ring.get("droppedThroughCap")).unwrap_or(0.0);
    let gap = since_cap.filter(|s| *s < dropped).map(|s| journal_gap_note(s, dropped));
    let captures = ring.get("captures").filter(|c| c.is_object()).cloned();
    let hint = truncated.then(|| match since_cap {
        Some(s) => format!(
            "Showing the OLDEST {} of {} events after sinceCap={} (oldest first). Read again with sinceCap={} to continue {}; raise limit=N for more per read.",
            page.len(),
            matched.len(),
            js_number_string(s),
            js_string(Some(&next_cap)),
            if gap.is_some() { "from here (see gapNote: earlier events were already lost)" } else { "with no gap" }
        ),
        None => tail_hint("events", page.len(), matched.len(), ", or narrow with type="),
    });
    let reply = Reply {
        returned_count: page.len(),
        total_count: matched.len(),
        ring_total: window.len(),
        by_type: type_histogram(window.iter().copied()),
        next_cap,
        epoch: epoch.map(str::to_owned),
        dropped_through_cap: gap.as_ref().map(|_| dropped),
        gap_note: gap,
        cursor_reset: cursor.reset,
        filter: filtered.then(|| filter_echo(type_filter, q.get("level").filter(|l| js_truthy(Some(l))))),
        events: Value::Null,
        capture_hint: captures.as_ref().and_then(capture_hint),
        captures,
        truncated: truncated.then_some(true),
        hint,
    };
    let Ok(Value::Object(map)) = serde_json::to_value(reply) else { return Ok("null".to_owned()) };
    let raws: Vec<&str> = page.iter().map(|e| e.raw.as_ref()).collect();
    Ok(write_with_items(&map, &[("events", &raws)]))
}

fn filter_echo(type_filter: Option<&Value>, level: Option<&Value>) -> Value {
    let mut out = Map::new();
    if let Some(t) = type_filter {
        out.insert("type".into(), t.clone());
    }
    if let Some(l) = level {
        out.insert("level".into(), l.clone());
    }
    Value::Object(out)
}

/// The watch-gated diagnostic types that are not capturing, said out loud: an empty `@contact`
/// result otherwise reads as "no contacts" rather than "not capturing".
fn capture_hint(captures: &Value) -> Option<String> {
    let strings = |key: &str| -> Vec<String> {
        captures
            .get(key)
            .and_then(Value::as_array)
            .map_or(Vec::new(), |a| a.iter().map(|v| js_string(Some(v))).collect())
    };
    let active = strings("active");
    let idle: Vec<String> = strings("types").into_iter().filter(|t| !active.contains(t)).collect();
    let first = idle.first()?;
    Some(format!(
        "{} {} watch-gated and NOT capturing — start with action:'start', type:'{first}' before the moment you want to trace.",
        idle.join(", "),
        if idle.len() > 1 { "are" } else { "is" }
    ))
}

/// The editor's refusals, in its order. `action` (starting or stopping a watch-gated capture)
/// changes the journal itself, which a pure summary cannot do: it is an invalid option here.
fn refuse(q: &Map<String, Value>) -> Result<Option<Value>> {
    if q.contains_key("clear") {
        return Ok(Some(refusal(
            "UNKNOWN_PARAM",
            "clear was removed — a journal read no longer deletes anything. For a clean baseline, read once (limit:0 is enough) and pass the returned nextCap as sinceCap (with its epoch): that read returns only the events after it. Nothing was read and nothing was cleared.".into(),
            Some(&["sinceCap", "epoch"]),
        )));
    }
    if let Some(since_cap) = q.get("sinceCap") {
        if !since_cap.as_f64().is_some_and(|x| x.is_finite() && x >= 0.0) {
            return Ok(Some(refusal(
                "REFUSED_BY_OP",
                format!("sinceCap must be a non-negative number (a nextCap from an earlier read), got {} — nothing was read.", to_json(since_cap)),
                None,
            )));
        }
    }
    if q.contains_key("action") {
        return Err(Error::invalid_option(
            "journalEvents: action (start/stop a watch-gated capture) changes the journal, not a read of it — run it on the journal itself, then summarize the read.",
        ));
    }
    if let Some(level) = q.get("level") {
        if level.as_str().and_then(journal_rank).is_none() {
            return Ok(Some(refusal(
                "REFUSED_BY_OP",
                format!(
                    "unknown level {} — nothing was read. A level filter means that severity AND ABOVE.",
                    to_json(level)
                ),
                Some(&JOURNAL_LEVELS),
            )));
        }
    }
    Ok(None)
}

#[cfg(test)]
#[path = "journal_tests.rs"]
mod tests;
