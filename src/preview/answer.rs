//! The preview as `previewResult` returns it to JavaScript: one JSON object, its parameters
//! named.

use serde::Serialize;

use super::Preview;

/// A narrowing parameter of the tool's `inputSchema`, as the tool names it.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "PreviewParameter"))]
pub(crate) struct Parameter<'a> {
    name: &'a str,
    /// The word the hint groups it under.
    #[cfg_attr(test, ts(as = "super::hint::Role"))]
    role: &'static str,
}

/// What `previewResult` returns.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ResultPreview"))]
pub(crate) struct Answer<'a> {
    /// The preview: JSON in the result's own shape when `json`, else text (docs/mcp.md, "The
    /// preview").
    text: &'a str,
    json: bool,
    /// UTF-16 units of `text`.
    chars: usize,
    /// Tokens of `text` in the encoding.
    tokens: usize,
    /// The hint sentence from the tool's own parameters (a plain sentence when it has none).
    hint: &'a str,
    parameters: Vec<Parameter<'a>>,
}

/// `preview` as the JSON text of its [`Answer`].
pub fn answer_json(preview: &Preview) -> String {
    let parameters = preview.parameters.iter().map(|(name, role)| Parameter { name, role: role.name() }).collect();
    crate::json::value::to_json_text(&Answer {
        text: &preview.text,
        json: preview.json,
        chars: preview.chars,
        tokens: preview.tokens,
        hint: &preview.hint,
        parameters,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::preview::hint::Role;

    #[test]
    fn the_answer_names_each_parameter_and_its_role() {
        let preview = Preview {
            text: "[1]".to_owned(),
            json: true,
            chars: 3,
            tokens: 2,
            parameters: vec![("limit".to_owned(), Role::Limit), ("q".to_owned(), Role::Filter)],
            hint: "Narrow with limit or q.".to_owned(),
        };
        assert_eq!(
            answer_json(&preview),
            r#"{"text":"[1]","json":true,"chars":3,"tokens":2,"hint":"Narrow with limit or q.","parameters":[{"name":"limit","role":"limit"},{"name":"q","role":"filter"}]}"#
        );
    }
}
