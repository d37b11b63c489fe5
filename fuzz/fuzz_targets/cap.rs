//! The cap: `elision_envelope` and `plan_text_cut`.
//!
//! Envelope: always valid JSON with the reference's keys in order, and within the cap whenever
//! the cap is at least the size of the same envelope with the smallest preview it can have (for
//! an object, the `"…":"N more keys"` marker alone), the bound `elision_envelope` documents. Text cut: `None` exactly when the text fits; otherwise the kept
//! prefix is `text.slice(0, maxChars)` except that it never ends between a surrogate pair, and
//! the marker counts exactly what was dropped.
#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use modoki_budget::cap::summary::{Shape, Summary};
use modoki_budget::cap::{elision_envelope, plan_text_cut, CapUnit};
use modoki_budget::json::number::js_number_string;
use modoki_budget::json::string::{json_string, utf16_len};
use serde_json::Value;

fn shape(u: &mut Unstructured) -> Result<Shape> {
    Ok(match u.int_in_range(0..=4u8)? {
        0 => Shape::Null,
        1 => Shape::Array(u.arbitrary::<u32>()? as usize),
        2 => Shape::Object(u.arbitrary::<u32>()? as usize),
        3 => {
            let s: String = u.arbitrary()?;
            // V8 quotes only the strings describe() may show.
            let quoted = u.arbitrary::<bool>()?.then(|| json_string(&s));
            Shape::Text { utf16_len: utf16_len(&s), quoted }
        }
        // String(number | boolean | undefined): short by construction in JS.
        _ => Shape::Other(js_number_string(u.arbitrary()?)),
    })
}

fn summary(u: &mut Unstructured) -> Result<Summary> {
    Ok(match u.int_in_range(0..=2u8)? {
        0 => Summary::Scalar(shape(u)?),
        1 => Summary::Array(u.arbitrary::<u32>()? as usize),
        _ => {
            let n = u.int_in_range(0..=64usize)?;
            let mut entries = Vec::with_capacity(n);
            for _ in 0..n {
                let key: String = u.arbitrary()?;
                entries.push((json_string(&key), shape(u)?));
            }
            Summary::Object(entries)
        }
    })
}

fn number(u: &mut Unstructured) -> Result<f64> {
    Ok(match u.int_in_range(0..=3u8)? {
        0 => f64::from(u.arbitrary::<u16>()?),
        1 => f64::from(u.arbitrary::<u32>()?),
        2 => u.arbitrary::<f64>()?,
        _ => f64::from(u.arbitrary::<u16>()?) + 0.5,
    })
}

fn envelope(u: &mut Unstructured) -> Result<()> {
    let chars = number(u)?;
    let tokens = if u.arbitrary()? { Some(number(u)?) } else { None };
    let cap = number(u)?;
    let unit = match u.int_in_range(0..=2u8)? {
        0 => CapUnit::Chars,
        1 => CapUnit::Tokens,
        _ => CapUnit::Bytes,
    };
    let summary = summary(u)?;
    let filters: Vec<String> = u.arbitrary()?;
    let out = elision_envelope(chars, tokens, cap, unit, &summary, &filters);
    let parsed: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("invalid envelope {out:?}: {e}"));
    let keys: Vec<&str> = parsed.as_object().expect("object").keys().map(String::as_str).collect();
    let want: &[&str] = if tokens.is_some() {
        &["elided", "code", "bytes", "tokens", "hint", "preview"]
    } else {
        &["elided", "code", "bytes", "hint", "preview"]
    };
    assert_eq!(keys, want);
    assert_eq!(parsed["code"], "TOO_LARGE");
    let measure = match unit {
        CapUnit::Chars => utf16_len,
        CapUnit::Tokens | CapUnit::Bytes => str::len,
    };
    // The smallest envelope the preview can shrink to: an object's preview becomes the
    // `{"…":"N more keys"}` marker alone (never a misleading `{}`); other previews are fixed.
    let floor = match &summary {
        Summary::Object(entries) if !entries.is_empty() => {
            let empty = measure(&elision_envelope(chars, tokens, cap, unit, &Summary::Object(Vec::new()), &filters));
            empty - 2 + measure(&format!("{{\"…\":\"{} more keys\"}}", entries.len()))
        }
        _ => measure(&elision_envelope(chars, tokens, cap, unit, &Summary::Object(Vec::new()), &filters))
            .max(measure(&out)),
    };
    if cap.is_finite() && cap >= floor as f64 {
        assert!(measure(&out) as f64 <= cap, "envelope of {} exceeds cap {cap} (floor {floor}): {out}", measure(&out));
    }
    Ok(())
}

fn text_cut(u: &mut Unstructured) -> Result<()> {
    let units: Vec<u16> = u.arbitrary()?;
    let max = number(u)?;
    let max = if u.arbitrary()? { -max } else { max };
    let is_high = |c: u16| (0xD800..0xDC00).contains(&c);
    let is_low = |c: u16| (0xDC00..0xE000).contains(&c);
    let splits = |i: usize| i > 0 && i < units.len() && is_high(units[i - 1]) && is_low(units[i]);
    let len = units.len();
    match plan_text_cut(len, max, splits) {
        None => assert!(len as f64 <= max, "len {len} > max {max} but no cut"),
        Some(cut) => {
            // NaN never fits (as in the reference), so this is not `len > max`.
            let fits = len as f64 <= max;
            assert!(!fits, "len {len} fits {max} but cut");
            // text.slice(0, max): ToIntegerOrInfinity, negative from the end, clamped.
            // (-0.5 truncates to -0, which is not negative: slice(0, -0.5) is empty.)
            let end = max.trunc();
            let slice_end = if max.is_nan() {
                0
            } else if end < 0.0 {
                (len as f64 + end).max(0.0) as usize
            } else {
                (end as usize).min(len)
            };
            assert!(
                cut.keep == slice_end || (cut.keep + 1 == slice_end && splits(slice_end)),
                "keep {} slice_end {slice_end}",
                cut.keep
            );
            assert!(!splits(cut.keep), "cut splits a pair at {}", cut.keep);
            let extra = if cut.keep < slice_end { 1.0 } else { 0.0 };
            let want = format!(
                "\n…[{} chars elided of {}]",
                js_number_string(len as f64 - max + extra),
                js_number_string(len as f64)
            );
            assert_eq!(cut.marker, want);
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let _ = if u.arbitrary::<bool>().unwrap_or(false) { text_cut(&mut u) } else { envelope(&mut u) };
});
