//! One pass over a result's text that answers everything the budget policy asks of it: its
//! size in chars and tokens, whether it fits both caps, and — when it does not — the envelope
//! `encode` would write for it and every page of it, rendered and checked against both caps.
//!
//! The text is tokenized once: the count records its pieces ([`page_tokens`]), and each page, being a
//! span of the text, is counted from that record. Without a token cap nothing is tokenized. A
//! string that holds a JSON document ([`document`]) is paged as that document, whose compact
//! text is counted once more.
//!
//! Pages are not made when their UTF-8 bytes together would be over `keep`, the store's
//! per-result limit: a store refuses them, and making them holds the result again several times.

pub mod document;
pub mod map;
pub mod page_tokens;
pub mod pages;
pub mod spans;
#[cfg(test)]
mod tests;

use crate::cap::{elision_envelope, elision_envelope_in_bytes, CapUnit};
use crate::error::Result;
use crate::json::items::ItemsRead;
use crate::json::string::json_string;
use crate::tokens;

use document::held_document;
use map::PageMap;
use page_tokens::PageTokens;
pub use pages::{Cut, CutPages, Limits, Paginator};
use spans::{utf16_units, Child};

/// What one pass knows of a text.
#[derive(Debug, Default, PartialEq)]
pub struct Pass {
    /// Whether the text is within both caps.
    pub fits: bool,
    /// Its length in UTF-16 units.
    pub chars: usize,
    /// Its exact token count, when the pass counted it (a token cap, and a text the byte bound
    /// could not settle).
    pub tokens: Option<usize>,
    /// `encode`'s answer for the value, under the same caps: the envelope when it is over, the
    /// text itself when it fits. Empty for a text pass, and when the text fits unasked.
    pub envelope: String,
    /// The pages, when they were asked for (or the text is over); `None` inside when the cap is
    /// too small to hold one page.
    pub pages: Option<Option<Vec<String>>>,
    /// For each page, where its body was cut from the pass's own text ([`Cut`]), so a caller
    /// that holds that text rebuilds the page from its head, that span and its tail instead of
    /// copying it whole out of the core. Empty when the pages were not cut from that text (a
    /// held document's pages, JSON paged as text) or there are none.
    pub cuts: Vec<Option<Cut>>,
    /// The span of each value the pass descended into to reach the text's collection, the
    /// collection's last, in bytes of the text (see [`Paginator::spans`]): a preview of the same
    /// text skips each at once instead of reading it to find its end. Empty when the text was
    /// not paged as a structured value.
    pub spans: Vec<(usize, usize)>,
    /// The collection as the pass read it on the way, its members and each one's first entries:
    /// a preview of the same text ranks them by these instead of walking the collection again.
    /// `None` when the pass did not read them: a text over [`crate::json::span::COUNT_FIRST_ABOVE`]
    /// bytes, whose collection is listed alone, and a text the pass did not page as a value.
    pub read: Option<ItemsRead>,
    /// What each page holds ([`map`]), when there are pages.
    pub map: Option<PageMap>,
}

impl Pass {
    /// Each page's cut ([`Pass::cuts`]) with its span's bounds in UTF-16 units of `text`, the
    /// pass's own text (the units JavaScript slices by), when the span lies within the text and
    /// the page at char boundaries; `None` for a page that must leave whole. The page holds the
    /// span by construction (it was copied there), so the bytes are not compared again: that is
    /// a byte loop over the whole result in WebAssembly. The cuts are in text order, so the
    /// units are counted once along the text.
    pub fn spans_in_units(&self, text: &str) -> Vec<Option<(Cut, usize, usize)>> {
        let Some(Some(pages)) = &self.pages else { return Vec::new() };
        let ascii = text.is_ascii();
        let (mut byte, mut unit) = (0, 0);
        let mut units_to = |at: usize| {
            if ascii {
                return at;
            }
            if at < byte {
                (byte, unit) = (0, 0);
            }
            unit += utf16_units(&text.as_bytes()[byte..at]);
            byte = at;
            unit
        };
        let cuts = self.cuts.iter().copied().chain(std::iter::repeat(None));
        let mut spans = Vec::with_capacity(pages.len());
        for (page, cut) in pages.iter().zip(cuts) {
            let held = cut.filter(|c| {
                let (span, body) = (text.get(c.start..c.end), page.get(c.at..c.at + (c.end - c.start)));
                debug_assert!(span.is_none() || body.is_none() || span == body, "a cut that the page does not hold");
                span.is_some() && body.is_some()
            });
            spans.push(held.map(|c| (c, units_to(c.start), units_to(c.end))));
        }
        spans
    }
}

/// Pages with the map of what each holds.
type Mapped = (CutPages, PageMap);

/// The pages, where each was cut from the pass's text ([`Pass::cuts`]), and their map.
fn split(pages: Option<Mapped>) -> (Option<Vec<String>>, Vec<Option<Cut>>, Option<PageMap>) {
    match pages {
        None => (None, Vec::new(), None),
        Some((pages, map)) => {
            let (pages, cuts) = pages.into_iter().unzip();
            (Some(pages), cuts, Some(map))
        }
    }
}

/// Pages that were not cut from the pass's own text: each `None`, so none is rebuilt from it.
fn not_cut(pages: Option<Mapped>) -> Option<Mapped> {
    pages.map(|(pages, map)| (pages.into_iter().map(|(page, _)| (page, None)).collect(), map))
}

/// The pass over the compact JSON `text` of a kept value, `chars` UTF-16 units long (the caller
/// knows its `.length`; counting it again would cost a pass over the text). With `paged`, the
/// envelope and pages are made even when the text fits (a result whose other channel is over).
/// `keep` is the most UTF-8 bytes the pages may hold together (`None`: no limit).
pub fn json_pass(text: &str, chars: usize, limits: Limits, paged: bool, keep: Option<usize>) -> Result<Pass> {
    let over_size = chars > limits.max_chars || limits.max_bytes.is_some_and(|cap| text.len() > cap);
    let Some(cap) = limits.max_tokens else {
        if !over_size && !paged {
            return Ok(Pass { fits: true, chars, ..Pass::default() });
        }
        let Elided { envelope, pages, spans, read } = elide(text, chars, None, limits, keep)?;
        let (pages, cuts, map) = split(pages);
        return Ok(Pass {
            fits: !over_size,
            chars,
            tokens: None,
            envelope,
            pages: Some(pages),
            cuts,
            spans,
            read,
            map,
        });
    };
    if !over_size && !paged {
        // Every token is at least one byte; under the char cap, count only up to the token cap.
        if text.len() <= cap {
            return Ok(Pass { fits: true, chars, ..Pass::default() });
        }
        let counted = tokens::count_up_to(limits.encoding, text, cap)?;
        if counted <= cap {
            return Ok(Pass { fits: true, chars, tokens: Some(counted), ..Pass::default() });
        }
    }
    let tally = PageTokens::new(limits.encoding, text)?;
    let total = tally.total();
    let fits = !over_size && total <= cap;
    if fits && !paged {
        return Ok(Pass { fits, chars, tokens: Some(total), ..Pass::default() });
    }
    let Elided { envelope, pages, spans, read } = elide(text, chars, Some(&tally), limits, keep)?;
    let (pages, cuts, map) = split(pages);
    Ok(Pass { fits, chars, tokens: Some(total), envelope, pages: Some(pages), cuts, spans, read, map })
}

/// The pass over a text kept as text, given as its JSON string literal (`JSON.stringify(text)`,
/// so a lone surrogate crosses as its escape): its pages, within `keep` bytes together. Its head
/// is the caller's (`capText`). A text that holds a JSON document is paged as that document.
pub fn text_pass(quoted: &str, limits: Limits, keep: Option<usize>) -> Result<Pass> {
    let content = quoted.get(1..quoted.len().saturating_sub(1)).unwrap_or("");
    if let Some(pages) = document_pages(("$", "\"\""), content, limits, keep)? {
        let (pages, _, map) = split(pages);
        return Ok(Pass { pages: Some(pages), map, ..Pass::default() });
    }
    let (pages, cuts, map) = split(text_pages(quoted, limits, keep)?);
    Ok(Pass { pages: Some(pages), cuts, map, ..Pass::default() })
}

/// What [`elide`] makes of a text over the cap.
struct Elided {
    envelope: String,
    /// Each page with where it was cut from the text, when it was, and the pages' map.
    pages: Option<Mapped>,
    /// [`Pass::spans`].
    spans: Vec<(usize, usize)>,
    /// [`Pass::read`].
    read: Option<ItemsRead>,
}

/// The envelope and the pages of the compact JSON `text` (`tally` is its count, with a token
/// cap), each page with where it was cut from `text` when it was, [`Pass::spans`] and
/// [`Pass::read`].
fn elide(text: &str, chars: usize, tally: Option<&PageTokens>, limits: Limits, keep: Option<usize>) -> Result<Elided> {
    let mut structured = Paginator::structured(text, tally, limits);
    let spans = structured.as_ref().map_or_else(Vec::new, |p| p.spans().to_vec());
    let read = structured.as_mut().and_then(Paginator::take_read);
    let known = structured.as_ref().and_then(Paginator::collection);
    let top = structured.as_ref().and_then(Paginator::top_children);
    let envelope = envelope(text, chars, tally.map(PageTokens::total), limits, known, top);
    let elided = |pages| Elided { envelope, pages, spans, read };
    if let Some((path, rest, content)) = structured.as_ref().and_then(Paginator::string_collection) {
        if let Some(pages) = document_pages((path, rest), content, limits, keep)? {
            return Ok(elided(not_cut(pages)));
        }
    }
    if over(text.len(), keep) {
        return Ok(elided(None));
    }
    if let Some(pages) = structured.map(|p| p.mapped_pages()).transpose()?.flatten() {
        return Ok(elided(within(pages, keep)));
    }
    // No collection pages can hold: the JSON is paged as text, cut from its quoted form.
    let quoted = json_string(text);
    Ok(elided(not_cut(text_pages(&quoted, limits, keep)?)))
}

/// Text pages of the JSON string literal `quoted`, each with where it was cut from it.
fn text_pages(quoted: &str, limits: Limits, keep: Option<usize>) -> Result<Option<Mapped>> {
    if over(quoted.len().saturating_sub(2), keep) {
        return Ok(None);
    }
    let tally = match limits.max_tokens {
        Some(_) => Some(PageTokens::new(limits.encoding, quoted)?),
        None => None,
    };
    let pages = Paginator::text(quoted, tally.as_ref(), limits).mapped_pages()?;
    Ok(pages.and_then(|pages| within(pages, keep)))
}

/// Pages of the document held in a string whose escaped `content` sits at `path` of a value
/// whose rest is `rest`: `Some(pages)` when it holds one (`Some(None)` when they would be over
/// `keep`), `None` when it holds none, or none that pages can hold. They are cut from the
/// document's compact text, which only the core holds.
fn document_pages(
    (path, rest): (&str, &str),
    content: &str,
    limits: Limits,
    keep: Option<usize>,
) -> Result<Option<Option<Mapped>>> {
    let Some(doc) = held_document(content.as_bytes()) else { return Ok(None) };
    if over(rest.len() + doc.compact.len(), keep) {
        return Ok(Some(None));
    }
    let tally = match limits.max_tokens {
        Some(_) => Some(PageTokens::new(limits.encoding, &doc.compact)?),
        None => None,
    };
    let Some(paginator) =
        Paginator::document(&doc.compact, (&doc.indent, &doc.end), (path, rest), tally.as_ref(), limits)
    else {
        return Ok(None);
    };
    Ok(paginator.mapped_pages()?.map(|pages| within(pages, keep)))
}

/// Whether pages holding at least `bytes` would be over `keep`.
fn over(bytes: usize, keep: Option<usize>) -> bool {
    keep.is_some_and(|keep| bytes > keep)
}

/// The pages, unless together they are over `keep`.
fn within(pages: Mapped, keep: Option<usize>) -> Option<Mapped> {
    (!over(pages.0.iter().map(|(page, _)| page.len()).sum(), keep)).then_some(pages)
}

/// `encode(JSON.parse(text), { maxChars, maxTokens })`, with a byte cap besides: over several
/// caps, the envelope names the one the text overshoots by the largest factor (on a tie bytes,
/// then chars, then tokens); `tokens` is the
/// text's exact count. `known` is a container's start and child count, and `top` the value's
/// children, for the preview.
fn envelope(
    text: &str,
    chars: usize,
    tokens: Option<usize>,
    limits: Limits,
    known: Option<(usize, usize)>,
    top: Option<&[Child]>,
) -> String {
    let factor = |size: usize, cap: usize| size as f64 / cap as f64;
    let mut over: Option<(f64, f64, Option<f64>, f64, CapUnit)> = None;
    let mut consider = |size: usize, cap: usize, count: Option<f64>, unit: CapUnit| {
        if size > cap && over.map_or(true, |(f, ..)| factor(size, cap) > f) {
            over = Some((factor(size, cap), size as f64, count, cap as f64, unit));
        }
    };
    // Bytes first: a text is at least as many bytes as chars, so on a tie the byte cap binds.
    if let Some(cap) = limits.max_bytes {
        consider(text.len(), cap, None, CapUnit::Bytes);
    }
    consider(chars, limits.max_chars, None, CapUnit::Chars);
    if let (Some(count), Some(cap)) = (tokens, limits.max_tokens) {
        consider(count, cap, Some(count as f64), CapUnit::Tokens);
    }
    let Some((_, size, count, cap, unit)) = over else { return text.to_owned() };
    let summary = spans::summary(text, known, top);
    match limits.max_bytes {
        None => elision_envelope(chars as f64, count, cap, unit, &summary, &[]),
        Some(max_bytes) => {
            elision_envelope_in_bytes((chars as f64, count, size), cap, unit, &summary, max_bytes.min(limits.max_chars))
        }
    }
}
