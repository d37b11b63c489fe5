//! What a text is, read from its first lines, and its preview in that form: a unified diff
//! ([`super::diff`]), a table ([`super::table`]: CSV, TSV, Markdown, JSON Lines, a Python
//! literal), text of several parts ([`super::parts`]), indented text ([`super::outline`]), or
//! plain text ([`super::text`]: head, tail and the lines that matter).
//!
//! Detection reads at most [`super::text::SNIFF_LINES`] lines, and each form reads the text once, in one pass;
//! a preview that shrinks until it fits renders several times from that one reading. Each
//! render is within its byte budget once the budget holds its summary line, and a form that
//! cannot say more than plain text would (no part, no row, no file found) is read as plain text.

use super::diff::Diff;
use super::matches::Needles;
use super::outline::Outline;
use super::parts::Parts;
use super::table::Table;
use super::text::{self, Lines};

/// A text read once in its form.
pub enum Shaped<'a> {
    /// A unified diff.
    Diff(Diff<'a>),
    /// A table.
    Table(Table<'a>),
    /// Text of several parts, each under a header.
    Parts(Parts<'a>),
    /// Indented text.
    Outline(Outline<'a>),
    /// Anything else.
    Plain(Lines<'a>),
}

impl<'a> Shaped<'a> {
    /// Reads `text` in its form, for a call with `needles`.
    pub fn read(text: &'a str, needles: &Needles) -> Self {
        if let Some(table) = Table::read(text, needles) {
            return Shaped::Table(table);
        }
        let lines = Lines::read(text, needles);
        let lines = match Diff::read(lines, needles) {
            Ok(diff) => return Shaped::Diff(diff),
            Err(lines) => lines,
        };
        let lines = match Parts::read(lines, needles) {
            Ok(parts) => return Shaped::Parts(parts),
            Err(lines) => lines,
        };
        match Outline::read(lines) {
            Ok(outline) => Shaped::Outline(outline),
            Err(lines) => Shaped::Plain(lines),
        }
    }

    /// The form's name, as the preview of a string in JSON says it (`"form":"diff"`).
    pub fn form(&self) -> &'static str {
        match self {
            Shaped::Diff(_) => "diff",
            Shaped::Table(t) => t.form_name(),
            Shaped::Parts(_) => "parts",
            Shaped::Outline(_) => "outline",
            Shaped::Plain(_) => "text",
        }
    }

    /// The preview in at most `budget` bytes (once the budget holds its summary line).
    pub fn render(&self, budget: usize) -> String {
        match self {
            Shaped::Diff(d) => d.render(budget),
            Shaped::Table(t) => t.render(budget),
            Shaped::Parts(p) => p.render(budget),
            Shaped::Outline(o) => o.render(budget),
            Shaped::Plain(lines) => text::plain_of(lines, budget),
        }
    }
}
