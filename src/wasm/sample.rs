//! The binding of [`crate::json::sample`]: a large JSON text's sample, read without its value.

use wasm_bindgen::prelude::*;

use super::abi;
use super::layout::SampleCompact;
use crate::json::sample::sample_v8_compact;

/// For the first `len` input bytes (Latin-1 when `latin1`, else UTF-8): when they are exactly
/// V8's compact form of their own value, puts the sample (every array cut to its first `keep`
/// items, in the input's encoding) in the output buffer and returns the numbers of
/// [`SampleCompact`] (its length there) followed by the true lengths of the root array or the
/// root object's array values; else returns nothing.
#[wasm_bindgen(js_name = sampleCompactInput)]
pub fn sample_compact_input(len: usize, latin1: bool, keep: usize) -> Result<Option<Vec<f64>>, JsValue> {
    let Some(sample) = abi::with_input(len, |json| sample_v8_compact(json, keep))? else {
        return Ok(None);
    };
    let mut answer = vec![0.0; SampleCompact::LEN];
    answer[SampleCompact::OutputBytes.at()] = abi::set_output(sample.text, latin1) as f64;
    answer.extend(sample.root_lengths.iter().map(|&n| n as f64));
    Ok(Some(answer))
}
