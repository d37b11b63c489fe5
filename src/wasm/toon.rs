//! TOON bindings: JSON text from V8 in, TOON text out, both through [`super::abi`]'s buffers:
//! the input as Latin-1 or UTF-8, the output as Latin-1 whenever every character allows (see
//! [`crate::json::latin1`] for why that pays).

use wasm_bindgen::prelude::*;

use super::abi;
use crate::json::latin1::into_latin1;
use crate::toon::{to_toon_v8_json, ToonOptions};

/// Encodes the first `len` bytes of the input buffer (JSON text from V8, Latin-1 when
/// `input_latin1`, else UTF-8) as TOON into the output buffer and returns the output's length in
/// bytes (`abiOutputLatin1` tells its encoding). `delimiter` is the delimiter's char code.
/// Errors: `INVALID_OPTION` for a bad delimiter or indent, `INVALID_INPUT` for text that is not
/// JSON (nesting deeper than 128 levels).
#[wasm_bindgen(js_name = toonEncodeInput)]
pub fn toon_encode_input(len: usize, input_latin1: bool, delimiter: u32, indent_size: f64) -> Result<usize, JsValue> {
    let delimiter = char::from_u32(delimiter).map(String::from).unwrap_or_default();
    let options = ToonOptions::from_parts(&delimiter, indent_size)?;
    let encoded = abi::with_input_utf8(len, input_latin1, |json| to_toon_v8_json(json, &options))??;
    let output = match into_latin1(encoded) {
        Ok(bytes) => (bytes, true),
        Err(text) => (text.into_bytes(), false),
    };
    Ok(abi::set_output(output.0, output.1))
}
