//! The line writer: walks a value and appends TOON lines to one string. Each method mirrors one
//! generator of the reference encoder (`encodeArrayLines`, `encodeObjectAsListItemLines`, …) so
//! the two can be compared case by case.

use serde_json::{Map, Value};

use super::primitive::{is_primitive, push_key, push_primitive, push_quoted};
use super::tabular::{all_objects, field_value, keyed_fields, tabular_fields, Field};
use super::{Delimiter, ToonOptions};

/// Encodes `value` as TOON text.
pub fn encode(value: &Value, options: &ToonOptions) -> String {
    let mut writer = Writer { out: String::new(), started: false, delimiter: options.delimiter, indent_size: options.indent_size };
    writer.root(value);
    writer.out
}

struct Writer {
    out: String,
    started: bool,
    delimiter: Delimiter,
    indent_size: usize,
}

type Object = Map<String, Value>;

impl Writer {
    fn root(&mut self, value: &Value) {
        match value {
            // A leading byte-order mark would be stripped by a decoder, so a root string that
            // starts with one is always quoted.
            Value::String(s) if s.starts_with('\u{feff}') => {
                self.line(0);
                push_quoted(&mut self.out, s);
            }
            Value::Array(items) => self.array(None, items, 0),
            Value::Object(object) => match keyed_fields(object) {
                Some(fields) => self.keyed_object(None, object, &fields, 0),
                None => self.entries(object.iter(), 0),
            },
            primitive => {
                self.line(0);
                self.primitive(primitive);
            }
        }
    }

    /// Starts a new line at `depth`.
    fn line(&mut self, depth: usize) {
        if self.started {
            self.out.push('\n');
        }
        self.started = true;
        for _ in 0..depth * self.indent_size {
            self.out.push(' ');
        }
    }

    /// Starts a new list-item line (`- `) at `depth`.
    fn item(&mut self, depth: usize) {
        self.line(depth);
        self.out.push_str("- ");
    }

    fn primitive(&mut self, value: &Value) {
        push_primitive(&mut self.out, value, self.delimiter);
    }

    /// `key[N]`, `[N:|]{a|b}` …: the optional key, the length, a `:` marker for keyed tables,
    /// the delimiter unless it is the comma, the field list, and the closing colon.
    fn header(&mut self, key: Option<&str>, len: usize, fields: Option<&[Field<'_>]>, keyed: bool) {
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

    fn entries<'v>(&mut self, entries: impl Iterator<Item = (&'v String, &'v Value)>, depth: usize) {
        for (key, value) in entries {
            self.key_value(key, value, depth);
        }
    }

    fn key_value(&mut self, key: &str, value: &Value, depth: usize) {
        match value {
            Value::Array(items) => self.array(Some(key), items, depth),
            Value::Object(object) => match keyed_fields(object) {
                Some(fields) => self.keyed_object(Some(key), object, &fields, depth),
                None => {
                    self.line(depth);
                    push_key(&mut self.out, key);
                    self.out.push(':');
                    self.entries(object.iter(), depth + 1);
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
    fn keyed_object(&mut self, key: Option<&str>, object: &Object, fields: &[Field<'_>], depth: usize) {
        self.line(depth);
        self.header(key, object.len(), Some(fields), true);
        self.keyed_rows(object, fields, depth + 1);
    }

    fn keyed_rows(&mut self, object: &Object, fields: &[Field<'_>], depth: usize) {
        for (entry_key, entry) in object {
            self.line(depth);
            push_key(&mut self.out, entry_key);
            self.out.push_str(": ");
            if let Value::Object(row) = entry {
                self.cells(row, fields, &mut true);
            }
        }
    }

    fn rows(&mut self, rows: &[&Object], fields: &[Field<'_>], depth: usize) {
        for row in rows {
            self.line(depth);
            self.cells(row, fields, &mut true);
        }
    }

    /// The row's leaf values in field order, nested groups flattened, joined by the delimiter.
    fn cells(&mut self, row: &Object, fields: &[Field<'_>], first: &mut bool) {
        let mut in_order = row.iter();
        for field in fields {
            let value = field_value(row, &mut in_order, field.name);
            match (&field.children, value) {
                (Some(children), Value::Object(inner)) => self.cells(inner, children, first),
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
    fn inline(&mut self, key: Option<&str>, items: &[Value]) {
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

    fn array(&mut self, key: Option<&str>, items: &[Value], depth: usize) {
        if items.is_empty() {
            self.line(depth);
            if let Some(key) = key {
                push_key(&mut self.out, key);
                self.out.push_str(": ");
            }
            self.out.push_str("[]");
            return;
        }
        if items.iter().all(is_primitive) {
            self.line(depth);
            self.inline(key, items);
            return;
        }
        let inner_all_primitive = items.iter().all(|item| match item {
            Value::Array(inner) => inner.iter().all(is_primitive),
            _ => false,
        });
        if inner_all_primitive {
            self.line(depth);
            self.header(key, items.len(), None, false);
            for item in items {
                if let Value::Array(inner) = item {
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

    fn list_item(&mut self, value: &Value, depth: usize) {
        match value {
            Value::Array(items) => {
                self.item(depth);
                if items.iter().all(is_primitive) {
                    self.inline(None, items);
                } else {
                    self.header(None, items.len(), None, false);
                    for item in items {
                        self.list_item(item, depth + 1);
                    }
                }
            }
            Value::Object(object) => self.object_item(object, depth),
            primitive => {
                self.item(depth);
                self.primitive(primitive);
            }
        }
    }

    /// An object as a list item: its first entry shares the `- ` line, the rest follow one level
    /// deeper; a first entry that is a table keeps its rows two levels deeper.
    fn object_item(&mut self, object: &Object, depth: usize) {
        let mut entries = object.iter();
        let Some((first_key, first_value)) = entries.next() else {
            self.line(depth);
            self.out.push('-');
            return;
        };
        match first_value {
            Value::Array(items) => {
                let table = all_objects(items).and_then(|rows| tabular_fields(&rows).map(|fields| (rows, fields)));
                self.item(depth);
                if let Some((rows, fields)) = table {
                    self.header(Some(first_key), items.len(), Some(&fields), false);
                    self.rows(&rows, &fields, depth + 2);
                } else if items.is_empty() {
                    push_key(&mut self.out, first_key);
                    self.out.push_str(": []");
                } else if items.iter().all(is_primitive) {
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
            Value::Object(inner) => {
                self.item(depth);
                if let Some(fields) = keyed_fields(inner) {
                    self.header(Some(first_key), inner.len(), Some(&fields), true);
                    self.keyed_rows(inner, &fields, depth + 2);
                } else {
                    push_key(&mut self.out, first_key);
                    self.out.push(':');
                    self.entries(inner.iter(), depth + 2);
                }
            }
            primitive => {
                self.item(depth);
                push_key(&mut self.out, first_key);
                self.out.push_str(": ");
                self.primitive(primitive);
            }
        }
        self.entries(entries, depth + 1);
    }
}
