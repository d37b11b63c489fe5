//! The text a value that throws while it is read becomes, wherever the package reads values
//! that can throw (a getter, a Proxy trap, a `toJSON`): in the tolerant serializer's payload and
//! in the envelope's preview alike, so the two never describe one failure differently. The
//! editor pins no text for this (its formatter throws), so the package chooses one: it names
//! what was thrown, which is what a reader needs to fix the producer.

use super::string::utf16_len;

/// At most this many UTF-16 units of the thrown value's description are kept: a thrown message
/// can be a whole payload, and the marker stands in for one value.
pub const THROWN_DESCRIPTION_UNITS: usize = 200;

/// `[Thrown: <description>]`, the description cut to [`THROWN_DESCRIPTION_UNITS`] (never inside
/// a surrogate pair) with `…` when it is longer. `description` is what `String(thrown)` printed
/// (an Error's `Name: message`), or `None` when printing it threw too.
pub fn thrown_text(description: Option<&str>) -> String {
    let description = description.unwrap_or("unprintable error");
    let mut out = String::with_capacity(description.len().min(4 * THROWN_DESCRIPTION_UNITS) + 12);
    out.push_str("[Thrown: ");
    if utf16_len(description) <= THROWN_DESCRIPTION_UNITS {
        out.push_str(description);
    } else {
        let mut units = 0;
        for c in description.chars() {
            units += c.len_utf16();
            if units > THROWN_DESCRIPTION_UNITS {
                break;
            }
            out.push(c);
        }
        out.push('…');
    }
    out.push(']');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_what_was_thrown_and_cuts_a_long_description() {
        assert_eq!(thrown_text(Some("Error: getter broke")), "[Thrown: Error: getter broke]");
        assert_eq!(thrown_text(None), "[Thrown: unprintable error]");
        let long = "x".repeat(THROWN_DESCRIPTION_UNITS);
        assert_eq!(thrown_text(Some(&long)), format!("[Thrown: {long}]"));
        assert_eq!(thrown_text(Some(&format!("{long}y"))), format!("[Thrown: {long}…]"));
        // A pair that would straddle the cut is left out whole.
        let straddling = format!("{}😀", "x".repeat(THROWN_DESCRIPTION_UNITS - 1));
        assert_eq!(thrown_text(Some(&straddling)), format!("[Thrown: {}…]", "x".repeat(199)));
    }
}
