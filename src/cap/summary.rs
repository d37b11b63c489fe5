//! The envelope's count summary (written under its `"preview"` key): `{ key: <count or type> }`
//! for each top-level key, so an elided response still tells the agent what it would have
//! received — never the payload itself.
//!
//! The binding layer reads the JavaScript value and hands over [`Shape`]s; the wording lives here.

use crate::json::string::push_json_string;

/// Strings longer than this many UTF-16 units are described by length instead of quoted.
pub const QUOTE_LIMIT: usize = 40;

/// What `describe` needs to know about one JavaScript value.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// `null`.
    Null,
    /// An array of this length.
    Array(usize),
    /// A non-array object with this many own enumerable keys.
    Object(usize),
    /// A string: its UTF-16 length and, when it is short enough to be quoted, its
    /// `JSON.stringify` form (computed by V8, so lone surrogates stay exact).
    Text { utf16_len: usize, quoted: Option<String> },
    /// Anything else, as `String(value)` prints it (`7`, `true`, `undefined`, `Symbol(x)`).
    Other(String),
}

/// The reference formatter's `describe(value)`.
pub fn describe(shape: &Shape) -> String {
    match shape {
        Shape::Null => "null".to_owned(),
        Shape::Array(n) => format!("array({n})"),
        Shape::Object(k) => format!("object({k} keys)"),
        Shape::Text { utf16_len, quoted } => match quoted {
            Some(q) if *utf16_len <= QUOTE_LIMIT => q.clone(),
            _ => format!("string({utf16_len})"),
        },
        Shape::Other(text) => text.clone(),
    }
}

/// The top level of a value, as `summarize` sees it.
#[derive(Clone, Debug, PartialEq)]
pub enum Summary {
    /// A non-object value: summarized as `describe(value)`.
    Scalar(Shape),
    /// An array: summarized as `"array(N)"`.
    Array(usize),
    /// An object: its own enumerable keys in order, each already JSON-quoted by V8, with the
    /// shape of its value.
    Object(Vec<(String, Shape)>),
}

/// `JSON.stringify(summarize(value))`.
pub fn summary_json(summary: &Summary) -> String {
    summary_json_unbounded(summary)
}

fn summary_json_unbounded(summary: &Summary) -> String {
    let mut out = String::new();
    match summary {
        Summary::Scalar(shape) => push_json_string(&mut out, &describe(shape)),
        Summary::Array(n) => push_json_string(&mut out, &format!("array({n})")),
        Summary::Object(entries) => {
            out.push('{');
            for (i, (quoted_key, shape)) in entries.iter().enumerate() {
                push_entry(&mut out, i, quoted_key, shape);
            }
            out.push('}');
        }
    }
    out
}

fn push_entry(out: &mut String, index: usize, quoted_key: &str, shape: &Shape) {
    if index > 0 {
        out.push(',');
    }
    out.push_str(quoted_key);
    out.push(':');
    push_json_string(out, &describe(shape));
}

/// Like [`summary_json`], but an object summary keeps only the leading keys that fit in
/// `budget` (as measured by `measure`), followed by `"…":"N more keys"` — so a payload with
/// thousands of top-level keys cannot make the elision envelope itself blow the cap.
/// Keys are never cut in half: an entry is either whole or counted in the marker.
pub fn summary_json_within(summary: &Summary, budget: usize, measure: fn(&str) -> usize) -> String {
    let whole = summary_json_unbounded(summary);
    let Summary::Object(entries) = summary else {
        // A scalar or array summary is one short string: nothing to trim.
        return whole;
    };
    if measure(&whole) <= budget {
        return whole;
    }
    let mut out = String::from("{");
    let mut used = 2;
    for (i, (quoted_key, shape)) in entries.iter().enumerate() {
        let mut entry = String::new();
        push_entry(&mut entry, i, quoted_key, shape);
        let rest = entries.len() - i - 1;
        // Room for the `,"…":"N more keys"` that follows if a later entry does not fit:
        // the comma included (without it a UTF-8 budget could be passed by one byte).
        let reserve = if rest > 0 { 1 + more_keys_entry(rest + 1).len() } else { 0 };
        let size = measure(&entry);
        if used + size + reserve > budget {
            out.push_str(if i > 0 { "," } else { "" });
            out.push_str(&more_keys_entry(entries.len() - i));
            break;
        }
        used += size;
        out.push_str(&entry);
    }
    out.push('}');
    out
}

fn more_keys_entry(count: usize) -> String {
    format!("\"…\":\"{count} more keys\"")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::string::utf16_len;

    fn text(s: &str) -> Shape {
        let quoted = crate::json::string::json_string(s);
        Shape::Text { utf16_len: crate::json::string::utf16_len(s), quoted: Some(quoted) }
    }

    #[test]
    fn describes_like_the_reference() {
        assert_eq!(describe(&Shape::Null), "null");
        assert_eq!(describe(&Shape::Array(3)), "array(3)");
        assert_eq!(describe(&Shape::Object(2)), "object(2 keys)");
        assert_eq!(describe(&text("hi")), "\"hi\"");
        assert_eq!(describe(&text(&"x".repeat(40))), format!("\"{}\"", "x".repeat(40)));
        assert_eq!(describe(&text(&"x".repeat(41))), "string(41)");
        assert_eq!(describe(&Shape::Other("7".into())), "7");
    }

    #[test]
    fn summary_serializes_in_key_order() {
        let summary = Summary::Object(vec![
            ("\"entities\"".into(), Shape::Array(135)),
            ("\"name\"".into(), text("a\"b")),
            ("\"__proto__\"".into(), Shape::Object(0)),
        ]);
        assert_eq!(
            summary_json(&summary),
            r#"{"entities":"array(135)","name":"\"a\\\"b\"","__proto__":"object(0 keys)"}"#
        );
        assert_eq!(summary_json(&Summary::Array(4)), r#""array(4)""#);
        assert_eq!(summary_json(&Summary::Scalar(Shape::Other("12345".into()))), r#""12345""#);
    }

    #[test]
    fn a_summary_that_fits_exactly_is_never_trimmed() {
        // Regression: the marker's reserve made an exactly-fitting preview look too long.
        let summary = Summary::Object(vec![("\"a\"".into(), Shape::Array(1)), ("\"b\"".into(), Shape::Array(2))]);
        let whole = summary_json(&summary);
        assert_eq!(summary_json_within(&summary, utf16_len(&whole), utf16_len), whole);
        assert_eq!(summary_json_within(&summary, utf16_len(&whole) - 1, utf16_len), r#"{"…":"2 more keys"}"#);
    }

    #[test]
    fn bounded_summary_keeps_whole_leading_entries() {
        let entries = (0..100).map(|i| (format!("\"k{i}\""), Shape::Array(i))).collect();
        let summary = Summary::Object(entries);
        let got = summary_json_within(&summary, 60, utf16_len);
        assert_eq!(got, r#"{"k0":"array(0)","k1":"array(1)","…":"98 more keys"}"#);
        assert!(utf16_len(&got) <= 60);
        assert_eq!(summary_json_within(&summary, 10, utf16_len), r#"{"…":"100 more keys"}"#);
    }

    #[test]
    fn bounded_summary_counts_the_comma_before_the_marker() {
        // Found by fuzz/fuzz_targets/cap.rs (fuzz/regressions/cap-marker-comma): measured in
        // UTF-8 bytes (a token cap), the reserve for the marker left out its comma, so the
        // preview could end one byte over its budget.
        let entries: Vec<(String, Shape)> = (0..30).map(|i| (format!("\"k{i}\""), Shape::Null)).collect();
        let summary = Summary::Object(entries);
        for budget in 20..400 {
            let got = summary_json_within(&summary, budget, str::len);
            if got != r#"{"…":"30 more keys"}"# {
                assert!(got.len() <= budget, "budget {budget}: {} bytes: {got}", got.len());
            }
        }
        // The tightest case: two entries and the marker for the rest fill the budget exactly.
        let exact = r#"{"k0":"null","k1":"null","…":"28 more keys"}"#;
        assert_eq!(summary_json_within(&summary, exact.len(), str::len), exact);
    }
}
