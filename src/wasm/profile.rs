//! Budget-analysis bindings (inflation risk, response profiles, the lockfile): JSON text in
//! (read by the crate's one reader, `crate::json::read`), JSON text out; the JS side parses it,
//! so no key from data touches a prototype.

use wasm_bindgen::prelude::*;

use crate::error::{Error, Result as CoreResult};
use crate::json::canonical::canonical_compact;
use crate::json::read::read;
use crate::profile::inflation::inflation_json;
use crate::profile::lock::{budget_lock, check_json, check_lock, serialize_lock, Regenerate, ToolSpec};
use crate::profile::response::{profile_response, Block, ProfileOptions};
use crate::tokens;

/// Reads the JSON text of argument `what`; `INVALID_INPUT` names the argument and what is wrong.
fn parse<T: serde::de::DeserializeOwned>(what: &str, utf8: &[u8]) -> CoreResult<T> {
    read(utf8).map_err(|e| Error::invalid_input(format!("{what}: {e}")))
}

/// `inflationRisk`: the schema as UTF-8 JSON text (from `JSON.stringify`), the report as JSON
/// text. `INVALID_INPUT` when the text cannot be read (nesting deeper than 128 levels).
#[wasm_bindgen(js_name = inflationRiskJson)]
pub fn inflation_risk_json(schema_utf8: &[u8]) -> Result<String, JsValue> {
    let schema: serde_json::Value = parse("inflationRisk", schema_utf8)?;
    Ok(inflation_json(&schema))
}

/// `profileResponse`: blocks and options as JSON text, the profile as JSON text.
#[wasm_bindgen(js_name = profileResponseJson)]
pub fn profile_response_json(
    tool_name: &str,
    blocks_utf8: &[u8],
    options_utf8: &[u8],
    encoding_name: &str,
) -> Result<String, JsValue> {
    let blocks: Vec<Block> = parse("profileResponse blocks", blocks_utf8)?;
    let options: ProfileOptions = parse("profileResponse options", options_utf8)?;
    Ok(profile_response(tool_name, &blocks, &options, tokens::encoding(encoding_name)?)?.to_json())
}

/// `budgetLock`: the tools as JSON text, the lock as canonical JSON text.
#[wasm_bindgen(js_name = budgetLockJson)]
pub fn budget_lock_json(tools_utf8: &[u8], encoding_name: &str) -> Result<String, JsValue> {
    let tools: Vec<ToolSpec> = parse("budgetLock tools", tools_utf8)?;
    Ok(canonical_compact(&budget_lock(&tools, tokens::encoding(encoding_name)?)?))
}

/// `serializeLock`: the lockfile's bytes (sorted keys, two-space indent, trailing newline).
#[wasm_bindgen(js_name = serializeLockJson)]
pub fn serialize_lock_json(lock_utf8: &[u8]) -> Result<String, JsValue> {
    let lock: serde_json::Value = parse("serializeLock", lock_utf8)?;
    Ok(serialize_lock(&lock))
}

/// `checkLock`: previous and current locks as JSON text, the comparison as JSON text. `command`
/// and `lockfile` are what its message says to run and commit to accept a change (each
/// defaults to [`Regenerate::DEFAULT`]'s).
#[wasm_bindgen(js_name = checkLockJson)]
pub fn check_lock_json(
    previous_utf8: &[u8],
    current_utf8: &[u8],
    tolerance: f64,
    command: Option<String>,
    lockfile: Option<String>,
) -> Result<String, JsValue> {
    let previous: serde_json::Value = parse("checkLock previous", previous_utf8)?;
    let current: serde_json::Value = parse("checkLock current", current_utf8)?;
    let count = current.get("tools").and_then(serde_json::Value::as_object).map_or(0, |t| t.len());
    let regenerate = Regenerate {
        command: command.as_deref().unwrap_or(Regenerate::DEFAULT.command),
        lockfile: lockfile.as_deref().unwrap_or(Regenerate::DEFAULT.lockfile),
    };
    Ok(check_json(&check_lock(&previous, &current, tolerance)?, count, regenerate))
}
