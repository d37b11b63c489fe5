//! The error for a tool name a menu does not have: it names what exists, so the model's next
//! call can be right. Up to [`LIST_ALL_UP_TO`] tools are all listed in menu order; past that,
//! the [`CLOSEST`] nearest names (case-insensitive edit distance, ties in menu order) come first
//! and the rest are counted, so the message stays short on a 2,000-tool server.

use crate::error::{Error, ErrorCode};
use crate::json::string::json_string;

/// Menus of up to this many tools are listed whole in the error.
pub const LIST_ALL_UP_TO: usize = 20;
/// How many names the error offers for a larger menu.
pub const CLOSEST: usize = 10;

/// `UNKNOWN_TOOL`: `Unknown tool "x". Tools: a, b.`, or for a larger menu `Unknown tool "x".
/// Closest: a, b, … (N more; <hint>).` where `hint` says where the whole list is.
pub fn unknown_tool(name: &str, names: &[&str], hint: &str) -> Error {
    let shown = json_string(name);
    let message = if names.is_empty() {
        format!("Unknown tool {shown}. The server lists no tools.")
    } else if names.len() <= LIST_ALL_UP_TO {
        format!("Unknown tool {shown}. Tools: {}.", names.join(", "))
    } else {
        let closest = closest_names(name, names, CLOSEST);
        format!("Unknown tool {shown}. Closest: {} ({} more; {hint}).", closest.join(", "), names.len() - closest.len())
    };
    Error::new(ErrorCode::UnknownTool, message)
}

/// The `n` names nearest to `name` by case-insensitive edit distance, nearest first (ties keep
/// the order of `names`).
pub fn closest_names<'a>(name: &str, names: &[&'a str], n: usize) -> Vec<&'a str> {
    let wanted: Vec<char> = name.to_lowercase().chars().collect();
    let mut ranked: Vec<(usize, usize)> =
        names.iter().enumerate().map(|(i, other)| (distance(&wanted, &other.to_lowercase()), i)).collect();
    ranked.sort_unstable();
    ranked.into_iter().take(n).map(|(_, i)| names[i]).collect()
}

/// Levenshtein distance over chars, one row at a time.
fn distance(a: &[char], b: &str) -> usize {
    let mut row: Vec<usize> = (0..=a.len()).collect();
    for (j, cb) in b.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = j + 1;
        for (i, ca) in a.iter().enumerate() {
            let substitute = diagonal + usize::from(*ca != cb);
            diagonal = row[i + 1];
            row[i + 1] = substitute.min(row[i] + 1).min(diagonal + 1);
        }
    }
    row[a.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_menus_are_listed_whole_and_large_ones_nearest_first() {
        let e = unknown_tool("raed_file", &["read_file", "write_file"], "x");
        assert_eq!(e.code, ErrorCode::UnknownTool);
        assert_eq!(e.message, r#"Unknown tool "raed_file". Tools: read_file, write_file."#);
        assert_eq!(unknown_tool("a", &[], "x").message, r#"Unknown tool "a". The server lists no tools."#);
        let many: Vec<String> = (0..30).map(|i| format!("tool_{i:02}")).collect();
        let mut names: Vec<&str> = many.iter().map(String::as_str).collect();
        names.push("Read_File");
        let e = unknown_tool("read_file", &names, "describe_tools lists every tool");
        assert_eq!(
            e.message,
            r#"Unknown tool "read_file". Closest: Read_File, tool_00, tool_01, tool_02, tool_03, tool_04, tool_05, tool_06, tool_07, tool_08 (21 more; describe_tools lists every tool)."#
        );
        assert_eq!(closest_names("tool_2", &names, 3), ["tool_02", "tool_12", "tool_20"]);
    }

    #[test]
    fn edit_distance() {
        let d = |a: &str, b: &str| distance(&a.chars().collect::<Vec<_>>(), b);
        assert_eq!(d("kitten", "sitting"), 3);
        assert_eq!(d("", "abc"), 3);
        assert_eq!(d("abc", ""), 3);
        assert_eq!(d("héllo", "hello"), 1);
    }
}
