//! The tool menu as a budget: what an MCP `tools/list` result costs in real tokens ([`cost`]),
//! descriptions that hide their filters or their size ([`lint`]), folding `namespace.action`
//! tools into one tool per namespace ([`group`]), and the compact menu of two meta tools with
//! a catalog ([`compact`], its catalog lines from [`catalog_line`], its unknown-name errors from
//! [`closest`]).
//!
//! Tools arrive as the JSON text V8's `JSON.stringify` wrote, so every figure here is a count
//! of exactly the text a model receives.

pub mod catalog_line;
pub mod closest;
pub mod compact;
pub mod cost;
pub mod group;
pub mod lint;

use serde_json::{Map, Value};

use crate::error::{Error, Result};

/// The encoding named `name`, or `UNKNOWN_ENCODING` listing the supported ones.
pub use crate::tokens::encoding;

/// Parses a `tools/list` array: every item an object with a string `name`. Errors:
/// `INVALID_INPUT` naming what is wrong (and where, for an item).
pub fn parse_tools(json: &[u8]) -> Result<Vec<Value>> {
    let value = parse(json, "tools")?;
    let Value::Array(tools) = value else {
        return Err(Error::invalid_input("tools must be an array of MCP tool objects."));
    };
    for (i, tool) in tools.iter().enumerate() {
        check_tool(tool, &format!("tools[{i}]"))?;
    }
    Ok(tools)
}

/// Parses one tool object (for `lintDescription`).
pub fn parse_tool(json: &[u8]) -> Result<Value> {
    let tool = parse(json, "tool")?;
    check_tool(&tool, "tool")?;
    Ok(tool)
}

// The crate's one reader: a lone surrogate becomes U+FFFD instead of failing the menu. Empty
// input is JS `undefined`.
fn parse(json: &[u8], what: &str) -> Result<Value> {
    if json.is_empty() {
        let expected = if what == "tool" { "an MCP tool object" } else { "an array of MCP tool objects" };
        return Err(Error::invalid_input(format!("{what} must be {expected}.")));
    }
    crate::json::read::read_value(json)
        .map_err(|e| Error::invalid_input(format!("{what} could not be read: input is not valid JSON: {e}.")))
}

fn check_tool(tool: &Value, at: &str) -> Result<()> {
    match tool.get("name") {
        Some(Value::String(_)) if tool.is_object() => Ok(()),
        _ => Err(Error::invalid_input(format!("{at} must be an object with a string \"name\"."))),
    }
}

/// The tool's name (`parse_tools` guarantees it is a string).
pub(crate) fn tool_name(tool: &Value) -> &str {
    tool.get("name").and_then(Value::as_str).unwrap_or("")
}

/// The tool's description text, or `""` when it has none.
pub(crate) fn tool_description(tool: &Value) -> &str {
    tool.get("description").and_then(Value::as_str).unwrap_or("")
}

/// The tool's input parameters: the names its `inputSchema` lists as `required`, and its
/// `properties` object; `None` when the schema has no `properties` object.
pub(crate) fn tool_params(tool: &Value) -> Option<(Vec<&str>, &Map<String, Value>)> {
    let schema = tool.get("inputSchema")?;
    let properties = schema.get("properties").and_then(Value::as_object)?;
    let required = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    Some((required, properties))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_v8_output_including_lone_surrogates_and_names_what_is_wrong() {
        let tools = parse_tools(br#"[{"name":"a\ud800","description":"ok"}]"#).expect("parses");
        assert_eq!(tool_name(&tools[0]), "a\u{fffd}");
        assert_eq!(
            parse_tools(b"{}").expect_err("object"),
            Error::invalid_input("tools must be an array of MCP tool objects.")
        );
        assert_eq!(
            parse_tools(b"").expect_err("undefined"),
            Error::invalid_input("tools must be an array of MCP tool objects.")
        );
        assert_eq!(parse_tool(b"").expect_err("undefined"), Error::invalid_input("tool must be an MCP tool object."));
        assert_eq!(
            parse_tools(br#"[{"name":1}]"#).expect_err("name"),
            Error::invalid_input("tools[0] must be an object with a string \"name\".")
        );
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        let e = parse_tools(deep.as_bytes()).expect_err("too deep");
        assert_eq!(e.code, crate::error::ErrorCode::InvalidInput);
        assert!(
            e.message.starts_with("tools could not be read: input is not valid JSON: recursion limit exceeded"),
            "{}",
            e.message
        );
        assert_eq!(
            encoding("p50k").expect_err("enc").message,
            "Unknown encoding \"p50k\". Supported encodings: cl100k_base, o200k_base."
        );
    }
}
