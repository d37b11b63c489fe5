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
use super::items::{read_items, tagged, type_histogram, write_with_items, Item};
use super::journal::journal_gap_note;
use super::window::{kept_for, tail_hint, take_head, take_tail, EDITOR_JOURNAL_TAIL_DEFAULT, JOURNAL_TAIL_DEFAULT};
use super::{
    count, float, js_greater, js_number, js_strict_eq, js_string, js_truthy, number, object, present, refusal,
};
use crate::error::Result;
use crate::json::number::js_number_string;
use crate::json::value::to_json;

/// The sources an editor event can have, and a `source` filter can name.
pub const EDITOR_JOURNAL_SOURCES: [&str; 2] = ["human", "agent"];

/// An editor journal event as the ring producer returns it (other keys pass through). Declared
/// for the JS types only; the core reads the events as JSON.
#[cfg(test)]
#[derive(ts_rs::TS)]
#[ts(rename = "EditorJournalEvent")]
#[allow(dead_code)]
pub(crate) struct DeclaredEvent {
    seq: f64,
    cap: f64,
    #[ts(optional)]
    ts: Option<f64>,
    #[ts(rename = "type")]
    kind: String,
    #[ts(type = "\"human\" | \"agent\"")]
    source: String,
    #[ts(optional, type = "unknown")]
    payload: Option<()>,
    #[ts(flatten)]
    rest: std::collections::HashMap<String, super::Passed>,
}

/// One timeline row: an editor or game event tagged with its stream. Declared for the JS types
/// only.
#[cfg(test)]
#[derive(ts_rs::TS)]
#[ts(rename = "TimelineEvent")]
#[allow(dead_code)]
pub(crate) struct DeclaredTimelineEvent {
    #[ts(type = "\"editor\" | \"game\"")]
    stream: String,
    cap: f64,
    #[ts(flatten)]
    rest: std::collections::HashMap<String, super::Passed>,
}

/// The payload of `editorJournal`. Declared for the JS types only: the reply is built as an
/// ordered map, its keys in the order the editor's op assigns them on the branch taken.
#[cfg(test)]
#[derive(ts_rs::TS)]
#[ts(rename = "EditorJournalResult", rename_all = "camelCase")]
#[allow(dead_code)]
pub(crate) struct DeclaredReply {
    editor: Vec<DeclaredEvent>,
    /// Events the filters matched.
    editor_total: f64,
    /// The whole window, filters ignored.
    ring_total: f64,
    #[ts(type = "{ [type: string]: number }")]
    by_type: (),
    #[ts(optional)]
    epoch: Option<String>,
    #[ts(optional)]
    cursor_reset: Option<String>,
    #[ts(optional)]
    dropped_through_seq: Option<f64>,
    #[ts(optional)]
    gap_note: Option<String>,
    #[ts(optional, type = "true")]
    truncated: Option<()>,
    #[ts(optional)]
    hint: Option<String>,
    /// Where the next `since` read starts.
    next_seq: f64,
    /// With `merged`: the game journal's tail.
    #[ts(optional, type = "Array<JournalEvent>")]
    game: Option<()>,
    #[ts(optional)]
    game_total: Option<f64>,
    #[ts(optional, type = "{ [type: string]: number }")]
    game_by_type: Option<()>,
    #[ts(optional)]
    dropped_through_cap: Option<f64>,
    #[ts(optional)]
    timeline_gap_note: Option<String>,
    #[ts(optional)]
    timeline_total: Option<f64>,
    /// With `merged`: both streams interleaved by `cap`.
    #[ts(optional)]
    timeline: Option<Vec<DeclaredTimelineEvent>>,
    /// With `merged`: where the next `sinceCap` read starts.
    #[ts(optional)]
    next_cap: Option<f64>,
}

/// `editorJournal(editor, query, ring, game)`: `editor` are `{ seq, cap, ts, type, source,
/// payload }` oldest first, as JSON text; `ring` is the producers' state — `{ epoch, seq,
/// droppedThroughSeq, droppedThroughCap, gameDroppedThroughCap, captureSeq }`; `game` is the game
/// journal's events (JSON text, `null` for none), read by `merged`. Absent, `seq` and
/// `captureSeq` are the newest in the events, the dropped marks are 0, and the reply has no `epoch`.
pub fn editor_journal(editor: &[u8], query: &Value, ring: &Value, game: &[u8]) -> Result<String> {
    let all = read_items(editor, &["seq", "cap", "type", "source"], "editorJournal: editor")?;
    let q = object(query);
    let ring = object(ring);
    let game = read_items(game, &["cap", "type"], "editorJournal: ring.game")?;
    if let Some(refused) = refuse(&q) {
        return Ok(to_json(&refused));
    }
    let epoch = ring.get("epoch").and_then(Value::as_str);
    let caller = caller_epoch(q.get("epoch"));
    let seq_tip = number(ring.get("seq")).unwrap_or_else(|| newest(&all, "seq"));
    let cursor = resolve_editor_seq(q.get("since"), caller, epoch, seq_tip);
    let since = cursor.since.as_ref();
    let type_filter = q.get("type").filter(|t| js_truthy(Some(t)));
    let source = q.get("source").filter(|s| js_truthy(Some(s)));
    let matched: Vec<&Item> = all
        .iter()
        .filter(|e| type_filter.map_or(true, |t| js_strict_eq(e.get("type"), t)))
        .filter(|e| source.map_or(true, |s| js_strict_eq(e.get("source"), s)))
        .filter(|e| since.map_or(true, |s| js_greater(e.get("seq"), js_number(Some(s)))))
        .collect();
    let n = kept_for(matched.len(), q.get("limit"), EDITOR_JOURNAL_TAIL_DEFAULT);
    let (page, truncated) = if since.is_some() { take_head(&matched, n) } else { take_tail(&matched, n) };
    let mut out = Map::new();
    out.insert("editor".into(), Value::Null);
    out.insert("editorTotal".into(), count(matched.len()));
    out.insert("ringTotal".into(), count(all.len()));
    out.insert("byType".into(), type_histogram(&all));
    if let Some(epoch) = epoch {
        out.insert("epoch".into(), Value::from(epoch));
    }
    if let Some(reset) = &cursor.reset {
        out.insert("cursorReset".into(), Value::from(reset.as_str()));
    }
    let seq_gap =
        since.is_some_and(|s| note_seq_gap(&mut out, s, number(ring.get("droppedThroughSeq")).unwrap_or(0.0)));
    if truncated {
        cut_short(&mut out, page, matched.len(), since, seq_gap);
    }
    let editor_raws: Vec<&str> = page.iter().map(|e| e.raw.as_ref()).collect();
    let merged = js_truthy(q.get("merged")).then(|| {
        let capture_seq =
            number(ring.get("captureSeq")).unwrap_or_else(|| newest(&all, "cap").max(newest(&game, "cap")));
        merge(&mut out, Merge { editor: &all, game: &game, q: &q, ring: &ring, caller, epoch, capture_seq })
    });
    if !present(out.get("nextSeq")) {
        out.insert("nextSeq".into(), float(seq_tip));
    }
    let Some((game_page, timeline)) = merged else {
        return Ok(write_with_items(&out, &[("editor", &editor_raws)]));
    };
    let game_raws: Vec<&str> = game_page.iter().map(|e| e.raw.as_ref()).collect();
    let timeline_raws: Vec<&str> = timeline.iter().map(String::as_str).collect();
    Ok(write_with_items(&out, &[("editor", &editor_raws), ("game", &game_raws), ("timeline", &timeline_raws)]))
}

/// A `since` below what the ring has lost has a gap its returned seqs cannot show: say so.
/// Returns whether there is one.
fn note_seq_gap(out: &mut Map<String, Value>, since: &Value, dropped_seq: f64) -> bool {
    if js_number(Some(since)) >= dropped_seq {
        return false;
    }
    out.insert("droppedThroughSeq".into(), float(dropped_seq));
    let note = format!(
        "editor events after since={} up to seq {} were lost from the editor ring before this read (it keeps the newest 2,000, or it was cleared). Poll more often.",
        js_string(Some(since)),
        js_number_string(dropped_seq)
    );
    out.insert("gapNote".into(), Value::from(note));
    true
}

/// A page the limit cut short: `truncated`, and for a cursored page the `nextSeq` right after
/// its last row (a `limit: 0` page holds the cursor), then the hint.
fn cut_short(out: &mut Map<String, Value>, page: &[&Item], total: usize, since: Option<&Value>, seq_gap: bool) {
    out.insert("truncated".into(), Value::Bool(true));
    let hint = match since {
        Some(s) => {
            let next = page.last().and_then(|e| e.get("seq")).filter(|v| present(Some(v))).unwrap_or(s).clone();
            let hint = format!(
                "Showing the OLDEST {} of {total} editor events after since={} (oldest first). Poll again with since={} to continue contiguously{}; raise limit=N to fetch more per poll.",
                page.len(),
                js_string(Some(s)),
                js_string(Some(&next)),
                if seq_gap { " from here (see gapNote: earlier editor events were already lost)" } else { " with no gap" }
            );
            out.insert("nextSeq".into(), next);
            hint
        }
        None => tail_hint("editor events", page.len(), total, ", or narrow with type=/source=/since="),
    };
    out.insert("hint".into(), Value::from(hint));
}

/// The largest numeric `key` across `items`, or 0 (the editor's newest-value reduction).
fn newest(items: &[Item], key: &str) -> f64 {
    items.iter().filter_map(|e| number(e.get(key))).fold(0.0, f64::max)
}

struct Merge<'a, 'b> {
    editor: &'b [Item<'a>],
    game: &'b [Item<'a>],
    q: &'b Map<String, Value>,
    ring: &'b Map<String, Value>,
    caller: Option<&'b str>,
    epoch: Option<&'b str>,
    capture_seq: f64,
}

/// The merged read: the game journal's tail, and both streams windowed by one `sinceCap` and
/// interleaved by `cap` (unique, so a total order). The editor filters shape only `editor`.
/// Returns the game tail and the timeline rows, which the caller writes as their text.
fn merge<'a, 'b>(out: &mut Map<String, Value>, m: Merge<'a, 'b>) -> (&'b [Item<'a>], Vec<String>) {
    let n = kept_for(m.game.len(), m.q.get("limit"), JOURNAL_TAIL_DEFAULT);
    let game_page = take_tail(m.game, n).0;
    out.insert("game".into(), Value::Null);
    out.insert("gameTotal".into(), count(m.game.len()));
    out.insert("gameByType".into(), type_histogram(m.game));
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
    let dropped = number(m.ring.get("gameDroppedThroughCap"))
        .unwrap_or(0.0)
        .max(number(m.ring.get("droppedThroughCap")).unwrap_or(0.0));
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
    out.insert("timeline".into(), Value::Null);
    let rows: Vec<String> = tl.iter().map(|(stream, e)| tagged(stream, e)).collect();
    if tl_truncated {
        out.insert("truncated".into(), Value::Bool(true));
        let hint = match raw_since_cap {
            Some(raw) => {
                let next = match tl.last().and_then(|(_, e)| e.get("cap")).filter(|v| present(Some(v))) {
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
    (game_page, rows)
}

/// Both streams after `floor` in `cap` order (a stable sort, so editor events come first among
/// equal caps), as references: only the window is written.
fn interleave<'b, 'a>(editor: &'b [Item<'a>], game: &'b [Item<'a>], floor: f64) -> Vec<(&'static str, &'b Item<'a>)> {
    let cap_or_zero = |e: &Item| match e.get("cap") {
        None | Some(Value::Null) => 0.0,
        cap => js_number(cap),
    };
    let mut rows: Vec<(f64, &'static str, &Item)> = editor
        .iter()
        .filter(|e| js_greater(e.get("cap"), floor))
        .map(|e| (cap_or_zero(e), "editor", e))
        .chain(game.iter().filter(|e| cap_or_zero(e) > floor).map(|e| (cap_or_zero(e), "game", e)))
        .collect();
    rows.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal));
    rows.into_iter().map(|(_, stream, e)| (stream, e)).collect()
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
        format!(
            "editor-journal: unknown source {} — nothing was read. Valid: {}.",
            to_json(source),
            EDITOR_JOURNAL_SOURCES.join(", ")
        ),
        Some(&EDITOR_JOURNAL_SOURCES),
    ))
}

#[cfg(test)]
#[path = "editor_journal_tests.rs"]
mod tests;
