//! A kept collection read page by page: its items (an array's, or an object's members, which
//! pages write as `["key",value]`) numbered from 0 across the pages — the items that match, or
//! the ones a path selects.
//!
//! An item matches when its JSON text, with string escapes read as the chars they stand for,
//! contains the needle: keys and values alike, so a member of a huge map matches by its key.
//! A plain needle (see [`Needle::is_plain`]) is searched once over a page's items as they are
//! written, and only the items it lands in are looked at again.

use serde_json::Value;

use super::answer::{count, fit, note_page, on_pages, shown_needle, Ends, Kept, Piece};
use super::needle::Needle;
use super::path::{self, walk, Step};
use super::Budget;
use crate::error::{Error, Result};
use crate::json::span::{members, Span};
use crate::json::string::json_string;
use crate::json::unescape::unescape_into;
use crate::preview::{preview, Budget as PreviewBudget, Input};

/// What is read of the collection.
#[derive(Debug)]
pub enum Mode {
    /// The items that hold a match.
    Match(Needle),
    /// The items the step after the collection's path selects (`[i]`, `[from:to]`, `["key"]`),
    /// each read further by `then`.
    Select { first: Step, then: Vec<Step> },
    /// Every item (a path that ends at the collection).
    All,
}

/// An item as shown.
#[derive(Debug)]
struct Entry {
    index: usize,
    page: usize,
    /// The member's key as its JSON string, for an object's member.
    key: Option<String>,
    /// Where the value shown is, when a path went below the item.
    path: Option<String>,
    /// The value's JSON (its preview, when it alone is over its share of the answer).
    json: String,
}

impl Entry {
    fn shown(&self) -> String {
        let mut out = format!("{{\"index\":{}", self.index);
        if let Some(key) = &self.key {
            out.push_str(&format!(",\"key\":{key}"));
        }
        out.push_str(&format!(",\"page\":{}", self.page));
        if let Some(path) = &self.path {
            out.push_str(&format!(",\"path\":{}", json_string(path)));
        }
        let name = if self.key.is_some() || self.path.is_some() { "value" } else { "item" };
        out.push_str(&format!(",\"{name}\":{}}}", self.json));
        out
    }
}

/// The collection read so far and what was found in it.
#[derive(Debug)]
pub struct ItemScan {
    mode: Mode,
    /// Whether the collection is an object (its items are `[key,value]` pairs).
    object: bool,
    next_index: usize,
    shown: Shown,
    done: bool,
}

/// What was found, kept for the answer.
#[derive(Debug)]
struct Shown {
    /// The collection's path, as written.
    at: String,
    found: Kept<Entry>,
    pages: Vec<usize>,
    /// Items a projection left out for lacking its later steps.
    missing: usize,
    /// The budget of an item shown as its preview.
    share: PreviewBudget,
    /// The selector as the call wrote it.
    raw: String,
}

/// Whether `raw`, a JSON text, holds the needle once its escapes are read.
pub fn holds(needle: &Needle, raw: &[u8]) -> bool {
    if !raw.contains(&b'\\') {
        return needle.is_match(raw);
    }
    if needle.is_plain() && !needle.is_match(raw) {
        return false;
    }
    let mut decoded = Vec::with_capacity(raw.len());
    unescape_into(raw, &mut decoded);
    needle.is_match(&decoded)
}

impl ItemScan {
    /// A scan of the collection at `at` (an object's when `object`) for `mode`, whose answer is
    /// within `budget`. `raw` is the selector as the call wrote it.
    pub fn new(mode: Mode, object: bool, at: String, budget: &Budget, raw: &str) -> Result<ItemScan> {
        if let Mode::Select { first, .. } = &mode {
            let mut written = at.clone();
            path::push_display(&mut written, first);
            match (first, object) {
                (Step::Key(_), false) => {
                    return Err(Error::invalid_input(format!(
                        "path: {at} is an array, which has no keys: select its items with [i] or [from:to]."
                    )))
                }
                (Step::Index(_) | Step::Slice { .. }, true) => {
                    return Err(Error::invalid_input(format!(
                        "path: {at} is an object, which has no items: select a member with .key or [\"key\"]; match finds members by key or value."
                    )))
                }
                _ => {}
            }
        }
        // An item over a quarter of the answer is shown as its preview.
        let share = PreviewBudget {
            max_chars: (budget.max_chars / 4).max(200),
            max_tokens: budget.max_tokens.map_or(usize::MAX / 2, |t| (t / 4).max(50)),
            encoding: budget.encoding,
        };
        let shown =
            Shown { at, found: Kept::new(budget.max_chars), pages: Vec::new(), missing: 0, share, raw: raw.to_owned() };
        Ok(ItemScan { mode, object, next_index: 0, shown, done: false })
    }

    /// Reads the items of one page (`items`, the page's items array in `text`); false once
    /// nothing more is needed.
    pub fn feed(&mut self, text: &[u8], items: Span, page: usize) -> Result<bool> {
        if self.done {
            return Ok(false);
        }
        let ItemScan { mode, object, next_index, shown, done } = self;
        let region = items.of(text);
        let mut hit = match &*mode {
            Mode::Match(needle) if needle.is_plain() => needle.find(region, 0).map(|h| h.0 + items.start),
            _ => None,
        };
        for item in members(text, items) {
            let index = *next_index;
            *next_index += 1;
            let span = item.value;
            let (key, value) = if *object { pair(text, span) } else { (None, span) };
            match &*mode {
                Mode::Match(needle) if needle.is_plain() => {
                    while hit.is_some_and(|h| h < span.start) {
                        hit = needle.find(region, span.start - items.start).map(|h| h.0 + items.start);
                    }
                    if hit.is_some_and(|h| h < span.end) {
                        if holds(needle, span.of(text)) {
                            shown.keep(text, index, page, key, None, value, true)?;
                        }
                        hit = needle.find(region, span.end - items.start).map(|h| h.0 + items.start);
                    }
                }
                Mode::Match(needle) => {
                    if holds(needle, span.of(text)) {
                        shown.keep(text, index, page, key, None, value, true)?;
                    }
                }
                Mode::All => shown.keep(text, index, page, key, None, value, false)?,
                Mode::Select { first, then } => {
                    let chosen = match first {
                        Step::Index(i) => index == *i,
                        Step::Slice { from, to } => index >= *from && to.map_or(true, |to| index < to),
                        Step::Key(k) => key.is_some_and(|key| crate::query::page::string_at(text, key) == k.as_bytes()),
                    };
                    let past = match first {
                        Step::Index(i) => index >= *i,
                        Step::Slice { to: Some(to), .. } => index + 1 >= *to,
                        _ => false,
                    };
                    if chosen {
                        shown.select(text, (index, page), key, value, then, first)?;
                        if matches!(first, Step::Key(_)) {
                            *done = true;
                        }
                    }
                    if past {
                        *done = true;
                    }
                }
            }
            if *done {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The answer within `budget`; `pages` is the result's page count and `also` a clause about
    /// the value around the collection (a match there too).
    pub fn answer(self, budget: &Budget, pages: usize, also: &str) -> Result<String> {
        let total = self.next_index;
        let noun = if self.object { "member" } else { "item" };
        let Shown { at, found, pages: found_on, missing, raw, .. } = self.shown;
        // Every entry found counts, those dropped from the middle to keep the search's memory
        // bounded too.
        let (entries, dropped) = found.into_parts();
        let matched = entries.len() + dropped;
        let head = match &self.mode {
            Mode::Match(_) => {
                let shown_needle = shown_needle(&raw);
                if matched == 0 {
                    return Ok(format!(
                        "None of the {} of {at} (on {}) matches {shown_needle}{also}.",
                        count(total, noun),
                        count(pages, "page")
                    ));
                }
                let verb = if matched == 1 { "matches" } else { "match" };
                format!(
                    "{matched} of the {} of {at} {verb} {shown_needle}, {}{also}",
                    count(total, noun),
                    on_pages(&found_on, pages)
                )
            }
            Mode::Select { first, then } => {
                let mut written = at.clone();
                path::push_display(&mut written, first);
                let mut full = written.clone();
                for step in then {
                    path::push_display(&mut full, step);
                }
                match first {
                    Step::Index(_) if entries.is_empty() => return Err(path::past_the_end(&written, &at, total)),
                    Step::Key(k) if entries.is_empty() => {
                        return Err(Error::invalid_input(format!(
                            "path: {at} has no key {} among its {}.",
                            json_string(k),
                            count(total, noun)
                        )))
                    }
                    Step::Slice { from, .. } if entries.is_empty() && *from >= total => {
                        return Err(path::past_the_end(&written, &at, total))
                    }
                    _ => {}
                }
                let missing = if missing > 0 {
                    format!(
                        "; {} had nothing there and {} left out",
                        count(missing, noun),
                        if missing == 1 { "is" } else { "are" }
                    )
                } else {
                    String::new()
                };
                format!("{full}: {} {}{missing}", count(matched, "value"), on_pages(&found_on, pages))
            }
            Mode::All => format!("{at}: its {} {}", count(total, noun), on_pages(&found_on, pages)),
        };
        let pieces = entries.iter().map(|e| Piece::new(e.shown(), budget)).collect::<Result<Vec<Piece>>>()?;
        let build = |front: usize, back: usize| {
            let shown = front + back;
            let mut out = head.clone();
            if shown < matched {
                out.push_str(&format!("; {shown} of them are shown, the first and the last"));
            }
            out.push_str(":\n");
            let mut json = format!("{{\"matched\":{matched},\"shown\":{shown}");
            if shown < matched {
                let (from, to) = (
                    entries.get(front.max(1) - 1).map_or(0, |e| e.index),
                    entries.get(entries.len() - back).map_or(total, |e| e.index),
                );
                json.push_str(&format!(",\"notShown\":\"{} between {noun}s {from} and {to}\"", matched - shown));
            }
            json.push_str(",\"items\":[");
            let chosen = pieces[..front].iter().chain(&pieces[pieces.len() - back..]);
            json.push_str(&chosen.map(|p| p.text.as_str()).collect::<Vec<_>>().join(","));
            json.push_str("]}");
            out.push_str(&json);
            out
        };
        fit(&pieces, budget, Ends::Both, build)
    }
}

impl Shown {
    /// Keeps item `index` of `page` (its key, and the value found at `path` below it); `matched`
    /// says the match ranks what its preview shows, when it alone is over its share.
    #[allow(clippy::too_many_arguments)]
    fn keep(
        &mut self,
        text: &[u8],
        index: usize,
        page: usize,
        key: Option<Span>,
        path: Option<String>,
        value: Span,
        matched: bool,
    ) -> Result<()> {
        let raw = value.of(text);
        let json = if raw.len() > self.share.max_chars {
            let needles = if matched { serde_json::json!({ "match": self.raw }) } else { Value::Null };
            preview(Input::Printed(raw), &needles, &Value::Null, &self.share)?.text
        } else {
            String::from_utf8_lossy(raw).into_owned()
        };
        let key = key.map(|k| String::from_utf8_lossy(k.of(text)).into_owned());
        let entry = Entry { index, page, key, path, json };
        let bytes = entry.json.len() + 40;
        note_page(&mut self.pages, page);
        self.found.push(entry, bytes);
        Ok(())
    }

    /// Keeps what `then` finds below the item `first` selected (`index` on `page`).
    fn select(
        &mut self,
        text: &[u8],
        (index, page): (usize, usize),
        key: Option<Span>,
        value: Span,
        then: &[Step],
        first: &Step,
    ) -> Result<()> {
        if then.is_empty() {
            return self.keep(text, index, page, key, None, value, false);
        }
        let mut at = self.at.clone();
        match first {
            Step::Slice { .. } => at.push_str(&format!("[{index}]")),
            other => path::push_display(&mut at, other),
        }
        let sliced = matches!(first, Step::Slice { .. });
        match walk(text, value, &at, then) {
            Ok(found) => {
                for hit in found.hits {
                    self.keep(text, index, page, key, Some(hit.path), hit.span, false)?;
                }
                self.missing += found.missing;
                Ok(())
            }
            Err(_) if sliced => {
                self.missing += 1;
                Ok(())
            }
            Err(error) => Err(error),
        }
    }
}

/// The key and the value of a member as a page writes it, `["key",value]`.
fn pair(text: &[u8], span: Span) -> (Option<Span>, Span) {
    let mut parts = members(text, span);
    match (parts.next(), parts.next()) {
        (Some(key), Some(value)) => (Some(key.value), value.value),
        _ => (None, span),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tokens::Encoding;

    const BUDGET: Budget = Budget { max_chars: 2000, max_tokens: None, encoding: Encoding::Cl100kBase };

    fn page(items: &str) -> (Vec<u8>, Span) {
        let text = format!("{{\"page\":1,\"pages\":1,\"path\":\"$\",\"items\":[{items}]}}");
        let start = text.find("\"items\":").unwrap() + 8;
        let len = text.len();
        (text.into_bytes(), Span { start, end: len - 1 })
    }

    #[test]
    fn items_match_by_their_decoded_text_with_their_indices() {
        let needle = |raw: &str| Mode::Match(Needle::parse(raw).unwrap());
        let mut scan = ItemScan::new(needle("FATAL"), false, "$.logs".into(), &BUDGET, "FATAL").unwrap();
        let (a, sa) = page(r#"{"level":"info"},{"level":"fatal","msg":"a\nb"},"x""#);
        let (b, sb) = page(r#"{"level":"Fatal"}"#);
        assert!(scan.feed(&a, sa, 1).unwrap());
        assert!(scan.feed(&b, sb, 2).unwrap());
        assert_eq!(
            scan.answer(&BUDGET, 2, "").unwrap(),
            "2 of the 4 items of $.logs match \"FATAL\", on all 2 pages:\n{\"matched\":2,\"shown\":2,\"items\":[{\"index\":1,\"page\":1,\"item\":{\"level\":\"fatal\",\"msg\":\"a\\nb\"}},{\"index\":3,\"page\":2,\"item\":{\"level\":\"Fatal\"}}]}"
        );
        // A needle with a line break is found in the decoded text only.
        let mut scan = ItemScan::new(needle("a\nb"), false, "$".into(), &BUDGET, "a\nb").unwrap();
        scan.feed(&a, sa, 1).unwrap();
        assert!(scan.answer(&BUDGET, 1, "").unwrap().starts_with("1 of the 3 items of $ matches \"a\\nb\""));
        // "nb" is in the escaped text (`\nb`), not in the decoded one.
        let mut scan = ItemScan::new(needle("nb"), false, "$".into(), &BUDGET, "nb").unwrap();
        scan.feed(&a, sa, 1).unwrap();
        assert_eq!(scan.answer(&BUDGET, 1, "").unwrap(), "None of the 3 items of $ (on 1 page) matches \"nb\".");
    }

    #[test]
    fn an_answer_over_its_budget_counts_every_match_and_says_how_many_are_not_shown() {
        let rows: Vec<String> = (0..1000).map(|i| format!("{{\"id\":{i},\"name\":\"customer {i}\"}}")).collect();
        let (a, sa) = page(&rows.join(","));
        let mut scan =
            ItemScan::new(Mode::Match(Needle::parse("customer").unwrap()), false, "$.rows".into(), &BUDGET, "customer")
                .unwrap();
        scan.feed(&a, sa, 1).unwrap();
        let answer = scan.answer(&BUDGET, 1, "").unwrap();
        let shown = answer.matches("\"index\":").count();
        assert!(shown > 10 && shown < 100, "{answer}");
        assert!(
            answer.starts_with(&format!(
                "1000 of the 1000 items of $.rows match \"customer\", on page 1 (of 1); {shown} of them are shown, the first and the last:\n{{\"matched\":1000,\"shown\":{shown},\"notShown\":\"{} between items ",
                1000 - shown
            )),
            "{answer}"
        );
        assert!(answer.ends_with("\"page\":1,\"item\":{\"id\":999,\"name\":\"customer 999\"}}]}"), "{answer}");
        let mut slice = ItemScan::new(
            Mode::Select { first: Step::Slice { from: 0, to: Some(600) }, then: vec![] },
            false,
            "$.rows".into(),
            &BUDGET,
            "",
        )
        .unwrap();
        slice.feed(&a, sa, 1).unwrap();
        assert!(slice.answer(&BUDGET, 1, "").unwrap().starts_with("$.rows[0:600]: 600 values on page 1 (of 1); "));
    }

    #[test]
    fn members_match_by_key_and_are_shown_whole() {
        let mut scan =
            ItemScan::new(Mode::Match(Needle::parse("lodash").unwrap()), true, "$.packages".into(), &BUDGET, "lodash")
                .unwrap();
        let (a, sa) = page(r#"["node_modules/a",{"version":"1.0.0"}],["node_modules/lodash",{"version":"4.17.21"}]"#);
        scan.feed(&a, sa, 3).unwrap();
        assert_eq!(
            scan.answer(&BUDGET, 5, "").unwrap(),
            "1 of the 2 members of $.packages matches \"lodash\", on page 3 (of 5):\n{\"matched\":1,\"shown\":1,\"items\":[{\"index\":1,\"key\":\"node_modules/lodash\",\"page\":3,\"value\":{\"version\":\"4.17.21\"}}]}"
        );
    }

    #[test]
    fn a_path_selects_items_across_pages_and_stops_once_found() {
        let select = |first: Step, then: Vec<Step>| Mode::Select { first, then };
        let (a, sa) = page(r#"{"id":0},{"id":1,"name":"b"}"#);
        let (b, sb) = page(r#"{"id":2,"name":"c"},{"id":3}"#);
        let mut one =
            ItemScan::new(select(Step::Index(2), vec![Step::Key("name".into())]), false, "$.rows".into(), &BUDGET, "")
                .unwrap();
        assert!(one.feed(&a, sa, 1).unwrap());
        assert!(!one.feed(&b, sb, 2).unwrap());
        assert_eq!(
            one.answer(&BUDGET, 2, "").unwrap(),
            "$.rows[2].name: 1 value on page 2 (of 2):\n{\"matched\":1,\"shown\":1,\"items\":[{\"index\":2,\"page\":2,\"path\":\"$.rows[2].name\",\"value\":\"c\"}]}"
        );
        let mut names = ItemScan::new(
            select(Step::Slice { from: 0, to: None }, vec![Step::Key("name".into())]),
            false,
            "$.rows".into(),
            &BUDGET,
            "",
        )
        .unwrap();
        names.feed(&a, sa, 1).unwrap();
        names.feed(&b, sb, 2).unwrap();
        assert!(names
            .answer(&BUDGET, 2, "")
            .unwrap()
            .starts_with("$.rows[0:].name: 2 values on all 2 pages; 2 items had nothing there and are left out:"));
        let mut past = ItemScan::new(select(Step::Index(9), vec![]), false, "$.rows".into(), &BUDGET, "").unwrap();
        past.feed(&a, sa, 1).unwrap();
        past.feed(&b, sb, 2).unwrap();
        assert_eq!(
            past.answer(&BUDGET, 2, "").unwrap_err().message,
            "path: $.rows[9] is past the end: $.rows has 4 items (indices 0 to 3)."
        );
        assert!(ItemScan::new(select(Step::Key("x".into()), vec![]), false, "$.rows".into(), &BUDGET, "").is_err());
    }
}
