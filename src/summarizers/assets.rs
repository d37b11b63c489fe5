//! `summarizeAssets`: per-type counts by default; entries only when a filter, `limit` or `all`
//! asks.
//!
//! A project's asset list is mostly fonts and meshes the agent never needs one by one; the
//! counts tell it which `type=` to ask for. An explicit parameter always changes the answer, so
//! `limit` alone switches to entries too.

use serde::Serialize;
use serde_json::{Map, Value};

use super::filter_disclosure::{describe_query_filter, empty_filter_hint, EmptyFilter};
use super::{array_or_empty, js_truthy, key_string, lower, reply_json, truthy, Histogram, Limit};
use crate::error::{Error, Result};

/// Hint of the bare (counts-only) call.
pub const BARE_HINT: &str =
    "Counts only. Narrow with type=<type>, folder=<path prefix>, or name=<substring>; or all=true for every entry.";

/// An asset as the asset scan returns it. Declared for the JS types only: the summary reads
/// the JSON, and the entries it returns are the scan's own.
#[cfg(test)]
#[derive(ts_rs::TS)]
#[ts(rename = "Asset")]
#[allow(dead_code)]
pub(crate) struct DeclaredAsset {
    guid: String,
    path: String,
    name: String,
    #[ts(rename = "type")]
    kind: String,
}

/// The bare `summarizeAssets` payload: no rows, so no `returnedCount`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "AssetCounts"))]
pub(crate) struct Counts {
    total_count: usize,
    #[cfg_attr(test, ts(type = "{ [type: string]: number }"))]
    by_type: Value,
    hint: &'static str,
}

/// The entries payload of `summarizeAssets`; `hint` only when a filter matched nothing.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "AssetEntries"))]
pub(crate) struct Entries<'a> {
    /// Rows in `assets`.
    returned_count: usize,
    /// Assets the filter matched before the limit.
    total_count: usize,
    #[cfg_attr(test, ts(type = "Asset[]"))]
    assets: &'a [&'a Value],
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(test, ts(optional, type = "true"))]
    truncated: bool,
    /// The empty-filter hint: the unfiltered count and, for `type=`, the live types.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    hint: Option<String>,
}

/// The text filters of a query, each present only when JavaScript would read it as set.
struct Filters<'q> {
    type_: Option<&'q Value>,
    folder: Option<String>,
    needle: Option<String>,
}

impl<'q> Filters<'q> {
    fn read(query: &'q Map<String, Value>) -> Self {
        let set = |k: &str| query.get(k).filter(|v| js_truthy(Some(v)));
        Filters {
            type_: set("type"),
            folder: set("folder").map(|v| key_string(Some(v), "")),
            needle: set("name").map(|v| lower(&key_string(Some(v), ""))),
        }
    }
    fn any(&self) -> bool {
        self.type_.is_some() || self.folder.is_some() || self.needle.is_some()
    }
    fn matches(&self, a: &Value) -> bool {
        let text = |k: &str| key_string(a.get(k), "");
        self.type_.map_or(true, |t| a.get("type") == Some(t))
            && self.folder.as_ref().map_or(true, |f| text("path").starts_with(f.as_str()))
            && self.needle.as_ref().map_or(true, |n| {
                lower(&text("name")).contains(n.as_str()) || lower(&text("path")).contains(n.as_str())
            })
    }
}

/// Summarizes `assets` (`{ guid, path, name, type }[]`) for `query`.
pub fn summarize_assets(assets: &Value, query: &Value) -> Result<String> {
    let assets = array_or_empty(assets, "summarizeAssets: assets").map_err(Error::invalid_input)?;
    let query = super::object_or_empty(query);
    let filters = Filters::read(&query);
    let limit = Limit::read(query.get("limit"));
    if !filters.any() && limit == Limit::Absent && !truthy(query.get("all")) {
        let mut by_type = Histogram::new();
        assets.iter().for_each(|a| by_type.add(&key_string(a.get("type"), "?")));
        return reply_json(&Counts { total_count: assets.len(), by_type: by_type.into_value(), hint: BARE_HINT });
    }
    let matched: Vec<&Value> = assets.iter().filter(|a| filters.matches(a)).collect();
    let (shown, truncated) = limit.apply(matched.len());
    let hint = (matched.is_empty() && filters.any()).then(|| empty_hint(assets, &query, &filters));
    reply_json(&Entries {
        returned_count: shown,
        total_count: matched.len(),
        assets: &matched[..shown],
        truncated,
        hint,
    })
}

/// The empty-filter hint: the filter, how many assets exist, and the live types when `type`
/// was the filter (listed closest to the caller's value first).
fn empty_hint(assets: &[Value], query: &Map<String, Value>, filters: &Filters) -> String {
    let filter = describe_query_filter(|k| query.get(k), &["type", "folder", "name"]);
    let types: Vec<&str> = assets.iter().filter_map(|a| a.get("type").and_then(Value::as_str)).collect();
    let near = filters.type_.and_then(Value::as_str);
    empty_filter_hint(&EmptyFilter {
        what: "asset",
        filter: &filter,
        unfiltered_count: assets.len() as f64,
        unfiltered_label: None,
        live: if filters.type_.is_some() { vec![("type", types)] } else { Vec::new() },
        near: near.map(|n| vec![("type", n)]).unwrap_or_default(),
    })
}

#[cfg(test)]
#[path = "assets_tests.rs"]
mod tests;
