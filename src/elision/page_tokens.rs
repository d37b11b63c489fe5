//! One token count of a text that answers for its pages too: the count records where each
//! pre-tokenizer piece starts and how many tokens come before it, so a page that copies a span
//! of the text is counted exactly by reading only its own edges.
//!
//! Why that is exact: a page is `prefix + text[a..b] + suffix`. Once one of the page's pieces
//! starts where one of the text's pieces starts, both read the same bytes from there and so
//! make the same pieces, until a piece would look past `b` (the splitter reads at most a char or
//! two past a piece's end, and a short contraction; [`MARGIN`] covers that). The pieces in
//! between are summed from the record, and only the prefix, the suffix and the margins are
//! tokenized again.
//!
//! The record keeps one piece start every [`STRIDE`] bytes or so, not every piece: recording
//! each of a large text's pieces cost as much as counting them, and a page only needs a start
//! near each of its edges.

use crate::error::Result;
use crate::tokens::{self, Encoding};

/// Bytes before a span's end within which a recorded piece is not trusted for a page: more than
/// the splitter ever reads past a piece's end (a 4-byte char, then a 3-byte contraction).
pub const MARGIN: usize = 16;

/// Bytes between the piece starts the record keeps: a page tokenizes up to about this much
/// more at each edge than it must, and the record stays a small fraction of the text.
pub const STRIDE: usize = 64;

/// A text's token count, with a record of piece starts along it.
pub struct PageTokens<'a> {
    encoding: Encoding,
    text: &'a str,
    /// Byte offsets of recorded piece starts, ascending (the first piece's always).
    starts: Vec<usize>,
    /// Tokens before each recorded piece; one more entry than `starts`, the last the total.
    before: Vec<usize>,
}

impl<'a> PageTokens<'a> {
    /// Counts every token of `text` once, keeping the record.
    pub fn new(encoding: Encoding, text: &'a str) -> Result<Self> {
        let mut starts = Vec::with_capacity(text.len() / STRIDE + 1);
        let mut before = Vec::with_capacity(text.len() / STRIDE + 2);
        let (mut total, mut next) = (0, 0);
        tokens::walk_pieces(encoding, text, 0, |start, end, n| {
            if start >= next {
                starts.push(start);
                before.push(total);
                next = start + STRIDE;
            }
            total += n;
            end
        })?;
        before.push(total);
        Ok(PageTokens { encoding, text, starts, before })
    }

    /// Tokens of the whole text.
    pub fn total(&self) -> usize {
        self.before.last().copied().unwrap_or(0)
    }

    /// The text counted.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// Index of the first piece starting at or after byte `at`.
    fn piece_at(&self, at: usize) -> usize {
        self.starts.partition_point(|&s| s < at)
    }

    /// Tokens of the pieces that start in `a..b`: a page's count before its edges are known.
    pub fn estimate(&self, a: usize, b: usize) -> usize {
        self.before[self.piece_at(b)] - self.before[self.piece_at(a)]
    }

    /// The furthest piece start `p` (or the text's end) such that the pieces in `from..p` hold at
    /// most `tokens` tokens: where a page that starts at `from` should end.
    pub fn reach(&self, from: usize, tokens: usize) -> usize {
        let target = self.before[self.piece_at(from)] + tokens;
        let p = self.before.partition_point(|&x| x <= target).saturating_sub(1);
        self.starts.get(p).copied().unwrap_or(self.text.len())
    }

    /// Exact tokens of `page`, whose bytes `at..at + (b - a)` are `text[a..b]`; only the parts
    /// that differ from the text, and a margin, are tokenized.
    pub fn count_page(&self, page: &str, at: usize, a: usize, b: usize) -> Result<usize> {
        // The last recorded start the page is sure to share with the text: every piece before
        // it ends there, at least MARGIN bytes before the span does.
        let limit = b.saturating_sub(MARGIN);
        let last = self.starts.partition_point(|&s| s <= limit).saturating_sub(1);
        let mut next = self.piece_at(a);
        let mut total = 0;
        let mut skipped = false;
        tokens::walk_pieces(self.encoding, page, 0, |start, end, n| {
            if !skipped && start >= at && start < at + (b - a) {
                let here = start - at + a;
                while self.starts.get(next).is_some_and(|&s| s < here) {
                    next += 1;
                }
                // A piece of the page starts where a recorded piece of the text does: from here
                // to the last shared start, the pieces are the text's.
                if self.starts.get(next) == Some(&here) && next < last {
                    skipped = true;
                    total += self.before[last] - self.before[next];
                    return self.starts[last] - a + at;
                }
            }
            total += n;
            end
        })?;
        Ok(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Rng;

    fn exact(text: &str) -> usize {
        tokens::count(Encoding::Cl100kBase, text).unwrap()
    }

    #[test]
    fn a_page_of_a_span_counts_as_tokenizing_it() {
        let items: Vec<String> = (0..300)
            .map(|i| {
                format!(r#"{{"id":{i},"name":"Palm {i} ‘x’ 😀","guid":"0f3c2a9e-{i:04}","x":{}}}"#, i as f64 * 1.2345)
            })
            .collect();
        let text = format!("[{}]", items.join(","));
        let tally = PageTokens::new(Encoding::Cl100kBase, &text).unwrap();
        assert_eq!(tally.total(), exact(&text));
        let mut starts = vec![1];
        for item in &items {
            starts.push(starts.last().unwrap() + item.len() + 1);
        }
        for (i, j) in [(0, 300), (0, 1), (5, 9), (17, 200), (299, 300), (150, 151)] {
            let (a, b) = (starts[i], starts[j] - 1);
            for (prefix, suffix) in [("{\"page\":1,\"items\":[", "]}"), ("", ""), ("x", "y "), ("\"", "\"")] {
                let page = format!("{prefix}{}{suffix}", &text[a..b]);
                let got = tally.count_page(&page, prefix.len(), a, b).unwrap();
                assert_eq!(got, exact(&page), "{i}..{j} {prefix:?}");
            }
        }
    }

    #[test]
    fn a_page_cut_anywhere_in_escaped_text_counts_exactly() {
        let text = "\"line 1: \\\"quoted\\\" \\\\ tab\\t 😀 é\\n don't  stop   ABCdef 12345 \\u0001\"".repeat(40);
        let tally = PageTokens::new(Encoding::O200kBase, &text).unwrap();
        let cuts: Vec<usize> = (0..text.len()).filter(|&i| text.is_char_boundary(i)).step_by(37).collect();
        for pair in cuts.windows(2).step_by(3) {
            for &(a, b) in &[(pair[0], pair[1]), (pair[0], text.len()), (0, pair[1])] {
                let page = format!("{{\"text\":\"{}\"}}", &text[a..b]);
                let got = tally.count_page(&page, 9, a, b).unwrap();
                assert_eq!(got, tokens::count(Encoding::O200kBase, &page).unwrap(), "{a}..{b}");
            }
        }
    }

    #[test]
    fn pages_of_random_text_count_exactly() {
        // A fixed-seed generator over the chars the splitters treat differently: letters of each
        // case, digits, spaces, punctuation, apostrophes, escapes and non-ASCII letters and marks.
        const ALPHABET: [&str; 24] = [
            "a", "Z", "é", "ſ", "中", "7", "42", " ", "  ", "\\n", "\\\\", "\\\"", "'s", "'LL", ",", "{", "}", ":",
            "😀", "\\u0001", "\u{2028}", "Ǆ", "\u{301}", "/",
        ];
        let mut rng = Rng(0x2545_f491_4f6c_dd1du64);
        let mut next = |n: usize| rng.below(n as u64) as usize;
        for encoding in [Encoding::Cl100kBase, Encoding::O200kBase] {
            let text: String = (0..6000).map(|_| ALPHABET[next(ALPHABET.len())]).collect();
            let tally = PageTokens::new(encoding, &text).unwrap();
            assert_eq!(tally.total(), tokens::count(encoding, &text).unwrap());
            for _ in 0..300 {
                let mut a = next(text.len());
                let mut b = a + next(text.len() - a + 1);
                while !text.is_char_boundary(a) {
                    a -= 1;
                }
                while !text.is_char_boundary(b) {
                    b -= 1;
                }
                let page = format!("{{\"page\":3,\"items\":[\"{}\"]}}", &text[a..b]);
                let got = tally.count_page(&page, 20, a, b).unwrap();
                assert_eq!(got, tokens::count(encoding, &page).unwrap(), "{encoding:?} {a}..{b}");
            }
        }
    }
}
