//! `consoleLogs`: the console ring as the editor's `console-logs` op answers it.
//!
//! A bare read is the newest 50 entries (a tail: "what happened lately"); a `since` read pages
//! oldest-first from the cursor, so polling with `since=<nextSeq>` and `epoch` never skips a
//! line. `level` is a threshold, `sinceMs` the clock form of "after". `totalCount` is what the
//! filters matched, `ringTotal` and `byLevel` describe the whole ring whatever the filter, and
//! every entry's text is cut and the page fitted to the log budget, with `omittedForSize`
//! counting what the budget left out.

use serde::Serialize;
use serde_json::{Map, Value};

use super::cursor::{resolve_console, CONSOLE_SEQ_CEILING};
use super::levels::{at_console_level, console_rank, CONSOLE_LEVELS};
use super::log_budget::{cap_log_text, encoded_size, fit_log_budget, Keep, LOG_ANSWER_CHARS, LOG_ENTRY_CHARS};
use super::window::{kept_for, tail_hint, take_head, take_tail, CONSOLE_TAIL_DEFAULT};
use super::{float, histogram, js_greater, js_number, js_string, list, max_number, object, present, refusal};
use crate::error::Result;
use crate::json::value::to_json;

/// A console entry as the ring producer returns it and `consoleLogs` reads it (a JSON object;
/// other keys pass through). Declared for the JS types only; the core reads the entries as JSON.
#[cfg(test)]
#[derive(ts_rs::TS)]
#[ts(rename = "ConsoleEntry")]
#[allow(dead_code)]
pub(crate) struct Entry {
    seq: f64,
    level: String,
    ts: f64,
    text: String,
}

/// The payload of `consoleLogs`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ConsoleLogsResult"))]
pub(crate) struct Reply {
    #[cfg_attr(test, ts(type = "Array<ConsoleEntry>"))]
    logs: Vec<Value>,
    #[cfg_attr(test, ts(type = "number"))]
    next_seq: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    epoch: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    cursor_reset: Option<String>,
    returned_count: usize,
    /// What matched level/since/sinceMs before the window.
    total_count: usize,
    /// The whole ring, filter ignored.
    ring_total: usize,
    /// Over the whole ring.
    #[cfg_attr(test, ts(type = "{ [level: string]: number }"))]
    by_level: Value,
    #[cfg_attr(test, ts(type = "number"))]
    dropped: Value,
    /// Entries the limit took that the character budget left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    omitted_for_size: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, type = "true"))]
    truncated: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    hint: Option<String>,
}

/// `consoleLogs(entries, query, ring)`: `entries` are `{ seq, level, ts, text }` oldest first;
/// `ring` is `{ epoch, dropped }` — the ring's identity for this page load and how many entries
/// it evicted between its boot prefix and its rolling tail (both the producer's; absent, the
/// reply has no `epoch` and says `dropped: 0`).
pub fn console_logs(entries: &Value, query: &Value, ring: &Value) -> Result<String> {
    let whole = list(entries, "consoleLogs: entries")?;
    let q = object(query);
    let ring = object(ring);
    if let Some(refused) = refuse(&q) {
        return Ok(to_json(&refused));
    }
    let caller = q.get("epoch").and_then(Value::as_str).filter(|e| !e.is_empty());
    let ring_epoch = ring.get("epoch").and_then(Value::as_str);
    let newest = max_number(whole, "seq");
    let cursor = resolve_console(q.get("since"), caller, ring_epoch, newest);
    let since = cursor.since.as_ref();
    let level = q.get("level").and_then(Value::as_str);
    let since_ms = q.get("sinceMs").filter(|v| present(Some(v))).map(|v| js_number(Some(v)));
    let matched: Vec<&Value> = whole
        .iter()
        .filter(|e| level.map_or(true, |t| at_console_level(&js_string(e.get("level")), t)))
        .filter(|e| since.map_or(true, |s| js_greater(e.get("seq"), js_number(Some(s)))))
        .filter(|e| since_ms.map_or(true, |ms| js_greater(e.get("ts"), ms)))
        .collect();
    let cursored = since.is_some();
    let n = kept_for(matched.len(), q.get("limit"), CONSOLE_TAIL_DEFAULT);
    let (page, page_truncated) = if cursored { take_head(&matched, n) } else { take_tail(&matched, n) };
    let capped: Vec<Value> = page.iter().map(|e| cap_entry(e)).collect();
    let keep = if cursored { Keep::First } else { Keep::Last };
    let (logs, omitted) = fit_log_budget(&capped, |e| encoded_size(e) as f64, LOG_ANSWER_CHARS as f64, keep);
    let truncated = page_truncated || omitted > 0;
    let next_seq = match (cursored && truncated, logs.last().and_then(|e| e.get("seq")).filter(|s| present(Some(s)))) {
        (true, Some(seq)) => seq.clone(),
        (true, None) => since.cloned().unwrap_or(Value::Null),
        (false, _) => float(newest),
    };
    let hint = truncated.then(|| {
        let page = Page { shown: logs.len(), total: matched.len(), took: page.len(), omitted };
        match since {
            Some(s) => page.cursored_hint(&js_string(Some(s)), &js_string(Some(&next_seq))),
            None => page.tail_hint(page_first_seq(capped.first())),
        }
    });
    let reply = Reply {
        logs: logs.to_vec(),
        next_seq,
        epoch: ring_epoch.map(str::to_owned),
        cursor_reset: cursor.reset,
        returned_count: logs.len(),
        total_count: matched.len(),
        ring_total: whole.len(),
        by_level: histogram(whole, |e| js_string(e.get("level"))),
        dropped: ring.get("dropped").filter(|d| d.is_number()).cloned().unwrap_or(Value::from(0)),
        omitted_for_size: (omitted > 0).then_some(omitted),
        truncated: truncated.then_some(true),
        hint,
    };
    Ok(to_json(&serde_json::to_value(reply).unwrap_or(Value::Null)))
}

/// The cursor that reads the oldest entry of the limit's page: its `seq` minus one.
fn page_first_seq(first: Option<&Value>) -> String {
    let seq = js_number(first.and_then(|e| e.get("seq")));
    crate::json::number::js_number_string(seq - 1.0)
}

struct Page {
    shown: usize,
    total: usize,
    took: usize,
    omitted: usize,
}

impl Page {
    fn budget_clause(&self) -> String {
        format!(
            "{} of the {} entries the limit took were left out to keep this answer under {LOG_ANSWER_CHARS} chars",
            self.omitted, self.took
        )
    }

    fn cursored_hint(&self, since: &str, next: &str) -> String {
        let Page { shown, total, .. } = self;
        if self.omitted > 0 {
            // The size fit cut this page, so raising the limit cannot help: only the cursor can.
            return format!(
                "Showing the OLDEST {shown} of {total} entries after since={since} (oldest first): {}. Continue with since={next} and this epoch.",
                self.budget_clause()
            );
        }
        format!("Showing the OLDEST {shown} of {total} entries after since={since} (oldest first). Continue with since={next} and this epoch, or raise limit=N.")
    }

    fn tail_hint(&self, first_cursor: String) -> String {
        if self.omitted > 0 {
            return format!(
                "Showing the last {} of {} console entries (newest last): {}. Read them with since={first_cursor} and this epoch, or narrow with level=/since=.",
                self.shown,
                self.total,
                self.budget_clause()
            );
        }
        tail_hint("console entries", self.shown, self.total, ", or narrow with level=/since=")
    }
}

/// The entry with its text cut to [`LOG_ENTRY_CHARS`] (entries without string text pass as is).
fn cap_entry(entry: &Value) -> Value {
    let cut = entry.get("text").and_then(Value::as_str).and_then(|t| cap_log_text(t, LOG_ENTRY_CHARS as f64));
    match (cut, entry) {
        (Some(text), Value::Object(map)) => {
            let mut map: Map<String, Value> = map.clone();
            map.insert("text".into(), Value::String(text));
            Value::Object(map)
        }
        _ => entry.clone(),
    }
}

/// The editor's refusals, in its order: one reading per argument, and a value the op cannot
/// honour refuses rather than filters wrongly.
fn refuse(q: &Map<String, Value>) -> Option<Value> {
    let level = q.get("level");
    if let Some(level) = level {
        if level.as_str().and_then(console_rank).is_none() {
            return Some(refusal(
                "REFUSED_BY_OP",
                format!(
                    "console-logs: level must be one of {} (a threshold: that level or worse), got {}.",
                    CONSOLE_LEVELS.join(", "),
                    to_json(level)
                ),
                Some(&CONSOLE_LEVELS),
            ));
        }
    }
    let since = q.get("since").filter(|v| present(Some(v)));
    let since_ms = q.get("sinceMs").filter(|v| present(Some(v)));
    if since.is_some() && since_ms.is_some() {
        return Some(refusal(
            "AMBIGUOUS",
            "console-logs: pass since (a ring seq cursor, from nextSeq) OR sinceMs (an epoch-ms timestamp), not both — they select by different clocks.".into(),
            Some(&["since", "sinceMs"]),
        ));
    }
    if let Some(s) = since {
        let shown = js_string(Some(s));
        let is_integer = s.as_f64().is_some_and(|x| x.is_finite() && x.fract() == 0.0);
        if !is_integer || js_number(Some(s)) < 0.0 {
            return Some(refusal(
                "REFUSED_BY_OP",
                format!("console-logs: since is a ring seq cursor (a non-negative integer — pass back a reply's nextSeq), got {shown}."),
                None,
            ));
        }
        if js_number(Some(s)) >= CONSOLE_SEQ_CEILING {
            return Some(refusal(
                "REFUSED_BY_OP",
                format!("console-logs: since={shown} is a timestamp, but since is a ring SEQ cursor — pass back a reply's nextSeq. For \"logged after this instant\", use sinceMs={shown}."),
                Some(&["sinceMs"]),
            ));
        }
    }
    if let Some(ms) = since_ms {
        if js_number(Some(ms)) < CONSOLE_SEQ_CEILING {
            let shown = js_string(Some(ms));
            return Some(refusal(
                "REFUSED_BY_OP",
                format!("console-logs: sinceMs={shown} is a ring seq, not an epoch-ms timestamp — for a cursor use since={shown}."),
                Some(&["since"]),
            ));
        }
    }
    match q.get("epoch") {
        None => None,
        Some(Value::String(_)) => None,
        Some(other) => Some(refusal(
            "REFUSED_BY_OP",
            format!("console-logs: epoch is the string a previous reply returned, got {}.", to_json(other)),
            None,
        )),
    }
}

#[cfg(test)]
#[path = "console_tests.rs"]
mod tests;
