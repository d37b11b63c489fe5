//! What each tool costs on every planning turn.
//!
//! Counted per tool (all real BPE tokens of the chosen encoding):
//! - `tokens`: the compact JSON of the whole tool object, keys in the order given
//!   (`JSON.stringify(tool)`) — the text a model receives for that tool;
//! - `nameTokens` / `descriptionTokens`: the raw name and description text (unquoted);
//! - `inputSchemaTokens`: the compact JSON of `inputSchema`.
//!
//! The parts do not add up to `tokens`: the whole also pays for keys, quotes, escapes, the
//! output schema and annotations, and BPE merges differ at the seams. `chars` is the UTF-16
//! length of the tool's JSON and `estimate` is `ceil(chars / 4)`, the heuristic, for contrast.
//! Menu totals are sums over the tools.

use serde::Serialize;
use serde_json::Value;

use super::{tool_description, tool_name};
use crate::error::Result;
use crate::json::string::utf16_len;
use crate::json::value::{to_json, to_json_text};
use crate::tokens::{count, Encoding};

/// The cost of one tool (see the module docs for what each count covers).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ToolCost {
    /// The tool's name.
    pub name: String,
    /// Its position in the input list (the output is sorted by cost).
    pub index: usize,
    /// Tokens of `JSON.stringify(tool)`.
    pub tokens: usize,
    /// UTF-16 length of `JSON.stringify(tool)`.
    pub chars: usize,
    /// `ceil(chars / 4)`.
    pub estimate: usize,
    /// Tokens of the name text.
    pub name_tokens: usize,
    /// Tokens of the description text (0 without one).
    pub description_tokens: usize,
    /// Tokens of `JSON.stringify(inputSchema)` (0 without one).
    pub input_schema_tokens: usize,
}

/// A whole menu: the encoding, the sums, and the tools, most expensive first (ties keep input
/// order).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MenuCost {
    /// The encoding every count is in.
    pub encoding: Encoding,
    /// Sum of the tools' `tokens`.
    pub tokens: usize,
    /// Sum of the tools' `chars`.
    pub chars: usize,
    /// Sum of the tools' `estimate`.
    pub estimate: usize,
    /// Per-tool costs sorted by `tokens`, descending.
    pub tools: Vec<ToolCost>,
}

/// The cost of one tool at position `index`.
pub fn tool_cost(encoding: Encoding, index: usize, tool: &Value) -> Result<ToolCost> {
    let json = to_json(tool);
    let chars = utf16_len(&json);
    let input_schema_tokens = match tool.get("inputSchema") {
        Some(schema) => count(encoding, &to_json(schema))?,
        None => 0,
    };
    Ok(ToolCost {
        name: tool_name(tool).to_owned(),
        index,
        tokens: count(encoding, &json)?,
        chars,
        estimate: chars.div_ceil(4),
        name_tokens: count(encoding, tool_name(tool))?,
        description_tokens: count(encoding, tool_description(tool))?,
        input_schema_tokens,
    })
}

/// The cost of every tool, sorted most expensive first, with the sums.
pub fn menu_cost(encoding: Encoding, tools: &[Value]) -> Result<MenuCost> {
    let mut costs = tools.iter().enumerate().map(|(i, t)| tool_cost(encoding, i, t)).collect::<Result<Vec<_>>>()?;
    // Stable: equal costs keep the order the server lists them in.
    costs.sort_by_key(|c| std::cmp::Reverse(c.tokens));
    Ok(MenuCost {
        encoding,
        tokens: costs.iter().map(|c| c.tokens).sum(),
        chars: costs.iter().map(|c| c.chars).sum(),
        estimate: costs.iter().map(|c| c.estimate).sum(),
        tools: costs,
    })
}

/// `{"encoding","tokens","chars","estimate","tools":[{"name","index","tokens","chars",
/// "estimate","nameTokens","descriptionTokens","inputSchemaTokens"}]}`.
pub fn menu_cost_json(cost: &MenuCost) -> String {
    to_json_text(cost)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tokens::encode_ordinary;
    use serde_json::json;

    fn reference(text: &str) -> usize {
        let bpe = tiktoken_rs::cl100k_base().expect("cl100k table");
        bpe.encode_ordinary(text).len()
    }

    #[test]
    fn counts_the_compact_json_and_its_parts_exactly() {
        let tool = json!({"name": "assets.list", "description": "Lists assets. By default counts per type; type=… for entries.",
            "inputSchema": {"type": "object", "properties": {"type": {"type": "string"}}}});
        let c = tool_cost(Encoding::Cl100kBase, 3, &tool).expect("cost");
        let text = serde_json::to_string(&tool).expect("json");
        assert_eq!(c.tokens, reference(&text));
        assert_eq!(c.tokens, encode_ordinary(Encoding::Cl100kBase, &text).expect("encode").len());
        assert_eq!(c.chars, text.chars().count());
        assert_eq!(c.estimate, text.chars().count().div_ceil(4));
        assert_eq!(c.name_tokens, reference("assets.list"));
        assert_eq!(c.description_tokens, reference("Lists assets. By default counts per type; type=… for entries."));
        assert_eq!(c.input_schema_tokens, reference(r#"{"type":"object","properties":{"type":{"type":"string"}}}"#));
        assert_eq!(c.index, 3);
    }

    #[test]
    fn sorts_biggest_first_keeping_ties_in_order_and_sums() {
        let tools = vec![
            json!({"name": "a"}),
            json!({"name": "b", "description": "a much longer description than the others"}),
            json!({"name": "c"}),
        ];
        let m = menu_cost(Encoding::Cl100kBase, &tools).expect("cost");
        let order: Vec<&str> = m.tools.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(order, ["b", "a", "c"]);
        assert_eq!(m.tokens, m.tools.iter().map(|t| t.tokens).sum::<usize>());
        assert_eq!(m.tools[1].tokens, reference(r#"{"name":"a"}"#));
        assert_eq!(m.tools[1].description_tokens, 0);
        assert_eq!(m.tools[1].input_schema_tokens, 0);
        let out = menu_cost_json(&m);
        assert!(out.starts_with(r#"{"encoding":"cl100k_base","tokens":"#), "{out}");
        let parsed: Value = serde_json::from_str(&out).expect("valid JSON");
        assert_eq!(parsed["tools"][0]["name"], "b");
        assert_eq!(parsed["tools"][2]["index"], 2);
    }
}
