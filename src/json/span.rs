//! The span scanner finds where the values of a JSON text are without building a tree (where a
//! value ends, the members of an array or object, the whole text without its surrounding
//! whitespace), with the lexer ([`super::lex`]) for its strings and whitespace. The elision
//! pass, the preview and the stream items all read their JSON through it.
//!
//! A member's span is exactly the text written for it, so for `JSON.stringify` output a child's
//! span *is* `JSON.stringify(child)` and a key's span *is* `JSON.stringify(key)`: pages, previews
//! and stream rows copy text instead of serializing again. Whitespace between tokens is allowed
//! (a pretty document scans the same as its compact form).
//!
//! Validity is the caller's to check, once (serde_json on the whole text or on each member's
//! span): on other input the scanner stops early or returns spans that do not parse, and every
//! index is bounds-checked, so it never panics. Skipping a container is a loop with a depth
//! counter, never a recursion, so nesting depth costs nothing.

use super::lex::{is_space, skip_string, skip_ws};

/// A byte range `[start, end)` of the JSON text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    /// First byte of the value.
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
}

impl Span {
    /// Its length in bytes.
    pub fn len(self) -> usize {
        self.end.saturating_sub(self.start)
    }

    /// True for an empty range.
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The bytes it covers (empty when out of range).
    pub fn of(self, text: &[u8]) -> &[u8] {
        text.get(self.start..self.end).unwrap_or(&[])
    }
}

/// The JSON kind of a value, read from its first byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `{…}`.
    Object,
    /// `[…]`.
    Array,
    /// `"…"`.
    String,
    /// A number.
    Number,
    /// `true` or `false`.
    Bool,
    /// `null`.
    Null,
}

impl Kind {
    /// Its name in a field list (`"string"`, `"number"`, …).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Object => "object",
            Kind::Array => "array",
            Kind::String => "string",
            Kind::Number => "number",
            Kind::Bool => "boolean",
            Kind::Null => "null",
        }
    }

    /// One bit per kind, for sets of kinds.
    pub fn bit(self) -> u8 {
        1 << (self as u8)
    }

    /// Every kind, in the order a set of kinds is printed.
    pub const ALL: [Kind; 6] = [Kind::Object, Kind::Array, Kind::String, Kind::Number, Kind::Bool, Kind::Null];
}

/// The kind of the value at `span`.
pub fn kind(text: &[u8], span: Span) -> Kind {
    match text.get(span.start) {
        Some(b'{') => Kind::Object,
        Some(b'[') => Kind::Array,
        Some(b'"') => Kind::String,
        Some(b't' | b'f') => Kind::Bool,
        Some(b'n') => Kind::Null,
        _ => Kind::Number,
    }
}

/// The whole text as one span, without the whitespace around it.
pub fn root(text: &[u8]) -> Span {
    let start = skip_ws(text, 0);
    let mut end = text.len();
    while end > start && is_space(text[end - 1]) {
        end -= 1;
    }
    Span { start, end }
}

/// One past the last byte of the value starting at `i`: a string's closing quote, the bracket
/// that closes a container (strings inside skipped), or the last byte of a scalar (which ends
/// at a delimiter or whitespace).
pub fn value_end(text: &[u8], i: usize) -> usize {
    match text.get(i) {
        Some(b'"') => skip_string(text, i),
        Some(b'{' | b'[') => container_end(text, i),
        _ => {
            let mut j = i;
            while text.get(j).is_some_and(|&b| !matches!(b, b',' | b']' | b'}' | b':') && !is_space(b)) {
                j += 1;
            }
            j
        }
    }
}

fn container_end(text: &[u8], start: usize) -> usize {
    let mut depth = 0usize;
    let mut j = start;
    while let Some(&b) = text.get(j) {
        match b {
            b'"' => {
                j = skip_string(text, j);
                continue;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return j + 1;
                }
            }
            _ => {}
        }
        j += 1;
    }
    text.len()
}

/// One member of an array or object: the quoted key's span (objects only) and the value's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Member {
    /// The key with its quotes, for an object member.
    pub key: Option<Span>,
    /// The value.
    pub value: Span,
}

impl Member {
    /// The member as an entry: its key's span (its value's, for an array item) and its value's.
    pub fn entry(self) -> (Span, Span) {
        (self.key.unwrap_or(self.value), self.value)
    }
}

/// The members of the array or object at `container` (a `[` or `{` at its start, its end one
/// past the closing bracket), in order. See [`Members`].
pub fn members(text: &[u8], container: Span) -> Members<'_> {
    let close = container.end.saturating_sub(1).max(container.start + 1);
    let object = text.get(container.start) == Some(&b'{');
    let at = skip_ws(text, container.start + 1);
    let done = at >= close || matches!(text.get(at), Some(b']' | b'}'));
    Members { text, object, close, at, done }
}

/// The iterator [`members`] returns. A comma is always followed by a member, as the grammar
/// says, so a trailing comma yields one more (empty, unparseable) value instead of passing
/// unnoticed. The scan stops after a value not followed by a comma; [`Members::stop`] is
/// where, which is the closing bracket exactly when the member list is well formed.
pub struct Members<'t> {
    text: &'t [u8],
    object: bool,
    close: usize,
    at: usize,
    done: bool,
}

impl Members<'_> {
    /// Where the scan stands: once the iterator is spent, the index of the byte that ended the
    /// member list (the closing bracket, when the list is well formed).
    pub fn stop(&self) -> usize {
        self.at
    }

    /// Once the iterator is spent, one past the closing bracket that ended the member list;
    /// `None` when the list ended at anything else (text that is not JSON).
    pub fn closed(&self) -> Option<usize> {
        matches!(self.text.get(self.at), Some(b'}' | b']')).then_some(self.at + 1)
    }

    /// The next member, with its value's end (one past its last byte) found by `end_of(start)`
    /// instead of [`value_end`]: a caller that reads the value's own members on the way finds its
    /// end there, so the value's bytes are read once, not once to skip and once to read.
    pub fn next_with(&mut self, end_of: impl FnOnce(usize) -> usize) -> Option<Member> {
        if self.done {
            return None;
        }
        let text = self.text;
        let mut i = self.at;
        let key = if self.object {
            let key = Span { start: i, end: skip_string(text, i).min(self.close) };
            i = skip_ws(text, key.end);
            if text.get(i) != Some(&b':') {
                self.done = true;
                self.at = i;
                return None;
            }
            i = skip_ws(text, i + 1);
            Some(key)
        } else {
            None
        };
        let value = Span { start: i, end: end_of(i).min(self.close).max(i) };
        i = skip_ws(text, value.end);
        if i < self.close && text.get(i) == Some(&b',') {
            self.at = skip_ws(text, i + 1);
        } else {
            self.done = true;
            self.at = i;
        }
        Some(Member { key, value })
    }
}

impl Iterator for Members<'_> {
    type Item = Member;

    fn next(&mut self) -> Option<Member> {
        let text = self.text;
        self.next_with(|i| value_end(text, i))
    }
}

/// The end of the container at `start` (one past its closing bracket) read by walking its
/// members inside `within` (a span that holds it: its parent's), each handed to `each`; `None`
/// when the walk does not stop at a closing bracket (text that is not JSON), where
/// [`value_end`] is the answer.
pub fn walk_container(text: &[u8], start: usize, within: Span, each: impl FnMut(Member)) -> Option<usize> {
    let mut list = members(text, Span { start, end: within.end });
    list.by_ref().for_each(each);
    list.closed()
}

/// Containers longer than this many bytes are counted before their members are collected.
///
/// A vector that doubles as it is filled leaves its earlier buffers behind in WebAssembly
/// memory, which never shrinks: on a large array about twice what one allocation at the counted
/// length takes (see docs/performance.md, 'Figures behind the design'). Counting is one more
/// scan of the container, worth it
/// only where the memory is large; below this size the doubling is cheaper.
pub const COUNT_FIRST_ABOVE: usize = 1 << 20;

/// An empty vector for one value per member of the container at `span`: allocated once at its
/// exact length when the container is longer than [`COUNT_FIRST_ABOVE`] bytes (a doubling
/// vector leaves its earlier buffers behind in WebAssembly memory), else left to grow.
pub fn members_vec<T>(text: &[u8], span: Span) -> Vec<T> {
    if span.len() > COUNT_FIRST_ABOVE {
        Vec::with_capacity(count(text, span))
    } else {
        Vec::new()
    }
}

/// `f` of each member of the container at `span`, in order, in a [`members_vec`].
pub fn collect_members<T>(text: &[u8], span: Span, f: impl FnMut(Member) -> T) -> Vec<T> {
    let mut out = members_vec(text, span);
    out.extend(members(text, span).map(f));
    out
}

/// The items of the array at `span`.
pub fn items(text: &[u8], span: Span) -> Vec<Span> {
    collect_members(text, span, |m| m.value)
}

/// The number of members of the array or object at `span`.
pub fn count(text: &[u8], span: Span) -> usize {
    members(text, span).count()
}

// The property test compares against serde_json, which only the full build has.
#[cfg(all(test, feature = "full"))]
mod tests;
