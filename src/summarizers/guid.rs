//! GUID display prefixes, prefix resolution, and the frozen `deriveGuid` hash.
//!
//! Hex GUIDs tokenize at ~1.8 chars/token, so a fixed 12-hex display prefix saves ~25% of a
//! scene index. The prefix is a pure function of the GUID (never a shortest-unique prefix, which
//! would change with whatever set came back), and resolving one back never picks a first match:
//! an ambiguous prefix is an error that lists the candidates.

use crate::error::{Error, ErrorCode, Result};

/// Hex digits in a display prefix: 48 bits, birthday collision ~1.8e-7 at 100k ids.
pub const SHORT_GUID_HEX: usize = 12;

/// Fewest hex digits a prefix may have: `deriveGuid`'s leading digits are its least-diffused.
pub const MIN_PREFIX_HEX: usize = 6;

/// The first `n` hex digits of `guid` with dashes removed, lowercased; `None` when `guid` has
/// fewer than `n` hex digits before its first non-hex, non-dash character.
pub fn guid_prefix(guid: &str, n: usize) -> Option<String> {
    let mut out = String::with_capacity(n);
    for c in guid.chars() {
        if out.len() == n {
            break;
        }
        if c == '-' {
            continue;
        }
        if !c.is_ascii_hexdigit() {
            return None;
        }
        out.push(c.to_ascii_lowercase());
    }
    (out.len() == n).then_some(out)
}

/// `shortGuid`: the first 12 hex digits, dashes removed. Text that is not a GUID (an id
/// fallback such as `"42"`) is returned unchanged, so the function is total.
pub fn short_guid(guid: &str) -> String {
    guid_prefix(guid, SHORT_GUID_HEX).unwrap_or_else(|| guid.to_owned())
}

/// Most candidates an ambiguity message lists before it says how many more there are.
const MAX_LISTED: usize = 20;

fn hex_only(s: &str) -> String {
    s.chars().filter(|&c| c != '-').map(|c| c.to_ascii_lowercase()).collect()
}

/// `resolveGuid`: the full GUID for a prefix (dashes allowed) or a full GUID (passed through in
/// canonical lowercase dashed form). Errors: `GUID_PREFIX_TOO_SHORT` under 6 hex digits,
/// `INVALID_GUID` for non-hex text, `AMBIGUOUS_GUID` listing the candidates, `UNKNOWN_GUID`.
pub fn resolve_guid(input: &str, known: &[String]) -> Result<String> {
    let trimmed = input.trim();
    let hex = hex_only(trimmed);
    if let Some(bad) = hex.chars().find(|c| !c.is_ascii_hexdigit()) {
        return Err(Error {
            code: ErrorCode::InvalidGuid,
            message: format!("\"{trimmed}\" is not a GUID or GUID prefix: '{bad}' is not a hex digit"),
        });
    }
    if hex.len() < MIN_PREFIX_HEX {
        return Err(Error {
            code: ErrorCode::GuidPrefixTooShort,
            message: format!(
                "GUID prefix \"{trimmed}\" has {} hex digits; at least {MIN_PREFIX_HEX} are required (a shortGuid has {SHORT_GUID_HEX})",
                hex.len()
            ),
        });
    }
    if hex.len() > 32 {
        return Err(Error {
            code: ErrorCode::InvalidGuid,
            message: format!("\"{trimmed}\" has {} hex digits; a GUID has 32", hex.len()),
        });
    }
    if hex.len() == 32 {
        return Ok(format!("{}-{}-{}-{}-{}", &hex[0..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..32]));
    }
    let mut candidates: Vec<&String> = Vec::new();
    for guid in known {
        if hex_only(guid).starts_with(&hex) && !candidates.contains(&guid) {
            candidates.push(guid);
        }
    }
    match candidates.len() {
        1 => Ok(candidates[0].clone()),
        0 => Err(Error {
            code: ErrorCode::UnknownGuid,
            message: format!("no GUID starts with \"{trimmed}\" (searched {} known GUIDs)", known.len()),
        }),
        n => {
            let listed: Vec<&str> = candidates.iter().take(MAX_LISTED).map(|g| g.as_str()).collect();
            let more = if n > MAX_LISTED { format!(" and {} more", n - MAX_LISTED) } else { String::new() };
            Err(Error {
                code: ErrorCode::AmbiguousGuid,
                message: format!(
                    "GUID prefix \"{trimmed}\" is ambiguous: it matches {n} GUIDs: {}{more}. Pass more hex digits.",
                    listed.join(", ")
                ),
            })
        }
    }
}

const FNV_OFFSET: u32 = 0x811c_9dc5;
const FNV_PRIME: u32 = 0x0100_0193;

fn fnv1a_units(prefix: &str, seed: &[u16]) -> u32 {
    let mut h = FNV_OFFSET;
    for unit in prefix.encode_utf16().chain(seed.iter().copied()) {
        h ^= u32::from(unit);
        h = h.wrapping_mul(FNV_PRIME);
    }
    h
}

/// `deriveGuid`: four 32-bit FNV-1a hashes over the UTF-16 code units of `${n}:${seed}` for
/// n = 0..3, as 8-4-4-4-12 hex. Takes code units so lone surrogates hash as themselves.
/// FROZEN: its output is persisted in user scene files; never change it.
pub fn derive_guid(seed: &[u16]) -> String {
    let hex: String = (0..4).map(|n| format!("{:08x}", fnv1a_units(&format!("{n}:"), seed))).collect();
    format!("{}-{}-{}-{}-{}", &hex[0..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..32])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(s: &str) -> Vec<u16> {
        s.encode_utf16().collect()
    }

    #[test]
    fn derive_guid_known_values_never_change() {
        assert_eq!(derive_guid(&units("a")), "98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab");
        assert_eq!(derive_guid(&units("")), "17ed628f-15eb-20d2-97f2-a93d8df05ae8");
        assert_eq!(derive_guid(&units("é")), "10b1e692-bc23-bce1-0701-58bc725daf93");
    }

    #[test]
    fn derive_guid_hashes_lone_surrogates_as_code_units() {
        let lone = derive_guid(&[0xD800]);
        assert_ne!(lone, derive_guid(&units("\u{FFFD}")));
        assert_ne!(lone, derive_guid(&[0xDC00]));
        assert_eq!(lone.len(), 36);
    }

    #[test]
    fn short_guid_is_fixed_twelve_hex() {
        assert_eq!(short_guid("98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab"), "98b2bcaa3424");
        assert_eq!(short_guid("98B2BCAA-3424-79c9-8f00-9bd4fa5e85ab"), "98b2bcaa3424");
        assert_eq!(short_guid("42"), "42");
        assert_eq!(short_guid(""), "");
        assert_eq!(short_guid("zzzzzzzz-3424-79c9-8f00-9bd4fa5e85ab"), "zzzzzzzz-3424-79c9-8f00-9bd4fa5e85ab");
    }

    #[test]
    fn resolve_guid_never_first_matches() {
        let known: Vec<String> = [
            "98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab",
            "98b2bcaa-ffff-79c9-8f00-9bd4fa5e85ab",
            "17ed628f-15eb-20d2-97f2-a93d8df05ae8",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(resolve_guid("17ed62", &known).as_deref(), Ok("17ed628f-15eb-20d2-97f2-a93d8df05ae8"));
        assert_eq!(resolve_guid("98b2bcaa-34", &known).as_deref(), Ok("98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab"));
        assert_eq!(resolve_guid("98B2BCAA3424", &known).as_deref(), Ok("98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab"));
        assert_eq!(
            resolve_guid("00000000000000000000000000000001", &known).as_deref(),
            Ok("00000000-0000-0000-0000-000000000001")
        );
        assert_eq!(
            resolve_guid("98b2bc", &known),
            Err(Error {
                code: ErrorCode::AmbiguousGuid,
                message: "GUID prefix \"98b2bc\" is ambiguous: it matches 2 GUIDs: 98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab, 98b2bcaa-ffff-79c9-8f00-9bd4fa5e85ab. Pass more hex digits.".into()
            })
        );
        assert_eq!(
            resolve_guid("abcdef", &known),
            Err(Error {
                code: ErrorCode::UnknownGuid,
                message: "no GUID starts with \"abcdef\" (searched 3 known GUIDs)".into()
            })
        );
        assert_eq!(
            resolve_guid("98b2b", &known),
            Err(Error {
                code: ErrorCode::GuidPrefixTooShort,
                message: "GUID prefix \"98b2b\" has 5 hex digits; at least 6 are required (a shortGuid has 12)".into()
            })
        );
        assert_eq!(resolve_guid("xyz123", &known).map_err(|e| e.code.as_str()), Err("INVALID_GUID"));
        // The same GUID listed twice is one candidate, not an ambiguity.
        let dup = vec![known[2].clone(), known[2].clone()];
        assert_eq!(resolve_guid("17ed628f", &dup).as_deref(), Ok("17ed628f-15eb-20d2-97f2-a93d8df05ae8"));
    }
}
