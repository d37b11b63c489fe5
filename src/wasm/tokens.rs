//! Token accounting bindings: one-line shims over `crate::tokens`.
//!
//! Text reaches Rust through a scratch buffer in WebAssembly memory that JavaScript fills with
//! `TextEncoder.encodeInto` (wasm-bindgen's `&str` path copies ASCII char by char). Lone
//! surrogates therefore arrive as U+FFFD, as they do in every tiktoken JS binding.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

use crate::error::Error;
use crate::tokens::report::{report, report_json};
use crate::tokens::{self, Encoding};

thread_local! {
    static SCRATCH: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static O200K_BUFFER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

fn encoding(name: &str) -> Result<Encoding, JsValue> {
    Ok(tokens::encoding(name)?)
}

/// The text of the first `len` bytes of `bytes`; `INVALID_INPUT` when they are not UTF-8.
fn utf8_text(bytes: &[u8], len: usize) -> Result<&str, JsValue> {
    Ok(std::str::from_utf8(bytes.get(..len).unwrap_or(&[])).map_err(|_| Error::invalid_input("Text is not valid UTF-8."))?)
}

/// The module's memory, so JavaScript can encode text straight into the scratch buffer.
#[wasm_bindgen(js_name = tokenMemory)]
pub fn token_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// Address of a scratch buffer of at least `capacity` bytes (valid until the next call).
#[wasm_bindgen(js_name = tokenScratch)]
pub fn token_scratch(capacity: usize) -> *mut u8 {
    SCRATCH.with(|s| {
        let mut s = s.borrow_mut();
        if s.len() < capacity {
            s.resize(capacity, 0);
        }
        s.as_mut_ptr()
    })
}

/// Tokens of the UTF-8 text in the first `len` scratch bytes, stopping once past `limit`
/// (the exact count when it is `<= limit`).
#[wasm_bindgen(js_name = countTokensScratch)]
pub fn count_tokens_scratch(len: usize, encoding_name: &str, limit: f64) -> Result<f64, JsValue> {
    let enc = encoding(encoding_name)?;
    let limit = tokens::limit_from_f64(limit);
    SCRATCH.with(|s| {
        let s = s.borrow();
        Ok(tokens::count_up_to(enc, utf8_text(&s, len)?, limit)? as f64)
    })
}

/// UTF-16 length of the longest prefix of the scratch text that is at most `limit` whole tokens
/// (ending on a char boundary), for cutting text to a token cap.
#[wasm_bindgen(js_name = tokenPrefixUnits)]
pub fn token_prefix_units(len: usize, encoding_name: &str, limit: f64) -> Result<f64, JsValue> {
    let enc = encoding(encoding_name)?;
    let limit = tokens::limit_from_f64(limit);
    SCRATCH.with(|s| {
        let s = s.borrow();
        let text = utf8_text(&s, len)?;
        let end = tokens::prefix_within(enc, text, limit)?;
        Ok(crate::json::string::utf16_len(text.get(..end).unwrap_or("")) as f64)
    })
}

/// Throws `UNKNOWN_ENCODING` unless `name` is supported.
#[wasm_bindgen(js_name = checkEncoding)]
pub fn check_encoding(name: &str) -> Result<(), JsValue> {
    encoding(name).map(|_| ())
}

/// Address of a `len`-byte buffer that JavaScript reads `o200k_base.bin` into, so the 4 MB
/// table is copied once (file to WebAssembly memory) instead of twice.
#[wasm_bindgen(js_name = o200kBuffer)]
pub fn o200k_buffer(len: usize) -> *mut u8 {
    O200K_BUFFER.with(|b| {
        let mut b = b.borrow_mut();
        b.resize(len, 0);
        b.as_mut_ptr()
    })
}

/// Installs the o200k table from the bytes JavaScript wrote into [`o200k_buffer`].
#[wasm_bindgen(js_name = installO200kBuffer)]
pub fn install_o200k_buffer() -> Result<(), JsValue> {
    let bytes = O200K_BUFFER.with(|b| std::mem::take(&mut *b.borrow_mut()));
    Ok(tokens::install_o200k(bytes)?)
}

/// `{"chars","bytes","tokens","fields":[{"path","chars","tokens"}]}` for compact JSON text.
#[wasm_bindgen(js_name = tokenReportJson)]
pub fn token_report_json(json_utf8: &[u8], encoding_name: &str) -> Result<String, JsValue> {
    let enc = encoding(encoding_name)?;
    let text = utf8_text(json_utf8, json_utf8.len())?;
    Ok(report_json(&report(enc, text)?))
}
