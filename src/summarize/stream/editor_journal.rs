//! `editorJournal`: the editor's human-activity stream as the editor's `editor-journal` op
//! answers it, and with `merged` the game journal plus one `timeline` interleaving both by the
//! shared capture counter `cap`.
//!
//! `since` (an editor `seq`) and `sinceCap` (a `cap`) are forward cursors: a cursored poll takes
//! the oldest events after the cursor and a `nextSeq` / `nextCap` to continue contiguously; the
//! cursor-less "what just happened" call keeps the newest tail. Every reply says where the next
//! read starts, so a bare `limit: 0` read is a baseline. Keys appear in the order the editor's
//! op assigns them, which depends on the branch taken — so the reply is built as an ordered map.

use serde_json::{Map, Value};

use super::cursor::{caller_epoch, capture_part_of, resolve_cap, resolve_editor_seq};
use super::journal::journal_gap_note;
use super::window::{kept_for, tail_hint, take_head, take_tail, EDITOR_JOURNAL_TAIL_DEFAULT, JOURNAL_TAIL_DEFAULT};
use super::{count, float, histogram, js_greater, js_number, js_string, js_truthy, list, max_number, number, object, present, refusal, type_key};
use crate::error::Result;
use crate::json::number::js_number_string;
use crate::json::value::to_json;

/// The sources an editor event can have, and a `source` filter can name.
pub const EDITOR_JOURNAL_SOURCES: [&str; 2] = ["human", "agent"];

/// `editorJournal(editor, query, ring)`: `editor` are `{ seq, cap, ts, type, source, payload }`
/// oldest first; `ring` is the producers' state — `{ epoch, seq, droppedThroughSeq,
/// droppedThroughCap, game, gameDroppedThroughCap, captureSeq }` (`game` is the game journal's
/// events, read by `merged`). Absent, `seq` and `captureSeq` are the newest in the events, the
/// dropped marks are 0, and the reply has no `epoch`.
pub fn editor_journal(editor: &Value, query: &Value, ring: &Value) -> Result<String> {
    let all = list(editor, "editorJournal: editor")?;
    let q = object(query);
    let ring = object(ring);
    let game = list(ring.get("game").unwrap_or(&Value::Null), "editorJournal: ring.game")?;
    if let Some(refused) = refuse(&q) {
        return Ok(to_json(&refused));
    }
    let epoch = ring.get("epoch").and_then(Value::as_str);
    let caller = caller_epoch(q.get("epoch"));
    let seq_tip = number(ring.get("seq")).unwrap_or_else(|| max_number(all, "seq"));
    let cursor = resolve_editor_seq(q.get("since"), caller, epoch, seq_tip);
    let since = cursor.since.as_ref();
    let type_filter = q.get("type").filter(|t| js_truthy(Some(t)));
    let source = q.get("source").filter(|s| js_truthy(Some(s)));
    let matched: Vec<Value> = all
        .iter()
        .filter(|e| type_filter.map_or(true, |t| e.get("type") == Some(t)))
        .filter(|e| source.map_or(true, |s| e.get("source") == Some(s)))
        .filter(|e| since.map_or(true, |s| js_greater(e.get("seq"), js_number(Some(s)))))
        .cloned()
        .collect();
    let n = kept_for(matched.len(), q.get("limit"), EDITOR_JOURNAL_TAIL_DEFAULT);
    let (page, truncated) = if since.is_some() { take_head(&matched, n) } else { take_tail(&matched, n) };
    let mut out = Map::new();
    out.insert("editor".into(), Value::Array(page.to_vec()));
    out.insert("editorTotal".into(), count(matched.len()));
    out.insert("ringTotal".into(), count(all.len()));
    out.insert("byType".into(), histogram(all, type_key));
    if let Some(epoch) = epoch {
        out.insert("epoch".into(), Value::from(epoch));
    }
    if let Some(reset) = &cursor.reset {
        out.insert("cursorReset".into(), Value::from(reset.as_str()));
    }
    let dropped_seq = number(ring.get("droppedThroughSeq")).unwrap_or(0.0);
    let seq_gap = since.is_some_and(|s| js_number(Some(s)) < dropped_seq);
    if let (true, Some(s)) = (seq_gap, since) {
        out.insert("droppedThroughSeq".into(), float(dropped_seq));
        out.insert(
            "gapNote".into(),
            Value::from(format!(
                "editor events after since={} up to seq {} were lost from the editor ring before this read (it keeps the newest 2,000, or it was cleared). Poll more often.",
                js_string(Some(s)),
                js_number_string(dropped_seq)
            )),
        );
    }
    if truncated {
        out.insert("truncated".into(), Value::Bool(true));
        match since {
            Some(s) => {
                let next = page.last().and_then(|e| e.get("seq")).filter(|v| present(Some(v))).unwrap_or(s).clone();
                let hint = format!(
                    "Showing the OLDEST {} of {} editor events after since={} (oldest first). Poll again with since={} to continue contiguously{}; raise limit=N to fetch more per poll.",
                    page.len(),
                    matched.len(),
                    js_string(Some(s)),
                    js_string(Some(&next)),
                    if seq_gap { " from here (see gapNote: earlier editor events were already lost)" } else { " with no gap" }
                );
                out.insert("nextSeq".into(), next);
                out.insert("hint".into(), Value::from(hint));
            }
            None => {
                let hint = tail_hint("editor events", page.len(), matched.len(), ", or narrow with type=/source=/since=");
                out.insert("hint".into(), Value::from(hint));
            }
        }
    }
    if js_truthy(q.get("merged")) {
        let capture_seq = number(ring.get("captureSeq")).unwrap_or_else(|| max_number(all, "cap").max(max_number(game, "cap")));
        merge(&mut out, Merge { editor: all, game, q: &q, ring: &ring, caller, epoch, capture_seq });
    }
    if !present(out.get("nextSeq")) {
        out.insert("nextSeq".into(), float(seq_tip));
    }
    Ok(to_json(&Value::Object(out)))
}

struct Merge<'a> {
    editor: &'a [Value],
    game: &'a [Value],
    q: &'a Map<String, Value>,
    ring: &'a Map<String, Value>,
    caller: Option<&'a str>,
    epoch: Option<&'a str>,
    capture_seq: f64,
}

/// The merged read: the game journal's tail, and both streams windowed by one `sinceCap` and
/// interleaved by `cap` (unique, so a total order). The editor filters shape only `editor`.
fn merge(out: &mut Map<String, Value>, m: Merge<'_>) {
    let n = kept_for(m.game.len(), m.q.get("limit"), JOURNAL_TAIL_DEFAULT);
    out.insert("game".into(), Value::Array(take_tail(m.game, n).0.to_vec()));
    out.insert("gameTotal".into(), count(m.game.len()));
    out.insert("gameByType".into(), histogram(m.game, type_key));
    let cap_cursor = resolve_cap(m.q.get("sinceCap"), m.caller, m.epoch.map(capture_part_of), m.capture_seq);
    if let Some(reset) = &cap_cursor.reset {
        let joined = match out.get("cursorReset").and_then(Value::as_str) {
            Some(seq_reset) => format!("{reset} {seq_reset}"),
            None => reset.clone(),
        };
        out.insert("cursorReset".into(), Value::from(joined));
    }
    let since_cap = cap_cursor.since.as_ref().map(|s| js_number(Some(s)));
    let floor = since_cap.unwrap_or(f64::NEG_INFINITY);
    let dropped = number(m.ring.get("gameDroppedThroughCap")).unwrap_or(0.0).max(number(m.ring.get("droppedThroughCap")).unwrap_or(0.0));
    let cap_gap = since_cap.is_some_and(|s| s < dropped);
    if let (true, Some(s)) = (cap_gap, since_cap) {
        out.insert("droppedThroughCap".into(), float(dropped));
        out.insert("timelineGapNote".into(), Value::from(journal_gap_note(s, dropped)));
    }
    let timeline = interleave(m.editor, m.game, floor);
    out.insert("timelineTotal".into(), count(timeline.len()));
    let raw_since_cap = m.q.get("sinceCap").filter(|v| present(Some(v)));
    let tn = kept_for(timeline.len(), m.q.get("limit"), EDITOR_JOURNAL_TAIL_DEFAULT);
    let (tl, tl_truncated) = if raw_since_cap.is_some() { take_head(&timeline, tn) } else { take_tail(&timeline, tn) };
    out.insert("timeline".into(), Value::Array(tl.to_vec()));
    if tl_truncated {
        out.insert("truncated".into(), Value::Bool(true));
        let hint = match raw_since_cap {
            Some(raw) => {
                let next = match tl.last().and_then(|e| e.get("cap")).filter(|v| present(Some(v))) {
                    Some(cap) => cap.clone(),
                    None => float(since_cap.unwrap_or(0.0)),
                };
                let hint = format!(
                    "Showing the OLDEST {} of {} timeline events after sinceCap={} (oldest first). Poll again with sinceCap={} to continue contiguously{}; raise limit=N for more per poll.",
                    tl.len(),
                    timeline.len(),
                    js_string(Some(raw)),
                    js_string(Some(&next)),
                    if cap_gap { " from here (see timelineGapNote: earlier events were already lost)" } else { " with no gap" }
                );
                out.insert("nextCap".into(), next);
                hint
            }
            None => tail_hint("timeline events", tl.len(), timeline.len(), ", or cursor with sinceCap=<last cap>"),
        };
        out.insert("hint".into(), Value::from(hint));
    }
    if !present(out.get("nextCap")) {
        out.insert("nextCap".into(), float(m.capture_seq));
    }
}

/// Both streams after `floor`, each event tagged with its `stream` first, in `cap` order (a
/// stable sort, editor events first among equal caps).
fn interleave(editor: &[Value], game: &[Value], floor: f64) -> Vec<Value> {
    let tagged = |stream: &str, e: &Value| {
        let mut row = Map::new();
        row.insert("stream".into(), Value::from(stream));
        if let Value::Object(fields) = e {
            row.extend(fields.iter().map(|(k, v)| (k.clone(), v.clone())));
        }
        Value::Object(row)
    };
    let cap_or_zero = |e: &Value| match e.get("cap") {
        None | Some(Value::Null) => 0.0,
        cap => js_number(cap),
    };
    let mut rows: Vec<(f64, Value)> = editor
        .iter()
        .filter(|e| js_greater(e.get("cap"), floor))
        .map(|e| (cap_or_zero(e), tagged("editor", e)))
        .chain(game.iter().filter(|e| cap_or_zero(e) > floor).map(|e| (cap_or_zero(e), tagged("game", e))))
        .collect();
    rows.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal));
    rows.into_iter().map(|(_, row)| row).collect()
}

fn refuse(q: &Map<String, Value>) -> Option<Value> {
    if q.contains_key("clear") {
        return Some(refusal(
            "UNKNOWN_PARAM",
            "editor-journal: clear was removed — a journal read no longer deletes anything. For a clean baseline, read once (limit:0 is enough) and pass the returned nextSeq as since (with its epoch): that read returns only the events after it. Nothing was read and nothing was cleared.".into(),
            Some(&["since", "epoch"]),
        ));
    }
    let source = q.get("source")?;
    if source.as_str().is_some_and(|s| EDITOR_JOURNAL_SOURCES.contains(&s)) {
        return None;
    }
    Some(refusal(
        "REFUSED_BY_OP",
        format!("editor-journal: unknown source {} — nothing was read. Valid: {}.", to_json(source), EDITOR_JOURNAL_SOURCES.join(", ")),
        Some(&EDITOR_JOURNAL_SOURCES),
    ))
}

#[cfg(test)]
#[path = "editor_journal_tests.rs"]
mod tests;
