//! The byte-level lexing of JSON text: where a string literal, a number token or a run of
//! whitespace ends. The crate's readers of JSON text find their tokens' ends with these (the
//! span scanner, the number rewriter, the V8-form sample, the held-document check, the TOON
//! parser, the token report, the CLI report's pieces, the pages' escaped-text runs); what each
//! does with a token (copy it, rewrite it, check its grammar or its V8 form) is its own.
//!
//! They work on bytes, so the text may be UTF-8 or Latin-1: every byte they stop at is ASCII,
//! and neither encoding uses those values inside a multi-byte or non-ASCII character, so every
//! index they return sits on a character boundary. They never panic: an index past the end
//! stays there, an unterminated string ends at the text's end, and every read is
//! bounds-checked. String bodies (keys, GUIDs, names, paths) are most of a payload's bytes, so
//! the string scans read eight bytes at a time (SWAR: one `u64` per eight bytes, no SIMD
//! instructions, so the same code runs in WebAssembly).

/// `0x01` in every byte of a word: times a byte value, that byte in every lane.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of each byte of a word read eight bytes at a time.
pub(crate) const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The eight bytes at `i` as a little-endian word (byte `i` lowest), or `None` when fewer than
/// eight remain.
#[inline(always)]
pub(crate) fn word_at(bytes: &[u8], i: usize) -> Option<u64> {
    let chunk = bytes.get(i..i + 8)?;
    let mut word = [0u8; 8];
    word.copy_from_slice(chunk);
    Some(u64::from_le_bytes(word))
}

/// A mask whose lowest set bit marks the first byte of `word` equal to `byte` (bits above the
/// first match may be set spuriously, which is why only the lowest one is used).
#[inline(always)]
pub(crate) fn first_byte_mask(word: u64, byte: u8) -> u64 {
    let x = word ^ (ONES * u64::from(byte));
    x.wrapping_sub(ONES) & !x & HIGHS
}

/// Index just past the string literal that opens at `start` (or the end of input): the first
/// unescaped `"` after it. Nothing inside is validated; a caller that needs valid JSON checks
/// the body (or the whole text) itself.
///
/// It stops at quotes and backslashes only. Built on [`plain_string_end`], which also stops at
/// control characters, it would give the same answers but test one more byte class per word,
/// and its callers (the span scanner, the rewriter, the sample, the token report) skip every
/// string of a payload with it (docs/performance.md, "Figures behind the design").
pub fn skip_string(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    loop {
        while let Some(word) = word_at(bytes, i) {
            let hits = first_byte_mask(word, b'"') | first_byte_mask(word, b'\\');
            if hits != 0 {
                i += (hits.trailing_zeros() / 8) as usize;
                break;
            }
            i += 8;
        }
        match bytes.get(i) {
            None => return bytes.len(),
            Some(b'"') => return i + 1,
            Some(b'\\') => i += 2,
            Some(_) => i += 1,
        }
    }
}

/// The first index at or after `i` holding a byte a validating reader must look at inside a
/// string literal: `"`, `\\` or a control character (below 0x20, which JSON allows only
/// escaped); the text's length when there is none. Everything before it is the string's own
/// text, to borrow as it is.
pub fn plain_string_end(bytes: &[u8], mut i: usize) -> usize {
    while let Some(word) = word_at(bytes, i) {
        // Bytes below 0x20 borrow in the subtraction, which sets their high bit; as with the
        // byte masks, the lowest flagged byte is exact.
        let controls = word.wrapping_sub(ONES * 0x20) & !word & HIGHS;
        let stops = first_byte_mask(word, b'"') | first_byte_mask(word, b'\\') | controls;
        if stops != 0 {
            return i + (stops.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while bytes.get(i).is_some_and(|&b| b != b'"' && b != b'\\' && b >= 0x20) {
        i += 1;
    }
    i
}

/// Bytes a number token is made of: digits, '.', 'e', 'E', '+', '-' (a table: one load per byte).
const NUMBER_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = b'0';
    while b <= b'9' {
        table[b as usize] = true;
        b += 1;
    }
    table[b'.' as usize] = true;
    table[b'e' as usize] = true;
    table[b'E' as usize] = true;
    table[b'+' as usize] = true;
    table[b'-' as usize] = true;
    table
};

/// One past the number token whose first byte is at `start` (a `-` or a digit, which the caller
/// has dispatched on): the end of the run of number bytes (digits, `.`, `e`, `E`, `+`, `-`)
/// after it. The run is not checked against JSON's number grammar; a caller that keeps the
/// token's text parses or compares it.
pub fn number_end(bytes: &[u8], start: usize) -> usize {
    match bytes.get(start + 1..) {
        Some(rest) => start + 1 + rest.iter().position(|&b| !NUMBER_BYTE[usize::from(b)]).unwrap_or(rest.len()),
        None => bytes.len(),
    }
}

/// JSON's four whitespace bytes (space, tab, line feed, carriage return).
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// The first index at or after `i` that is not whitespace (the text's length when only
/// whitespace is left).
pub fn skip_ws(text: &[u8], mut i: usize) -> usize {
    while text.get(i).is_some_and(|&b| is_space(b)) {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_string_ends_after_its_first_unescaped_quote_in_any_lane() {
        // The closing quote in the word-at-a-time part, in the byte-by-byte tail, after escapes.
        assert_eq!(skip_string(br#""abcdefghijkl"x"#, 0), 14);
        assert_eq!(skip_string(br#""ab"x"#, 0), 4);
        assert_eq!(skip_string(br#""a\"b\\"x"#, 0), 8);
        assert_eq!(skip_string(br#""0123456\"89\\\"""#, 0), 17);
        assert_eq!(skip_string("x\"é\"".as_bytes(), 1), 5);
    }

    #[test]
    fn an_unterminated_string_ends_at_the_text_end() {
        assert_eq!(skip_string(b"\"abcdefghijklmnop", 0), 17);
        assert_eq!(skip_string(b"\"ab\\", 0), 4);
        assert_eq!(skip_string(b"\"", 0), 1);
    }

    #[test]
    fn a_plain_run_stops_at_a_quote_a_backslash_or_a_control_character() {
        assert_eq!(plain_string_end(b"abcdefghij\"", 0), 10);
        assert_eq!(plain_string_end(b"abcdefghij\\n", 0), 10);
        assert_eq!(plain_string_end(b"abc\x1fdefghij", 0), 3);
        assert_eq!(plain_string_end(b"abcdefghijk\tl", 0), 11);
        assert_eq!(plain_string_end(b"ab\"", 0), 2);
        assert_eq!(plain_string_end("\u{7f}\u{e9}\u{1F600} !~".as_bytes(), 0), 10);
        assert_eq!(plain_string_end(b"abc", 3), 3);
    }

    #[test]
    fn a_number_ends_at_the_first_byte_that_cannot_be_in_one() {
        assert_eq!(number_end(b"-1.5e+10,2", 0), 8);
        assert_eq!(number_end(b"[12]", 1), 3);
        assert_eq!(number_end(b"7", 0), 1);
        assert_eq!(number_end(b"1E-7}", 0), 4);
    }

    #[test]
    fn whitespace_is_json_s_four_bytes() {
        assert_eq!(skip_ws(b" \t\r\n1", 0), 4);
        assert_eq!(skip_ws(b"  ", 0), 2);
        assert_eq!(skip_ws(b"\x0c1", 0), 0);
        assert_eq!(skip_ws(b"1", 5), 5);
        assert!((0..=255u8).filter(|&b| is_space(b)).eq([b'\t', b'\n', b'\r', b' ']));
    }
}
