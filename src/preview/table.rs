//! The preview of a table in text — CSV, TSV, a Markdown table, JSON Lines, a Python literal of
//! a list of dicts or tuples (mcp-server-sqlite prints `[{'month': 1, 'dep_delay': 2.0, …}]`
//! on one line, with `None`, `True`, `False`) — in the table's own form: its header, its first
//! rows, a summary (the form, the row count, each column's name and kinds), the rows that
//! matter (error-like, matching the call's arguments, each numeric column's outliers by median
//! and MAD, taken in turn as for JSON collections), each marked `[row N, why]`, then its last
//! rows. Rows are shown as written.
//!
//! The table is read once: rows are found in one pass that keeps track of quotes, brackets and
//! escapes; each row's cells are read once on the way. A row with a different cell count than
//! the header (a ragged row) is kept, and counted.

use super::errors::{self, line_signal, Signal, FIELDS_READ, LINE_BYTES};
use super::matches::Needles;
use super::out::{count, Out};
use super::rank::{matched_items, order, outliers_in_turn, Why, MAX_FIELDS, NUMERIC_FIELDS};
use super::scan::{self, Kind};
use super::text::SNIFF_LINES;
use crate::json::string::utf16_len;

/// A row shown is cut to this many bytes.
const ROW_BYTES: usize = 600;
/// Rows shown from the start and from the end, at most, besides the ones that matter.
const HEAD_ROWS: usize = 3;
const TAIL_ROWS: usize = 2;

/// How a table is written.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Form {
    /// Delimiter-separated values (`,` or `\t`), the first record a header.
    Delimited(u8),
    /// A Markdown table: a header row, a rule, rows.
    Markdown,
    /// One JSON object per line.
    JsonLines,
    /// A Python literal: a list of dicts, tuples or lists.
    Python,
}

/// A table read once.
pub struct Table<'a> {
    text: &'a str,
    form: Form,
    /// What precedes the rows, as written (a CSV header, a Markdown header and rule).
    head: &'a str,
    /// Each row's byte span in `text`.
    rows: Vec<(usize, usize)>,
    /// Column names and the kinds each holds ([`Kind::bit`]).
    columns: Vec<(String, u8)>,
    more_columns: usize,
    /// Rows with another cell count than the header's.
    ragged: usize,
    /// Rows in the order offered, and how many lead that matter.
    ranked: Vec<(usize, Why)>,
    important: usize,
    chars: usize,
}

/// What the row reader gathers, row by row.
#[derive(Default)]
struct Cells {
    columns: Vec<(String, u8)>,
    more: std::collections::BTreeSet<String>,
    /// Tracked numeric columns: (column index, one value per row).
    numeric: Vec<(usize, Vec<f64>)>,
    errors: Vec<usize>,
    masks: Vec<u32>,
    ragged: usize,
}

impl Cells {
    /// The column of `name` (added when new), or `None` past [`MAX_FIELDS`].
    fn column(&mut self, name: &str) -> Option<usize> {
        if let Some(at) = self.columns.iter().position(|c| c.0 == name) {
            return Some(at);
        }
        if self.columns.len() < MAX_FIELDS {
            self.columns.push((name.to_owned(), 0));
            return Some(self.columns.len() - 1);
        }
        if self.more.len() < 10_000 {
            self.more.insert(name.to_owned());
        }
        None
    }

    /// One cell of row `row` in column `col`, of `kind`, with its number when it is one.
    fn cell(&mut self, row: usize, col: usize, kind: Kind, number: f64) {
        let Some(column) = self.columns.get_mut(col) else { return };
        column.1 |= kind.bit();
        if kind != Kind::Number {
            return;
        }
        let slot = match self.numeric.iter().position(|n| n.0 == col) {
            Some(slot) => slot,
            None if self.numeric.len() < NUMERIC_FIELDS => {
                self.numeric.push((col, Vec::new()));
                self.numeric.len() - 1
            }
            None => return,
        };
        let values = &mut self.numeric[slot].1;
        if values.len() <= row {
            values.resize(row, f64::NAN);
            values.push(number);
        }
    }

    /// A row's raw bytes: is it error-like, which needles it holds.
    fn row(&mut self, row: usize, raw: &[u8], error_like: bool, needles: &Needles) {
        if error_like || line_signal(&raw[..raw.len().min(LINE_BYTES)]) == Signal::Message {
            self.errors.push(row);
        }
        if !needles.is_empty() {
            self.masks.push(needles.mask_raw(&raw[..raw.len().min(LINE_BYTES * 2)]));
        }
    }
}

/// The kind and number of a cell written as text (CSV, Markdown): empty is null.
fn text_cell(cell: &str) -> (Kind, f64) {
    let cell = cell.trim().trim_matches('"');
    if cell.is_empty() || cell.eq_ignore_ascii_case("null") || cell == "NA" {
        return (Kind::Null, f64::NAN);
    }
    if cell.eq_ignore_ascii_case("true") || cell.eq_ignore_ascii_case("false") {
        return (Kind::Bool, f64::NAN);
    }
    match cell.parse::<f64>() {
        Ok(x)
            if cell.as_bytes()[0] != b'+'
                && !cell.eq_ignore_ascii_case("nan")
                && !cell.to_ascii_lowercase().contains("inf") =>
        {
            (Kind::Number, x)
        }
        _ => (Kind::String, f64::NAN),
    }
}

/// The kind and number of a Python literal cell (`2.0`, `None`, `True`, `'x'`, `[1]`).
fn python_cell(cell: &str) -> (Kind, f64) {
    let cell = cell.trim();
    match cell {
        "None" => (Kind::Null, f64::NAN),
        "True" | "False" => (Kind::Bool, f64::NAN),
        "nan" => (Kind::Number, f64::NAN),
        _ if cell.starts_with(['\'', '"']) => (Kind::String, f64::NAN),
        _ if cell.starts_with(['[', '(']) => (Kind::Array, f64::NAN),
        _ if cell.starts_with('{') => (Kind::Object, f64::NAN),
        _ => match cell.parse::<f64>() {
            Ok(x) => (Kind::Number, x),
            Err(_) => (Kind::String, f64::NAN),
        },
    }
}

/// The top-level pieces of `s` split at `sep`, outside quotes (`'`, `"`, with `\` escapes) and
/// brackets; `quote_doubling` reads `""` inside quotes as a quote (CSV). Calls `each(piece)`.
fn split_top<'s>(s: &'s str, sep: u8, python: bool, mut each: impl FnMut(&'s str)) {
    let b = s.as_bytes();
    let (mut depth, mut quote, mut start, mut i) = (0usize, 0u8, 0, 0);
    while i < b.len() {
        let c = b[i];
        if quote != 0 {
            if python && c == b'\\' {
                i += 2;
                continue;
            }
            if c == quote {
                quote = 0;
            }
        } else if c == b'"' || (python && c == b'\'') {
            quote = c;
        } else if python && matches!(c, b'[' | b'(' | b'{') {
            depth += 1;
        } else if python && matches!(c, b']' | b')' | b'}') {
            depth = depth.saturating_sub(1);
        } else if c == sep && depth == 0 {
            each(&s[start..i]);
            start = i + 1;
        }
        i += 1;
    }
    each(&s[start.min(s.len())..]);
}

/// Where the Python literal element starting at `at` ends (one past it), at the `,` or `]` that
/// closes it at depth 0, quotes and escapes read.
fn python_element_end(b: &[u8], at: usize) -> usize {
    let (mut depth, mut quote, mut i) = (0usize, 0u8, at);
    while i < b.len() {
        let c = b[i];
        if quote != 0 {
            if c == b'\\' {
                i += 2;
                continue;
            }
            if c == quote {
                quote = 0;
            }
        } else {
            match c {
                b'\'' | b'"' => quote = c,
                b'[' | b'(' | b'{' => depth += 1,
                b']' | b')' | b'}' if depth == 0 => return i,
                b']' | b')' | b'}' => depth -= 1,
                b',' if depth == 0 => return i,
                _ => {}
            }
        }
        i += 1;
    }
    b.len()
}

/// Whether `line` is a Markdown table's rule (`| --- | :-: |`).
fn markdown_rule(line: &str) -> bool {
    let t = line.trim().trim_matches('|');
    !t.is_empty()
        && t.split('|').all(|c| {
            let c = c.trim().trim_matches(':');
            !c.is_empty() && c.bytes().all(|b| b == b'-')
        })
}

/// The cells of a Markdown row, trimmed.
fn markdown_cells(line: &str) -> Vec<&str> {
    let t = line.trim();
    let t = t.strip_prefix('|').unwrap_or(t);
    let t = t.strip_suffix('|').unwrap_or(t);
    t.split('|').map(str::trim).collect()
}

/// How many top-level `sep` a line holds (CSV quotes read).
fn delimiters(line: &str, sep: u8) -> usize {
    let mut n = 0;
    split_top(line, sep, false, |_| n += 1);
    n - 1
}

/// The byte spans of `text`'s lines, and of its first non-blank ones.
fn lines_of(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = 0;
    for (i, b) in text.bytes().enumerate() {
        if b == b'\n' {
            let end = if i > start && text.as_bytes()[i - 1] == b'\r' { i - 1 } else { i };
            spans.push((start, end));
            start = i + 1;
        }
    }
    if start < text.len() {
        spans.push((start, text.len()));
    }
    spans
}

impl<'a> Table<'a> {
    /// The table `text` is, when its first lines say it is one; `None` for other text.
    pub fn read(text: &'a str, needles: &Needles) -> Option<Self> {
        let trimmed = text.trim_start();
        if trimmed.starts_with('[') {
            return Self::python(text, needles);
        }
        let first = text.lines().find(|l| !l.trim().is_empty())?;
        let t = first.trim();
        if t.starts_with('{') && t.ends_with('}') {
            return Self::json_lines(text, needles);
        }
        if t.starts_with('|') {
            return Self::markdown(text, needles);
        }
        Self::delimited(text, needles)
    }

    /// The form's name (`csv`, `tsv`, `markdown table`, `json lines`, `python literal`).
    pub fn form_name(&self) -> &'static str {
        match self.form {
            Form::Delimited(b'\t') => "tsv",
            Form::Delimited(_) => "csv",
            Form::Markdown => "markdown table",
            Form::JsonLines => "json lines",
            Form::Python => "python literal",
        }
    }

    fn finish(
        text: &'a str,
        form: Form,
        head: &'a str,
        rows: Vec<(usize, usize)>,
        cells: Cells,
        needles: &Needles,
    ) -> Option<Self> {
        if rows.len() < 2 {
            return None;
        }
        let n = rows.len();
        let Cells { columns, more, mut numeric, errors, masks, ragged } = cells;
        for (_, values) in numeric.iter_mut() {
            values.resize(n, f64::NAN);
        }
        let fields: Vec<(String, &[f64])> =
            numeric.iter().map(|(col, values)| (columns[*col].0.clone(), values.as_slice())).collect();
        let outlying = outliers_in_turn(&fields);
        let matched = matched_items(&masks, needles);
        let (ranked, important) = order(n, errors, matched, outlying);
        Some(Table {
            text,
            form,
            head,
            rows,
            columns,
            more_columns: more.len(),
            ragged,
            ranked,
            important,
            chars: utf16_len(text),
        })
    }

    fn python(text: &'a str, needles: &Needles) -> Option<Self> {
        let b = text.as_bytes();
        let open = text.len() - text.trim_start().len();
        let mut at = scan::skip_ws(b, open + 1);
        if !matches!(b.get(at), Some(b'{' | b'(' | b'[')) {
            return None;
        }
        let mut rows = Vec::new();
        let mut cells = Cells::default();
        let mut header: Vec<usize> = Vec::new();
        while at < b.len() && matches!(b[at], b'{' | b'(' | b'[') {
            let end = python_element_end(b, at);
            let row = &text[at..(end).min(text.len())];
            let (index, dict) = (rows.len(), row.starts_with('{'));
            let inner = row.get(1..row.len().saturating_sub(1)).unwrap_or("");
            let mut col = 0;
            split_top(inner, b',', true, |cell| {
                if cell.trim().is_empty() || col >= FIELDS_READ {
                    return;
                }
                let (name, value) = if dict {
                    let mut key = None;
                    split_top(cell, b':', true, |part| {
                        key.get_or_insert(part);
                    });
                    let key = key.unwrap_or(cell);
                    let value = cell.get(key.len() + 1..).unwrap_or("");
                    (Some(key.trim().trim_matches(['\'', '"']).to_owned()), value)
                } else {
                    (None, cell)
                };
                let column = match name {
                    Some(name) => cells.column(&name),
                    None if col < MAX_FIELDS => {
                        if header.len() <= col {
                            header.push(col);
                            cells.column(&format!("[{col}]"));
                        }
                        Some(col)
                    }
                    None => None,
                };
                let (kind, number) = python_cell(value);
                if let Some(column) = column {
                    cells.cell(index, column, kind, number);
                }
                col += 1;
            });
            cells.row(index, row.as_bytes(), false, needles);
            rows.push((at, end.min(text.len())));
            at = scan::skip_ws(b, end);
            if b.get(at) != Some(&b',') {
                break;
            }
            at = scan::skip_ws(b, at + 1);
        }
        Self::finish(text, Form::Python, "", rows, cells, needles)
    }

    fn json_lines(text: &'a str, needles: &Needles) -> Option<Self> {
        let spans = lines_of(text);
        let sample = spans.iter().filter(|s| s.1 > s.0).take(SNIFF_LINES.min(8));
        let mut objects = 0;
        for &(s, e) in sample {
            let line = text[s..e].trim().as_bytes();
            if !line.starts_with(b"{") || !scan::is_json(line) {
                return None;
            }
            objects += 1;
        }
        if objects < 2 {
            return None;
        }
        let mut cells = Cells::default();
        let mut rows = Vec::with_capacity(spans.len());
        for &(s, e) in &spans {
            let line = &text.as_bytes()[s..e];
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let index = rows.len();
            let root = scan::root(line);
            let is_object = scan::kind(line, root) == Kind::Object;
            let entries = if is_object { scan::entries(line, root, FIELDS_READ) } else { Vec::new() };
            if !is_object {
                cells.ragged += 1;
            }
            for &(k, v) in &entries {
                if let Some(col) = cells.column(&scan::string_value(line, k)) {
                    let kind = scan::kind(line, v);
                    let number = if kind == Kind::Number { scan::number_value(line, v) } else { f64::NAN };
                    cells.cell(index, col, kind, number);
                }
            }
            cells.row(index, line, errors::is_error_record(line, &entries), needles);
            rows.push((s, e));
        }
        Self::finish(text, Form::JsonLines, "", rows, cells, needles)
    }

    fn markdown(text: &'a str, needles: &Needles) -> Option<Self> {
        let spans = lines_of(text);
        let first = spans.iter().position(|s| s.1 > s.0)?;
        let rule = spans.get(first + 1)?;
        if !markdown_rule(&text[rule.0..rule.1]) {
            return None;
        }
        let header = markdown_cells(&text[spans[first].0..spans[first].1]);
        let mut cells = Cells::default();
        header.iter().for_each(|name| {
            cells.column(name);
        });
        let mut rows = Vec::new();
        for &(s, e) in &spans[first + 2..] {
            let line = &text[s..e];
            if !line.trim_start().starts_with('|') {
                break;
            }
            let index = rows.len();
            let row = markdown_cells(line);
            if row.len() != header.len() {
                cells.ragged += 1;
            }
            for (col, cell) in row.iter().enumerate().take(MAX_FIELDS) {
                let (kind, number) = text_cell(cell);
                cells.cell(index, col, kind, number);
            }
            cells.row(index, line.as_bytes(), false, needles);
            rows.push((s, e));
        }
        // A table in a longer document is no table result.
        if rows.len() * 10 < spans.len() * 8 {
            return None;
        }
        Self::finish(text, Form::Markdown, &text[spans[first].0..rule.1], rows, cells, needles)
    }

    fn delimited(text: &'a str, needles: &Needles) -> Option<Self> {
        let spans = lines_of(text);
        let sample: Vec<&str> = spans.iter().map(|&(s, e)| &text[s..e]).take(SNIFF_LINES.min(24)).collect();
        if sample.len() < 3 {
            return None;
        }
        let sep = [b'\t', b','].into_iter().find(|&sep| {
            let n = delimiters(sample[0], sep);
            n > 0 && sample.iter().filter(|l| delimiters(l, sep) == n).count() * 10 >= sample.len() * 9
        })?;
        let header: Vec<String> = {
            let mut names = Vec::new();
            split_top(sample[0], sep, false, |c| names.push(c.trim().trim_matches('"').to_owned()));
            names
        };
        if header.iter().any(|h| text_cell(h).0 == Kind::Number) {
            return None;
        }
        let mut cells = Cells::default();
        header.iter().for_each(|name| {
            cells.column(name);
        });
        let mut rows = Vec::with_capacity(spans.len());
        for &(s, e) in &spans[1..] {
            let line = &text[s..e];
            if line.is_empty() {
                continue;
            }
            let index = rows.len();
            let mut col = 0;
            split_top(line, sep, false, |cell| {
                if col < MAX_FIELDS {
                    let (kind, number) = text_cell(cell);
                    cells.cell(index, col, kind, number);
                }
                col += 1;
            });
            if col != header.len() {
                cells.ragged += 1;
            }
            cells.row(index, line.as_bytes(), false, needles);
            rows.push((s, e));
        }
        Self::finish(text, Form::Delimited(sep), &text[spans[0].0..spans[0].1], rows, cells, needles)
    }

    fn row(&self, i: usize) -> &'a str {
        &self.text[self.rows[i].0..self.rows[i].1]
    }

    /// The summary line: the form, the rows, the columns with their kinds.
    fn summary(&self, room: usize) -> String {
        let mut columns = String::new();
        for (i, (name, kinds)) in self.columns.iter().enumerate() {
            let entry = format!("{}{name} {}", if i > 0 { ", " } else { "" }, super::rank::kinds_text(*kinds));
            if columns.len() + entry.len() > room {
                columns.push_str(&format!(", …{} more", count(self.columns.len() - i + self.more_columns)));
                break;
            }
            columns.push_str(&entry);
        }
        if self.more_columns > 0 && !columns.contains('…') {
            columns.push_str(&format!(", …{} more", count(self.more_columns)));
        }
        let ragged = if self.ragged > 0 { format!(", {} ragged", count(self.ragged)) } else { String::new() };
        format!(
            "…[{}: {} rows{ragged}, {} columns ({columns}); {} chars; shown: the first and last rows, and the ones marked [row N, why]]",
            self.form_name(),
            count(self.rows.len()),
            count(self.columns.len() + self.more_columns),
            count(self.chars)
        )
    }

    /// The preview in at most `budget` bytes (see the module docs).
    pub fn render(&self, budget: usize) -> String {
        let n = self.rows.len();
        let mut out = Out::new(budget);
        if !self.head.is_empty() {
            for line in self.head.lines() {
                out.line_cut("", line, ROW_BYTES);
            }
        }
        let summary = self.summary(budget / 4);
        let summary_cost = summary.len() + 1;
        // Plan: the rows that matter (up to half), then the first and last rows, then more.
        let mut left = out.left().saturating_sub(summary_cost);
        let mut shown: Vec<(usize, Option<String>)> = Vec::new();
        let mut chosen = vec![false; n];
        let cost = |i: usize, label: &Option<String>| {
            self.row(i).len().min(ROW_BYTES) + label.as_ref().map_or(0, |l| l.len() + 12) + 4
        };
        let mut take = |i: usize, label: Option<String>, within: usize, left: &mut usize| {
            let c = cost(i, &label);
            if chosen[i] || c > within.min(*left) {
                return false;
            }
            chosen[i] = true;
            *left -= c;
            shown.push((i, label));
            true
        };
        let half = left / 2;
        let mut used = 0;
        for (i, why) in self.ranked.iter().take(self.important) {
            let before = left;
            if take(*i, why.label(), half.saturating_sub(used), &mut left) {
                used += before - left;
            }
        }
        for i in (0..n.min(HEAD_ROWS)).chain(n.saturating_sub(TAIL_ROWS).max(HEAD_ROWS.min(n))..n) {
            take(i, None, usize::MAX, &mut left);
        }
        for (i, why) in &self.ranked {
            let label = if why.matters() { why.label() } else { None };
            if !take(*i, label, usize::MAX, &mut left) && left < 40 {
                break;
            }
        }
        shown.sort_by_key(|s| s.0);
        let (open, close, sep) = match self.form {
            Form::Python => ("[", "]", ","),
            _ => ("", "", ""),
        };
        let mut summary_written = false;
        let mut last = None;
        for (i, label) in &shown {
            let gap = last.map_or(*i > 0, |l: usize| *i > l + 1);
            if gap && !summary_written {
                summary_written = out.line(&summary);
            }
            last = Some(*i);
            let prefix = match label {
                Some(l) => format!("[row {}, {l}] ", count(i + 1)),
                None if gap || summary_written && *i > 0 && self.form == Form::Python => String::new(),
                None => String::new(),
            };
            let before = if *i == 0 { open } else { "" };
            let after = if *i + 1 == n { close } else { sep };
            if !out.line_cut_then(&format!("{prefix}{before}"), self.row(*i), ROW_BYTES, after) {
                break;
            }
        }
        if !summary_written {
            out.line(&summary);
        }
        out.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn render(text: &str, args: serde_json::Value, budget: usize) -> String {
        let needles = Needles::from_arguments(&args);
        let table = Table::read(text, &needles).expect("a table");
        let got = table.render(budget);
        assert!(got.len() <= budget, "{} over {budget}:\n{got}", got.len());
        got
    }

    /// Rows of flights: one long delay, one origin the call asks for.
    fn flight(i: usize) -> (i64, &'static str, Option<f64>) {
        let delay = if i == 1234 {
            Some(1301.0)
        } else if i % 97 == 0 {
            None
        } else {
            Some((i % 13) as f64 - 4.0)
        };
        (2013, if i == 2000 { "SFO" } else { ["EWR", "LGA", "JFK"][i % 3] }, delay)
    }

    #[test]
    fn a_python_literal_of_dicts_is_a_table_in_its_own_form() {
        // mcp-server-sqlite's `str(results)`: one line, None for NULL, quotes chosen by repr.
        let rows: Vec<String> = (0..3000)
            .map(|i| {
                let (year, origin, delay) = flight(i);
                let delay = delay.map_or("None".to_owned(), |d| format!("{d:.1}"));
                format!(
                    "{{'year': {year}, 'origin': '{origin}', 'dep_delay': {delay}, 'note': \"it's {i}\", 'ok': True}}"
                )
            })
            .collect();
        let text = format!("[{}]", rows.join(", "));
        let got = render(&text, json!({"query": "SELECT * FROM flights WHERE origin = 'SFO'"}), 3000);
        let lines: Vec<&str> = got.lines().collect();
        assert_eq!(lines[0], "[{'year': 2013, 'origin': 'EWR', 'dep_delay': None, 'note': \"it's 0\", 'ok': True},");
        assert!(got.contains(
            "…[python literal: 3,000 rows, 5 columns (year number, origin string, dep_delay number|null, note string, ok boolean); "
        ), "{got}");
        assert!(
            got.contains("[row 1,235, outlier dep_delay] {'year': 2013, 'origin': 'LGA', 'dep_delay': 1301.0,"),
            "{got}"
        );
        assert!(got.contains("[row 2,001, matches SFO] {'year': 2013, 'origin': 'SFO',"), "{got}");
        assert!(lines.last().unwrap().ends_with("'note': \"it's 2999\", 'ok': True}]"), "{got}");
    }

    #[test]
    fn csv_tsv_and_markdown_keep_their_header_and_rows() {
        let mut csv = String::from("year,origin,dep_delay\n");
        for i in 0..2000 {
            let (year, origin, delay) = flight(i);
            csv.push_str(&format!("{year},\"{origin}\",{}\n", delay.map_or(String::new(), |d| d.to_string())));
        }
        let got = render(&csv, json!(null), 1500);
        let lines: Vec<&str> = got.lines().collect();
        assert_eq!(lines[..2], ["year,origin,dep_delay", "2013,\"EWR\","]);
        assert!(
            got.contains("…[csv: 2,000 rows, 3 columns (year number, origin string, dep_delay number|null); "),
            "{got}"
        );
        assert!(got.contains("[row 1,235, outlier dep_delay] 2013,\"LGA\",1301"), "{got}");
        assert_eq!(*lines.last().unwrap(), "2013,\"LGA\",6");
        let tsv = csv.replace(',', "\t");
        assert!(render(&tsv, json!(null), 1500).contains("…[tsv: 2,000 rows, 3 columns"));
        let mut md = String::from("| year | origin | dep_delay |\n| --- | :-- | --: |\n");
        for i in 0..500 {
            let (year, origin, delay) = flight(i);
            md.push_str(&format!("| {year} | {origin} | {} |\n", delay.unwrap_or(0.0)));
        }
        md.push_str("| 2013 | ragged |\n");
        let got = render(&md, json!(null), 1200);
        assert!(got.starts_with("| year | origin | dep_delay |\n| --- | :-- | --: |\n| 2013 | EWR | 0 |"), "{got}");
        assert!(got.contains("…[markdown table: 501 rows, 1 ragged, 3 columns"), "{got}");
    }

    #[test]
    fn json_lines_rank_error_records_and_outliers() {
        let lines: Vec<String> = (0..1000)
            .map(|i| {
                let level = if i == 640 { "error" } else { "info" };
                let ms = if i == 77 { 90_000 } else { 20 + i % 9 };
                format!("{{\"ts\":{i},\"level\":\"{level}\",\"ms\":{ms},\"msg\":\"request {i}\"}}")
            })
            .collect();
        let got = render(&lines.join("\n"), json!(null), 1500);
        assert!(got.contains("[row 641, error] {\"ts\":640,\"level\":\"error\""), "{got}");
        assert!(got.contains("[row 78, outlier ms] {\"ts\":77,"), "{got}");
        assert!(
            got.contains("…[json lines: 1,000 rows, 4 columns (ts number, level string, ms number, msg string)"),
            "{got}"
        );
    }

    #[test]
    fn nested_quotes_escapes_and_ragged_rows_never_break_the_reading() {
        let text =
            r#"[('a\'b', "c\"d", [1, (2, 3)], {'k': ']'}), ('x',), ("it's", 'q', None, 4.5, 'extra'), ('\\', 'z')]"#;
        let got = render(text, json!(null), 600);
        assert!(got.contains("…[python literal: 4 rows"), "{got}");
        for bad in ["[(", "[{'a': ", "[{'a': 'unterminated}, {", "[[1, 2], [3", "a,b\n1,2\n\"open,3\n4,5\n"] {
            if let Some(t) = Table::read(bad, &Needles::default()) {
                for budget in [0, 50, 300] {
                    assert!(t.render(budget).len() <= budget.max(300));
                }
            }
        }
        assert!(Table::read("just prose, with a comma\nand more prose\nhere", &Needles::default()).is_none());
    }
}
