//! `watchRead`: a watch's time-series as the editor's `watch-read` op answers it — per-field
//! stats by default (`first/last/min/max/delta/settled`, ~159 chars a series against ~24,000
//! for 600 raw samples), the raw samples only with `samples`, at most 100 series unless `limit`
//! says otherwise, and every float rounded to `precision` significant digits (default 9).

use serde_json::{Map, Value};

use super::window::kept_for;
use super::{count, float, js_number, js_truthy, object};
use crate::error::Result;
use crate::json::value::to_json;
use crate::round::round_sig;

/// Watch series a read returns when the caller passes no limit.
pub const WATCH_SERIES_LIMIT: usize = 100;
/// Significant digits floats are rounded to when the query names no precision (the boundary
/// default: ~17% fewer tokens on a Transform read, max error 3.5e-7).
pub const WATCH_PRECISION: f64 = 9.0;

/// Summary statistics of one watch series. Declared for the JS types only.
#[cfg(test)]
#[derive(ts_rs::TS)]
#[ts(rename = "WatchStats")]
#[allow(dead_code)]
pub(crate) struct DeclaredStats {
    first: f64,
    last: f64,
    min: f64,
    max: f64,
    delta: f64,
    settled: bool,
}

/// One watch sample: the producer's keys. Declared for the JS types only.
#[cfg(test)]
#[derive(ts_rs::TS)]
#[ts(rename = "WatchSample")]
#[allow(dead_code)]
pub(crate) struct DeclaredSample {
    #[ts(flatten)]
    keys: std::collections::HashMap<String, super::Passed>,
}

/// One watch series as the producer returns it. Declared for the JS types only.
#[cfg(test)]
#[derive(ts_rs::TS)]
#[ts(rename = "WatchSeries", rename_all = "camelCase")]
#[allow(dead_code)]
pub(crate) struct DeclaredSeries {
    guid: String,
    #[ts(optional)]
    name: Option<String>,
    field: String,
    count: f64,
    despawned_at: Option<f64>,
    stats: Option<DeclaredStats>,
    samples: Vec<DeclaredSample>,
}

/// The payload of `watchRead`: the input's keys, series summarized (samples only with
/// `samples`), then the added keys. Declared for the JS types only: the reply is the input's
/// own map.
#[cfg(test)]
#[derive(ts_rs::TS)]
#[ts(rename = "WatchReadResult", rename_all = "camelCase")]
#[allow(dead_code)]
pub(crate) struct DeclaredReply {
    #[ts(type = "Array<Omit<WatchSeries, \"samples\"> & { samples?: Array<WatchSample> }>")]
    series: (),
    /// Series before the limit, when it cut some.
    #[ts(optional)]
    series_total: Option<f64>,
    #[ts(optional, type = "true")]
    series_truncated: Option<()>,
    /// Samples across the returned series (a stats-only read).
    #[ts(optional)]
    total_samples: Option<f64>,
    #[ts(optional)]
    hint: Option<String>,
    #[ts(flatten)]
    rest: std::collections::HashMap<String, super::Passed>,
}

/// `precision` as the editor resolves it: a finite number, a numeric string, else the default.
fn precision(value: Option<&Value>) -> f64 {
    let n = match value {
        Some(Value::Number(_)) => js_number(value),
        Some(Value::String(s)) if !s.is_empty() => js_number(value),
        _ => f64::NAN,
    };
    if n.is_finite() {
        n
    } else {
        WATCH_PRECISION
    }
}

fn round_numbers(value: &mut Value, sig: f64) {
    match value {
        Value::Number(n) => {
            if let Some(x) = n.as_f64() {
                let r = round_sig(x, sig);
                if r != x {
                    *value = float(r);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| round_numbers(v, sig)),
        Value::Object(map) => map.values_mut().for_each(|v| round_numbers(v, sig)),
        _ => {}
    }
}

/// `watchRead(result, { samples, limit, precision })`. A failed read (`ok` present and false)
/// or one without a `series` list passes through untouched, as the editor's op returns it.
pub fn watch_read(result: &Value, query: &Value) -> Result<String> {
    let q = object(query);
    let Some(map) = result.as_object() else { return Ok(to_json(result)) };
    let failed = map.get("ok").is_some_and(|ok| !js_truthy(Some(ok)));
    let Some(series) = map.get("series").and_then(Value::as_array).filter(|_| !failed) else {
        return Ok(to_json(result));
    };
    let n = kept_for(series.len(), q.get("limit"), WATCH_SERIES_LIMIT);
    let with_samples = js_truthy(q.get("samples"));
    let kept: Vec<Value> = series[..n]
        .iter()
        .map(|s| match s {
            Value::Object(m) if !with_samples => Value::Object(
                m.iter().filter(|(k, _)| k.as_str() != "samples").map(|(k, v)| (k.clone(), v.clone())).collect(),
            ),
            other => other.clone(),
        })
        .collect();
    let total_samples: f64 = kept.iter().filter_map(|s| s.get("count").and_then(Value::as_f64)).sum();
    let mut out: Map<String, Value> = map.clone();
    out.insert("series".into(), Value::Array(kept));
    if n < series.len() {
        out.insert("seriesTotal".into(), count(series.len()));
        out.insert("seriesTruncated".into(), Value::Bool(true));
    }
    if !with_samples {
        out.insert("totalSamples".into(), float(total_samples));
        // A producer's own hint (why a filtered read is empty) is the answer and wins.
        if !map.get("hint").is_some_and(Value::is_string) {
            let hint = format!(
                "Stats only ({} samples across {n} series). Pass samples=true for the raw time-series.",
                crate::json::number::js_number_string(total_samples)
            );
            out.insert("hint".into(), Value::from(hint));
        }
    }
    let mut out = Value::Object(out);
    round_numbers(&mut out, precision(q.get("precision")));
    Ok(to_json(&out))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testing::json as p;

    const WATCH: &str = r#"{"ok":true,"watchId":7,"series":[
     {"guid":"g1","name":"Ball","field":"Transform.y","count":3,"despawnedAt":null,"stats":{"first":1.23456789012,"last":0.5,"min":0.5,"max":1.23456789012,"delta":-0.73456789012,"settled":true},"samples":[{"t":0,"value":1.23456789012},{"t":1,"value":0.7},{"t":2,"value":0.5}]},
     {"guid":"g2","field":"Transform.x","count":0,"despawnedAt":12,"stats":null,"samples":[]}
    ]}"#;

    #[test]
    fn stats_only_by_default() {
        assert_eq!(
            watch_read(&p(WATCH), &p("{}")).expect("ok"),
            r#"{"ok":true,"watchId":7,"series":[{"guid":"g1","name":"Ball","field":"Transform.y","count":3,"despawnedAt":null,"stats":{"first":1.23456789,"last":0.5,"min":0.5,"max":1.23456789,"delta":-0.73456789,"settled":true}},{"guid":"g2","field":"Transform.x","count":0,"despawnedAt":12,"stats":null}],"totalSamples":3,"hint":"Stats only (3 samples across 2 series). Pass samples=true for the raw time-series."}"#
        );
        assert!(watch_read(&p(WATCH), &p(r#"{"precision":3}"#)).expect("ok").contains(r#""first":1.23,"#));
    }

    #[test]
    fn samples_limit_and_passthrough() {
        assert_eq!(
            watch_read(&p(WATCH), &p(r#"{"samples":true,"limit":1}"#)).expect("ok"),
            r#"{"ok":true,"watchId":7,"series":[{"guid":"g1","name":"Ball","field":"Transform.y","count":3,"despawnedAt":null,"stats":{"first":1.23456789,"last":0.5,"min":0.5,"max":1.23456789,"delta":-0.73456789,"settled":true},"samples":[{"t":0,"value":1.23456789},{"t":1,"value":0.7},{"t":2,"value":0.5}]}],"seriesTotal":2,"seriesTruncated":true}"#
        );
        let refused = r#"{"ok":false,"error":"no watch 9","series":[{"count":1.23456789012}]}"#;
        assert_eq!(watch_read(&p(refused), &p("{}")).expect("ok"), refused);
        assert_eq!(watch_read(&p("[1.5]"), &p("{}")).expect("ok"), "[1.5]");
        let hinted = r#"{"series":[],"hint":"No series matched name=Bal."}"#;
        assert_eq!(
            watch_read(&p(hinted), &p("{}")).expect("ok"),
            r#"{"series":[],"hint":"No series matched name=Bal.","totalSamples":0}"#
        );
    }

    #[test]
    fn default_series_cap_counts_only_what_came_back() {
        let many: Vec<String> = (0..150).map(|i| format!(r#"{{"guid":"g{i}","count":2,"samples":[]}}"#)).collect();
        let out = p(&watch_read(&p(&format!(r#"{{"series":[{}]}}"#, many.join(","))), &p("{}")).expect("ok"));
        assert_eq!(out["series"].as_array().map(Vec::len), Some(100));
        assert_eq!((out["seriesTotal"].as_u64(), out["totalSamples"].as_u64()), (Some(150), Some(200)));
    }
}
