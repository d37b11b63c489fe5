//! The page map: what each page of a kept result holds, written in one short line the over-cap
//! answer carries above its preview, so a reader goes to the right page (or asks `read_result`
//! the right range) in one read. For a collection it is the index range of each page; for a
//! text its line range, and for a text of several files — a diff, a git log, files read at
//! once — the file (or commit) each page starts in.
//!
//! The pass makes it from the pages as it cuts them: item indices come from the packing, lines
//! from one count of the line breaks in the escaped text, where the file headers are read too.

use memchr::memchr_iter;

/// The longest page map written, in chars: a small part of the preview's budget.
pub const MAX_MAP_CHARS: usize = 600;

/// What the pages hold, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PageMap {
    /// A collection at `path` (read_result's path: a document's collection after the string
    /// holding it): the index each page starts at, and how many items in all.
    Items { path: String, object: bool, starts: Vec<usize>, total: usize },
    /// A text (or the string at `path`): the line each page starts in (from 1), the lines in
    /// all, and the file or commit each page starts in, when the text is made of such.
    Lines { path: Option<String>, starts: Vec<usize>, total: usize, units: Vec<Option<String>> },
}

/// The line-start headers that open a part of a text: git's diff of a file, a unified diff's
/// new file, a commit in git's log (or mcp-server-git's), and — after a `---` line — the `path:` line that opens each
/// file of server-filesystem's read_multiple_files.
fn header(line: &[u8], after_rule: bool) -> Option<String> {
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    if let Some(rest) = line.strip_prefix(b"diff --git ") {
        let new = rest.windows(3).rposition(|w| w == b" b/").map_or(rest, |at| &rest[at + 3..]);
        return Some(text(new));
    }
    if let Some(rest) = line.strip_prefix(b"+++ ") {
        if rest != b"/dev/null" {
            return Some(text(rest.strip_prefix(b"b/").unwrap_or(rest)));
        }
    }
    // git's own `commit <hash>`, and mcp-server-git's git_log `Commit: <hash>`.
    let hash = line.strip_prefix(b"commit ").or_else(|| line.strip_prefix(b"Commit: "));
    if let Some(rest) = hash {
        if rest.len() >= 7 && rest[..7].iter().all(u8::is_ascii_hexdigit) {
            return Some(format!("commit {}", text(&rest[..7])));
        }
    }
    if after_rule && line.len() > 1 && line.ends_with(b":") && !line.contains(&b'\\') {
        return Some(text(&line[..line.len() - 1]));
    }
    None
}

/// The map of text pages cut from the escaped content of `text` at `chunks` (byte ranges, in
/// order): each page's first line, and the file it starts in. `path` is the string's path, for
/// a string inside a value.
pub fn of_chunks(path: Option<String>, text: &[u8], chunks: &[(usize, usize)]) -> PageMap {
    let (Some(&(from, _)), Some(&(_, to))) = (chunks.first(), chunks.last()) else {
        return PageMap::Lines { path, starts: Vec::new(), total: 0, units: Vec::new() };
    };
    let content = text.get(from..to).unwrap_or(&[]);
    // Every line start (after each line break), and the headers among the lines.
    let mut breaks = Vec::new();
    let mut headers: Vec<(usize, String)> = Vec::new();
    let mut next = 0;
    let mut line_start = 0;
    // The last two lines: a rule after an empty line is what joins files read together.
    let (mut before, mut last): (&[u8], &[u8]) = (b"x", b"x");
    let mut multi_file = false;
    let mut look = |start: usize, end: usize| {
        let line = &content[start..end];
        let after_rule = last == b"---" && before.is_empty();
        if let Some(found) = header(line, after_rule) {
            multi_file |= after_rule && !line.starts_with(b"diff --git ") && !line.starts_with(b"+++ ");
            headers.push((start, found));
        }
        (before, last) = (last, line);
    };
    for slash in memchr_iter(b'\\', content) {
        if slash < next {
            continue;
        }
        next = slash + 2;
        if content.get(slash + 1) == Some(&b'n') {
            look(line_start, slash);
            line_start = slash + 2;
            breaks.push(from + line_start);
        }
    }
    look(line_start, content.len());
    // A read of several files has a rule before each file but the first, whose first line
    // opens it.
    if multi_file {
        let first_end = breaks.first().map_or(content.len(), |&b| b - from - 2);
        if let Some(found) = header(&content[..first_end], true) {
            if headers.first().map_or(true, |h| h.0 != 0) {
                headers.insert(0, (0, found));
            }
        }
    }
    let total = breaks.len() + usize::from(line_start < content.len());
    let (mut starts, mut units) = (Vec::with_capacity(chunks.len()), Vec::with_capacity(chunks.len()));
    let (mut line, mut header_at) = (0, 0);
    for &(start, _) in chunks {
        while line < breaks.len() && breaks[line] <= start {
            line += 1;
        }
        starts.push(line + 1);
        while header_at < headers.len() && headers[header_at].0 + from <= start {
            header_at += 1;
        }
        units.push(header_at.checked_sub(1).map(|h| headers[h].1.clone()));
    }
    if headers.is_empty() {
        units.clear();
    }
    PageMap::Lines { path, starts, total, units }
}

/// `A–B`, or `A` when they are the same.
fn range(a: usize, b: usize) -> String {
    if a == b {
        a.to_string()
    } else {
        format!("{a}–{b}")
    }
}

impl PageMap {
    /// The map as one line of at most `max_chars` chars (pages sampled evenly when all do not
    /// fit), or `None` when it says nothing a page read would not (one page, or a text of fewer
    /// lines than pages).
    pub fn render(&self, max_chars: usize) -> Option<String> {
        let (head, entries) = match self {
            PageMap::Items { path, object, starts, total } => {
                if starts.len() < 2 {
                    return None;
                }
                let entries: Vec<String> = (0..starts.len())
                    .map(|k| {
                        let end = starts.get(k + 1).map_or(*total, |&next| next).saturating_sub(1);
                        format!("{}: {}", k + 1, range(starts[k], end))
                    })
                    .collect();
                let what = if *object { "members" } else { "items" };
                (format!("Page map ({what} of {path} by index, {total} in all)"), entries)
            }
            PageMap::Lines { path, starts, total, units } => {
                if starts.len() < 2 || *total < starts.len() {
                    return None;
                }
                let what = path.as_ref().map_or_else(|| "the text".to_owned(), |p| format!("the string at {p}"));
                let end_of = |k: usize| starts.get(k + 1).map_or(*total, |&next| next.saturating_sub(1)).max(starts[k]);
                if units.is_empty() {
                    let entries = (0..starts.len())
                        .map(|k| format!("{}: lines {}", k + 1, range(starts[k], end_of(k))))
                        .collect();
                    (format!("Page map ({what}, {total} lines)"), entries)
                } else {
                    // Runs of pages that start in the same part.
                    let mut entries = Vec::new();
                    let mut k = 0;
                    while k < starts.len() {
                        let mut last = k;
                        while last + 1 < starts.len() && units[last + 1] == units[k] {
                            last += 1;
                        }
                        let part = units[k].as_deref().unwrap_or("(before the first)");
                        entries.push(format!(
                            "{}: {part}, lines {}",
                            range(k + 1, last + 1),
                            range(starts[k], end_of(last))
                        ));
                        k = last + 1;
                    }
                    (format!("Page map ({what}, {total} lines; the file or commit each page starts in)"), entries)
                }
            }
        };
        fit_entries(&head, &entries, max_chars)
    }
}

/// `head: ` and the entries joined, or every `s`-th of them (and the last) for the smallest `s`
/// that fits `max_chars`; `None` when not even the first and the last fit.
fn fit_entries(head: &str, entries: &[String], max_chars: usize) -> Option<String> {
    for stride in 1..=entries.len().max(1) {
        let mut chosen: Vec<&str> = entries.iter().step_by(stride).map(String::as_str).collect();
        if (entries.len() - 1) % stride != 0 {
            chosen.extend(entries.last().map(String::as_str));
        }
        let note = if stride > 1 { format!(", every {}", ordinal(stride)) } else { String::new() };
        let line = format!("{head}{note}: {}.", chosen.join(", "));
        if line.chars().count() <= max_chars {
            return Some(line);
        }
        if chosen.len() <= 2 {
            return None;
        }
    }
    None
}

/// `2nd page`, `3rd page`, `12th page`.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix} page")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::string::json_string;

    #[test]
    fn collections_map_to_index_ranges_sampled_to_fit() {
        let map = PageMap::Items { path: "$.rows".into(), object: false, starts: vec![0, 452, 904], total: 1300 };
        assert_eq!(
            map.render(600).unwrap(),
            "Page map (items of $.rows by index, 1300 in all): 1: 0–451, 2: 452–903, 3: 904–1299."
        );
        let many = PageMap::Items {
            path: "$".into(),
            object: false,
            starts: (0..300).map(|k| k * 100).collect(),
            total: 30_000,
        };
        let line = many.render(300).unwrap();
        assert!(line.chars().count() <= 300, "{line}");
        assert!(
            line.starts_with("Page map (items of $ by index, 30000 in all), every 23rd page: 1: 0–99, 24: 2300–2399, "),
            "{line}"
        );
        assert!(line.ends_with(", 277: 27600–27699, 300: 29900–29999."), "{line}");
        assert_eq!(PageMap::Items { path: "$".into(), object: false, starts: vec![0], total: 5 }.render(600), None);
    }

    #[test]
    fn texts_map_to_lines_and_to_the_file_each_page_starts_in() {
        let diff = "diff --git a/src/a.rs b/src/a.rs\n+x\n+y\ndiff --git a/src/b.rs b/src/b.rs\n+z\n+w\n";
        let quoted = json_string(diff);
        let b = quoted.as_bytes();
        // Pages start at the text's start, at "+y" (line 3) and at "+w" (line 6).
        let at = |s: &str| quoted.find(s).unwrap();
        let chunks = [(1, at("+y")), (at("+y"), at("+w")), (at("+w"), b.len() - 1)];
        let map = of_chunks(None, b, &chunks);
        let PageMap::Lines { starts, total, units, .. } = &map else { panic!() };
        assert_eq!((starts.as_slice(), *total), (&[1, 3, 6][..], 6));
        assert_eq!(units, &[Some("src/a.rs".to_owned()), Some("src/a.rs".to_owned()), Some("src/b.rs".to_owned())]);
        assert_eq!(
            map.render(600).unwrap(),
            "Page map (the text, 6 lines; the file or commit each page starts in): 1–2: src/a.rs, lines 1–5, 3: src/b.rs, lines 6."
        );
        let files = "/tmp/a.txt:\nalpha\n\n---\n/tmp/b.txt:\nbeta\n";
        let quoted = json_string(files);
        let cut = quoted.find("/tmp/b").unwrap();
        let map = of_chunks(None, quoted.as_bytes(), &[(1, cut), (cut, quoted.len() - 1)]);
        let PageMap::Lines { units, .. } = &map else { panic!() };
        assert_eq!(units, &[Some("/tmp/a.txt".to_owned()), Some("/tmp/b.txt".to_owned())]);
        // mcp-server-git's git_log writes each commit as `Commit: <hash>`.
        let log = "Commit history:\nCommit: a1b2c3d4e5f6\nAuthor: x\n\nCommit: 0f9e8d7c6b5a\nAuthor: y\n";
        let quoted = json_string(log);
        let cut = quoted.find("Commit: 0f").unwrap();
        let map = of_chunks(None, quoted.as_bytes(), &[(1, cut), (cut, quoted.len() - 1)]);
        let PageMap::Lines { units, .. } = &map else { panic!() };
        assert_eq!(units, &[None, Some("commit 0f9e8d7".to_owned())]);
        let plain = json_string("Summary:\nok\n---\nnot a file\n");
        let map = of_chunks(None, plain.as_bytes(), &[(1, plain.len() - 1)]);
        assert!(matches!(map, PageMap::Lines { ref units, .. } if units.is_empty()));
    }
}
