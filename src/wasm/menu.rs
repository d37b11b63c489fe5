//! Tool-menu bindings: one-line shims over `crate::menu`. Tools arrive as UTF-8 JSON text
//! from `JSON.stringify`; results leave as JSON text for `JSON.parse`.

use wasm_bindgen::prelude::*;

use crate::menu::{self, cost, group, lint};
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
