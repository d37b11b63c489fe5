//! Hand-written pre-tokenizers: each returns where the piece starting at a position ends,
//! exactly where tiktoken's split regex (leftmost-first, backtracking semantics) would end it.
//! Working on UTF-8 bytes with a class table instead of a regex engine is what makes counting
//! fast, and needs no regex crate at run time.
//!
//! Both take valid UTF-8 (`&str` bytes) and a position `i < len` on a char boundary.

use super::classes::{decode, of, ASCII, L, N, S, U, W};

/// (class bits, byte length) of the char at `i`; (0, 0) at the end.
#[inline(always)]
fn class_at(b: &[u8], i: usize) -> (u8, usize) {
    match b.get(i) {
        None => (0, 0),
        Some(&c) if c < 0x80 => (ASCII[c as usize], 1),
        Some(_) => {
            let (cp, len) = decode(b, i);
            (of(cp), len)
        }
    }
}

/// End of the maximal run, from `i`, of chars whose bits intersect `mask`.
#[inline(always)]
fn run(b: &[u8], mut i: usize, mask: u8) -> usize {
    loop {
        let (bits, len) = class_at(b, i);
        if len == 0 || bits & mask == 0 {
            return i;
        }
        i += len;
    }
}

/// End of the maximal run, from `i`, of chars whose bits do not intersect `mask`.
#[inline(always)]
fn run_not(b: &[u8], mut i: usize, mask: u8) -> usize {
    loop {
        let (bits, len) = class_at(b, i);
        if len == 0 || bits & mask != 0 {
            return i;
        }
        i += len;
    }
}

/// End of a run of bytes from `set` (ASCII only) starting at `i`.
#[inline(always)]
fn byte_run(b: &[u8], mut i: usize, set: &[u8]) -> usize {
    while let Some(c) = b.get(i) {
        if !set.contains(c) {
            break;
        }
        i += 1;
    }
    i
}

/// Length of the contraction letters after an apostrophe at `j`:
/// `(?i:s|t|re|ve|m|ll|d)`, where `(?i:s)` also matches U+017F (ſ) under Unicode case folding.
#[inline(always)]
fn contraction(b: &[u8], j: usize) -> Option<usize> {
    let c0 = b.get(j).map(|c| c.to_ascii_lowercase());
    let c1 = b.get(j + 1).map(|c| c.to_ascii_lowercase());
    match (c0, c1) {
        (Some(b's' | b't' | b'm' | b'd'), _) => Some(1),
        (Some(b'l'), Some(b'l')) | (Some(b'v'), Some(b'e')) | (Some(b'r'), Some(b'e')) => Some(2),
        _ if b.get(j..j + 2) == Some(&[0xC5, 0xBF][..]) => Some(2),
        _ => None,
    }
}

/// The whitespace tail shared by both patterns: `ws_end` is the end of the `\s` run from `i`.
/// Returns the end of `\s*[\r\n]` (last CR/LF in the run), or of `\s+(?!\S)` / `\s`.
#[inline(always)]
fn whitespace(b: &[u8], i: usize, ws_end: usize) -> usize {
    let run = b.get(i..ws_end).unwrap_or(&[]);
    // CR and LF are ASCII, and UTF-8 continuation bytes never equal them.
    if let Some(k) = run.iter().rposition(|&c| c == b'\r' || c == b'\n') {
        return i + k + 1;
    }
    if ws_end == b.len() {
        return ws_end;
    }
    // `\s+(?!\S)` backs off one char so the next piece can take it as its leading space.
    let last = i + run.iter().rposition(|&c| c & 0xC0 != 0x80).unwrap_or(0);
    if last > i {
        last
    } else {
        ws_end
    }
}

/// The two alternatives both patterns share, after their letter alternatives: `\p{N}{1,3}`,
/// and ` ?[^\s\p{L}\p{N}]+` followed by a run of `trailing` bytes (`[\r\n]*` in cl100k,
/// `[\r\n/]*` in o200k). `None` when neither starts at `i`.
#[inline(always)]
fn digits_or_punctuation(b: &[u8], i: usize, c: u8, bits: u8, len: usize, trailing: &[u8]) -> Option<usize> {
    if bits & N != 0 {
        let mut end = i + len;
        for _ in 0..2 {
            let (next, next_len) = class_at(b, end);
            if next & N == 0 {
                break;
            }
            end += next_len;
        }
        return Some(end);
    }
    if bits & S == 0 {
        return Some(byte_run(b, run_not(b, i + len, S | L | N), trailing));
    }
    if c == b' ' {
        let (next, next_len) = class_at(b, i + 1);
        if next_len > 0 && next & (S | L | N) == 0 {
            return Some(byte_run(b, run_not(b, i + 1 + next_len, S | L | N), trailing));
        }
    }
    None
}

/// The end of the piece at `i` when it is ASCII digits the splitter would end without reading
/// a non-ASCII char, else 0: both patterns' `\p{N}{1,3}` is the first alternative that can
/// match a digit and takes at most three, and the only ASCII chars of `\p{N}` are `0-9`. A
/// counter can take such a piece without running the splitter.
#[inline(always)]
pub fn ascii_digits(b: &[u8], i: usize) -> usize {
    let digit = |k: usize| b.get(i + k).is_some_and(u8::is_ascii_digit);
    let taken = if !digit(0) {
        return 0;
    } else if !digit(1) {
        1
    } else if !digit(2) {
        2
    } else {
        return i + 3;
    };
    // Fewer than three: the char after them ends the piece unless it is a non-ASCII digit.
    match b.get(i + taken) {
        Some(&c) if c >= 0x80 => 0,
        _ => i + taken,
    }
}

/// cl100k_base:
/// `'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s`
#[inline]
pub fn cl100k(b: &[u8], i: usize) -> usize {
    let Some(&c) = b.get(i) else { return b.len() };
    if c == b'\'' {
        if let Some(k) = contraction(b, i + 1) {
            return i + 1 + k;
        }
    }
    let (bits, len) = class_at(b, i);
    if bits & L != 0 {
        return run(b, i + len, L);
    }
    if bits & (L | N) == 0 && c != b'\r' && c != b'\n' {
        let (next, next_len) = class_at(b, i + len);
        if next & L != 0 {
            return run(b, i + len + next_len, L);
        }
    }
    if let Some(end) = digits_or_punctuation(b, i, c, bits, len, b"\r\n") {
        return end;
    }
    let ws_end = run(b, i + len, S);
    // `\s++$` comes before `\s*[\r\n]` in this pattern: a whitespace run that reaches the end
    // is one piece even when it holds a newline.
    if ws_end == b.len() {
        return ws_end;
    }
    whitespace(b, i, ws_end)
}

/// o200k's `P? U* W+` at `s` (P already taken or not): greedy `U*` backs off until a `W` char
/// can start `W+`. Returns the end of `W+`.
#[inline(always)]
fn upper_star_lower_plus(b: &[u8], s: usize) -> Option<usize> {
    let mut i = s;
    let mut last_w_in_u = None;
    loop {
        let (bits, len) = class_at(b, i);
        if len == 0 || bits & U == 0 {
            if bits & W != 0 {
                return Some(run(b, i + len, W));
            }
            // The last U char that is also W starts a one-char `W+` (the U chars after it are
            // not W, and neither is the char that ended the run).
            return last_w_in_u;
        }
        if bits & W != 0 {
            last_w_in_u = Some(i + len);
        }
        i += len;
    }
}

/// o200k's `P? U+ W*` at `s`.
#[inline(always)]
fn upper_plus_lower_star(b: &[u8], s: usize) -> Option<usize> {
    let (bits, len) = class_at(b, s);
    if len == 0 || bits & U == 0 {
        return None;
    }
    Some(run(b, run(b, s + len, U), W))
}

#[inline(always)]
fn with_contraction(b: &[u8], end: usize) -> usize {
    if b.get(end) == Some(&b'\'') {
        if let Some(k) = contraction(b, end + 1) {
            return end + 1 + k;
        }
    }
    end
}

/// o200k_base:
/// `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?`
/// `|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?`
/// `|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`
#[inline]
pub fn o200k(b: &[u8], i: usize) -> usize {
    let Some(&c) = b.get(i) else { return b.len() };
    let (bits, len) = class_at(b, i);
    let optional_prefix = bits & (L | N) == 0 && c != b'\r' && c != b'\n';
    // Each letter alternative needs a U or W char where it starts (after the optional prefix
    // char or at `i`); checking that first keeps punctuation and spaces off the slow path.
    let next = if optional_prefix { class_at(b, i + len).0 } else { 0 };
    if bits & (U | W) != 0 || next & (U | W) != 0 {
        if next & (U | W) != 0 {
            if let Some(end) = upper_star_lower_plus(b, i + len) {
                return with_contraction(b, end);
            }
        }
        if bits & (U | W) != 0 {
            if let Some(end) = upper_star_lower_plus(b, i) {
                return with_contraction(b, end);
            }
        }
        if next & U != 0 {
            if let Some(end) = upper_plus_lower_star(b, i + len) {
                return with_contraction(b, end);
            }
        }
        if let Some(end) = upper_plus_lower_star(b, i) {
            return with_contraction(b, end);
        }
    }
    if let Some(end) = digits_or_punctuation(b, i, c, bits, len, b"\r\n/") {
        return end;
    }
    whitespace(b, i, run(b, i + len, S))
}
