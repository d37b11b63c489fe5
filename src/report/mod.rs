//! The measures of `modoki-budget report` that rewrite its input — the text rounded to fewer
//! float digits, and the TOON encoding — taken on the one copy of the input the core holds:
//! each rewrite is made in pieces and counted as it is made (see [`piece_tokens`]), so neither is ever
//! held whole. On a 50 MB document the rounded text and the TOON text would each be one more
//! copy of about its size, and the TOON encoder's tree seven.

pub mod piece_tokens;

use crate::error::Result;
use crate::json::lex::skip_string;
use crate::json::rewrite::round_json_numbers_into;
use crate::json::string::utf16_len;
use crate::tokens::Encoding;
use crate::toon::{write_toon_v8_json, ToonOptions};
use piece_tokens::{PieceTokens, CHUNK_BYTES};

/// The text rounded to `precision` significant digits, measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rounded {
    /// UTF-16 length of the input.
    pub units: usize,
    /// UTF-16 length of the rounded text.
    pub rounded_units: usize,
    /// Tokens of the rounded text.
    pub rounded_tokens: usize,
}

/// [`Rounded`] for compact JSON text `json`: the length and tokens of
/// [`crate::json::rewrite::round_json_numbers`]`(json, precision)`, made and counted one piece at a
/// time. Errors: `encoding`'s rank table is not installed.
pub fn rounded(json: &str, precision: f64, encoding: Encoding) -> Result<Rounded> {
    let bytes = json.as_bytes();
    let mut tally = PieceTokens::new(encoding, CHUNK_BYTES);
    let mut out = Vec::new();
    let (mut start, mut rounded_bytes) = (0, 0);
    while start < bytes.len() {
        let end = piece_end(bytes, start, CHUNK_BYTES);
        let piece = &bytes[start..end];
        let piece = if round_json_numbers_into(piece, precision, &mut out) { &out[..] } else { piece };
        rounded_bytes += piece.len();
        // Pieces end at commas outside strings and rounding writes ASCII: still UTF-8.
        tally.push(std::str::from_utf8(piece).unwrap_or_default())?;
        start = end;
    }
    let units = utf16_len(json);
    // Rounding changes ASCII digits only: one unit per byte removed.
    Ok(Rounded { units, rounded_units: units + rounded_bytes - bytes.len(), rounded_tokens: tally.finish()? })
}

/// The end of the piece of compact JSON that starts at `start` (outside any string): just
/// after the first comma outside a string at least `size` bytes on, or the end of the text.
fn piece_end(json: &[u8], start: usize, size: usize) -> usize {
    let mut i = start;
    while let Some(&b) = json.get(i) {
        if b == b'"' {
            i = skip_string(json, i);
            continue;
        }
        i += 1;
        if b == b',' && i - start >= size {
            return i;
        }
    }
    json.len()
}

/// Tokens of the TOON encoding of compact JSON text `json` written by V8 (default options, as
/// `toToon(value)` writes it), counted as the encoder writes it; `None` when the text holds an
/// escaped lone surrogate (`\ud…`), which `toToon` refuses. Errors: text that is not JSON, or
/// `encoding`'s rank table is not installed.
pub fn toon_tokens(json: &str, encoding: Encoding) -> Result<Option<usize>> {
    if json.contains("\\ud") {
        return Ok(None);
    }
    let mut tally = PieceTokens::new(encoding, CHUNK_BYTES);
    let mut failed = None;
    write_toon_v8_json(json.as_bytes(), &ToonOptions::default(), &mut |piece| {
        if failed.is_none() {
            failed = tally.push(piece).err();
        }
    })?;
    match failed {
        Some(error) => Err(error),
        None => tally.finish().map(Some),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::rewrite::round_json_numbers;
    use crate::tokens::count;
    use crate::toon::encode::encode;
    use crate::toon::parse::parse_v8;

    /// A compact scene-like document of `n` entities, several megabytes for large `n`.
    fn scene(n: usize) -> String {
        let entities: Vec<String> = (0..n)
            .map(|i| {
                format!(
                    r#"{{"id":{i},"name":"Rock{i} \"é\"","layer":"3d","traits":["Transform","Camera"],"values":{{"Transform":{{"x":{},"y":-{}.25,"rotation":[0.{i}123456789123,1,2.5]}}}}}}"#,
                    i as f64 / 7.0,
                    i * 3
                )
            })
            .collect();
        format!(r#"{{"path":"a,b","count":{n},"entities":[{}],"tail":[1,2]}}"#, entities.join(","))
    }

    #[test]
    fn rounded_measures_the_whole_rounded_text() {
        for n in [0, 3, 20_000] {
            let json = scene(n);
            let whole = round_json_numbers(&json, 9.0);
            for encoding in [Encoding::Cl100kBase, Encoding::O200kBase] {
                let got = rounded(&json, 9.0, encoding).expect("table");
                let expected = Rounded {
                    units: utf16_len(&json),
                    rounded_units: utf16_len(&whole),
                    rounded_tokens: count(encoding, &whole).expect("table"),
                };
                assert_eq!(got, expected, "{n} entities");
            }
        }
        assert!(scene(20_000).len() > 2 * CHUNK_BYTES);
    }

    #[test]
    fn pieces_end_after_commas_outside_strings() {
        let json = br#"{"a,b":[1,2],"c":"x,\",y","d":3}"#;
        assert_eq!(piece_end(json, 0, 1), 10);
        assert_eq!(piece_end(json, 0, 11), 13);
        assert_eq!(piece_end(json, 13, 1), 26);
        assert_eq!(piece_end(json, 26, 1), json.len());
    }

    #[test]
    fn toon_tokens_count_the_whole_toon_text() {
        for n in [0, 3, 20_000] {
            let json = scene(n);
            let toon = encode(&parse_v8(json.as_bytes()).expect("json"), &ToonOptions::default(), 0);
            for encoding in [Encoding::Cl100kBase, Encoding::O200kBase] {
                assert_eq!(toon_tokens(&json, encoding), Ok(Some(count(encoding, &toon).expect("table"))));
            }
        }
        assert_eq!(toon_tokens(r#"["\ud800"]"#, Encoding::Cl100kBase), Ok(None));
    }
}
