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

use std::collections::HashMap;

use serde::Serialize;

use super::{for_each_token, Encoding};
use crate::error::Result;

/// The path of the top-level value's own bytes (its brackets and commas, or a bare scalar).
pub const ROOT: &str = "(root)";

/// Chars (UTF-16 units), UTF-8 bytes and tokens of one path.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct FieldCost {
    /// The collapsed key path, e.g. `entities[].guid`.
    pub path: String,
    /// UTF-16 code units of the bytes this path owns.
    pub chars: usize,
    /// Tokens whose first byte this path owns.
    pub tokens: usize,
}

/// A payload's totals and per-path costs (sorted by tokens, then chars, descending).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    /// UTF-16 code units (`.length` of the JSON text).
    pub chars: usize,
    /// UTF-8 bytes.
    pub bytes: usize,
    /// Real tokens.
    pub tokens: usize,
    /// Per-path costs; their chars and tokens sum to the totals.
    pub fields: Vec<FieldCost>,
}

struct Paths {
    names: Vec<String>,
    ids: HashMap<(u32, String), u32>,
}

impl Paths {
    fn child(&mut self, parent: u32, segment: &str) -> u32 {
        if let Some(&id) = self.ids.get(&(parent, segment.to_owned())) {
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
        self.ids.insert((parent, segment.to_owned()), id);
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

/// The ownership walk over the bytes of compact JSON text.
struct Walk<'a> {
    json: &'a [u8],
    paths: Paths,
    /// `owner[i]` = path id of byte `i`.
    owner: Vec<u32>,
    stack: Vec<Frame>,
    /// True right after `{` or a comma inside an object: the next string is a key.
    expecting_key: bool,
}

impl Walk<'_> {
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

    fn open(&mut self, i: usize, c: u8) {
        let path = self.value_path();
        self.owner[i] = path;
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
    }

    fn close_or_comma(&mut self, i: usize, c: u8) {
        self.owner[i] = self.container_path();
        if c == b',' {
            self.expecting_key = matches!(self.stack.last(), Some(Frame::Object { .. }));
        } else {
            self.stack.pop();
            self.expecting_key = false;
        }
    }

    /// The string starting at `start` (a key names the member that owns what follows); returns
    /// the index after its closing quote.
    fn string(&mut self, start: usize) -> usize {
        let json = self.json;
        let mut i = start + 1;
        while i < json.len() && json[i] != b'"' {
            i += if json[i] == b'\\' { 2 } else { 1 };
        }
        let end = (i + 1).min(json.len());
        if self.expecting_key {
            if let Some(Frame::Object { prefix, member, .. }) = self.stack.last_mut() {
                let raw = &json[start..end];
                let key = serde_json::from_slice::<String>(raw).unwrap_or_else(|_| {
                    String::from_utf8_lossy(raw.get(1..raw.len().saturating_sub(1)).unwrap_or(&[])).into_owned()
                });
                *member = self.paths.child(*prefix, &key);
            }
            self.expecting_key = false;
        }
        let path = self.value_path();
        self.owner[start..end].fill(path);
        end
    }
}

/// `owner[i]` = path id of byte `i` of compact JSON `json`; `names[id]` its path. Tolerates
/// malformed input (bytes keep the current owner) so it can never panic.
fn owners(json: &[u8]) -> (Vec<u32>, Vec<String>) {
    let paths = Paths { names: vec![ROOT.to_owned()], ids: HashMap::new() };
    let mut walk = Walk { json, paths, owner: vec![0u32; json.len()], stack: Vec::new(), expecting_key: false };
    let mut i = 0;
    while i < json.len() {
        let c = json[i];
        match c {
            b'{' | b'[' => walk.open(i, c),
            b'}' | b']' | b',' => walk.close_or_comma(i, c),
            b'"' => {
                i = walk.string(i);
                continue;
            }
            _ => walk.owner[i] = walk.value_path(),
        }
        i += 1;
    }
    (walk.owner, walk.paths.names)
}

/// Tokenizes `json` (compact JSON text) once and attributes chars and tokens to field paths.
pub fn report(encoding: Encoding, json: &str) -> Result<Report> {
    let bytes = json.as_bytes();
    let (owner, names) = owners(bytes);
    let mut fields: Vec<FieldCost> = names.into_iter().map(|path| FieldCost { path, chars: 0, tokens: 0 }).collect();
    let mut chars = 0;
    for (&b, &id) in bytes.iter().zip(&owner) {
        // A UTF-16 unit per UTF-8 lead byte, two for a 4-byte sequence (a surrogate pair).
        let units = usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0);
        chars += units;
        if let Some(f) = fields.get_mut(id as usize) {
            f.chars += units;
        }
    }
    let mut tokens = 0;
    for_each_token(encoding, json, |start, _| {
        tokens += 1;
        if let Some(f) = owner.get(start).and_then(|&id| fields.get_mut(id as usize)) {
            f.tokens += 1;
        }
    })?;
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

    fn owners_of(json: &str) -> Vec<(String, String)> {
        let (owner, names) = owners(json.as_bytes());
        let mut spans: Vec<(String, String)> = Vec::new();
        for (k, &id) in owner.iter().enumerate() {
            let name = &names[id as usize];
            match spans.last_mut() {
                Some((n, text)) if n == name => text.push(json.as_bytes()[k] as char),
                _ => spans.push((name.clone(), (json.as_bytes()[k] as char).to_string())),
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
