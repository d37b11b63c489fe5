//! Schema-analysis bindings: the schema's JSON text in, a JSON report out.

use wasm_bindgen::prelude::*;

use crate::profile::inflation::inflation_json;

/// `inflationRisk`: the schema as UTF-8 JSON text (from `JSON.stringify`), the report as JSON
/// text. `INVALID_INPUT` when serde_json rejects the text (nesting deeper than 128 levels).
#[wasm_bindgen(js_name = inflationRiskJson)]
pub fn inflation_risk_json(schema_utf8: &[u8]) -> Result<String, JsValue> {
    let schema: serde_json::Value =
        serde_json::from_slice(schema_utf8).map_err(|e| super::js_error("INVALID_INPUT", &format!("inflationRisk: {e}")))?;
    Ok(inflation_json(&schema))
}
