//! What `match` looks for: a string, found case-insensitively, or a regular expression written
//! between slashes (`/…/`).
//!
//! Regular expressions run on the `regex` crate's finite automata, never by backtracking: a
//! search takes time linear in the text whatever the pattern, so `(a+)+$` — which hangs a
//! backtracking engine such as JavaScript's on a long run of `a`s — answers as fast as any
//! other. What such an engine cannot bound is the size of a pattern's automaton (counted
//! repetitions multiply it): a pattern over [`MAX_PROGRAM_BYTES`] is refused instead of run.

use memchr::{memchr, memchr2};
use regex::bytes::{Regex, RegexBuilder};

use super::answer::shown_needle;
use crate::error::{Error, Result};

/// The largest compiled pattern run, in bytes of its automaton: ample for any pattern written by
/// hand, while one that multiplies counted repetitions (`(x{100}){100}`) is refused.
pub const MAX_PROGRAM_BYTES: usize = 1 << 20;
/// Memory of the lazily built DFA that runs a pattern. Past it the engine clears and rebuilds
/// its cache (or falls back to a slower automaton), still in linear time.
const DFA_BYTES: usize = 8 << 20;

/// A compiled `match`.
#[derive(Debug)]
pub enum Needle {
    /// An ASCII string, compared ASCII case-insensitively: `lower` is it in lowercase, `rare`
    /// the offset of its least common byte, which the search scans for.
    Ascii { lower: Vec<u8>, rare: usize },
    /// A regular expression, or a string that is not ASCII (compared with Unicode case folding).
    Regex(Regex),
}

/// The bytes that can stand for themselves inside a JSON string: a needle made only of them is
/// found in a string's escaped text exactly where it is found in its decoded text.
fn plain_in_json(b: u8) -> bool {
    b >= 0x20 && b != b'"' && b != b'\\'
}

/// How common a byte is in text and JSON (higher: rarer), to pick the byte a search scans for.
fn rarity(b: u8) -> u8 {
    const COMMON: &[u8] = b" e\"t:,aoinsrhldcumfpgwybvkxjqz";
    match COMMON.iter().position(|&c| c == b.to_ascii_lowercase()) {
        Some(at) => at as u8,
        None if b.is_ascii_digit() => 12,
        None => 40,
    }
}

impl Needle {
    /// The needle `raw` asks for: a string, or `/…/` for a regular expression. An empty one, an
    /// invalid pattern and one too large to run are refused with a message naming `match`.
    pub fn parse(raw: &str) -> Result<Needle> {
        if raw.is_empty() {
            return Err(Error::invalid_input(
                "match must not be empty: pass the text to look for, or /regex/ for a regular expression.",
            ));
        }
        if let Some(pattern) = raw.strip_prefix('/').and_then(|r| r.strip_suffix('/')) {
            if pattern.is_empty() {
                return Err(Error::invalid_input(
                    "match: // is an empty regular expression: write one between the slashes.",
                ));
            }
            return compile(pattern, raw).map(Needle::Regex);
        }
        if !raw.is_ascii() {
            return compile(&regex::escape(raw), raw).map(Needle::Regex);
        }
        let lower = raw.to_ascii_lowercase().into_bytes();
        let rare = (0..lower.len()).max_by_key(|&i| rarity(lower[i])).unwrap_or(0);
        Ok(Needle::Ascii { lower, rare })
    }

    /// Whether it is a string whose every byte stands for itself in JSON text (see
    /// [`plain_in_json`]): then a JSON value's text is searched as it is, without decoding it.
    pub fn is_plain(&self) -> bool {
        matches!(self, Needle::Ascii { lower, .. } if lower.iter().all(|&b| plain_in_json(b)))
    }

    /// The first match in `hay` starting at or after `from`: its start and end.
    pub fn find(&self, hay: &[u8], from: usize) -> Option<(usize, usize)> {
        match self {
            Needle::Ascii { lower, rare } => find_ascii(hay, from, lower, *rare).map(|at| (at, at + lower.len())),
            Needle::Regex(regex) => {
                let found = regex.find_at(hay.get(..)?, from.min(hay.len()))?;
                Some((found.start(), found.end()))
            }
        }
    }

    /// Whether `hay` holds a match.
    pub fn is_match(&self, hay: &[u8]) -> bool {
        match self {
            Needle::Ascii { .. } => self.find(hay, 0).is_some(),
            Needle::Regex(regex) => regex.is_match(hay),
        }
    }
}

/// The pattern compiled as `match` runs it: case-insensitive (`(?-i)` turns that off), `^` and
/// `$` at each line's ends (a line break being `\n` or `\r\n`).
fn compile(pattern: &str, raw: &str) -> Result<Regex> {
    RegexBuilder::new(pattern)
        .case_insensitive(true)
        .multi_line(true)
        .crlf(true)
        .size_limit(MAX_PROGRAM_BYTES)
        .dfa_size_limit(DFA_BYTES)
        .build()
        .map_err(|error| match error {
            regex::Error::CompiledTooBig(limit) => Error::invalid_input(format!(
                "match: {} is refused: its automaton would be over {limit} bytes. Make it smaller (fewer or shorter counted repetitions such as {{1000}}).", shown_needle(raw)
            )),
            other => Error::invalid_input(format!(
                "match: {} is not a valid regular expression: {}",
                shown_needle(raw),
                one_line(&other.to_string())
            )),
        })
}

/// The regex crate's multi-line syntax error (the pattern, a caret under the fault, the reason)
/// as one line: its last line, the reason.
fn one_line(message: &str) -> String {
    message.lines().rev().find(|line| !line.trim().is_empty()).unwrap_or(message).trim().replace("error: ", "")
}

/// The first ASCII case-insensitive occurrence of `lower` in `hay` at or after `from`: the
/// search scans for the needle's rarest byte in both cases and compares around each one found.
fn find_ascii(hay: &[u8], from: usize, lower: &[u8], rare: usize) -> Option<usize> {
    let (a, b) = (lower[rare], lower[rare].to_ascii_uppercase());
    let mut at = from.checked_add(rare)?;
    while at < hay.len() {
        let found = if a == b { memchr(a, &hay[at..]) } else { memchr2(a, b, &hay[at..]) }? + at;
        let start = found - rare;
        if hay.get(start..start + lower.len()).is_some_and(|w| w.eq_ignore_ascii_case(lower)) {
            return Some(start);
        }
        at = found + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(needle: &str, hay: &str) -> Vec<(usize, usize)> {
        let n = Needle::parse(needle).unwrap();
        let mut out = Vec::new();
        let mut at = 0;
        while let Some((s, e)) = n.find(hay.as_bytes(), at) {
            out.push((s, e));
            at = e.max(s + 1);
        }
        out
    }

    #[test]
    fn strings_are_found_case_insensitively_at_every_place() {
        assert_eq!(all("Pool", "pool POOL xpoOlx po ol"), [(0, 4), (5, 9), (11, 15)]);
        assert_eq!(all("aa", "aaaa"), [(0, 2), (2, 4)]);
        assert_eq!(all("zz", "z"), []);
        assert_eq!(all("ÉTÉ", "un été"), [(3, 8)]);
        assert_eq!(all("/err(or)?\\b/", "an ERROR, an err, errors"), [(3, 8), (13, 16)]);
        assert_eq!(all("/(?-i)Err/", "err Err"), [(4, 7)]);
        assert_eq!(all("/^b$/", "a\nb\r\nc"), [(2, 3)]);
    }

    #[test]
    fn bad_needles_are_refused_naming_match() {
        let message = |raw: &str| Needle::parse(raw).unwrap_err().message;
        assert!(message("").starts_with("match must not be empty"));
        assert!(message("//").starts_with("match: // is an empty regular expression"));
        assert_eq!(message("/a(b/"), "match: /a(b/ is not a valid regular expression: unclosed group");
        assert!(message("/((a{100}){100}){100}/")
            .starts_with("match: /((a{100}){100}){100}/ is refused: its automaton would be over"));
    }

    #[test]
    fn a_pattern_that_backtracks_catastrophically_elsewhere_runs_in_linear_time() {
        // A backtracking engine takes 2^n steps on each; these return.
        let hay = format!("{}!", "a".repeat(200_000));
        assert_eq!(all("/(a+)+$/", &hay), []);
        assert_eq!(all("/^(a|aa)+$/", &"a".repeat(100_000)), [(0, 100_000)]);
    }

    #[test]
    fn plain_needles_are_the_ones_json_writes_as_they_are() {
        assert!(Needle::parse("pool exhausted").unwrap().is_plain());
        assert!(!Needle::parse("say \"hi\"").unwrap().is_plain());
        assert!(!Needle::parse("C:\\dir").unwrap().is_plain());
        assert!(!Needle::parse("/x/").unwrap().is_plain());
    }
}
