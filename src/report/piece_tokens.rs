//! A token count of text that arrives in pieces, holding only a bounded tail of it.
//!
//! BPE counts each pre-tokenizer piece on its own, so a text's count is the sum of the counts
//! of parts cut where a piece ends. One such place is known without tokenizing: just after an
//! ASCII digit followed by an ASCII non-digit. In both encodings' splitting rules a digit is
//! only ever in a piece of one to three digits (`\p{N}{1,3}`), which therefore ends there, and
//! no rule looks behind: the pieces after the cut are the same whether or not text precedes it.
//! The pieces before it do not look past it either — the last is digits only, and every rule
//! before a digit run stops at its first digit. JSON and TOON texts have such places every few
//! bytes (numbers, GUIDs, lengths).

use crate::error::Result;
use crate::tokens::{count, Encoding};

/// The tail is counted once it holds this many bytes (1 MB: the count's cost per call vanishes,
/// and the memory is small next to any text worth counting this way).
pub const CHUNK_BYTES: usize = 1 << 20;

/// Tokens of a text given piece by piece.
pub struct PieceTokens {
    encoding: Encoding,
    chunk: usize,
    tail: String,
    tokens: usize,
}

impl PieceTokens {
    /// An empty tally in `encoding` that counts its tail once it holds `chunk` bytes.
    pub fn new(encoding: Encoding, chunk: usize) -> Self {
        Self { encoding, chunk, tail: String::new(), tokens: 0 }
    }

    /// Adds the next piece of the text. Errors: the encoding's rank table is not installed.
    pub fn push(&mut self, piece: &str) -> Result<()> {
        self.tail.push_str(piece);
        if self.tail.len() < self.chunk {
            return Ok(());
        }
        let cut = settled_end(self.tail.as_bytes());
        if cut > 0 {
            self.tokens += count(self.encoding, &self.tail[..cut])?;
            self.tail.drain(..cut);
        }
        Ok(())
    }

    /// The whole text's token count (what [`crate::tokens::count`] gives for it in one piece).
    pub fn finish(self) -> Result<usize> {
        Ok(self.tokens + count(self.encoding, &self.tail)?)
    }
}

/// The last place in `text` where a pre-tokenizer piece ends whatever follows (see the module
/// docs), or 0 when there is none.
fn settled_end(text: &[u8]) -> usize {
    (1..text.len())
        .rev()
        .find(|&i| text[i - 1].is_ascii_digit() && text[i].is_ascii() && !text[i].is_ascii_digit())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally_in(encoding: Encoding, text: &str, piece: usize, chunk: usize) -> usize {
        let mut tally = PieceTokens::new(encoding, chunk);
        let mut at = 0;
        while at < text.len() {
            let mut end = (at + piece).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            tally.push(&text[at..end]).expect("table");
            at = end;
        }
        tally.finish().expect("table")
    }

    #[test]
    fn counts_what_one_count_gives() {
        let texts = [
            r#"{"id":12345678,"guid":"bc70e2df-738c-43c0-904a-35953d12ad09","x":-431.09170300886035,"s":"a1 b22 c333 ４５ é9x"}"#.repeat(40),
            "entities[3]:\n  - id: 1\n    name: Rock1\n    rotation[3]: -0.85,1.5e-7,2\n".repeat(60),
            "1 12 123 1234 12345 a1b2c3 1'2's 3\n\n  4\t5 ".repeat(50),
            "no digits at all here, only words".repeat(30),
        ];
        for encoding in [Encoding::Cl100kBase, Encoding::O200kBase] {
            for text in &texts {
                let whole = count(encoding, text).expect("table");
                for (piece, chunk) in [(1, 1), (7, 16), (100, 50), (1000, 4096)] {
                    assert_eq!(tally_in(encoding, text, piece, chunk), whole, "{encoding:?} {piece}/{chunk}");
                }
            }
        }
    }

    #[test]
    fn cuts_only_after_a_digit_before_a_non_digit() {
        assert_eq!(settled_end(b"ab12c34"), 4);
        assert_eq!(settled_end(b"12345"), 0);
        assert_eq!(settled_end("1\u{e9}".as_bytes()), 0);
        assert_eq!(settled_end(b""), 0);
    }
}
