//! The character cap: a payload over the cap becomes a small, valid JSON envelope that says what
//! was elided and how to narrow the call; plain text over the cap is cut at a code-point
//! boundary with a marker saying how much was cut.
//!
//! Lengths are UTF-16 code units, because that is what JavaScript's `.length` reports and what
//! the editor's reference formatter compares against.

#[cfg(feature = "full")]
pub mod head;
pub mod hint;
pub mod summary;

pub use crate::cap::hint::{elision_hint, narrow_hint_text, retarget_hint, CapUnit};
use crate::cap::summary::{summary_json_within, Summary};
use crate::json::number::{push_js_number, push_json_number};
use crate::json::string::{push_json_string, utf16_len};

/// The default cap: 60,000 UTF-16 code units (~15k tokens of compact JSON). Large enough for
/// every narrowed query the editor's tools answer; an untargeted full dump is meant to hit it.
pub const MAX_PAYLOAD_CHARS: f64 = 60_000.0;

/// The code an over-cap envelope carries: the answer exists but did not fit. The envelope is not
/// an error result; the code lets a caller branch on "narrow and retry" without reading the hint.
pub const TOO_LARGE: &str = "TOO_LARGE";

/// `JSON.stringify({ elided: true, code: "TOO_LARGE", bytes, hint, preview: summarize(data) })`.
///
/// `bytes` is the payload's length in UTF-16 units (the editor's name for it, kept for
/// compatibility); with a token cap, `tokens` follows it. `filters` are the calling tool's own
/// narrowing parameters for the hint (empty: the generic advice). When the whole envelope would
/// itself exceed the cap, the preview keeps only the leading keys that fit (see
/// [`summary_json_within`]); the envelope is then within the cap unless the cap is smaller than
/// the envelope with the smallest preview: for an object, the `{"…":"N more keys"}` marker
/// alone (it is never dropped for `{}`, which would claim there are no keys). For a token cap the
/// envelope is measured in UTF-8 bytes, an upper bound on its tokens, so no tokenizer is needed here.
pub fn elision_envelope(
    chars: f64,
    tokens: Option<f64>,
    cap: f64,
    unit: CapUnit,
    summary: &Summary,
    filters: &[String],
) -> String {
    let size = match (unit, tokens) {
        (CapUnit::Tokens, Some(t)) => t,
        _ => chars,
    };
    let measure: fn(&str) -> usize = match unit {
        CapUnit::Chars => utf16_len,
        CapUnit::Tokens | CapUnit::Bytes => str::len,
    };
    envelope_within(Envelope { chars, tokens, size, cap, unit }, summary, filters, budget_of(cap), measure)
}

/// [`elision_envelope`] under a byte cap as well: the hint names `size` (chars, bytes or
/// tokens, as `unit` says) against `cap`, and the envelope is measured in UTF-8 bytes within
/// both `cap` and `max_bytes`. A UTF-8 byte is at most one UTF-16 unit and at least one token's
/// worth, so the envelope is then within every cap at once.
pub fn elision_envelope_in_bytes(
    (chars, tokens, size): (f64, Option<f64>, f64),
    cap: f64,
    unit: CapUnit,
    summary: &Summary,
    max_bytes: usize,
) -> String {
    let envelope = Envelope { chars, tokens, size, cap, unit };
    envelope_within(envelope, summary, &[], budget_of(cap).min(max_bytes), str::len)
}

/// What an envelope says: the payload's `chars` (its `bytes` field) and `tokens`, and the `size`
/// and `cap` its hint names in `unit`.
struct Envelope {
    chars: f64,
    tokens: Option<f64>,
    size: f64,
    cap: f64,
    unit: CapUnit,
}

/// A cap as a budget: `usize::MAX` for one that is not a finite, non-negative number.
fn budget_of(cap: f64) -> usize {
    if cap.is_finite() && cap >= 0.0 {
        cap as usize
    } else {
        usize::MAX
    }
}

/// The envelope's JSON with as much of the summary as keeps it within `budget` by `measure`.
fn envelope_within(
    e: Envelope,
    summary: &Summary,
    filters: &[String],
    budget: usize,
    measure: fn(&str) -> usize,
) -> String {
    let mut head = String::with_capacity(320);
    head.push_str("{\"elided\":true,\"code\":\"");
    head.push_str(TOO_LARGE);
    head.push_str("\",\"bytes\":");
    // JSON.stringify writes a non-finite number as null; String() (the hint) writes NaN.
    push_json_number(&mut head, e.chars);
    if let Some(t) = e.tokens {
        head.push_str(",\"tokens\":");
        push_json_number(&mut head, t);
    }
    head.push_str(",\"hint\":");
    push_json_string(&mut head, &elision_hint(e.size, e.cap, e.unit, filters));
    head.push_str(",\"preview\":");
    let preview_budget = budget.saturating_sub(measure(&head) + 1);
    let preview = summary_json_within(summary, preview_budget, measure);
    head.push_str(&preview);
    head.push('}');
    head
}

/// How to cut a text of `len` UTF-16 units to `max_chars`, following the reference's
/// `text.slice(0, maxChars) + "\n…[" + (len - maxChars) + " chars elided of " + len + "]"`.
#[derive(Debug, PartialEq)]
pub struct TextCut {
    /// UTF-16 units of the original text to keep.
    pub keep: usize,
    /// The marker appended after the kept prefix.
    pub marker: String,
}

/// Plans the cut, or `None` when the text fits (`len <= max_chars`; a NaN cap never fits, as in
/// the reference). `splits_pair(i)` says whether units `i - 1` and `i` form a surrogate pair:
/// the reference would cut such a pair in half and leave a lone surrogate; this keeps the cut
/// one unit earlier and counts that unit as elided.
pub fn plan_text_cut(len: usize, max_chars: f64, splits_pair: impl Fn(usize) -> bool) -> Option<TextCut> {
    let (keep, elided) = plan_cut(len, max_chars, splits_pair)?;
    Some(TextCut { keep, marker: cut_marker(elided, len as f64) })
}

/// `"\n…[" + elided + " chars elided of " + len + "]"`, the numbers as `String()` prints them.
pub fn cut_marker(elided: f64, len: f64) -> String {
    let mut marker = String::from("\n…[");
    push_js_number(&mut marker, elided);
    marker.push_str(" chars elided of ");
    push_js_number(&mut marker, len);
    marker.push(']');
    marker
}

/// Where `text.slice(0, max_chars)` ends for a text of `len` UTF-16 units, moved back one unit
/// when it would split a surrogate pair, and how many units that leaves out (`len - max_chars`,
/// plus the unit moved back). `None` when the text fits (`len <= max_chars`).
pub fn plan_cut(len: usize, max_chars: f64, splits_pair: impl Fn(usize) -> bool) -> Option<(usize, f64)> {
    let len_f = len as f64;
    if len_f <= max_chars {
        return None;
    }
    let mut keep = js_slice_end(len, max_chars);
    let mut elided = len_f - max_chars;
    if keep > 0 && keep < len && splits_pair(keep) {
        keep -= 1;
        elided += 1.0;
    }
    Some((keep, elided))
}

/// The end index `String.prototype.slice(0, end)` resolves to (ToIntegerOrInfinity, negative
/// counts from the end, clamped to the length).
fn js_slice_end(len: usize, end: f64) -> usize {
    if end.is_nan() {
        return 0;
    }
    let end = end.trunc();
    let len_f = len as f64;
    let resolved = if end < 0.0 { (len_f + end).max(0.0) } else { end.min(len_f) };
    resolved as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cap::summary::Shape;

    #[test]
    fn envelope_is_compact_json_in_reference_key_order() {
        let summary = Summary::Object(vec![("\"a\"".into(), Shape::Array(3))]);
        let got = elision_envelope(12.0, None, 1000.0, CapUnit::Chars, &summary, &[]);
        assert!(
            got.starts_with(
                r#"{"elided":true,"code":"TOO_LARGE","bytes":12,"hint":"Response was 12 chars (cap 1000). "#
            ),
            "{got}"
        );
        assert!(got.ends_with(r#"accepts.","preview":{"a":"array(3)"}}"#), "{got}");
        let tokens = elision_envelope(12.0, Some(7.0), 5.0, CapUnit::Tokens, &Summary::Array(1), &[]);
        assert!(
            tokens.starts_with(
                r#"{"elided":true,"code":"TOO_LARGE","bytes":12,"tokens":7,"hint":"Response was 7 tokens (cap 5)."#
            ),
            "{tokens}"
        );
    }

    #[test]
    fn envelope_writes_non_finite_sizes_as_json_null() {
        // Found by fuzz/fuzz_targets/cap.rs (fuzz/regressions/cap-nan-tokens): `"tokens":NaN`
        // made the envelope invalid JSON; JSON.stringify writes null there.
        let got = elision_envelope(259.0, Some(f64::NAN), 29812.0, CapUnit::Chars, &Summary::Array(1), &[]);
        assert!(got.starts_with(r#"{"elided":true,"code":"TOO_LARGE","bytes":259,"tokens":null,"hint":"Response was 259 chars (cap 29812)."#), "{got}");
        let got =
            elision_envelope(f64::INFINITY, Some(f64::NEG_INFINITY), 10.0, CapUnit::Tokens, &Summary::Array(1), &[]);
        assert!(got.starts_with(r#"{"elided":true,"code":"TOO_LARGE","bytes":null,"tokens":null,"hint":"Response was -Infinity tokens (cap 10)."#), "{got}");
    }

    #[test]
    fn envelope_floor_is_the_marker_only_preview() {
        // fuzz/fuzz_targets/cap.rs checks this bound; the doc once said "an empty preview",
        // which an object preview never shrinks to.
        // One key whose entry is longer than the marker, so only the marker can fit.
        let summary = Summary::Object(vec![(format!("\"{}\"", "k".repeat(40)), Shape::Null)]);
        let marker = r#"{"…":"1 more keys"}"#;
        // The hint prints the cap, so find the cap equal to its own marker-only envelope size.
        let floor_at = |cap: f64| {
            utf16_len(&elision_envelope(1e6, None, cap, CapUnit::Chars, &Summary::Object(Vec::new()), &[])) - 2
                + utf16_len(marker)
        };
        let cap = floor_at(floor_at(300.0) as f64);
        assert_eq!(floor_at(cap as f64), cap);
        let got = elision_envelope(1e6, None, cap as f64, CapUnit::Chars, &summary, &[]);
        assert!(got.ends_with(r#""preview":{"…":"1 more keys"}}"#), "{got}");
        assert_eq!(utf16_len(&got), cap);
        // One unit less and only the marker's own size is over: the documented exception.
        let got = elision_envelope(1e6, None, (cap - 1) as f64, CapUnit::Chars, &summary, &[]);
        assert_eq!(utf16_len(&got), cap);
    }

    #[test]
    fn envelope_stays_within_the_cap_when_the_preview_is_huge() {
        let entries = (0..5000).map(|i| (format!("\"key{i}\""), Shape::Object(i))).collect();
        let summary = Summary::Object(entries);
        let got = elision_envelope(1e6, None, 2000.0, CapUnit::Chars, &summary, &[]);
        assert!(utf16_len(&got) <= 2000, "{}", utf16_len(&got));
        assert!(got.ends_with(r#"more keys"}}"#), "{got}");
    }

    #[test]
    fn cut_follows_js_slice_and_reference_marker() {
        let never = |_| false;
        assert_eq!(plan_text_cut(10, 10.0, never), None);
        assert_eq!(
            plan_text_cut(10, 4.0, never),
            Some(TextCut { keep: 4, marker: "\n…[6 chars elided of 10]".into() })
        );
        assert_eq!(plan_text_cut(10, 0.0, never).map(|c| c.keep), Some(0));
        assert_eq!(
            plan_text_cut(10, -3.0, never),
            Some(TextCut { keep: 7, marker: "\n…[13 chars elided of 10]".into() })
        );
        assert_eq!(
            plan_text_cut(10, 2.5, never),
            Some(TextCut { keep: 2, marker: "\n…[7.5 chars elided of 10]".into() })
        );
        assert_eq!(
            plan_text_cut(10, f64::NAN, never),
            Some(TextCut { keep: 0, marker: "\n…[NaN chars elided of 10]".into() })
        );
    }

    #[test]
    fn cut_never_splits_a_surrogate_pair() {
        let got = plan_text_cut(6, 3.0, |i| i == 3);
        assert_eq!(got, Some(TextCut { keep: 2, marker: "\n…[4 chars elided of 6]".into() }));
    }
}
