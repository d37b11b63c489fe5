//! The over-cap hint: how big the answer was, which cap it broke, and how to narrow the call.
//!
//! Worded exactly as the editor words it, so an agent reading either sees the same sentence.

use crate::json::number::push_js_number;

/// What the cap was measured in, for the envelope's hint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapUnit {
    /// UTF-16 code units (`.length`).
    Chars,
    /// Real BPE tokens.
    Tokens,
    /// UTF-8 bytes (what a client that measures bytes counts).
    Bytes,
}

impl CapUnit {
    /// The word the hint uses for the unit.
    pub fn word(self) -> &'static str {
        match self {
            CapUnit::Chars => "chars",
            CapUnit::Tokens => "tokens",
            CapUnit::Bytes => "bytes",
        }
    }
}

/// The advice when the calling tool's own filters are not known (the formatter is shared by every
/// tool): the scene index's filters and a pointer to the tool's description.
const GENERIC_ADVICE: &str = "pass a filter (trait=/id=/name=/where=/layer=/ids=) or limit=N, or drop full=1. \
                              See this tool's description for the filters it accepts.";

/// `Response was {size} {unit} (cap {cap}). Narrow it: …` with `size` and `cap` already printed
/// as JavaScript prints them. With `filters` (the calling tool's own narrowing parameters) the
/// advice names them as `a=/b=.` (with the editor's trailing space); without, the generic advice.
pub fn narrow_hint_text(size: &str, cap: &str, unit: CapUnit, filters: &[String]) -> String {
    let mut hint = String::with_capacity(260);
    hint.push_str("Response was ");
    hint.push_str(size);
    hint.push(' ');
    hint.push_str(unit.word());
    hint.push_str(" (cap ");
    hint.push_str(cap);
    hint.push_str("). Narrow it: ");
    if filters.is_empty() {
        hint.push_str(GENERIC_ADVICE);
    } else {
        hint.push_str("this tool's filters are ");
        hint.push_str(&filters.join("=/"));
        hint.push_str("=. ");
    }
    hint
}

/// The size, unit and cap of a hint [`narrow_hint_text`] wrote, read back from its text
/// (`Response was {size} {unit} (cap {cap}). Narrow it: …`); `None` for any other text.
pub fn read_hint(hint: &str) -> Option<(&str, CapUnit, &str)> {
    let (size, rest) = hint.strip_prefix("Response was ")?.split_once(' ')?;
    let unit = [CapUnit::Chars, CapUnit::Tokens, CapUnit::Bytes]
        .into_iter()
        .find(|unit| rest.starts_with(unit.word()) && rest[unit.word().len()..].starts_with(" (cap "))?;
    let rest = &rest[unit.word().len() + " (cap ".len()..];
    let (cap, rest) = rest.split_once(')')?;
    let plain = |s: &str| !s.is_empty() && !s.contains(' ');
    (plain(size) && plain(cap) && rest.starts_with(". Narrow it: ")).then_some((size, unit, cap))
}

/// An over-cap hint retargeted to the calling tool's `filters`: a hint this module wrote keeps
/// its size, unit and cap; any other text is replaced by the hint for `bytes` chars over the
/// default cap (`bytes` already printed by `String()`).
pub fn retarget_hint(hint: &str, bytes: &str, filters: &[String]) -> String {
    match read_hint(hint) {
        Some((size, unit, cap)) => narrow_hint_text(size, cap, unit, filters),
        None => {
            let mut cap = String::new();
            push_js_number(&mut cap, crate::cap::MAX_PAYLOAD_CHARS);
            narrow_hint_text(bytes, &cap, CapUnit::Chars, filters)
        }
    }
}

/// [`narrow_hint_text`] for numeric sizes, printed as `String(number)` prints them.
pub fn elision_hint(size: f64, cap: f64, unit: CapUnit, filters: &[String]) -> String {
    let (mut size_text, mut cap_text) = (String::new(), String::new());
    push_js_number(&mut size_text, size);
    push_js_number(&mut cap_text, cap);
    narrow_hint_text(&size_text, &cap_text, unit, filters)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generic_hint_matches_the_editor() {
        assert_eq!(
            elision_hint(99570.0, 60000.0, CapUnit::Chars, &[]),
            "Response was 99570 chars (cap 60000). Narrow it: pass a filter (trait=/id=/name=/where=/layer=/ids=) \
             or limit=N, or drop full=1. See this tool's description for the filters it accepts."
        );
    }

    #[test]
    fn filter_hint_names_the_tools_own_filters_with_the_trailing_space() {
        let filters = ["level".to_owned(), "limit".to_owned(), "since".to_owned()];
        assert_eq!(
            elision_hint(70001.0, 60000.0, CapUnit::Chars, &filters),
            "Response was 70001 chars (cap 60000). Narrow it: this tool's filters are level=/limit=/since=. "
        );
        assert_eq!(
            elision_hint(1500.0, 1000.0, CapUnit::Tokens, &filters[..1]),
            "Response was 1500 tokens (cap 1000). Narrow it: this tool's filters are level=. "
        );
    }

    #[test]
    fn a_hint_is_read_back_exactly_as_it_was_written() {
        let filters = ["level".to_owned()];
        for (size, unit, cap) in
            [("99570", CapUnit::Chars, "60000"), ("1e+21", CapUnit::Tokens, "NaN"), ("12", CapUnit::Bytes, "3")]
        {
            let hint = narrow_hint_text(size, cap, unit, &[]);
            assert_eq!(read_hint(&hint), Some((size, unit, cap)));
            assert_eq!(retarget_hint(&hint, "1", &filters), narrow_hint_text(size, cap, unit, &filters));
        }
        for other in [
            "",
            "Response was 12 words (cap 3). Narrow it: x",
            "Response was 12 bytes(cap 3). Narrow it: x",
            "Response was 1 chars (cap 2 3). Narrow it: ",
            "Response was  chars (cap 2). Narrow it: ",
            "Response was 1 chars (cap 2).",
        ] {
            assert_eq!(read_hint(other), None, "{other:?}");
        }
        assert_eq!(
            retarget_hint("too big", "70001", &filters),
            "Response was 70001 chars (cap 60000). Narrow it: this tool's filters are level=. "
        );
    }

    #[test]
    fn numbers_print_as_javascript_prints_them() {
        assert!(elision_hint(f64::NAN, 1e21, CapUnit::Chars, &[]).starts_with("Response was NaN chars (cap 1e+21)."));
        assert!(elision_hint(2.5, -0.0, CapUnit::Chars, &[]).starts_with("Response was 2.5 chars (cap 0)."));
    }
}
