//! A kept text read page by page, its lines numbered from 1: the lines that match with a few
//! around each (as `grep -n -C 2` shows them), or a range of lines.
//!
//! Pages end at a line's end unless one line alone is longer than a page, so a page's last
//! line is carried to the next one only until it ends. A page's text is searched whole, not
//! line by line: lines are found only around a match, and counted with one byte search.
//! What is kept is bounded by the answer (see [`super::answer::Kept`]), never by the text.

use std::collections::VecDeque;

use super::answer::{count, fit, note_page, on_pages, pages_text, Ends, Kept, Piece};
use super::breaks::Form;
use super::needle::Needle;
use super::Budget;
use crate::error::{Error, Result};
use crate::json::string::utf16_len;

/// Lines shown around each matching line, before and after it.
pub const CONTEXT: usize = 2;
/// Lines a group holds at most: a run of matching lines is shown as groups of about this
/// many, so an answer over its budget can show the first and the last of them.
const MAX_GROUP_LINES: usize = 12;
/// Chars of a line shown whole in a match's answer: a longer line (a minified file) is shown as
/// this many chars around its first match, or from its start for a line around a match.
pub const LONG_LINE: usize = 400;

/// What is read of the text.
#[derive(Debug)]
pub enum Mode {
    /// The lines that hold a match.
    Match(Needle),
    /// Lines `from..=to` (`to` past the end: to the end).
    Lines { from: usize, to: usize },
}

/// A line as shown.
#[derive(Debug)]
struct Line {
    number: usize,
    matched: bool,
    text: String,
}

/// Matching lines that touch, with the lines around them (grep's group).
#[derive(Debug)]
struct Group {
    /// The page its first match is on.
    page: usize,
    lines: Vec<Line>,
    matches: usize,
}

impl Group {
    fn last(&self) -> usize {
        self.lines.last().map_or(0, |l| l.number)
    }

    fn bytes(&self) -> usize {
        self.lines.iter().map(|l| l.text.len() + 8).sum::<usize>() + 12
    }
}

/// `s` cut to at most `keep` chars from char `from`, with the cut parts counted:
/// `[+N chars]…` before and `…[+N chars]` after.
fn window(s: &str, from: usize, keep: usize) -> String {
    let chars: Vec<(usize, char)> = s.char_indices().collect();
    if chars.len() <= keep {
        return s.to_owned();
    }
    let start = from.min(chars.len() - keep);
    let byte = |i: usize| chars.get(i).map_or(s.len(), |c| c.0);
    let (a, b) = (byte(start), byte(start + keep));
    let mut out = String::new();
    if a > 0 {
        out.push_str(&format!("[+{} chars]…", utf16_len(&s[..a])));
    }
    out.push_str(&s[a..b]);
    if b < s.len() {
        out.push_str(&format!("…[+{} chars]", utf16_len(&s[b..])));
    }
    out
}

/// `3 of the 120 lines in the text match` (`matches` for one).
fn of_lines(matched: usize, total: usize, what: &str) -> String {
    let verb = if matched == 1 { "matches" } else { "match" };
    format!("{matched} of the {} in {what} {verb}", count(total, "line"))
}

/// The page of `pages` (each part's start in a block, and its page) that holds byte `at`.
fn page_at(pages: &[(usize, usize)], at: usize) -> usize {
    pages.iter().take_while(|&&(start, _)| start <= at).last().or(pages.first()).map_or(1, |&(_, page)| page)
}

/// The text read so far and what was found in it.
#[derive(Debug)]
pub struct TextScan {
    mode: Mode,
    /// How the text's bytes are held.
    form: Form,
    /// The last line of the text read so far, when it has not ended yet.
    carry: Vec<u8>,
    /// Where each page's part of the open line starts in `carry`, and that page, in order: a
    /// match in a line longer than a page is on the page that holds it.
    carry_pages: Vec<(usize, usize)>,
    /// The number of the next line to end.
    next_line: usize,
    /// The last [`CONTEXT`] lines that ended, as shown around a match.
    previous: VecDeque<Line>,
    open: Option<Group>,
    /// The number of the last line put in a group (0: none yet).
    last_shown: usize,
    /// Lines still to show after the open group's last match.
    after: usize,
    groups: Kept<Group>,
    matched: usize,
    pages: Vec<usize>,
    /// Lines mode: the lines kept, their size, and whether the range was read to its end.
    shown: Vec<(usize, Line)>,
    shown_bytes: usize,
    room: usize,
    done: bool,
    /// Whether the whole text was read.
    ended: bool,
}

impl TextScan {
    /// A scan for `mode` of a text held in `form`, whose answer is within about `room` bytes.
    pub fn new(mode: Mode, form: Form, room: usize) -> TextScan {
        TextScan {
            mode,
            form,
            carry: Vec::new(),
            carry_pages: Vec::new(),
            next_line: 1,
            previous: VecDeque::new(),
            open: None,
            last_shown: 0,
            after: 0,
            groups: Kept::new(room),
            matched: 0,
            pages: Vec::new(),
            shown: Vec::new(),
            shown_bytes: 0,
            room,
            done: false,
            ended: false,
        }
    }

    /// A line's bytes as text: its `\r` before the line break dropped.
    fn line_text(&self, bytes: &[u8]) -> String {
        let text = self.form.text(bytes);
        text.strip_suffix('\r').unwrap_or(&text).to_owned()
    }

    /// A line around a match: its first [`LONG_LINE`] chars.
    fn context_line(&self, number: usize, bytes: &[u8]) -> Line {
        Line { number, matched: false, text: window(&self.line_text(bytes), 0, LONG_LINE) }
    }

    /// A matching line: [`LONG_LINE`] chars around its match at byte `at` of it.
    fn matched_line(&self, number: usize, bytes: &[u8], at: usize) -> Line {
        let before = self.form.text(&bytes[..at.min(bytes.len())]).chars().count();
        let text = self.line_text(bytes);
        Line { number, matched: true, text: window(&text, before.saturating_sub(LONG_LINE / 4), LONG_LINE) }
    }

    /// Reads the next piece of the text, from page `page`; false once nothing more is needed.
    /// Its whole lines are read where they are; only a line it leaves open is kept.
    pub fn feed(&mut self, piece: &[u8], page: usize) -> bool {
        if self.done {
            return false;
        }
        if self.carry.is_empty() {
            self.carry_pages.clear();
        }
        self.carry_pages.push((self.carry.len(), page));
        let Some(last_break) = self.form.prev_break(piece, 0, piece.len()) else {
            self.carry.extend_from_slice(piece);
            return true;
        };
        let ends = last_break + self.form.break_len();
        let mut from = 0;
        if !self.carry.is_empty() {
            // The line the last piece left open ends in this one.
            let first_end = self.form.next_break(piece, 0).map_or(ends, |b| b + self.form.break_len());
            let mut line = std::mem::take(&mut self.carry);
            line.extend_from_slice(&piece[..first_end]);
            let pages = std::mem::take(&mut self.carry_pages);
            self.read_block(&line, &pages);
            from = first_end;
        }
        if from < ends && !self.done {
            self.read_block(&piece[from..ends], &[(0, page)]);
        }
        self.carry.extend_from_slice(&piece[ends..]);
        self.carry_pages.clear();
        self.carry_pages.push((0, page));
        !self.done
    }

    /// Reads the text's last line, if it does not end with a line break.
    pub fn finish(&mut self) {
        if !self.done && !self.carry.is_empty() {
            let block = std::mem::take(&mut self.carry);
            let pages = std::mem::take(&mut self.carry_pages);
            self.read_block(&block, &pages);
        }
        if let Some(group) = self.open.take() {
            let bytes = group.bytes();
            self.groups.push(group, bytes);
        }
        self.ended = !self.done;
    }

    /// Reads whole lines (each ending with a line break, but the text's last); `pages` says
    /// where in `block` each page's part starts, and which page it is (see `carry_pages`).
    fn read_block(&mut self, block: &[u8], pages: &[(usize, usize)]) {
        let first = self.next_line;
        let lines = self.form.count(block) + usize::from(!self.form.ends_with_break(block));
        let page = pages.first().map_or(1, |&(_, page)| page);
        match &self.mode {
            Mode::Match(_) => self.match_block(block, first, lines, pages),
            Mode::Lines { from, to } => {
                let (from, to) = (*from, *to);
                if first + lines > from {
                    self.lines_block(block, first, from, to, page);
                }
            }
        }
        self.next_line = first + lines;
    }

    fn match_block(&mut self, block: &[u8], first: usize, lines: usize, pages: &[(usize, usize)]) {
        let Mode::Match(needle) = &self.mode else { return };
        let form = self.form;
        let gap = form.break_len();
        // Where the lines after the open group's last match start, while some are still to show.
        let mut after_at = (self.after > 0).then_some((0, first));
        let (mut at, mut counted, mut number) = (0, 0, first);
        let mut found = Vec::new();
        while let Some((start, end)) = needle.find(block, at) {
            if form.inside_escape(block, start) {
                at = start + 1;
                continue;
            }
            let line_start = form.prev_break(block, at, start).map_or(at, |b| b + gap);
            let line_end = form.next_break(block, start).unwrap_or(block.len());
            // A pattern that matched across a line break (`\s`, `[^x]`): a line matches only
            // within itself.
            let at_in_line =
                if end > line_end { needle.find(&block[..line_end], start).map(|m| m.0) } else { Some(start) };
            if let Some(hit) = at_in_line {
                number += form.count(&block[counted..line_start]);
                counted = line_start;
                found.push((number, line_start, line_end, hit - line_start));
            }
            if line_end + gap >= block.len() {
                break;
            }
            at = line_end + gap;
        }
        for (number, line_start, line_end, hit) in found {
            self.fill_after(block, &mut after_at, line_start);
            let page = page_at(pages, line_start + hit);
            self.on_match(block, number, (line_start, line_end), hit, page);
            after_at = Some((line_end + gap, number + 1));
        }
        self.fill_after(block, &mut after_at, block.len());
        self.keep_previous(block, first + lines - 1);
    }

    /// Adds the lines after the open group's last match, from `after_at` up to `until`, while
    /// some are still to show.
    fn fill_after(&mut self, block: &[u8], after_at: &mut Option<(usize, usize)>, until: usize) {
        let Some((mut at, mut number)) = *after_at else { return };
        while self.after > 0 && at < until && at < block.len() {
            let end = self.form.next_break(block, at).unwrap_or(block.len());
            let line = self.context_line(number, &block[at..end]);
            if let Some(group) = self.open.as_mut() {
                group.lines.push(line);
                self.last_shown = number;
            }
            self.after -= 1;
            (at, number) = (end + self.form.break_len(), number + 1);
        }
        *after_at = Some((at, number));
    }

    fn on_match(&mut self, block: &[u8], number: usize, (start, end): (usize, usize), hit: usize, page: usize) {
        self.matched += 1;
        note_page(&mut self.pages, page);
        let touches =
            self.open.as_ref().is_some_and(|g| number <= g.last() + 1 + CONTEXT && g.lines.len() < MAX_GROUP_LINES);
        if !touches {
            if let Some(group) = self.open.take() {
                let bytes = group.bytes();
                self.groups.push(group, bytes);
            }
        }
        let before = self.lines_before(block, start, number, self.last_shown);
        let line = self.matched_line(number, &block[start..end], hit);
        let group = self.open.get_or_insert_with(|| Group { page, lines: Vec::new(), matches: 0 });
        group.lines.extend(before);
        group.lines.push(line);
        group.matches += 1;
        self.last_shown = number;
        self.after = CONTEXT;
    }

    /// The up to [`CONTEXT`] lines before line `number` (which starts at `start` of the block)
    /// that come after line `last`, from the block or from the lines of earlier blocks.
    fn lines_before(&self, block: &[u8], start: usize, number: usize, last: usize) -> Vec<Line> {
        let wanted = CONTEXT.min(number - 1 - last.min(number - 1));
        let gap = self.form.break_len();
        let mut lines = Vec::new();
        let mut end = start;
        while lines.len() < wanted && end > 0 {
            let line_end = end - gap;
            let line_start = self.form.prev_break(block, 0, line_end).map_or(0, |b| b + gap);
            lines.push(self.context_line(number - 1 - lines.len(), &block[line_start..line_end]));
            end = line_start;
        }
        let from_before = wanted - lines.len();
        let earlier = self.previous.iter().rev().take(from_before);
        let mut all: Vec<Line> =
            earlier.map(|l| Line { number: l.number, matched: false, text: l.text.clone() }).collect();
        all.reverse();
        lines.reverse();
        all.extend(lines);
        all
    }

    /// Remembers the block's last [`CONTEXT`] lines (the last of them line `last`) for a match
    /// at the start of the next block.
    fn keep_previous(&mut self, block: &[u8], last: usize) {
        let gap = self.form.break_len();
        let body = if self.form.ends_with_break(block) { &block[..block.len() - gap] } else { block };
        let mut end = body.len();
        let mut taken = Vec::new();
        while taken.len() < CONTEXT && taken.len() < last {
            let start = self.form.prev_break(body, 0, end).map_or(0, |b| b + gap);
            taken.push(self.context_line(last - taken.len(), &body[start..end]));
            if start == 0 {
                break;
            }
            end = start - gap;
        }
        for line in taken.into_iter().rev() {
            self.previous.push_back(line);
            if self.previous.len() > CONTEXT {
                self.previous.pop_front();
            }
        }
    }

    fn lines_block(&mut self, block: &[u8], first: usize, from: usize, to: usize, page: usize) {
        let (mut at, mut number) = (0, first);
        let long = (self.room / 2).max(LONG_LINE);
        while at < block.len() {
            let end = self.form.next_break(block, at).unwrap_or(block.len());
            if number > to || self.shown_bytes >= self.room {
                self.done = true;
                return;
            }
            if number >= from {
                let line = Line { number, matched: false, text: window(&self.line_text(&block[at..end]), 0, long) };
                self.shown_bytes += line.text.len() + 8;
                note_page(&mut self.pages, page);
                self.shown.push((page, line));
            }
            (at, number) = (end + self.form.break_len(), number + 1);
        }
    }

    /// The lines the text has, once it was read to its end.
    pub fn total_lines(&self) -> Option<usize> {
        self.ended.then_some(self.next_line - 1)
    }

    /// The answer: the matching lines or the range, within `budget`. `what` names the text
    /// (`the text`, `the string at $.content`) and `pages` is the result's page count.
    pub fn answer(self, budget: &Budget, what: &str, pages: usize, raw: &str) -> Result<String> {
        match self.mode {
            Mode::Match(_) => self.match_answer(budget, what, pages, raw),
            Mode::Lines { from, to } => self.lines_answer(budget, what, from, to, raw),
        }
    }

    fn match_answer(self, budget: &Budget, what: &str, pages: usize, raw: &str) -> Result<String> {
        let total = self.next_line - 1;
        let needle = super::answer::shown_needle(raw);
        if self.matched == 0 {
            return Ok(format!(
                "None of the {} in {what} (on {}) matches {needle}.",
                count(total, "line"),
                count(pages, "page")
            ));
        }
        let matched = self.matched;
        let found_on = on_pages(&self.pages, pages);
        let (groups, _) = self.groups.into_parts();
        let pieces = groups
            .iter()
            .map(|g| {
                let lines: Vec<String> = g
                    .lines
                    .iter()
                    .map(|l| format!("{}{}{}", l.number, if l.matched { ':' } else { '-' }, l.text))
                    .collect();
                Piece::new(format!("-- page {}\n{}", g.page, lines.join("\n")), budget)
            })
            .collect::<Result<Vec<Piece>>>()?;
        let build = |front: usize, back: usize| {
            let shown: usize = groups[..front].iter().chain(&groups[groups.len() - back..]).map(|g| g.matches).sum();
            let mut out = format!(
                "{} {needle}, {found_on}; each is shown with up to {CONTEXT} lines around it (N: the match, N- a line around it){}",
                of_lines(matched, total, what),
                if shown < matched { format!("; {shown} of them are shown, the first and the last") } else { String::new() },
            );
            out.push_str(if front + back == 0 { "." } else { ":" });
            for piece in &pieces[..front] {
                out.push('\n');
                out.push_str(&piece.text);
            }
            if shown < matched && front + back > 0 {
                let from = groups.get(front.max(1) - 1).map_or(1, Group::last);
                let to = groups.get(groups.len() - back).map_or(total, |g| g.lines.first().map_or(total, |l| l.number));
                let more = matched - shown;
                out.push_str(&format!(
                    "\n-- {more} more matching line{} not shown, between lines {from} and {to}: a longer match, or lines \"{from}-{to}\", narrows it",
                    if more == 1 { "" } else { "s" }
                ));
            }
            for piece in &pieces[pieces.len() - back..] {
                out.push('\n');
                out.push_str(&piece.text);
            }
            out
        };
        fit(&pieces, budget, Ends::Both, build)
    }

    fn lines_answer(self, budget: &Budget, what: &str, from: usize, to: usize, raw: &str) -> Result<String> {
        if self.shown.is_empty() {
            let total = self.total_lines().unwrap_or(self.next_line - 1);
            return Err(Error::invalid_input(format!(
                "lines: \"{raw}\" starts past the end: {what} has {}.",
                count(total, "line")
            )));
        }
        let last_read = self.shown.last().map_or(from, |(_, l)| l.number);
        let ends_early = self.ended && last_read < to;
        let pieces = self
            .shown
            .iter()
            .map(|(_, l)| Piece::new(format!("{}\t{}", l.number, l.text), budget))
            .collect::<Result<Vec<Piece>>>()?;
        let pages = self.pages.clone();
        let build = |front: usize, _back: usize| {
            let shown_to = if front == 0 { from } else { self.shown[front - 1].1.number };
            let pages_shown: Vec<usize> = {
                let mut p = Vec::new();
                for (page, _) in &self.shown[..front] {
                    note_page(&mut p, *page);
                }
                p
            };
            let mut out = if front == 0 {
                format!(
                    "Line {from} of {what} alone is over this answer's budget; read its page instead ({}).",
                    pages_text(&pages[..1])
                )
            } else {
                format!("Lines {from}–{shown_to} of {what}, on {}", pages_text(&pages_shown))
            };
            if ends_early && front == self.shown.len() {
                out.push_str(&format!(" (it ends at line {last_read})"));
            }
            if front > 0 {
                let last_wanted = if ends_early { last_read } else { to };
                if shown_to < last_wanted {
                    let next =
                        if to == usize::MAX { format!("{}-", shown_to + 1) } else { format!("{}-{to}", shown_to + 1) };
                    out.push_str(&format!("; the rest is over this answer's budget: read it with lines \"{next}\""));
                }
                out.push(':');
            }
            for piece in &pieces[..front] {
                out.push('\n');
                out.push_str(&piece.text);
            }
            out
        };
        fit(&pieces, budget, Ends::Front, build)
    }
}
