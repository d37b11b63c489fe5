//! # modoki-budget
//!
//! Keeps every tool response an AI agent reads small, valid and informative.
//!
//! The core is plain Rust and knows nothing about JavaScript; [`wasm`] is the one binding layer
//! that converts at the edge, and is only compiled for `wasm32`.
//!
//! - [`error`] — the one error model: an [`error::ErrorCode`] and a message.
//! - [`json`] — JSON text exactly as V8 writes it (numbers, strings), its lexer (where a string,
//!   a number or whitespace ends), a number-rewriting scanner, the span scanner, and the
//!   one-byte (Latin-1) form JSON text crosses the JS boundary in.
//! - [`round`] — `Number(x.toPrecision(sig))` with JavaScript's tie rule.
//! - [`cap`] — the character cap, its elision envelope and hint, surrogate-safe text cutting, and
//!   the envelope's `{ key: <count or type> }` preview (`summarize`).
//! - [`summarizers`] — summary-first summarizers for the editor's heavy tools, and the 12-hex GUID
//!   display prefixes they use.
//! - [`elision`] — the budget policy's one pass over a result's text: fits, tokens, envelope
//!   and every page, with the text tokenized once.
//! - [`tokens`] — exact BPE token counts (cl100k_base, o200k_base) and per-field attribution.
//! - [`toon`] — TOON encoding (spec v4), byte-identical to `@toon-format/toon` 4.4.0.
//! - [`profile`] — static budget analysis of tool schemas (inflation risk, token bounds).
//! - [`report`] — the CLI report's rounding and TOON measures, taken without copying the input.
//! - [`menu`] — what an MCP tool menu costs, description lint, grouping by namespace.
//! - [`preview`] — past the cap, a preview in the result's own shape with the items that matter.
//! - [`query`] — inside a kept result, page by page: the lines or items that match, a path, a
//!   range of lines (the `read_result` tool).

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod cap;
#[cfg(all(test, feature = "full"))]
mod declarations;
#[cfg(feature = "full")]
pub mod elision;
pub mod error;
pub mod json;
#[cfg(feature = "full")]
pub mod menu;
#[cfg(feature = "full")]
pub mod preview;
#[cfg(feature = "full")]
pub mod profile;
#[cfg(feature = "query")]
pub mod query;
#[cfg(feature = "full")]
pub mod report;
pub mod round;
#[cfg(feature = "full")]
pub mod summarizers;
#[cfg(test)]
mod testing;
#[cfg(feature = "tokens")]
pub mod tokens;
#[cfg(feature = "full")]
pub mod toon;

#[cfg(target_arch = "wasm32")]
pub mod wasm;
