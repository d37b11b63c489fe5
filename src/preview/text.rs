//! The preview of a text (a file, a log, a long string field): its head and its tail cut at
//! line boundaries, the lines that matter from the part not shown (error-like lines, lines with
//! the call's argument fragments), and the line and character totals.
//!
//! Two forms: [`plain`] for a text result (what the agent would have read, with one marker line
//! where lines are left out), and [`json`] for a long string inside a JSON value:
//! `{"_text":{"chars":C,"lines":L,"notShown":"lines 41–11200"},"head":"…","lines":{"523":"…"},"tail":"…"}`.
//! A single line too long for the budget is cut inside the line, never inside a character.

use super::errors::{line_signal, Signal, LINE_BYTES};
use super::matches::{discriminating_among, Needles};
use crate::json::string::{push_json_string, utf16_len};

/// Lines of each kind (argument matches, error messages, stack frames) from the part not shown
/// that are listed, at most.
pub const MAX_PICKED: usize = 12;
/// A listed line is cut to this many bytes.
pub const PICKED_BYTES: usize = 240;
/// Lines read to tell a text's form (a diff, a table, parts, indented text).
pub const SNIFF_LINES: usize = 64;

/// What is shown of a text.
#[derive(Debug, PartialEq)]
struct Plan<'a> {
    head: &'a str,
    /// Whole lines in `head`; `head` may end inside line `head_lines + 1` when that line alone
    /// was over the budget.
    head_lines: usize,
    head_cut: bool,
    picked: Vec<(usize, &'a str)>,
    tail: &'a str,
    /// 1-based number of the first tail line (lines + 1 when there is no tail).
    tail_from: usize,
    lines: usize,
    chars: usize,
}

/// The lines of `text` as byte spans (without their `\n`). A final line break ends the last
/// line, it does not start an empty one, as the page map ([`crate::elision::map`]) and
/// read_result ([`crate::query`]) count lines; a text without a line break is one line.
fn line_spans(text: &str) -> Vec<(usize, usize)> {
    // Sized once: grown by doubling, a large text's spans take up to twice their size, and
    // WebAssembly memory once grown stays that large.
    let mut spans = Vec::with_capacity(line_count(text));
    let mut start = 0;
    for i in memchr::memchr_iter(b'\n', text.as_bytes()) {
        spans.push((start, i));
        start = i + 1;
    }
    if start < text.len() || spans.is_empty() {
        spans.push((start, text.len()));
    }
    spans
}

/// How many lines `text` has, as [`line_spans`] finds them (`"a\nb\n"` and `"a\nb"` have 2).
pub fn line_count(text: &str) -> usize {
    memchr::memchr_iter(b'\n', text.as_bytes()).count() + usize::from(!text.ends_with('\n'))
}

/// The longest prefix of `s` at most `max` bytes (by `cost`), ending on a char boundary.
pub fn prefix_within(s: &str, max: usize, cost: fn(&str) -> usize) -> &str {
    let mut end = 0;
    let mut used = 0;
    for (i, c) in s.char_indices() {
        let mut buf = [0u8; 4];
        let w = cost(c.encode_utf8(&mut buf));
        if used + w > max {
            break;
        }
        used += w;
        end = i + c.len_utf8();
    }
    &s[..end]
}

/// A text read once for its previews: its lines, the ones that matter and its length. A preview
/// that shrinks until it fits plans several times from one reading.
pub struct Lines<'a> {
    text: &'a str,
    spans: Vec<(usize, usize)>,
    /// The lines that matter (0-based), in the order they are offered: lines with the call's
    /// argument fragments and error messages in turn, so neither kind crowds out the other, then
    /// stack frames; at most [`MAX_PICKED`] of each kind.
    picked: Vec<usize>,
    /// UTF-16 units of the text.
    chars: usize,
}

impl<'a> Lines<'a> {
    /// Reads `text`, finding its lines that matter for a call with `needles`.
    pub fn read(text: &'a str, needles: &Needles) -> Self {
        let spans = line_spans(text);
        let picked = picked_lines(text, &spans, needles);
        Lines { text, spans, picked, chars: utf16_len(text) }
    }

    /// Lines `[first, end)` of the text as a text of their own, with the lines that matter among
    /// them (not read again).
    pub fn slice(&self, first: usize, end: usize) -> Lines<'a> {
        let end = end.min(self.spans.len()).max(first.min(self.spans.len()));
        let first = first.min(end);
        if first == end {
            return Lines { text: "", spans: vec![(0, 0)], picked: Vec::new(), chars: 0 };
        }
        let base = self.spans[first].0;
        let text = &self.text[base..self.spans[end - 1].1];
        let spans = self.spans[first..end].iter().map(|&(s, e)| (s - base, e - base)).collect();
        let picked = self.picked.iter().filter(|&&k| k >= first && k < end).map(|&k| k - first).collect();
        Lines { text, spans, picked, chars: utf16_len(text) }
    }

    /// The text's lines as byte spans (without their `\n`).
    pub fn spans(&self) -> &[(usize, usize)] {
        &self.spans
    }

    /// The text read.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// Its length in UTF-16 units.
    pub fn chars(&self) -> usize {
        self.chars
    }

    /// The lines that matter (0-based), in the order offered (see [`picked_lines`]).
    pub fn picked(&self) -> &[usize] {
        &self.picked
    }
}

/// The lines that matter of `text` (see [`Lines::picked`]). A fragment found on more than half
/// of the lines (a path every line starts with) says nothing about any of them and is not used.
pub fn picked_lines(text: &str, spans: &[(usize, usize)], needles: &Needles) -> Vec<usize> {
    let (mut messages, mut frames, mut matched) = (Vec::new(), Vec::new(), Vec::new());
    for (k, &(start, end)) in spans.iter().enumerate() {
        let bytes = &text.as_bytes()[start..end.min(start + LINE_BYTES)];
        let mask = if needles.is_empty() { 0 } else { needles.mask_raw(bytes) };
        if mask != 0 {
            matched.push((k, mask));
            continue;
        }
        match line_signal(bytes) {
            Signal::Message if messages.len() < MAX_PICKED => messages.push(k),
            Signal::Frame if frames.len() < MAX_PICKED => frames.push(k),
            _ => {}
        }
    }
    let masks: Vec<u32> = matched.iter().map(|m| m.1).collect();
    let keep = discriminating_among(&masks, spans.len(), needles.list.len());
    let matched: Vec<usize> =
        matched.into_iter().filter(|(_, m)| m & keep != 0).map(|(k, _)| k).take(MAX_PICKED).collect();
    let mut picked = Vec::with_capacity(matched.len() + messages.len() + frames.len());
    for i in 0..matched.len().max(messages.len()) {
        picked.extend(matched.get(i));
        picked.extend(messages.get(i));
    }
    picked.extend(frames);
    picked
}

fn plan<'a>(read: &Lines<'a>, budget: usize, cost: fn(&str) -> usize) -> Plan<'a> {
    let (text, spans) = (read.text, &read.spans);
    let lines = spans.len();
    let line = |k: usize| &text[spans[k].0..spans[k].1];
    // A third for the lines that matter, two thirds of the rest for the head, the rest for the tail.
    let picked_budget = if read.picked.is_empty() { 0 } else { budget / 3 };
    let picked_all = read.picked.clone();
    let head_budget = (budget - picked_budget) * 2 / 3;
    let (mut head_lines, mut used) = (0, 0);
    // A line break costs what the form writes for it: 1 in text, 2 escaped (`\n`) in JSON.
    let newline = cost("\n");
    while head_lines < lines && used + cost(line(head_lines)) < head_budget {
        used += cost(line(head_lines)) + newline;
        head_lines += 1;
    }
    let head_cut = head_lines == 0;
    let head = if head_cut { prefix_within(line(0), head_budget, cost) } else { &text[..spans[head_lines - 1].1] };
    let mut tail_budget = budget - picked_budget - cost(head);
    let mut tail_from = lines;
    while tail_from > head_lines + 1 && cost(line(tail_from - 1)) < tail_budget {
        tail_budget -= cost(line(tail_from - 1)) + newline;
        tail_from -= 1;
    }
    let tail = if tail_from < lines { &text[spans[tail_from].0..] } else { "" };
    // In the order offered, so each kind keeps its turns; then shown in line order.
    let mut picked = Vec::new();
    let mut left = picked_budget;
    for k in picked_all.into_iter().filter(|k| *k >= head_lines && *k < tail_from && !(head_cut && *k == 0)) {
        let shown = prefix_within(line(k), PICKED_BYTES.min(left.saturating_sub(16)), cost);
        if shown.is_empty() {
            break;
        }
        left -= cost(shown) + 16;
        picked.push((k + 1, shown));
    }
    picked.sort_unstable();
    Plan { head, head_lines, head_cut, picked, tail, tail_from: tail_from + 1, lines, chars: read.chars }
}

impl Plan<'_> {
    fn not_shown(&self) -> String {
        let first = self.head_lines + 1;
        let last = self.tail_from - 1;
        if self.head_cut && last <= 1 {
            let shown = utf16_len(self.head);
            return format!("chars {}–{} of {}", shown + 1, self.chars, self.chars);
        }
        if first == last {
            return format!("line {first} of {}", self.lines);
        }
        format!("lines {first}–{last} of {}", self.lines)
    }
}

/// A text result's preview as text: the head, one marker line, the listed lines as
/// `[line N] …`, and the tail. At most `budget` bytes when the budget allows the marker.
pub fn plain(text: &str, budget: usize, needles: &Needles) -> String {
    plain_of(&Lines::read(text, needles), budget)
}

/// [`plain`] of a text already read.
pub fn plain_of(read: &Lines<'_>, budget: usize) -> String {
    let marker_room = 120;
    let p = plan(read, budget.saturating_sub(marker_room), str::len);
    let mut out = String::with_capacity(budget);
    out.push_str(p.head);
    if !out.is_empty() {
        out.push('\n');
    }
    out.push_str(&format!("…[{} not shown; {} lines, {} chars in all]", p.not_shown(), p.lines, p.chars));
    for (n, line) in &p.picked {
        out.push_str(&format!("\n[line {n}] {line}"));
    }
    if !p.tail.is_empty() {
        out.push('\n');
        out.push_str(p.tail);
    }
    out
}

/// Bytes `push_json_string` writes for `s`, without the quotes.
pub fn escaped_len(s: &str) -> usize {
    s.bytes()
        .map(|b| match b {
            b'"' | b'\\' | b'\n' | b'\r' | b'\t' | 0x08 | 0x0c => 2,
            0x00..=0x1f => 6,
            _ => 1,
        })
        .sum()
}

/// A long string's preview inside JSON (see the module docs). At most `budget` bytes when the
/// budget allows the wrapper.
pub fn json(text: &str, budget: usize, needles: &Needles) -> String {
    let wrapper_room = 110;
    let p = plan(&Lines::read(text, needles), budget.saturating_sub(wrapper_room), escaped_len);
    let mut out = format!("{{\"_text\":{{\"chars\":{},\"lines\":{},\"notShown\":", p.chars, p.lines);
    push_json_string(&mut out, &p.not_shown());
    out.push_str("},\"head\":");
    push_json_string(&mut out, p.head);
    if !p.picked.is_empty() {
        out.push_str(",\"lines\":{");
        for (i, (n, line)) in p.picked.iter().enumerate() {
            out.push_str(if i > 0 { ",\"" } else { "\"" });
            out.push_str(&n.to_string());
            out.push_str("\":");
            push_json_string(&mut out, line);
        }
        out.push('}');
    }
    if !p.tail.is_empty() {
        out.push_str(",\"tail\":");
        push_json_string(&mut out, p.tail);
    }
    out.push('}');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn log(lines: usize) -> String {
        let mut out: Vec<String> = (1..=lines).map(|i| format!("2026-12-01T10:00:{i:05} INFO step {i} ok")).collect();
        out[500] = "2026-12-01T10:00:00501 ERROR disk full on /var".to_owned();
        out[700] = "2026-12-01T10:00:00701 INFO uploaded invoice-77.pdf".to_owned();
        out.join("\n")
    }

    #[test]
    fn plain_keeps_whole_head_and_tail_lines_and_lists_the_lines_that_matter() {
        let text = log(1000);
        let needles = Needles::from_arguments(&json!({"q":"invoice"}));
        let got = plain(&text, 1200, &needles);
        assert!(got.len() <= 1200, "{}", got.len());
        let lines: Vec<&str> = got.lines().collect();
        assert_eq!(lines[0], "2026-12-01T10:00:00001 INFO step 1 ok");
        let marker = lines.iter().position(|l| l.starts_with("…[")).unwrap();
        assert!(lines[marker].ends_with("not shown; 1000 lines, 39911 chars in all]"), "{}", lines[marker]);
        assert_eq!(lines[marker + 1], "[line 501] 2026-12-01T10:00:00501 ERROR disk full on /var");
        assert_eq!(lines[marker + 2], "[line 701] 2026-12-01T10:00:00701 INFO uploaded invoice-77.pdf");
        assert_eq!(*lines.last().unwrap(), "2026-12-01T10:00:01000 INFO step 1000 ok");
        for l in &lines[..marker] {
            assert!(text.lines().any(|t| t == *l), "head line not whole: {l}");
        }
    }

    #[test]
    fn json_form_is_valid_json_within_the_budget() {
        let text = log(1000);
        let got = json(&text, 900, &Needles::default());
        assert!(got.len() <= 900, "{}", got.len());
        let v: serde_json::Value = serde_json::from_str(&got).unwrap();
        assert_eq!(v["_text"]["lines"], 1000);
        assert_eq!(v["_text"]["chars"], 39911);
        assert_eq!(v["lines"]["501"], "2026-12-01T10:00:00501 ERROR disk full on /var");
        assert!(text.starts_with(v["head"].as_str().unwrap()));
        assert!(text.ends_with(v["tail"].as_str().unwrap()));
    }

    /// server-filesystem's `search_files`: a thousand paths, one a line, in one JSON string.
    #[test]
    fn json_form_of_many_short_lines_is_within_the_budget_with_its_tail() {
        let root = "/usr/share/doc/python3.11/html";
        let mut paths: Vec<String> = (0..1095).map(|i| format!("{root}/_images/p{i}.png")).collect();
        paths.push(format!("{root}/whatsnew/index.html"));
        let text = paths.join("\n");
        for budget in [900, 4000, 7000, 7800] {
            let got = json(&text, budget, &Needles::default());
            assert!(got.len() <= budget, "{} over {budget}", got.len());
            let v: serde_json::Value = serde_json::from_str(&got).unwrap();
            assert!(v["tail"].as_str().unwrap().ends_with("/whatsnew/index.html"), "{got}");
        }
    }

    #[test]
    fn one_long_line_is_cut_inside_it_at_a_char_boundary() {
        let text = "é".repeat(5000);
        let got = plain(&text, 400, &Needles::default());
        assert!(got.len() <= 400);
        assert!(got.ends_with("…[chars 94–5000 of 5000 not shown; 1 lines, 5000 chars in all]"), "{got}");
        let got = json(&text, 400, &Needles::default());
        let v: serde_json::Value = serde_json::from_str(&got).unwrap();
        assert_eq!(v["_text"]["notShown"], "chars 97–5000 of 5000");
    }

    #[test]
    fn argument_matches_keep_their_turns_among_many_errors() {
        let mut lines: Vec<String> = (1..=2000).map(|i| format!("2026-12-01 ERROR retry {i} failed")).collect();
        lines[1500] = "2026-12-01 INFO wrote /srv/b/second.txt".to_owned();
        let text = lines.join("\n");
        let got =
            plain(&text, 2000, &Needles::from_arguments(&json!({"paths":["/srv/a/first.txt","/srv/b/second.txt"]})));
        assert!(got.contains("[line 1501] 2026-12-01 INFO wrote /srv/b/second.txt"), "{got}");
        assert!(got.contains("ERROR retry"), "{got}");
        // A fragment on most lines (the root every line names) ranks none of them.
        let text: String = (0..100).map(|i| format!("/srv/x/{i}.txt ok\n")).collect();
        let read = Lines::read(&text, &Needles::from_arguments(&json!({"path":"/srv/x"})));
        assert!(read.picked.is_empty());
    }
}
