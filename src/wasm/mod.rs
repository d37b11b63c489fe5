//! The one binding layer: every `#[wasm_bindgen]` item lives here, and each is a thin shim
//! that converts JavaScript values at the edge and calls the plain-Rust core.
//!
//! These exports are the package's internal ABI. Its one JavaScript reader is `node/wasm/`, a
//! binding per file here (same base name) with typed functions and named results; the public
//! API (`node/index.cjs`) calls those after doing what only V8 can do fast (`JSON.stringify`,
//! walking objects). The positions of the numbers an export answers in one array are named in
//! [`layout`], which the build writes out for `node/wasm/`.
//!
//! Nothing here may throw a JavaScript exception through WebAssembly frames or panic: every
//! call into JavaScript that can throw is imported with `catch`, so an exotic value (a Proxy
//! whose traps throw, a getter that throws) becomes a marker instead of leaving the module in
//! a half-unwound state.
//!
//! Which bindings a module exports is its build's features (Cargo.toml): `bindings` the full
//! module's, `cli` those only Node reaches, `query` read_result's search, `formatter` and
//! `tokens` the small modules'; the transport ([`abi`]) is in every module.

pub mod abi;
#[cfg(feature = "cli")]
mod constants;
#[cfg(feature = "bindings")]
mod elision;
#[cfg(feature = "formatter")]
mod formatter;
#[cfg(feature = "bindings")]
mod held;
#[cfg(feature = "bindings")]
// Without `cli`, the layouts of the Node-only bindings and the table's writer (which `constants`
// exports for the build) have no reader in the module.
#[cfg_attr(not(feature = "cli"), allow(dead_code))]
mod layout;
#[cfg(feature = "bindings")]
mod menu;
#[cfg(feature = "bindings")]
mod preview;
#[cfg(feature = "bindings")]
mod profile;
#[cfg(feature = "query")]
mod query;
#[cfg(feature = "cli")]
mod report;
#[cfg(feature = "cli")]
mod sample;
#[cfg(feature = "bindings")]
mod streams;
#[cfg(feature = "bindings")]
mod summarizers;
#[cfg(feature = "tokens")]
mod tokens;
#[cfg(feature = "bindings")]
mod toon;

use wasm_bindgen::prelude::*;

/// A JavaScript `Error` with a `code` property, for errors a caller branches on.
/// Exported errors always go through here so every one has the same shape.
impl From<crate::error::Error> for JsValue {
    /// The one place a core error becomes a JS `Error`: its message, and `.code`.
    fn from(e: crate::error::Error) -> JsValue {
        js_error(e.code.as_str(), &e.message)
    }
}

pub(crate) fn js_error(code: &str, message: &str) -> JsValue {
    let error = js_sys::Error::new(message);
    let _ = js_sys::Reflect::set(&error, &JsValue::from_str("code"), &JsValue::from_str(code));
    error.into()
}
