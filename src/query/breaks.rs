//! Line breaks in a text held in one of two forms: decoded, or as it sits in a page — the
//! escaped content of a JSON string, where a line break is the two bytes `\n`. Searching a
//! page's text where it sits saves decoding all of it; only the lines shown are decoded.
//!
//! In escaped content every backslash starts an escape, or is the second byte of `\\`: a
//! backslash starts an escape exactly when an odd number of backslashes ends at it. Pages are
//! never cut inside an escape, so the start of a page's text is always where an escape may
//! start.

use std::borrow::Cow;

use memchr::{memchr, memchr_iter, memrchr};

use crate::json::unescape::unescape_into;

/// How a text's bytes are held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// The text itself.
    Decoded,
    /// A JSON string's escaped content.
    Escaped,
}

/// Whether an odd number of backslashes ends at `at` (a backslash): it starts an escape.
fn starts_escape(hay: &[u8], at: usize) -> bool {
    hay[..=at].iter().rev().take_while(|&&b| b == b'\\').count() % 2 == 1
}

impl Form {
    /// The bytes of a line break: `\n`, or its escape.
    pub fn break_len(self) -> usize {
        match self {
            Form::Decoded => 1,
            Form::Escaped => 2,
        }
    }

    /// The first line break at or after `from` (where an escape may start).
    pub fn next_break(self, hay: &[u8], from: usize) -> Option<usize> {
        match self {
            Form::Decoded => memchr(b'\n', hay.get(from..)?).map(|i| from + i),
            Form::Escaped => {
                let mut at = from;
                loop {
                    let slash = at + memchr(b'\\', hay.get(at..)?)?;
                    match hay.get(slash + 1) {
                        Some(b'n') => return Some(slash),
                        Some(b'u') => at = slash + 6,
                        _ => at = slash + 2,
                    }
                }
            }
        }
    }

    /// The last line break in `hay[lo..end]` (ending by `end`).
    pub fn prev_break(self, hay: &[u8], lo: usize, end: usize) -> Option<usize> {
        let hay = hay.get(..end)?;
        match self {
            Form::Decoded => memrchr(b'\n', hay.get(lo..)?).map(|i| lo + i),
            Form::Escaped => {
                let mut stop = end;
                loop {
                    let slash = lo + memrchr(b'\\', hay.get(lo..stop)?)?;
                    if hay.get(slash + 1) == Some(&b'n') && starts_escape(hay, slash) {
                        return Some(slash);
                    }
                    stop = slash;
                }
            }
        }
    }

    /// The number of line breaks in `hay`.
    pub fn count(self, hay: &[u8]) -> usize {
        match self {
            Form::Decoded => memchr_iter(b'\n', hay).count(),
            Form::Escaped => {
                // Each backslash found starts an escape unless the one before it did (`\\`).
                let (mut n, mut next) = (0, 0);
                for slash in memchr_iter(b'\\', hay) {
                    if slash < next {
                        continue;
                    }
                    n += usize::from(hay.get(slash + 1) == Some(&b'n'));
                    next = slash + 2;
                }
                n
            }
        }
    }

    /// Whether `hay` ends with a line break.
    pub fn ends_with_break(self, hay: &[u8]) -> bool {
        let len = self.break_len();
        hay.len() >= len && self.prev_break(hay, hay.len() - len, hay.len()) == Some(hay.len() - len)
    }

    /// Whether byte `at` lies inside an escape, past its backslash (the `n` of `\n`, a hex digit
    /// of `\u0001`): a match there is in the escape's spelling, not in the text.
    pub fn inside_escape(self, hay: &[u8], at: usize) -> bool {
        if self == Form::Decoded {
            return false;
        }
        for back in 1..=5.min(at) {
            let slash = at - back;
            if hay[slash] == b'\\' && starts_escape(hay, slash) {
                let len = if hay.get(slash + 1) == Some(&b'u') { 6 } else { 2 };
                return slash + len > at;
            }
        }
        false
    }

    /// A line's bytes as text, decoded.
    pub fn text(self, line: &[u8]) -> Cow<'_, str> {
        match self {
            Form::Decoded => String::from_utf8_lossy(line),
            Form::Escaped => {
                let mut out = Vec::with_capacity(line.len());
                unescape_into(line, &mut out);
                Cow::Owned(String::from_utf8_lossy(&out).into_owned())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaped_breaks_are_the_escapes_not_a_backslash_and_n() {
        // a⏎b\n (an escaped backslash, then n) ⏎ \u000a is no break either (V8 writes \n).
        let hay = br"a\nb\\nc\n\u000ad";
        let f = Form::Escaped;
        assert_eq!(f.next_break(hay, 0), Some(1));
        assert_eq!(f.next_break(hay, 3), Some(8));
        assert_eq!(f.count(hay), 2);
        assert_eq!(f.prev_break(hay, 0, hay.len()), Some(8));
        assert_eq!(f.prev_break(hay, 0, 8), Some(1));
        assert_eq!(f.prev_break(hay, 2, 8), None);
        assert!(f.ends_with_break(br"x\n") && !f.ends_with_break(br"x\\n") && f.ends_with_break(br"x\\\n"));
        assert_eq!(f.text(br"b\\nc"), "b\\nc");
    }

    #[test]
    fn a_match_inside_an_escape_is_told() {
        let hay = br"a\nb\u00e9\\nx";
        let f = Form::Escaped;
        let inside: Vec<usize> = (0..hay.len()).filter(|&i| f.inside_escape(hay, i)).collect();
        // The n of \n, the u00e9 of \u00e9 and the second backslash of \\ (not the n after it).
        assert_eq!(inside, [2, 5, 6, 7, 8, 9, 11]);
        assert!(!Form::Decoded.inside_escape(b"\\n", 1));
    }
}
