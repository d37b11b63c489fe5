//! `handles`: the interaction-handle dump shaped for an agent — counts by editor and kind when
//! the call is bare, the matching handles (with their counters recomputed for them) when it is
//! filtered, and a filter that matched nothing says what is live.
//!
//! A Dopesheet enumerates every key of every track (~374 bytes a handle, so 2,000 keys are
//! ~187k tokens); geometry is what a filter buys. A bare reply has no rows, so it carries no
//! `returnedCount` — a count of rows beside no rows would read as a failed parse.

use serde_json::{Map, Value};

use super::filter_disclosure::utf16_cmp;
use super::{js_truthy, key_string, Histogram};
use crate::json::value::to_json;

/// Longest label a reply carries, in UTF-16 units; longer ones end in `…`.
pub const LABEL_CAP: usize = 60;

/// Hint of a bare call when handles exist.
pub const COUNTS_HINT: &str =
    "Counts only. Pass editor=<name>, kind=<name>, or ids=[…] for handle geometry (x/y/rect).";
/// Default `noHandles` remedy: a bare call's whole hint when no handle exists.
pub const NO_HANDLES_REMEDY: &str =
    "No handles: open the relevant editor + enter its sub-mode first (e.g. set_scene_view_mode ui + set_collider_edit on).";
/// Default `nothingLive` remedy: finishes "no handle matches <filter>, and …" when none is live.
pub const NOTHING_LIVE_REMEDY: &str = "NO editor is currently exposing handles: open the relevant editor + enter its sub-mode first (e.g. set_scene_view_mode ui + set_collider_edit on).";

/// One interaction handle as the handles producer reports it (other keys pass through).
/// Declared for the JS types only; the core reads the dump as JSON.
#[cfg(test)]
#[derive(ts_rs::TS)]
#[ts(rename = "Handle", rename_all = "camelCase")]
#[allow(dead_code)]
pub(crate) struct DeclaredHandle {
    #[ts(optional, type = "string | number")]
    id: Option<()>,
    #[ts(optional)]
    editor: Option<String>,
    #[ts(optional)]
    kind: Option<String>,
    #[ts(optional)]
    label: Option<String>,
    #[ts(optional)]
    x: Option<f64>,
    #[ts(optional)]
    y: Option<f64>,
    #[ts(optional, type = "unknown")]
    rect: Option<()>,
    #[ts(optional)]
    on_screen: Option<bool>,
    #[ts(optional)]
    occluded_by: Option<String>,
    #[ts(optional)]
    occlusion_checked: Option<bool>,
    #[ts(optional, type = "{ disabled?: boolean; [key: string]: unknown }")]
    meta: Option<()>,
    #[ts(flatten)]
    rest: std::collections::HashMap<String, super::stream::Passed>,
}

/// The payload of `handles`. Bare: the dump's counters without `handles` and without
/// `returnedCount` (there are no rows), plus `byEditor`/`byKind` and a hint. Filtered: the
/// matching handles with `returnedCount`/`totalCount` and every counter recomputed for them;
/// when nothing matched, also `byEditor`/`byKind` over every handle and a hint naming what is
/// live. Declared for the JS types only: the reply is the dump's own keys, as a JSON map.
#[cfg(test)]
#[derive(ts_rs::TS)]
#[ts(rename = "HandlesResult", rename_all = "camelCase")]
#[allow(dead_code)]
pub(crate) struct DeclaredReply {
    #[ts(optional)]
    returned_count: Option<f64>,
    #[ts(optional)]
    total_count: Option<f64>,
    #[ts(optional)]
    handles: Option<Vec<DeclaredHandle>>,
    #[ts(optional, type = "{ [editor: string]: number }")]
    by_editor: Option<()>,
    #[ts(optional, type = "{ [kind: string]: number }")]
    by_kind: Option<()>,
    #[ts(optional)]
    hint: Option<String>,
    #[ts(flatten)]
    rest: std::collections::HashMap<String, super::stream::Passed>,
}

/// The next moves when nothing exposes handles; they differ by surface, so the caller may set them.
pub struct Remedies<'a> {
    /// A bare call's whole hint when there are no handles.
    pub no_handles: &'a str,
    /// Finishes "no handle matches <filter>, and …" when no handle is live at all.
    pub nothing_live: &'a str,
}

impl Default for Remedies<'_> {
    fn default() -> Self {
        Remedies { no_handles: NO_HANDLES_REMEDY, nothing_live: NOTHING_LIVE_REMEDY }
    }
}

/// Where a label of `len` UTF-16 units is cut for a report: `None` when it fits in 60, else
/// the units to keep before `…` — 57, or 56 when 57 would split a surrogate pair
/// (`splits_pair(i)`: units `i - 1` and `i` are one pair).
pub fn label_cut(len: usize, splits_pair: impl Fn(usize) -> bool) -> Option<usize> {
    if len <= LABEL_CAP {
        return None;
    }
    let keep = LABEL_CAP - 3;
    Some(if splits_pair(keep) { keep - 1 } else { keep })
}

/// `label` for a report: at most 60 UTF-16 units, the first 57 plus `…` when longer.
pub fn cap_label(label: &str) -> String {
    let units: Vec<u16> = label.encode_utf16().collect();
    let splits = |i: usize| (0xD800..0xDC00).contains(&units[i - 1]) && (0xDC00..0xE000).contains(&units[i]);
    match label_cut(units.len(), splits) {
        None => label.to_owned(),
        Some(keep) => format!("{}…", String::from_utf16_lossy(&units[..keep])),
    }
}

/// A handle label as the filter compares it: trimmed, whitespace runs collapsed, lowercased.
fn normalize_label(t: &str) -> String {
    let words: Vec<&str> = t.split(super::filter_disclosure::is_js_space).filter(|w| !w.is_empty()).collect();
    words.join(" ").to_lowercase()
}

/// The filter of a handles call; every part present only when it narrows something.
struct Filter {
    editor: Option<String>,
    kind: Option<String>,
    ids: Option<Vec<String>>,
    prefix: Option<String>,
    label: Option<String>,
}

/// `ids` as either surface takes it: a list, or a comma-separated string; blanks dropped.
fn parse_ids(value: Option<&Value>) -> Option<Vec<String>> {
    let list: Vec<String> = match value? {
        Value::String(s) => s.split(',').map(|t| t.trim().to_owned()).collect(),
        Value::Array(items) => items.iter().map(|v| key_string(Some(v), "").trim().to_owned()).collect(),
        Value::Null => return None,
        other => vec![key_string(Some(other), "")],
    };
    let list: Vec<String> = list.into_iter().filter(|s| !s.is_empty()).collect();
    (!list.is_empty()).then_some(list)
}

impl Filter {
    fn read(query: &Map<String, Value>) -> Self {
        let text = |k: &str| query.get(k).filter(|v| js_truthy(Some(v))).map(|v| key_string(Some(v), ""));
        Filter {
            editor: text("editor"),
            kind: text("kind"),
            ids: parse_ids(query.get("ids")),
            prefix: text("prefix"),
            label: text("label"),
        }
    }
    fn is_bare(&self) -> bool {
        self.editor.is_none()
            && self.kind.is_none()
            && self.ids.is_none()
            && self.prefix.is_none()
            && self.label.is_none()
    }
    fn matches(&self, h: &Value) -> bool {
        let field = |k: &str| key_string(h.get(k), "?");
        let id = h.get("id").map(|v| key_string(Some(v), ""));
        self.editor.as_ref().map_or(true, |e| field("editor") == *e)
            && self.kind.as_ref().map_or(true, |k| field("kind") == *k)
            && self.ids.as_ref().map_or(true, |set| id.as_ref().is_some_and(|i| set.contains(i)))
            && self
                .prefix
                .as_ref()
                .map_or(true, |p| h.get("id").and_then(Value::as_str).is_some_and(|i| i.starts_with(p.as_str())))
            && self.label.as_ref().map_or(true, |l| {
                h.get("label").and_then(Value::as_str).is_some_and(|hl| normalize_label(hl) == normalize_label(l))
            })
    }
    /// The filter as the hint names it: `editor=x, ids=[a,b], label="Save"`.
    fn asked(&self) -> String {
        let mut parts = Vec::new();
        if let Some(e) = &self.editor {
            parts.push(format!("editor={e}"));
        }
        if let Some(k) = &self.kind {
            parts.push(format!("kind={k}"));
        }
        if let Some(ids) = &self.ids {
            parts.push(format!("ids=[{}]", ids.join(",")));
        }
        if let Some(p) = &self.prefix {
            parts.push(format!("prefix={p}"));
        }
        if let Some(l) = &self.label {
            parts.push(format!("label={}", to_json(&Value::from(l.as_str()))));
        }
        parts.join(", ")
    }
}

/// Per-editor and per-kind histograms (missing values count as `?`).
fn counts_of(handles: &[Value]) -> (Histogram, Histogram) {
    let (mut by_editor, mut by_kind) = (Histogram::new(), Histogram::new());
    for h in handles {
        by_editor.add(&key_string(h.get("editor"), "?"));
        by_kind.add(&key_string(h.get("kind"), "?"));
    }
    (by_editor, by_kind)
}

/// Shapes the handles dump `result` for `query` (`editor`, `kind`, `ids`, `prefix`, `label`).
/// A result without a `handles` array is not a dump and comes back unchanged.
pub fn handles(result: &Value, query: &Value, remedies: &Remedies) -> String {
    let Some(map) = result.as_object() else { return to_json(result) };
    let Some(all) = map.get("handles").and_then(Value::as_array) else { return to_json(result) };
    let filter = Filter::read(&super::object_or_empty(query));
    let (by_editor, by_kind) = counts_of(all);
    if filter.is_bare() {
        let mut out = Map::new();
        if !map.contains_key("totalCount") {
            // How many handles exist IS the answer a bare call gives.
            out.insert("totalCount".into(), Value::from(all.len()));
        }
        out.extend(
            map.iter()
                .filter(|(k, _)| !matches!(k.as_str(), "handles" | "returnedCount"))
                .map(|(k, v)| (k.clone(), v.clone())),
        );
        out.insert("byEditor".into(), by_editor.into_value());
        out.insert("byKind".into(), by_kind.into_value());
        out.insert("hint".into(), Value::from(if all.is_empty() { remedies.no_handles } else { COUNTS_HINT }));
        return to_json(&Value::Object(out));
    }
    let matched: Vec<Value> = all.iter().filter(|h| filter.matches(h)).map(with_capped_label).collect();
    let mut out = filtered_reply(map, &matched);
    if matched.is_empty() {
        let hint = miss_hint(&filter, all, &by_editor, &by_kind, remedies);
        out.insert("byEditor".into(), by_editor.into_value());
        out.insert("byKind".into(), by_kind.into_value());
        out.insert("hint".into(), Value::from(hint));
    }
    to_json(&Value::Object(out))
}

fn with_capped_label(h: &Value) -> Value {
    let mut h = h.clone();
    if let Some(Value::String(label)) = h.get_mut("label") {
        *label = cap_label(label);
    }
    h
}

/// The dump as the op answers a filtered call: its own keys, the rows, and every counter the
/// dump carries recomputed over the rows (so no counter describes handles that are not there).
fn filtered_reply(map: &Map<String, Value>, matched: &[Value]) -> Map<String, Value> {
    let count = |pred: &dyn Fn(&Value) -> bool| Value::from(matched.iter().filter(|h| pred(h)).count());
    let mut out = Map::new();
    out.insert("returnedCount".into(), Value::from(matched.len()));
    out.insert("totalCount".into(), Value::from(matched.len()));
    for (k, v) in map {
        let value = match k.as_str() {
            "returnedCount" | "totalCount" => Value::from(matched.len()),
            "editors" => editors_of(matched),
            "offScreenCount" => count(&|h| !js_truthy(h.get("onScreen"))),
            "occludedCount" => count(&|h| js_truthy(h.get("occludedBy"))),
            "occlusionUnchecked" => count(&|h| !js_truthy(h.get("occlusionChecked"))),
            "disabledCount" => count(&|h| h.get("meta").and_then(|m| m.get("disabled")) == Some(&Value::Bool(true))),
            "handles" => Value::Array(matched.to_vec()),
            _ => v.clone(),
        };
        out.insert(k.clone(), value);
    }
    out
}

/// Distinct editors of `handles`, sorted by UTF-16 code unit; a handle with none sorts last.
fn editors_of(handles: &[Value]) -> Value {
    let mut names: Vec<&str> = handles.iter().filter_map(|h| h.get("editor").and_then(Value::as_str)).collect();
    names.sort_by(|a, b| utf16_cmp(a, b));
    names.dedup();
    let mut list: Vec<Value> = names.into_iter().map(Value::from).collect();
    if handles.iter().any(|h| h.get("editor").and_then(Value::as_str).is_none()) {
        list.push(Value::Null);
    }
    Value::Array(list)
}

/// The hint of a filtered call that matched nothing: what is live now, or the surface remedy.
fn miss_hint(
    filter: &Filter,
    all: &[Value],
    by_editor: &Histogram,
    by_kind: &Histogram,
    remedies: &Remedies,
) -> String {
    let asked = filter.asked();
    let editors = by_editor.js_keys();
    if editors.is_empty() {
        return format!("no handle matches {asked}, and {}", remedies.nothing_live);
    }
    let mut hint = format!(
        "no handle matches {asked}. Live now: editor ∈ {{{}}}, kind ∈ {{{}}} — check the spelling, or drop the filter for counts.",
        editors.join(", "),
        by_kind.js_keys().join(", ")
    );
    if filter.prefix.is_some() || filter.label.is_some() {
        let mut prefixes: Vec<String> = all
            .iter()
            .filter(|h| h.get("editor").and_then(Value::as_str) == Some("chrome"))
            .filter_map(|h| h.get("id").and_then(Value::as_str))
            .map(|id| format!("{}.", id.split('.').next().unwrap_or("")))
            .collect();
        prefixes.sort_by(|a, b| utf16_cmp(a, b));
        prefixes.dedup();
        if !prefixes.is_empty() {
            hint.push_str(&format!(
                " Chrome id prefixes live now: {{{}}} — a prefix absent from this set is a panel or dialog that is not open.",
                prefixes.join(", ")
            ));
        }
    }
    if filter.label.is_some() {
        hint.push_str(" A label matches the WHOLE label (whitespace-collapsed, case-insensitive), never a substring.");
    }
    hint
}

#[cfg(test)]
#[path = "handles_tests.rs"]
mod tests;
