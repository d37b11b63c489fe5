//! Reading inside a kept result (the `read_result` tool): what a model looks for in a result too
//! large to send, found in the pages the store keeps, read one page at a time in order.
//!
//! - [`needle`] — `match`: a string found case-insensitively, or a `/regular expression/` run in
//!   linear time.
//! - [`path`] — `path`: the JSONPath subset (`$.a.b`, `["key"]`, `[i]`, `[from:to]`).
//! - [`page`] — one page as the elision pass wrote it.
//! - [`text`] — a text's matching lines with the lines around them, or a range of lines.
//! - [`breaks`] — line breaks in a text as a page holds it (escaped) or decoded.
//! - [`items`] — a collection's matching items with their indices, or the items a path selects.
//! - [`answer`] — what an answer keeps and shows within the budget: the first and the last.
//!
//! A [`Search`] is fed the pages from the first and says after each whether it needs the next:
//! a path or a range of lines stops where it is found, a match reads them all. It holds what
//! its answer shows (bounded by the budget), never the result. Its answer is always within
//! the budget: over it, an answer shows its counts and the first and the last of what it found.

pub mod answer;
pub mod breaks;
pub mod items;
pub mod needle;
pub mod page;
pub mod path;
#[cfg(test)]
mod tests;
pub mod text;

use serde_json::Value;

use crate::error::{Error, Result};
use crate::json::span::{kind, members, root, Kind, Span};
use crate::json::string::json_string;
use crate::preview::{preview, Budget as PreviewBudget, Input};
use crate::tokens::Encoding;
use breaks::Form;
use items::ItemScan;
use needle::Needle;
use page::{not_a_page, string_at, Body, Page};
use path::{display, walk, Step};
use text::TextScan;

/// How big an answer may be: the caps of the tool results it stands beside.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// UTF-16 units at most.
    pub max_chars: usize,
    /// Tokens at most, when there is a token cap.
    pub max_tokens: Option<usize>,
    /// The encoding tokens are counted in.
    pub encoding: Encoding,
}

/// What is looked for, as the call gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selector<'a> {
    /// `match`: a string, or `/regex/`.
    Match(&'a str),
    /// `path`: a JSONPath of the subset.
    Path(&'a str),
    /// `lines`: `"FROM-TO"`, from 1.
    Lines(&'a str),
}

/// A selector read: what the search runs.
#[derive(Debug)]
enum Wanted {
    Match(Needle),
    Path(Vec<Step>),
    Lines(usize, usize),
}

/// `"FROM-TO"` (or one line, `"N"`) as a range of lines from 1.
fn parse_lines(raw: &str) -> Result<(usize, usize)> {
    let bad = || {
        Error::invalid_input(format!(
            "lines: {} is not a range of lines: write \"FROM-TO\" with line numbers from 1 (for example \"120-180\").",
            answer::quoted(raw)
        ))
    };
    let number = |s: &str| s.trim().parse::<usize>().ok().filter(|&n| n >= 1);
    let (from, to) = match raw.trim().split_once(['-', '–']) {
        Some((from, to)) => (number(from).ok_or_else(bad)?, number(to).ok_or_else(bad)?),
        None => {
            let n = number(raw).ok_or_else(bad)?;
            (n, n)
        }
    };
    if to < from {
        return Err(Error::invalid_input(format!(
            "lines: {} ends before it starts: write FROM-TO with FROM ≤ TO.",
            answer::quoted(raw)
        )));
    }
    Ok((from, to))
}

/// What the search is doing, decided by page 1.
#[derive(Debug)]
enum State {
    /// Before page 1.
    Start(Wanted),
    /// A text (or a string in the value, `what` says which) read for matches or lines, its
    /// pieces fed in `form`; `pieces` when a page holds it as its items.
    Text { scan: TextScan, what: String, pieces: bool, form: Form },
    /// A collection read for matches or a path.
    Items { scan: ItemScan, also: String },
    /// A value paged as text read whole, for a path into it.
    Whole { steps: Vec<Step>, text: Vec<u8> },
    /// A path that ends above the collection: the value there (from page 1), and the items
    /// below it counted.
    Above { head: String, json: Vec<u8>, collection: String, items: usize },
    /// The answer, known.
    Done(String),
}

/// A read in progress (see the module).
#[derive(Debug)]
pub struct Search {
    budget: Budget,
    raw: String,
    state: State,
    pages: usize,
    read: usize,
}

impl Search {
    /// A search for `selector` whose answer is within `budget`. A selector that cannot be read
    /// (an empty match, an invalid or oversized pattern, a path or range that is not one) is
    /// refused here, with a message naming it.
    pub fn new(selector: Selector<'_>, budget: Budget) -> Result<Search> {
        let (wanted, raw) = match selector {
            Selector::Match(raw) => (Wanted::Match(Needle::parse(raw)?), raw),
            Selector::Path(raw) => (Wanted::Path(path::parse(raw)?), raw),
            Selector::Lines(raw) => {
                let (from, to) = parse_lines(raw)?;
                (Wanted::Lines(from, to), raw)
            }
        };
        Ok(Search { budget, raw: raw.to_owned(), state: State::Start(wanted), pages: 0, read: 0 })
    }

    /// Reads the next page (its JSON text, page 1 first); returns whether the search needs
    /// the one after it.
    pub fn read(&mut self, text: &[u8]) -> Result<bool> {
        let number = self.read + 1;
        let page = page::read(text, number)?;
        if number == 1 {
            self.pages = page.pages;
            let State::Start(wanted) = std::mem::replace(&mut self.state, State::Done(String::new())) else {
                return Err(not_a_page(number));
            };
            self.state = self.start(wanted, &page, text)?;
        } else if page.pages != self.pages {
            return Err(not_a_page(number));
        }
        self.read = number;
        let more = match &mut self.state {
            State::Start(_) | State::Done(_) => false,
            State::Text { scan, pieces, form, .. } => match page.body {
                Body::Text(span) => feed_string(scan, *form, text, span, number),
                Body::Items(items) if *pieces => {
                    let mut more = true;
                    for piece in members(text, items) {
                        more = feed_string(scan, *form, text, piece.value, number);
                    }
                    more
                }
                Body::Items(_) => return Err(not_a_page(number)),
            },
            State::Items { scan, .. } => match page.body {
                Body::Items(items) => scan.feed(text, items, number)?,
                Body::Text(_) => return Err(not_a_page(number)),
            },
            State::Whole { text: whole, .. } => match page.body {
                Body::Text(span) => {
                    whole.extend_from_slice(&string_at(text, span));
                    true
                }
                Body::Items(_) => return Err(not_a_page(number)),
            },
            State::Above { items: n, .. } => match page.body {
                Body::Items(items) => {
                    *n += members(text, items).count();
                    true
                }
                Body::Text(_) => return Err(not_a_page(number)),
            },
        };
        Ok(more && number < self.pages)
    }

    /// What page 1 says the search is.
    fn start(&self, wanted: Wanted, page: &Page, text: &[u8]) -> Result<State> {
        let budget = &self.budget;
        let Some(outer) = page.path.clone() else {
            return Ok(match wanted {
                Wanted::Match(needle) => text_state(text::Mode::Match(needle), budget, "the text", false),
                Wanted::Lines(from, to) => text_state(text::Mode::Lines { from, to }, budget, "the text", false),
                Wanted::Path(steps) => {
                    // A value paged as text is its compact JSON: an object or an array.
                    let opens = match page.body {
                        Body::Text(span) => span.of(text).get(1).copied(),
                        Body::Items(_) => None,
                    };
                    if !matches!(opens, Some(b'{' | b'[')) {
                        return Err(Error::invalid_input(
                            "path: this result is a text, not JSON: read it with match or lines.",
                        ));
                    }
                    State::Whole { steps, text: Vec::new() }
                }
            });
        };
        let rest = page.rest.ok_or_else(|| not_a_page(1))?;
        // Where the collection is, from the root of the value (a document's steps after the
        // string's), the text around it and its kind.
        let (collection, around, inner) = match &page.document {
            Some(doc) => {
                let doc_rest = doc.rest.ok_or_else(|| not_a_page(1))?;
                let mut steps = outer.clone();
                steps.extend(doc.path.iter().cloned());
                (steps, doc_rest, doc.path.clone())
            }
            None => (outer.clone(), rest, outer.clone()),
        };
        let empty = walk(text, around, "$", &inner)
            .ok()
            .and_then(|f| f.hits.into_iter().next())
            .ok_or_else(|| not_a_page(1))?;
        let at = answer::shown_path(display(&collection));
        let shape = kind(text, empty.span);
        if shape == Kind::String {
            let what = format!("the string at {at}");
            return match wanted {
                Wanted::Match(needle) => Ok(text_state(text::Mode::Match(needle), budget, &what, true)),
                Wanted::Lines(from, to) => Ok(text_state(text::Mode::Lines { from, to }, budget, &what, true)),
                Wanted::Path(steps) if steps == collection => {
                    Ok(text_state(text::Mode::Lines { from: 1, to: usize::MAX }, budget, &what, true))
                }
                Wanted::Path(steps) if steps.starts_with(&collection) => Err(Error::invalid_input(format!(
                    "path: {at} is a string, which has no keys or items: read it with lines or match."
                ))),
                Wanted::Path(steps) => self.path_around(&steps, text, rest, page, &collection),
            };
        }
        let object = shape == Kind::Object;
        match wanted {
            Wanted::Match(needle) => {
                let around_matches = [Some(rest), page.document.as_ref().and_then(|d| d.rest)]
                    .into_iter()
                    .flatten()
                    .any(|span| items::holds(&needle, span.of(text)));
                let also = if around_matches { format!("; the value around {at} (on page 1) matches too") } else { String::new() };
                let scan = ItemScan::new(items::Mode::Match(needle), object, at, budget, &self.raw)?;
                Ok(State::Items { scan, also })
            }
            Wanted::Lines(..) => Err(Error::invalid_input(format!(
                "lines: this result is JSON, kept as the {} of {at}, which has no lines: read it with path (for example \"{at}[0:20]\") or match.",
                if object { "members" } else { "items" }
            ))),
            Wanted::Path(steps) if steps.starts_with(&collection) => {
                let mode = match steps.get(collection.len()) {
                    None => items::Mode::All,
                    Some(first) => items::Mode::Select { first: first.clone(), then: steps[collection.len() + 1..].to_vec() },
                };
                let scan = ItemScan::new(mode, object, at, budget, &self.raw)?;
                Ok(State::Items { scan, also: String::new() })
            }
            Wanted::Path(steps) => self.path_around(&steps, text, rest, page, &collection),
        }
    }

    /// A path that does not go into the collection: read in the value around it on page 1 (in
    /// the document, when it goes into the string that holds one).
    fn path_around(&self, steps: &[Step], text: &[u8], rest: Span, page: &Page, collection: &[Step]) -> Result<State> {
        let outer = page.path.clone().unwrap_or_default();
        let (within, from, at) = match &page.document {
            Some(doc) if steps.starts_with(&outer) => {
                (doc.rest.ok_or_else(|| not_a_page(1))?, &steps[outer.len()..], display(&outer))
            }
            _ => (rest, steps, "$".to_owned()),
        };
        let found = walk(text, within, &at, from)?;
        let written = display(steps);
        let pages = self.pages;
        if collection.starts_with(steps) {
            let hit = found.hits.into_iter().next().ok_or_else(|| not_a_page(1))?;
            return Ok(State::Above {
                head: written,
                json: hit.span.of(text).to_vec(),
                collection: display(collection),
                items: 0,
            });
        }
        Ok(State::Done(values_answer(&written, found, text, pages, &self.budget)?))
    }

    /// The answer, once the search has read every page it needed: always within the budget.
    pub fn answer(self) -> Result<String> {
        let budget = self.budget;
        answer::within_budget(self.unguarded_answer()?, &budget)
    }

    /// The answer as the state writes it, within the budget but for what no budget holds whole.
    fn unguarded_answer(self) -> Result<String> {
        let budget = self.budget;
        match self.state {
            State::Start(_) => Err(Error::invalid_input("read_result: no page of the result was read.")),
            State::Done(answer) => Ok(answer),
            State::Text { mut scan, what, .. } => {
                scan.finish();
                scan.answer(&budget, &what, self.pages, &self.raw)
            }
            State::Items { scan, also } => scan.answer(&budget, self.pages, &also),
            State::Whole { steps, text } => {
                let whole = root(&text);
                if !matches!(kind(&text, whole), Kind::Object | Kind::Array) {
                    return Err(Error::invalid_input(
                        "path: this result is a text, not JSON: read it with match or lines.",
                    ));
                }
                let found = walk(&text, whole, "$", &steps)?;
                values_answer(&display(&steps), found, &text, self.pages, &budget)
            }
            State::Above { head, json, collection, items, .. } => {
                let line = format!(
                    "{head} holds {collection}, whose {} are on the pages (1 to {}), emptied here: read them with path \"{collection}[0:20]\" or match",
                    answer::count(items, "item"),
                    self.pages
                );
                value_answer(&line, &json, &budget)
            }
        }
    }
}

/// A text scan for `mode`: it reads the pages' escaped text where it is unless the needle must
/// see decoded text (a pattern, or a string with chars JSON escapes).
fn text_state(mode: text::Mode, budget: &Budget, what: &str, pieces: bool) -> State {
    let form = match &mode {
        text::Mode::Match(needle) if !needle.is_plain() => Form::Decoded,
        _ => Form::Escaped,
    };
    State::Text { scan: TextScan::new(mode, form, budget.max_chars), what: what.to_owned(), pieces, form }
}

/// Feeds `scan` the string literal at `span` of a page, in `form`.
fn feed_string(scan: &mut TextScan, form: Form, text: &[u8], span: Span, page: usize) -> bool {
    match form {
        Form::Decoded => scan.feed(&string_at(text, span), page),
        Form::Escaped => {
            let raw = span.of(text);
            scan.feed(raw.get(1..raw.len().saturating_sub(1)).unwrap_or(&[]), page)
        }
    }
}

/// `head:` and the value's JSON, or its preview when that is over the budget.
fn value_answer(head: &str, json: &[u8], budget: &Budget) -> Result<String> {
    let whole = format!("{head}:\n{}", String::from_utf8_lossy(json));
    if answer::fits(&whole, budget)? {
        return Ok(whole);
    }
    let line = format!("{head} (over this answer's budget, so this is a preview of it; a longer path narrows it):\n");
    let share = PreviewBudget {
        max_chars: budget.max_chars.saturating_sub(line.len() + 8).max(200),
        max_tokens: budget.max_tokens.map_or(usize::MAX / 2, |t| t.saturating_sub(line.len() / 2 + 8).max(50)),
        encoding: budget.encoding,
    };
    Ok(format!("{line}{}", preview(Input::Printed(json), &Value::Null, &Value::Null, &share)?.text))
}

/// The answer for what a path found on page 1 (or in a text read whole).
fn values_answer(written: &str, found: path::Found, text: &[u8], pages: usize, budget: &Budget) -> Result<String> {
    let where_ = if pages > 1 { format!("{written} (on page 1 of {pages})") } else { written.to_owned() };
    if !found.sliced {
        let hit = found
            .hits
            .into_iter()
            .next()
            .ok_or_else(|| Error::invalid_input(format!("path: {written} found nothing.")))?;
        return value_answer(&where_, hit.span.of(text), budget);
    }
    let pieces = found
        .hits
        .iter()
        .map(|h| {
            answer::Piece::new(
                format!("{{\"path\":{},\"value\":{}}}", json_string(&h.path), String::from_utf8_lossy(h.span.of(text))),
                budget,
            )
        })
        .collect::<Result<Vec<_>>>()?;
    let total = pieces.len();
    let missing = found.missing;
    answer::fit(&pieces, budget, answer::Ends::Both, |front, back| {
        let shown = front + back;
        let mut out = format!("{where_}: {}", answer::count(total, "value"));
        if missing > 0 {
            out.push_str(&format!("; {} had nothing there", answer::count(missing, "item")));
        }
        if shown < total {
            out.push_str(&format!("; {shown} of them are shown, the first and the last"));
        }
        out.push_str(&format!(":\n{{\"matched\":{total},\"shown\":{shown},\"items\":["));
        let chosen = pieces[..front].iter().chain(&pieces[total - back..]);
        out.push_str(&chosen.map(|p| p.text.as_str()).collect::<Vec<_>>().join(","));
        out.push_str("]}");
        out
    })
}
