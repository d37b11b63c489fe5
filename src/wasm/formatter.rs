//! The formatter's bindings: rounding, capText, the elision envelope and its hint, the
//! top-level summary and the marker of a value that threw while it was read. The small module
//! (the `formatter` feature, pkg/formatter/) is these and [`super::abi`] alone; the full one
//! holds them too.

use js_sys::{Array, JsString};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::abi;
use crate::cap::summary::{summary_json, Shape, Summary};
use crate::cap::{elision_envelope, plan_text_cut, retarget_hint, CapUnit};
use crate::json::rewrite::round_json_numbers_into;
use crate::json::thrown::thrown_text;
use crate::round::round_sig;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    fn object_keys(value: &JsValue) -> Result<Array, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Reflect, js_name = get)]
    fn reflect_get(target: &JsValue, key: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = JSON, js_name = stringify)]
    fn json_stringify(value: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_name = String)]
    fn js_string(value: &JsValue) -> Result<JsString, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn is_array(value: &JsValue) -> Result<bool, JsValue>;
}

/// `[Thrown: …]` for a value whose getter, proxy trap or `toString` threw while it was read:
/// the thrown value as `String()` prints it (see [`crate::json::thrown`]).
#[wasm_bindgen(js_name = thrownText)]
pub fn thrown_text_export(thrown: &JsValue) -> String {
    thrown_text(js_string(thrown).ok().map(String::from).as_deref())
}

fn thrown_shape(thrown: &JsValue) -> Shape {
    Shape::Other(thrown_text_export(thrown))
}

/// `Number(x.toPrecision(sig))` with the reference's pass-through rules.
#[wasm_bindgen(js_name = roundSig)]
pub fn round_sig_export(x: f64, sig: f64) -> f64 {
    round_sig(x, sig)
}

/// Rounds every number token of the JSON text in the first `len` input bytes (Latin-1 when
/// `latin1`, else UTF-8; see [`abi`]) to `sig` digits. Returns the length of the rewritten text
/// in the output buffer (in the input's encoding), or -1 when no number changes: JavaScript
/// then keeps the string it already has instead of decoding a copy.
#[wasm_bindgen(js_name = roundJsonInput)]
pub fn round_json_input(len: usize, latin1: bool, sig: f64) -> Result<f64, JsValue> {
    let changed = abi::with_input_and_output(len, latin1, |json, out| {
        round_json_numbers_into(json, sig, out).then_some(out.len())
    })?;
    Ok(changed.map_or(-1.0, |n| n as f64))
}

/// `capText`: the text itself when it fits, else a surrogate-safe prefix plus the marker.
/// Works on the `JsString` in place: an under-cap text is never copied into WebAssembly.
#[wasm_bindgen(js_name = capText)]
pub fn cap_text(text: &JsString, max_chars: f64) -> JsString {
    let len = text.length() as usize;
    let splits_pair = |i: usize| {
        let high = text.char_code_at(i as u32 - 1) as u32;
        let low = text.char_code_at(i as u32) as u32;
        (0xD800..0xDC00).contains(&high) && (0xDC00..0xE000).contains(&low)
    };
    match plan_text_cut(len, max_chars, splits_pair) {
        None => text.clone(),
        Some(cut) => text.slice(0, cut.keep as u32).concat(&JsValue::from_str(&cut.marker)),
    }
}

/// The elision envelope for `data`, whose serialized form was `chars` UTF-16 units long (and
/// `tokens` tokens, when the cap was in tokens; pass a negative number otherwise). `filters`
/// are the calling tool's own narrowing parameters for the hint (empty: the generic advice).
#[wasm_bindgen(js_name = elisionEnvelope)]
pub fn elision_envelope_export(data: &JsValue, chars: f64, tokens: f64, cap: f64, filters: Vec<String>) -> String {
    let (tokens, unit) = if tokens >= 0.0 { (Some(tokens), CapUnit::Tokens) } else { (None, CapUnit::Chars) };
    elision_envelope(chars, tokens, cap, unit, &summary_of(data), &filters)
}

/// An envelope's `hint` retargeted to the calling tool's `filters` (see
/// [`crate::cap::retarget_hint`]); `bytes` is the envelope's `bytes`, printed by `String()`.
#[wasm_bindgen(js_name = retargetHint)]
pub fn retarget_hint_export(hint: &str, bytes: &str, filters: Vec<String>) -> String {
    retarget_hint(hint, bytes, &filters)
}

/// `JSON.stringify(summarize(data))`; the JS side parses it, so keys such as `__proto__` become
/// ordinary own properties instead of prototype writes.
#[wasm_bindgen(js_name = summarizeJson)]
pub fn summarize_json(data: &JsValue) -> String {
    summary_json(&summary_of(data))
}

fn summary_of(data: &JsValue) -> Summary {
    if !data.is_object() {
        return Summary::Scalar(shape_of(data));
    }
    if is_array(data).unwrap_or(false) {
        return Summary::Array(array_length(data));
    }
    let keys = match object_keys(data) {
        Ok(keys) => keys,
        Err(thrown) => return Summary::Scalar(thrown_shape(&thrown)),
    };
    let entries = keys
        .iter()
        .map(|key| {
            let quoted = json_text(&key).unwrap_or_else(|| "\"\"".to_owned());
            let shape = match reflect_get(data, &key) {
                Ok(value) => shape_of(&value),
                Err(thrown) => thrown_shape(&thrown),
            };
            (quoted, shape)
        })
        .collect();
    Summary::Object(entries)
}

fn shape_of(value: &JsValue) -> Shape {
    if value.is_null() {
        return Shape::Null;
    }
    if value.is_object() {
        if is_array(value).unwrap_or(false) {
            return Shape::Array(array_length(value));
        }
        return match object_keys(value) {
            Ok(keys) => Shape::Object(keys.length() as usize),
            Err(thrown) => thrown_shape(&thrown),
        };
    }
    if let Some(text) = value.dyn_ref::<JsString>() {
        let utf16_len = text.length() as usize;
        let quoted = if utf16_len <= crate::cap::summary::QUOTE_LIMIT { json_text(value) } else { None };
        return Shape::Text { utf16_len, quoted };
    }
    if let Some(x) = value.as_f64() {
        return Shape::Other(crate::json::number::js_number_string(x));
    }
    match js_string(value) {
        Ok(text) => Shape::Other(String::from(text)),
        Err(thrown) => thrown_shape(&thrown),
    }
}

fn array_length(array: &JsValue) -> usize {
    reflect_get(array, &JsValue::from_str("length")).ok().and_then(|n| n.as_f64()).map_or(0, |n| n as usize)
}

/// `JSON.stringify(value)` as Rust text. V8's output is well-formed UTF-16, so the conversion to
/// UTF-8 is lossless even when `value` holds lone surrogates.
fn json_text(value: &JsValue) -> Option<String> {
    json_stringify(value).ok().and_then(|text| text.as_string())
}
