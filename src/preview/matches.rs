//! Items that match the call's own string arguments: a search for `"invoice"` returns many
//! items, and the ones whose strings contain `invoice` are what the agent asked for.
//!
//! The needles are the string arguments (nested ones too), each split at glob and regex
//! characters and at spaces into fragments of at least [`MIN_NEEDLE`] characters: `*.ts` gives
//! `.ts`, `error handling` gives `error` and `handling`. Matching is an ASCII-case-insensitive
//! substring search in an item's string values (never its keys), on at most a bounded number of
//! bytes per item. A needle that matches more than half of a collection's items says nothing
//! about any of them (a root path every entry starts with) and is not used to rank it.

use serde_json::Value;

use super::scan::{self, Span};

/// Fragments shorter than this are ignored: they match almost anything.
pub const MIN_NEEDLE: usize = 2;
/// Needles kept from one call's arguments (one bit each in a match mask).
pub const MAX_NEEDLES: usize = 16;
/// Argument nesting read for string values.
const MAX_ARG_DEPTH: usize = 4;

/// The call's string arguments as needles: the fragment as given (for the `why` of a shown
/// item) and as the lower-case, JSON-escaped bytes it is searched as.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Needles {
    /// `(fragment, searched bytes)`, at most [`MAX_NEEDLES`], in argument order, no repeats.
    pub list: Vec<(String, Vec<u8>)>,
}

impl Needles {
    /// The needles of a call's arguments (any JSON value; non-strings give none).
    pub fn from_arguments(arguments: &Value) -> Needles {
        let mut needles = Needles::default();
        needles.collect(arguments, 0);
        needles
    }

    fn collect(&mut self, value: &Value, depth: usize) {
        if depth > MAX_ARG_DEPTH {
            return;
        }
        match value {
            Value::String(s) => self.add_fragments(s),
            Value::Array(items) => items.iter().for_each(|v| self.collect(v, depth + 1)),
            Value::Object(map) => map.values().for_each(|v| self.collect(v, depth + 1)),
            _ => {}
        }
    }

    fn add_fragments(&mut self, s: &str) {
        let breaks = |c: char| c.is_whitespace() || "*?[]{}()|^$\\+,;".contains(c);
        for fragment in s.split(breaks) {
            let fragment = fragment.trim_matches(|c: char| c == '/' || c == '"' || c == '\'');
            if fragment.chars().count() < MIN_NEEDLE || self.list.len() >= MAX_NEEDLES {
                continue;
            }
            let escaped = crate::json::string::json_string(fragment);
            let bytes = escaped.as_bytes()[1..escaped.len() - 1].to_ascii_lowercase();
            if !self.list.iter().any(|(_, b)| *b == bytes) {
                self.list.push((fragment.to_owned(), bytes));
            }
        }
    }

    /// True when there is nothing to match.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Bit `k` set when needle `k` occurs in a string value of the item at `span`, searching at
    /// most `max_bytes` of its string content.
    pub fn mask(&self, text: &[u8], span: Span, max_bytes: usize) -> u32 {
        if self.list.is_empty() {
            return 0;
        }
        let all = (1u32 << self.list.len()) - 1;
        let mut mask = 0u32;
        scan::for_each_string(text, span, max_bytes, |raw| {
            mask |= self.mask_raw(raw);
            mask != all
        });
        mask
    }

    /// Bit `k` set when needle `k` occurs in `raw` (a line of text, or a string's raw bytes).
    pub fn mask_raw(&self, raw: &[u8]) -> u32 {
        let mut mask = 0u32;
        for (k, (_, needle)) in self.list.iter().enumerate() {
            if contains_ignore_case(raw, needle) {
                mask |= 1 << k;
            }
        }
        mask
    }
}

/// ASCII-case-insensitive substring search; `needle` is already lower-case.
fn contains_ignore_case(hay: &[u8], needle: &[u8]) -> bool {
    let Some(&first) = needle.first() else { return false };
    if hay.len() < needle.len() {
        return false;
    }
    (0..=hay.len() - needle.len()).any(|i| {
        hay[i].to_ascii_lowercase() == first
            && hay[i..i + needle.len()].iter().zip(needle).all(|(h, n)| h.to_ascii_lowercase() == *n)
    })
}

/// Keeps in `masks` only the needles that match at most half of the items (when there are at
/// least four items to judge by); returns the bits kept.
pub fn discriminating(masks: &[u32], needles: usize) -> u32 {
    discriminating_among(masks, masks.len(), needles)
}

/// [`discriminating`] where `masks` are those of the items that matched anything, out of
/// `items` in all (the others matched nothing).
pub fn discriminating_among(masks: &[u32], items: usize, needles: usize) -> u32 {
    let mut keep = 0u32;
    for k in 0..needles {
        let hits = masks.iter().filter(|m| *m & (1 << k) != 0).count();
        if hits > 0 && (items < 4 || hits * 2 <= items) {
            keep |= 1 << k;
        }
    }
    keep
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn fragments(args: Value) -> Vec<String> {
        Needles::from_arguments(&args).list.into_iter().map(|(f, _)| f).collect()
    }

    #[test]
    fn string_arguments_split_into_fragments() {
        assert_eq!(
            fragments(json!({"path":"/tmp/project","pattern":"*.ts","query":"Error handling","limit":5})),
            ["tmp/project", ".ts", "Error", "handling"]
        );
        assert_eq!(fragments(json!({"names":["alice",{"deep":"bob"}],"x":"a"})), ["alice", "bob"]);
        assert!(fragments(json!(42)).is_empty());
        assert!(fragments(json!(null)).is_empty());
        let many: Vec<String> = (0..40).map(|i| format!("word{i}")).collect();
        assert_eq!(fragments(json!({ "q": many.join(" ") })).len(), MAX_NEEDLES);
    }

    #[test]
    fn items_match_in_string_values_only_and_ignore_case() {
        let needles = Needles::from_arguments(&json!({"query":"Invoice","q2":"say \"hi\""}));
        let text = br#"[{"invoice":1},{"title":"Paid INVOICE 7"},{"n":"x","tags":["say \"hi\" now"]}]"#;
        let items = scan::items(text, scan::root(text));
        let masks: Vec<u32> = items.iter().map(|s| needles.mask(text, *s, 4096)).collect();
        assert_eq!(masks, [0, 0b001, 0b110], "needles: invoice, say, hi");
        assert_eq!(needles.mask(text, items[1], 6), 0, "byte cap");
    }

    #[test]
    fn needles_that_match_most_items_do_not_rank() {
        let masks = [0b11, 0b01, 0b01, 0b00, 0b01];
        assert_eq!(discriminating(&masks, 2), 0b10);
        assert_eq!(discriminating(&[0b1, 0b1], 1), 0b1, "too few items to judge");
    }
}
