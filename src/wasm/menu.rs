//! Tool-menu bindings: one-line shims over `crate::menu`. Tools arrive as UTF-8 JSON text
//! from `JSON.stringify`; results leave as JSON text for `JSON.parse`.

use wasm_bindgen::prelude::*;

use crate::menu::{self, closest, compact, cost, group, lint};
use crate::tokens;

/// `menuCost` as JSON text (see `crate::menu::cost::menu_cost_json`).
#[wasm_bindgen(js_name = menuCostJson)]
pub fn menu_cost_json(tools_utf8: &[u8], encoding: &str) -> Result<String, JsValue> {
    let enc = menu::encoding(encoding)?;
    let tools = menu::parse_tools(tools_utf8)?;
    Ok(cost::menu_cost_json(&cost::menu_cost(enc, &tools)?))
}

/// `lintDescription` findings as JSON text.
#[wasm_bindgen(js_name = lintDescriptionJson)]
pub fn lint_description_json(tool_utf8: &[u8], encoding: &str, max_description_tokens: f64) -> Result<String, JsValue> {
    let enc = menu::encoding(encoding)?;
    let tool = menu::parse_tool(tool_utf8)?;
    Ok(lint::findings_json(&lint::lint_description(enc, &tool, tokens::limit_from_f64(max_description_tokens))?))
}

/// `groupTools`' tools and routing table as JSON text.
#[wasm_bindgen(js_name = groupToolsJson)]
pub fn group_tools_json(tools_utf8: &[u8], separator: &str, discriminator: &str) -> Result<String, JsValue> {
    let tools = menu::parse_tools(tools_utf8)?;
    Ok(group::grouped_json(&group::group_tools(&tools, separator, discriminator)?))
}

/// The compact menu as JSON text (see `crate::menu::compact::compact_menu_json`). `keep` is a
/// JSON array of names; `max_tokens` below 0 means the default budget.
#[wasm_bindgen(js_name = compactMenuJson)]
pub fn compact_menu_json(
    tools_utf8: &[u8],
    encoding: &str,
    keep: Vec<String>,
    max_tokens: f64,
) -> Result<String, JsValue> {
    let enc = menu::encoding(encoding)?;
    let tools = menu::parse_tools(tools_utf8)?;
    let max_tokens = (max_tokens >= 0.0).then(|| tokens::limit_from_f64(max_tokens));
    let options = compact::CompactOptions { keep, max_tokens };
    Ok(compact::compact_menu_json(&compact::compact_menu(enc, &tools, &options)?))
}

/// The `UNKNOWN_TOOL` message for `name` among `names` (see `crate::menu::closest`).
#[wasm_bindgen(js_name = unknownToolMessage)]
pub fn unknown_tool_message(name: &str, names: Vec<String>, hint: &str) -> String {
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    closest::unknown_tool(name, &names, hint).message
}
