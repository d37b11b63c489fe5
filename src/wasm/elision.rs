//! The budget policy's one pass (`crate::elision`): one call per result text.
//!
//! The text arrives in [`super::abi`]'s input buffer; the envelope and the pages leave as one
//! text in its output buffer, with their lengths in the returned numbers, so JavaScript decodes
//! once and slices.

use wasm_bindgen::prelude::*;

use super::abi;
use crate::elision::spans::utf16_units;
use crate::elision::{json_pass, text_pass, Limits, Pass};
use crate::json::latin1::into_latin1;
use crate::tokens;

/// Runs the pass over the first `len` input bytes (Latin-1 when `latin1`, else UTF-8): the
/// compact JSON of a kept value, `chars` UTF-16 units long, or with `text` the JSON string
/// literal of a kept text. A negative `max_tokens` is no token cap; `paged` asks for pages even
/// when the text fits; `keep` is the most UTF-8 bytes the pages may hold together (negative: no
/// limit), past which none are made.
///
/// Returns `[fits, chars, tokens (-1: not counted), output bytes, output is Latin-1, envelope
/// units, page count (-1: the cap cannot hold a page; 0: none made), units of each page…]`; the
/// output holds the envelope, then each page.
#[wasm_bindgen(js_name = elisionPass)]
#[allow(clippy::too_many_arguments)]
pub fn elision_pass(
    len: usize,
    latin1: bool,
    text: bool,
    chars: f64,
    max_chars: f64,
    max_tokens: f64,
    encoding: &str,
    paged: bool,
    keep: f64,
) -> Result<Vec<f64>, JsValue> {
    let keep = (keep >= 0.0).then_some(keep as usize);
    let limits = Limits {
        max_chars: max_chars as usize,
        max_tokens: (max_tokens >= 0.0).then(|| tokens::limit_from_f64(max_tokens)),
        encoding: tokens::encoding(encoding)?,
    };
    let pass = abi::with_input_text(len, latin1, |t| {
        if text {
            text_pass(t, limits, keep)
        } else {
            json_pass(t, chars as usize, limits, paged, keep)
        }
    })??;
    Ok(write(pass))
}

fn write(pass: Pass) -> Vec<f64> {
    let mut out = pass.envelope;
    let mut numbers = vec![
        f64::from(u8::from(pass.fits)),
        pass.chars as f64,
        pass.tokens.map_or(-1.0, |t| t as f64),
        0.0,
        0.0,
        utf16_units(out.as_bytes()) as f64,
    ];
    match pass.pages {
        None => numbers.push(0.0),
        Some(None) => numbers.push(-1.0),
        Some(Some(pages)) => {
            numbers.push(pages.len() as f64);
            // Each page is dropped once copied: a large result is not held twice over.
            for page in pages {
                numbers.push(utf16_units(page.as_bytes()) as f64);
                out.push_str(&page);
            }
        }
    }
    // ASCII, what pages of ASCII text are, is Latin-1 as it is: one check instead of a rewrite.
    let (bytes, latin1) = if out.is_ascii() {
        (out.into_bytes(), true)
    } else {
        match into_latin1(out) {
            Ok(latin1) => (latin1, true),
            Err(text) => (text.into_bytes(), false),
        }
    };
    numbers[3] = abi::set_output(bytes, latin1) as f64;
    numbers[4] = f64::from(u8::from(latin1));
    numbers
}
