//! Bindings for the summarizers and GUID helpers. Every structured input arrives as UTF-8 JSON
//! text from `JSON.stringify` (see `node/summarize.cjs`); every output leaves as JSON text the
//! JS side parses. Errors become JS `Error`s with a `code`.

use serde_json::Value;
use wasm_bindgen::prelude::*;

use super::js_error;
use crate::summarize::guid;
use crate::summarize::{self, assets, layout_bounds, ring, scene_state, traits, write_path};

fn parse(bytes: &[u8]) -> Result<Value, JsValue> {
    summarize::parse_json(bytes).map_err(|m| js_error("BAD_INPUT", &m))
}

fn done(result: Result<String, String>) -> Result<String, JsValue> {
    result.map_err(|m| js_error("BAD_INPUT", &m))
}

#[wasm_bindgen(js_name = summarizeSceneState)]
pub fn scene_state_json(entities: &[u8], query: &[u8], options: &[u8]) -> Result<String, JsValue> {
    done(scene_state::scene_state(&parse(entities)?, &parse(query)?, &parse(options)?))
}

#[wasm_bindgen(js_name = summarizeLayoutBounds)]
pub fn layout_bounds_json(entries: &[u8], query: &[u8], options: &[u8]) -> Result<String, JsValue> {
    done(layout_bounds::layout_bounds(entries, &parse(query)?, options))
}

#[wasm_bindgen(js_name = summarizeAssets)]
pub fn assets_json(list: &[u8], query: &[u8]) -> Result<String, JsValue> {
    done(assets::list_assets(&parse(list)?, &parse(query)?))
}

#[wasm_bindgen(js_name = summarizeTraits)]
pub fn traits_json(schema: &[u8], query: &[u8]) -> Result<String, JsValue> {
    done(traits::list_traits(&parse(schema)?, &parse(query)?))
}

#[wasm_bindgen(js_name = summarizeHandles)]
pub fn handles_json(result: &[u8], query: &[u8]) -> Result<String, JsValue> {
    done(ring::handles(&parse(result)?, &parse(query)?))
}

#[wasm_bindgen(js_name = summarizeSceneEdit)]
pub fn scene_edit_json(result: &[u8], query: &[u8]) -> Result<String, JsValue> {
    done(write_path::scene_edit_result(&parse(result)?, &parse(query)?))
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
    let known: Vec<String> = summarize::parse_typed::<Option<Vec<String>>>(known)
        .map_err(|m| js_error("BAD_INPUT", &format!("resolveGuid: known must be an array of GUID strings ({m})")))?
        .unwrap_or_default();
    guid::resolve_guid(input, &known).map_err(|e| js_error(e.code, &e.message))
}

#[wasm_bindgen(js_name = deriveGuid)]
pub fn derive_guid(units: &[u16]) -> String {
    guid::derive_guid(units)
}
