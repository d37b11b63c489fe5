//! What a text is, read from its first lines, and its preview in that form: a unified diff
//! ([`super::diff`]), a table ([`super::table`]: CSV, TSV, Markdown, JSON Lines, a Python
//! literal), text of several parts ([`super::parts`]), indented text ([`super::outline`]), or
//! plain text ([`super::text`]: head, tail and the lines that matter).
//!
//! Detection reads at most [`SNIFF_LINES`] lines, and each form reads the text once, in one pass;
//! a preview that shrinks until it fits renders several times from that one reading. Each
//! render is within its byte budget once the budget holds its summary line, and a form that
//! cannot say more than plain text would (no part, no row, no file found) is read as plain text.

use super::diff::Diff;
use super::matches::Needles;
use super::outline::Outline;
use super::parts::Parts;
use super::table::Table;
use super::text::{self, Lines};
use crate::json::string::utf16_len;

/// Lines read to tell a text's form.
pub const SNIFF_LINES: usize = 64;

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

/// A text preview being written line by line within a byte budget.
pub struct Out {
    /// What is written so far.
    pub text: String,
    budget: usize,
}

impl Out {
    /// An empty preview of at most `budget` bytes.
    pub fn new(budget: usize) -> Self {
        Out { text: String::with_capacity(budget.min(1 << 16)), budget }
    }

    /// Bytes still free (a line costs its length and one for its `\n`).
    pub fn left(&self) -> usize {
        self.budget.saturating_sub(self.text.len() + usize::from(!self.text.is_empty()))
    }

    /// Appends `line` when it fits whole; returns whether it did.
    pub fn line(&mut self, line: &str) -> bool {
        if line.len() > self.left() {
            return false;
        }
        if !self.text.is_empty() {
            self.text.push('\n');
        }
        self.text.push_str(line);
        true
    }

    /// Appends `prefix` and `line`, the line cut to at most `max` bytes (and to what is free)
    /// with `…[+N chars]` where it is cut; returns whether anything of the line was written.
    pub fn line_cut(&mut self, prefix: &str, line: &str, max: usize) -> bool {
        self.line_cut_then(prefix, line, max, "")
    }

    /// [`Self::line_cut`], with `suffix` after the line (cut or not).
    pub fn line_cut_then(&mut self, prefix: &str, line: &str, max: usize, suffix: &str) -> bool {
        let room = max.min(self.left());
        if prefix.len() + line.len() + suffix.len() <= room {
            return self.line(&format!("{prefix}{line}{suffix}"));
        }
        let marker = format!("…[+{} chars]", utf16_len(line));
        let head = text::prefix_within(line, room.saturating_sub(prefix.len() + marker.len() + suffix.len()), str::len);
        if head.is_empty() {
            return false;
        }
        let marker = format!("…[+{} chars]", utf16_len(line) - utf16_len(head));
        self.line(&format!("{prefix}{head}{marker}{suffix}"))
    }
}

/// `n` with thousands separators (`1,301`), as the preview's summary lines write counts.
pub fn count(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_written_within_the_budget_and_cut_with_a_marker() {
        let mut out = Out::new(40);
        assert!(out.line("first"));
        assert!(!out.line(&"x".repeat(40)));
        assert!(out.line_cut("[row 9] ", &"é".repeat(30), 100));
        assert!(out.text.len() <= 40, "{}", out.text);
        assert_eq!(out.text, "first\n[row 9] éééééé…[+24 chars]");
        assert_eq!(count(1_234_567), "1,234,567");
        assert_eq!(count(12), "12");
    }
}
