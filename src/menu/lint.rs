//! Descriptions are the last mile of the response budget: a filter the description does not
//! name gets called unfiltered. Four findings, each with a message saying what to add.
//!
//! - `UNADVERTISED_FILTER` — an optional input parameter (in `inputSchema.properties`, not in
//!   `required`) whose name the description never contains as a word ([`names_parameter`]).
//! - `NO_DEFAULT_SHAPE` — the tool returns a collection (an array anywhere in `outputSchema`,
//!   found by the crate's one schema walker, [`crate::json::schema`], which follows local
//!   `$ref`s; or a declared `defaultShape`) and the description has none of
//!   [`DEFAULT_SHAPE_PHRASES`].
//! - `NO_SIZE_WARNING` — the output schema holds an array without `maxItems` (it can exceed
//!   the response cap) and the description has none of [`SIZE_WARNING_WORDS`]. The same arrays
//!   are the ones `inflationRisk` reports as unbounded.
//! - `LONG_DESCRIPTION` — the description has more than `max_description_tokens` tokens.

use serde::Serialize;
use serde_json::Value;

use super::{tool_description, tool_params};
use crate::error::Result;
use crate::json::schema;
use crate::json::value::to_json_text;
use crate::tokens::{count, Encoding};

/// Default `maxDescriptionTokens`: 200. Why: a description that states its default shape,
/// its drill-down parameters and a size warning fits in well under 200 tokens (the clean
/// tools of `samples/tools.json` take 8–118), and at 200 a 75-tool menu spends at most
/// 15,000 tokens on descriptions — one full response at the 60,000-char cap — per turn.
pub const DEFAULT_MAX_DESCRIPTION_TOKENS: usize = 200;

/// Phrases (matched case-insensitively anywhere) that say what a bare call returns.
pub const DEFAULT_SHAPE_PHRASES: [&str; 14] = [
    "by default",
    "defaults to",
    "default returns",
    "default:",
    "default (",
    "default is",
    "bare call",
    "called bare",
    "no arguments",
    "without arguments",
    "no filter",
    "without filter",
    "no-arg",
    "unfiltered",
];

/// Words (matched case-insensitively as whole words) that warn about size.
pub const SIZE_WARNING_WORDS: [&str; 18] = [
    "large",
    "larger",
    "huge",
    "big",
    "heavy",
    "expensive",
    "costly",
    "unbounded",
    "token",
    "tokens",
    "elided",
    "elision",
    "truncated",
    "exceed",
    "exceeds",
    "cap",
    "capped",
    "kb",
];

/// One lint finding: what is missing, and (in `message`) what to add; serialized as
/// `{code, message, param?}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Finding {
    /// `UNADVERTISED_FILTER`, `NO_DEFAULT_SHAPE`, `NO_SIZE_WARNING` or `LONG_DESCRIPTION`.
    #[cfg_attr(
        test,
        ts(type = "\"UNADVERTISED_FILTER\" | \"NO_DEFAULT_SHAPE\" | \"NO_SIZE_WARNING\" | \"LONG_DESCRIPTION\"")
    )]
    pub code: &'static str,
    /// What is missing and what to add.
    pub message: String,
    /// The parameter, for `UNADVERTISED_FILTER`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub param: Option<String>,
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// True when `word` occurs in `text` case-insensitively with no letter, digit or `_` directly
/// before or after it: `limit`, `limit=`, `limit:`, `` `limit` `` and `(limit)` name `limit`;
/// `limits` and `rate_limit` do not.
pub fn contains_word(text: &str, word: &str) -> bool {
    contains_lower_word(&text.to_lowercase(), &word.to_lowercase())
}

fn contains_lower_word(text: &str, word: &str) -> bool {
    if word.is_empty() {
        return false;
    }
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(is_word_char) && !after.is_some_and(is_word_char)
    })
}

/// True when the description names the parameter (see [`contains_word`]).
pub fn names_parameter(description: &str, param: &str) -> bool {
    contains_word(description, param)
}

/// True when the description contains one of [`DEFAULT_SHAPE_PHRASES`].
pub fn states_default_shape(description: &str) -> bool {
    let text = description.to_lowercase();
    DEFAULT_SHAPE_PHRASES.iter().any(|p| text.contains(p))
}

/// True when the description contains one of [`SIZE_WARNING_WORDS`] as a word.
pub fn has_size_warning(description: &str) -> bool {
    let text = description.to_lowercase();
    SIZE_WARNING_WORDS.iter().any(|w| contains_lower_word(&text, w))
}

/// The arrays of an output schema as the findings name them: `(output)` for a top-level array,
/// else the data path without the leading `$.` (`entities`, `entities[].tags`, `index.*`).
fn output_arrays(output: &Value) -> Vec<(String, bool)> {
    schema::arrays(output)
        .into_iter()
        .map(|a| {
            let path = a.path.strip_prefix('$').unwrap_or(&a.path);
            let path = path.strip_prefix('.').unwrap_or(path);
            (if path.is_empty() { "(output)".to_owned() } else { path.to_owned() }, a.bounded)
        })
        .collect()
}

fn example_value(schema: &Value) -> &'static str {
    match schema.get("type").and_then(Value::as_str) {
        Some("integer" | "number") => "N",
        Some("boolean") => "true",
        Some("array") => "[…]",
        _ => "<value>",
    }
}

/// The findings for one tool, in this order: `UNADVERTISED_FILTER` per optional parameter in
/// schema order, then `NO_DEFAULT_SHAPE`, `NO_SIZE_WARNING`, `LONG_DESCRIPTION`.
pub fn lint_description(encoding: Encoding, tool: &Value, max_description_tokens: usize) -> Result<Vec<Finding>> {
    let description = tool_description(tool);
    let mut findings = unadvertised_filters(tool, description);
    findings.extend(output_findings(tool, description));
    let tokens = count(encoding, description)?;
    if tokens > max_description_tokens {
        findings.push(Finding {
            code: "LONG_DESCRIPTION",
            message: format!(
                "Description is {tokens} tokens (threshold {max_description_tokens}). Cut it to {max_description_tokens} or fewer: \
                 keep the default shape, the drill-down parameters and the size warning; move detail into the parameters' own descriptions."
            ),
            param: None,
        });
    }
    Ok(findings)
}

/// `UNADVERTISED_FILTER` for each optional input parameter the description never names.
fn unadvertised_filters(tool: &Value, description: &str) -> Vec<Finding> {
    let Some((required, props)) = tool_params(tool) else { return Vec::new() };
    props
        .iter()
        .filter(|(param, _)| !required.contains(&param.as_str()) && !names_parameter(description, param))
        .map(|(param, schema)| Finding {
            code: "UNADVERTISED_FILTER",
            message: format!(
                "Optional parameter \"{param}\" is never named in the description, so the model will call without it. \
                 Add it by name with what it narrows or adds, e.g. \"Pass {param}={} to …\".",
                example_value(schema)
            ),
            param: Some(param.clone()),
        })
        .collect()
}

/// `NO_DEFAULT_SHAPE` and `NO_SIZE_WARNING`, from the arrays of the output schema.
fn output_findings(tool: &Value, description: &str) -> Vec<Finding> {
    let mut findings = Vec::new();
    let found = tool.get("outputSchema").map(output_arrays).unwrap_or_default();
    let collection = match (found.first(), tool.get("defaultShape")) {
        (Some((path, _)), _) => Some(path.clone()),
        (None, Some(_)) => Some("defaultShape".to_owned()),
        (None, None) => None,
    };
    if let Some(path) = collection.filter(|_| !states_default_shape(description)) {
        findings.push(Finding {
            code: "NO_DEFAULT_SHAPE",
            message: format!(
                "Returns a collection ({path}) but the description does not say what a bare call returns. \
                 Add the default shape, e.g. \"By default returns counts only; …\"."
            ),
            param: None,
        });
    }
    if let Some((path, _)) = found.iter().find(|(_, bounded)| !bounded).filter(|_| !has_size_warning(description)) {
        findings.push(Finding {
            code: "NO_SIZE_WARNING",
            message: format!(
                "The output can exceed the response cap ({path} is an array without maxItems) and the description has no size warning. \
                 Add one, e.g. \"The full list is large (can exceed the response cap); narrow it with …\"."
            ),
            param: None,
        });
    }
    findings
}

/// `[{"code","message","param"?}]`.
pub fn findings_json(findings: &[Finding]) -> String {
    to_json_text(findings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn codes(tool: &Value, max: usize) -> Vec<(&'static str, Option<String>)> {
        lint_description(Encoding::Cl100kBase, tool, max)
            .expect("lint")
            .into_iter()
            .map(|f| (f.code, f.param))
            .collect()
    }

    fn heavy(description: &str) -> Value {
        json!({
            "name": "scene.state",
            "description": description,
            "inputSchema": {"type": "object", "properties": {
                "id": {"type": "integer"}, "trait": {"type": "string"}, "limit": {"type": "integer"}, "scene": {"type": "string"}},
                "required": ["scene"]},
            "outputSchema": {"type": "object", "properties": {"entities": {"type": "array", "items": {"type": "object"}}}}
        })
    }

    #[test]
    fn word_matching() {
        assert!(contains_word("Pass LIMIT=N", "limit"));
        assert!(contains_word("limit: 50", "limit"));
        assert!(contains_word("(`limit`)", "limit"));
        assert!(contains_word("limit", "limit"));
        assert!(!contains_word("limits apply", "limit"));
        assert!(!contains_word("rate_limit=3", "limit"));
        assert!(!contains_word("délimit", "limit"));
        assert!(!contains_word("anything", ""));
    }

    #[test]
    fn each_code_fires_and_a_complete_description_has_none() {
        assert_eq!(
            codes(&heavy("Get the scene."), 200),
            vec![
                ("UNADVERTISED_FILTER", Some("id".to_owned())),
                ("UNADVERTISED_FILTER", Some("trait".to_owned())),
                ("UNADVERTISED_FILTER", Some("limit".to_owned())),
                ("NO_DEFAULT_SHAPE", None),
                ("NO_SIZE_WARNING", None),
            ]
        );
        let clean = "By default returns a names-only index. Drill down: id=N, trait=Transform, limit=N. The full dump is large.";
        assert_eq!(codes(&heavy(clean), 200), vec![]);
        let tokens = count(Encoding::Cl100kBase, clean).expect("count");
        assert_eq!(codes(&heavy(clean), tokens), vec![]);
        assert_eq!(codes(&heavy(clean), tokens - 1), vec![("LONG_DESCRIPTION", None)]);
        let f = lint_description(Encoding::Cl100kBase, &heavy(clean), 5).expect("lint");
        assert_eq!(
            f[0].message,
            format!("Description is {tokens} tokens (threshold 5). Cut it to 5 or fewer: keep the default shape, the drill-down parameters and the size warning; move detail into the parameters' own descriptions.")
        );
    }

    #[test]
    fn bounded_arrays_need_no_size_warning_and_default_shape_declares_a_collection() {
        let mut tool = heavy("By default returns ids=, trait, limit and id.");
        tool["outputSchema"]["properties"]["entities"]["maxItems"] = json!(50);
        assert_eq!(codes(&tool, 200), vec![]);
        let declared = json!({"name": "x", "description": "Reads x.", "defaultShape": "counts"});
        assert_eq!(codes(&declared, 200), vec![("NO_DEFAULT_SHAPE", None)]);
        let plain = json!({"name": "x", "description": "Reads x.", "outputSchema": {"type": "object", "properties": {"ok": {"type": "boolean"}}}});
        assert_eq!(codes(&plain, 200), vec![]);
        let root = json!({"name": "x", "description": "By default all.", "outputSchema": {"type": "array"}});
        let f = lint_description(Encoding::Cl100kBase, &root, 200).expect("lint");
        assert_eq!(f.len(), 1);
        assert!(
            f[0].message.starts_with("The output can exceed the response cap ((output) is an array without maxItems)"),
            "{}",
            f[0].message
        );
    }

    #[test]
    fn an_array_behind_a_ref_is_unbounded_to_the_lint_and_to_inflation_risk_alike() {
        let output = json!({
            "type": "object",
            "$defs": {"rows": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}}}}},
            "properties": {"rows": {"$ref": "#/$defs/rows"}}
        });
        let tool = json!({"name": "x", "description": "Reads x.", "outputSchema": output});
        let f = lint_description(Encoding::Cl100kBase, &tool, 200).expect("lint");
        assert_eq!(f.iter().map(|f| f.code).collect::<Vec<_>>(), ["NO_DEFAULT_SHAPE", "NO_SIZE_WARNING"]);
        assert!(
            f[1].message.starts_with("The output can exceed the response cap (rows is an array without maxItems)"),
            "{}",
            f[1].message
        );
        let risk = crate::profile::inflation::inflation_risk(&output);
        assert_eq!(risk.unbounded.iter().map(|u| u.path.as_str()).collect::<Vec<_>>(), ["$.rows[]"]);
    }

    #[test]
    fn findings_serialize_param_only_when_present() {
        let f = lint_description(Encoding::Cl100kBase, &heavy("By default: big. id, trait."), 200).expect("lint");
        assert_eq!(
            findings_json(&f),
            r#"[{"code":"UNADVERTISED_FILTER","message":"Optional parameter \"limit\" is never named in the description, so the model will call without it. Add it by name with what it narrows or adds, e.g. \"Pass limit=N to …\".","param":"limit"}]"#
        );
        assert_eq!(
            findings_json(&[Finding { code: "LONG_DESCRIPTION", message: "m".into(), param: None }]),
            r#"[{"code":"LONG_DESCRIPTION","message":"m"}]"#
        );
    }
}
