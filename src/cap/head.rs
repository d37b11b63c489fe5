//! A text's head cut so that the head *and* its marker fit both caps: the text a policy sends
//! in place of a text result over its cap, or of a fault's message. [`super::plan_text_cut`]
//! keeps `max_chars` units and appends the marker after them, as the editor's reference does,
//! so its output is over the cap by the marker's length; here the marker's room is taken first.
//!
//! Lengths are UTF-16 units; tokens are counted on the joined text (head plus marker), because a
//! token can form across the seam, so the result is checked, not estimated.

use super::{cut_marker, TextCut};
use crate::error::Result;
use crate::json::string::{byte_index, utf16_len};
use crate::tokens::{self, Encoding};

/// A token cap and the encoding it is counted in.
#[derive(Clone, Copy, Debug)]
pub struct TokenCap {
    /// Tokens the head and its marker may take together.
    pub max: usize,
    /// The encoding they are counted in.
    pub encoding: Encoding,
}

/// How to cut a text of `len` UTF-16 units so that `head + marker` is at most `max_chars` units,
/// with `max_bytes` at most that many UTF-8 bytes and, with `tokens`, at most that many tokens. `head` is the text's beginning: at least its
/// first `min(len, max_chars)` units (a caller with a large text passes only those; lone
/// surrogates may arrive as U+FFFD, which is one unit too).
///
/// `None` when the text fits both caps as it is. Else the longest kept prefix in units (never
/// inside a surrogate pair) whose head and marker fit the chars; with tokens, a prefix whose
/// joined text is counted and fits, and with one more char would not. When not
/// even the marker fits (caps below ~30 chars or ~12 tokens), nothing does: `keep` 0 and an
/// empty marker, an empty text that is within the caps and claims nothing.
pub fn plan_head_cut(
    head: &str,
    len: usize,
    max_chars: usize,
    max_bytes: Option<usize>,
    tokens: Option<TokenCap>,
) -> Result<Option<TextCut>> {
    let within_bytes = max_bytes.map_or(true, |cap| head.len() <= cap);
    if len <= max_chars && within_bytes && fits_tokens(head, tokens)? {
        return Ok(None);
    }
    let Some(by_chars) = keep_within_chars(head, len, max_chars) else {
        return Ok(Some(nothing_fits()));
    };
    let by_chars = match max_bytes {
        None => by_chars,
        Some(cap) => match keep_within_bytes(head, len, by_chars, cap) {
            Some(keep) => keep,
            None => return Ok(Some(nothing_fits())),
        },
    };
    let Some(cap) = tokens else {
        return Ok(Some(cut_at(len, by_chars)));
    };
    let head = &head[..byte_index(head, by_chars)];
    let marker_tokens = tokens::count_up_to(cap.encoding, &marker_for(len, by_chars), cap.max)?;
    let mut limit = cap.max.saturating_sub(marker_tokens);
    let fits = |end: usize| -> Result<Option<TextCut>> {
        let cut = cut_at(len, utf16_len(&head[..end]));
        let joined = format!("{}{}", &head[..end], cut.marker);
        Ok((tokens::count_up_to(cap.encoding, &joined, cap.max)? <= cap.max).then_some(cut))
    };
    // The head's own tokens plus the marker's is a first guess: shortened until the joined text
    // fits, then grown while the next char still fits (a token can form across the seam).
    let (mut end, mut cut) = loop {
        let end = tokens::prefix_within(cap.encoding, head, limit)?;
        if let Some(cut) = fits(end)? {
            break (end, cut);
        }
        if limit == 0 {
            return Ok(Some(nothing_fits()));
        }
        limit -= 1;
    };
    while let Some(c) = head[end..].chars().next() {
        match fits(end + c.len_utf8())? {
            Some(longer) => (end, cut) = (end + c.len_utf8(), longer),
            None => break,
        }
    }
    Ok(Some(cut))
}

fn fits_tokens(text: &str, tokens: Option<TokenCap>) -> Result<bool> {
    Ok(match tokens {
        None => true,
        // Every token is at least one byte.
        Some(cap) => text.len() <= cap.max || tokens::count_up_to(cap.encoding, text, cap.max)? <= cap.max,
    })
}

fn nothing_fits() -> TextCut {
    TextCut { keep: 0, marker: String::new() }
}

fn marker_for(len: usize, keep: usize) -> String {
    cut_marker((len - keep) as f64, len as f64)
}

fn cut_at(len: usize, keep: usize) -> TextCut {
    TextCut { keep, marker: marker_for(len, keep) }
}

/// The longest `keep < len` with `keep + marker(len - keep) <= max_chars`, moved back to a char
/// boundary of `head`; `None` when not even the marker alone fits. The marker only shrinks as
/// `keep` grows (fewer elided digits), so the sum never decreases and the first guess is at most
/// a digit or two short.
fn keep_within_chars(head: &str, len: usize, max_chars: usize) -> Option<usize> {
    let total = |keep: usize| keep + utf16_len(&marker_for(len, keep));
    if total(0) > max_chars {
        return None;
    }
    let mut keep = max_chars.saturating_sub(utf16_len(&marker_for(len, 0))).min(len.saturating_sub(1));
    while keep + 1 < len && total(keep + 1) <= max_chars {
        keep += 1;
    }
    Some(utf16_len(&head[..byte_index(head, keep)]))
}

/// The longest `keep <= units` (a char boundary of `head`) whose head and marker are at most
/// `max_bytes` UTF-8 bytes together; `None` when not even the marker alone fits. The marker is
/// longest with nothing kept, so the first guess leaves room for it and the head then grows
/// while the next char still fits.
fn keep_within_bytes(head: &str, len: usize, units: usize, max_bytes: usize) -> Option<usize> {
    let total = |end: usize| end + marker_for(len, utf16_len(&head[..end])).len();
    let limit = byte_index(head, units);
    if total(0) > max_bytes {
        return None;
    }
    let mut end = max_bytes.saturating_sub(marker_for(len, 0).len()).min(limit);
    while !head.is_char_boundary(end) {
        end -= 1;
    }
    while let Some(c) = head[end..limit].chars().next() {
        if total(end + c.len_utf8()) > max_bytes {
            break;
        }
        end += c.len_utf8();
    }
    Some(utf16_len(&head[..end]))
}

/// `text` itself when it is within the caps (as [`plan_head_cut`] reads them), else its head with
/// the marker after it, together within them.
pub fn head_within(text: &str, max_chars: usize, max_bytes: Option<usize>, tokens: Option<TokenCap>) -> Result<String> {
    Ok(match plan_head_cut(text, utf16_len(text), max_chars, max_bytes, tokens)? {
        None => text.to_owned(),
        Some(cut) => format!("{}{}", &text[..byte_index(text, cut.keep)], cut.marker),
    })
}

#[cfg(test)]
mod tests;
