//! TOON (Token-Oriented Object Notation) encoding, conforming to TOON spec v4 and byte-identical
//! to the reference encoder `@toon-format/toon` 4.4.0 on JSON data.
//!
//! TOON writes a uniform array of objects as one header row plus one delimited row per item,
//! so repeated keys are paid once — the reason it is cheaper than JSON on flat tables.
//!
//! The encoder walks a [`node::Node`] tree. [`to_toon`] takes a [`serde_json::Value`] (keys in
//! document order, which is why the crate enables `preserve_order`); [`to_toon_json`] takes any
//! JSON text; [`to_toon_v8_json`] is what the binding uses: text from V8's `JSON.stringify` in,
//! TOON text out, written item by item ([`stream`]) so that a large document's tree is never
//! built whole.
//!
//! - [`primitive`] — quoting and escaping of strings and keys, number and literal printing.
//! - [`tabular`] — which arrays and objects collapse into a table, and their field lists.
//! - [`encode`] — the line writer that walks the value.
//! - [`node`] — the borrowed tree the encoder walks.
//! - [`stream`] — the same lines written item by item, for documents too large for a tree.
//! - [`parse`] — JSON text to [`node::Node`], borrowing strings (faster than serde here:
//!   docs/performance.md, 'Figures behind the design').
//! - [`order`] — JavaScript's own-key order (array-index keys first), so text parsed here
//!   encodes exactly like the object `JSON.parse` would have built.

pub mod encode;
pub mod node;
pub mod order;
pub mod parse;
pub mod primitive;
pub mod stream;
pub mod tabular;

use serde_json::Value;

use crate::error::{Error, Result};

/// The character that separates array values and table cells.
///
/// Default [`Delimiter::Comma`], as in the spec and the reference encoder; tab and pipe exist
/// because a column of prose full of commas would otherwise need quoting on every cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Delimiter {
    /// `,` — the default; the only delimiter not written into array headers.
    #[default]
    Comma,
    /// `\t` — written as `[N\t]` in headers.
    Tab,
    /// `|` — written as `[N|]` in headers.
    Pipe,
}

impl Delimiter {
    /// The delimiter for its one-character spelling (`","`, `"\t"`, `"|"`), else `None`.
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "," => Some(Self::Comma),
            "\t" => Some(Self::Tab),
            "|" => Some(Self::Pipe),
            _ => None,
        }
    }

    /// The delimiter character.
    pub fn as_char(self) -> char {
        match self {
            Self::Comma => ',',
            Self::Tab => '\t',
            Self::Pipe => '|',
        }
    }
}

/// Largest accepted `indentSize`. Deeper indents carry no information and cost tokens; the bound
/// also keeps a hostile option from multiplying the output size.
pub const MAX_INDENT_SIZE: usize = 16;

/// Encoder options. Default: comma delimiter, two-space indent (the spec's and the reference
/// encoder's defaults, so output matches `encode(value)` with no options).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToonOptions {
    /// Separator of array values and table cells. Default [`Delimiter::Comma`].
    pub delimiter: Delimiter,
    /// Spaces per nesting level. Default 2.
    pub indent_size: usize,
}

impl Default for ToonOptions {
    fn default() -> Self {
        Self { delimiter: Delimiter::Comma, indent_size: 2 }
    }
}

impl ToonOptions {
    /// Options from their JavaScript spellings: `delimiter` one of `","`, `"\t"`, `"|"`, and
    /// `indent_size` an integer from 1 to [`MAX_INDENT_SIZE`]. Errors: `INVALID_OPTION` saying
    /// which is wrong.
    pub fn from_parts(delimiter: &str, indent_size: f64) -> Result<Self> {
        let delimiter = Delimiter::parse(delimiter).ok_or_else(|| {
            Error::invalid_option(format!(
                "delimiter must be ',', '\\t' or '|', got {}",
                crate::json::string::json_string(delimiter)
            ))
        })?;
        if !(indent_size.fract() == 0.0 && (1.0..=MAX_INDENT_SIZE as f64).contains(&indent_size)) {
            return Err(Error::invalid_option(format!(
                "indentSize must be an integer from 1 to {MAX_INDENT_SIZE}, got {}",
                crate::json::number::js_number_string(indent_size)
            )));
        }
        Ok(Self { delimiter, indent_size: indent_size as usize })
    }
}

/// [`to_toon_json`] for text written by V8's `JSON.stringify` (the binding's input): number
/// tokens are copied verbatim, since V8 already wrote them as `String(x)` (see
/// [`parse::parse_v8`]). Written item by item ([`write_toon_v8_json`]), so a large document
/// costs its output, not its tree.
pub fn to_toon_v8_json(json: &[u8], options: &ToonOptions) -> Result<String> {
    // Pre-sized to the input: TOON is rarely longer than its JSON, and pages never written
    // cost no memory.
    let mut out = String::with_capacity(json.len());
    // A table's rows are kept from the pass that finds its form: the text is held whole anyway.
    let above = stream::STREAM_ABOVE_BYTES;
    stream::encode_streaming(json, true, options, above, true, &mut |piece| out.push_str(piece))
        .map_err(invalid_json)?;
    Ok(out)
}

/// The TOON text of `json` (written by V8's `JSON.stringify`) handed to `sink` in pieces (see
/// [`stream`]): the encoder holds one item of a large array or object at a time, not the
/// document's tree, and a caller that only measures the text never holds it whole.
/// [`to_toon_v8_json`] is the same text joined (keeping a table's rows from the pass that finds
/// its form, which saves a second parse where the output is held whole anyway).
pub fn write_toon_v8_json(json: &[u8], options: &ToonOptions, sink: &mut dyn FnMut(&str)) -> Result<()> {
    stream::encode_streaming(json, true, options, stream::STREAM_ABOVE_BYTES, false, sink).map_err(invalid_json)
}

/// `INVALID_INPUT` for text that is not JSON or nests deeper than [`parse::MAX_DEPTH`] levels.
fn invalid_json(e: parse::ParseError) -> Error {
    Error::invalid_input(format!("invalid JSON input: {e}"))
}

/// Encodes a JSON value as TOON text (lines joined by `\n`, no trailing newline), as the
/// reference encoder encodes the JavaScript object the value stands for: keys in JavaScript's
/// own-key order (array-index keys first).
/// Recurses once per nesting level: values parsed by serde_json are at most 128 levels deep.
pub fn to_toon(value: &Value, options: &ToonOptions) -> String {
    encode::encode(&node::Node::from_value(value), options, 0)
}

/// Parses JSON text (as `JSON.stringify` writes it) and encodes it as TOON, with the object
/// semantics of `JSON.parse` (key order, last of repeated keys). [`parse::parse`] builds a
/// [`node::Node`] tree that borrows unescaped strings from `json`.
pub fn to_toon_json(json: &[u8], options: &ToonOptions) -> Result<String> {
    let value = parse::parse(json).map_err(invalid_json)?;
    Ok(encode::encode(&value, options, json.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_from_parts() {
        assert_eq!(ToonOptions::from_parts("|", 4.0), Ok(ToonOptions { delimiter: Delimiter::Pipe, indent_size: 4 }));
        assert_eq!(
            ToonOptions::from_parts(";", 2.0),
            Err(Error::invalid_option("delimiter must be ',', '\\t' or '|', got \";\""))
        );
        for bad in [0.0, 17.0, 2.5, -1.0, f64::NAN, f64::INFINITY] {
            let err = ToonOptions::from_parts(",", bad).expect_err("invalid indent");
            assert_eq!(err.code, crate::error::ErrorCode::InvalidOption);
            assert!(err.message.starts_with("indentSize must be an integer from 1 to 16, got "), "{err}");
        }
    }

    #[test]
    fn json_text_in_toon_out() {
        let toon = to_toon_json(
            br#"{"users":[{"id":1,"name":"Ada"},{"id":2,"name":"Bob"}],"n":1e+21}"#,
            &ToonOptions::default(),
        );
        assert_eq!(toon, Ok("users[2]{id,name}:\n  1,Ada\n  2,Bob\nn: 1e+21".to_owned()));
        assert_eq!(to_toon_json(br#"["\ud800"]"#, &ToonOptions::default()), Ok("[1]: \u{fffd}".to_owned()));
        let err = to_toon_json(b"{", &ToonOptions::default()).expect_err("not JSON");
        assert_eq!(err, Error::invalid_input("invalid JSON input: expected a string key at byte 1"));
    }
}
