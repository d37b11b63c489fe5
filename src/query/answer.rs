//! What an answer holds when there is more than its budget: the entries found first, kept as
//! they come until they fill the budget, then a ring of the last ones within it — so a search
//! over any number of matches holds at most about twice its answer — and the choice of which
//! of them to show, the first and the last in turn, within both caps.

use std::collections::VecDeque;

use super::Budget;
use crate::cap::head::{head_within, TokenCap};
use crate::error::Result;
use crate::json::string::{json_string, utf16_len};
use crate::tokens;

/// Entries found in order, of which the first and the last are kept (see the module).
#[derive(Debug)]
pub struct Kept<T> {
    head: Vec<T>,
    head_bytes: usize,
    tail: VecDeque<(T, usize)>,
    tail_bytes: usize,
    room: usize,
    /// Entries pushed in all.
    pub total: usize,
}

impl<T> Kept<T> {
    /// Keeps about `room` bytes of entries at each end.
    pub fn new(room: usize) -> Self {
        Kept { head: Vec::new(), head_bytes: 0, tail: VecDeque::new(), tail_bytes: 0, room, total: 0 }
    }

    /// Adds the next entry, `bytes` long as it will be shown.
    pub fn push(&mut self, entry: T, bytes: usize) {
        self.total += 1;
        if self.head_bytes < self.room {
            self.head_bytes += bytes;
            self.head.push(entry);
            return;
        }
        self.tail_bytes += bytes;
        self.tail.push_back((entry, bytes));
        while self.tail_bytes > self.room && self.tail.len() > 1 {
            if let Some((_, dropped)) = self.tail.pop_front() {
                self.tail_bytes -= dropped;
            }
        }
    }

    /// The kept entries in order, and how many were dropped between the first and the last.
    pub fn into_parts(self) -> (Vec<T>, usize) {
        let dropped = self.total - self.head.len() - self.tail.len();
        let mut all = self.head;
        all.extend(self.tail.into_iter().map(|(entry, _)| entry));
        (all, dropped)
    }
}

/// One entry as shown, with its size.
#[derive(Clone, Debug)]
pub struct Piece {
    pub text: String,
    pub units: usize,
    pub tokens: usize,
}

impl Piece {
    /// `text` measured in the budget's units (tokens only when there is a token cap).
    pub fn new(text: String, budget: &Budget) -> Result<Piece> {
        let units = utf16_len(&text);
        let tokens = match budget.max_tokens {
            Some(cap) => tokens::count_up_to(budget.encoding, &text, cap)?,
            None => 0,
        };
        Ok(Piece { text, units, tokens })
    }
}

/// Whether `text` is within both caps.
pub fn fits(text: &str, budget: &Budget) -> Result<bool> {
    if utf16_len(text) > budget.max_chars {
        return Ok(false);
    }
    match budget.max_tokens {
        Some(cap) if text.len() > cap => Ok(tokens::count_up_to(budget.encoding, text, cap)? <= cap),
        _ => Ok(true),
    }
}

/// `answer` as it is when within `budget`, else its head with the cut marker, within it: the
/// last guard of the promise that every answer is within the budget. Only a frame no budget
/// holds whole reaches it — the path of a collection under keys thousands of chars long.
pub fn within_budget(answer: String, budget: &Budget) -> Result<String> {
    if fits(&answer, budget)? {
        return Ok(answer);
    }
    let tokens = budget.max_tokens.map(|max| TokenCap { max, encoding: budget.encoding });
    head_within(&answer, budget.max_chars, None, tokens)
}

/// Which pieces an answer over its budget keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ends {
    /// The first and the last, in turn (matches: where they start and where they end).
    Both,
    /// The first only (a range read: the rest is read next).
    Front,
}

/// The answer `build(front, back)` writes with the first `front` and the last `back` of
/// `pieces` (never the same one twice), for the most pieces — taken as `ends` says — that keep
/// it within `budget`. `build(0, 0)` is the answer's frame (its counts), which is what is
/// answered when not even one piece fits beside it.
pub fn fit(pieces: &[Piece], budget: &Budget, ends: Ends, build: impl Fn(usize, usize) -> String) -> Result<String> {
    let all = build(pieces.len(), 0);
    if fits(&all, budget)? {
        return Ok(all);
    }
    let frame = Piece::new(build(0, 0), budget)?;
    let cap_tokens = budget.max_tokens.unwrap_or(usize::MAX);
    let (mut units, mut toks) = (frame.units, frame.tokens);
    let (mut front, mut back) = (0, 0);
    let mut from_front = true;
    while front + back < pieces.len() {
        let piece = if from_front { &pieces[front] } else { &pieces[pieces.len() - 1 - back] };
        // One unit and one token for what joins it to the others.
        if units + piece.units + 1 > budget.max_chars || toks.saturating_add(piece.tokens + 1) > cap_tokens {
            break;
        }
        units += piece.units + 1;
        toks = toks.saturating_add(piece.tokens + 1);
        if from_front {
            front += 1;
        } else {
            back += 1;
        }
        from_front = ends == Ends::Front || !from_front;
    }
    loop {
        let text = build(front, back);
        if front + back == 0 || fits(&text, budget)? {
            return Ok(text);
        }
        // The pieces' own counts missed what joins them: one fewer, from the larger side.
        if front > back || back == 0 {
            front -= 1;
        } else {
            back -= 1;
        }
    }
}

/// Pages, written for a sentence: `page 4`, `pages 4 and 7`, `pages 2, 4 and 7`, or for many
/// `23 pages from 4 to 39`.
pub fn pages_text(pages: &[usize]) -> String {
    const LISTED: usize = 6;
    match pages {
        [] => "no page".to_owned(),
        [one] => format!("page {one}"),
        many if many.len() <= LISTED => {
            let (last, rest) = many.split_last().unwrap_or((&0, &[]));
            let rest: Vec<String> = rest.iter().map(usize::to_string).collect();
            format!("pages {} and {last}", rest.join(", "))
        }
        many => format!("{} pages from {} to {}", many.len(), many[0], many[many.len() - 1]),
    }
}

/// Where things were found: `on pages 4 and 7 (of 9)`, or `on all 9 pages`.
pub fn on_pages(found: &[usize], pages: usize) -> String {
    if found.len() == pages && pages > 1 {
        format!("on all {pages} pages")
    } else {
        format!("on {} (of {pages})", pages_text(found))
    }
}

/// Adds `page` to a sorted list of pages read in order.
pub fn note_page(pages: &mut Vec<usize>, page: usize) {
    if pages.last() != Some(&page) {
        pages.push(page);
    }
}

/// `n` and the noun, plural when `n` is not 1.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// How many UTF-16 units of a selector an answer or an error quotes: enough to recognise it,
/// and a selector as long as the budget then cannot crowd out (or overrun) the answer.
pub const QUOTED_UNITS: usize = 120;

/// `raw` cut to [`QUOTED_UNITS`] (at a character) with `…` when longer.
fn clipped(raw: &str) -> std::borrow::Cow<'_, str> {
    if utf16_len(raw) <= QUOTED_UNITS {
        return raw.into();
    }
    let mut units = 0;
    let end = raw
        .char_indices()
        .find(|&(_, c)| {
            units += c.len_utf16();
            units > QUOTED_UNITS - 1
        })
        .map_or(raw.len(), |(at, _)| at);
    format!("{}…", &raw[..end]).into()
}

/// A selector's value as an answer or an error quotes it: a JSON string, cut to
/// [`QUOTED_UNITS`].
pub fn quoted(raw: &str) -> String {
    json_string(&clipped(raw))
}

/// A path as an answer's sentences name it (a collection's, under keys from the data): cut to
/// [`QUOTED_UNITS`] like a selector.
pub fn shown_path(display: String) -> String {
    match clipped(&display) {
        std::borrow::Cow::Borrowed(_) => display,
        std::borrow::Cow::Owned(cut) => cut,
    }
}

/// A `match` value as an answer quotes it: a `/regex/` as written, any other as a JSON string;
/// either cut to [`QUOTED_UNITS`].
pub fn shown_needle(raw: &str) -> String {
    if raw.len() > 1 && raw.starts_with('/') && raw.ends_with('/') {
        clipped(raw).into_owned()
    } else {
        quoted(raw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tokens::Encoding;

    const CHARS: Budget = Budget { max_chars: 60, max_tokens: None, encoding: Encoding::Cl100kBase };

    #[test]
    fn the_first_and_the_last_are_kept_within_the_room() {
        let mut kept = Kept::new(10);
        for i in 0..100 {
            kept.push(i, 3);
        }
        let (entries, dropped) = kept.into_parts();
        assert_eq!(entries, [0, 1, 2, 3, 97, 98, 99]);
        assert_eq!(dropped, 93);
    }

    #[test]
    fn fit_takes_from_the_front_and_the_back_in_turn() {
        let pieces: Vec<Piece> = (0..20).map(|i| Piece::new(format!("entry {i:02}"), &CHARS).unwrap()).collect();
        let build = |front: usize, back: usize| {
            let mut shown: Vec<&str> = pieces[..front].iter().map(|p| p.text.as_str()).collect();
            if front + back < pieces.len() {
                shown.push("…");
            }
            shown.extend(pieces[pieces.len() - back..].iter().map(|p| p.text.as_str()));
            format!("{} of 20\n{}", front + back, shown.join("\n"))
        };
        let text = fit(&pieces, &CHARS, Ends::Both, build).unwrap();
        assert_eq!(text, "5 of 20\nentry 00\nentry 01\nentry 02\n…\nentry 18\nentry 19");
        assert!(text.len() <= 60);
        let roomy = Budget { max_chars: 1000, ..CHARS };
        assert!(fit(&pieces, &roomy, Ends::Both, build).unwrap().starts_with("20 of 20\n"));
        assert_eq!(
            fit(&pieces, &CHARS, Ends::Front, build).unwrap(),
            "5 of 20\nentry 00\nentry 01\nentry 02\nentry 03\nentry 04\n…"
        );
    }

    #[test]
    fn page_lists_read_as_a_sentence() {
        assert_eq!(pages_text(&[4]), "page 4");
        assert_eq!(pages_text(&[4, 7]), "pages 4 and 7");
        assert_eq!(pages_text(&[2, 4, 7]), "pages 2, 4 and 7");
        assert_eq!(pages_text(&[1, 2, 3, 4, 5, 6, 9]), "7 pages from 1 to 9");
    }
}
