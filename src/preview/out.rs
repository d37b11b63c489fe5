//! A text preview written line by line within a byte budget ([`Out`]), and the counts its
//! summary lines write ([`count`]): what every form of a text's preview ([`super::diff`],
//! [`super::table`], [`super::parts`], [`super::outline`]) writes with.

use super::text;
use crate::json::string::utf16_len;

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
