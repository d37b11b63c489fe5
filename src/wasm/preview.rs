//! Binding for the preview past the cap (`crate::preview`): one call with everything it needs.
//! The kept value arrives as text in [`super::abi`]'s input buffer (JSON text from V8's
//! `JSON.stringify`, or a text result); the call's arguments and the tool's `inputSchema` as
//! JSON bytes. The answer leaves as JSON text that `node/mcp/preview.cjs` parses.

use serde_json::Value;
use wasm_bindgen::prelude::*;

use super::abi;
use super::elision::PassRead;
use crate::preview::answer::answer_json;
use crate::preview::hint::{hint_text, parameters};
use crate::preview::{preview, preview_knowing, Budget, Input, Known};
use crate::tokens;

/// Arguments or a schema as JSON; anything unreadable counts as absent (`null`), so a bad
/// schema costs the hint, never the preview.
fn optional_json(bytes: &[u8]) -> Value {
    crate::json::read::read_value(bytes).unwrap_or(Value::Null)
}

/// The hint sentence for a tool whose `inputSchema` is `schema` (JSON bytes; unreadable counts as
/// none), ending with where the rest is: the pages when `paged`, else that it could not be kept.
#[wasm_bindgen(js_name = previewHint)]
pub fn preview_hint(schema: &[u8], paged: bool) -> String {
    hint_text(&parameters(&optional_json(schema)), paged)
}

/// The preview of the first `len` input bytes (Latin-1 when `latin1`, else UTF-8): JSON text
/// when `is_json` (with `printed`, text the caller printed with `JSON.stringify`, not checked
/// again: [`Input::Printed`]), else a text result. `max_tokens`/`max_chars` as JavaScript
/// numbers (floored; a non-finite or negative one takes the default). `known` is the spans the
/// elision pass over the same JSON text returned, as start, end pairs (empty: none); printed
/// text is also ranked by the collection as that pass read it, when it was the last call to read
/// this input and nothing has written it since (`elisionPass`); see [`preview_knowing`].
#[wasm_bindgen(js_name = previewInput)]
#[allow(clippy::too_many_arguments)]
pub fn preview_input(
    len: usize,
    latin1: bool,
    is_json: bool,
    printed: bool,
    arguments: &[u8],
    schema: &[u8],
    max_tokens: f64,
    max_chars: f64,
    encoding: &str,
    known: &[f64],
) -> Result<String, JsValue> {
    let defaults = Budget::default();
    let limit = |x: f64, default: usize| if x.is_finite() && x >= 0.0 { x.floor() as usize } else { default };
    let budget = Budget {
        max_tokens: limit(max_tokens, defaults.max_tokens),
        max_chars: limit(max_chars, defaults.max_chars),
        encoding: tokens::encoding(encoding)?,
    };
    let (arguments, schema) = (optional_json(arguments), optional_json(schema));
    let spans: Vec<(usize, usize)> = known.chunks_exact(2).map(|k| (k[0] as usize, k[1] as usize)).collect();
    // The pass's reading is about text the caller printed; it is taken either way, so it is
    // never held past this call.
    let read = PassRead::of_input(len, latin1).filter(|_| printed);
    let p = abi::with_input_utf8(len, latin1, |bytes| {
        if is_json {
            let input = if printed { Input::Printed(bytes) } else { Input::Json(bytes) };
            preview_knowing(input, Known { spans: &spans, read: read.as_ref() }, &arguments, &schema, &budget)
        } else {
            let text = String::from_utf8_lossy(bytes);
            preview(Input::Text(&text), &arguments, &schema, &budget)
        }
    })??;
    Ok(answer_json(&p))
}
