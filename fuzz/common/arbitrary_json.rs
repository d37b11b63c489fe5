//! Arbitrary JSON values shaped like tool results: most bytes go to collections and strings
//! (what pages and previews split), with the keys data can carry (`__proto__`, serde_json's
//! private marker keys, escapes, astral chars) and the numbers V8 prints in every form.

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use modoki_budget::json::value::to_json;
use serde_json::{Map, Number, Value};

/// Keys that have tripped readers before; data can carry any key.
const HOSTILE_KEYS: [&str; 7] = [
    "__proto__",
    "constructor",
    "prototype",
    "$serde_json::private::RawValue",
    "$serde_json::private::Number",
    "_cut",
    "",
];

/// How deep a generated value nests.
const MAX_DEPTH: usize = 6;
/// Rows of a big collection, at most.
const MAX_ROWS: usize = 400;
/// Bytes of a big collection's JSON, about: every input stays fast to count and page.
const MAX_BULK_BYTES: usize = 64 << 10;
/// Times a short piece is repeated in a long string, at most.
const MAX_REPEAT: usize = 96;

/// A string: arbitrary chars, or a short piece repeated (the bulk of a long text).
pub fn string(u: &mut Unstructured) -> Result<String> {
    let s: String = u.arbitrary()?;
    if u.ratio(1, 4)? {
        let times = u.int_in_range(1..=MAX_REPEAT)?;
        return Ok(s.chars().take(8).collect::<String>().repeat(times));
    }
    Ok(s)
}

fn key(u: &mut Unstructured) -> Result<String> {
    if u.ratio(1, 6)? {
        return Ok(u.choose(&HOSTILE_KEYS)?.to_string());
    }
    string(u)
}

fn number(u: &mut Unstructured) -> Result<Value> {
    Ok(match u.int_in_range(0..=3u8)? {
        0 => Value::from(u.int_in_range(-1000..=1000i64)?),
        1 => Value::from(u.arbitrary::<i64>()?),
        2 => Value::from(u.arbitrary::<u64>()?),
        _ => Number::from_f64(u.arbitrary::<f64>()?).map_or(Value::Null, Value::Number),
    })
}

/// A value nested at most [`MAX_DEPTH`] deep.
pub fn value(u: &mut Unstructured, depth: usize) -> Result<Value> {
    let leaf = depth >= MAX_DEPTH || u.is_empty();
    // Big collections only near the top, where a result's rows are.
    let most = if leaf {
        4
    } else if depth > 2 {
        6
    } else {
        7u8
    };
    Ok(match u.int_in_range(0..=most)? {
        0 => Value::Null,
        1 => Value::Bool(u.arbitrary()?),
        2 => number(u)?,
        3 | 4 => Value::String(string(u)?),
        5 => {
            let n = u.int_in_range(0..=24usize)?;
            let mut map = Map::new();
            for _ in 0..n {
                let k = key(u)?;
                map.insert(k, value(u, depth + 1)?);
            }
            Value::Object(map)
        }
        6 => {
            let n = u.int_in_range(0..=24usize)?;
            Value::Array((0..n).map(|_| value(u, depth + 1)).collect::<Result<_>>()?)
        }
        // A big collection: one item repeated with a counter, as rows of a result are.
        _ => {
            let item = value(u, MAX_DEPTH - 1)?;
            let size = to_json(&item).len().max(1);
            let n = u.int_in_range(0..=MAX_ROWS)?.min(MAX_BULK_BYTES / size);
            if u.arbitrary()? {
                let mut map = Map::new();
                for i in 0..n {
                    map.insert(format!("k{i}"), item.clone());
                }
                Value::Object(map)
            } else {
                Value::Array((0..n).map(|i| if i % 7 == 3 { Value::from(i) } else { item.clone() }).collect())
            }
        }
    })
}
