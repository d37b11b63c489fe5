//! `path`: the JSONPath subset a kept result is read by — `$`, then `.key`, `["key"]`, `[i]`
//! and `[from:to]` — and where such a path leads in one JSON text.
//!
//! A path is written as the pages write a collection's path (`$.entities`, `$["the nodes"]`,
//! `$[0].rows`), so the two compare step by step. Steps after a slice apply to each item it
//! selects (`$.rows[0:3].name` is three names); an item without that step is left out and
//! counted.

use super::answer::{quoted, shown_path};
use crate::error::{Error, Result};
use crate::json::span::{kind, members, Kind, Span};
use crate::json::string::json_string;
use crate::json::unescape::unescape_into;

/// One step of a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// An object's member by key.
    Key(String),
    /// An array's item by index, from 0.
    Index(usize),
    /// An array's items `from..to` (`to` exclusive; `None`: to the end).
    Slice { from: usize, to: Option<usize> },
}

/// How a path is written when it is not one: the subset, in one sentence.
const SYNTAX: &str = "Write $ followed by .key, [\"key\"], [i] or [from:to] (for example $.rows[10:20].name).";

fn bad(raw: &str, why: &str) -> Error {
    Error::invalid_input(format!("path: {} is not a path this tool reads: {why}. {SYNTAX}", quoted(raw)))
}

/// The steps of `raw`. A path may leave out its leading `$` (`rows[3]` is `$.rows[3]`).
pub fn parse(raw: &str) -> Result<Vec<Step>> {
    let trimmed = raw.trim();
    let body = match trimmed.strip_prefix('$') {
        Some(rest) => rest.to_owned(),
        None if trimmed.starts_with(['.', '[']) => trimmed.to_owned(),
        None if trimmed.is_empty() => return Err(bad(raw, "it is empty")),
        None => format!(".{trimmed}"),
    };
    let chars: Vec<char> = body.chars().collect();
    let mut steps = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '.' => {
                let end = (i + 1..chars.len()).find(|&j| matches!(chars[j], '.' | '[')).unwrap_or(chars.len());
                if end == i + 1 {
                    return Err(bad(raw, "a . with no key after it"));
                }
                steps.push(Step::Key(chars[i + 1..end].iter().collect()));
                i = end;
            }
            '[' => {
                let (step, next) = bracket(&chars, i).map_err(|why| bad(raw, &why))?;
                steps.push(step);
                i = next;
            }
            c => return Err(bad(raw, &format!("{c:?} where a . or [ belongs"))),
        }
    }
    Ok(steps)
}

/// The bracket step opening at `open`, and where the path goes on after it.
fn bracket(chars: &[char], open: usize) -> std::result::Result<(Step, usize), String> {
    let mut i = open + 1;
    if let Some(&quote) = chars.get(i).filter(|&&c| c == '"' || c == '\'') {
        let mut key = String::new();
        i += 1;
        loop {
            match chars.get(i) {
                None => return Err("a quoted key that is not closed".into()),
                Some(&c) if c == quote => break,
                Some('\\') if quote == '\'' => {
                    key.push(*chars.get(i + 1).ok_or("a quoted key that is not closed")?);
                    i += 2;
                    continue;
                }
                Some('\\') => {
                    key.push('\\');
                    key.push(*chars.get(i + 1).ok_or("a quoted key that is not closed")?);
                    i += 2;
                    continue;
                }
                Some(&c) => key.push(c),
            }
            i += 1;
        }
        if chars.get(i + 1) != Some(&']') {
            return Err("a quoted key must be followed by ]".into());
        }
        let key = if quote == '"' { decode_key(&key)? } else { key };
        return Ok((Step::Key(key), i + 2));
    }
    let close = (i..chars.len()).find(|&j| chars[j] == ']').ok_or("an unclosed [")?;
    let inside: String = chars[i..close].iter().collect::<String>().replace(' ', "");
    let number = |s: &str| -> std::result::Result<Option<usize>, String> {
        if s.is_empty() {
            return Ok(None);
        }
        if s.starts_with('-') {
            return Err(format!("[{inside}]: indices count from 0 at the start (negative ones are not read)"));
        }
        s.parse::<usize>().map(Some).map_err(|_| format!("[{inside}] is neither an index, a slice nor a quoted key"))
    };
    let step = match inside.split_once(':') {
        Some((from, to)) => {
            let (from, to) = (number(from)?.unwrap_or(0), number(to)?);
            // An empty slice selects nothing: refused before any page is read.
            if to.is_some_and(|to| to <= from) {
                return Err(format!("[{inside}] selects nothing: write [FROM:TO] with FROM below TO (TO is left out)"));
            }
            Step::Slice { from, to }
        }
        None => Step::Index(number(&inside)?.ok_or("an empty []")?),
    };
    Ok((step, close + 1))
}

/// A double-quoted key's content read as a JSON string's.
fn decode_key(content: &str) -> std::result::Result<String, String> {
    let mut out = Vec::new();
    unescape_into(content.as_bytes(), &mut out);
    String::from_utf8(out).map_err(|_| "a quoted key that is not text".into())
}

/// Whether a key is written `.key` (else `["key"]`): an identifier, as the pages write paths.
fn is_identifier(key: &str) -> bool {
    let mut chars = key.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// `steps` written out, `$` first, as the pages write a path.
pub fn display(steps: &[Step]) -> String {
    let mut out = String::from("$");
    for step in steps {
        push_display(&mut out, step);
    }
    out
}

/// Appends one step as [`display`] writes it.
pub fn push_display(out: &mut String, step: &Step) {
    match step {
        Step::Key(key) if is_identifier(key) => {
            out.push('.');
            out.push_str(key);
        }
        Step::Key(key) => {
            out.push('[');
            out.push_str(&json_string(key));
            out.push(']');
        }
        Step::Index(i) => out.push_str(&format!("[{i}]")),
        Step::Slice { from, to: Some(to) } => out.push_str(&format!("[{from}:{to}]")),
        Step::Slice { from, to: None } => out.push_str(&format!("[{from}:]")),
    }
}

/// A value a path found: where it is written (`$.rows[3].name`) and its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hit {
    pub path: String,
    pub span: Span,
}

/// What a path finds in one JSON text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// The values, in document order.
    pub hits: Vec<Hit>,
    /// Whether a slice was on the way (the answer is a list, however long).
    pub sliced: bool,
    /// Items a slice selected that lacked a later step (left out).
    pub missing: usize,
}

/// The key of a member, decoded.
fn key_text(text: &[u8], key: Span) -> Vec<u8> {
    let raw = key.of(text);
    let mut out = Vec::new();
    unescape_into(raw.get(1..raw.len().saturating_sub(1)).unwrap_or(&[]), &mut out);
    out
}

/// The first keys of an object, for a message about a key it does not have.
fn some_keys(text: &[u8], object: Span) -> String {
    const SHOWN: usize = 12;
    let mut keys = Vec::new();
    let mut count = 0;
    for member in members(text, object) {
        count += 1;
        if keys.len() < SHOWN {
            keys.push(shown_path(
                String::from_utf8_lossy(&key_text(text, member.key.unwrap_or_default())).into_owned(),
            ));
        }
    }
    match count {
        0 => "it has no keys".to_owned(),
        n if n <= SHOWN => format!("its keys: {}", keys.join(", ")),
        n => format!("its {n} keys start {}, …", keys.join(", ")),
    }
}

/// The member of the object at `object` whose key is `key`.
pub fn member(text: &[u8], object: Span, key: &str) -> Option<Span> {
    members(text, object).find(|m| m.key.is_some_and(|k| key_text(text, k) == key.as_bytes())).map(|m| m.value)
}

/// What kind of value an error names, with its article.
fn a_kind(k: Kind) -> &'static str {
    match k {
        Kind::Object => "an object",
        Kind::Array => "an array",
        Kind::String => "a string",
        Kind::Number => "a number",
        Kind::Bool => "a boolean",
        Kind::Null => "null",
    }
}

/// Where `steps` lead from the value at `root` of `text`, which is written `at`.
pub fn walk(text: &[u8], root: Span, at: &str, steps: &[Step]) -> Result<Found> {
    let mut found = Found::default();
    let mut current = vec![Hit { path: at.to_owned(), span: root }];
    for step in steps {
        let mut next = Vec::new();
        for hit in current {
            match one_step(text, &hit, step) {
                Ok(mut hits) => next.append(&mut hits),
                Err(_) if found.sliced => found.missing += 1,
                Err(error) => return Err(error),
            }
        }
        if matches!(step, Step::Slice { .. }) {
            found.sliced = true;
        }
        current = next;
    }
    found.hits = current;
    Ok(found)
}

/// The values one step leads to from `hit`.
fn one_step(text: &[u8], hit: &Hit, step: &Step) -> Result<Vec<Hit>> {
    let here = kind(text, hit.span);
    let mut path = hit.path.clone();
    push_display(&mut path, step);
    match (step, here) {
        (Step::Key(key), Kind::Object) => match member(text, hit.span, key) {
            Some(span) => Ok(vec![Hit { path, span }]),
            None => Err(Error::invalid_input(format!(
                "path: {} has no key {}; {}.",
                shown_path(hit.path.clone()),
                quoted(key),
                some_keys(text, hit.span)
            ))),
        },
        (Step::Index(i), Kind::Array) => {
            let mut count = 0;
            for (n, m) in members(text, hit.span).enumerate() {
                if n == *i {
                    return Ok(vec![Hit { path, span: m.value }]);
                }
                count = n + 1;
            }
            Err(past_the_end(&path, &hit.path, count))
        }
        (Step::Slice { from, to }, Kind::Array) => {
            let mut hits = Vec::new();
            let mut count = 0;
            for (n, m) in members(text, hit.span).enumerate() {
                count = n + 1;
                if n >= *from && to.map_or(true, |to| n < to) {
                    hits.push(Hit { path: format!("{}[{n}]", hit.path), span: m.value });
                }
            }
            if *from >= count && count > 0 {
                return Err(past_the_end(&path, &hit.path, count));
            }
            Ok(hits)
        }
        (Step::Key(_), other) => Err(Error::invalid_input(format!(
            "path: {} is {}, which has no keys{}.",
            shown_path(hit.path.clone()),
            a_kind(other),
            if other == Kind::Array { ": select its items with [i] or [from:to]" } else { "" }
        ))),
        (_, other) => Err(Error::invalid_input(format!(
            "path: {} is {}, which has no items{}.",
            shown_path(hit.path.clone()),
            a_kind(other),
            if other == Kind::Object { ": select a member with .key or [\"key\"]" } else { "" }
        ))),
    }
}

/// The error of an index or slice past an array's end.
pub fn past_the_end(path: &str, array: &str, count: usize) -> Error {
    Error::invalid_input(format!(
        "path: {} is past the end: {} has {count} item{}{}.",
        shown_path(path.to_owned()),
        shown_path(array.to_owned()),
        if count == 1 { "" } else { "s" },
        if count > 0 { format!(" (indices 0 to {})", count - 1) } else { String::new() }
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::span::root;

    fn key(k: &str) -> Step {
        Step::Key(k.to_owned())
    }

    #[test]
    fn paths_parse_as_the_pages_write_them_and_print_back() {
        assert_eq!(parse("$").unwrap(), []);
        assert_eq!(
            parse("$.data[\"the nodes\"][3][1:5]").unwrap(),
            [key("data"), key("the nodes"), Step::Index(3), Step::Slice { from: 1, to: Some(5) }]
        );
        assert_eq!(parse("rows[:2].name").unwrap(), [key("rows"), Step::Slice { from: 0, to: Some(2) }, key("name")]);
        assert_eq!(parse("['it\\'s'][7:]").unwrap(), [key("it's"), Step::Slice { from: 7, to: None }]);
        assert_eq!(parse("$[\"a\\\"b\\u00e9\"]").unwrap(), [key("a\"bé")]);
        assert_eq!(parse(".packages.node_modules/x").unwrap(), [key("packages"), key("node_modules/x")]);
        for written in ["$", "$.data[\"the nodes\"][3][1:5]", "$[0].rows[2:]", "$[\"a.b\"]"] {
            assert_eq!(display(&parse(written).unwrap()), written);
        }
    }

    #[test]
    fn what_is_not_a_path_is_refused_naming_path() {
        let message = |raw: &str| parse(raw).unwrap_err().message;
        assert_eq!(message("$.a["), format!("path: \"$.a[\" is not a path this tool reads: an unclosed [. {SYNTAX}"));
        assert!(message("$..a").contains("a . with no key after it"));
        assert!(message("$[-1]").contains("negative ones are not read"));
        assert!(message("$[*]").contains("[*] is neither an index, a slice nor a quoted key"));
        assert_eq!(
            message("$.rows[5:2]"),
            format!("path: \"$.rows[5:2]\" is not a path this tool reads: [5:2] selects nothing: write [FROM:TO] with FROM below TO (TO is left out). {SYNTAX}")
        );
        assert!(message("$[3:3]").contains("[3:3] selects nothing"));
        assert!(message("").contains("it is empty"));
        assert!(message("$a").contains("'a' where a . or [ belongs"));
    }

    #[test]
    fn walks_find_values_and_say_what_is_missing() {
        let text = br#"{"scene":"s","rows":[{"id":1,"name":"a"},{"id":2},{"id":3,"name":"c"}]}"#;
        let at = |p: &str| walk(text, root(text), "$", &parse(p).unwrap());
        let shown = |f: Found| {
            f.hits
                .iter()
                .map(|h| format!("{}={}", h.path, std::str::from_utf8(h.span.of(text)).unwrap()))
                .collect::<Vec<_>>()
        };
        assert_eq!(shown(at("$.rows[2].name").unwrap()), ["$.rows[2].name=\"c\""]);
        let names = at("$.rows[0:3].name").unwrap();
        assert_eq!((names.sliced, names.missing), (true, 1));
        assert_eq!(shown(names), ["$.rows[0].name=\"a\"", "$.rows[2].name=\"c\""]);
        assert_eq!(
            at("$.rows[5]").unwrap_err().message,
            "path: $.rows[5] is past the end: $.rows has 3 items (indices 0 to 2)."
        );
        assert_eq!(at("$.nope").unwrap_err().message, "path: $ has no key \"nope\"; its keys: scene, rows.");
        assert_eq!(at("$.scene.x").unwrap_err().message, "path: $.scene is a string, which has no keys.");
        assert_eq!(
            at("$.rows.x").unwrap_err().message,
            "path: $.rows is an array, which has no keys: select its items with [i] or [from:to]."
        );
        assert_eq!(
            at("$[0]").unwrap_err().message,
            "path: $ is an object, which has no items: select a member with .key or [\"key\"]."
        );
    }
}
