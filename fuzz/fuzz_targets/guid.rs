//! GUID prefix resolution and the frozen `deriveGuid`.
//!
//! `resolve_guid` against a set: `Ok` is either the canonical form of a full 32-hex input or
//! the one known GUID the prefix selects; `AMBIGUOUS_GUID` exactly when two or more distinct
//! known GUIDs match; `UNKNOWN_GUID` exactly when none does. `derive_guid` equals an independent
//! FNV-1a implementation here (so a refactor that changes persisted ids is a finding), is
//! well-formed, and its display prefix resolves back to it.
#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use modoki_budget::summarizers::guid::{derive_guid, guid_prefix, resolve_guid, short_guid, MIN_PREFIX_HEX};

fn hex_of(s: &str) -> String {
    s.chars().filter(|&c| c != '-').map(|c| c.to_ascii_lowercase()).collect()
}

fn reference_derive(seed: &[u16]) -> String {
    let mut hex = String::new();
    for n in 0..4u32 {
        let mut h: u32 = 0x811c_9dc5;
        for unit in format!("{n}:").encode_utf16().chain(seed.iter().copied()) {
            h ^= u32::from(unit);
            h = h.wrapping_mul(0x0100_0193);
        }
        hex.push_str(&format!("{h:08x}"));
    }
    format!("{}-{}-{}-{}-{}", &hex[..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..])
}

fn guid_text(u: &mut Unstructured) -> Result<String> {
    Ok(match u.int_in_range(0..=3u8)? {
        0 => derive_guid(&u.arbitrary::<Vec<u16>>()?),
        1 => {
            // Short alphabet, so prefixes collide and resolution has work to do.
            let n = u.int_in_range(0..=40usize)?;
            (0..n).map(|_| Ok(['a', 'A', '0', '1', '-', 'f'][u.choose_index(6)?])).collect::<Result<String>>()?
        }
        _ => u.arbitrary()?,
    })
}

fn run(u: &mut Unstructured) -> Result<()> {
    let seed: Vec<u16> = u.arbitrary()?;
    let g = derive_guid(&seed);
    assert_eq!(g, reference_derive(&seed));
    assert_eq!(g, derive_guid(&seed));
    let short = short_guid(&g);
    assert_eq!(short.len(), 12);
    assert_eq!(guid_prefix(&g, 12).as_deref(), Some(short.as_str()));
    assert_eq!(resolve_guid(&short, std::slice::from_ref(&g)), Ok(g.clone()));
    assert_eq!(resolve_guid(&g.to_uppercase(), &[]), Ok(g.clone()), "a full GUID is canonicalized");

    let mut known = Vec::new();
    for _ in 0..u.int_in_range(0..=12usize)? {
        known.push(guid_text(u)?);
    }
    let input = if u.arbitrary()? && !known.is_empty() {
        let k = &known[u.choose_index(known.len())?];
        k.chars().take(u.int_in_range(0..=40usize)?).collect()
    } else {
        guid_text(u)?
    };
    let hex = hex_of(input.trim());
    let result = resolve_guid(&input, &known);
    let mut candidates: Vec<&String> = known.iter().filter(|k| hex_of(k).starts_with(&hex)).collect();
    candidates.dedup_by(|a, b| a == b);
    let mut distinct: Vec<&String> = Vec::new();
    for c in candidates {
        if !distinct.contains(&c) {
            distinct.push(c);
        }
    }
    let valid = hex.chars().all(|c| c.is_ascii_hexdigit());
    match result {
        Ok(full) => {
            assert!(valid && hex.len() >= MIN_PREFIX_HEX && hex.len() <= 32, "{input:?} resolved to {full:?}");
            if hex.len() == 32 {
                assert_eq!(hex_of(&full), hex);
                assert_eq!(full.len(), 36);
            } else {
                assert_eq!(distinct, vec![&full], "{input:?} in {known:?}");
            }
        }
        Err(e) => {
            assert!(!e.message.is_empty());
            match e.code.as_str() {
                "INVALID_GUID" => assert!(!valid || hex.len() > 32, "{input:?}: {e:?}"),
                "GUID_PREFIX_TOO_SHORT" => assert!(valid && hex.len() < MIN_PREFIX_HEX, "{input:?}: {e:?}"),
                "AMBIGUOUS_GUID" => assert!(valid && distinct.len() >= 2, "{input:?} in {known:?}: {e:?}"),
                "UNKNOWN_GUID" => assert!(valid && distinct.is_empty(), "{input:?} in {known:?}: {e:?}"),
                other => panic!("unexpected code {other}"),
            }
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
