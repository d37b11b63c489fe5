//! Bindings for the stream summaries (`src/summarizers/stream`). Structured inputs arrive as
//! UTF-8 JSON text from `JSON.stringify` (see `node/streams.cjs`) and replies leave as JSON text;
//! the small helpers take plain numbers so a call costs no serialization.

use js_sys::JsString;
use serde_json::Value;
use wasm_bindgen::prelude::*;

use crate::error::{Error, Result};
use crate::summarizers::parse_json;
use crate::summarizers::stream::{console, cursor, editor_journal, journal, levels, log_budget, watch, window};

fn parse(bytes: &[u8]) -> Result<Value> {
    parse_json(bytes).map_err(Error::invalid_input)
}

#[wasm_bindgen(js_name = tailPlan)]
pub fn tail_plan(keys: &[u8], limit: &[u8], default_limit: &[u8]) -> std::result::Result<String, JsValue> {
    Ok(window::tail_plan(&parse(keys)?, &parse(limit)?, &parse(default_limit)?)?)
}

/// How many of `len` items a window keeps (`limit` NaN = not given; `default` NaN = no bound).
#[wasm_bindgen(js_name = windowCount)]
pub fn window_count(len: f64, limit: f64, default: f64) -> f64 {
    let limit = (!limit.is_nan()).then_some(limit);
    let len = if len.is_finite() && len > 0.0 { len as usize } else { 0 };
    window::kept(len, window::window_size(limit, default)) as f64
}

#[wasm_bindgen(js_name = tailHint)]
pub fn tail_hint(kind: &str, shown: f64, total: f64, extra: &str) -> String {
    format!(
        "Showing the last {} of {} {kind} (newest last). Raise limit=N for more{extra}.",
        crate::json::number::js_number_string(shown),
        crate::json::number::js_number_string(total)
    )
}

/// `capLogText`: the text itself when it fits, else a surrogate-safe prefix and `… (+N chars)`.
/// Works on the `JsString` in place: a text that fits is never copied into WebAssembly.
#[wasm_bindgen(js_name = capLogText)]
pub fn cap_log_text(text: &JsString, max: f64) -> JsString {
    let splits_pair = |i: usize| {
        let high = text.char_code_at(i as u32 - 1) as u32;
        let low = text.char_code_at(i as u32) as u32;
        (0xD800..0xDC00).contains(&high) && (0xDC00..0xE000).contains(&low)
    };
    match log_budget::plan_log_cut(text.length() as usize, max, splits_pair) {
        None => text.clone(),
        Some((keep, marker)) => text.slice(0, keep as u32).concat(&JsValue::from_str(&marker)),
    }
}

/// How many items fit `budget`, their sizes given in the order the budget keeps them.
#[wasm_bindgen(js_name = fitCount)]
pub fn fit_count(sizes: &[f64], budget: f64) -> f64 {
    log_budget::fit_count(sizes.iter().copied(), budget) as f64
}

/// The stream constants as JSON, so the JS side reads the one copy the core uses.
#[wasm_bindgen(js_name = streamConstants)]
pub fn stream_constants() -> String {
    let ranks: serde_json::Map<String, Value> = levels::CONSOLE_LEVELS
        .iter()
        .map(|l| ((*l).to_owned(), Value::from(levels::console_rank(l).unwrap_or(0))))
        .collect();
    let constants = serde_json::json!({
        "CONSOLE_TAIL_DEFAULT": window::CONSOLE_TAIL_DEFAULT,
        "JOURNAL_TAIL_DEFAULT": window::JOURNAL_TAIL_DEFAULT,
        "EDITOR_JOURNAL_TAIL_DEFAULT": window::EDITOR_JOURNAL_TAIL_DEFAULT,
        "LOG_LINE_CHARS": log_budget::LOG_LINE_CHARS,
        "LOG_ENTRY_CHARS": log_budget::LOG_ENTRY_CHARS,
        "LOG_ANSWER_CHARS": log_budget::LOG_ANSWER_CHARS,
        "CONSOLE_LEVELS": levels::CONSOLE_LEVELS,
        "CONSOLE_RANKS": ranks,
        "JOURNAL_LEVELS": levels::JOURNAL_LEVELS,
        "EDITOR_JOURNAL_SOURCES": editor_journal::EDITOR_JOURNAL_SOURCES,
        "SINCE_CURSOR_BASE": cursor::SINCE_CURSOR_BASE,
        "EPOCH_BASE": cursor::EPOCH_BASE,
        "CONSOLE_SEQ_CEILING": cursor::CONSOLE_SEQ_CEILING,
        "WATCH_SERIES_LIMIT": watch::WATCH_SERIES_LIMIT,
    });
    crate::json::value::to_json(&constants)
}

#[wasm_bindgen(js_name = summarizeConsoleLogs)]
pub fn console_logs(entries: &[u8], query: &[u8], ring: &[u8]) -> std::result::Result<String, JsValue> {
    Ok(console::console_logs(&parse(entries)?, &parse(query)?, &parse(ring)?)?)
}

#[wasm_bindgen(js_name = summarizeJournalEvents)]
pub fn journal_events(events: &[u8], query: &[u8], ring: &[u8]) -> std::result::Result<String, JsValue> {
    Ok(journal::journal_events(events, &parse(query)?, &parse(ring)?)?)
}

#[wasm_bindgen(js_name = summarizeEditorJournal)]
pub fn editor_journal(editor: &[u8], query: &[u8], ring: &[u8], game: &[u8]) -> std::result::Result<String, JsValue> {
    Ok(editor_journal::editor_journal(editor, &parse(query)?, &parse(ring)?, game)?)
}

#[wasm_bindgen(js_name = summarizeWatchRead)]
pub fn watch_read(result: &[u8], query: &[u8]) -> std::result::Result<String, JsValue> {
    Ok(watch::watch_read(&parse(result)?, &parse(query)?)?)
}
