//! Where a JSON payload's tokens go: each byte of the compact JSON text belongs to one field
//! path (array indices collapsed: `entities[].guid`), the text is tokenized once, and each
//! token is attributed to the path that owns its first byte. Every byte and every token has
//! exactly one owner, so per-path chars and tokens add up to the totals exactly.
//!
//! Ownership: a member's key, its colon and its scalar value belong to the member's path
//! (`parent.key`); a container's brackets and the commas between its items belong to the
//! container's own path; an array's items share the array's path (so `entities[].traits` owns
//! the whole list of trait names, and `entities` each entity's braces), and the members of an
//! object inside an array are `path[].key`. The top-level value's own bytes belong to [`ROOT`].

use std::borrow::Cow;
use std::collections::HashMap;

use serde::Serialize;

use super::{bpe, for_each_piece, rank_table, Encoding, CACHES};
use crate::error::Result;
use crate::json::lex::skip_string;

/// The path of the top-level value's own bytes (its brackets and commas, or a bare scalar).
pub const ROOT: &str = "(root)";

/// Chars (UTF-16 units) and tokens of one path.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct FieldCost {
    /// Key path with array indices collapsed (`entities[].guid`); `(root)` for the top level's
    /// own bytes.
    pub path: String,
    /// UTF-16 code units of the bytes this path owns.
    pub chars: usize,
    /// Tokens whose first byte this path owns.
    pub tokens: usize,
}

/// A payload's totals and per-path costs (sorted by tokens, then chars, descending).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "TokenCounts"))]
pub struct Report {
    /// UTF-16 code units (`.length` of the JSON text).
    pub chars: usize,
    /// UTF-8 bytes.
    pub bytes: usize,
    /// Real tokens.
    pub tokens: usize,
    /// Per-path costs, most tokens first; their chars and tokens each sum exactly to the totals.
    pub fields: Vec<FieldCost>,
}

struct Paths {
    names: Vec<String>,
    /// `children[parent]`: segment → path id. Looked up by `&str`, so a key seen before (every
    /// key of every entity after the first) costs no allocation.
    children: Vec<HashMap<String, u32>>,
}

impl Paths {
    fn child(&mut self, parent: u32, segment: &str) -> u32 {
        if let Some(&id) = self.children.get(parent as usize).and_then(|c| c.get(segment)) {
            return id;
        }
        let base = self.names.get(parent as usize).map_or("", String::as_str);
        let name = if parent == 0 {
            segment.to_owned()
        } else if segment == "[]" {
            format!("{base}[]")
        } else {
            format!("{base}.{segment}")
        };
        let id = self.names.len() as u32;
        self.names.push(name);
        self.children.push(HashMap::new());
        if let Some(c) = self.children.get_mut(parent as usize) {
            c.insert(segment.to_owned(), id);
        }
        id
    }
}

enum Frame {
    /// `path` owns the braces and commas, members are named under `prefix`.
    Object {
        path: u32,
        prefix: u32,
        member: u32,
    },
    Array {
        path: u32,
    },
}

/// The ownership walk over the bytes of compact JSON text, as consecutive spans of bytes that
/// share an owner: memory in the nesting depth and the number of paths, never in the text.
struct Walk<'a> {
    json: &'a [u8],
    paths: Paths,
    stack: Vec<Frame>,
    /// True right after `{` or a comma inside an object: the next string is a key.
    expecting_key: bool,
    /// Where the next span starts.
    pos: usize,
}

impl<'a> Walk<'a> {
    fn new(json: &'a [u8]) -> Self {
        let paths = Paths { names: vec![ROOT.to_owned()], children: vec![HashMap::new()] };
        Walk { json, paths, stack: Vec::new(), expecting_key: false, pos: 0 }
    }

    /// The path a value starting here belongs to.
    fn value_path(&self) -> u32 {
        match self.stack.last() {
            None => 0,
            Some(Frame::Object { member, .. }) => *member,
            Some(Frame::Array { path }) => *path,
        }
    }

    /// The path of the innermost container (its brackets and commas).
    fn container_path(&self) -> u32 {
        match self.stack.last() {
            Some(Frame::Object { path, .. }) | Some(Frame::Array { path }) => *path,
            None => 0,
        }
    }

    fn open(&mut self, c: u8) -> u32 {
        let path = self.value_path();
        if c == b'{' {
            let prefix = match self.stack.last() {
                Some(Frame::Array { .. }) => self.paths.child(path, "[]"),
                _ => path,
            };
            self.stack.push(Frame::Object { path, prefix, member: path });
            self.expecting_key = true;
        } else {
            self.stack.push(Frame::Array { path });
        }
        path
    }

    fn close_or_comma(&mut self, c: u8) -> u32 {
        let path = self.container_path();
        if c == b',' {
            self.expecting_key = matches!(self.stack.last(), Some(Frame::Object { .. }));
        } else {
            self.stack.pop();
            self.expecting_key = false;
        }
        path
    }

    /// The string starting at `start` (a key names the member that owns what follows): the
    /// index after its closing quote, and its owner.
    fn string(&mut self, start: usize) -> (usize, u32) {
        let json = self.json;
        let end = skip_string(json, start);
        if self.expecting_key {
            if let Some(Frame::Object { prefix, member, .. }) = self.stack.last_mut() {
                let raw = &json[start..end];
                let body = raw.get(1..raw.len().saturating_sub(1)).unwrap_or(&[]);
                let key = if body.contains(&b'\\') {
                    serde_json::from_slice::<String>(raw)
                        .map(Cow::Owned)
                        .unwrap_or_else(|_| String::from_utf8_lossy(body))
                } else {
                    String::from_utf8_lossy(body)
                };
                *member = self.paths.child(*prefix, &key);
            }
            self.expecting_key = false;
        }
        (end, self.value_path())
    }

    /// The next span `(end, owner)`, starting at the previous span's end; `None` after the last.
    /// Tolerates malformed input (bytes keep the current owner) so it can never panic.
    fn next_span(&mut self) -> Option<(usize, u32)> {
        let i = self.pos;
        let c = *self.json.get(i)?;
        let (end, path) = match c {
            b'{' | b'[' => (i + 1, self.open(c)),
            b'}' | b']' | b',' => (i + 1, self.close_or_comma(c)),
            b'"' => self.string(i),
            _ => {
                let rest = &self.json[i + 1..];
                let run = rest.iter().position(|b| matches!(b, b'{' | b'[' | b'}' | b']' | b',' | b'"'));
                (i + 1 + run.unwrap_or(rest.len()), self.value_path())
            }
        };
        self.pos = end;
        Some((end, path))
    }
}

/// UTF-16 code units of UTF-8 bytes: one per lead byte, two for a 4-byte sequence (a pair).
fn utf16_units(bytes: &[u8]) -> usize {
    bytes.iter().map(|&b| usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0)).sum()
}

/// The walk and what it has counted: chars per path as each span is entered, tokens per path
/// as the tokenizer reaches them.
struct Attribution<'a> {
    walk: Walk<'a>,
    /// `(chars, tokens)` per path id, grown as the walk names new paths.
    costs: Vec<(usize, usize)>,
    /// The current span ends here and is owned by `path`.
    span_end: usize,
    path: u32,
}

impl<'a> Attribution<'a> {
    fn cost(&mut self, path: u32) -> &mut (usize, usize) {
        let i = path as usize;
        if i >= self.costs.len() {
            self.costs.resize(i + 1, (0, 0));
        }
        &mut self.costs[i]
    }

    /// Enters the next span, counting its chars; false after the last.
    fn enter(&mut self) -> bool {
        let Some((end, owner)) = self.walk.next_span() else {
            return false;
        };
        let units = utf16_units(&self.walk.json[self.span_end..end]);
        self.cost(owner).0 += units;
        (self.span_end, self.path) = (end, owner);
        true
    }

    /// Makes the span holding byte `at` current (or the last span, past the end).
    fn reach(&mut self, at: usize) {
        while self.span_end <= at && self.enter() {}
    }

    /// Adds `n` tokens that start in the current span.
    fn tokens(&mut self, n: usize) {
        let path = self.path;
        self.cost(path).1 += n;
    }
}

/// Tokenizes `json` (compact JSON text) once and attributes chars and tokens to field paths.
/// The ownership walk runs alongside the tokenizer, so the extra memory is the paths, not a
/// table the size of the text. A piece inside one span is counted through the piece cache, as
/// [`super::count`] counts; only a piece that crosses spans is split into its tokens.
pub fn report(encoding: Encoding, json: &str) -> Result<Report> {
    let table = rank_table(encoding)?;
    let bytes = json.as_bytes();
    let mut at = Attribution { walk: Walk::new(bytes), costs: Vec::new(), span_end: 0, path: 0 };
    let mut tokens = 0;
    CACHES.with(|caches| {
        let cache = &mut caches.borrow_mut()[encoding.index()];
        for_each_piece(encoding, json, |start, end| {
            at.reach(start);
            if end <= at.span_end {
                let n = cache.count(table, bytes, start, end);
                tokens += n;
                at.tokens(n);
            } else {
                let mut token_start = start;
                bpe::encode_piece(table, &bytes[start..end], &mut |len| {
                    at.reach(token_start);
                    at.tokens(1);
                    tokens += 1;
                    token_start += len;
                });
            }
            true
        });
    });
    while at.enter() {}
    let chars = at.costs.iter().map(|c| c.0).sum();
    let costs = at.costs;
    let mut fields: Vec<FieldCost> = at
        .walk
        .paths
        .names
        .into_iter()
        .enumerate()
        .map(|(i, path)| {
            let (chars, tokens) = costs.get(i).copied().unwrap_or_default();
            FieldCost { path, chars, tokens }
        })
        .collect();
    fields.retain(|f| f.chars > 0 || f.tokens > 0);
    fields.sort_by(|a, b| b.tokens.cmp(&a.tokens).then(b.chars.cmp(&a.chars)).then(a.path.cmp(&b.path)));
    Ok(Report { chars, bytes: bytes.len(), tokens, fields })
}

/// The report as compact JSON: `{"chars","bytes","tokens","fields":[{"path","chars","tokens"}]}`.
pub fn report_json(report: &Report) -> String {
    crate::json::value::to_json_text(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The walk's spans as (owner, text), neighbours with the same owner merged.
    fn owners_of(json: &str) -> Vec<(String, String)> {
        let mut walk = Walk::new(json.as_bytes());
        let mut raw = Vec::new();
        let mut start = 0;
        while let Some((end, id)) = walk.next_span() {
            raw.push((id, json[start..end].to_owned()));
            start = end;
        }
        let mut spans: Vec<(String, String)> = Vec::new();
        for (id, text) in raw {
            let name = &walk.paths.names[id as usize];
            match spans.last_mut() {
                Some((n, t)) if n == name => t.push_str(&text),
                _ => spans.push((name.clone(), text)),
            }
        }
        spans
    }

    #[test]
    fn bytes_are_owned_by_collapsed_paths() {
        let got = owners_of(r#"{"a":[{"g":"x","t":[1,2]},{"g":"y"}],"b":true,"c":[[{"d":0}]]}"#);
        let expect = [
            ("(root)", "{"),
            ("a", "\"a\":[{"),
            ("a[].g", "\"g\":\"x\""),
            ("a", ","),
            ("a[].t", "\"t\":[1,2]"),
            ("a", "},{"),
            ("a[].g", "\"g\":\"y\""),
            ("a", "}]"),
            ("(root)", ","),
            ("b", "\"b\":true"),
            ("(root)", ","),
            ("c", "\"c\":[[{"),
            ("c[].d", "\"d\":0"),
            ("c", "}]]"),
            ("(root)", "}"),
        ];
        let expect: Vec<(String, String)> = expect.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
        assert_eq!(got, expect);
    }

    #[test]
    fn shares_add_up_to_the_totals() {
        let json = r#"{"entities":[{"guid":"0f8fad5b-d9cb-469f-a165-70867728950e","traits":["Transform","MeshRenderer"]},{"guid":"7c9e6679-7425-40de-944b-e07fc1f90ae7","traits":[]}],"note":"héllo 😀"}"#;
        let r = report(Encoding::Cl100kBase, json).unwrap();
        assert_eq!(r.tokens, super::super::count(Encoding::Cl100kBase, json).unwrap());
        assert_eq!(r.chars, json.encode_utf16().count());
        assert_eq!(r.bytes, json.len());
        assert_eq!(r.fields.iter().map(|f| f.tokens).sum::<usize>(), r.tokens);
        assert_eq!(r.fields.iter().map(|f| f.chars).sum::<usize>(), r.chars);
        assert_eq!(r.fields[0].path, "entities[].guid");
        assert!(r.fields.windows(2).all(|w| w[0].tokens >= w[1].tokens));
    }

    /// Per-token attribution the slow way: every token of `for_each_token` to the owner of its
    /// first byte, owners from the walk's spans.
    fn reference(json: &str) -> Vec<FieldCost> {
        let mut walk = Walk::new(json.as_bytes());
        let mut owner = Vec::new();
        while let Some((end, id)) = walk.next_span() {
            owner.resize(end, id);
        }
        let mut costs = vec![(0, 0); walk.paths.names.len()];
        for (i, &id) in owner.iter().enumerate() {
            costs[id as usize].0 += utf16_units(&json.as_bytes()[i..=i]);
        }
        super::super::for_each_token(Encoding::O200kBase, json, |start, _| costs[owner[start] as usize].1 += 1)
            .unwrap();
        let mut fields: Vec<FieldCost> = walk
            .paths
            .names
            .into_iter()
            .zip(costs)
            .map(|(path, (chars, tokens))| FieldCost { path, chars, tokens })
            .filter(|f| f.chars > 0 || f.tokens > 0)
            .collect();
        fields.sort_by(|a, b| b.tokens.cmp(&a.tokens).then(b.chars.cmp(&a.chars)).then(a.path.cmp(&b.path)));
        fields
    }

    #[test]
    fn cached_piece_counts_attribute_as_token_by_token_would() {
        let mut json = String::from("{\"rows\":[");
        for i in 0..300 {
            json.push_str(&format!(
                r#"{{"id":{i},"name":"Entity {i} héllo 😀 wörld","x":{},"tags":["a{i}","  spaced  out  "],"e\"k":"\u00e9\n"}},"#,
                f64::from(i) / 7.0
            ));
        }
        json.push_str("null],\"long\":\"");
        json.push_str(&"word ".repeat(2000));
        json.push_str("\"}");
        let r = report(Encoding::O200kBase, &json).unwrap();
        assert_eq!(r.fields, reference(&json));
        assert_eq!(r.tokens, super::super::count(Encoding::O200kBase, &json).unwrap());
        assert_eq!(r.chars, json.encode_utf16().count());
    }

    #[test]
    fn escaped_keys_are_decoded_and_malformed_input_does_not_panic() {
        let r = report(Encoding::Cl100kBase, r#"{"a\"b":1,"c\\":{"d":2}}"#).unwrap();
        let paths: Vec<&str> = r.fields.iter().map(|f| f.path.as_str()).collect();
        assert!(paths.contains(&"a\"b") && paths.contains(&"c\\.d"), "{paths:?}");
        for bad in ["}}]]", "{\"a", "[\"\\", "{\"a\":[1,{\"b\":", "\"", ",,,:"] {
            let r = report(Encoding::Cl100kBase, bad).unwrap();
            assert_eq!(r.fields.iter().map(|f| f.tokens).sum::<usize>(), r.tokens);
        }
    }
}
