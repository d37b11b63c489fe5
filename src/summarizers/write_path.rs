//! Write-path results: a scene edit's echo gated behind `returnScene`, a screenshot as a path
//! and its dimensions unless the image is asked for inline.
//!
//! A scene edit's echo of the whole (pre-expansion) scene file costs ~10k tokens per setTrait
//! and nothing reads it; a full-resolution base64 screenshot costs more than the saved file's path.

use serde::Serialize;
use serde_json::Value;

use super::truthy;
use crate::json::number::js_number_string;

/// `sceneEditResult(result, { returnScene })` → `{ ok, changed, errors, warnings, scene? }`.
/// Absent fields read as: `errors`/`warnings` `[]`, `changed` 0, `ok` "no errors".
pub fn scene_edit_result(result: &Value, query: &Value) -> crate::error::Result<String> {
    let list = |k: &str| match result.get(k) {
        Some(Value::Array(a)) => a.clone(),
        Some(Value::Null) | None => Vec::new(),
        Some(other) => vec![other.clone()],
    };
    let errors = list("errors");
    let ok = match result.get("ok") {
        Some(Value::Bool(b)) => *b,
        _ => errors.is_empty(),
    };
    let reply = SceneEdit {
        ok,
        changed: result.get("changed").cloned().unwrap_or(Value::from(0u64)),
        errors,
        warnings: list("warnings"),
        scene: truthy(query.get("returnScene")).then(|| result.get("scene").cloned().unwrap_or(Value::Null)),
    };
    super::reply_json(&reply)
}

/// The payload of `sceneEditResult`.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "SceneEditResult"))]
pub(crate) struct SceneEdit {
    ok: bool,
    #[cfg_attr(test, ts(type = "number"))]
    changed: Value,
    #[cfg_attr(test, ts(type = "string[]"))]
    errors: Vec<Value>,
    #[cfg_attr(test, ts(type = "string[]"))]
    warnings: Vec<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, type = "unknown"))]
    scene: Option<Value>,
}

/// The text block of `screenshotResult`: where the image is and how big, and how to get it
/// inline when it is not. Dimensions are the image's pixels — the coordinates taps use.
pub fn screenshot_text(path: Option<&str>, width: Option<f64>, height: Option<f64>, inline: bool) -> String {
    let dims = match (width, height) {
        (Some(w), Some(h)) => format!("{}x{} px", js_number_string(w), js_number_string(h)),
        _ => "unknown size".to_owned(),
    };
    let mut text = match path {
        Some(p) if !p.is_empty() => format!("Screenshot saved to {p} ({dims})."),
        _ => format!("Screenshot captured ({dims}); not saved to a file."),
    };
    if !inline {
        text.push_str(" Pass inline: true to receive the image itself.");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(result: &str, query: &str) -> String {
        let p = |s: &str| serde_json::from_str::<Value>(s).expect("json");
        scene_edit_result(&p(result), &p(query)).expect("ok")
    }

    #[test]
    fn scene_echo_only_when_asked() {
        let result = r#"{"scene":{"entities":[1,2,3]},"ok":true,"changed":2,"errors":[],"warnings":["w"],"extra":1}"#;
        assert_eq!(run(result, "{}"), r#"{"ok":true,"changed":2,"errors":[],"warnings":["w"]}"#);
        assert_eq!(run(result, r#"{"returnScene":false}"#), r#"{"ok":true,"changed":2,"errors":[],"warnings":["w"]}"#);
        assert_eq!(
            run(result, r#"{"returnScene":true}"#),
            r#"{"ok":true,"changed":2,"errors":[],"warnings":["w"],"scene":{"entities":[1,2,3]}}"#
        );
    }

    #[test]
    fn missing_fields_have_defaults() {
        assert_eq!(run("{}", "{}"), r#"{"ok":true,"changed":0,"errors":[],"warnings":[]}"#);
        assert_eq!(run(r#"{"errors":["bad"]}"#, "null"), r#"{"ok":false,"changed":0,"errors":["bad"],"warnings":[]}"#);
        assert_eq!(
            run("{}", r#"{"returnScene":1}"#),
            r#"{"ok":true,"changed":0,"errors":[],"warnings":[],"scene":null}"#
        );
    }

    #[test]
    fn screenshot_text_says_path_and_size() {
        assert_eq!(
            screenshot_text(Some("/tmp/a.png"), Some(1800.0), Some(1200.0), false),
            "Screenshot saved to /tmp/a.png (1800x1200 px). Pass inline: true to receive the image itself."
        );
        assert_eq!(
            screenshot_text(Some("/tmp/a.png"), Some(4.0), Some(2.0), true),
            "Screenshot saved to /tmp/a.png (4x2 px)."
        );
        assert_eq!(screenshot_text(None, None, None, true), "Screenshot captured (unknown size); not saved to a file.");
    }
}
