//! The binding of [`crate::report`]: the report's rewrite measures of the compact JSON text in
//! [`super::abi`]'s input buffer, taken in place so the report's other passes (the sample, the
//! token attribution, the second encoding's count) read the same one copy.

use wasm_bindgen::prelude::*;

use super::abi;
use super::layout::RoundedMeasures;
use crate::report::{rounded, toon_tokens};
use crate::tokens;

/// The numbers of [`RoundedMeasures`] for the first `len` bytes of UTF-8 input: its UTF-16
/// length, and the length and `encoding_name` tokens of the text with every number rounded to
/// `precision` significant digits. Errors: `INVALID_INPUT` when the bytes are not UTF-8,
/// `UNKNOWN_ENCODING`.
#[wasm_bindgen(js_name = roundedMeasuresInput)]
pub fn rounded_measures_input(len: usize, encoding_name: &str, precision: f64) -> Result<Vec<f64>, JsValue> {
    let encoding = tokens::encoding(encoding_name)?;
    let measured = abi::with_input_text(len, false, |json| rounded(json, precision, encoding))??;
    let mut answer = vec![0.0; RoundedMeasures::LEN];
    answer[RoundedMeasures::Units.at()] = measured.units as f64;
    answer[RoundedMeasures::RoundedUnits.at()] = measured.rounded_units as f64;
    answer[RoundedMeasures::RoundedTokens.at()] = measured.rounded_tokens as f64;
    Ok(answer)
}

/// `encoding_name` tokens of the TOON encoding (default options) of the compact JSON text V8
/// wrote in the first `len` bytes of UTF-8 input, or -1 when the text holds an escaped lone
/// surrogate (`toToon` refuses those). Errors: `INVALID_INPUT` for bytes that are not UTF-8 or
/// JSON, `UNKNOWN_ENCODING`.
#[wasm_bindgen(js_name = toonTokensInput)]
pub fn toon_tokens_input(len: usize, encoding_name: &str) -> Result<f64, JsValue> {
    let encoding = tokens::encoding(encoding_name)?;
    let tokens = abi::with_input_text(len, false, |json| toon_tokens(json, encoding))??;
    Ok(tokens.map_or(-1.0, |n| n as f64))
}

/// Whether the first `len` input bytes are UTF-8 (a file read straight into the buffer may not
/// be; the report then reads it as text, as Node does, with U+FFFD for the bad bytes).
#[wasm_bindgen(js_name = isUtf8Input)]
pub fn is_utf8_input(len: usize) -> Result<bool, JsValue> {
    Ok(abi::with_input(len, |bytes| std::str::from_utf8(bytes).is_ok())?)
}
