//! TOON written item by item: the same lines as [`super::encode::encode`], without the tree of
//! the whole document. A container whose JSON text is longer than a threshold is walked child by
//! child — each child read as a small tree, written, and dropped — and the text written so far
//! is handed to a sink every [`FLUSH_BYTES`]. On a 50 MB scene dump the tree alone takes about
//! seven times the input; walked this way the encoder holds one entity at a time.
//!
//! A large array's form (inline, list of arrays, table or list) depends on all its items, so it
//! is read twice: once to choose the form — stopping early once only the list is left, which is
//! where most large arrays end — and once to write it. Rows qualify for a table when each forms
//! one with the first row (see [`super::tabular`]: that is the same test as all rows together).
//! A large object's keys are read first, put in `JSON.parse` order, then its values one by one.

use std::borrow::Cow;

use super::encode::Writer;
use super::node::{dedupe_last_wins, Entries, Node};
use super::order::js_entry_order;
use super::parse::{ParseError, Reader, MAX_DEPTH};
use super::primitive::push_key;
use super::tabular::{tabular_fields, Field};
use super::ToonOptions;

/// Containers whose JSON text is longer than this many bytes are walked child by child. Default
/// 64 KB: a tree of a few times that is small next to the input, and a large document is almost
/// all inside containers above it.
pub const STREAM_ABOVE_BYTES: usize = 1 << 16;

/// The written text is handed to the sink once it holds this many bytes (64 KB: large enough
/// that the sink's per-call cost vanishes, small next to any input worth streaming).
pub const FLUSH_BYTES: usize = 1 << 16;

/// Encodes the JSON text `json` as TOON into `sink`, in pieces whose concatenation is exactly
/// what [`super::encode::encode`] writes for the parsed value. `verbatim_numbers` is
/// [`super::parse::parse_v8`]'s mode, for text from V8's `JSON.stringify` only — whose keys are
/// also taken as V8 writes them, unique and in own-key order; containers longer
/// than `above` bytes are walked child by child. With `keep_rows`, a large array that is not a
/// list (a table, inline values, a list of inline arrays) keeps the items it read to choose its
/// form and writes them from there — one parse instead of two, for the memory of that array's
/// tree; without, it reads them again, and the encoder holds one item at a time. Errors: text
/// that is not JSON, or nests deeper than [`MAX_DEPTH`] levels; the sink may have been given
/// part of the output by then.
pub fn encode_streaming(
    json: &[u8],
    verbatim_numbers: bool,
    options: &ToonOptions,
    above: usize,
    keep_rows: bool,
    sink: &mut dyn FnMut(&str),
) -> Result<(), ParseError> {
    let reader = Reader::new(json, verbatim_numbers)?;
    let writer = Writer::new(options, FLUSH_BYTES);
    let mut stream = Stream { reader, writer, sink, above, keep_rows, verbatim: verbatim_numbers };
    stream.root(json.len())?;
    stream.flush(true);
    Ok(())
}

struct Stream<'a, 's> {
    reader: Reader<'a>,
    writer: Writer,
    sink: &'s mut dyn FnMut(&str),
    above: usize,
    keep_rows: bool,
    /// Text from V8 (see [`encode_streaming`]).
    verbatim: bool,
}

/// A value's position: its first byte and the byte after it.
type Span = (usize, usize);

/// An object's keys and their values' spans.
type EntrySpans<'a> = Vec<(Cow<'a, str>, Span)>;

/// What reading a large array once tells.
struct ArrayPlan<'a> {
    count: usize,
    form: Form<'a>,
    /// Every item, when they were all read and are kept (see [`encode_streaming`]).
    kept: Option<Vec<Node<'a>>>,
    /// The position after the array.
    end: usize,
}

/// What a large array's items allow, from the most compact form down to the list.
enum Rows<'a> {
    /// No item read yet.
    None,
    /// Every item so far is an object forming a table with the first, kept here.
    First(Node<'a>),
    /// Every item so far is an object that may be a row (see [`unchecked_rows`]); the rows are
    /// kept and checked together at the end.
    Unchecked,
    /// Not a table.
    Out,
}

/// How a large array is written (mirrors the branches of `Writer::array`).
enum Form<'a> {
    Inline,
    Arrays,
    Table(Node<'a>),
    List,
}

impl<'a> Stream<'a, '_> {
    fn flush(&mut self, all: bool) {
        if all || self.writer.out.len() >= FLUSH_BYTES {
            (self.sink)(&self.writer.out);
            self.writer.out.clear();
        }
    }

    /// `Some('[')` or `Some('{')` when the value at `at` is a container whose text is longer than
    /// the threshold (and not empty: `[]` and `{}` follow the tree encoder's own rules). Only
    /// the threshold's length of text is scanned to tell.
    fn large(&mut self, at: usize) -> Result<Option<u8>, ParseError> {
        let Some(open) = self.reader.byte(at).filter(|b| matches!(b, b'[' | b'{')) else { return Ok(None) };
        if self.reader.first_child(at).is_none() {
            return Ok(None);
        }
        Ok(self.reader.skip_within(at, self.above)?.is_none().then_some(open))
    }

    fn root(&mut self, len: usize) -> Result<(), ParseError> {
        let start = self.reader.skip_ws(0);
        let end = match self.large(start)? {
            Some(b'[') => self.array(None, start, 0, 0)?,
            Some(_) => self.object(None, start, 0, 0)?,
            None => {
                let (value, end) = self.reader.value(start, 0)?;
                self.writer.root(&value);
                end
            }
        };
        let after = self.reader.skip_ws(end);
        if after != len {
            return Err(ParseError { message: "trailing characters", offset: after });
        }
        Ok(())
    }

    fn enter(&self, at: usize, nest: usize) -> Result<(), ParseError> {
        if nest >= MAX_DEPTH {
            return Err(ParseError { message: "nesting deeper than 128 levels", offset: at });
        }
        Ok(())
    }

    /// Writes the value at `at` as the entry `key` at `depth` of an object `nest` containers
    /// deep (mirrors `Writer::key_value`); returns the position after it.
    fn entry(&mut self, key: &str, at: usize, depth: usize, nest: usize) -> Result<usize, ParseError> {
        match self.large(at)? {
            Some(b'[') => self.array(Some(key), at, depth, nest + 1),
            Some(_) => self.object(Some(key), at, depth, nest + 1),
            None => {
                let (value, end) = self.reader.value(at, nest + 1)?;
                self.writer.key_value(key, &value, depth);
                Ok(end)
            }
        }
    }

    /// The large array at `start` (`nest` containers deep) under `key` at `depth`; returns the
    /// position after it.
    fn array(&mut self, key: Option<&str>, start: usize, depth: usize, nest: usize) -> Result<usize, ParseError> {
        self.enter(start, nest)?;
        let ArrayPlan { count, form, kept, end: close } = self.array_form(start, nest)?;
        self.writer.line(depth);
        let fields = match &form {
            Form::Table(Node::Object(first)) => tabular_fields(&[first.as_slice()]),
            _ => None,
        };
        self.writer.header(key, count, fields.as_deref(), false);
        if let Form::Inline = form {
            self.writer.out.push(' ');
        }
        if let Some(items) = kept {
            for (index, value) in items.iter().enumerate() {
                self.item(&form, fields.as_deref(), index, value, depth);
            }
            return Ok(close);
        }
        let mut at = self.reader.first_child(start);
        let mut index = 0;
        while let Some(item) = at {
            let (value, end) = self.reader.value(item, nest + 1)?;
            self.item(&form, fields.as_deref(), index, &value, depth);
            index += 1;
            at = self.reader.next_child(end, b']')?;
        }
        Ok(close)
    }

    /// Item `index` of a large array written in `form` at `depth` (mirrors `Writer::array`).
    fn item(&mut self, form: &Form<'_>, fields: Option<&[Field<'_>]>, index: usize, value: &Node<'_>, depth: usize) {
        match (form, value, fields) {
            (Form::Inline, _, _) => {
                if index > 0 {
                    self.writer.delimiter();
                }
                self.writer.primitive(value);
            }
            (Form::Arrays, Node::Array(inner), _) => {
                self.writer.item(depth + 1);
                self.writer.inline(None, inner);
            }
            (Form::Table(_), Node::Object(row), Some(fields)) => {
                self.writer.line(depth + 1);
                self.writer.cells(row, fields, &mut true);
            }
            _ => self.writer.list_item(value, depth + 1),
        }
        self.flush(false);
    }

    /// The item count and form of the large array at `start`; every item, when the encoder
    /// keeps rows and read them all to choose the form; the position after the array.
    fn array_form(&mut self, start: usize, nest: usize) -> Result<ArrayPlan<'a>, ParseError> {
        let (mut count, mut primitives, mut arrays, mut last) = (0, true, true, start);
        let mut rows = if self.keep_rows { Rows::Unchecked } else { Rows::None };
        let mut kept = self.keep_rows.then(Vec::new);
        let mut at = self.reader.first_child(start);
        while let Some(item) = at {
            count += 1;
            let end = if primitives || arrays || !matches!(rows, Rows::Out) {
                let (value, end) = self.reader.value(item, nest + 1)?;
                primitives &= value.is_primitive();
                arrays &= matches!(&value, Node::Array(inner) if inner.iter().all(Node::is_primitive));
                rows = match (rows, &kept) {
                    (Rows::Unchecked, Some(items)) => unchecked_rows(items.first().unwrap_or(&value), &value),
                    (rows, _) => next_rows(rows, &value),
                };
                if let Some(items) = &mut kept {
                    items.push(value);
                }
                end
            } else {
                // Only the list is left: its items are read again as they are written.
                kept = None;
                self.reader.skip(item)?
            };
            last = end;
            at = self.reader.next_child(end, b']')?;
        }
        let form = match (rows, &kept) {
            _ if primitives => Form::Inline,
            _ if arrays => Form::Arrays,
            (Rows::First(first), _) => Form::Table(first),
            (Rows::Unchecked, Some(items)) => table_of(items).map_or(Form::List, Form::Table),
            _ => Form::List,
        };
        Ok(ArrayPlan { count, form, kept, end: self.reader.skip_ws(last) + 1 })
    }

    /// The large object at `start` under `key` at `depth` (the root's entries when `key` is
    /// `None`); returns the position after it.
    fn object(&mut self, key: Option<&str>, start: usize, depth: usize, nest: usize) -> Result<usize, ParseError> {
        self.enter(start, nest)?;
        if self.verbatim && !self.first_value_is_object(start)? {
            // V8 writes keys unique and in own-key order, and an object whose first value is not
            // an object is no keyed table: its entries are written as they come.
            let inner = self.object_head(key, depth);
            let (mut at, mut end) = (self.reader.first_child(start), start);
            while let Some(entry) = at {
                let (entry_key, value) = self.entry_key(entry)?;
                end = self.entry(&entry_key, value, inner, nest)?;
                self.flush(false);
                at = self.reader.next_child(end, b'}')?;
            }
            return Ok(self.reader.skip_ws(end) + 1);
        }
        let (entries, close) = self.entry_spans(start)?;
        if let Some(first) = self.keyed_first(&entries, nest)? {
            self.keyed_object(key, &entries, &first, depth, nest)?;
            return Ok(close);
        }
        let inner = self.object_head(key, depth);
        for (entry_key, (value, _)) in &entries {
            self.entry(entry_key, *value, inner, nest)?;
            self.flush(false);
        }
        Ok(close)
    }

    /// `key:` on its own line for an object under a key; the depth of its entries.
    fn object_head(&mut self, key: Option<&str>, depth: usize) -> usize {
        let Some(key) = key else { return depth };
        self.writer.line(depth);
        push_key(&mut self.writer.out, key);
        self.writer.out.push(':');
        depth + 1
    }

    /// The key of the entry at `at` and its value's position.
    fn entry_key(&mut self, at: usize) -> Result<(Cow<'a, str>, usize), ParseError> {
        let (key, after_key) = self.reader.string(at)?;
        let colon = self.reader.skip_ws(after_key);
        if self.reader.byte(colon) != Some(b':') {
            return Err(ParseError { message: "expected ':'", offset: colon });
        }
        Ok((key, self.reader.skip_ws(colon + 1)))
    }

    fn first_value_is_object(&mut self, start: usize) -> Result<bool, ParseError> {
        let Some(entry) = self.reader.first_child(start) else { return Ok(false) };
        let (_, value) = self.entry_key(entry)?;
        Ok(self.reader.byte(value) == Some(b'{'))
    }

    /// `key[N:]{fields}:` and one row per entry (mirrors `Writer::keyed_object`).
    fn keyed_object(
        &mut self,
        key: Option<&str>,
        entries: &[(Cow<'a, str>, Span)],
        first: &Node<'a>,
        depth: usize,
        nest: usize,
    ) -> Result<(), ParseError> {
        let Some(fields) = first.as_object().and_then(|first| tabular_fields(&[first])) else {
            return Ok(());
        };
        self.writer.line(depth);
        self.writer.header(key, entries.len(), Some(&fields), true);
        for (entry_key, (start, _)) in entries {
            let (value, _) = self.reader.value(*start, nest + 1)?;
            self.writer.line(depth + 1);
            push_key(&mut self.writer.out, entry_key);
            self.writer.out.push_str(": ");
            if let Node::Object(row) = &value {
                self.writer.cells(row, &fields, &mut true);
            }
            self.flush(false);
        }
        Ok(())
    }

    /// The object's keys with their values' spans, in `JSON.parse`'s order and semantics, and
    /// the position after the object.
    fn entry_spans(&mut self, start: usize) -> Result<(EntrySpans<'a>, usize), ParseError> {
        let mut entries = Vec::new();
        let (mut at, mut end) = (self.reader.first_child(start), start);
        while let Some(entry) = at {
            let (key, value) = self.entry_key(entry)?;
            end = self.reader.skip(value)?;
            entries.push((key, (value, end)));
            at = self.reader.next_child(end, b'}')?;
        }
        dedupe_last_wins(&mut entries);
        js_entry_order(&mut entries);
        Ok((entries, self.reader.skip_ws(end) + 1))
    }

    /// The first entry's value when the object is a keyed table (see
    /// [`super::tabular::keyed_fields`]: two entries or more, every value a non-empty object,
    /// the values forming a table).
    fn keyed_first(&mut self, entries: &[(Cow<'a, str>, Span)], nest: usize) -> Result<Option<Node<'a>>, ParseError> {
        if entries.len() < 2 || entries.iter().any(|(_, (start, _))| self.reader.byte(*start) != Some(b'{')) {
            return Ok(None);
        }
        let mut rows = Rows::None;
        for (_, (start, _)) in entries {
            let (value, _) = self.reader.value(*start, nest + 1)?;
            if !value.as_object().is_some_and(|entries| !entries.is_empty()) {
                return Ok(None);
            }
            rows = next_rows(rows, &value);
            if let Rows::Out = rows {
                return Ok(None);
            }
        }
        Ok(match rows {
            Rows::First(first) => Some(first),
            _ => None,
        })
    }
}

/// `rows` after one more item: still a table with the first row, or not.
fn next_rows<'a>(rows: Rows<'a>, item: &Node<'a>) -> Rows<'a> {
    let Node::Object(row) = item else { return Rows::Out };
    match rows {
        Rows::None if tabular_fields(&[row.as_slice()]).is_some() => Rows::First(item.clone()),
        Rows::First(first) if first.as_object().is_some_and(|f| pair_is_table(f, row)) => Rows::First(first),
        _ => Rows::Out,
    }
}

/// Whether `row` may still form a table with `first`, from what each row shows alone: as many
/// keys, and every value a primitive or a non-empty object. Necessary, not sufficient — and
/// cheap, where checking the pair costs an allocation per row.
fn unchecked_rows<'a>(first: &Node<'_>, row: &Node<'_>) -> Rows<'a> {
    let may_be_row = |row: &Node<'_>, len: usize| {
        row.as_object().is_some_and(|entries| {
            entries.len() == len
                && entries.iter().all(|(_, v)| v.is_primitive() || v.as_object().is_some_and(|o| !o.is_empty()))
        })
    };
    match first.as_object() {
        Some(entries) if !entries.is_empty() && may_be_row(row, entries.len()) => Rows::Unchecked,
        _ => Rows::Out,
    }
}

/// A copy of the first item when all `items` form a table.
fn table_of<'a>(items: &[Node<'a>]) -> Option<Node<'a>> {
    let rows: Option<Vec<&Entries<'a>>> = items.iter().map(Node::as_object).collect();
    tabular_fields(&rows?)?;
    items.first().cloned()
}

fn pair_is_table(first: &Entries<'_>, row: &Entries<'_>) -> bool {
    tabular_fields(&[first, row]).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toon::encode::encode;
    use crate::toon::parse::{parse, parse_v8};
    use crate::toon::Delimiter;

    fn streamed(json: &str, verbatim: bool, options: &ToonOptions, above: usize) -> Result<String, ParseError> {
        let mut out = String::new();
        encode_streaming(json.as_bytes(), verbatim, options, above, false, &mut |piece| out.push_str(piece))?;
        let mut kept = String::new();
        encode_streaming(json.as_bytes(), verbatim, options, above, true, &mut |piece| kept.push_str(piece))?;
        assert_eq!(out, kept, "rows kept or read again");
        Ok(out)
    }

    /// Every threshold from "walk everything" up gives the tree encoder's text (in V8's mode too
    /// when the keys are as V8 writes them: unique, index keys first).
    fn assert_same(json: &str) {
        let v8_keys = !json.contains(r#""b":2"#);
        for delimiter in [Delimiter::Comma, Delimiter::Pipe] {
            let options = ToonOptions { delimiter, indent_size: 2 };
            let tree = encode(&parse(json.as_bytes()).expect("json"), &options, 0);
            let v8_tree = encode(&parse_v8(json.as_bytes()).expect("json"), &options, 0);
            for above in [0, 1, 8, 40, usize::MAX] {
                assert_eq!(
                    streamed(json, false, &options, above).as_deref(),
                    Ok(tree.as_str()),
                    "{json} above {above}"
                );
                if v8_keys {
                    assert_eq!(streamed(json, true, &options, above).as_deref(), Ok(v8_tree.as_str()), "{json} v8");
                }
            }
        }
    }

    #[test]
    fn writes_what_the_tree_encoder_writes() {
        for json in [
            r#"{"a":[1,2,3],"b":[[1,2],[3]],"c":[{"x":1,"y":"s"},{"y":"t","x":2}],"d":[{"x":1},{"x":[1]}]}"#,
            r#"[{"id":1,"geo":{"lat":1.5,"lon":2}},{"id":2,"geo":{"lat":3,"lon":4}}]"#,
            r#"{"servers":{"a":{"host":"h","port":1},"b":{"host":"i","port":2}},"n":null}"#,
            r#"{"servers":{"a":{"host":"h","port":1},"b":{"host":"i"}},"e":{},"f":[]}"#,
            r#"{"b":1,"a":{"k":[{"z":[{"q":1},{"q":2}],"w":2},{"z":[],"w":3},"x",[1,[2]]]},"b":2,"2":3,"1":[]}"#,
            r#"[[1,"a,b"],[],[true,null]]"#,
            r#"[[1,[2]],{"a":1},3,{}]"#,
            r#"{"list":[{"t":[{"a":1},{"a":2}],"u":1},{"t":{"k":{"a":1},"l":{"a":2}}},{"t":"s"}]}"#,
            r#"{"ws" : [ 1 , { "k" : "v" } , [ ] ] , "s" : "\u00e9\n" }"#,
            r#""\ufeffbom""#,
            r#"[1e5,1.0,-0,1e+21]"#,
        ] {
            assert_same(json);
        }
    }

    #[test]
    fn hands_out_the_text_in_pieces() {
        let rows: Vec<String> = (0..5000).map(|i| format!(r#"{{"id":{i},"tags":["a","b"],"n":"x{i}"}}"#)).collect();
        let json = format!(r#"{{"items":[{}],"count":5000}}"#, rows.join(","));
        let options = ToonOptions::default();
        let mut pieces = Vec::new();
        encode_streaming(json.as_bytes(), true, &options, STREAM_ABOVE_BYTES, false, &mut |p| pieces.push(p.len()))
            .expect("json");
        assert!(pieces.len() > 1 && pieces.iter().all(|&n| n < 2 * FLUSH_BYTES), "{pieces:?}");
        assert_same(&json);
    }

    #[test]
    fn errors_like_the_parser() {
        let options = ToonOptions::default();
        let deep = format!("{}1{}", "[".repeat(129), "]".repeat(129));
        assert_eq!(streamed(&deep, true, &options, 0).map_err(|e| e.message), Err("nesting deeper than 128 levels"));
        assert_eq!(streamed("[1,2] x", true, &options, 0).map_err(|e| e.message), Err("trailing characters"));
        assert_eq!(streamed(r#"{"a" 1}"#, true, &options, 0).map_err(|e| e.message), Err("expected ':'"));
        assert_eq!(streamed("[1 2]", true, &options, 0).map_err(|e| e.message), Err("expected ',' or ']'"));
        assert_eq!(streamed(r#"["a"#, true, &options, 0).map_err(|e| e.message), Err("unterminated string"));
        assert_eq!(streamed("[01]", true, &options, 0).map_err(|e| e.message), Err("invalid number"));
    }
}
