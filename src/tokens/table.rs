//! The rank table in a binary layout that is used in place: no parsing at start-up, only a
//! header check and one pass over the token lengths. The layout (little-endian `u32` words,
//! except the one-byte lengths):
//!
//! ```text
//! magic "MBPE" | version | n_ranks | n_slots | bytes_len | flags
//! lengths[n_ranks]       one byte per token, rank order (padded to 4)
//! slots[n_slots]         0 = empty, else (tag << 18) | (rank + 1); open addressing, linear probe
//! bytes[bytes_len]       every token's bytes, concatenated in rank order (padded to 4)
//! ```
//!
//! The tag is 14 more bits of the hash, so a probe rejects a wrong slot without comparing bytes.
//! A probe starts at the hash's top 32 bits scaled to `n_slots` (so `n_slots` need not be a
//! power of two) and the slots are filled to [`LOAD`]: the table is read from disk into fresh
//! memory before a process's first count, where each megabyte costs about a millisecond, and
//! the slots are most of it (at a load of 0.38, 1 MB of cl100k's 1.8 MB).
//!
//! `flags` bit 0 ([`DIGIT_TOKENS`]) says every string of one to three ASCII digits is one
//! token, which the builder checked: counting skips the table for them, and a first count does
//! not look up 1,110 strings to learn it.
//! Lengths rather than offsets: the package ships the tables, and one byte per token instead of
//! four keeps them 0.6 MB smaller compressed; the offsets are their running sum, computed once
//! when a table is opened (a 100,000-element loop).

/// File magic, "MBPE" read as a little-endian word.
const MAGIC: u32 = u32::from_le_bytes(*b"MBPE");
/// Layout version; bump when [`hash`] or the layout changes (the committed tables then fail
/// their regeneration test).
const VERSION: u32 = 3;
const HEADER_WORDS: usize = 6;
/// `flags` bit: every string of one to three ASCII digits is a token.
const DIGIT_TOKENS: u32 = 1;
/// How full the builder fills the slots, as `n_ranks / n_slots`: at 0.7 a linear probe reads
/// about 2 slots to find a token and 6 to miss one (one cache line; the tag rejects a wrong slot
/// without a byte compare), and the slots are 0.5 MB of cl100k's table instead of 1 MB at 0.38.
const LOAD: (usize, usize) = (7, 10);
const RANK_BITS: u32 = 18;
const RANK_MASK: u32 = (1 << RANK_BITS) - 1;

/// A rank that is not in the table (the merge loop's "no pair here").
pub const NO_RANK: u32 = u32::MAX;

/// Why a table's bytes were refused.
#[derive(Debug, PartialEq, Eq)]
pub struct TableError(pub &'static str);

/// A validated view of a table, with its token offsets.
pub struct RankTable<'a> {
    data: &'a [u8],
    layout: Checked,
}

#[inline(always)]
fn word(data: &[u8], index: usize) -> u32 {
    let at = index * 4;
    match data.get(at..at + 4) {
        Some(w) => u32::from_le_bytes([w[0], w[1], w[2], w[3]]),
        None => 0,
    }
}

/// The byte hash shared by the builder and the lookup (FxHash-style over 8-byte words, with a
/// final avalanche so both the slot index and the tag get well-mixed bits).
#[inline(always)]
pub fn hash(bytes: &[u8]) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut h = (bytes.len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
        h = (h.rotate_left(5) ^ w).wrapping_mul(K);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut buf = [0u8; 8];
        buf[..rest.len()].copy_from_slice(rest);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(buf)).wrapping_mul(K);
    }
    h ^= h >> 32;
    h = h.wrapping_mul(0xd6e8_feb8_6659_fd93);
    h ^ (h >> 29)
}

/// What [`RankTable::check`] finds in a table's bytes: everything a [`RankTable`] holds but the
/// bytes themselves, so the bytes can move (be kept for the process's life) once checked.
pub struct Checked {
    /// Token r is `bytes[offsets[r]..offsets[r + 1]]`.
    offsets: Box<[u32]>,
    slots_at: usize,
    bytes_at: usize,
    n_ranks: u32,
    n_slots: u32,
    max_token_len: usize,
    digit_tokens: bool,
}

impl<'a> RankTable<'a> {
    /// Checks the header and the section sizes, and sums the lengths into offsets: O(n_ranks).
    pub fn new(data: &'a [u8]) -> Result<Self, TableError> {
        Ok(Self::over_checked(data, Self::check(data)?))
    }

    /// The table over `data`, whose bytes `checked` was found in (they may have moved since):
    /// the check and the offsets are not done again.
    pub fn over_checked(data: &'a [u8], checked: Checked) -> Self {
        RankTable { data, layout: checked }
    }

    /// [`RankTable::new`]'s check and offsets, without keeping a borrow of `data`.
    pub fn check(data: &[u8]) -> Result<Checked, TableError> {
        if data.len() < HEADER_WORDS * 4 || word(data, 0) != MAGIC {
            return Err(TableError("not a rank table (bad magic)"));
        }
        if word(data, 1) != VERSION {
            return Err(TableError("rank table version mismatch"));
        }
        let n_ranks = word(data, 2);
        let n_slots = word(data, 3);
        let bytes_len = word(data, 4) as usize;
        let flags = word(data, 5);
        if n_ranks > RANK_MASK - 1 || n_slots <= n_ranks {
            return Err(TableError("rank table header out of range"));
        }
        let lengths_at = HEADER_WORDS * 4;
        let slots_at = (lengths_at + padded(n_ranks as usize)) / 4;
        let bytes_at = (slots_at + n_slots as usize) * 4;
        if data.len() < bytes_at + bytes_len {
            return Err(TableError("rank table truncated"));
        }
        let (offsets, max_token_len) = offsets_and_max(&data[lengths_at..lengths_at + n_ranks as usize]);
        if offsets.last().copied().unwrap_or(0) as usize != bytes_len {
            return Err(TableError("rank table lengths do not add up to its bytes"));
        }
        let digit_tokens = flags & DIGIT_TOKENS != 0;
        Ok(Checked { offsets, slots_at, bytes_at, n_ranks, n_slots, max_token_len, digit_tokens })
    }

    /// Number of ordinary (non-special) ranks.
    pub fn len(&self) -> usize {
        self.layout.n_ranks as usize
    }

    /// True for an empty table.
    pub fn is_empty(&self) -> bool {
        self.layout.n_ranks == 0
    }

    /// The bytes of token `rank` (empty for an unknown rank).
    #[inline(always)]
    pub fn token(&self, rank: u32) -> &'a [u8] {
        let r = rank as usize;
        let (Some(&start), Some(&end)) = (self.layout.offsets.get(r), self.layout.offsets.get(r + 1)) else {
            return &[];
        };
        self.data.get(self.layout.bytes_at + start as usize..self.layout.bytes_at + end as usize).unwrap_or(&[])
    }

    /// The rank of `bytes`, or [`NO_RANK`].
    #[inline(always)]
    pub fn rank(&self, bytes: &[u8]) -> u32 {
        if bytes.len() > self.layout.max_token_len {
            return NO_RANK;
        }
        self.rank_hashed(bytes, hash(bytes))
    }

    /// [`RankTable::rank`] with the hash already computed.
    #[inline(always)]
    pub fn rank_hashed(&self, bytes: &[u8], h: u64) -> u32 {
        let tag = (h as u32) >> RANK_BITS;
        let n_slots = self.layout.n_slots;
        let mut i = home(h, n_slots);
        // The builder leaves 30% of the slots empty, so an empty slot ends the probe; the bound
        // only keeps a table without one (not one the builder wrote) from looping.
        for _ in 0..n_slots {
            let slot = word(self.data, self.layout.slots_at + i as usize);
            if slot == 0 {
                return NO_RANK;
            }
            if slot >> RANK_BITS == tag {
                let rank = (slot & RANK_MASK) - 1;
                if self.token(rank) == bytes {
                    return rank;
                }
            }
            i += 1;
            if i == n_slots {
                i = 0;
            }
        }
        NO_RANK
    }

    /// Whether every string of one to three ASCII digits is one token, as the table's builder
    /// found (both encodings' tables say so).
    pub fn digit_tokens(&self) -> bool {
        self.layout.digit_tokens
    }

    /// Looks every string of one to three ASCII digits up: what [`RankTable::digit_tokens`]
    /// records, for the builder to record it.
    pub fn every_short_digit_run_is_a_token(&self) -> bool {
        let digits = |n: u32, width: usize| {
            let all = [b'0' + (n / 100) as u8, b'0' + (n / 10 % 10) as u8, b'0' + (n % 10) as u8];
            self.rank(&all[3 - width..]) != NO_RANK
        };
        (0..10).all(|n| digits(n, 1)) && (0..100).all(|n| digits(n, 2)) && (0..1000).all(|n| digits(n, 3))
    }

    /// Longest token in bytes: longer pieces can skip the whole-piece lookup.
    pub fn max_token_len(&self) -> usize {
        self.layout.max_token_len
    }
}

/// The running sums of `lengths` after a 0 (token r is `offsets[r]..offsets[r + 1]`), and the
/// largest length, in one pass that writes each sum without a capacity check. A table is opened
/// by its module's first calls, which WebAssembly engines run as baseline code (V8's Liftoff),
/// where a loop costs about its count of instructions: 100,000 of them at start-up.
fn offsets_and_max(lengths: &[u8]) -> (Box<[u32]>, usize) {
    let mut offsets = Vec::with_capacity(lengths.len() + 1);
    offsets.push(0);
    let (mut at, mut max) = (0u32, 0u8);
    offsets.extend(lengths.iter().map(|&len| {
        at += u32::from(len);
        max = max.max(len);
        at
    }));
    (offsets.into_boxed_slice(), usize::from(max))
}

/// The first slot a probe for hash `h` reads: its top 32 bits scaled to `n_slots` (the tag is
/// bits 18–31, so the two do not share bits).
#[inline(always)]
fn home(h: u64, n_slots: u32) -> u32 {
    (((h >> 32) * u64::from(n_slots)) >> 32) as u32
}

/// `len` rounded up to a whole number of words.
fn padded(len: usize) -> usize {
    len.div_ceil(4) * 4
}

/// Builds the binary table from the tokens in rank order (`tokens[r]` is rank `r`'s bytes, at
/// most 255 of them). Used by the generator test that writes `src/tokens/data/*.bin` from
/// tiktoken's rank files.
pub fn build(tokens: &[Vec<u8>]) -> Vec<u8> {
    let n = tokens.len();
    let n_slots = (n * LOAD.1).div_ceil(LOAD.0).max(16);
    let bytes_len: usize = tokens.iter().map(Vec::len).sum();
    let header = [MAGIC, VERSION, n as u32, n_slots as u32, bytes_len as u32, 0];
    let mut out: Vec<u8> = header.iter().flat_map(|w| w.to_le_bytes()).collect();
    for t in tokens {
        assert!(t.len() <= 255, "a token longer than 255 bytes does not fit the one-byte length");
        out.push(t.len() as u8);
    }
    out.resize(HEADER_WORDS * 4 + padded(n), 0);
    let mut slots = vec![0u32; n_slots];
    for (rank, t) in tokens.iter().enumerate() {
        let h = hash(t);
        let mut i = home(h, n_slots as u32) as usize;
        while slots[i] != 0 {
            i = (i + 1) % n_slots;
        }
        slots[i] = (((h as u32) >> RANK_BITS) << RANK_BITS) | (rank as u32 + 1);
    }
    out.extend(slots.iter().flat_map(|w| w.to_le_bytes()));
    for t in tokens {
        out.extend_from_slice(t);
    }
    out.resize(padded(out.len()), 0);
    let digits = RankTable::new(&out).is_ok_and(|table| table.every_short_digit_run_is_a_token());
    if digits {
        out[5 * 4..6 * 4].copy_from_slice(&DIGIT_TOKENS.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_built_table_finds_every_token_by_rank_and_by_bytes() {
        let tokens: Vec<Vec<u8>> = vec![b"a".to_vec(), b"bc".to_vec(), vec![], b"hello".to_vec(), vec![0xff; 255]];
        let bytes = build(&tokens);
        let table = RankTable::new(&bytes).expect("valid");
        assert_eq!(table.len(), tokens.len());
        assert_eq!(table.max_token_len(), 255);
        for (rank, t) in tokens.iter().enumerate() {
            assert_eq!(table.token(rank as u32), &t[..]);
            if !t.is_empty() {
                assert_eq!(table.rank(t), rank as u32);
            }
        }
        assert_eq!(table.rank(b"missing"), NO_RANK);
        assert_eq!(table.token(99), b"");
    }

    #[test]
    fn an_empty_table_opens_and_finds_nothing() {
        let bytes = build(&[]);
        let table = RankTable::new(&bytes).expect("valid");
        assert!(table.is_empty());
        assert_eq!(table.max_token_len(), 0);
        assert_eq!(table.rank(b"a"), NO_RANK);
        assert_eq!(table.token(0), b"");
    }

    #[test]
    fn the_builder_records_whether_every_short_digit_run_is_a_token() {
        let digits: Vec<Vec<u8>> = (0..1000u32)
            .flat_map(|n| [n.to_string(), format!("{n:02}"), format!("{n:03}")])
            .filter(|s| s.len() <= 3)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .map(String::into_bytes)
            .collect();
        assert_eq!(digits.len(), 1110);
        let with = build(&digits);
        assert!(RankTable::new(&with).expect("valid").digit_tokens());
        let without = build(&digits[..1109]);
        assert!(!RankTable::new(&without).expect("valid").digit_tokens());
        assert!(!RankTable::new(&without).expect("valid").every_short_digit_run_is_a_token());
    }

    #[test]
    fn the_slots_are_filled_to_the_load_and_a_table_without_an_empty_slot_misses_without_looping() {
        let tokens: Vec<Vec<u8>> = (0..1000u32).map(|n| n.to_le_bytes().to_vec()).collect();
        let mut bytes = build(&tokens);
        let n_slots = word(&bytes, 3) as usize;
        assert_eq!(n_slots, 1000 * 10 / 7 + 1);
        let slots_at = HEADER_WORDS * 4 + padded(tokens.len());
        for slot in bytes[slots_at..slots_at + n_slots * 4].chunks_exact_mut(4) {
            if slot == [0; 4] {
                slot.copy_from_slice(&u32::MAX.to_le_bytes());
            }
        }
        let table = RankTable::new(&bytes).expect("valid");
        assert_eq!(table.rank(b"none"), NO_RANK);
        assert_eq!(table.rank(&7u32.to_le_bytes()), 7);
    }

    #[test]
    fn tables_that_do_not_add_up_are_refused() {
        let bytes = build(&[b"ab".to_vec(), b"c".to_vec()]);
        let mut wrong_length = bytes.clone();
        wrong_length[HEADER_WORDS * 4] = 3;
        assert_eq!(
            RankTable::new(&wrong_length).err(),
            Some(TableError("rank table lengths do not add up to its bytes"))
        );
        let mut old = bytes.clone();
        old[4] = 1;
        assert_eq!(RankTable::new(&old).err(), Some(TableError("rank table version mismatch")));
        assert_eq!(RankTable::new(&bytes[..bytes.len() - 4]).err(), Some(TableError("rank table truncated")));
    }
}
