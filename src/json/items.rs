//! A collection read once: its members, and each object member's first entries, found on the
//! way to that member's end. The elision pass reads a result's collection this way to cut its
//! pages, and hands what it read ([`ItemsRead`]) to the preview of the same text, which ranks
//! the items by those entries: the collection's bytes are walked once for both.

use super::span::{members, value_end, walk_container, Member, Span};

/// The first `max` entries of each of a list of values (none for a value that is no object), as
/// [`walk_reading_objects`] reads them: one flat list for the lot, not one per value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ItemEntries {
    entries: Vec<(Span, Span)>,
    /// Where each value's entries end in `entries`.
    ends: Vec<usize>,
}

impl ItemEntries {
    /// Adds the next value's entries.
    pub fn push(&mut self, entries: &[(Span, Span)]) {
        self.entries.extend_from_slice(entries);
        self.ends.push(self.entries.len());
    }

    /// How many values it holds entries for.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// True when it holds no value.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Value `i`'s entries, key span (quotes included) and value span each (empty past the end).
    pub fn of(&self, i: usize) -> &[(Span, Span)] {
        let start = i.checked_sub(1).and_then(|p| self.ends.get(p)).copied().unwrap_or(0);
        let end = self.ends.get(i).copied().unwrap_or(start);
        self.entries.get(start..end).unwrap_or(&[])
    }
}

/// What one reader of a text read of a collection in it: handed to a later reader of the same
/// text, which then does not walk the collection again.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ItemsRead {
    /// The collection (an array or an object).
    pub span: Span,
    /// Its members, in order.
    pub members: Vec<Member>,
    /// Each member value's first entries, in the same order.
    pub entries: ItemEntries,
}

/// One past the end of the value at `at`, pushing its first `max` entries to `read` on the way
/// when it is an object: its end is where its own member list stops, so its bytes are read
/// once, where finding its end and then its entries would read them twice. `within` is a span
/// that holds it (its container's).
pub fn value_end_reading(text: &[u8], at: usize, within: Span, max: usize, read: &mut Vec<(Span, Span)>) -> usize {
    if text.get(at) != Some(&b'{') {
        return value_end(text, at);
    }
    walk_container(text, at, within, |m| {
        if read.len() < max {
            read.push(m.entry());
        }
    })
    .unwrap_or_else(|| value_end(text, at))
}

/// [`walk_container`] of the container at `start`, calling `each(member, entries)` with each
/// member and its value's first `max` entries ([`value_end_reading`]; none for a value that is
/// no object).
pub fn walk_reading_objects(
    text: &[u8],
    start: usize,
    within: Span,
    max: usize,
    mut each: impl FnMut(Member, &[(Span, Span)]),
) -> Option<usize> {
    let mut list = members(text, Span { start, end: within.end });
    let mut read = Vec::new();
    loop {
        read.clear();
        let Some(member) = list.next_with(|at| value_end_reading(text, at, within, max, &mut read)) else { break };
        each(member, &read);
    }
    list.closed()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::span::{members, root};

    /// Each member's entries read the slow way: its end first, then its members.
    fn entries_twice(text: &[u8], value: Span, max: usize) -> Vec<(Span, Span)> {
        if text.get(value.start) != Some(&b'{') {
            return Vec::new();
        }
        members(text, value).take(max).map(Member::entry).collect()
    }

    #[test]
    fn one_walk_reads_what_two_reads_do() {
        let texts = [
            r#"[{"a":1,"b":{"c":"}"},"d":[1,2]},2,"x",{"e":{}},[{"f":3}],{}]"#,
            r#"{"k":{"a":"\"","b":null},"l":[],"m":{"n":[{"o":1}]}}"#,
            "[]",
            "{}",
        ];
        for text in texts {
            let b = text.as_bytes();
            let all = root(b);
            for max in [0, 1, 2, 64] {
                let (mut got, mut list) = (ItemEntries::default(), Vec::new());
                let end = walk_reading_objects(b, all.start, all, max, |m, e| {
                    list.push(m);
                    got.push(e);
                });
                assert_eq!(end, Some(all.end), "{text}");
                assert_eq!(list, members(b, all).collect::<Vec<_>>(), "{text}");
                assert_eq!(got.len(), list.len());
                for (i, m) in list.iter().enumerate() {
                    assert_eq!(got.of(i), entries_twice(b, m.value, max).as_slice(), "{text} member {i} max {max}");
                }
                assert_eq!(got.of(list.len()), &[]);
            }
        }
    }

    #[test]
    fn text_that_is_not_json_stops_without_panicking() {
        for text in ["[{\"a\":1", "[{\"a\"}]", "{\"a\":{", "[{", "[1,", "{", "", "]"] {
            let b = text.as_bytes();
            let _ = walk_reading_objects(b, 0, Span { start: 0, end: b.len() }, 64, |_, _| {});
            let _ = value_end_reading(b, 1, Span { start: 0, end: b.len() }, 64, &mut Vec::new());
        }
    }
}
