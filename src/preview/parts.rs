//! The preview of a text of several parts — server-filesystem's `read_multiple_files`
//! (`/a/x.rs:` then its text, parts joined by `---` lines), `tail -v`/`head -v` output
//! (`==> x.log <==`) — as each part's header with its size and the line it starts at, then the
//! parts the call's arguments name (every part when none is named), each previewed as text
//! within its share of the budget.

use super::matches::Needles;
use super::out::{count, Out};
use super::text::{self, Lines, PICKED_BYTES, SNIFF_LINES};
use crate::json::string::utf16_len;

/// Parts previewed in full form (head, tail and the lines that matter), at most.
const MAX_SHOWN: usize = 16;

/// One part: its header line and the lines of its body.
struct Part<'a> {
    header: &'a str,
    /// 0-based line of the header.
    line: usize,
    /// Its body's lines, `[first, end)`.
    body: (usize, usize),
    /// Its body read as text, for the parts previewed in full.
    read: Option<Lines<'a>>,
    named: bool,
}

/// A text of parts, read once.
pub struct Parts<'a> {
    parts: Vec<Part<'a>>,
    lines: Lines<'a>,
}

/// Whether `line` is a `read_multiple_files` header: a path and a colon (`/a/b.rs:`), or a path
/// that could not be read (`/a/b.rs: Error - …`).
fn path_header(line: &str) -> bool {
    let path = line.strip_suffix(':').or_else(|| line.split_once(": Error - ").map(|(p, _)| p));
    path.is_some_and(|p| {
        !p.is_empty() && (p.starts_with('/') || p.starts_with("./") || p.get(1..3) == Some(":\\")) && !p.contains("  ")
    })
}

/// Whether `line` is a `tail -v` header: `==> name <==`.
fn arrow_header(line: &str) -> bool {
    line.starts_with("==> ") && line.ends_with(" <==")
}

impl<'a> Parts<'a> {
    /// The parts of the text `lines` read, when it has at least two and its first header is
    /// among its first [`SNIFF_LINES`] lines.
    pub fn read(lines: Lines<'a>, needles: &Needles) -> Result<Self, Lines<'a>> {
        let (text, spans) = (lines.text(), lines.spans());
        let line = |k: usize| &text[spans[k].0..spans[k].1];
        let Some(first) = (0..spans.len().min(SNIFF_LINES)).find(|&k| path_header(line(k)) || arrow_header(line(k)))
        else {
            return Err(lines);
        };
        let arrows = arrow_header(line(first));
        if !arrows && first != 0 {
            return Err(lines);
        }
        let mut headers: Vec<(usize, usize)> = vec![(first, first + 1)];
        for k in first + 1..spans.len() {
            let l = line(k);
            if arrows && arrow_header(l) {
                headers.push((k, k + 1));
            } else if !arrows && l == "---" && k + 1 < spans.len() && path_header(line(k + 1)) {
                headers.push((k + 1, k + 2));
            }
        }
        if headers.len() < 2 {
            return Err(lines);
        }
        let mut parts: Vec<Part<'a>> = Vec::with_capacity(headers.len());
        for (i, &(h, body)) in headers.iter().enumerate() {
            // A body ends before the next header (and its `---` separator).
            let end = headers.get(i + 1).map_or(spans.len(), |&(next, _)| if arrows { next } else { next - 1 });
            let header = line(h);
            let named = !needles.is_empty() && needles.mask_raw(header.as_bytes()) != 0;
            parts.push(Part { header, line: h, body: (body, end.max(body)), read: None, named });
        }
        let any_named = parts.iter().any(|p| p.named);
        let mut shown = 0;
        for part in parts.iter_mut() {
            if shown < MAX_SHOWN && (part.named || !any_named) && part.body.1 > part.body.0 {
                part.read = Some(lines.slice(part.body.0, part.body.1));
                shown += 1;
            }
        }
        Ok(Parts { parts, lines })
    }

    fn body_chars(&self, part: &Part<'_>) -> usize {
        if part.body.1 <= part.body.0 {
            return 0;
        }
        let spans = self.lines.spans();
        utf16_len(&self.lines.text()[spans[part.body.0].0..spans[part.body.1 - 1].1])
    }

    /// The preview in at most `budget` bytes: the summary, each part's header with its size and
    /// first line, then the parts named (or all), each within its share.
    pub fn render(&self, budget: usize) -> String {
        let mut out = Out::new(budget);
        let named = self.parts.iter().filter(|p| p.named).count();
        out.line(&format!(
            "…[{} parts, {} lines, {} chars; each part's header with its lines, chars and the line it starts at; then {}]",
            count(self.parts.len()),
            count(self.lines.spans().len()),
            count(self.lines.chars()),
            if named > 0 { "the parts the arguments name" } else { "each part's text" }
        ));
        let index_budget = out.left() / 3;
        let mut used = 0;
        let mut listed = 0;
        for part in &self.parts {
            let l = format!(
                "{} ({} lines, {} chars, line {})",
                part.header,
                count(part.body.1 - part.body.0),
                count(self.body_chars(part)),
                count(part.line + 1)
            );
            if used + l.len().min(PICKED_BYTES) + 1 > index_budget || !out.line_cut("", &l, PICKED_BYTES) {
                break;
            }
            used += l.len().min(PICKED_BYTES) + 1;
            listed += 1;
        }
        if listed < self.parts.len() {
            out.line(&format!("…[{} more parts]", count(self.parts.len() - listed)));
        }
        let shown: Vec<&Part<'_>> = self.parts.iter().filter(|p| p.read.is_some()).collect();
        for (i, part) in shown.iter().enumerate() {
            let share = out.left() / (shown.len() - i);
            let Some(read) = &part.read else { continue };
            if share < 120 || !out.line_cut("", part.header, PICKED_BYTES) {
                break;
            }
            let room = share.saturating_sub(part.header.len().min(PICKED_BYTES) + 2);
            let body = if read.text().len() <= room { read.text().to_owned() } else { text::plain_of(read, room) };
            if !out.line(&body) {
                break;
            }
        }
        out.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// server-filesystem's `read_multiple_files`: `path:\ncontent\n` per file, joined by `\n---\n`.
    fn multiple_files(files: &[(&str, String)]) -> String {
        let parts: Vec<String> = files.iter().map(|(p, c)| format!("{p}:\n{c}\n")).collect();
        parts.join("\n---\n")
    }

    #[test]
    fn each_part_with_its_size_and_the_named_ones_in_full() {
        let code: String = (0..400).map(|i| format!("    if (e instanceof Error) {{ count{i}++; }}\n")).collect();
        let notes: String = (0..300).map(|i| format!("note {i}: KeymapConflictError resolved\n")).collect();
        let text = multiple_files(&[
            ("/srv/app/src/keys.ts", code),
            ("/srv/app/NOTES.md", notes),
            ("/srv/app/missing.txt: Error - ENOENT", String::new()),
        ]);
        let needles = Needles::from_arguments(&json!({"paths": ["/srv/app/NOTES.md"]}));
        let Ok(parts) = Parts::read(Lines::read(&text, &needles), &needles) else { panic!("no parts") };
        let got = parts.render(2500);
        assert!(got.len() <= 2500);
        let rows: Vec<&str> = got.lines().collect();
        assert!(rows[0].starts_with("…[3 parts, 710 lines, "), "{}", rows[0]);
        assert_eq!(rows[1], "/srv/app/src/keys.ts: (402 lines, 17,491 chars, line 1)");
        assert_eq!(rows[2], "/srv/app/NOTES.md: (302 lines, 11,591 chars, line 405)");
        assert!(rows[3].starts_with("/srv/app/missing.txt: Error - ENOENT"), "{}", rows[3]);
        let body = rows.iter().position(|l| *l == "/srv/app/NOTES.md:").expect(&got);
        assert_eq!(rows[body + 1], "note 0: KeymapConflictError resolved");
        assert!(!got.contains("count0++"), "the part not named is not shown: {got}");
    }

    #[test]
    fn tail_headers_and_text_without_parts() {
        let text = "==> a.log <==\nok 1\nok 2\n\n==> b.log <==\nERROR x\n";
        let needles = Needles::default();
        let Ok(parts) = Parts::read(Lines::read(text, &needles), &needles) else { panic!("no parts") };
        let got = parts.render(1000);
        assert!(got.contains("==> a.log <== (3 lines, 10 chars, line 1)"), "{got}");
        assert!(got.contains("==> b.log <== (1 lines, 7 chars, line 5)"), "{got}");
        assert!(Parts::read(Lines::read("/a/b.rs:\nonly one part\n", &needles), &needles).is_err());
    }
}
