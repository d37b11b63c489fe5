//! The one token pass (`elision::json_pass`, `elision::text_pass`) on arbitrary values, texts
//! and caps.
//!
//! Never panics. `fits` is exact: the value is within both caps by `utf16_len` and the
//! reference count. A token count it reports is the exact count. Every page is valid JSON
//! within both caps, numbered `k` of `n`, and the pages rebuild the text byte for byte: text
//! pages by joining their escaped content, collection pages by setting the joined items into
//! `rest` at `path`, and document pages (a string that holds a printed JSON document) by
//! printing the rebuilt document with its `indent` into that string (docs/mcp.md, "Pages").
//! A page cut from the pass's text rebuilds, in the UTF-16 units JavaScript slices by, from its
//! head, the text's span the pass names and its tail (`Pass::spans_in_units`).
//! Arbitrary bytes (not JSON) never panic the pass.
#![no_main]

#[path = "../common/arbitrary_json.rs"]
mod arbitrary_json;

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use modoki_budget::elision::{json_pass, text_pass, Limits, Pass};
use modoki_budget::json::string::{json_string, utf16_len};
use modoki_budget::json::value::to_json;
use modoki_budget::tokens::{count, Encoding};
use serde_json::{Map, Value};

fn limits(u: &mut Unstructured) -> Result<Limits> {
    let max_chars = match u.int_in_range(0..=3u8)? {
        0 => u.int_in_range(0..=64usize)?,
        1 => u.int_in_range(0..=512usize)?,
        2 => u.int_in_range(0..=4096usize)?,
        _ => u.arbitrary::<u32>()? as usize,
    };
    let max_tokens = match u.int_in_range(0..=3u8)? {
        0 => None,
        1 => Some(u.int_in_range(0..=32usize)?),
        _ => Some(u.int_in_range(0..=1024usize)?),
    };
    let max_bytes = if u.arbitrary()? { Some(u.int_in_range(0..=4096usize)?) } else { None };
    let encoding = if u.arbitrary()? { Encoding::O200kBase } else { Encoding::Cl100kBase };
    Ok(Limits { max_chars, max_bytes, max_tokens, encoding })
}

/// A page parsed as JSON; lone-surrogate escapes (which V8 writes and serde refuses) are read
/// as plain escapes of the same width, so a cut inside one still fails.
fn parse_page(page: &str) -> Value {
    let mut readable = String::with_capacity(page.len());
    let mut chars = page.chars();
    while let Some(c) = chars.next() {
        readable.push(c);
        if c == '\\' {
            let escaped = chars.next();
            readable.extend(escaped);
            if escaped == Some('u') {
                let mut hex: String = chars.by_ref().take(4).collect();
                if hex.starts_with(['d', 'D'])
                    && hex[1..].starts_with(['8', '9', 'a', 'b', 'c', 'd', 'e', 'f', 'A', 'B', 'C', 'D', 'E', 'F'])
                {
                    hex.replace_range(..1, "0");
                }
                readable.push_str(&hex);
            }
        }
    }
    serde_json::from_str(&readable).unwrap_or_else(|e| panic!("page is not JSON ({e}): {page}"))
}

fn check_caps(page: &str, limits: Limits) {
    let units = utf16_len(page);
    assert!(units <= limits.max_chars, "page of {units} chars over {}: {page}", limits.max_chars);
    if let Some(cap) = limits.max_bytes {
        assert!(page.len() <= cap, "page of {} bytes over {cap}: {page}", page.len());
    }
    if let Some(cap) = limits.max_tokens {
        let tokens = count(limits.encoding, page).expect("tables are compiled in natively");
        assert!(tokens <= cap, "page of {tokens} tokens over {cap}: {page}");
    }
}

/// The escaped content text pages hold, joined; panics when a page is not a text page.
fn joined_text(pages: &[String]) -> String {
    let n = pages.len();
    let mut content = String::new();
    for (i, page) in pages.iter().enumerate() {
        let head = format!("{{\"page\":{},\"pages\":{n},\"text\":\"", i + 1);
        let body = page.strip_prefix(&head).and_then(|p| p.strip_suffix("\"}"));
        content.push_str(body.unwrap_or_else(|| panic!("not text page {} of {n}: {page}", i + 1)));
    }
    content
}

/// The steps of a page `path`: `$`, `.key`, `["key"]`, `[i]`.
enum Step {
    Key(String),
    Index(usize),
}

fn steps(path: &str) -> Vec<Step> {
    let mut rest = path.strip_prefix('$').unwrap_or_else(|| panic!("path {path:?} does not start at $"));
    let mut out = Vec::new();
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('.') {
            let end = after.find(['.', '[']).unwrap_or(after.len());
            out.push(Step::Key(after[..end].to_owned()));
            rest = &after[end..];
        } else if rest.starts_with("[\"") {
            let mut stream = serde_json::Deserializer::from_str(&rest[1..]).into_iter::<String>();
            let key = stream.next().expect("a key").expect("a JSON string key");
            let end = 1 + stream.byte_offset();
            assert!(rest[end..].starts_with(']'), "unclosed step in {path:?}");
            out.push(Step::Key(key));
            rest = &rest[end + 1..];
        } else if let Some(after) = rest.strip_prefix('[') {
            let end = after.find(']').unwrap_or_else(|| panic!("unclosed index in {path:?}"));
            out.push(Step::Index(after[..end].parse().expect("an index")));
            rest = &after[end + 1..];
        } else {
            panic!("bad path {path:?}");
        }
    }
    out
}

fn at<'v>(mut value: &'v mut Value, steps: &[Step]) -> &'v mut Value {
    for step in steps {
        value = match (step, value) {
            (Step::Key(k), Value::Object(map)) => map.get_mut(k).expect("path key in rest"),
            (Step::Index(i), Value::Array(items)) => items.get_mut(*i).expect("path index in rest"),
            (_, v) => panic!("path step into {v}"),
        };
    }
    value
}

/// `rest` with `items` set in place of the empty collection at `path`.
fn place(mut rest: Value, path: &str, items: Vec<Value>) -> Value {
    let slot = at(&mut rest, &steps(path));
    *slot = match slot {
        Value::Array(a) if a.is_empty() => Value::Array(items),
        Value::Object(m) if m.is_empty() => {
            let mut map = Map::new();
            for pair in items {
                let [k, v] = <[Value; 2]>::try_from(pair.as_array().expect("a pair").clone()).expect("[key, value]");
                map.insert(k.as_str().expect("string key").to_owned(), v);
            }
            Value::Object(map)
        }
        Value::String(s) if s.is_empty() => Value::String(items.iter().map(|p| p.as_str().expect("a piece")).collect()),
        other => panic!("rest holds {other} at {path}, not an empty collection"),
    };
    rest
}

/// `JSON.stringify(value, null, indent)`, written here from V8's rules (scalars as compact JSON).
fn printed(value: &Value, indent: &str, depth: usize, out: &mut String) {
    let (open, close, len) = match value {
        Value::Array(items) => ('[', ']', items.len()),
        Value::Object(map) => ('{', '}', map.len()),
        scalar => return out.push_str(&to_json(scalar)),
    };
    out.push(open);
    if len > 0 {
        let entries: Vec<(Option<&String>, &Value)> = match value {
            Value::Array(items) => items.iter().map(|v| (None, v)).collect(),
            Value::Object(map) => map.iter().map(|(k, v)| (Some(k), v)).collect(),
            _ => unreachable!(),
        };
        for (i, (key, item)) in entries.into_iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            if !indent.is_empty() {
                out.push('\n');
                out.push_str(&indent.repeat(depth + 1));
            }
            if let Some(key) = key {
                out.push_str(&json_string(key));
                out.push_str(if indent.is_empty() { ":" } else { ": " });
            }
            printed(item, indent, depth + 1, out);
        }
        if !indent.is_empty() {
            out.push('\n');
            out.push_str(&indent.repeat(depth));
        }
    }
    out.push(close);
}

/// The value the collection pages rebuild (with a document inside a string, when they say so).
fn rebuild(pages: &[Value]) -> Value {
    let n = pages.len();
    let path = pages[0]["path"].as_str().expect("path").to_owned();
    let document = pages[0].get("document").cloned();
    let mut items = Vec::new();
    for (i, page) in pages.iter().enumerate() {
        let keys: Vec<&str> = page.as_object().expect("object").keys().map(String::as_str).collect();
        let want: &[&str] = match (i == 0, document.is_some()) {
            (true, false) => &["page", "pages", "path", "rest", "items"],
            (false, false) => &["page", "pages", "path", "items"],
            (true, true) => &["page", "pages", "path", "rest", "document", "items"],
            (false, true) => &["page", "pages", "path", "document", "items"],
        };
        assert_eq!(keys, want, "page {}", i + 1);
        assert_eq!((page["page"].as_u64(), page["pages"].as_u64()), (Some(i as u64 + 1), Some(n as u64)));
        assert_eq!(page["path"], path.as_str());
        if let Some(document) = &document {
            assert_eq!(page["document"]["path"], document["path"], "page {} names another document path", i + 1);
        }
        items.extend(page["items"].as_array().expect("items").iter().cloned());
    }
    let rest = pages[0].get("rest").expect("rest on page 1").clone();
    let Some(document) = document else {
        return place(rest, &path, items);
    };
    let doc_path = document["path"].as_str().expect("document path");
    let indent = document["indent"].as_str().expect("document indent");
    let doc = place(document["rest"].clone(), doc_path, items);
    let mut text = String::new();
    printed(&doc, indent, 0, &mut text);
    place(rest, &path, vec![Value::String(text)])
}

fn check_pages(pages: &[String], text: &str, limits: Limits) {
    assert!(!pages.is_empty(), "no pages");
    for page in pages {
        check_caps(page, limits);
    }
    let parsed: Vec<Value> = pages.iter().map(|p| parse_page(p)).collect();
    if parsed[0].get("text").is_some() {
        assert_eq!(joined_text(pages), &json_string(text)[1..json_string(text).len() - 1]);
        return;
    }
    assert_eq!(to_json(&rebuild(&parsed)), text, "pages do not rebuild the text");
}

/// Each page whose body the pass says was cut from `text` is its head, that span of `text` in
/// UTF-16 units, and its tail — as JavaScript rebuilds it.
fn check_cuts(pass: &Pass, text: &str) {
    let Some(Some(pages)) = &pass.pages else { return };
    let units: Vec<u16> = text.encode_utf16().collect();
    for (page, span) in pages.iter().zip(pass.spans_in_units(text)) {
        let Some((cut, start, end)) = span else { continue };
        let head: Vec<u16> = page[..cut.at].encode_utf16().collect();
        let tail: Vec<u16> = page[cut.at + (cut.end - cut.start)..].encode_utf16().collect();
        let rebuilt = [&head[..], &units[start..end], &tail[..]].concat();
        assert_eq!(rebuilt, page.encode_utf16().collect::<Vec<u16>>(), "a cut page does not rebuild");
    }
}

fn json_case(u: &mut Unstructured) -> Result<()> {
    let value = arbitrary_json::value(u, 0)?;
    let text = to_json(&value);
    // The pass is defined on JSON.stringify's output; a text that does not read back to
    // itself (never seen) is not one.
    if serde_json::from_str::<Value>(&text).map(|v| to_json(&v)).ok().as_deref() != Some(text.as_str()) {
        return Ok(());
    }
    let limits = limits(u)?;
    let paged = u.arbitrary()?;
    let chars = utf16_len(&text);
    let keep = if u.arbitrary()? { Some(u.int_in_range(0..=1usize << 16)?) } else { None };
    let pass = json_pass(&text, chars, limits, paged, keep).expect("tables are compiled in natively");
    let tokens = count(limits.encoding, &text).expect("loaded");
    let fits = chars <= limits.max_chars
        && limits.max_bytes.is_none_or(|cap| text.len() <= cap)
        && limits.max_tokens.is_none_or(|cap| tokens <= cap);
    assert_eq!(pass.fits, fits, "fits on {chars} chars, {tokens} tokens, {limits:?}");
    assert_eq!(pass.chars, chars);
    if let Some(t) = pass.tokens {
        assert_eq!(t, tokens, "reported count");
    }
    if fits && !paged {
        assert_eq!((pass.envelope.as_str(), &pass.pages), ("", &None));
        return Ok(());
    }
    if fits {
        assert_eq!(pass.envelope, text);
    } else {
        let envelope: Value = serde_json::from_str(&pass.envelope)
            .unwrap_or_else(|e| panic!("envelope is not JSON ({e}): {}", pass.envelope));
        assert_eq!(envelope["code"], "TOO_LARGE");
    }
    check_cuts(&pass, &text);
    let pages = pass.pages.expect("pages when over or asked");
    if let Some(pages) = pages {
        check_pages(&pages, &text, limits);
        if let Some(keep) = keep {
            let bytes: usize = pages.iter().map(String::len).sum();
            assert!(bytes <= keep, "pages of {bytes} bytes kept past the limit {keep}");
        }
    }
    Ok(())
}

fn text_case(u: &mut Unstructured) -> Result<()> {
    let text = arbitrary_json::string(u)?;
    // V8 escapes a lone surrogate: a lone low one somewhere, and a lone high one at the end.
    let mut quoted = json_string(&text);
    if u.ratio(1, 3)? {
        let mut at = u.int_in_range(0..=text.len())?;
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let (head, tail) = (json_string(&text[..at]), json_string(&text[at..]));
        let low = u.int_in_range(0xdc00..=0xdfffu32)?;
        quoted = format!("{}\\u{low:x}{}", &head[..head.len() - 1], &tail[1..]);
    }
    if u.ratio(1, 4)? {
        let high = u.int_in_range(0xd800..=0xdbffu32)?;
        quoted.insert_str(quoted.len() - 1, &format!("\\u{high:x}"));
    }
    let limits = limits(u)?;
    let pass = text_pass(&quoted, limits, None).expect("tables are compiled in natively");
    check_cuts(&pass, &quoted);
    if let Some(Some(pages)) = pass.pages {
        assert!(!pages.is_empty(), "no pages");
        let parsed: Vec<Value> = pages
            .iter()
            .map(|page| {
                check_caps(page, limits);
                parse_page(page)
            })
            .collect();
        if parsed[0].get("document").is_some() {
            // A text holding a printed document is paged as that document at `$`.
            let rebuilt = rebuild(&parsed);
            assert_eq!(
                json_string(rebuilt.as_str().expect("a text")),
                quoted,
                "document pages do not rebuild the text"
            );
        } else {
            assert_eq!(joined_text(&pages), &quoted[1..quoted.len() - 1], "text pages do not rebuild the text");
        }
    }
    Ok(())
}

fn garbage(u: &mut Unstructured) -> Result<()> {
    let limits = limits(u)?;
    let paged = u.arbitrary()?;
    let bytes: &[u8] = u.arbitrary()?;
    let text = String::from_utf8_lossy(bytes);
    if let Ok(pass) = json_pass(&text, utf16_len(&text), limits, paged, None) {
        let _ = pass.spans_in_units(&text);
    }
    let _ = text_pass(&text, limits, None);
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let _ = match u.int_in_range(0..=7u8).unwrap_or(0) {
        0..=4 => json_case(&mut u),
        5 | 6 => text_case(&mut u),
        _ => garbage(&mut u),
    };
});
