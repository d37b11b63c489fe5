//! The core's constants that JavaScript uses as values, as one JSON object: the build writes it
//! to pkg/constants.json (scripts/constants.mjs), so the JS side reads the one copy the core
//! uses and loading the package never instantiates the module to know them.

use wasm_bindgen::prelude::*;

use crate::cap::MAX_PAYLOAD_CHARS;
use crate::round::{DEFAULT_FLOAT_PRECISION, EXACT_INTEGER_LIMIT, MAX_EFFECTIVE_PRECISION};
use crate::summarizers::filter_disclosure::LIVE_VOCABULARY_CAP;

/// `{"MAX_PAYLOAD_CHARS","DEFAULT_FLOAT_PRECISION","MAX_EFFECTIVE_PRECISION",
/// "EXACT_INTEGER_LIMIT","LIVE_VOCABULARY_CAP"}`, numbers as JavaScript prints them.
#[wasm_bindgen(js_name = coreConstants)]
pub fn core_constants() -> String {
    let constants = serde_json::json!({
        "MAX_PAYLOAD_CHARS": MAX_PAYLOAD_CHARS,
        "DEFAULT_FLOAT_PRECISION": DEFAULT_FLOAT_PRECISION,
        "MAX_EFFECTIVE_PRECISION": MAX_EFFECTIVE_PRECISION,
        "EXACT_INTEGER_LIMIT": EXACT_INTEGER_LIMIT,
        "LIVE_VOCABULARY_CAP": LIVE_VOCABULARY_CAP,
    });
    crate::json::value::to_json(&constants)
}

/// The positions of the numbers each export answers in one array ([`super::layout::LAYOUTS`]):
/// `{"<layout>":{"<position>":index,…},…}`, which the build writes to node/wasm/layout.cjs.
#[wasm_bindgen(js_name = wasmLayouts)]
pub fn wasm_layouts() -> String {
    super::layout::layouts_json()
}
