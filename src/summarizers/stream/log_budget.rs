//! Character budgets for answers that carry raw log text. A count of entries has no size — one
//! logged JSON blob or deep stack is a single entry — so log answers are bounded by characters,
//! in two steps that each say what they cut: every text is cut to a per-entry cap, then the
//! entries are fitted to the answer's budget from the end the reader wants.
//!
//! Lengths are UTF-16 code units (JavaScript's `.length`), the unit the payload cap counts.

use serde_json::Value;

use crate::cap::plan_cut;
use crate::json::number::js_number_string;
use crate::json::string::{byte_index, utf16_len};
use crate::json::value::to_json;

/// One line: a stack frame, a minified asset path or a logcat line fits; a pasted blob does not.
pub const LOG_LINE_CHARS: usize = 400;
/// One console entry, which carries its whole stack and cause chain (~25 frames).
pub const LOG_ENTRY_CHARS: usize = 4_000;
/// The entries' share of one answer, as encoded: under the 60,000-char payload cap with room for
/// the rest of the reply (counts, cursor, hint) and for a caller wrapping it in another answer.
pub const LOG_ANSWER_CHARS: usize = 40_000;

/// Which end of a list the budget keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// The head: a forward cursor's page, a newest-first listing.
    First,
    /// The tail: the newest of an oldest-first list.
    Last,
}

/// How to cut a text of `len` units to `max`: the units to keep and the marker that follows
/// them, `… (+N chars)`. `None` when the text is not longer than `max` (a NaN `max` cuts
/// nothing). The cut never splits a surrogate pair: it keeps one unit fewer and counts it.
pub fn plan_log_cut(len: usize, max: f64, splits_pair: impl Fn(usize) -> bool) -> Option<(usize, String)> {
    // `text.length > max` is false for a NaN max: nothing is cut.
    if max.is_nan() || len as f64 <= max {
        return None;
    }
    let (keep, cut) = plan_cut(len, max, splits_pair)?;
    Some((keep, format!("… (+{} chars)", js_number_string(cut))))
}

/// `text` cut to `max` units with how much was cut, or `None` when it fits.
pub fn cap_log_text(text: &str, max: f64) -> Option<String> {
    let len = utf16_len(text);
    let (keep, marker) = plan_log_cut(len, max, |i| splits_pair_at(text, i))?;
    let mut out = String::with_capacity(keep + marker.len());
    out.push_str(&text[..byte_index(text, keep)]);
    out.push_str(&marker);
    Some(out)
}

/// Whether UTF-16 index `i` falls inside a surrogate pair of `text`.
fn splits_pair_at(text: &str, i: usize) -> bool {
    let mut unit = 0;
    for c in text.chars() {
        let w = c.len_utf16();
        if unit + w > i {
            return unit < i;
        }
        unit += w;
    }
    false
}

/// How many items fit `budget`, given their sizes in the order the budget keeps them: contiguous
/// from that end, so a cursor built on the result skips nothing, and never none of a non-empty
/// list (the first item is kept whatever its size — cap it first).
pub fn fit_count(sizes: impl IntoIterator<Item = f64>, budget: f64) -> usize {
    let mut kept = 0;
    let mut used = 0.0;
    for size in sizes {
        if kept > 0 && used + size > budget {
            break;
        }
        kept += 1;
        used += size;
    }
    kept
}

/// The items of `items` that fit `budget` chars measured by `size_of`, kept from `keep`'s end,
/// and how many were left out.
pub fn fit_log_budget<T>(items: &[T], size_of: impl Fn(&T) -> f64, budget: f64, keep: Keep) -> (&[T], usize) {
    let n = match keep {
        Keep::First => fit_count(items.iter().map(&size_of), budget),
        Keep::Last => fit_count(items.iter().rev().map(&size_of), budget),
    };
    let kept = match keep {
        Keep::First => &items[..n],
        Keep::Last => &items[items.len() - n..],
    };
    (kept, items.len() - n)
}

/// An item's size as an answer encodes it: its compact JSON, escapes and field names included.
pub fn encoded_size(item: &Value) -> usize {
    utf16_len(&to_json(item))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cap_log_text_cuts_and_counts() {
        assert_eq!(cap_log_text(&"x".repeat(450), 400.0), Some(format!("{}… (+50 chars)", "x".repeat(400))));
        assert_eq!(cap_log_text("short", 400.0), None);
        assert_eq!(cap_log_text(&"x".repeat(400), 400.0), None);
        assert_eq!(cap_log_text("abc", f64::NAN), None);
        // A cut inside a pair keeps the whole pair out, and says so.
        assert_eq!(cap_log_text("ab😀cd", 3.0), Some("ab… (+4 chars)".to_owned()));
        assert_eq!(cap_log_text("ab😀cd", 4.0), Some("ab😀… (+2 chars)".to_owned()));
    }

    #[test]
    fn fit_keeps_an_end_contiguously() {
        let xs = [1, 2, 3, 4, 5];
        assert_eq!(fit_log_budget(&xs, |_| 10.0, 30.0, Keep::Last), (&xs[2..], 2));
        assert_eq!(fit_log_budget(&xs, |_| 10.0, 30.0, Keep::First), (&xs[..3], 2));
        assert_eq!(fit_log_budget(&xs, |_| 10.0, 50.0, Keep::Last), (&xs[..], 0));
        assert_eq!(fit_log_budget(&["big", "bigger"], |_| 100.0, 10.0, Keep::Last), (&["bigger"][..], 1));
        let empty: [u8; 0] = [];
        assert_eq!(fit_log_budget(&empty, |_| 100.0, 10.0, Keep::First), (&empty[..], 0));
        // Stops at the first item that does not fit: a smaller one past it is not taken.
        let sizes = [1.0, 100.0, 10.0];
        assert_eq!(fit_log_budget(&sizes, |s| *s, 20.0, Keep::Last), (&sizes[2..], 2));
    }

    #[test]
    fn encoded_size_counts_escapes() {
        let v: Value = serde_json::from_str(r#"{"t":"a\nb"}"#).expect("json");
        assert_eq!(encoded_size(&v), r#"{"t":"a\nb"}"#.len());
    }
}
