//! The text a JSON string literal stands for, decoded from its escaped content into a byte
//! buffer: what a reader of JSON it did not print (a kept result's pages) searches and shows.

use memchr::memchr;

/// Appends the UTF-8 text that `raw`, the escaped content of a JSON string literal (the bytes
/// between its quotes), stands for to `out`. A lone surrogate's escape becomes U+FFFD (as
/// `TextEncoder` writes one), and a malformed escape is copied as it is, so every input decodes
/// to something and nothing is dropped. Runs of plain bytes are copied whole.
pub fn unescape_into(raw: &[u8], out: &mut Vec<u8>) {
    let mut i = 0;
    while i < raw.len() {
        let Some(at) = memchr(b'\\', &raw[i..]) else {
            out.extend_from_slice(&raw[i..]);
            return;
        };
        out.extend_from_slice(&raw[i..i + at]);
        i += at;
        i += escape_into(raw, i, out);
    }
}

/// Decodes the escape at `i` (a backslash) into `out`; returns its length in bytes.
fn escape_into(raw: &[u8], i: usize, out: &mut Vec<u8>) -> usize {
    let short = match raw.get(i + 1) {
        Some(b'"') => b'"',
        Some(b'\\') => b'\\',
        Some(b'/') => b'/',
        Some(b'b') => 0x08,
        Some(b'f') => 0x0c,
        Some(b'n') => b'\n',
        Some(b'r') => b'\r',
        Some(b't') => b'\t',
        Some(b'u') => return unicode_into(raw, i, out),
        _ => {
            out.push(b'\\');
            return 1;
        }
    };
    out.push(short);
    2
}

/// The four hex digits of a `\uXXXX` escape at `i`, as a UTF-16 unit.
fn unit_at(raw: &[u8], i: usize) -> Option<u32> {
    if raw.get(i) != Some(&b'\\') || raw.get(i + 1) != Some(&b'u') {
        return None;
    }
    let hex = std::str::from_utf8(raw.get(i + 2..i + 6)?).ok()?;
    u32::from_str_radix(hex, 16).ok()
}

/// Decodes the `\uXXXX` escape at `i` (two for a surrogate pair) into `out`; returns its length.
fn unicode_into(raw: &[u8], i: usize, out: &mut Vec<u8>) -> usize {
    let Some(first) = unit_at(raw, i) else {
        out.push(b'\\');
        return 1;
    };
    let (code, len) = match first {
        0xD800..=0xDBFF => match unit_at(raw, i + 6) {
            Some(low @ 0xDC00..=0xDFFF) => (0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00), 12),
            _ => (0xFFFD, 6),
        },
        0xDC00..=0xDFFF => (0xFFFD, 6),
        unit => (unit, 6),
    };
    let mut buf = [0; 4];
    out.extend_from_slice(char::from_u32(code).unwrap_or('\u{FFFD}').encode_utf8(&mut buf).as_bytes());
    len
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(raw: &str) -> String {
        let mut out = Vec::new();
        unescape_into(raw.as_bytes(), &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn escapes_decode_to_what_json_parse_reads() {
        for s in ["plain", "a\"b\\c/d\u{8}\u{c}\n\r\t", "é 😀 中", "\u{1}\u{1f}", "", "\\n is not a newline"] {
            let quoted = crate::json::string::json_string(s);
            assert_eq!(decoded(&quoted[1..quoted.len() - 1]), s);
        }
        assert_eq!(decoded(r"\u00e9\/\ud83d\ude00"), "é/😀");
    }

    #[test]
    fn lone_surrogates_and_malformed_escapes_lose_nothing_else() {
        assert_eq!(decoded(r"a\ud800b"), "a\u{FFFD}b");
        assert_eq!(decoded(r"\udc00\ud800\ud800\udc00"), "\u{FFFD}\u{FFFD}𐀀");
        assert_eq!(decoded(r"x\q\u12"), r"x\q\u12");
        assert_eq!(decoded("end\\"), "end\\");
    }
}
