//! The binding of the proxy's check on a large held line (`node/cli/held-json.cjs`): whether a
//! span of it is the compact JSON V8 prints of its value, so the line's own text can stand for
//! that value instead of its object graph.

use wasm_bindgen::prelude::*;

use super::abi;
use crate::json::sample::is_v8_compact;

/// Whether the first `len` input bytes (Latin-1 or UTF-8, which the check reads alike: it
/// looks at ASCII bytes only) are exactly V8's compact form of their own value (an object or
/// an array), as `JSON.stringify(JSON.parse(text)) === text` would say. False is also the
/// answer for anything the check cannot prove (whitespace, a `\ud800` escape, deep nesting).
#[wasm_bindgen(js_name = v8CompactInput)]
pub fn v8_compact_input(len: usize) -> Result<bool, JsValue> {
    Ok(abi::with_input(len, is_v8_compact)?)
}
