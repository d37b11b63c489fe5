//! Navigation of compact JSON text as `JSON.stringify` writes it, in the offsets the page plan
//! uses: where a value ends and the spans of a container's children (both from the crate's one
//! span scanner, [`crate::json::span`]), UTF-16 lengths, and the envelope's preview read from
//! the text. Every position is a byte offset into UTF-8 text.
//!
//! Because V8's output is canonical, a child's span *is* `JSON.stringify(child)` and a key's
//! span *is* `JSON.stringify(key)`: pages and previews are cut out of the text instead of
//! serializing anything again. The walkers never panic on other input; they only stop early.

use crate::cap::summary::{Shape, Summary};
use crate::json::items::{value_end_reading, walk_reading_objects, ItemEntries, ItemsRead};
pub use crate::json::span::value_end;
use crate::json::span::{collect_members, members, Member, Span, COUNT_FIRST_ABOVE};
use crate::preview::errors::FIELDS_READ;

/// One child of a container: the key's span (objects only, quotes included) and the value's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Child {
    /// `start..end` of the quoted key, for an object member.
    pub key: Option<(usize, usize)>,
    /// `start..end` of the value.
    pub value: (usize, usize),
}

/// The children of the container spanning `start..end` (a `{` or `[` at `start`), in order.
pub fn children(b: &[u8], start: usize, end: usize) -> Vec<Child> {
    collect_members(b, Span { start, end }, child)
}

/// A member as a [`Child`].
fn child(m: Member) -> Child {
    Child { key: m.key.map(|k| (k.start, k.end)), value: (m.value.start, m.value.end) }
}

/// The members of a container whose own children [`children_with_theirs`] reads: a value's top
/// level has a few keys, one of which usually holds the collection; past them a container is a
/// collection itself, whose items are not descended into, and their lists would only cost.
pub const THEIRS_READ: usize = 16;

/// A container's children, each with its first [`FIELDS_READ`] entries when it is an object:
/// the entries a preview ranks the children by, were they a collection ([`ItemsRead`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Listed {
    /// The children, in order.
    pub children: Vec<Child>,
    /// Each child's first entries.
    pub entries: ItemEntries,
}

impl Listed {
    fn push(&mut self, member: Member, entries: &[(Span, Span)]) {
        self.children.push(child(member));
        self.entries.push(entries);
    }
}

/// A container read two levels deep in one walk ([`children_with_theirs`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Level {
    /// Its children.
    pub kids: Listed,
    /// The children of each of its first [`THEIRS_READ`] children that is a container (`None`
    /// for the others, and for one whose walk did not end at its closing bracket).
    pub theirs: Vec<Option<Listed>>,
}

/// The children of the container spanning `start..end` (a `{` or `[` at `start`) and, for the
/// first [`THEIRS_READ`] of them that are containers, their own children, with the entries of
/// every object among both ([`Listed`]): one walk reads both levels, where finding a child's
/// end and then its children would read its bytes twice, and a preview of the collection found
/// among them reads no byte of it again. `None` when the container is over
/// [`COUNT_FIRST_ABOVE`] bytes: the lists then grow by doubling, which leaves their earlier
/// buffers behind in WebAssembly memory (see [`collect_members`]), so a large one is read
/// level by level.
pub fn children_with_theirs(b: &[u8], start: usize, end: usize) -> Option<Level> {
    if end.saturating_sub(start) > COUNT_FIRST_ABOVE {
        return None;
    }
    let within = Span { start, end };
    let mut list = members(b, within);
    let mut level = Level::default();
    let mut read = Vec::new();
    loop {
        read.clear();
        let mut theirs = None;
        let deep = level.kids.children.len() < THEIRS_READ;
        let member = list.next_with(|at| {
            if !deep || !matches!(b.get(at), Some(b'{' | b'[')) {
                return value_end_reading(b, at, within, FIELDS_READ, &mut read);
            }
            let mut kids = Listed::default();
            let end = walk_reading_objects(b, at, within, FIELDS_READ, |m, e| kids.push(m, e));
            if b.get(at) == Some(&b'{') {
                read.extend(kids.children.iter().take(FIELDS_READ).map(|c| entry(*c)));
            }
            theirs = end.map(|_| kids);
            end.unwrap_or_else(|| value_end(b, at))
        });
        let Some(member) = member else { break };
        level.kids.push(member, &read);
        if deep {
            level.theirs.push(theirs);
        }
    }
    Some(level)
}

/// What a preview of the same text reads of the collection at `span`: its `children` and
/// their `entries`, read by the walk that found it ([`Listed`]).
pub fn items_read(span: Span, children: &[Child], entries: ItemEntries) -> ItemsRead {
    ItemsRead { span, members: children.iter().map(|c| member(*c)).collect(), entries }
}

/// A [`Child`] as the [`Member`] it was read from.
fn member(c: Child) -> Member {
    let span = |(start, end)| Span { start, end };
    Member { key: c.key.map(span), value: span(c.value) }
}

/// An object member as an entry ([`Member::entry`]).
fn entry(c: Child) -> (Span, Span) {
    member(c).entry()
}

/// UTF-16 units of UTF-8 bytes (`.length` of the text they hold). Eight bytes at a time while
/// they are ASCII, one unit each: pages and envelopes are mostly ASCII, and they are measured
/// whole.
pub fn utf16_units(b: &[u8]) -> usize {
    let units =
        |bytes: &[u8]| -> usize { bytes.iter().map(|&c| usize::from(c & 0xC0 != 0x80) + usize::from(c >= 0xF0)).sum() };
    let mut chunks = b.chunks_exact(8);
    let mut total = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3], chunk[4], chunk[5], chunk[6], chunk[7]]);
        total += if word & 0x8080_8080_8080_8080 == 0 { 8 } else { units(chunk) };
    }
    total + units(chunks.remainder())
}

/// UTF-16 units of the string a JSON string literal's content (escapes included) decodes to.
pub fn unescaped_units(content: &[u8]) -> usize {
    let mut units = 0;
    let mut i = 0;
    while let Some(&c) = content.get(i) {
        if c == b'\\' {
            units += 1;
            i += if content.get(i + 1) == Some(&b'u') { 6 } else { 2 };
        } else {
            units += usize::from(c & 0xC0 != 0x80) + usize::from(c >= 0xF0);
            i += 1;
        }
    }
    units
}

/// What `describe` says of the value spanning `start..end`; `known` is a container's start
/// and child count when the caller has them.
fn shape(b: &[u8], start: usize, end: usize, known: Option<(usize, usize)>) -> Shape {
    let raw = b.get(start..end).unwrap_or(&[]);
    let count = || match known {
        Some((at, count)) if at == start => count,
        _ => children(b, start, end).len(),
    };
    match raw.first() {
        Some(b'[') => Shape::Array(count()),
        Some(b'{') => Shape::Object(count()),
        Some(b'"') => {
            let content = raw.get(1..raw.len().saturating_sub(1)).unwrap_or(&[]);
            let quoted = String::from_utf8_lossy(raw).into_owned();
            Shape::Text { utf16_len: unescaped_units(content), quoted: Some(quoted) }
        }
        _ if raw == b"null" => Shape::Null,
        // A number, `true` or `false`: V8 writes each as `String()` prints it.
        _ => Shape::Other(String::from_utf8_lossy(raw).into_owned()),
    }
}

/// The envelope's preview of the compact JSON `text`: what `summarize(JSON.parse(text))` sees.
/// `known` is the start and child count of a container already read (see [`shape`]), `top`
/// the text's own children when they were read already.
pub fn summary(text: &str, known: Option<(usize, usize)>, top: Option<&[Child]>) -> Summary {
    let b = text.as_bytes();
    let top = || top.map_or_else(|| children(b, 0, b.len()), <[Child]>::to_vec);
    match b.first() {
        Some(b'[') => Summary::Array(match known {
            Some((0, count)) => count,
            _ => top().len(),
        }),
        Some(b'{') => Summary::Object(
            top()
                .into_iter()
                .map(|child| {
                    let (ks, ke) = child.key.unwrap_or((0, 0));
                    let key = String::from_utf8_lossy(b.get(ks..ke).unwrap_or(b"\"\"")).into_owned();
                    (key, shape(b, child.value.0, child.value.1, known))
                })
                .collect(),
        ),
        _ => Summary::Scalar(shape(b, 0, b.len(), None)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_are_the_exact_spans_of_keys_and_values() {
        let text = r#"{"a":[1,{"b":"]"}],"c\"d":"x\\","e":null}"#;
        let b = text.as_bytes();
        let got: Vec<(&str, &str)> = children(b, 0, b.len())
            .iter()
            .map(|c| {
                let (ks, ke) = c.key.unwrap();
                (&text[ks..ke], &text[c.value.0..c.value.1])
            })
            .collect();
        assert_eq!(got, vec![("\"a\"", r#"[1,{"b":"]"}]"#), (r#""c\"d""#, r#""x\\""#), ("\"e\"", "null")]);
        assert_eq!(children(b"[]", 0, 2), vec![]);
        assert_eq!(children(b"{}", 0, 2), vec![]);
        let items = children(b"[1,-2.5e+21,true]", 0, 17);
        assert_eq!(items.iter().map(|c| c.value).collect::<Vec<_>>(), vec![(1, 2), (3, 11), (12, 16)]);
    }

    #[test]
    fn one_walk_reads_two_levels_as_two_reads_do() {
        let many = format!("[{}]", (0..40).map(|i| format!("[{i},{{\"k\":[{i}]}}]")).collect::<Vec<_>>().join(","));
        let objects = format!(
            "[{}]",
            (0..40).map(|i| format!("{{\"i\":{i},\"o\":{{\"k\":[{i}]}}}}")).collect::<Vec<_>>().join(",")
        );
        let texts = [
            r#"{"a":[1,{"b":"]"}],"c\"d":{"x":[],"y":"}"},"e":null,"f":{}}"#,
            "[[1,2],[],{},[[3]],\"[\"]",
            &many,
            &objects,
        ];
        // Each object's first FIELDS_READ entries, read the slow way.
        let entries = |b: &[u8], kids: &[Child]| -> Vec<Vec<(Span, Span)>> {
            kids.iter()
                .map(|c| {
                    let at = c.value.0;
                    let object = b[at] == b'{';
                    let theirs = if object { children(b, at, c.value.1) } else { Vec::new() };
                    theirs.into_iter().take(FIELDS_READ).map(entry).collect()
                })
                .collect()
        };
        let listed = |l: &Listed| -> Vec<Vec<(Span, Span)>> {
            (0..l.children.len()).map(|i| l.entries.of(i).to_vec()).collect()
        };
        for text in texts {
            let b = text.as_bytes();
            let level = children_with_theirs(b, 0, b.len()).unwrap();
            let kids = children(b, 0, b.len());
            assert_eq!(level.kids.children, kids, "{text}");
            assert_eq!(listed(&level.kids), entries(b, &kids), "{text}");
            assert_eq!(level.theirs.len(), kids.len().min(THEIRS_READ), "{text}");
            for (i, (kid, theirs)) in kids.iter().zip(&level.theirs).enumerate() {
                let container = matches!(b[kid.value.0], b'{' | b'[');
                let expected = container.then(|| children(b, kid.value.0, kid.value.1));
                assert_eq!(theirs.as_ref().map(|t| t.children.clone()), expected, "{text} child {i}");
                if let Some(theirs) = theirs {
                    assert_eq!(listed(theirs), entries(b, &theirs.children), "{text} child {i}");
                }
            }
        }
        for text in ["{\"a\":[1,", "[{\"a\":1]", "[[", "{\"a\":{\"b\"}}", "[]", "{}"] {
            let _ = children_with_theirs(text.as_bytes(), 0, text.len());
        }
        // Over COUNT_FIRST_ABOVE bytes a container is read level by level.
        let large = format!("[\"{}\"]", "x".repeat(COUNT_FIRST_ABOVE));
        assert_eq!(children_with_theirs(large.as_bytes(), 0, large.len()), None);
    }

    #[test]
    fn units_count_as_javascript_length() {
        assert_eq!(utf16_units("a😀é".as_bytes()), 4);
        // Whole ASCII words, words with a wide char inside, and the bytes after the last word.
        let mixed = "abcdefgh😀é中abcdefghijk".repeat(3);
        assert_eq!(utf16_units(mixed.as_bytes()), mixed.encode_utf16().count());
        assert_eq!(unescaped_units(r#"a\n\u00e9\"😀"#.as_bytes()), 6);
    }

    #[test]
    fn summary_reads_the_preview_from_the_text() {
        let got = summary(r#"{"n":1e+21,"s":"hi","t":true,"z":null,"a":[1,2],"o":{"k":{}}}"#, None, None);
        assert_eq!(
            got,
            Summary::Object(vec![
                ("\"n\"".into(), Shape::Other("1e+21".into())),
                ("\"s\"".into(), Shape::Text { utf16_len: 2, quoted: Some("\"hi\"".into()) }),
                ("\"t\"".into(), Shape::Other("true".into())),
                ("\"z\"".into(), Shape::Null),
                ("\"a\"".into(), Shape::Array(2)),
                ("\"o\"".into(), Shape::Object(1)),
            ])
        );
        assert_eq!(summary("[[],{}]", None, None), Summary::Array(2));
        // A count the caller already has is used as it is.
        assert_eq!(summary("[[],{}]", Some((0, 7)), None), Summary::Array(7));
        assert_eq!(
            summary(r#"{"a":[1]}"#, Some((5, 9)), None),
            Summary::Object(vec![("\"a\"".into(), Shape::Array(9))])
        );
        // Children the caller read already are used as they are.
        let text = r#"{"a":[1],"b":2}"#;
        let top = children(text.as_bytes(), 0, text.len());
        assert_eq!(summary(text, None, Some(&top)), summary(text, None, None));
        assert_eq!(summary(text, None, Some(&top[..1])), Summary::Object(vec![("\"a\"".into(), Shape::Array(1))]));
    }

    #[test]
    fn malformed_text_stops_without_panicking() {
        for text in ["{", "[", "{\"a", "{\"a\":", "[1,", "\"", "{\"a\":[}", "]", ""] {
            let _ = summary(text, None, None);
            let _ = children(text.as_bytes(), 0, text.len());
        }
    }
}
