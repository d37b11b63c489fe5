//! TOON bindings: JSON text from V8 in, TOON text out.
//!
//! The hot path works in place: JS writes the `JSON.stringify` text straight into a reusable
//! input buffer in WebAssembly memory (`TextEncoder.encodeInto`), Rust leaves the TOON text in
//! an output buffer, and JS decodes it from there (as Latin-1 when it is ASCII, which V8 turns
//! into a string fastest). On the 2,000-row benchmark table this removes three copies and
//! about a third of the binding's cost compared with `&[u8]` in, `String` out.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

use crate::toon::{to_toon_v8_json, ToonOptions};

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Buffers above this size are freed after use instead of being kept for the next call.
const KEEP_BUFFER_BYTES: usize = 1 << 20;

/// The module's `WebAssembly.Memory`, so JS can write input and read output in place.
#[wasm_bindgen(js_name = wasmMemory)]
pub fn wasm_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// Grows the input buffer to at least `len` bytes and returns its address in memory.
#[wasm_bindgen(js_name = toonInputBuffer)]
pub fn toon_input_buffer(len: usize) -> usize {
    INPUT.with_borrow_mut(|buffer| {
        if buffer.len() < len {
            buffer.resize(len, 0);
        }
        buffer.as_mut_ptr() as usize
    })
}

/// Encodes the first `len` bytes of the input buffer (JSON text from V8) as TOON into the output
/// buffer and returns the output's length in bytes. `delimiter` is the delimiter's char code.
/// Errors: `INVALID_OPTION` for a bad delimiter or indent, `INVALID_INPUT` for text that is not
/// JSON (an escaped lone surrogate, nesting deeper than 128 levels).
#[wasm_bindgen(js_name = toonEncodeInput)]
pub fn toon_encode_input(len: usize, delimiter: u32, indent_size: f64) -> Result<usize, JsValue> {
    let delimiter = char::from_u32(delimiter).map(String::from).unwrap_or_default();
    let options = ToonOptions::from_parts(&delimiter, indent_size).map_err(|m| super::js_error("INVALID_OPTION", &m))?;
    let encoded = INPUT.with_borrow(|input| match input.get(..len) {
        Some(json) => to_toon_v8_json(json, &options).map_err(|e| super::js_error("INVALID_INPUT", &e.to_string())),
        None => Err(super::js_error("INVALID_INPUT", "toToon: input length exceeds the input buffer")),
    })?;
    let out_len = encoded.len();
    OUTPUT.with_borrow_mut(|out| *out = encoded);
    Ok(out_len)
}

/// Address of the last output.
#[wasm_bindgen(js_name = toonOutputPtr)]
pub fn toon_output_ptr() -> usize {
    OUTPUT.with_borrow(|out| out.as_ptr() as usize)
}

/// True when the last output is pure ASCII (then Latin-1 decoding gives the same string).
#[wasm_bindgen(js_name = toonOutputIsAscii)]
pub fn toon_output_is_ascii() -> bool {
    OUTPUT.with_borrow(|out| out.is_ascii())
}

/// Frees the buffers when they are large, once JS has read the output.
#[wasm_bindgen(js_name = toonRelease)]
pub fn toon_release() {
    INPUT.with_borrow_mut(|buffer| {
        if buffer.len() > KEEP_BUFFER_BYTES {
            *buffer = Vec::new();
        }
    });
    OUTPUT.with_borrow_mut(|out| {
        if out.capacity() > KEEP_BUFFER_BYTES {
            *out = String::new();
        }
    });
}
