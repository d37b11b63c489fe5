//! TOON bindings: JSON text from V8 in, TOON text out.

use wasm_bindgen::prelude::*;

use crate::toon::{to_toon_json, ToonOptions};

/// `toToon` after the JS side has normalized and stringified the value: `json_utf8` is that text
/// as UTF-8. Errors: `INVALID_OPTION` for a bad delimiter or indent, `INVALID_INPUT` for text
/// serde_json rejects (an escaped lone surrogate, nesting deeper than 128 levels).
#[wasm_bindgen(js_name = toToonJson)]
pub fn to_toon_json_export(json_utf8: &[u8], delimiter: &str, indent_size: f64) -> Result<String, JsValue> {
    let options = ToonOptions::from_parts(delimiter, indent_size).map_err(|m| super::js_error("INVALID_OPTION", &m))?;
    to_toon_json(json_utf8, &options).map_err(|e| super::js_error("INVALID_INPUT", &e.to_string()))
}
