//! The bindings of the proxy's reading of a server's line: whether a span of a large held line
//! is the compact JSON V8 prints of its value, so the line's own text can stand for that value
//! instead of its object graph (`node/proxy/held-json.cjs`); and the line with the numbers
//! `JSON.parse` would change held as marked strings (`node/mcp/exact-numbers.cjs`).

use wasm_bindgen::prelude::*;

use super::abi;
use crate::json::exact::hold_inexact_numbers_into;
use crate::json::sample::is_v8_compact;

/// Whether the first `len` input bytes (Latin-1 or UTF-8, which the check reads alike: it
/// looks at ASCII bytes only) are exactly V8's compact form of their own value (an object or
/// an array), as `JSON.stringify(JSON.parse(text)) === text` would say. False is also the
/// answer for anything the check cannot prove (whitespace, a `\ud800` escape, deep nesting).
#[wasm_bindgen(js_name = v8CompactInput)]
pub fn v8_compact_input(len: usize) -> Result<bool, JsValue> {
    Ok(abi::with_input(len, is_v8_compact)?)
}

/// Rewrites the JSON text in the first `len` input bytes (Latin-1 when `latin1`, else UTF-8)
/// with every number token `JSON.parse` would change written as the string `"<prefix><token>"`
/// (`crate::json::exact`). Returns the length of the rewritten text in the output buffer (in the
/// input's encoding), or -1 when every number is exact: JavaScript then parses its own text.
#[wasm_bindgen(js_name = holdInexactNumbersInput)]
pub fn hold_inexact_numbers_input(len: usize, latin1: bool, prefix: &str) -> Result<f64, JsValue> {
    let changed = abi::with_input_and_output(len, latin1, |json, out| {
        hold_inexact_numbers_into(json, prefix.as_bytes(), out).then_some(out.len())
    })?;
    Ok(changed.map_or(-1.0, |n| n as f64))
}
