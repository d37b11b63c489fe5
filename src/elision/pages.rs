//! The pages of a kept result, each a JSON text within both caps (docs/mcp.md, "Pages"). A
//! structured value is split at the collection that makes it big:
//!   `{"page":K,"pages":N,"path":"$.entities","rest":…,"items":[…]}`   (rest on page 1 only)
//! and anything that cannot be split that way (a text, or a value whose bulk is not one
//! collection of page-sized items) as text: `{"page":K,"pages":N,"text":"…"}`.
//!
//! Everything is cut out of the compact JSON (or the quoted text) it is given — a child's span
//! is its `JSON.stringify` — so nothing is serialized twice, no cut falls inside an escape or a
//! char, and with a [`PageTokens`] a page is counted without tokenizing it again.

use crate::error::Result;
use crate::json::lex::{first_byte_mask, word_at, HIGHS};
use crate::json::string::json_string;
use crate::tokens::{self, Encoding};

use super::map::{of_chunks, PageMap};
use super::page_tokens::PageTokens;
use super::spans::{children, children_with_theirs, items_read, utf16_units, Child, Listed};
use crate::json::items::{ItemEntries, ItemsRead};
use crate::json::span::Span;

/// The caps every page keeps.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// UTF-16 units per page.
    pub max_chars: usize,
    /// UTF-8 bytes per page, when there is a byte cap (a client that measures bytes).
    pub max_bytes: Option<usize>,
    /// Tokens per page, when there is a token cap.
    pub max_tokens: Option<usize>,
    /// The encoding tokens are counted in.
    pub encoding: Encoding,
}

/// What a page's body may still take ([`Paginator::room`]).
struct Room {
    units: usize,
    bytes: usize,
    tokens: usize,
}

/// Page numbers in the packing estimate: a page list never gets this long.
const MAX_PAGE: usize = 999_999;
/// Tokens kept free on a page for what the packing estimate cannot see: pieces that merge
/// across a page's seams, and header digits that grow once the page count is known.
const SEAM_TOKENS: usize = 8;

/// What a page holds between its prefix and its end.
#[derive(Clone, Copy, PartialEq)]
enum Body {
    /// A run of array items: a span of the text.
    ArrayItems,
    /// A run of object members, each as `["key",value]`.
    ObjectItems,
    /// A chunk of an escaped string's content: a span of the text.
    Chunk,
}

/// One kind of page: its prefix for page `k` of `n`, what opens and closes its body.
struct Layout<'t> {
    text: &'t str,
    body: Body,
    prefix: Box<dyn Fn(usize, usize) -> String + 't>,
    open: &'static str,
    close: &'static str,
}

/// A page's content: items `i..j`, or a chunk of bytes `a..b`.
type Group = (usize, usize);

/// Where a page's body was cut from the text it was made of: the page's bytes from `at` on are
/// the text's bytes `start..end`. A caller that holds that text rebuilds the page from its head,
/// that span of the text and its tail, without copying the span out of the core.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cut {
    /// Where the span starts in the page.
    pub at: usize,
    /// Where it starts in the text.
    pub start: usize,
    /// Where it ends in the text.
    pub end: usize,
}

/// Pages, each with where its body was cut from the text (`None` for a body written member by
/// member, or an empty one).
pub type CutPages = Vec<(String, Option<Cut>)>;

/// `$`, `.key` (identifier keys), `["key"]` (other keys), `[i]` (array indices) — the path of
/// the collection, as `docs/mcp.md` writes it.
fn push_step(path: &mut String, b: &[u8], index: usize, key: Option<(usize, usize)>) {
    let Some((ks, ke)) = key else {
        path.push_str(&format!("[{index}]"));
        return;
    };
    let raw = std::str::from_utf8(b.get(ks..ke).unwrap_or(b"\"\"")).unwrap_or("\"\"");
    let inner = raw.get(1..raw.len().saturating_sub(1)).unwrap_or("");
    let mut chars = inner.chars();
    let identifier = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if identifier {
        path.push('.');
        path.push_str(inner);
    } else {
        path.push('[');
        path.push_str(raw);
        path.push(']');
    }
}

/// Where the collection that makes a value big is ([`find_collection`]).
struct Descent {
    path: String,
    start: usize,
    end: usize,
    /// The collection's children.
    items: Vec<Child>,
    /// Their entries, when the walk that listed them read those too ([`Listed`]).
    entries: Option<ItemEntries>,
    /// The value's own children, when the collection is below it.
    top: Option<Vec<Child>>,
    /// The span of each value descended into on the way, the collection's last.
    spans: Vec<(usize, usize)>,
}

/// The collection that makes the value big: descend while one child (a container or a string)
/// holds more than half of its parent's size. Returns its path, its span, its children (each
/// level is scanned once) and, when it is not the value itself, the value's own children (the
/// envelope's summary reads them). `ascii` says every char is one byte and one unit.
fn find_collection(text: &str, ascii: bool) -> Descent {
    let b = text.as_bytes();
    let units = |(s, e): (usize, usize)| if ascii { e - s } else { utf16_units(&b[s..e]) };
    let (mut path, mut start, mut end) = (String::from("$"), 0, b.len());
    let mut kids = Vec::new();
    let mut entries = None;
    let mut top = None;
    let mut spans = Vec::new();
    // The children of the level below, when the level above read them on its way.
    let mut next: Option<Listed> = None;
    while matches!(b.get(start), Some(b'{' | b'[')) {
        let mut theirs: Vec<Option<Listed>> = Vec::new();
        let listed = match next.take() {
            Some(known) => Some(known),
            None => children_with_theirs(b, start, end).map(|level| {
                theirs = level.theirs;
                level.kids
            }),
        };
        (kids, entries) = match listed {
            Some(Listed { children, entries }) => (children, Some(entries)),
            None => (children(b, start, end), None),
        };
        let sizes: Vec<usize> = kids.iter().map(|c| units(c.value)).collect();
        let total: usize = sizes.iter().sum();
        let Some(best) = (0..kids.len()).reduce(|m, i| if sizes[i] > sizes[m] { i } else { m }) else { break };
        let child = kids[best];
        if !matches!(b.get(child.value.0), Some(b'{' | b'[' | b'"')) || sizes[best] * 2 <= total {
            break;
        }
        push_step(&mut path, b, best, child.key);
        (start, end) = child.value;
        spans.push(child.value);
        next = theirs.get_mut(best).and_then(Option::take);
        let level = std::mem::take(&mut kids);
        entries = None;
        if top.is_none() {
            top = Some(level);
        }
    }
    Descent { path, start, end, items: kids, entries, top, spans }
}

/// Width in UTF-16 units and length in bytes of the unit at `i` of escaped string content: an
/// escape sequence or a char, which a cut never splits.
fn atom(b: &[u8], i: usize) -> (usize, usize) {
    match b.get(i) {
        Some(b'\\') => {
            let len = if b.get(i + 1) == Some(&b'u') { 6 } else { 2 };
            (len, len)
        }
        Some(&c) if c >= 0xF0 => (2, 4),
        Some(&c) if c >= 0xE0 => (1, 3),
        Some(&c) if c >= 0xC0 => (1, 2),
        _ => (1, 1),
    }
}

/// End of the longest run of whole units from `a` that is at most `room` units wide and ends
/// by `stop`, and the end of its last whole line (just after its last `\n` escape), if any.
fn chunk_end(b: &[u8], a: usize, stop: usize, room: usize) -> (usize, Option<usize>) {
    let (mut i, mut used, mut line) = (a, 0, None);
    while i < stop {
        // A run of ASCII bytes that are no escape is one unit a byte: taken whole.
        let window = stop.min(b.len()).min(i.saturating_add(room - used));
        let run = plain_run(b.get(i..window).unwrap_or(&[]));
        (i, used) = (i + run, used + run);
        if i >= stop {
            break;
        }
        let (width, len) = atom(b, i);
        if used + width > room || i + len > stop {
            break;
        }
        used += width;
        i += len;
        if len == 2 && b[i - 2] == b'\\' && b[i - 1] == b'n' {
            line = Some(i);
        }
    }
    (i, line)
}

/// The length of the leading run of `b` whose bytes are ASCII and no backslash: one UTF-16 unit
/// and one atom each. Eight bytes at a time: most of a text's escaped content is such a run.
fn plain_run(b: &[u8]) -> usize {
    let mut i = 0;
    while let Some(word) = word_at(b, i) {
        // High bits of the bytes that are not ASCII or are a backslash (the lowest set one is exact).
        let stops = (word & HIGHS) | first_byte_mask(word, b'\\');
        if stops != 0 {
            return i + (stops.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    i + b[i..].iter().take_while(|&&c| c < 0x80 && c != b'\\').count()
}

/// The ends of the lines in `a..b` of escaped content (just after each `\n` escape), and where
/// its middle atom starts.
fn line_ends(b: &[u8], a: usize, stop: usize) -> (Vec<usize>, usize) {
    let (mut i, mut ends, mut mid) = (a, Vec::new(), a);
    let half = a + (stop - a) / 2;
    while i < stop {
        if i <= half {
            mid = i;
        }
        let len = atom(b, i).1;
        i += len;
        if len == 2 && b[i - 2] == b'\\' && b[i - 1] == b'n' && i < stop {
            ends.push(i);
        }
    }
    (ends, mid)
}

/// The page prefixes of a collection: page 1 writes `first` after its page numbers (the
/// collection's path, the rest of the value), every other page `later` (the path).
struct Heads {
    first: String,
    later: String,
}

impl Heads {
    /// The heads of a collection at `path` in a value whose `rest` is what is left around it.
    fn of(path: &str, rest: &str) -> Heads {
        let path = json_string(path);
        Heads { first: format!(",\"path\":{path},\"rest\":{rest},"), later: format!(",\"path\":{path},") }
    }

    /// The heads of a collection at `inner` in the document held in the string at `path`, which
    /// prints it with `indent` and ends with `end` after it.
    fn of_document(path: &str, rest: &str, (indent, end): (&str, &str), inner: &str, inner_rest: &str) -> Heads {
        let (path, indent, inner) = (json_string(path), json_string(indent), json_string(inner));
        let end = if end.is_empty() { String::new() } else { format!(",\"end\":{}", json_string(end)) };
        Heads {
            first: format!(
                ",\"path\":{path},\"rest\":{rest},\"document\":{{\"indent\":{indent}{end},\"path\":{inner},\"rest\":{inner_rest}}},"
            ),
            later: format!(",\"path\":{path},\"document\":{{\"path\":{inner}}},"),
        }
    }

    fn prefix(&self, k: usize, n: usize) -> String {
        let head = if k == 1 { &self.first } else { &self.later };
        format!("{{\"page\":{k},\"pages\":{n}{head}")
    }
}

/// The collection found in a value's compact JSON, and what is left around it (the collection
/// replaced by an empty one of its kind); `None` when it is no container or string.
fn found(text: &str, ascii: bool) -> Option<(Descent, String)> {
    let descent = find_collection(text, ascii);
    let empty = match text.as_bytes().get(descent.start) {
        Some(b'[') => "[]",
        Some(b'{') => "{}",
        Some(b'"') => "\"\"",
        _ => return None,
    };
    let rest = format!("{}{empty}{}", text.get(..descent.start)?, text.get(descent.end..)?);
    Some((descent, rest))
}

/// The pages of compact JSON text.
pub struct Paginator<'t> {
    limits: Limits,
    tally: Option<&'t PageTokens<'t>>,
    layout: Layout<'t>,
    items: Vec<Child>,
    /// Every char of the text is one byte (and one UTF-16 unit).
    ascii: bool,
    /// Where the chunked content starts and ends (Body::Chunk).
    content: (usize, usize),
    /// The collection's path and the value's rest, for a structured value.
    outer: Option<(String, String)>,
    /// The value's own children, when the collection is below it (a structured value).
    top: Option<Vec<Child>>,
    /// The spans of the values descended into to reach the collection (a structured value).
    spans: Vec<(usize, usize)>,
    /// The collection's items' entries, when the walk that found the collection read them.
    entries: Option<ItemEntries>,
    /// The collection's path as a reader of the whole value writes it (a document's after the
    /// string's); `None` for a text.
    map_path: Option<String>,
}

/// A document's path inside the string at `outer`, as one path from the value's root.
fn joined(outer: &str, inner: &str) -> String {
    format!("{outer}{}", inner.strip_prefix('$').unwrap_or(inner))
}

impl<'t> Paginator<'t> {
    /// Pages for the value in `tally`'s text (or `text` without a token cap), split at its
    /// collection; `None` when it has none that pages can hold.
    pub fn structured(text: &'t str, tally: Option<&'t PageTokens<'t>>, limits: Limits) -> Option<Self> {
        let ascii = text.is_ascii();
        let (found, rest) = found(text, ascii)?;
        let heads = Heads::of(&found.path, &rest);
        let mut pages = Self::with_heads(text, tally, limits, heads, found.start, found.end, found.items, ascii)?;
        pages.map_path = Some(found.path.clone());
        pages.outer = Some((found.path, rest));
        pages.top = found.top;
        pages.spans = found.spans;
        pages.entries = found.entries;
        Some(pages)
    }

    /// Pages for the document `compact` (counted by `tally`, with a token cap) held in the
    /// string at `path` of a value whose `rest` holds `""` there: split at the document's own
    /// collection, each page saying how the string prints the document back (docs/mcp.md):
    /// with `printed`'s indent, and its end after it.
    pub fn document(
        compact: &'t str,
        printed: (&str, &str),
        (path, rest): (&str, &str),
        tally: Option<&'t PageTokens<'t>>,
        limits: Limits,
    ) -> Option<Self> {
        let ascii = compact.is_ascii() && rest.is_ascii() && path.is_ascii();
        let (found, inner_rest) = found(compact, ascii)?;
        let heads = Heads::of_document(path, rest, printed, &found.path, &inner_rest);
        let mut pages = Self::with_heads(compact, tally, limits, heads, found.start, found.end, found.items, ascii)?;
        pages.map_path = Some(joined(path, &found.path));
        Some(pages)
    }

    #[allow(clippy::too_many_arguments)]
    fn with_heads(
        text: &'t str,
        tally: Option<&'t PageTokens<'t>>,
        limits: Limits,
        heads: Heads,
        start: usize,
        end: usize,
        items: Vec<Child>,
        ascii: bool,
    ) -> Option<Self> {
        let (body, open, close) = match text.as_bytes().get(start) {
            Some(b'[') => (Body::ArrayItems, "\"items\":[", "]}"),
            Some(b'{') => (Body::ObjectItems, "\"items\":[", "]}"),
            Some(b'"') => (Body::Chunk, "\"items\":[\"", "\"]}"),
            _ => return None,
        };
        let prefix = move |k: usize, n: usize| heads.prefix(k, n);
        let layout = Layout { text, body, prefix: Box::new(prefix), open, close };
        let content = (start + 1, end.saturating_sub(1));
        Some(Paginator {
            limits,
            tally,
            layout,
            items,
            ascii,
            content,
            outer: None,
            top: None,
            spans: Vec::new(),
            entries: None,
            map_path: None,
        })
    }

    /// Text pages of the JSON string literal `quoted` (its escaped content is cut, never decoded).
    pub fn text(quoted: &'t str, tally: Option<&'t PageTokens<'t>>, limits: Limits) -> Self {
        let prefix = |k: usize, n: usize| format!("{{\"page\":{k},\"pages\":{n},\"text\":");
        let layout = Layout { text: quoted, body: Body::Chunk, prefix: Box::new(prefix), open: "\"", close: "\"}" };
        // Between the quotes (an empty range for text too short to have two).
        let content = (1, quoted.len().saturating_sub(1).max(1));
        Paginator {
            limits,
            tally,
            layout,
            items: Vec::new(),
            ascii: quoted.is_ascii(),
            content,
            outer: None,
            top: None,
            spans: Vec::new(),
            entries: None,
            map_path: None,
        }
    }

    /// When the collection is a string: its path, the value's rest (`""` in its place) and its
    /// escaped content — what a document held in it is paged with.
    pub fn string_collection(&self) -> Option<(&str, &str, &'t str)> {
        let (path, rest) = self.outer.as_ref()?;
        let content = self.layout.text.get(self.content.0..self.content.1)?;
        (self.layout.body == Body::Chunk).then_some((path.as_str(), rest.as_str(), content))
    }

    /// Where the collection starts and how many items it has (not for a string collection),
    /// so the envelope's preview need not count them again.
    pub fn collection(&self) -> Option<(usize, usize)> {
        (self.layout.body != Body::Chunk).then(|| (self.content.0 - 1, self.items.len()))
    }

    /// The span of each value the text was descended into to reach its collection, the
    /// collection's last (byte offsets): a later reader of the same text skips each at once.
    pub fn spans(&self) -> &[(usize, usize)] {
        &self.spans
    }

    /// The collection as the walk that found it read it, items and entries (a structured
    /// value's, when that walk read the entries): what a preview of the same text ranks the
    /// items by without walking them again.
    pub fn take_read(&mut self) -> Option<ItemsRead> {
        let entries = self.entries.take()?;
        let span = Span { start: self.content.0.checked_sub(1)?, end: self.content.1 + 1 };
        (self.layout.body != Body::Chunk).then(|| items_read(span, &self.items, entries))
    }

    /// The children of the value itself, when they were read on the way to its collection (or
    /// are its collection's items), so the envelope's summary need not read the text again.
    pub fn top_children(&self) -> Option<&[Child]> {
        if self.layout.body != Body::Chunk && self.content.0 == 1 {
            return Some(&self.items);
        }
        self.top.as_deref()
    }

    /// Units, bytes and tokens left for the body of page `k` (bytes and tokens: `usize::MAX`
    /// without their cap).
    fn room(&self, k: usize) -> Result<Room> {
        let frame = format!("{}{}{}", (self.layout.prefix)(k, MAX_PAGE), self.layout.open, self.layout.close);
        let units = self.limits.max_chars.saturating_sub(utf16_units(frame.as_bytes()));
        let bytes = self.limits.max_bytes.map_or(usize::MAX, |cap| cap.saturating_sub(frame.len()));
        let tokens = match self.limits.max_tokens {
            None => usize::MAX,
            Some(cap) => cap.saturating_sub(tokens::count_up_to(self.limits.encoding, &frame, cap)? + SEAM_TOKENS),
        };
        Ok(Room { units, bytes, tokens })
    }

    /// The pages, or `None` when a page cannot hold even one item (or one char).
    pub fn pages(&self) -> Result<Option<Vec<String>>> {
        Ok(self.cut_pages()?.map(|pages| pages.into_iter().map(|(page, _)| page).collect()))
    }

    /// [`Self::pages`], each with where its body was cut from the text.
    pub fn cut_pages(&self) -> Result<Option<CutPages>> {
        Ok(self.mapped_pages()?.map(|(pages, _)| pages))
    }

    /// [`Self::cut_pages`], and the map of what each page holds.
    pub fn mapped_pages(&self) -> Result<Option<(CutPages, PageMap)>> {
        let groups = if self.layout.body == Body::Chunk { self.chunks()? } else { self.pack()? };
        let Some((pages, groups)) = groups.map(|groups| self.settle(groups)).transpose()?.flatten() else {
            return Ok(None);
        };
        let map = match self.layout.body {
            Body::Chunk => of_chunks(self.map_path.clone(), self.layout.text.as_bytes(), &groups),
            body => PageMap::Items {
                path: self.map_path.clone().unwrap_or_else(|| "$".to_owned()),
                object: body == Body::ObjectItems,
                starts: groups.iter().map(|g| g.0).collect(),
                total: self.items.len(),
            },
        };
        Ok(Some((pages, map)))
    }

    /// UTF-16 units of item `i` as a page writes it.
    fn item_units(&self, i: usize) -> usize {
        let b = self.layout.text.as_bytes();
        let units = |(s, e): (usize, usize)| if self.ascii { e - s } else { utf16_units(&b[s..e]) };
        let child = self.items[i];
        match child.key {
            Some(key) => units(key) + units(child.value) + 3,
            None => units(child.value),
        }
    }

    /// UTF-8 bytes of item `i` as a page writes it.
    fn item_bytes(&self, i: usize) -> usize {
        let child = self.items[i];
        match child.key {
            Some(key) => (key.1 - key.0) + (child.value.1 - child.value.0) + 3,
            None => child.value.1 - child.value.0,
        }
    }

    /// Estimated tokens of item `i` (0 without a tally).
    fn item_tokens(&self, i: usize) -> usize {
        let child = self.items[i];
        let start = child.key.map_or(child.value.0, |k| k.0);
        self.tally.map_or(0, |t| t.estimate(start, child.value.1) + 1)
    }

    /// Greedy packing of items: page `k` holds what fits its room in units, bytes and estimated
    /// tokens.
    fn pack(&self) -> Result<Option<Vec<Group>>> {
        let mut groups = Vec::new();
        let (mut first, mut units, mut bytes, mut tokens) = (0, 0, 0, 0);
        let mut room = self.room(1)?;
        for i in 0..self.items.len() {
            let (u, b, t) = (self.item_units(i), self.item_bytes(i), self.item_tokens(i));
            let seam = usize::from(i > first);
            let over = units + u + seam > room.units || bytes + b + seam > room.bytes || tokens + t > room.tokens;
            if i > first && over {
                groups.push((first, i));
                room = self.room(groups.len() + 1)?;
                (first, units, bytes, tokens) = (i, u, b, t);
            } else {
                (units, bytes, tokens) = (units + u + seam, bytes + b + seam, tokens + t);
            }
        }
        groups.push((first, self.items.len()));
        Ok(Some(groups))
    }

    /// Chunks of the escaped content: each within its page's room in units and estimated tokens,
    /// and ending at a line's end unless one line alone is over that room.
    fn chunks(&self) -> Result<Option<Vec<Group>>> {
        let b = self.layout.text.as_bytes();
        let (mut at, end) = self.content;
        let mut groups = Vec::new();
        while at < end {
            let room = self.room(groups.len() + 1)?;
            // A byte cap bounds the chunk's end: a cut there never splits an escape or a char.
            let by_bytes = end.min(at.saturating_add(room.bytes));
            let stop = match self.tally {
                Some(t) if room.tokens != usize::MAX => t.reach(at, room.tokens).min(by_bytes),
                _ => by_bytes,
            };
            let (mut cut, mut line) = chunk_end(b, at, stop, room.units);
            if cut == at {
                // One piece is over the estimate: cut by units, and let settle halve it.
                (cut, line) = chunk_end(b, at, by_bytes, room.units);
            }
            if cut == at {
                return Ok(None);
            }
            if cut < end {
                cut = line.unwrap_or(cut);
            }
            groups.push((at, cut));
            at = cut;
        }
        if groups.is_empty() {
            groups.push((at, at));
        }
        Ok(Some(groups))
    }

    /// Page `k` of `n` holding `group`, and where its body was cut from the text.
    fn render(&self, group: Group, k: usize, n: usize) -> (String, Option<Cut>) {
        let text = self.layout.text;
        let mut page = (self.layout.prefix)(k, n);
        page.push_str(self.layout.open);
        let at = page.len();
        let span = match self.layout.body {
            Body::Chunk => Some((group.0, group.1)),
            Body::ArrayItems if group.1 > group.0 => {
                Some((self.items[group.0].value.0, self.items[group.1 - 1].value.1))
            }
            Body::ArrayItems => None,
            Body::ObjectItems => {
                for i in group.0..group.1 {
                    let child = self.items[i];
                    let (ks, ke) = child.key.unwrap_or((0, 0));
                    page.push_str(if i > group.0 { ",[" } else { "[" });
                    page.push_str(text.get(ks..ke).unwrap_or(""));
                    page.push(',');
                    page.push_str(text.get(child.value.0..child.value.1).unwrap_or(""));
                    page.push(']');
                }
                None
            }
        };
        if let Some((a, b)) = span {
            page.push_str(text.get(a..b).unwrap_or(""));
        }
        page.push_str(self.layout.close);
        (page, span.map(|(start, end)| Cut { at, start, end }))
    }

    fn fits(&self, page: &str, cut: Option<Cut>) -> Result<bool> {
        // Prefixes and headers are ASCII or copied from the text: an ASCII text makes ASCII pages.
        let units = if self.ascii { page.len() } else { utf16_units(page.as_bytes()) };
        if units > self.limits.max_chars || self.limits.max_bytes.is_some_and(|cap| page.len() > cap) {
            return Ok(false);
        }
        let Some(cap) = self.limits.max_tokens else { return Ok(true) };
        // Every token is at least one byte.
        if page.len() <= cap {
            return Ok(true);
        }
        let count = match (self.tally, cut) {
            (Some(tally), Some(Cut { at, start, end })) => tally.count_page(page, at, start, end)?,
            _ => tokens::count_up_to(self.limits.encoding, page, cap)?,
        };
        Ok(count <= cap)
    }

    /// Halves a group that is over a cap (a chunk at the line end nearest its middle, if it
    /// has one); `None` when it cannot be split.
    fn split(&self, (a, b): Group) -> Option<(Group, Group)> {
        if self.layout.body != Body::Chunk {
            return (b - a >= 2).then(|| ((a, a + (b - a) / 2), (a + (b - a) / 2, b)));
        }
        let text = self.layout.text.as_bytes();
        let (ends, mid) = line_ends(text, a, b);
        let half = a + (b - a) / 2;
        let mid = match ends.iter().min_by_key(|&&e| e.abs_diff(half)) {
            Some(&end) => end,
            None if mid == a => a + atom(text, a).1,
            None => mid,
        };
        (mid > a && mid < b).then_some(((a, mid), (mid, b)))
    }

    /// Renders every group as a page and splits the ones over a cap until all fit; the pages,
    /// and the groups they hold.
    fn settle(&self, mut groups: Vec<Group>) -> Result<Option<(CutPages, Vec<Group>)>> {
        loop {
            let n = groups.len();
            let mut pages = Vec::with_capacity(n);
            let mut next = Vec::with_capacity(n);
            let mut changed = false;
            for (i, &group) in groups.iter().enumerate() {
                let (page, cut) = self.render(group, i + 1, n);
                if self.fits(&page, cut)? {
                    next.push(group);
                    pages.push((page, cut));
                    continue;
                }
                let Some((x, y)) = self.split(group) else { return Ok(None) };
                next.extend([x, y]);
                changed = true;
            }
            if !changed {
                return Ok(Some((pages, groups)));
            }
            groups = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHARS: Limits = Limits { max_chars: 1000, max_bytes: None, max_tokens: None, encoding: Encoding::Cl100kBase };

    #[test]
    fn the_collection_is_where_the_bulk_is() {
        let items: Vec<String> = (0..50).map(|i| format!("{{\"id\":{i}}}")).collect();
        let text = format!("{{\"a\":1,\"data\":{{\"the nodes\":[{}]}}}}", items.join(","));
        let d = find_collection(&text, true);
        assert_eq!(d.top.map(|kids| kids.len()), Some(2));
        assert_eq!(d.path, "$.data[\"the nodes\"]");
        let collection = format!("[{}]", items.join(","));
        assert_eq!(&text[d.start..d.end], collection);
        assert_eq!(d.items, children(text.as_bytes(), d.start, d.end));
        let data = &text[text.find("{\"the").unwrap()..text.len() - 1];
        assert_eq!(d.spans.iter().map(|&(s, e)| &text[s..e]).collect::<Vec<_>>(), [data, collection.as_str()]);
        assert_eq!(find_collection("[1,2]", true).path, "$");
        assert_eq!(find_collection(&format!("[{{\"rows\":[{}]}}]", items.join(",")), true).path, "$[0].rows");
        // Past COUNT_FIRST_ABOVE bytes, read level by level: the same collection.
        let rows: Vec<String> = (0..60_000).map(|i| format!("{{\"id\":\"row {i:08}\"}}")).collect();
        let large = format!("{{\"a\":1,\"rows\":[{}]}}", rows.join(","));
        assert!(large.len() > crate::json::span::COUNT_FIRST_ABOVE);
        let d = find_collection(&large, true);
        assert_eq!((d.path.as_str(), d.items.len(), d.spans.len()), ("$.rows", 60_000, 1));
    }

    #[test]
    fn array_pages_rebuild_the_array_and_keep_the_cap() {
        let items: Vec<String> = (0..400).map(|i| format!("{{\"id\":{i},\"name\":\"Palm {i}\"}}")).collect();
        let text = format!("{{\"scene\":\"s\",\"entities\":[{}]}}", items.join(","));
        let pages = Paginator::structured(&text, None, CHARS).unwrap().pages().unwrap().unwrap();
        assert!(pages.len() > 1);
        assert!(pages[0].starts_with(&format!(
            "{{\"page\":1,\"pages\":{},\"path\":\"$.entities\",\"rest\":{{\"scene\":\"s\",\"entities\":[]}},\"items\":[",
            pages.len()
        )));
        let mut joined = Vec::new();
        for page in &pages {
            assert!(page.len() <= 1000);
            let start = page.find("\"items\":[").unwrap() + 9;
            joined.push(&page[start..page.len() - 2]);
        }
        assert_eq!(joined.join(","), items.join(","));
    }

    #[test]
    fn chunk_ends_are_the_ones_read_an_atom_at_a_time() {
        // The reference: every atom boundary listed with the units before it, then the last one
        // within both bounds, and the last line end up to there.
        fn by_atoms(b: &[u8], a: usize, stop: usize, room: usize) -> (usize, Option<usize>) {
            let mut ends = vec![(a, 0, false)];
            let (mut at, mut units) = (a, 0);
            while at < stop {
                let (width, len) = atom(b, at);
                (at, units) = (at + len, units + width);
                ends.push((at, units, len == 2 && b.get(at - 2..at) == Some(&br"\n"[..])));
            }
            let fit = ends.iter().rev().find(|e| e.0 <= stop && e.1 <= room).map_or(a, |e| e.0);
            (fit, ends.iter().filter(|e| e.2 && e.0 <= fit).map(|e| e.0).next_back())
        }
        const PIECES: [&str; 9] = ["abcdefgh", "x", r"\n", "😀", "é", "中", r"\\", " log line ok ", r"\u0001"];
        let mut rng = crate::testing::Rng(0x0dd_ba11);
        for _ in 0..300 {
            let n = rng.below(60) as usize;
            let content: String = (0..n).map(|_| PIECES[rng.below(PIECES.len() as u64) as usize]).collect();
            let b = content.as_bytes();
            for _ in 0..20 {
                let a = rng.below(b.len() as u64 + 1) as usize;
                if a < b.len() && (b[a] & 0xC0 == 0x80) {
                    continue;
                }
                let stop = a + rng.below((b.len() - a) as u64 + 1) as usize;
                let room = [0, 1, 2, 7, 64, usize::MAX][rng.below(6) as usize];
                assert_eq!(chunk_end(b, a, stop, room), by_atoms(b, a, stop, room), "{content:?} {a} {stop} {room}");
            }
        }
    }

    #[test]
    fn text_chunks_never_split_an_escape_or_a_char() {
        let quoted = json_string(&"ab\"\\\n\u{1}😀é".repeat(300));
        let limits = Limits { max_chars: 1000, max_bytes: None, max_tokens: Some(250), encoding: Encoding::Cl100kBase };
        let tally = PageTokens::new(Encoding::Cl100kBase, &quoted).unwrap();
        let pages = Paginator::text(&quoted, Some(&tally), limits).pages().unwrap().unwrap();
        let mut content = String::new();
        for page in &pages {
            assert!(utf16_units(page.as_bytes()) <= 1000);
            assert!(tokens::count(Encoding::Cl100kBase, page).unwrap() <= 250);
            let start = page.find("\"text\":\"").unwrap() + 8;
            content.push_str(&page[start..page.len() - 2]);
        }
        assert_eq!(format!("\"{content}\""), quoted);
    }
}
