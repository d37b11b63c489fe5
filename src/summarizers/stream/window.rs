//! How many items a stream reply keeps, from which end, and the sentence that says so.
//!
//! One rule for every tail and head: an explicit `limit` wins when it is a finite number (a
//! huge one is the "give me everything" escape hatch), anything else falls back to the default,
//! and a negative limit is 0. Two traps this rule exists for: `limit: 0` must return nothing
//! (JavaScript's `slice(-0)` is the whole array), and a NaN limit must not disable the tail.

use serde_json::Value;

use super::{histogram, js_string, list, number};
use crate::error::Result;

/// Console entries a bare read returns: ~162 chars each, so ~8k chars, against a ring whose
/// unbounded read is ~20–27k tokens.
pub const CONSOLE_TAIL_DEFAULT: usize = 50;
/// Game journal events a bare read returns: ~102–226 chars each against a 10,000-event ring.
pub const JOURNAL_TAIL_DEFAULT: usize = 100;
/// Editor journal events a bare read returns: ~130–253 chars each against a 2,000-event ring.
pub const EDITOR_JOURNAL_TAIL_DEFAULT: usize = 100;

/// The window size the caller asked for: `limit` when it is a finite number, else `default`,
/// and never below 0. NaN (a default that is not a number) means no bound at all.
pub fn window_size(limit: Option<f64>, default: f64) -> f64 {
    let n = match limit {
        Some(x) if x.is_finite() => x,
        _ => default,
    };
    // Math.max(0, NaN) is NaN: a missing default keeps everything.
    if n.is_nan() {
        n
    } else {
        n.max(0.0)
    }
}

/// How many of `len` items a window of `size` keeps. A fractional size keeps its whole part,
/// so `0.5` keeps none (JavaScript's `slice(-0.5)` would keep everything).
pub fn kept(len: usize, size: f64) -> usize {
    if size.is_nan() || size >= len as f64 {
        return len;
    }
    size.floor() as usize
}

/// The window of a query value: `limit` counts only when it is a JSON number.
pub fn kept_for(len: usize, limit: Option<&Value>, default: usize) -> usize {
    kept(len, window_size(number(limit), default as f64))
}

/// The last `n` of `items`, and whether any were left out.
pub fn take_tail<T>(items: &[T], n: usize) -> (&[T], bool) {
    let n = n.min(items.len());
    (&items[items.len() - n..], n < items.len())
}

/// The first `n` of `items` (a forward cursor's page), and whether any were left out.
pub fn take_head<T>(items: &[T], n: usize) -> (&[T], bool) {
    let n = n.min(items.len());
    (&items[..n], n < items.len())
}

/// The one sentence that turns a truncated tail into an actionable one.
pub fn tail_hint(kind: &str, shown: usize, total: usize, extra: &str) -> String {
    format!("Showing the last {shown} of {total} {kind} (newest last). Raise limit=N for more{extra}.")
}

/// `tailWithCounts` over type keys the caller's `typeOf` computed in JS: the histogram over
/// every key, and the window (`limit` absent = `null`; `default_limit` absent = no bound).
/// JS slices its own items with the returned `kept`.
pub fn tail_plan(keys: &Value, limit: &Value, default_limit: &Value) -> Result<String> {
    let keys = list(keys, "tailWithCounts: keys")?;
    let default = number(Some(default_limit)).unwrap_or(f64::NAN);
    let n = kept(keys.len(), window_size(number(Some(limit)), default));
    let by_type = histogram(keys, |k| if k.is_null() { "?".to_owned() } else { js_string(Some(k)) });
    let mut out = super::super::Obj::new();
    out.set("kept", super::count(n))
        .set("total", super::count(keys.len()))
        .set("truncated", n < keys.len())
        .set("byType", by_type);
    Ok(out.to_json())
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testing::json as p;

    #[test]
    fn limit_guards() {
        // (limit, default, len) -> kept
        let cases: &[(Option<f64>, f64, usize, usize)] = &[
            (Some(2.0), 99.0, 5, 2),
            (Some(0.0), 99.0, 5, 0),
            (Some(-3.0), 99.0, 5, 0),
            (Some(f64::NAN), 2.0, 5, 2),
            (Some(f64::INFINITY), 2.0, 5, 2),
            (Some(1e300), 2.0, 5, 5),
            (Some(2.9), 99.0, 5, 2),
            (Some(0.5), 99.0, 5, 0),
            (None, 50.0, 200, 50),
            (None, f64::NAN, 7, 7),
            (None, -1.0, 7, 0),
            (Some(50.0), 0.0, 50, 50),
        ];
        for &(limit, default, len, want) in cases {
            assert_eq!(kept(len, window_size(limit, default)), want, "{limit:?} {default} {len}");
        }
        assert_eq!(kept_for(5, Some(&p("\"3\"")), 2), 2, "a string limit is not a number");
    }

    #[test]
    fn tail_and_head_report_truncation() {
        let xs = p("[1,2,3,4,5]");
        let xs = xs.as_array().expect("array");
        assert_eq!(take_tail(xs, 2), (&xs[3..], true));
        assert_eq!(take_head(xs, 2), (&xs[..2], true));
        assert_eq!(take_tail(xs, 5), (&xs[..], false));
        assert_eq!(take_head::<Value>(&[], 0), (&[][..], false));
    }

    #[test]
    fn tail_plan_histogram_covers_everything() {
        let keys = r#"["a","b","a","__proto__",null,"constructor"]"#;
        assert_eq!(
            tail_plan(&p(keys), &p("2"), &p("50")).expect("ok"),
            r#"{"kept":2,"total":6,"truncated":true,"byType":{"a":2,"b":1,"__proto__":1,"?":1,"constructor":1}}"#
        );
        assert!(tail_plan(&p(keys), &p("null"), &p("null"))
            .expect("ok")
            .starts_with(r#"{"kept":6,"total":6,"truncated":false"#));
        assert!(tail_plan(&p(keys), &p("0"), &p("50"))
            .expect("ok")
            .starts_with(r#"{"kept":0,"total":6,"truncated":true"#));
        assert_eq!(
            tail_plan(&p("[]"), &p("5"), &p("5")).expect("ok"),
            r#"{"kept":0,"total":0,"truncated":false,"byType":{}}"#
        );
        assert_eq!(
            tail_plan(&p("{}"), &p("5"), &p("5")).map_err(|e| e.code),
            Err(crate::error::ErrorCode::InvalidInput)
        );
    }

    #[test]
    fn tail_hint_text() {
        assert_eq!(
            tail_hint("events", 50, 1200, ", or narrow with type="),
            "Showing the last 50 of 1200 events (newest last). Raise limit=N for more, or narrow with type=."
        );
    }
}
