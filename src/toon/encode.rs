//! The line writer: walks a value and appends TOON lines to one string. Each method mirrors one
//! generator of the reference encoder (`encodeArrayLines`, `encodeObjectAsListItemLines`, …) so
//! the two can be compared case by case.

use super::node::{Entries, Node};
use super::primitive::{push_key, push_primitive, push_quoted};
use super::tabular::{all_objects, field_value, keyed_fields, tabular_fields, Field};
use super::{Delimiter, ToonOptions};

/// Encodes `value` as TOON text; `capacity_hint` pre-sizes the output (the input's JSON length
/// is a good guess).
pub fn encode(value: &Node<'_>, options: &ToonOptions, capacity_hint: usize) -> String {
    let mut writer = Writer::new(options, capacity_hint);
    writer.root(value);
    writer.out
}

/// The TOON text written so far and where the next line goes. [`super::stream`] drives the same
/// writer one item at a time and takes `out` away between items.
pub(super) struct Writer {
    pub(super) out: String,
    started: bool,
    delimiter: Delimiter,
    indent_size: usize,
}

type Object<'a> = Entries<'a>;

impl Writer {
    pub(super) fn new(options: &ToonOptions, capacity: usize) -> Self {
        Self {
            out: String::with_capacity(capacity),
            started: false,
            delimiter: options.delimiter,
            indent_size: options.indent_size,
        }
    }

    pub(super) fn root(&mut self, value: &Node<'_>) {
        match value {
            // A leading byte-order mark would be stripped by a decoder, so a root string that
            // starts with one is always quoted.
            Node::String(s) if s.starts_with('\u{feff}') => {
                self.line(0);
                push_quoted(&mut self.out, s);
            }
            Node::Array(items) => self.array(None, items, 0),
            Node::Object(object) => match keyed_fields(object) {
                Some(fields) => self.keyed_object(None, object, &fields, 0),
                None => self.entries(object, 0),
            },
            primitive => {
                self.line(0);
                self.primitive(primitive);
            }
        }
    }

    /// Starts a new line at `depth`.
    pub(super) fn line(&mut self, depth: usize) {
        if self.started {
            self.out.push('\n');
        }
        self.started = true;
        for _ in 0..depth * self.indent_size {
            self.out.push(' ');
        }
    }

    /// Starts a new list-item line (`- `) at `depth`.
    pub(super) fn item(&mut self, depth: usize) {
        self.line(depth);
        self.out.push_str("- ");
    }

    /// Writes the delimiter between two values.
    pub(super) fn delimiter(&mut self) {
        self.out.push(self.delimiter.as_char());
    }

    pub(super) fn primitive(&mut self, value: &Node<'_>) {
        push_primitive(&mut self.out, value, self.delimiter);
    }

    /// `key[N]`, `[N:|]{a|b}` …: the optional key, the length, a `:` marker for keyed tables,
    /// the delimiter unless it is the comma, the field list, and the closing colon.
    pub(super) fn header(&mut self, key: Option<&str>, len: usize, fields: Option<&[Field<'_>]>, keyed: bool) {
        if let Some(key) = key {
            push_key(&mut self.out, key);
        }
        self.out.push('[');
        self.out.push_str(&len.to_string());
        if keyed {
            self.out.push(':');
        }
        if self.delimiter != Delimiter::Comma {
            self.out.push(self.delimiter.as_char());
        }
        self.out.push(']');
        if let Some(fields) = fields {
            self.out.push('{');
            self.field_list(fields);
            self.out.push('}');
        }
        self.out.push(':');
    }

    fn field_list(&mut self, fields: &[Field<'_>]) {
        for (i, field) in fields.iter().enumerate() {
            if i > 0 {
                self.out.push(self.delimiter.as_char());
            }
            push_key(&mut self.out, field.name);
            if let Some(children) = &field.children {
                self.out.push('{');
                self.field_list(children);
                self.out.push('}');
            }
        }
    }

    fn entries(&mut self, entries: &Object<'_>, depth: usize) {
        for (key, value) in entries {
            self.key_value(key, value, depth);
        }
    }

    pub(super) fn key_value(&mut self, key: &str, value: &Node<'_>, depth: usize) {
        match value {
            Node::Array(items) => self.array(Some(key), items, depth),
            Node::Object(object) => match keyed_fields(object) {
                Some(fields) => self.keyed_object(Some(key), object, &fields, depth),
                None => {
                    self.line(depth);
                    push_key(&mut self.out, key);
                    self.out.push(':');
                    self.entries(object, depth + 1);
                }
            },
            primitive => {
                self.line(depth);
                push_key(&mut self.out, key);
                self.out.push_str(": ");
                self.primitive(primitive);
            }
        }
    }

    /// `key[N:]{fields}:` then one `entryKey: cells` row per entry.
    pub(super) fn keyed_object(&mut self, key: Option<&str>, object: &Object<'_>, fields: &[Field<'_>], depth: usize) {
        self.line(depth);
        self.header(key, object.len(), Some(fields), true);
        self.keyed_rows(object, fields, depth + 1);
    }

    fn keyed_rows(&mut self, object: &Object<'_>, fields: &[Field<'_>], depth: usize) {
        for (entry_key, entry) in object {
            self.line(depth);
            push_key(&mut self.out, entry_key);
            self.out.push_str(": ");
            if let Node::Object(row) = entry {
                self.cells(row, fields, &mut true);
            }
        }
    }

    fn rows(&mut self, rows: &[&Object<'_>], fields: &[Field<'_>], depth: usize) {
        for row in rows {
            self.line(depth);
            self.cells(row, fields, &mut true);
        }
    }

    /// The row's leaf values in field order, nested groups flattened, joined by the delimiter.
    pub(super) fn cells(&mut self, row: &Object<'_>, fields: &[Field<'_>], first: &mut bool) {
        for (index, field) in fields.iter().enumerate() {
            let value = field_value(row, index, field.name);
            match (&field.children, value) {
                (Some(children), Node::Object(inner)) => self.cells(inner, children, first),
                _ => {
                    if !*first {
                        self.out.push(self.delimiter.as_char());
                    }
                    *first = false;
                    self.primitive(value);
                }
            }
        }
    }

    /// `[N]: a,b,c` (or `[0]:` for an empty array, which only arises inside lists).
    pub(super) fn inline(&mut self, key: Option<&str>, items: &[Node<'_>]) {
        self.header(key, items.len(), None, false);
        if items.is_empty() {
            return;
        }
        self.out.push(' ');
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.out.push(self.delimiter.as_char());
            }
            self.primitive(item);
        }
    }

    pub(super) fn array(&mut self, key: Option<&str>, items: &[Node<'_>], depth: usize) {
        if items.is_empty() {
            self.line(depth);
            if let Some(key) = key {
                push_key(&mut self.out, key);
                self.out.push_str(": ");
            }
            self.out.push_str("[]");
            return;
        }
        if items.iter().all(Node::is_primitive) {
            self.line(depth);
            self.inline(key, items);
            return;
        }
        let inner_all_primitive = items.iter().all(|item| match item {
            Node::Array(inner) => inner.iter().all(Node::is_primitive),
            _ => false,
        });
        if inner_all_primitive {
            self.line(depth);
            self.header(key, items.len(), None, false);
            for item in items {
                if let Node::Array(inner) = item {
                    self.item(depth + 1);
                    self.inline(None, inner);
                }
            }
            return;
        }
        if let Some(rows) = all_objects(items) {
            if let Some(fields) = tabular_fields(&rows) {
                self.line(depth);
                self.header(key, items.len(), Some(&fields), false);
                self.rows(&rows, &fields, depth + 1);
                return;
            }
        }
        self.line(depth);
        self.header(key, items.len(), None, false);
        for item in items {
            self.list_item(item, depth + 1);
        }
    }

    pub(super) fn list_item(&mut self, value: &Node<'_>, depth: usize) {
        match value {
            Node::Array(items) => {
                self.item(depth);
                if items.iter().all(Node::is_primitive) {
                    self.inline(None, items);
                } else {
                    self.header(None, items.len(), None, false);
                    for item in items {
                        self.list_item(item, depth + 1);
                    }
                }
            }
            Node::Object(object) => self.object_item(object, depth),
            primitive => {
                self.item(depth);
                self.primitive(primitive);
            }
        }
    }

    /// An object as a list item: its first entry shares the `- ` line, the rest follow one level
    /// deeper; a first entry that is a table keeps its rows two levels deeper.
    fn object_item(&mut self, object: &Object<'_>, depth: usize) {
        let Some(((first_key, first_value), rest)) = object.split_first() else {
            self.line(depth);
            self.out.push('-');
            return;
        };
        match first_value {
            Node::Array(items) => {
                let table = all_objects(items).and_then(|rows| tabular_fields(&rows).map(|fields| (rows, fields)));
                self.item(depth);
                if let Some((rows, fields)) = table {
                    self.header(Some(first_key), items.len(), Some(&fields), false);
                    self.rows(&rows, &fields, depth + 2);
                } else if items.is_empty() {
                    push_key(&mut self.out, first_key);
                    self.out.push_str(": []");
                } else if items.iter().all(Node::is_primitive) {
                    push_key(&mut self.out, first_key);
                    self.inline(None, items);
                } else {
                    push_key(&mut self.out, first_key);
                    self.header(None, items.len(), None, false);
                    for item in items {
                        self.list_item(item, depth + 2);
                    }
                }
            }
            Node::Object(inner) => {
                self.item(depth);
                if let Some(fields) = keyed_fields(inner) {
                    self.header(Some(first_key), inner.len(), Some(&fields), true);
                    self.keyed_rows(inner, &fields, depth + 2);
                } else {
                    push_key(&mut self.out, first_key);
                    self.out.push(':');
                    self.entries(inner, depth + 2);
                }
            }
            primitive => {
                self.item(depth);
                push_key(&mut self.out, first_key);
                self.out.push_str(": ");
                self.primitive(primitive);
            }
        }
        self.entries(rest, depth + 1);
    }
}
