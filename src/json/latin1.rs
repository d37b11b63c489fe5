//! Latin-1 transport for text crossing the JS boundary.
//!
//! V8 stores a string whose characters are all below U+0100 as one byte per character. Such a
//! string can be copied into WebAssembly memory as Latin-1 (`Buffer#write(…, 'latin1')`, a
//! memcpy) and a Latin-1 result turned back into a string the same way, where UTF-8 encoding
//! and decoding cost many times more as soon as one character is non-ASCII (see
//! docs/performance.md, 'Figures behind the design'). These two functions convert
//! between that form and the UTF-8 the Rust core works in.

use std::borrow::Cow;

/// Length of the ASCII prefix of `bytes`, eight bytes at a time: text is mostly ASCII, and the
/// runs are copied whole instead of byte by byte (a per-byte loop was the slowest part of the
/// transport in WebAssembly).
fn ascii_prefix(bytes: &[u8]) -> usize {
    let mut i = 0;
    while let Some(chunk) = bytes.get(i..i + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let high = u64::from_le_bytes(word) & 0x8080_8080_8080_8080;
        if high != 0 {
            return i + (high.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while bytes.get(i).is_some_and(u8::is_ascii) {
        i += 1;
    }
    i
}

/// UTF-8 for Latin-1 bytes (every byte is the code point of the same value). Borrowed when
/// the bytes are ASCII, which is the same text in both encodings.
pub fn latin1_to_utf8(bytes: &[u8]) -> Cow<'_, [u8]> {
    let mut run = ascii_prefix(bytes);
    if run == bytes.len() {
        return Cow::Borrowed(bytes);
    }
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 8 + 16);
    let mut rest = bytes;
    loop {
        let (ascii, tail) = rest.split_at(run);
        out.extend_from_slice(ascii);
        let Some((&b, tail)) = tail.split_first() else { break };
        out.extend_from_slice(&[0xC0 | (b >> 6), 0x80 | (b & 0x3F)]);
        rest = tail;
        run = ascii_prefix(rest);
    }
    Cow::Owned(out)
}

/// `text` as Latin-1 bytes when every character is below U+0100, else `text` back unchanged.
/// Converted in place: a result's text can be hundreds of megabytes, and a Latin-1 byte is never
/// longer than its UTF-8 sequence, so writing never overtakes reading and no second buffer is
/// needed (ASCII is returned as it is).
pub fn into_latin1(text: String) -> Result<Vec<u8>, String> {
    // In valid UTF-8 every byte of a character below U+0100 is below 0xC4 (ASCII, the leads
    // 0xC2/0xC3, continuation bytes); every wider character has a lead of 0xC4 or more.
    if text.bytes().any(|b| b >= 0xC4) {
        return Err(text);
    }
    let mut bytes = text.into_bytes();
    let mut read = ascii_prefix(&bytes);
    let mut write = read;
    while let Some(&b) = bytes.get(read) {
        let byte = if b < 0x80 {
            read += 1;
            b
        } else {
            let next = bytes.get(read + 1).copied().unwrap_or(0x80);
            read += 2;
            ((b & 0x03) << 6) | (next & 0x3F)
        };
        if let Some(slot) = bytes.get_mut(write) {
            *slot = byte;
        }
        write += 1;
    }
    bytes.truncate(write);
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_latin1_character() {
        let all: Vec<u8> = (0..=255u8).collect();
        let utf8 = latin1_to_utf8(&all);
        let text = std::str::from_utf8(&utf8).expect("valid UTF-8");
        assert_eq!(text.chars().map(u32::from).collect::<Vec<_>>(), (0..=255u32).collect::<Vec<_>>());
        assert_eq!(into_latin1(text.to_string()), Ok(all));
    }

    #[test]
    fn ascii_is_borrowed_and_wide_characters_are_refused() {
        assert!(matches!(latin1_to_utf8(b"plain"), Cow::Borrowed(b"plain")));
        assert_eq!(into_latin1("São".into()), Ok(b"S\xe3o".to_vec()));
        assert_eq!(into_latin1("plain".into()), Ok(b"plain".to_vec()));
        assert_eq!(into_latin1("€".into()), Err("€".to_string()));
        assert_eq!(into_latin1("ok😀".into()), Err("ok😀".to_string()));
        assert_eq!(into_latin1("ĀA".into()), Err("ĀA".to_string()));
    }

    #[test]
    fn runs_of_every_length_around_non_ascii_bytes() {
        for before in 0..20 {
            for after in 0..20 {
                let mut latin1 = vec![b'a'; before];
                latin1.push(0xE9);
                latin1.extend(std::iter::repeat(b'z').take(after));
                let utf8 = latin1_to_utf8(&latin1);
                let expected = format!("{}é{}", "a".repeat(before), "z".repeat(after));
                assert_eq!(&*utf8, expected.as_bytes());
                assert_eq!(into_latin1(expected), Ok(latin1));
            }
        }
    }
}
