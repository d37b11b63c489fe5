//! The one way large text and bytes cross the boundary (its JavaScript half is
//! `node/wasm/abi.cjs`).
//!
//! JavaScript writes straight into a reusable input buffer in WebAssembly memory and reads
//! results straight out of a reusable output buffer, so a payload is copied once each way and
//! never through wasm-bindgen's `&str` path (a per-character loop for ASCII). The input holds
//! one of two encodings, chosen per call by JavaScript:
//!
//! - Latin-1, when V8 holds the string as one byte per character (every character below
//!   U+0100): written with `Buffer#latin1Write`, a memcpy, several times faster than
//!   `TextEncoder.encodeInto` (see docs/performance.md, 'Figures behind the design').
//! - UTF-8 otherwise, written with `TextEncoder.encodeInto` into a buffer sized by the text's
//!   exact UTF-8 length (lone surrogates arrive as U+FFFD).
//!
//! Buffers are sized by what a call needs, never by a worst case, and a buffer above
//! [`KEEP_BUFFER_BYTES`] is freed once JavaScript has read the result ([`abi_release`]).

use std::any::Any;
use std::borrow::Cow;
use std::cell::{Cell, RefCell};

use wasm_bindgen::prelude::*;

use crate::error::{Error, Result};
use crate::json::latin1::latin1_to_utf8;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// Whether the output is Latin-1 (ASCII included) rather than UTF-8.
    static OUTPUT_LATIN1: Cell<bool> = const { Cell::new(true) };
    /// What a call learned of the input it read, for a later call over the same input
    /// ([`keep_input_fact`]); dropped whenever the input may change.
    static INPUT_FACT: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// Buffers at most this big are kept for the next call; bigger ones are freed after use, so
/// one large call does not pin its memory for the life of the process.
pub const KEEP_BUFFER_BYTES: usize = 1 << 20;

/// The module's `WebAssembly.Memory`, so JavaScript can write input and read output in place.
#[wasm_bindgen(js_name = abiMemory)]
pub fn abi_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// Address of the input buffer, grown to at least `len` bytes (to exactly `len` when it grows).
/// Valid until the next call into the module.
#[wasm_bindgen(js_name = abiInput)]
pub fn abi_input(len: usize) -> *mut u8 {
    forget_input_fact();
    INPUT.with_borrow_mut(|buffer| {
        if buffer.len() < len {
            buffer.reserve_exact(len - buffer.len());
            buffer.resize(len, 0);
        }
        buffer.as_mut_ptr()
    })
}

/// Address of the last output (see [`set_output`]).
#[wasm_bindgen(js_name = abiOutput)]
pub fn abi_output() -> *const u8 {
    OUTPUT.with_borrow(|out| out.as_ptr())
}

/// True when the last output is Latin-1 (every character below U+0100), false when UTF-8.
#[wasm_bindgen(js_name = abiOutputLatin1)]
pub fn abi_output_latin1() -> bool {
    OUTPUT_LATIN1.get()
}

/// Frees the buffers that are above [`KEEP_BUFFER_BYTES`], once JavaScript has read the output.
#[wasm_bindgen(js_name = abiRelease)]
pub fn abi_release() {
    forget_input_fact();
    INPUT.with_borrow_mut(|buffer| {
        if buffer.capacity() > KEEP_BUFFER_BYTES {
            *buffer = Vec::new();
        }
    });
    OUTPUT.with_borrow_mut(|out| {
        if out.capacity() > KEEP_BUFFER_BYTES {
            *out = Vec::new();
        }
    });
}

fn too_long(len: usize, have: usize) -> Error {
    Error::invalid_input(format!("input length {len} exceeds the {have}-byte input buffer"))
}

/// Runs `f` on the first `len` bytes JavaScript wrote into the input buffer.
pub fn with_input<R>(len: usize, f: impl FnOnce(&[u8]) -> R) -> Result<R> {
    INPUT.with_borrow(|buffer| match buffer.get(..len) {
        Some(bytes) => Ok(f(bytes)),
        None => Err(too_long(len, buffer.len())),
    })
}

/// Runs `f` on the input as UTF-8 bytes: Latin-1 input is converted (borrowed when it is
/// ASCII, which both encodings write the same way).
pub fn with_input_utf8<R>(len: usize, latin1: bool, f: impl FnOnce(&[u8]) -> R) -> Result<R> {
    with_input(len, |bytes| {
        let utf8: Cow<'_, [u8]> = if latin1 { latin1_to_utf8(bytes) } else { Cow::Borrowed(bytes) };
        f(&utf8)
    })
}

/// [`with_input_utf8`] for code that takes `&str`: the bytes are checked to be UTF-8.
pub fn with_input_text<R>(len: usize, latin1: bool, f: impl FnOnce(&str) -> R) -> Result<R> {
    with_input_utf8(len, latin1, |bytes| match std::str::from_utf8(bytes) {
        Ok(text) => Ok(f(text)),
        Err(_) => Err(Error::invalid_input("text is not valid UTF-8")),
    })?
}

/// Takes the first `len` input bytes out of the buffer (for data kept for the process's life,
/// such as a rank table): no second copy, and the buffer starts empty again.
pub fn take_input(len: usize) -> Result<Vec<u8>> {
    forget_input_fact();
    INPUT.with_borrow_mut(|buffer| {
        if buffer.len() < len {
            return Err(too_long(len, buffer.len()));
        }
        let mut bytes = std::mem::take(buffer);
        bytes.truncate(len);
        Ok(bytes)
    })
}

/// Keeps `fact`, something a call learned of the input it read, for the next call over the same
/// input: a later call that JavaScript makes without writing the input again (the policy holds
/// it between its pass and its preview, `node/wasm/abi.cjs`) takes it with
/// [`take_input_fact`]. Any write or release of the input drops it, so a fact never outlives the
/// text it is about. The fact should say how it read the input (length, encoding) for the
/// taker to check.
pub fn keep_input_fact<T: Any>(fact: T) {
    INPUT_FACT.set(Some(Box::new(fact)));
}

/// The fact [`keep_input_fact`] kept, when it is a `T` and the input has not been written or
/// released since; taken, so it serves one call and its memory is freed after.
pub fn take_input_fact<T: Any>() -> Option<T> {
    INPUT_FACT.take().and_then(|fact| fact.downcast::<T>().ok()).map(|fact| *fact)
}

fn forget_input_fact() {
    INPUT_FACT.set(None);
}

/// Runs `f` on the input bytes and the (cleared) output buffer together, for a rewrite of one
/// into the other; the output is in the input's encoding (`latin1`).
pub fn with_input_and_output<R>(len: usize, latin1: bool, f: impl FnOnce(&[u8], &mut Vec<u8>) -> R) -> Result<R> {
    OUTPUT_LATIN1.set(latin1);
    OUTPUT.with_borrow_mut(|out| {
        out.clear();
        with_input(len, |bytes| f(bytes, out))
    })
}

/// Makes `bytes` the output JavaScript reads next (Latin-1 when `latin1`, else UTF-8) and
/// returns its length.
pub fn set_output(bytes: Vec<u8>, latin1: bool) -> usize {
    let len = bytes.len();
    OUTPUT_LATIN1.set(latin1);
    OUTPUT.with_borrow_mut(|out| *out = bytes);
    len
}
