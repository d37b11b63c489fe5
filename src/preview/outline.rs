//! The preview of indented text — an accessibility snapshot (`- heading "Title" [level=1]`),
//! YAML, an outline, a pretty-printed tree (`├── src`) — as an outline: the lines that matter
//! (argument matches, errors) with their ancestors, the headings and landmarks, then the levels
//! from the top down, every line of a level before any line of the next (so the budget goes to
//! breadth before depth). Lines are shown as written, in order; a line whose descendants are
//! not all shown ends with `…[+N]`, the count of those not shown.
//!
//! The tree is read once from the indentation, with a stack of open indents (never a
//! recursion), so a snapshot 200 levels deep costs what a flat one does.

use super::out::{count, Out};
use super::text::{Lines, PICKED_BYTES, SNIFF_LINES};

/// No parent: a line at the top level.
const ROOT: u32 = u32::MAX;
/// What a shown line costs besides its text: its `\n` and a `…[+N]` it may end with.
const LINE_EXTRA: usize = 16;
/// Roles an accessibility snapshot names its landmarks by.
const LANDMARKS: [&str; 9] =
    ["banner", "navigation", "main", "contentinfo", "complementary", "region", "search", "form", "dialog"];

/// Indented text read as a tree of lines.
pub struct Outline<'a> {
    lines: Lines<'a>,
    /// The non-blank lines, 0-based, in order.
    nodes: Vec<u32>,
    /// Each node's parent (an index into `nodes`), or [`ROOT`].
    parents: Vec<u32>,
    /// Each node's descendants.
    descendants: Vec<u32>,
    /// Node indices by level, then line: the order the levels are offered in.
    by_level: Vec<u32>,
    /// Nodes that matter (argument matches, errors), in the order offered.
    picked: Vec<u32>,
    /// Landmarks, then headings by level, each in line order.
    headings: Vec<u32>,
    depth: u32,
}

/// The indent of a line: leading spaces and tabs (a tab as 4), and a tree's drawing characters.
fn indent(line: &str) -> (usize, &str) {
    let mut width = 0;
    for (i, c) in line.char_indices() {
        match c {
            ' ' => width += 1,
            '\t' => width += 4,
            '│' | '├' | '└' | '─' | '|' | '`'
                if line[i..].trim_start_matches(['│', '├', '└', '─', '|', '`', ' ']).len() < line[i..].len() =>
            {
                width += 1
            }
            _ => return (width, &line[i..]),
        }
    }
    (width, "")
}

/// Whether a line (without its indent) reads as an item of a structure: a list item, a
/// `key:`/`key: value` line, or a tree entry.
fn structured(rest: &str) -> bool {
    if rest.starts_with("- ") || rest == "-" {
        return true;
    }
    let key_end = rest.find(':').unwrap_or(0);
    key_end > 0
        && rest[..key_end].chars().all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '"' | '\'' | '/'))
        && rest[key_end + 1..].chars().next().map_or(true, |c| c == ' ')
}

/// A heading or a landmark: `- heading "…"`, `- navigation "…"`, a Markdown `#` heading.
fn heading(rest: &str) -> bool {
    let item = rest.strip_prefix("- ").unwrap_or(rest);
    let role = item.split([' ', ':', '[']).next().unwrap_or("");
    role == "heading"
        || LANDMARKS.contains(&role)
        || (rest.starts_with('#') && rest.trim_start_matches('#').starts_with(' '))
}

/// A heading's level: `[level=N]` in a snapshot, the `#`s of Markdown; landmarks come first (0).
fn heading_level(rest: &str) -> usize {
    if let Some(at) = rest.find("[level=") {
        return rest[at + 7..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .fold(0usize, |n, d| n.saturating_mul(10).saturating_add(usize::from(d - b'0')));
    }
    rest.bytes().take_while(|b| *b == b'#').count()
}

impl<'a> Outline<'a> {
    /// The outline of the text `lines` read, when its first [`SNIFF_LINES`] non-blank lines are
    /// mostly structured (list items, `key: value`), a third of them indented, at three indents
    /// or more; `None` for other text.
    pub fn read(lines: Lines<'a>) -> Result<Self, Lines<'a>> {
        let (text, spans) = (lines.text(), lines.spans());
        let line = |k: usize| &text[spans[k].0..spans[k].1];
        let sample: Vec<(usize, &str)> = (0..spans.len())
            .map(|k| indent(line(k)))
            .filter(|(_, rest)| !rest.trim().is_empty())
            .take(SNIFF_LINES)
            .collect();
        let indented = sample.iter().filter(|(w, _)| *w > 0).count();
        let items = sample.iter().filter(|(_, rest)| structured(rest)).count();
        let mut widths: Vec<usize> = sample.iter().map(|(w, _)| *w).collect();
        widths.sort_unstable();
        widths.dedup();
        if sample.len() < 8 || indented * 3 < sample.len() || items * 2 < sample.len() || widths.len() < 3 {
            return Err(lines);
        }
        let mut nodes = Vec::new();
        let mut parents = Vec::new();
        let mut levels = Vec::new();
        let mut headings = Vec::new();
        let mut node_of_line = vec![ROOT; spans.len()];
        // Open lines: (indent, node).
        let mut open: Vec<(usize, u32)> = Vec::new();
        for (k, slot) in node_of_line.iter_mut().enumerate() {
            let (width, rest) = indent(line(k));
            if rest.trim().is_empty() {
                continue;
            }
            while open.last().is_some_and(|&(w, _)| w >= width) {
                open.pop();
            }
            let node = nodes.len() as u32;
            parents.push(open.last().map_or(ROOT, |&(_, n)| n));
            levels.push(open.len() as u32);
            nodes.push(k as u32);
            *slot = node;
            if heading(rest) {
                headings.push(node);
            }
            open.push((width, node));
        }
        let mut descendants = vec![0u32; nodes.len()];
        for n in (0..nodes.len()).rev() {
            if let Some(&p) = parents.get(n).filter(|p| **p != ROOT) {
                descendants[p as usize] += descendants[n] + 1;
            }
        }
        let depth = levels.iter().copied().max().map_or(0, |d| d + 1);
        // Counting sort by level keeps each level in line order.
        let mut starts = vec![0u32; depth as usize + 1];
        for &l in &levels {
            starts[l as usize + 1] += 1;
        }
        for l in 1..starts.len() {
            starts[l] += starts[l - 1];
        }
        let mut by_level = vec![0u32; nodes.len()];
        for (n, &l) in levels.iter().enumerate() {
            by_level[starts[l as usize] as usize] = n as u32;
            starts[l as usize] += 1;
        }
        let picked = lines.picked().iter().map(|&k| node_of_line[k]).filter(|&n| n != ROOT).collect();
        // The higher headings first (`[level=1]`, `#`), each level in line order.
        headings.sort_by_key(|&n| {
            let (_, rest) = indent(line(nodes[n as usize] as usize));
            (heading_level(rest), n)
        });
        Ok(Outline { lines, nodes, parents, descendants, by_level, picked, headings, depth })
    }

    fn line(&self, node: u32) -> &'a str {
        let (start, end) = self.lines.spans()[self.nodes[node as usize] as usize];
        &self.lines.text()[start..end]
    }

    fn cost(&self, node: u32) -> usize {
        self.line(node).len().min(PICKED_BYTES) + LINE_EXTRA
    }

    /// Marks `node` and its ancestors shown, within `left` bytes; returns the bytes used, or
    /// `None` (nothing marked) when they do not fit.
    fn show_with_ancestors(&self, node: u32, shown: &mut [bool], left: usize) -> Option<usize> {
        let mut chain = Vec::new();
        let mut cost = 0;
        let mut n = node;
        while n != ROOT && !shown[n as usize] {
            cost += self.cost(n);
            if cost > left {
                return None;
            }
            chain.push(n);
            n = self.parents[n as usize];
        }
        chain.iter().for_each(|&n| shown[n as usize] = true);
        Some(cost)
    }

    /// The preview in at most `budget` bytes (see the module docs).
    pub fn render(&self, budget: usize) -> String {
        let mut out = Out::new(budget);
        out.line(&format!(
            "…[outline: {} lines, {} chars, {} levels; shown: the lines that matter with their ancestors, headings and landmarks, then the levels from the top; …[+N] ends a line with N lines below it not shown]",
            count(self.lines.spans().len()),
            count(self.lines.chars()),
            count(self.depth as usize)
        ));
        let mut left = out.left();
        let mut shown = vec![false; self.nodes.len()];
        // A third for the lines that matter, half of what is left then for headings and
        // landmarks (each share taken when its turn comes, so what one kind leaves goes on).
        for (nodes, part) in [(&self.picked, 3), (&self.headings, 2)] {
            let share = left / part;
            let mut used = 0;
            for &n in nodes {
                if let Some(cost) = self.show_with_ancestors(n, &mut shown, (share - used).min(left)) {
                    used += cost;
                    left -= cost;
                }
            }
        }
        for &n in &self.by_level {
            match self.show_with_ancestors(n, &mut shown, left) {
                Some(cost) => left -= cost,
                None => break,
            }
        }
        // Shown descendants, to count what each shown line leaves out.
        let mut shown_below = vec![0u32; self.nodes.len()];
        for n in (0..self.nodes.len()).rev() {
            let p = self.parents[n];
            if p != ROOT {
                shown_below[p as usize] += shown_below[n] + u32::from(shown[n]);
            }
        }
        for n in 0..self.nodes.len() {
            if !shown[n] {
                continue;
            }
            let hidden = self.descendants[n] - shown_below[n];
            let suffix = if hidden > 0 { format!(" …[+{}]", count(hidden as usize)) } else { String::new() };
            if !out.line_cut_then("", self.line(n as u32), PICKED_BYTES, &suffix) {
                break;
            }
        }
        out.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::preview::matches::Needles;
    use serde_json::json;

    /// A Playwright accessibility snapshot of a documentation page (`browser_snapshot`).
    fn snapshot() -> String {
        let mut s = String::from("### Page\n- Page URL: file:///doc/library/exceptions.html\n### Snapshot\n```yaml\n");
        s.push_str(
            "- generic [active] [ref=e1]:\n  - navigation \"related navigation\" [ref=e2]:\n    - list [ref=e3]:\n",
        );
        for i in 0..40 {
            s.push_str(&format!("      - listitem [ref=e{}]:\n        - link \"item {i}\" [ref=x{i}]:\n          - /url: ../genindex.html\n", 10 + i));
        }
        s.push_str("  - main [ref=e100]:\n    - heading \"Built-in Exceptions\" [level=1] [ref=e101]\n");
        for i in 0..300 {
            s.push_str(&format!("    - paragraph [ref=p{i}]:\n      - text: Exceptions are raised when {i}\n"));
        }
        s.push_str("    - heading \"Exception hierarchy\" [level=2] [ref=e900]\n    - code: BaseException\n");
        s.push_str("    - paragraph [ref=e901]:\n      - link \"ZeroDivisionError\" [ref=e902]:\n        - /url: \"#ZeroDivisionError\"\n");
        s.push_str("  - contentinfo [ref=e999]:\n    - text: © Copyright\n```\n");
        s
    }

    fn render(text: &str, args: serde_json::Value, budget: usize) -> String {
        let needles = Needles::from_arguments(&args);
        let Ok(outline) = Outline::read(Lines::read(text, &needles)) else { panic!("not an outline") };
        let got = outline.render(budget);
        assert!(got.len() <= budget, "{} over {budget}", got.len());
        got
    }

    #[test]
    fn top_levels_headings_and_matches_with_their_ancestors() {
        let text = snapshot();
        let got = render(&text, json!({"element": "ZeroDivisionError"}), 2000);
        let lines: Vec<&str> = got.lines().collect();
        assert!(lines[0].starts_with("…[outline: 737 lines, "), "{}", lines[0]);
        for want in [
            "- generic [active] [ref=e1]:",
            "  - navigation \"related navigation\" [ref=e2]: …[+120]",
            "  - main [ref=e100]:",
            "    - heading \"Built-in Exceptions\" [level=1] [ref=e101]",
            "    - heading \"Exception hierarchy\" [level=2] [ref=e900]",
            "    - paragraph [ref=e901]:",
            "      - link \"ZeroDivisionError\" [ref=e902]:",
            "        - /url: \"#ZeroDivisionError\"",
            "  - contentinfo [ref=e999]: …[+1]",
        ] {
            assert!(lines.iter().any(|l| l.starts_with(want)), "{want:?} not in\n{got}");
        }
        // In the text's order.
        let at = |s: &str| lines.iter().position(|l| l.starts_with(s)).unwrap();
        assert!(at("  - navigation") < at("  - main") && at("  - main") < at("  - contentinfo"));
    }

    /// @playwright/mcp's `browser_snapshot` of the Python docs' stdtypes page, its shape as
    /// served: navigation, then a main of fifteen sections each under a level-2 heading (some
    /// with their text as a child), each with hundreds of lines, then the sidebar.
    #[test]
    fn every_section_heading_of_a_long_page_is_shown() {
        let mut s = String::from("### Snapshot\n```yaml\n- generic [active] [ref=e1]:\n  - navigation \"related navigation\" [ref=e2]:\n    - list [ref=e3]:\n");
        for i in 0..12 {
            s.push_str(&format!("      - listitem [ref=n{i}]:\n        - link \"item {i}\" [ref=l{i}] [cursor=pointer]:\n          - /url: ../genindex.html\n"));
        }
        s.push_str("  - generic [ref=e27]:\n    - main [ref=e30]:\n      - generic [ref=e31]:\n        - heading \"Built-in Types\" [level=1] [ref=e32]\n");
        for h in 0..15 {
            s.push_str(&format!("        - generic [ref=s{h}]:\n"));
            if h % 2 == 0 {
                s.push_str(&format!("          - heading \"Section number {h} of the page\" [level=2] [ref=h{h}]\n"));
            } else {
                s.push_str(&format!(
                    "          - heading [level=2] [ref=h{h}]:\n            - text: Section number {h}\n"
                ));
            }
            for p in 0..300 {
                s.push_str(&format!(
                    "          - paragraph [ref=p{h}-{p}]:\n            - text: Text of paragraph {p}\n"
                ));
            }
        }
        s.push_str("    - navigation \"main navigation\" [ref=e6992]:\n");
        for i in 0..500 {
            s.push_str(&format!("      - link \"sidebar {i}\" [ref=b{i}]:\n        - /url: \"#s{i}\"\n"));
        }
        s.push_str("```\n");
        let got = render(&s, json!({}), 5200);
        assert!(got.contains("- heading \"Section number 14 of the page\" [level=2] [ref=h14]"), "{got}");
        assert!(got.contains("- heading [level=2] [ref=h13]:"), "{got}");
    }

    #[test]
    fn deep_and_odd_indentation_stays_within_the_budget() {
        let deep: String = (0..200).map(|d| format!("{}- level {d}:\n", "  ".repeat(d))).collect();
        let got = render(&deep, json!({"q": "level 199"}), 1500);
        assert!(got.contains("- level 0:"), "{got}");
        let tree: String = std::iter::once("root\n".to_owned())
            .chain((0..50).map(|i| format!("├── dir{i}\n│   ├── a.txt\n│   └── b.txt\n")))
            .collect();
        let needles = Needles::default();
        if let Ok(outline) = Outline::read(Lines::read(&tree, &needles)) {
            for budget in [0, 10, 200, 900] {
                assert!(outline.render(budget).len() <= budget.max(250));
            }
        }
        assert!(Outline::read(Lines::read("plain\nprose\n", &needles)).is_err());
    }
}
