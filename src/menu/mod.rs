//! The tool menu as a budget: what an MCP `tools/list` result costs in real tokens ([`cost`]),
//! descriptions that hide their filters or their size ([`lint`]), and folding
//! `namespace.action` tools into one tool per namespace ([`group`]).
//!
//! Tools arrive as the JSON text V8's `JSON.stringify` wrote, so every figure here is a count
//! of exactly the text a model receives.

pub mod cost;
pub mod group;
pub mod lint;

use serde_json::Value;

use crate::tokens::{Encoding, TokenError, ENCODING_NAMES};

/// Why a menu computation could not run: a stable `code` (it becomes the JS Error's `.code`)
/// and a message that says what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuError {
    /// `INVALID_TOOLS`, `UNKNOWN_ENCODING`, `CONFLICTING_PARAMETER`, … (see each function).
    pub code: &'static str,
    /// A one-line explanation naming the offending tool or value.
    pub message: String,
}

impl MenuError {
    pub(crate) fn new(code: &'static str, message: impl Into<String>) -> Self {
        MenuError { code, message: message.into() }
    }
}

impl From<TokenError> for MenuError {
    fn from(e: TokenError) -> Self {
        match e {
            TokenError::NotLoaded(enc) => MenuError::new("ENCODING_NOT_LOADED", format!("The {} table is not loaded.", enc.name())),
            TokenError::BadTable(t) => MenuError::new("BAD_TOKEN_TABLE", format!("Invalid token table: {}.", t.0)),
        }
    }
}

/// The encoding named `name`, or `UNKNOWN_ENCODING` listing the supported ones.
pub fn encoding(name: &str) -> Result<Encoding, MenuError> {
    Encoding::from_name(name).ok_or_else(|| {
        MenuError::new("UNKNOWN_ENCODING", format!("Unknown encoding \"{name}\". Supported encodings: {}.", ENCODING_NAMES.join(", ")))
    })
}

/// Parses a `tools/list` array: every item an object with a string `name`.
pub fn parse_tools(json: &[u8]) -> Result<Vec<Value>, MenuError> {
    let value = parse(json, "tools")?;
    let Value::Array(tools) = value else {
        return Err(MenuError::new("INVALID_TOOLS", "tools must be an array of MCP tool objects."));
    };
    for (i, tool) in tools.iter().enumerate() {
        check_tool(tool, &format!("tools[{i}]"))?;
    }
    Ok(tools)
}

/// Parses one tool object (for `lintDescription`).
pub fn parse_tool(json: &[u8]) -> Result<Value, MenuError> {
    let tool = parse(json, "tool")?;
    check_tool(&tool, "tool")?;
    Ok(tool)
}

// Shares the summarizers' parse: a lone surrogate (V8 writes it as a `\udXXX` escape, which
// serde_json rejects) becomes U+FFFD instead of failing the menu. Empty input is JS `undefined`.
fn parse(json: &[u8], what: &str) -> Result<Value, MenuError> {
    if json.is_empty() {
        return Err(MenuError::new("INVALID_TOOLS", format!("{what} must be {}.", if what == "tool" { "an MCP tool object" } else { "an array of MCP tool objects" })));
    }
    crate::summarize::parse_json(json).map_err(|e| MenuError::new("INVALID_TOOLS", format!("{what} could not be read: {e}.")))
}

fn check_tool(tool: &Value, at: &str) -> Result<(), MenuError> {
    match tool.get("name") {
        Some(Value::String(_)) if tool.is_object() => Ok(()),
        _ => Err(MenuError::new("INVALID_TOOLS", format!("{at} must be an object with a string \"name\"."))),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_v8_output_including_lone_surrogates_and_names_what_is_wrong() {
        let tools = parse_tools(br#"[{"name":"a\ud800","description":"ok"}]"#).expect("parses");
        assert_eq!(tool_name(&tools[0]), "a\u{fffd}");
        assert_eq!(parse_tools(b"{}").expect_err("object"), MenuError::new("INVALID_TOOLS", "tools must be an array of MCP tool objects."));
        assert_eq!(parse_tools(b"").expect_err("undefined"), MenuError::new("INVALID_TOOLS", "tools must be an array of MCP tool objects."));
        assert_eq!(parse_tool(b"").expect_err("undefined"), MenuError::new("INVALID_TOOLS", "tool must be an MCP tool object."));
        assert_eq!(
            parse_tools(br#"[{"name":1}]"#).expect_err("name"),
            MenuError::new("INVALID_TOOLS", "tools[0] must be an object with a string \"name\".")
        );
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        let e = parse_tools(deep.as_bytes()).expect_err("too deep");
        assert_eq!(e.code, "INVALID_TOOLS");
        assert!(e.message.starts_with("tools could not be read: input is not valid JSON: recursion limit exceeded"), "{}", e.message);
        assert_eq!(encoding("p50k").expect_err("enc").message, "Unknown encoding \"p50k\". Supported encodings: cl100k_base, o200k_base.");
    }
}
