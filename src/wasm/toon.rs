//! TOON bindings: JSON text from V8 in, TOON text out.
//!
//! The hot path works in place: JS writes the `JSON.stringify` text straight into a reusable
//! input buffer in WebAssembly memory — as Latin-1 when V8 holds it as a one-byte string (a
//! memcpy), else as UTF-8 (`TextEncoder.encodeInto`) — Rust leaves the TOON text in an output
//! buffer, as Latin-1 whenever every character allows, and JS decodes it from there. See
//! [`crate::latin1`] for the measurements behind the Latin-1 transport.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

use crate::error::Error;
use crate::latin1::{latin1_to_utf8, utf8_to_latin1};
use crate::toon::{to_toon_v8_json, ToonOptions};

/// The last output: its bytes and whether they are Latin-1 (ASCII included) or UTF-8.
struct Output {
    bytes: Vec<u8>,
    latin1: bool,
}

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<Output> = const { RefCell::new(Output { bytes: Vec::new(), latin1: true }) };
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

/// Encodes the first `len` bytes of the input buffer (JSON text from V8, Latin-1 when
/// `input_latin1`, else UTF-8) as TOON into the output buffer and returns the output's length in
/// bytes (see [`toon_output_latin1`] for its encoding). `delimiter` is the delimiter's char code.
/// Errors: `INVALID_OPTION` for a bad delimiter or indent, `INVALID_INPUT` for text that is not
/// JSON (nesting deeper than 128 levels).
#[wasm_bindgen(js_name = toonEncodeInput)]
pub fn toon_encode_input(len: usize, input_latin1: bool, delimiter: u32, indent_size: f64) -> Result<usize, JsValue> {
    let delimiter = char::from_u32(delimiter).map(String::from).unwrap_or_default();
    let options = ToonOptions::from_parts(&delimiter, indent_size)?;
    let encoded = INPUT.with_borrow(|input| match input.get(..len) {
        Some(bytes) => {
            let json = if input_latin1 { latin1_to_utf8(bytes) } else { bytes.into() };
            to_toon_v8_json(&json, &options)
        }
        None => Err(Error::invalid_input("toToon: input length exceeds the input buffer")),
    })?;
    let output = if encoded.is_ascii() {
        Output { bytes: encoded.into_bytes(), latin1: true }
    } else {
        match utf8_to_latin1(&encoded) {
            Some(bytes) => Output { bytes, latin1: true },
            None => Output { bytes: encoded.into_bytes(), latin1: false },
        }
    };
    let out_len = output.bytes.len();
    OUTPUT.with_borrow_mut(|out| *out = output);
    Ok(out_len)
}

/// Address of the last output.
#[wasm_bindgen(js_name = toonOutputPtr)]
pub fn toon_output_ptr() -> usize {
    OUTPUT.with_borrow(|out| out.bytes.as_ptr() as usize)
}

/// True when the last output is Latin-1 (every character below U+0100), false when UTF-8.
#[wasm_bindgen(js_name = toonOutputLatin1)]
pub fn toon_output_latin1() -> bool {
    OUTPUT.with_borrow(|out| out.latin1)
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
        if out.bytes.capacity() > KEEP_BUFFER_BYTES {
            out.bytes = Vec::new();
        }
    });
}
