//! Bindings for the summarizers and GUID helpers. Every structured input arrives as UTF-8 JSON
//! text from `JSON.stringify` (see `node/summarizers.cjs`); every output leaves as JSON text the
//! JS side parses. Errors become JS `Error`s with a `code`.

use serde::Deserialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;

use crate::error::Error;
use crate::summarizers::filter_disclosure::{self as disclosure, EmptyFilter};
use crate::summarizers::guid;
use crate::summarizers::{self, assets, handles, layout_bounds, scene_state, traits, write_path};

fn parse(bytes: &[u8]) -> Result<Value, JsValue> {
    summarizers::parse_json(bytes).map_err(|m| Error::invalid_input(m).into())
}

fn parse_as<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, JsValue> {
    summarizers::parse_typed(bytes).map_err(|m| Error::invalid_input(m).into())
}

/// A count or cap from JavaScript as `Array.prototype.slice` reads it: NaN is 0, fractions are
/// cut toward zero, anything at or past `usize::MAX` is "all".
fn slice_len(x: f64) -> usize {
    if x.is_nan() || x <= 0.0 {
        0
    } else if x >= usize::MAX as f64 {
        usize::MAX
    } else {
        x as usize
    }
}

/// `histogram` over the keys `node/filter-disclosure.cjs` computed with the caller's `keyOf`.
#[wasm_bindgen(js_name = histogramOf)]
pub fn histogram_of(keys: &[u8]) -> Result<String, JsValue> {
    let keys: Vec<String> = parse_as::<Option<Vec<String>>>(keys)?.unwrap_or_default();
    let mut counts = summarizers::Histogram::new();
    keys.iter().for_each(|k| counts.add(k));
    Ok(crate::json::value::to_json(&counts.into_value()))
}

/// `describeFilter` over `[key, value]` pairs in the caller's key order.
#[wasm_bindgen(js_name = describeFilter)]
pub fn describe_filter(entries: &[u8]) -> Result<String, JsValue> {
    let entries: Vec<(String, Value)> = parse_as::<Option<Vec<(String, Value)>>>(entries)?.unwrap_or_default();
    Ok(disclosure::describe_filter(entries.iter().map(|(k, v)| (k.as_str(), v))))
}

/// `liveSet(values, cap, near)`; the non-string values are skipped here.
#[wasm_bindgen(js_name = liveSet)]
pub fn live_set(values: &[u8], cap: f64, near: Option<String>) -> Result<String, JsValue> {
    let values: Vec<Value> = parse_as::<Option<Vec<Value>>>(values)?.unwrap_or_default();
    Ok(disclosure::live_set(values.iter().filter_map(Value::as_str), slice_len(cap), near.as_deref()))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Disclosure {
    what: String,
    filter: String,
    unfiltered_label: Option<String>,
    #[serde(default)]
    live: Vec<(String, Vec<Value>)>,
    #[serde(default)]
    near: Vec<(String, String)>,
}

/// `emptyFilterHint(d)`; the count travels beside the JSON so NaN survives.
#[wasm_bindgen(js_name = emptyFilterHint)]
pub fn empty_filter_hint(disclosure_json: &[u8], unfiltered_count: f64) -> Result<String, JsValue> {
    let d: Disclosure = parse_as(disclosure_json)?;
    let live = d.live.iter().map(|(k, vs)| (k.as_str(), vs.iter().filter_map(Value::as_str).collect())).collect();
    Ok(disclosure::empty_filter_hint(&EmptyFilter {
        what: &d.what,
        filter: &d.filter,
        unfiltered_count,
        unfiltered_label: d.unfiltered_label.as_deref(),
        live,
        near: d.near.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect(),
    }))
}

#[wasm_bindgen(js_name = summarizeSceneState)]
pub fn scene_state_json(entities: &[u8], query: &[u8], options: &[u8]) -> Result<String, JsValue> {
    Ok(scene_state::scene_state(&parse(entities)?, &parse(query)?, &parse(options)?)?)
}

#[wasm_bindgen(js_name = summarizeLayoutBounds)]
pub fn layout_bounds_json(entries: &[u8], query: &[u8], options: &[u8]) -> Result<String, JsValue> {
    Ok(layout_bounds::layout_bounds(entries, &parse(query)?, options)?)
}

#[wasm_bindgen(js_name = summarizeAssets)]
pub fn assets_json(list: &[u8], query: &[u8]) -> Result<String, JsValue> {
    Ok(assets::summarize_assets(&parse(list)?, &parse(query)?)?)
}

/// `{ traits, schemaAvailable?, query }` in one object, so an absent flag stays absent.
#[wasm_bindgen(js_name = summarizeTraits)]
pub fn traits_json(call: &[u8]) -> Result<String, JsValue> {
    let call = parse(call)?;
    let field = |k: &str| call.get(k).unwrap_or(&Value::Null);
    Ok(traits::summarize_traits(field("traits"), call.get("schemaAvailable"), field("query"))?)
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct RemedyText {
    no_handles: Option<String>,
    nothing_live: Option<String>,
}

/// `handles(result, query, { remedies })`; a remedy not given keeps the editor's default.
#[wasm_bindgen(js_name = summarizeHandles)]
pub fn handles_json(result: &[u8], query: &[u8], remedies: &[u8]) -> Result<String, JsValue> {
    let text: RemedyText = parse_as::<Option<RemedyText>>(remedies)?.unwrap_or_default();
    let defaults = handles::Remedies::default();
    let remedies = handles::Remedies {
        no_handles: text.no_handles.as_deref().unwrap_or(defaults.no_handles),
        nothing_live: text.nothing_live.as_deref().unwrap_or(defaults.nothing_live),
    };
    Ok(handles::handles(&parse(result)?, &parse(query)?, &remedies))
}

/// `capLabel(label)`: a label for a report, at most 60 UTF-16 units. Works on the `JsString`
/// itself, so a lone surrogate in a label survives untouched.
#[wasm_bindgen(js_name = capLabel)]
pub fn cap_label(label: &js_sys::JsString) -> js_sys::JsString {
    let unit = |i: usize| label.char_code_at(i as u32) as u32;
    let splits = |i: usize| (0xD800..0xDC00).contains(&unit(i - 1)) && (0xDC00..0xE000).contains(&unit(i));
    match handles::label_cut(label.length() as usize, splits) {
        None => label.clone(),
        Some(keep) => label.slice(0, keep as u32).concat(&JsValue::from_str("…")),
    }
}

#[wasm_bindgen(js_name = summarizeSceneEdit)]
pub fn scene_edit_json(result: &[u8], query: &[u8]) -> Result<String, JsValue> {
    Ok(write_path::scene_edit_result(&parse(result)?, &parse(query)?)?)
}

#[wasm_bindgen(js_name = screenshotText)]
pub fn screenshot_text(path: Option<String>, width: Option<f64>, height: Option<f64>, inline: bool) -> String {
    write_path::screenshot_text(path.as_deref(), width, height, inline)
}

#[wasm_bindgen(js_name = shortGuid)]
pub fn short_guid(guid: &str) -> String {
    guid::short_guid(guid)
}

#[wasm_bindgen(js_name = resolveGuid)]
pub fn resolve_guid(input: &str, known: &[u8]) -> Result<String, JsValue> {
    let known: Vec<String> = summarizers::parse_typed::<Option<Vec<String>>>(known)
        .map_err(|m| {
            JsValue::from(Error::invalid_input(format!("resolveGuid: known must be an array of GUID strings ({m})")))
        })?
        .unwrap_or_default();
    Ok(guid::resolve_guid(input, &known)?)
}

#[wasm_bindgen(js_name = deriveGuid)]
pub fn derive_guid(units: &[u16]) -> String {
    guid::derive_guid(units)
}
