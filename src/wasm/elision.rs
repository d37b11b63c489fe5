//! The budget policy's one pass (`crate::elision`): one call per result text.
//!
//! The text arrives in [`super::abi`]'s input buffer; the envelope and the pages leave as one
//! text in its output buffer, with their lengths in the returned numbers, so JavaScript decodes
//! once and slices. A page cut from the input text ([`Cut`]) leaves as its head and tail only,
//! with its span's bounds in the text JavaScript already holds: a large result's pages are
//! most of its size, and are then neither copied out nor decoded again.

use wasm_bindgen::prelude::*;

use super::abi;
use super::layout::{ElisionPage, ElisionPass};
use crate::elision::map::MAX_MAP_CHARS;
use crate::elision::spans::utf16_units;
use crate::elision::{json_pass, text_pass, Cut, Limits, Pass};
use crate::json::items::ItemsRead;
use crate::json::latin1::into_latin1;
use crate::tokens;

/// Runs the pass over the first `len` input bytes (Latin-1 when `latin1`, else UTF-8): the
/// compact JSON of a kept value, `chars` UTF-16 units long, or with `text` the JSON string
/// literal of a kept text. A negative `max_bytes` is no byte cap (UTF-8 bytes per page and for
/// the text), a negative `max_tokens` no token cap; `paged` asks for pages even
/// when the text fits; `keep` is the most UTF-8 bytes the pages may hold together (negative: no
/// limit), past which none are made.
///
/// Returns the numbers of [`ElisionPass`] (tokens -1: not counted; page count -1: the cap cannot
/// hold a page, 0: none made), then an [`ElisionPage`] record per page, then the number of
/// [`Pass::spans`] and each one's start and end (bytes of the input as UTF-8, for a preview of
/// the same text), then the units of the page map (0: none). The output holds the envelope,
/// then each page's head and tail, then the page map ([`Pass::map`], one line);
/// a page is its head, the input text's UTF-16 units `start..end` and its tail, or its head
/// alone when the span start is -1. The collection as the pass read it ([`Pass::read`]) stays
/// with the input for a `previewInput` of it that follows without writing it again.
#[wasm_bindgen(js_name = elisionPass)]
#[allow(clippy::too_many_arguments)]
pub fn elision_pass(
    len: usize,
    latin1: bool,
    text: bool,
    chars: f64,
    max_chars: f64,
    max_bytes: f64,
    max_tokens: f64,
    encoding: &str,
    paged: bool,
    keep: f64,
) -> Result<Vec<f64>, JsValue> {
    let keep = (keep >= 0.0).then_some(keep as usize);
    let limits = Limits {
        max_chars: max_chars as usize,
        max_bytes: (max_bytes >= 0.0).then(|| tokens::limit_from_f64(max_bytes)),
        max_tokens: (max_tokens >= 0.0).then(|| tokens::limit_from_f64(max_tokens)),
        encoding: tokens::encoding(encoding)?,
    };
    let (mut pass, spans) = abi::with_input_text(len, latin1, |t| {
        let pass = if text { text_pass(t, limits, keep) } else { json_pass(t, chars as usize, limits, paged, keep) }?;
        let spans = pass.spans_in_units(t);
        crate::error::Result::Ok((pass, spans))
    })??;
    if let Some(read) = pass.read.take() {
        abi::keep_input_fact(PassRead { len, latin1, read });
    }
    Ok(write(pass, &spans))
}

/// The pass's reading of its collection ([`Pass::read`]), kept for a preview of the same input
/// (`previewInput`), with how the input was read.
pub(super) struct PassRead {
    pub len: usize,
    pub latin1: bool,
    pub read: ItemsRead,
}

impl PassRead {
    /// The read kept by the last pass, when the input is still the one it read, as `len` bytes
    /// read as `latin1` or not.
    pub fn of_input(len: usize, latin1: bool) -> Option<ItemsRead> {
        abi::take_input_fact::<PassRead>().filter(|f| f.len == len && f.latin1 == latin1).map(|f| f.read)
    }
}

fn write(pass: Pass, spans: &[Option<(Cut, usize, usize)>]) -> Vec<f64> {
    let mut out = pass.envelope;
    let mut numbers = vec![0.0; ElisionPass::LEN];
    numbers[ElisionPass::Fits.at()] = f64::from(u8::from(pass.fits));
    numbers[ElisionPass::Chars.at()] = pass.chars as f64;
    numbers[ElisionPass::Tokens.at()] = pass.tokens.map_or(-1.0, |t| t as f64);
    numbers[ElisionPass::EnvelopeUnits.at()] = utf16_units(out.as_bytes()) as f64;
    numbers[ElisionPass::PagesBytes.at()] =
        pass.pages.iter().flatten().flatten().map(String::len).sum::<usize>() as f64;
    match pass.pages {
        None => numbers[ElisionPass::PageCount.at()] = 0.0,
        Some(None) => numbers[ElisionPass::PageCount.at()] = -1.0,
        Some(Some(pages)) => {
            numbers[ElisionPass::PageCount.at()] = pages.len() as f64;
            // Each page is dropped once copied: a large result is not held twice over.
            for (page, span) in pages.into_iter().zip(spans) {
                let units = |s: &str| utf16_units(s.as_bytes()) as f64;
                let mut record = [0.0; ElisionPage::LEN];
                match span {
                    Some((cut, start, end)) => {
                        let (head, tail) = (&page[..cut.at], &page[cut.at + (cut.end - cut.start)..]);
                        record[ElisionPage::HeadUnits.at()] = units(head);
                        record[ElisionPage::SpanStart.at()] = *start as f64;
                        record[ElisionPage::SpanEnd.at()] = *end as f64;
                        record[ElisionPage::TailUnits.at()] = units(tail);
                        out.push_str(head);
                        out.push_str(tail);
                    }
                    None => {
                        record[ElisionPage::HeadUnits.at()] = units(&page);
                        record[ElisionPage::SpanStart.at()] = -1.0;
                        record[ElisionPage::SpanEnd.at()] = -1.0;
                        out.push_str(&page);
                    }
                }
                numbers.extend(record);
            }
        }
    }
    numbers.push(pass.spans.len() as f64);
    numbers.extend(pass.spans.iter().flat_map(|&(start, end)| [start as f64, end as f64]));
    let map = pass.map.as_ref().and_then(|m| m.render(MAX_MAP_CHARS)).unwrap_or_default();
    numbers.push(utf16_units(map.as_bytes()) as f64);
    out.push_str(&map);
    // ASCII, what pages of ASCII text are, is Latin-1 as it is: one check instead of a rewrite.
    let (bytes, latin1) = if out.is_ascii() {
        (out.into_bytes(), true)
    } else {
        match into_latin1(out) {
            Ok(latin1) => (latin1, true),
            Err(text) => (text.into_bytes(), false),
        }
    };
    numbers[ElisionPass::OutputBytes.at()] = abi::set_output(bytes, latin1) as f64;
    numbers[ElisionPass::OutputLatin1.at()] = f64::from(u8::from(latin1));
    numbers
}
