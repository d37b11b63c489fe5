//! A small sample of a large JSON text, read in one pass without building its value — when the
//! text is already exactly what `JSON.stringify(JSON.parse(text))` prints.
//!
//! A report on a 50 MB payload needs its compact text (to count and round) and only a sample of
//! its value: the envelope's preview reads the top level, and a shape's schema reads the first
//! items of each array. Building the whole value for that costs several times the text in memory.
//! So [`sample_v8_compact`] checks the text is V8's own compact form (then the text *is* the
//! compact text) and copies it with every array cut to its first `keep` items, noting the true
//! lengths of the arrays the preview shows. Anything it cannot prove identical — whitespace, a
//! number or escape V8 would write otherwise, a repeated key, keys V8 would reorder, deep
//! nesting — answers `None`, and the caller builds the value as before.

use super::lex::{number_end, skip_string};
use super::number::js_number_string;

/// Nesting deeper than this answers `None`: the caller's own path decides what such text does.
pub const MAX_DEPTH: usize = 512;
/// Objects with more keys than this check repeats with a hash set instead of a scan.
const LINEAR_KEYS: usize = 32;

/// The sample of a text [`sample_v8_compact`] accepted.
#[derive(Debug, PartialEq, Eq)]
pub struct Sample {
    /// The text with every array cut to its first `keep` items (valid JSON, the same shape), in
    /// the input's own encoding (Latin-1 or UTF-8: it is cut at ASCII bytes only).
    pub text: Vec<u8>,
    /// The true lengths of the root array, or of the root object's array values in key order.
    pub root_lengths: Vec<usize>,
}

/// One open container.
struct Frame<'a> {
    array: bool,
    /// Items (or members) read so far.
    count: usize,
    /// Where this object's keys start in the shared key list.
    keys_from: usize,
    /// The keys of a large object.
    set: Option<std::collections::HashSet<&'a [u8]>>,
    /// A key that is not an array index has been read (V8 lists index keys first).
    named: bool,
    last_index: Option<u32>,
    /// Whether this array's items past `keep` are being dropped.
    dropping: bool,
}

/// The sample of `json` (its root an object or array) when it is exactly V8's compact form of
/// its own value; `None` otherwise. Arrays keep their first `keep` items.
pub fn sample_v8_compact(json: &[u8], keep: usize) -> Option<Sample> {
    read(json, keep, true)
}

/// Whether `json` (its root an object or array) is exactly V8's compact form of its own value,
/// as [`sample_v8_compact`] decides it, with nothing copied: the check alone costs no memory
/// beyond the open containers and their keys.
pub fn is_v8_compact(json: &[u8]) -> bool {
    read(json, usize::MAX, false).is_some()
}

/// [`sample_v8_compact`]; with `copying` false the sample stays empty.
fn read(json: &[u8], keep: usize, copying: bool) -> Option<Sample> {
    if !matches!(json.first(), Some(b'{' | b'[')) {
        return None;
    }
    let mut out: Vec<u8> = Vec::new();
    let mut root_lengths = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    let mut keys: Vec<&[u8]> = Vec::new();
    let mut i = 0;
    // Each turn reads one value (with the key before it, in an object), then what closes it.
    loop {
        let dropping = stack.last().map_or(!copying, |f| f.dropping);
        let start = i;
        match *json.get(i)? {
            b'{' | b'[' => {
                if stack.len() >= MAX_DEPTH {
                    return None;
                }
                let array = json[i] == b'[';
                let close = if array { b']' } else { b'}' };
                if json.get(i + 1) == Some(&close) {
                    i += 2;
                    copy(&mut out, dropping, &json[start..i]);
                    if array && at_root_level(&stack) {
                        root_lengths.push(0);
                    }
                } else {
                    i += 1;
                    copy(&mut out, dropping, &json[start..i]);
                    stack.push(Frame {
                        array,
                        count: 0,
                        keys_from: keys.len(),
                        set: None,
                        named: false,
                        last_index: None,
                        dropping,
                    });
                    if !array {
                        let from = i;
                        i = read_key(json, i, &mut stack, &mut keys)?;
                        copy(&mut out, dropping, &json[from..i]);
                    }
                    continue;
                }
            }
            b'"' => {
                i = read_string(json, i)?;
                copy(&mut out, dropping, &json[start..i]);
            }
            b't' | b'f' | b'n' => {
                let word: &[u8] = match json[i] {
                    b't' => b"true",
                    b'f' => b"false",
                    _ => b"null",
                };
                if !json[i..].starts_with(word) {
                    return None;
                }
                i += word.len();
                copy(&mut out, dropping, word);
            }
            b'-' | b'0'..=b'9' => {
                i = read_number(json, i)?;
                copy(&mut out, dropping, &json[start..i]);
            }
            _ => return None,
        }
        // Close what ends here, then step to the next item or member.
        loop {
            let Some(frame) = stack.last_mut() else {
                return (i == json.len()).then_some(Sample { text: out, root_lengths });
            };
            frame.count += 1;
            match json.get(i)? {
                b',' => {
                    i += 1;
                    let cut = frame.array && frame.count >= keep && !frame.dropping;
                    let dropping = frame.dropping || cut;
                    frame.dropping = frame.dropping || cut;
                    if !dropping {
                        out.push(b',');
                    }
                    if !frame.array {
                        let from = i;
                        i = read_key(json, i, &mut stack, &mut keys)?;
                        if !dropping {
                            out.extend_from_slice(&json[from..i]);
                        }
                    }
                    break;
                }
                b']' | b'}' => {
                    let close = json[i];
                    i += 1;
                    let frame = stack.pop()?;
                    if (close == b']') != frame.array {
                        return None;
                    }
                    keys.truncate(frame.keys_from);
                    let parent_dropping = stack.last().map_or(!copying, |f| f.dropping);
                    copy(&mut out, parent_dropping, &[close]);
                    if frame.array && at_root_level(&stack) {
                        root_lengths.push(frame.count);
                    }
                }
                _ => return None,
            }
        }
    }
}

/// Whether a value read with `stack` open is the root or one of the root object's values: the
/// arrays whose true lengths the preview shows.
fn at_root_level(stack: &[Frame]) -> bool {
    match stack {
        [] => true,
        [root] => !root.array,
        _ => false,
    }
}

fn copy(out: &mut Vec<u8>, dropping: bool, bytes: &[u8]) {
    if !dropping {
        out.extend_from_slice(bytes);
    }
}

/// Reads `"key":` at `i` (the object on top of `stack`); the index just past the colon. `None`
/// for a key V8 would not print here: a repeat, or an array index after another key or out of
/// ascending order (V8 lists index keys first, ascending).
fn read_key<'a>(json: &'a [u8], i: usize, stack: &mut [Frame<'a>], keys: &mut Vec<&'a [u8]>) -> Option<usize> {
    if json.get(i) != Some(&b'"') {
        return None;
    }
    let end = read_string(json, i)?;
    if json.get(end) != Some(&b':') {
        return None;
    }
    let key = &json[i + 1..end - 1];
    let frame = stack.last_mut()?;
    match array_index(key) {
        Some(index) => {
            if frame.named || frame.last_index.is_some_and(|last| last >= index) {
                return None;
            }
            frame.last_index = Some(index);
        }
        None => frame.named = true,
    }
    // Escapes are in their one canonical form, so equal keys have equal bytes.
    let own = &keys[frame.keys_from..];
    if let Some(set) = frame.set.as_mut() {
        if !set.insert(key) {
            return None;
        }
    } else if own.contains(&key) {
        return None;
    } else if own.len() >= LINEAR_KEYS {
        let mut set: std::collections::HashSet<&[u8]> = own.iter().copied().collect();
        set.insert(key);
        frame.set = Some(set);
    }
    if frame.set.is_none() {
        keys.push(key);
    }
    Some(end + 1)
}

/// The array index `key` names (`0`, or digits without a leading zero, at most 2^32 − 2).
fn array_index(key: &[u8]) -> Option<u32> {
    match key {
        [b'0'] => Some(0),
        [b'1'..=b'9', rest @ ..] if rest.len() < 10 && rest.iter().all(u8::is_ascii_digit) => {
            let n: u64 = key.iter().fold(0, |n, &d| n * 10 + u64::from(d - b'0'));
            (n <= u64::from(u32::MAX - 1)).then_some(n as u32)
        }
        _ => None,
    }
}

/// The end of the string at `i` when every escape in it is the one V8 writes: `\"`, `\\`, the
/// five short forms, and `\u00XX` (lowercase) for the other control characters. Lone
/// surrogates arrive here already replaced, so the caller checks for them before.
fn read_string(json: &[u8], i: usize) -> Option<usize> {
    let end = skip_string(json, i);
    let body = json.get(i + 1..end.checked_sub(1)?)?;
    if json.get(end - 1) != Some(&b'"') || end - 1 <= i {
        return None;
    }
    let mut k = 0;
    while k < body.len() {
        match body[k] {
            0..=0x1f => return None,
            b'\\' => {
                k += 1;
                match body.get(k)? {
                    b'"' | b'\\' | b'b' | b'f' | b'n' | b'r' | b't' => k += 1,
                    b'u' => {
                        let hex = body.get(k + 1..k + 5)?;
                        let lower = |b: &u8| b.is_ascii_digit() || (b'a'..=b'f').contains(b);
                        if hex[0] != b'0' || hex[1] != b'0' || !hex.iter().all(lower) || hex[2] > b'1' {
                            return None;
                        }
                        let code = u8::from_str_radix(std::str::from_utf8(&hex[2..]).ok()?, 16).ok()?;
                        if matches!(code, 0x08 | 0x09 | 0x0a | 0x0c | 0x0d) {
                            return None;
                        }
                        k += 5;
                    }
                    _ => return None,
                }
            }
            _ => k += 1,
        }
    }
    Some(end)
}

/// The end of the number at `i` (a `-` or a digit) when it is written as V8 writes its value
/// (`String(x)`).
fn read_number(json: &[u8], i: usize) -> Option<usize> {
    let end = number_end(json, i);
    let token = &json[i..end];
    let digits = token.strip_prefix(b"-").unwrap_or(token);
    // Integers below 1e15 without a leading zero print as themselves; "-0" prints as "0".
    let plain =
        matches!(digits, [b'1'..=b'9', ..] | [b'0']) && digits.len() <= 15 && digits.iter().all(u8::is_ascii_digit);
    if plain && token != b"-0" {
        return Some(end);
    }
    // V8's form of a finite number is always in JSON's grammar, so being equal to it checks
    // the grammar too ("01", "1.", "+1" and "inf" parse, but print otherwise).
    let text = std::str::from_utf8(token).ok()?;
    let x: f64 = text.parse().ok()?;
    (x.is_finite() && js_number_string(x) == text).then_some(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(json: &str, keep: usize) -> Option<(String, Vec<usize>)> {
        sample_v8_compact(json.as_bytes(), keep).map(|s| (String::from_utf8(s.text).unwrap(), s.root_lengths))
    }

    #[test]
    fn cuts_every_array_and_keeps_the_root_lengths() {
        let json = r#"{"a":[1,2,3,4],"b":{"c":[[1,2,3],[4],[5],[6]]},"d":"x","e":[]}"#;
        assert_eq!(
            sample(json, 2),
            Some((r#"{"a":[1,2],"b":{"c":[[1,2],[4]]},"d":"x","e":[]}"#.to_owned(), vec![4, 0]))
        );
        assert_eq!(sample("[[1,2,3],{\"a\":[1,2,3]},3]", 2), Some(("[[1,2],{\"a\":[1,2]}]".to_owned(), vec![3])));
        assert_eq!(sample("[]", 50), Some(("[]".to_owned(), vec![0])));
        assert_eq!(sample("{}", 50), Some(("{}".to_owned(), vec![])));
        // Dropped items may hold containers of any depth.
        assert_eq!(sample(r#"[1,{"a":[{"b":[]}]},[[[]]]]"#, 1), Some(("[1]".to_owned(), vec![3])));
    }

    #[test]
    fn accepts_what_v8_prints() {
        for json in [
            r#"{"n":[0,-1,1.5,-0.001,1e+21,1.7976931348623157e+308,5e-324,123456789012345,0.000001,1e-7]}"#,
            "{\"s\":\"a\\\"b\\\\c\\n\\t\\r\\b\\f\\u0000\\u001f\u{7f} é 😀 \u{2028}\"}",
            r#"{"0":1,"1":2,"10":3,"4294967295":4,"b":5,"01":6,"__proto__":7}"#,
            r#"[true,false,null,{"":""}]"#,
        ] {
            assert!(sample(json, 50).is_some(), "{json}");
            assert!(is_v8_compact(json.as_bytes()), "{json}");
        }
    }

    #[test]
    fn refuses_what_v8_would_print_otherwise() {
        for json in [
            "{ \"a\":1}",
            "[1, 2]",
            "[1]\n",
            r#"{"n":1.50}"#,
            r#"{"n":1E+21}"#,
            r#"{"n":1e21}"#,
            r#"{"n":-0}"#,
            r#"{"n":1e400}"#,
            r#"{"n":0.1e1}"#,
            r#"{"n":01}"#,
            r#"{"n":1.}"#,
            r#"{"n":+1}"#,
            r#"{"n":.5}"#,
            r#"{"n":-inf}"#,
            r#"{"n":1234567890123456789}"#,
            r#"{"s":"\u00e9"}"#,
            r#"{"s":"\u007f"}"#,
            r#"{"s":"\u2028"}"#,
            r#"{"s":"\/"}"#,
            r#"{"s":"\u000a"}"#,
            r#"{"s":"\u001F"}"#,
            r#"{"s":"\ud83d\ude00"}"#,
            r#"{"a":1,"a":2}"#,
            r#"{"b":1,"0":2}"#,
            r#"{"2":1,"1":2}"#,
            r#"{"a":tru}"#,
            r#"{"a":1"#,
            r#"{"a":1]"#,
            r#"[1}"#,
            "[1],",
            "\"text\"",
            "1",
            "",
            "[\"a\u{1}\"]",
        ] {
            assert_eq!(sample(json, 50), None, "{json}");
            assert!(!is_v8_compact(json.as_bytes()), "{json}");
        }
    }

    #[test]
    fn finds_a_repeat_among_many_keys() {
        let keys: Vec<String> = (0..100).map(|k| format!("\"k{k}\":{k}")).collect();
        let unique = format!("{{{}}}", keys.join(","));
        assert!(sample(&unique, 50).is_some());
        let repeated = format!("{{{},\"k7\":0}}", keys.join(","));
        assert_eq!(sample(&repeated, 50), None);
    }

    #[test]
    fn deep_nesting_is_left_to_the_caller() {
        let deep = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        assert_eq!(sample(&deep, 50), None);
        let fine = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(sample(&fine, 50).is_some());
        assert!(!is_v8_compact(deep.as_bytes()));
        assert!(is_v8_compact(fine.as_bytes()));
    }

    #[test]
    fn the_check_alone_copies_nothing_and_reads_past_every_cut() {
        // A repeat after the items a sample keeps is still found.
        let rows: Vec<String> = (0..1000).map(|i| format!("{{\"i\":{i}}}")).collect();
        let good = format!("{{\"rows\":[{}]}}", rows.join(","));
        assert!(is_v8_compact(good.as_bytes()));
        assert_eq!(read(good.as_bytes(), usize::MAX, false).map(|s| s.text), Some(Vec::new()));
        let bad = good.replacen("{\"i\":999}", "{\"i\":999,\"i\":1}", 1);
        assert!(!is_v8_compact(bad.as_bytes()));
    }
}
