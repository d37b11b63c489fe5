//! One page of a kept result, as the elision pass wrote it (docs/mcp.md, "Pages"): its number,
//! and either a piece of a text or a run of a collection's items with the path they are at.
//! Only the members are located; nothing is copied or decoded here.

use super::path::{parse, Step};
use crate::error::{Error, Result};
use crate::json::span::{kind, members, root, value_end, Kind, Span};
use crate::json::unescape::unescape_into;

/// What a page holds after its header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Body {
    /// `"text":"…"`: a piece of a text (the span is the string literal, quotes included).
    Text(Span),
    /// `"items":[…]`: a run of the collection's items (the span is the array).
    Items(Span),
}

/// A collection inside a JSON document held in a string (server-filesystem's `directory_tree`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocumentHead {
    /// The collection's path in the document.
    pub path: Vec<Step>,
    /// The document with the collection emptied (page 1 only).
    pub rest: Option<Span>,
}

/// A page read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    /// Its number, from 1.
    pub number: usize,
    /// How many pages the result has.
    pub pages: usize,
    /// The collection's path in the kept value (for a document: the string holding it).
    pub path: Option<Vec<Step>>,
    /// The kept value with the collection emptied (page 1 only).
    pub rest: Option<Span>,
    /// When the collection is in a document held in the string at `path`.
    pub document: Option<DocumentHead>,
    /// The page's content.
    pub body: Body,
}

/// The error for a page the pass did not write (a store that answers something else).
pub fn not_a_page(number: usize) -> Error {
    Error::invalid_input(format!(
        "page {number} of the kept result is not a page this package wrote (the store answered something else)."
    ))
}

/// The decoded text of a JSON string literal at `span`.
pub fn string_at(text: &[u8], span: Span) -> Vec<u8> {
    let raw = span.of(text);
    let mut out = Vec::with_capacity(raw.len());
    unescape_into(raw.get(1..raw.len().saturating_sub(1)).unwrap_or(&[]), &mut out);
    out
}

fn number_at(text: &[u8], span: Span) -> Option<usize> {
    std::str::from_utf8(span.of(text)).ok()?.parse().ok()
}

fn path_at(text: &[u8], span: Span) -> Option<Vec<Step>> {
    (kind(text, span) == Kind::String).then(|| parse(&String::from_utf8_lossy(&string_at(text, span))).ok())?
}

/// Reads page `expected` (its text `text`).
pub fn read(text: &[u8], expected: usize) -> Result<Page> {
    let whole = root(text);
    if kind(text, whole) != Kind::Object {
        return Err(not_a_page(expected));
    }
    let (mut number, mut pages, mut path, mut rest, mut document, mut body) = (None, None, None, None, None, None);
    let mut list = members(text, whole);
    // The text or the items are the page's last member, most of its bytes: their end is the
    // page's, found without reading them.
    let last_end = whole.end.saturating_sub(1);
    let body_end = |start: usize| {
        let closes = match text.get(start) {
            Some(b'"') => b'"',
            Some(b'[') => b']',
            _ => return value_end(text, start),
        };
        let key_before = text.get(..start).is_some_and(|b| b.ends_with(b"\"text\":") || b.ends_with(b"\"items\":"));
        if key_before && last_end > start && text.get(last_end - 1) == Some(&closes) {
            last_end
        } else {
            value_end(text, start)
        }
    };
    while let Some(m) = list.next_with(body_end) {
        let Some(key) = m.key else { return Err(not_a_page(expected)) };
        match key.of(text) {
            b"\"page\"" => number = number_at(text, m.value),
            b"\"pages\"" => pages = number_at(text, m.value),
            b"\"path\"" => path = Some(path_at(text, m.value).ok_or_else(|| not_a_page(expected))?),
            b"\"rest\"" => rest = Some(m.value),
            b"\"document\"" => document = Some(document_head(text, m.value).ok_or_else(|| not_a_page(expected))?),
            b"\"text\"" if kind(text, m.value) == Kind::String => body = Some(Body::Text(m.value)),
            b"\"items\"" if kind(text, m.value) == Kind::Array => body = Some(Body::Items(m.value)),
            _ => {}
        }
    }
    match (number, pages, body) {
        (Some(number), Some(pages), Some(body)) if number == expected && number <= pages => {
            if matches!(body, Body::Items(_)) && path.is_none() {
                return Err(not_a_page(expected));
            }
            Ok(Page { number, pages, path, rest, document, body })
        }
        _ => Err(not_a_page(expected)),
    }
}

fn document_head(text: &[u8], span: Span) -> Option<DocumentHead> {
    if kind(text, span) != Kind::Object {
        return None;
    }
    let (mut path, mut rest) = (None, None);
    for m in members(text, span) {
        match m.key?.of(text) {
            b"\"path\"" => path = Some(path_at(text, m.value)?),
            b"\"rest\"" => rest = Some(m.value),
            _ => {}
        }
    }
    Some(DocumentHead { path: path?, rest })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_of_every_kind_are_read() {
        let text = br#"{"page":1,"pages":3,"text":"a\nb"}"#;
        let page = read(text, 1).unwrap();
        assert_eq!((page.number, page.pages, page.path.clone()), (1, 3, None));
        let Body::Text(span) = page.body else { panic!() };
        assert_eq!(string_at(text, span), b"a\nb");
        let items = br#"{"page":1,"pages":2,"path":"$.entities","rest":{"s":1,"entities":[]},"items":[1,2]}"#;
        let page = read(items, 1).unwrap();
        assert_eq!(page.path, Some(vec![Step::Key("entities".into())]));
        assert_eq!(page.rest.unwrap().of(items), br#"{"s":1,"entities":[]}"#);
        let doc = br#"{"page":2,"pages":2,"path":"$.content","document":{"path":"$[0].children"},"items":[]}"#;
        let page = read(doc, 2).unwrap();
        assert_eq!(page.document.unwrap().path, [Step::Index(0), Step::Key("children".into())]);
    }

    #[test]
    fn anything_else_is_not_a_page() {
        for (text, k) in [
            (&b"[1]"[..], 1),
            (b"{\"page\":2,\"pages\":3,\"text\":\"x\"}", 1),
            (b"{\"page\":1,\"pages\":1}", 1),
            (b"{\"page\":1,\"pages\":1,\"items\":[]}", 1),
            (b"not json", 1),
        ] {
            assert_eq!(read(text, k).unwrap_err(), not_a_page(k));
        }
    }
}
