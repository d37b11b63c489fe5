//! The preview of a unified diff (`git diff`, `git show`, `diff -u`): which files changed, with
//! their added and removed line counts and the line each one's section starts at, then the hunk
//! headers of the files the call's arguments name (of every file, while there is room), then
//! the diff's first lines.
//!
//! A file starts at a `diff --git` line, or at a `--- ` line followed by `+++ ` where there is
//! none. Binary parts (`Binary files … differ`, `GIT binary patch`), `\ No newline at end of
//! file`, mode, rename and index lines are read as what they are, never as changed lines.

use super::matches::Needles;
use super::out::{count, Out};
use super::text::{Lines, PICKED_BYTES, SNIFF_LINES};

/// Hunk headers kept per file (a file's hunks past them are counted).
const MAX_HUNKS: usize = 64;

/// One changed file of a diff.
#[derive(Debug, PartialEq)]
struct File<'a> {
    /// The path (the new side's, or the old side's when the file was deleted).
    path: &'a str,
    /// 0-based line of its section's first line.
    line: usize,
    added: usize,
    removed: usize,
    /// 0-based lines of its first hunk headers, at most [`MAX_HUNKS`].
    hunks: Vec<usize>,
    /// Hunks in all.
    hunk_count: usize,
    binary: bool,
    /// `new`, `deleted` or `renamed`, when the diff says so.
    change: Option<&'static str>,
    /// Whether the call's arguments name it.
    named: bool,
}

/// A diff read once.
pub struct Diff<'a> {
    lines: Lines<'a>,
    /// Lines before the first file (a commit's header, `Diff with main:`).
    preamble: usize,
    files: Vec<File<'a>>,
}

/// The path a `diff --git a/X b/Y` line names (`Y`); the whole rest when it has no ` b/`.
fn git_path(rest: &str) -> &str {
    match rest.rfind(" b/") {
        Some(at) => &rest[at + 3..],
        None => rest,
    }
}

/// The old and new line counts of a hunk header `@@ -a,b +c,d @@` (a count left out is 1).
fn hunk_sizes(header: &str) -> (usize, usize) {
    let mut sizes = header.split(' ').skip(1).take(2).map(|range| {
        let range = range.trim_start_matches(['-', '+']);
        match range.split_once(',') {
            Some((_, n)) => n.parse().unwrap_or(0),
            None => usize::from(!range.is_empty()),
        }
    });
    (sizes.next().unwrap_or(0), sizes.next().unwrap_or(0))
}

/// The path of a `--- `/`+++ ` line: without its `a/`/`b/` and any tab-separated date.
fn side_path(rest: &str) -> &str {
    let path = rest.split('\t').next().unwrap_or(rest);
    path.strip_prefix("a/").or_else(|| path.strip_prefix("b/")).unwrap_or(path)
}

impl<'a> Diff<'a> {
    /// The diff `lines` hold, when a file's section starts within their first [`SNIFF_LINES`]
    /// lines (after any preamble); `None` for text that is no diff.
    pub fn read(lines: Lines<'a>, needles: &Needles) -> Result<Self, Lines<'a>> {
        let (text, spans) = (lines.text(), lines.spans());
        let line = |k: usize| &text[spans[k].0..spans[k].1];
        let starts_file = |k: usize| {
            let l = line(k);
            l.starts_with("diff --git ")
                || (l.starts_with("--- ") && k + 1 < spans.len() && line(k + 1).starts_with("+++ "))
        };
        let Some(preamble) = (0..spans.len().min(SNIFF_LINES)).find(|&k| starts_file(k)) else { return Err(lines) };
        // Where `diff --git` heads the sections, only it starts one: its `---`/`+++` are its own.
        let git_style = line(preamble).starts_with("diff --git ");
        let mut files: Vec<File<'a>> = Vec::new();
        // Lines left in the current hunk, old side and new side (from its `@@ -a,b +c,d @@`).
        let (mut old_left, mut new_left) = (0usize, 0usize);
        let mut k = preamble;
        while k < spans.len() {
            let l = line(k);
            let in_hunk = old_left > 0 || new_left > 0;
            if !in_hunk && starts_file(k) && (!git_style || l.starts_with("diff --git ")) {
                let git = l.strip_prefix("diff --git ");
                let path = git.map_or_else(|| side_path(&line(k + 1)[4..]), git_path);
                let named = !needles.is_empty() && needles.mask_raw(path.as_bytes()) != 0;
                files.push(File {
                    path,
                    line: k,
                    added: 0,
                    removed: 0,
                    hunks: Vec::new(),
                    hunk_count: 0,
                    binary: false,
                    change: None,
                    named,
                });
                k += if git.is_some() { 1 } else { 2 };
                continue;
            }
            let Some(file) = files.last_mut() else { break };
            if in_hunk {
                match l.as_bytes().first() {
                    Some(b'+') => {
                        file.added += 1;
                        new_left = new_left.saturating_sub(1);
                    }
                    Some(b'-') => {
                        file.removed += 1;
                        old_left = old_left.saturating_sub(1);
                    }
                    Some(b'\\') => {}
                    _ => {
                        old_left = old_left.saturating_sub(1);
                        new_left = new_left.saturating_sub(1);
                    }
                }
            } else if l.starts_with("@@ ") {
                (old_left, new_left) = hunk_sizes(l);
                if file.hunks.len() < MAX_HUNKS {
                    file.hunks.push(k);
                }
                file.hunk_count += 1;
            } else if let Some(rest) = l.strip_prefix("+++ ") {
                if rest != "/dev/null" {
                    file.path = side_path(rest);
                }
            } else if l.starts_with("Binary files ") || l == "GIT binary patch" {
                file.binary = true;
            } else if l.starts_with("new file mode") {
                file.change = Some("new");
            } else if l.starts_with("deleted file mode") {
                file.change = Some("deleted");
            } else if l.starts_with("rename from") {
                file.change = Some("renamed");
            }
            k += 1;
        }
        Ok(Diff { lines, preamble, files })
    }

    fn line(&self, k: usize) -> &'a str {
        let (start, end) = self.lines.spans()[k];
        &self.lines.text()[start..end]
    }

    /// One file's summary line: `src/a.rs +12 −3 (line 40)`.
    fn file_line(&self, f: &File<'_>) -> String {
        let change = f.change.map_or(String::new(), |c| format!(" {c}"));
        let binary = if f.binary { " binary" } else { "" };
        format!("{}{change}{binary} +{} -{} (line {})", f.path, count(f.added), count(f.removed), count(f.line + 1))
    }

    /// The preview in at most `budget` bytes: the summary, the changed files, the hunk headers
    /// of the named files and then of the others, the preamble and the diff's first lines.
    pub fn render(&self, budget: usize) -> String {
        let (added, removed) = self.files.iter().fold((0, 0), |(a, r), f| (a + f.added, r + f.removed));
        let mut out = Out::new(budget);
        let summary = format!(
            "…[unified diff: {} files changed, +{} -{}; {} lines, {} chars; each file with its added and removed lines and the line its section starts at]",
            count(self.files.len()),
            count(added),
            count(removed),
            count(self.lines.spans().len()),
            count(self.lines.chars())
        );
        for k in 0..self.preamble.min(8) {
            if !out.line_cut("", self.line(k), PICKED_BYTES) {
                break;
            }
        }
        out.line(&summary);
        // The files: the named ones first when not all fit.
        let lines: Vec<String> = self.files.iter().map(|f| self.file_line(f)).collect();
        let total: usize = lines.iter().map(|l| l.len() + 1).sum();
        let mut shown = vec![false; self.files.len()];
        let files_budget = out.left() * 2 / 3;
        let mut used = 0;
        // When not all fit: the named files, then from both ends (first, last, second, …).
        let n = self.files.len();
        let ends = (0..n.div_ceil(2)).flat_map(|k| [k, n - 1 - k]);
        let order = (0..n).filter(|&i| self.files[i].named).chain(ends.filter(|&i| !self.files[i].named));
        for i in order {
            if total > files_budget && used + lines[i].len() + 1 > files_budget.saturating_sub(40) {
                continue;
            }
            used += lines[i].len() + 1;
            shown[i] = true;
        }
        let mut gap = 0;
        for (i, l) in lines.iter().enumerate() {
            if !shown[i] {
                gap += 1;
                continue;
            }
            if gap > 0 {
                out.line(&format!("…[{} more files]", count(gap)));
                gap = 0;
            }
            out.line(l);
        }
        if gap > 0 {
            out.line(&format!("…[{} more files]", count(gap)));
        }
        // Hunk headers: the named files', then every file's while there is room.
        let by_name = self.files.iter().filter(|f| f.named).chain(self.files.iter().filter(|f| !f.named));
        let mut first = true;
        'files: for f in by_name {
            if f.hunks.is_empty() {
                continue;
            }
            if out.left() < 60 {
                break;
            }
            if first {
                out.line("…[hunk headers, each with its line]");
                first = false;
            }
            if !out.line_cut("", &format!("{} ({} hunks):", f.path, count(f.hunk_count)), PICKED_BYTES) {
                break;
            }
            for &h in &f.hunks {
                if !out.line_cut(&format!("[line {}] ", h + 1), self.line(h), PICKED_BYTES) {
                    break 'files;
                }
            }
        }
        // The diff's first lines, while there is room.
        if out.left() > 80 && !self.files.is_empty() {
            out.line("…[the diff's first lines]");
            for k in self.files[0].line..self.lines.spans().len() {
                if !out.line_cut("", self.line(k), PICKED_BYTES) {
                    break;
                }
            }
        }
        out.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A diff as `git diff` prints one (mcp-server-git's `git_diff` puts `Diff with …:` first).
    fn git_diff() -> String {
        let mut text = String::from("Diff with main:\n");
        text.push_str(
            "diff --git a/README.md b/README.md\nindex 3a8ff14..48108fa 100644\n--- a/README.md\n+++ b/README.md\n",
        );
        text.push_str("@@ -497,2 +497,2 @@ _From the committed run\n | a | b |\n-| old | row |\n+| new | row |\n");
        text.push_str("diff --git a/img/logo.png b/img/logo.png\nnew file mode 100644\nindex 0000000..1a2b3c4\nBinary files /dev/null and b/img/logo.png differ\n");
        text.push_str("diff --git a/src/gone.rs b/src/gone.rs\ndeleted file mode 100644\n--- a/src/gone.rs\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-fn a() {}\n-fn b() {}\n");
        text.push_str("diff --git a/src/preview/rank.rs b/src/preview/rank.rs\n--- a/src/preview/rank.rs\n+++ b/src/preview/rank.rs\n");
        for h in 0..5 {
            text.push_str(&format!("@@ -{0},2 +{0},3 @@ fn part{h}() {{\n context\n--- a removed line that looks like a header\n+++ an added one\n+added\n", 100 * h + 1));
        }
        text.push_str("\\ No newline at end of file\n");
        for i in 0..400 {
            text.push_str(&format!("diff --git a/gen/f{i}.txt b/gen/f{i}.txt\n--- a/gen/f{i}.txt\n+++ b/gen/f{i}.txt\n@@ -1 +1 @@\n-old {i}\n+new {i}\n"));
        }
        text
    }

    fn read(text: &str, args: serde_json::Value) -> String {
        let needles = Needles::from_arguments(&args);
        let Ok(diff) = Diff::read(Lines::read(text, &needles), &needles) else { panic!("not a diff") };
        let got = diff.render(3000);
        assert!(got.len() <= 3000, "{}", got.len());
        got
    }

    #[test]
    fn files_with_counts_and_lines_then_the_named_files_hunks() {
        let text = git_diff();
        let got = read(&text, json!({"repo_path": "/srv/repo", "target": "main", "path": "src/preview/rank.rs"}));
        let lines: Vec<&str> = got.lines().collect();
        assert_eq!(lines[0], "Diff with main:");
        assert!(lines[1].starts_with("…[unified diff: 404 files changed, +411 -408; "), "{}", lines[1]);
        assert_eq!(lines[2], "README.md +1 -1 (line 2)");
        assert_eq!(lines[3], "img/logo.png new binary +0 -0 (line 10)");
        assert_eq!(lines[4], "src/gone.rs deleted +0 -2 (line 14)");
        assert_eq!(lines[5], "src/preview/rank.rs +10 -5 (line 21)");
        assert!(got.contains("more files]"), "{got}");
        assert!(got.contains("gen/f399.txt +1 -1 (line "), "the last file: {got}");
        let hunks = lines.iter().position(|l| *l == "…[hunk headers, each with its line]").expect(&got);
        assert_eq!(lines[hunks + 1], "src/preview/rank.rs (5 hunks):");
        assert_eq!(lines[hunks + 2], "[line 24] @@ -1,2 +1,3 @@ fn part0() {");
        assert_eq!(lines[hunks + 6], "[line 44] @@ -401,2 +401,3 @@ fn part4() {");
    }

    #[test]
    fn a_diff_without_git_headers_and_text_that_is_none() {
        let text = "commit 8d0b89a\nAuthor: A\n\n    msg\n\n--- a/x.rs\n+++ b/x.rs\n@@ -1 +1 @@\n-a\n+b\n";
        let got = read(text, json!(null));
        assert!(got.contains("x.rs +1 -1 (line 6)"), "{got}");
        let prose = "--- a list\nnot a diff\n";
        assert!(Diff::read(Lines::read(prose, &Needles::default()), &Needles::default()).is_err());
    }
}
