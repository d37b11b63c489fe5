//! Unicode character classes the split patterns use, from compact generated tables
//! (`classes_table.rs`, written by `tests/tokens_tables.rs` from the `regex` crate's own Unicode
//! tables, so `\p{L}` here is exactly `\p{L}` there).

// Generated: compared byte for byte with the generator's output, so rustfmt leaves it as written.
#[rustfmt::skip]
#[path = "classes_table.rs"]
mod table;

/// `\p{L}`
pub const L: u8 = 1;
/// `\p{N}`
pub const N: u8 = 2;
/// `\s` (Unicode White_Space)
pub const S: u8 = 4;
/// `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]` (o200k's "upper" class)
pub const U: u8 = 8;
/// `[\p{Ll}\p{Lm}\p{Lo}\p{M}]` (o200k's "lower" class)
pub const W: u8 = 16;

/// Code points per second-stage block.
pub const BLOCK: u32 = table::BLOCK;

/// The class bits of a code point.
#[inline(always)]
pub fn of(cp: u32) -> u8 {
    if cp < 128 {
        return ASCII[cp as usize];
    }
    let block = match table::STAGE1.get((cp / BLOCK) as usize) {
        Some(&b) => b as usize,
        None => return 0,
    };
    table::STAGE2.get(block * BLOCK as usize + (cp % BLOCK) as usize).copied().unwrap_or(0)
}

/// The first 128 entries, copied out so ASCII needs one load.
pub static ASCII: [u8; 128] = {
    let mut out = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        out[i] = table::STAGE2[table::STAGE1[0] as usize * BLOCK as usize + i];
        i += 1;
    }
    out
};

/// Decodes the scalar value at `at` of valid UTF-8 (`&str` bytes): (code point, byte length).
#[inline(always)]
pub fn decode(bytes: &[u8], at: usize) -> (u32, usize) {
    let b0 = match bytes.get(at) {
        Some(&b) => b as u32,
        None => return (0, 1),
    };
    let cont = |k: usize| bytes.get(at + k).map_or(0, |&b| (b & 0x3f) as u32);
    if b0 < 0x80 {
        (b0, 1)
    } else if b0 < 0xe0 {
        (((b0 & 0x1f) << 6) | cont(1), 2)
    } else if b0 < 0xf0 {
        (((b0 & 0x0f) << 12) | (cont(1) << 6) | cont(2), 3)
    } else {
        (((b0 & 0x07) << 18) | (cont(1) << 12) | (cont(2) << 6) | cont(3), 4)
    }
}
