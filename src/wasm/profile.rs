//! Budget-analysis bindings (inflation risk, response profiles, the lockfile): JSON text in,
//! JSON text out; the JS side parses it, so no key from data touches a prototype.

use wasm_bindgen::prelude::*;

use crate::json::canonical::canonical_compact;
use crate::profile::inflation::inflation_json;
use crate::profile::lock::{budget_lock, check_json, check_lock, serialize_lock, LockError, ToolSpec};
use crate::profile::response::{profile_response, Block, ProfileOptions};

/// `inflationRisk`: the schema as UTF-8 JSON text (from `JSON.stringify`), the report as JSON
/// text. `INVALID_INPUT` when serde_json rejects the text (nesting deeper than 128 levels).
#[wasm_bindgen(js_name = inflationRiskJson)]
pub fn inflation_risk_json(schema_utf8: &[u8]) -> Result<String, JsValue> {
    let schema: serde_json::Value =
        serde_json::from_slice(schema_utf8).map_err(|e| super::js_error("INVALID_INPUT", &format!("inflationRisk: {e}")))?;
    Ok(inflation_json(&schema))
}

fn parse<T: serde::de::DeserializeOwned>(what: &str, utf8: &[u8]) -> Result<T, JsValue> {
    serde_json::from_slice(utf8).map_err(|e| super::js_error("INVALID_INPUT", &format!("{what}: {e}")))
}

fn encoding(name: &str) -> Result<crate::tokens::Encoding, JsValue> {
    crate::tokens::Encoding::from_name(name).ok_or_else(|| super::js_error("UNKNOWN_ENCODING", &format!("Unknown encoding \"{name}\".")))
}

fn lock_error(e: LockError) -> JsValue {
    match e {
        LockError::DuplicateTool(name) => super::js_error("DUPLICATE_TOOL", &format!("budgetLock: two tools are named \"{name}\"; tool names must be unique.")),
        LockError::Tokens(detail) => super::js_error("TOKEN_ERROR", &format!("budgetLock: {detail}")),
        LockError::BadLockfile(detail) => super::js_error("INVALID_LOCKFILE", &format!("checkLock: {detail}")),
    }
}

/// `profileResponse`: blocks and options as JSON text, the profile as JSON text.
#[wasm_bindgen(js_name = profileResponseJson)]
pub fn profile_response_json(tool_name: &str, blocks_utf8: &[u8], options_utf8: &[u8], encoding_name: &str) -> Result<String, JsValue> {
    let blocks: Vec<Block> = parse("profileResponse blocks", blocks_utf8)?;
    let options: ProfileOptions = parse("profileResponse options", options_utf8)?;
    profile_response(tool_name, &blocks, &options, encoding(encoding_name)?)
        .map(|p| p.to_json())
        .map_err(|e| super::js_error("TOKEN_ERROR", &format!("profileResponse: {e:?}")))
}

/// `budgetLock`: the tools as JSON text, the lock as canonical JSON text.
#[wasm_bindgen(js_name = budgetLockJson)]
pub fn budget_lock_json(tools_utf8: &[u8], encoding_name: &str) -> Result<String, JsValue> {
    let tools: Vec<ToolSpec> = parse("budgetLock tools", tools_utf8)?;
    budget_lock(&tools, encoding(encoding_name)?).map(|lock| canonical_compact(&lock)).map_err(lock_error)
}

/// `serializeLock`: the lockfile's bytes (sorted keys, two-space indent, trailing newline).
#[wasm_bindgen(js_name = serializeLockJson)]
pub fn serialize_lock_json(lock_utf8: &[u8]) -> Result<String, JsValue> {
    let lock: serde_json::Value = parse("serializeLock", lock_utf8)?;
    Ok(serialize_lock(&lock))
}

/// `checkLock`: previous and current locks as JSON text, the comparison as JSON text.
#[wasm_bindgen(js_name = checkLockJson)]
pub fn check_lock_json(previous_utf8: &[u8], current_utf8: &[u8], tolerance: f64) -> Result<String, JsValue> {
    let previous: serde_json::Value = parse("checkLock previous", previous_utf8)?;
    let current: serde_json::Value = parse("checkLock current", current_utf8)?;
    let count = current.get("tools").and_then(serde_json::Value::as_object).map_or(0, |t| t.len());
    check_lock(&previous, &current, tolerance).map(|c| check_json(&c, count)).map_err(lock_error)
}
