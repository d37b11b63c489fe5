//! The preview of a result too big to send: what an agent can act on and narrow from, within a
//! budget well below the cap — in the result's own shape, with the items that matter shown.
//!
//! - [`scan`] — spans over JSON text (no tree is built; a shown item is copied as written).
//! - [`errors`] — error-like items and lines.
//! - [`outliers`] — numeric outliers per field by median and MAD.
//! - [`matches`] — items whose strings contain the call's string arguments.
//! - [`rank`] — the order items are offered in, and a collection's field list.
//! - [`render`] — the preview in the value's own shape, within a byte budget.
//! - [`text`] — head, tail and the lines that matter of a text.
//! - [`shape`] — what a text is (a diff, a table, parts, indented text, plain text), and its
//!   preview in that form: [`diff`], [`table`], [`parts`], [`outline`], each written with
//!   [`out`] (lines within a byte budget).
//! - [`hint`] — the narrowing parameters of the tool's own `inputSchema`.
//! - [`answer`] — the preview as the JSON object JavaScript receives.
//!
//! Deterministic (no model, no randomness: the same input gives the same preview), linear in the
//! input (bounded work per item; tokens are counted only of what is shown), and never over the
//! budget once the budget holds the smallest preview (about 60 chars and 25 tokens).

pub mod answer;
pub mod diff;
pub mod errors;
pub mod hint;
pub mod matches;
pub mod out;
pub mod outliers;
pub mod outline;
pub mod parts;
pub mod rank;
pub mod render;
pub mod scan;
pub mod shape;
pub mod table;
pub mod text;

use serde_json::Value;

use crate::error::Result;
use crate::json::items::ItemsRead;
use crate::json::string::utf16_len;
use crate::tokens::{self, Encoding};
use hint::Role;
use matches::Needles;
use render::Render;
use scan::Span;

/// The preview's default token budget: 2,000 tokens, an answer an agent can afford forty times
/// in a session, whatever the cap.
pub const DEFAULT_MAX_TOKENS: usize = 2000;
/// The preview's default char budget (UTF-16 units): 8,000, about 2,000 tokens of JSON.
pub const DEFAULT_MAX_CHARS: usize = 8000;
/// Renders tried with a smaller byte budget before the smallest preview is used.
const ATTEMPTS: usize = 8;

/// How big a preview may be.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Tokens of the preview text, at most ([`DEFAULT_MAX_TOKENS`] by default).
    pub max_tokens: usize,
    /// UTF-16 units of the preview text, at most ([`DEFAULT_MAX_CHARS`] by default).
    pub max_chars: usize,
    /// The encoding tokens are counted in (cl100k_base by default, as everywhere in the crate).
    pub encoding: Encoding,
}

impl Default for Budget {
    fn default() -> Self {
        Budget { max_tokens: DEFAULT_MAX_TOKENS, max_chars: DEFAULT_MAX_CHARS, encoding: Encoding::Cl100kBase }
    }
}

/// What is previewed.
#[derive(Clone, Copy, Debug)]
pub enum Input<'a> {
    /// JSON text (V8's `JSON.stringify` of the kept value), checked to be JSON before it is
    /// read as JSON: anything else is previewed as text.
    Json(&'a [u8]),
    /// JSON text its caller printed itself (V8's `JSON.stringify`, or the crate's own writer), so
    /// known to be JSON: it is not checked again (the check is a parse, about a fifth of a
    /// large preview's time). Previewed exactly as [`Input::Json`] previews the same text, since
    /// [`scan::is_json`] accepts all of it. Never for text from anywhere else: on text that is
    /// not JSON the preview is safe (the scanner is bounds-checked) but not meaningful.
    Printed(&'a [u8]),
    /// A text result. One that holds a JSON document is previewed as that document.
    Text(&'a str),
}

/// A preview and the hint that goes with it.
#[derive(Clone, Debug, PartialEq)]
pub struct Preview {
    /// The preview: JSON text when `json`, else text.
    pub text: String,
    /// Whether `text` is JSON.
    pub json: bool,
    /// Its length in UTF-16 units.
    pub chars: usize,
    /// Its tokens in the budget's encoding.
    pub tokens: usize,
    /// The tool's narrowing parameters, in its schema's order.
    pub parameters: Vec<(String, Role)>,
    /// The hint sentence naming them (or saying there are none).
    pub hint: String,
}

/// The preview of `input` for a call with `arguments` to a tool with `schema` (either may be
/// `null`), within `budget`. Errors only when the budget's encoding table is not loaded.
pub fn preview(input: Input<'_>, arguments: &Value, schema: &Value, budget: &Budget) -> Result<Preview> {
    preview_knowing(input, Known::default(), arguments, schema, budget)
}

/// What the elision pass over the same JSON text found, which a preview of it need not read
/// again. A span is used only where a member's value starts, and only when its bytes open and
/// close a container; the read only for the collection at its span. That is all that is
/// checked, so both must be the pass's over this same text (on others the preview is safe,
/// every index being bounds-checked, but not meaningful).
#[derive(Clone, Copy, Debug, Default)]
pub struct Known<'a> {
    /// The values the pass descended into ([`crate::elision::Pass::spans`]): not read to find
    /// their ends.
    pub spans: &'a [(usize, usize)],
    /// The collection as the pass read it ([`crate::elision::Pass::read`]): its items are
    /// ranked by the entries read there, not walked again.
    pub read: Option<&'a ItemsRead>,
}

/// [`preview`] of JSON text of which `known` is known (see [`Known`]); the preview is
/// [`preview`]'s.
pub fn preview_knowing(
    input: Input<'_>,
    known: Known<'_>,
    arguments: &Value,
    schema: &Value,
    budget: &Budget,
) -> Result<Preview> {
    let needles = Needles::from_arguments(arguments);
    let parameters = hint::parameters(schema);
    let hint = hint::hint_text(&parameters, true);
    let ((text, tokens), json) = match input {
        Input::Json(bytes) if scan::is_json(bytes) => (fit_json(bytes, known, &needles, budget)?, true),
        Input::Printed(bytes) => (fit_json(bytes, known, &needles, budget)?, true),
        Input::Json(bytes) => (fit_text(&String::from_utf8_lossy(bytes), &needles, budget)?, false),
        Input::Text(s) => {
            let trimmed = s.trim_start();
            let compact =
                if trimmed.starts_with('{') || trimmed.starts_with('[') { scan::compact(s) } else { String::new() };
            if !compact.is_empty() && scan::is_json(compact.as_bytes()) {
                (fit_json(compact.as_bytes(), Known::default(), &needles, budget)?, true)
            } else {
                (fit_text(s, &needles, budget)?, false)
            }
        }
    };
    Ok(Preview { chars: utf16_len(&text), tokens, text, json, parameters, hint })
}

fn fits(text: &str, budget: &Budget) -> Result<Option<usize>> {
    if utf16_len(text) > budget.max_chars {
        return Ok(None);
    }
    let count = tokens::count_up_to(budget.encoding, text, budget.max_tokens)?;
    Ok((count <= budget.max_tokens).then_some(count))
}

/// Bytes of the input sampled to estimate its bytes per token.
const SAMPLE_BYTES: usize = 4096;

/// The byte budget to render with first: the char budget, or less when the input's bytes per
/// token (from a sample) say that many bytes would be over the token budget — so a number-dense
/// payload is rendered once at the right size instead of shrunk over several renders.
fn first_byte_budget(sample: &str, budget: &Budget) -> Result<usize> {
    let mut end = sample.len().min(SAMPLE_BYTES);
    while !sample.is_char_boundary(end) {
        end -= 1;
    }
    let sample = &sample[..end];
    let count = tokens::count(budget.encoding, sample)?;
    if count == 0 {
        return Ok(budget.max_chars);
    }
    // The preview's own wrappers tokenize denser than most data: aim a tenth under.
    let by_tokens = (budget.max_tokens as f64 * sample.len() as f64 / count as f64 * 0.9) as usize;
    Ok(budget.max_chars.min(by_tokens.max(1)))
}

/// Renders with a byte budget that shrinks until the preview is within both limits; returns it
/// with its token count, or `None` when no render within [`ATTEMPTS`] fits (the caller then
/// makes its smallest preview, which costs a pass of its own and is seldom needed).
fn shrink_until_fits(
    budget: &Budget,
    first: usize,
    mut render: impl FnMut(usize) -> String,
) -> Result<Option<(String, usize)>> {
    let mut bytes = first;
    for _ in 0..ATTEMPTS {
        let out = render(bytes);
        let chars = utf16_len(&out);
        let count = tokens::count_up_to(budget.encoding, &out, budget.max_tokens.saturating_mul(4))?;
        if chars <= budget.max_chars && count <= budget.max_tokens {
            return Ok(Some((out, count)));
        }
        let ratio = (budget.max_chars as f64 / chars as f64).min(budget.max_tokens as f64 / count.max(1) as f64);
        let next = (out.len().min(bytes) as f64 * ratio * 0.95) as usize;
        bytes = next.min(bytes * 9 / 10);
        if bytes == 0 {
            break;
        }
    }
    Ok(None)
}

/// What a render found, or the `smallest` preview with its token count.
fn or_smallest(
    found: Option<(String, usize)>,
    budget: &Budget,
    smallest: impl FnOnce() -> String,
) -> Result<(String, usize)> {
    if let Some(found) = found {
        return Ok(found);
    }
    let smallest = smallest();
    let count = tokens::count(budget.encoding, &smallest)?;
    Ok((smallest, count))
}

/// Whether `(start, end)` spans a whole container of `text`: its bytes open and close one.
fn is_container(text: &[u8], (start, end): (usize, usize)) -> bool {
    let close = end.checked_sub(1).filter(|&close| close > start).and_then(|close| text.get(close));
    matches!((text.get(start), close), (Some(b'{'), Some(b'}')) | (Some(b'['), Some(b']')))
}

fn fit_json(bytes: &[u8], known: Known<'_>, needles: &Needles, budget: &Budget) -> Result<(String, usize)> {
    let root = scan::root(bytes);
    let spans: Vec<Span> =
        known.spans.iter().filter(|&&k| is_container(bytes, k)).map(|&(start, end)| Span { start, end }).collect();
    let mut r = Render::new(bytes, needles).knowing(&spans, known.read);
    let first = first_byte_budget(&String::from_utf8_lossy(&bytes[..bytes.len().min(SAMPLE_BYTES)]), budget)?;
    let found = shrink_until_fits(budget, first, |b| r.value(root, b, 0))?;
    or_smallest(found, budget, || r.minimal(root))
}

fn fit_text(s: &str, needles: &Needles, budget: &Budget) -> Result<(String, usize)> {
    if let Some(count) = fits(s, budget)? {
        return Ok((s.to_owned(), count));
    }
    // The text is read once, in its form; each render plans from that reading.
    let shaped = shape::Shaped::read(s, needles);
    let found = shrink_until_fits(budget, first_byte_budget(s, budget)?, |b| shaped.render(b))?;
    or_smallest(found, budget, || format!("…[{} lines, {} chars not shown]", text::line_count(s), utf16_len(s)))
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
