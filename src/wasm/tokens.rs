//! Token accounting bindings: one-line shims over `crate::tokens`.
//!
//! Text arrives as UTF-8 in [`super::abi`]'s input buffer, written there by JavaScript with
//! `TextEncoder.encodeInto`; lone surrogates therefore arrive as U+FFFD, as they do in every
//! tiktoken JS binding. Rank tables arrive the same way, read from their files on first use.

use wasm_bindgen::prelude::*;

use super::abi;
#[cfg(feature = "bindings")]
use super::layout::HeadCut;
#[cfg(feature = "bindings")]
use crate::cap::head::{plan_head_cut, TokenCap};
#[cfg(feature = "bindings")]
use crate::tokens::report::{report, report_json};
use crate::tokens::{self, Encoding};

fn encoding(name: &str) -> Result<Encoding, JsValue> {
    Ok(tokens::encoding(name)?)
}

/// Tokens of the first `len` bytes of UTF-8 input, stopping once past `limit` (the exact count
/// when it is `<= limit`).
#[wasm_bindgen(js_name = countTokensInput)]
pub fn count_tokens_input(len: usize, encoding_name: &str, limit: f64) -> Result<f64, JsValue> {
    let enc = encoding(encoding_name)?;
    let limit = tokens::limit_from_f64(limit);
    Ok(abi::with_input_text(len, false, |text| tokens::count_up_to(enc, text, limit))?? as f64)
}

/// UTF-16 length of the longest prefix of the input text that is at most `limit` whole tokens
/// (ending on a char boundary), for cutting text to a token cap.
#[wasm_bindgen(js_name = tokenPrefixUnits)]
pub fn token_prefix_units(len: usize, encoding_name: &str, limit: f64) -> Result<f64, JsValue> {
    let enc = encoding(encoding_name)?;
    let limit = tokens::limit_from_f64(limit);
    let units = abi::with_input_text(len, false, |text| {
        tokens::prefix_within(enc, text, limit)
            .map(|end| crate::json::string::utf16_len(text.get(..end).unwrap_or("")) as f64)
    })??;
    Ok(units)
}

/// The cut of a text of `units` UTF-16 units whose head (its first units, in the first `len`
/// bytes of UTF-8 input) plus marker fits `max_chars`, when `max_bytes` is not negative that
/// many UTF-8 bytes, and when `max_tokens` is not negative that many tokens: the array of
/// [`HeadCut`], or `null` when the text fits as it is (see
/// [`crate::cap::head::plan_head_cut`]). JavaScript slices its own string, so the kept head is
/// the caller's text unit for unit.
#[cfg(feature = "bindings")]
#[wasm_bindgen(js_name = planHeadCutInput)]
pub fn plan_head_cut_input(
    len: usize,
    units: usize,
    max_chars: f64,
    max_bytes: f64,
    max_tokens: f64,
    encoding_name: &str,
) -> Result<JsValue, JsValue> {
    let tokens = if max_tokens >= 0.0 {
        Some(TokenCap { max: tokens::limit_from_f64(max_tokens), encoding: encoding(encoding_name)? })
    } else {
        None
    };
    let max_chars = tokens::limit_from_f64(max_chars);
    let max_bytes = (max_bytes >= 0.0).then(|| tokens::limit_from_f64(max_bytes));
    let cut = abi::with_input_text(len, false, |head| plan_head_cut(head, units, max_chars, max_bytes, tokens))??;
    Ok(match cut {
        None => JsValue::NULL,
        Some(cut) => {
            let answer = js_sys::Array::new_with_length(HeadCut::LEN as u32);
            answer.set(HeadCut::Keep.at() as u32, JsValue::from(cut.keep as f64));
            answer.set(HeadCut::Marker.at() as u32, JsValue::from_str(&cut.marker));
            answer.into()
        }
    })
}

/// Throws `UNKNOWN_ENCODING` unless `name` is supported.
#[wasm_bindgen(js_name = checkEncoding)]
pub fn check_encoding(name: &str) -> Result<(), JsValue> {
    encoding(name).map(|_| ())
}

/// Installs `name`'s rank table from the first `len` input bytes (its `.bin` file, read
/// straight into WebAssembly memory: the table is copied once, not twice).
#[wasm_bindgen(js_name = installTable)]
pub fn install_table(name: &str, len: usize) -> Result<(), JsValue> {
    let enc = encoding(name)?;
    Ok(tokens::install(enc, abi::take_input(len)?)?)
}

/// `{"chars","bytes","tokens","fields":[{"path","chars","tokens"}]}` for the compact JSON text
/// in the first `len` bytes of UTF-8 input.
#[cfg(feature = "bindings")]
#[wasm_bindgen(js_name = tokenReportInput)]
pub fn token_report_input(len: usize, encoding_name: &str) -> Result<String, JsValue> {
    let enc = encoding(encoding_name)?;
    Ok(report_json(&abi::with_input_text(len, false, |text| report(enc, text))??))
}
