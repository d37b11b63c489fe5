//! What a tool is for, in a few words: the catalog line of the compact menu
//! ([`super::compact`]). The rule is deterministic so a catalog changes only when a
//! description does:
//!
//! 1. the first paragraph's first sentence: the text up to the first line break, or up to the
//!    first `.`, `!` or `?` followed by whitespace — except after `e.g`, `i.e`, `etc`, `vs` or
//!    a single letter (`e.`, `U.S.`), which end abbreviations, not sentences;
//! 2. whitespace runs become one space, leading Markdown markers (`#`, `-`, `*`, `>`, `` ` ``)
//!    and a trailing `.`, `:`, `;` or `,` are dropped;
//! 3. at most `words` words (whitespace-separated) are kept; `None` keeps the whole sentence.
//!
//! The first sentence is what a description is for by convention (the MCP servers and the
//! editor's tools all open with it); the rest is detail the full definition still carries.

/// Words that end with a `.` without ending a sentence.
const ABBREVIATIONS: [&str; 4] = ["e.g", "i.e", "etc", "vs"];

/// The catalog text for `description` at `words` words (see the module docs).
pub fn catalog_line(description: &str, words: Option<usize>) -> String {
    let sentence = first_sentence(description);
    let mut out = String::new();
    for (i, word) in sentence.split_whitespace().enumerate() {
        if words.is_some_and(|max| i >= max) {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    let trimmed = out.trim_start_matches(['#', '-', '*', '>', '`', ' ']).trim_end_matches(['.', ':', ';', ',']);
    trimmed.to_owned()
}

/// The text up to the first line break or sentence end (see the module docs).
fn first_sentence(description: &str) -> &str {
    let text = description.trim_start();
    let line = text.split(['\n', '\r']).next().unwrap_or("");
    let mut chars = line.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if !matches!(c, '.' | '!' | '?') {
            continue;
        }
        let followed_by_space = chars.peek().is_some_and(|(_, next)| next.is_whitespace());
        if followed_by_space && !(c == '.' && ends_abbreviation(&line[..at])) {
            return &line[..=at];
        }
    }
    line
}

/// True when the word before a `.` at the end of `before` is an abbreviation.
fn ends_abbreviation(before: &str) -> bool {
    let word = before.rsplit(char::is_whitespace).next().unwrap_or("");
    let word = word.trim_start_matches(['(', '"', '\'']);
    let lower = word.to_lowercase();
    ABBREVIATIONS.contains(&lower.as_str()) || lower.chars().count() == 1 || lower.contains('.')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_sentence_of_the_first_line_without_trailing_punctuation() {
        let fs = "Read the complete contents of a file from the file system as text. Handles various text encodings.";
        assert_eq!(catalog_line(fs, None), "Read the complete contents of a file from the file system as text");
        assert_eq!(catalog_line(fs, Some(5)), "Read the complete contents of");
        assert_eq!(catalog_line(fs, Some(0)), "");
        assert_eq!(catalog_line("Echoes back the input", None), "Echoes back the input");
        assert_eq!(catalog_line("Lists files:\n- a\n- b", None), "Lists files");
        assert_eq!(catalog_line("  ## Search\n\nMore.", None), "Search");
        assert_eq!(catalog_line("", Some(3)), "");
        assert_eq!(catalog_line("Ends here!  Next one.", None), "Ends here!");
    }

    #[test]
    fn abbreviations_and_dotted_names_do_not_end_a_sentence() {
        assert_eq!(catalog_line("Reads a file, e.g. a log. Then more.", None), "Reads a file, e.g. a log");
        assert_eq!(catalog_line("Uses U.S. dates. More.", None), "Uses U.S. dates");
        assert_eq!(catalog_line("Calls scene.find first. More.", None), "Calls scene.find first");
        assert_eq!(catalog_line("Version 2.0 only.", None), "Version 2.0 only");
        assert_eq!(catalog_line("Tabs\tand  spaces\u{a0}collapse. x", None), "Tabs and spaces collapse");
    }
}
