//! The rank table in a binary layout that is used in place: no parsing at start-up, only a
//! header check and one pass over the token lengths. The layout (little-endian `u32` words,
//! except the one-byte lengths):
//!
//! ```text
//! magic "MBPE" | version | n_ranks | n_slots (power of two) | bytes_len
//! lengths[n_ranks]       one byte per token, rank order (padded to 4)
//! slots[n_slots]         0 = empty, else (tag << 18) | (rank + 1); open addressing, linear probe
//! bytes[bytes_len]       every token's bytes, concatenated in rank order (padded to 4)
//! ```
//!
//! The tag is 14 more bits of the hash, so a probe rejects a wrong slot without comparing bytes.
//! Lengths rather than offsets: the package ships the tables, and one byte per token instead of
//! four keeps them 0.6 MB smaller compressed; the offsets are their running sum, computed once
//! when a table is opened (a 100,000-element loop).

/// File magic, "MBPE" read as a little-endian word.
const MAGIC: u32 = u32::from_le_bytes(*b"MBPE");
/// Layout version; bump when [`hash`] or the layout changes (the committed tables then fail
/// their regeneration test).
const VERSION: u32 = 2;
const HEADER_WORDS: usize = 5;
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
    mask: u32,
    max_token_len: usize,
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
        if n_ranks > RANK_MASK - 1 || !n_slots.is_power_of_two() {
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
        Ok(Checked { offsets, slots_at, bytes_at, n_ranks, mask: n_slots - 1, max_token_len })
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
        let mut i = (h >> 40) as u32 & self.layout.mask;
        // The builder keeps the load factor under 0.6, so an empty slot always ends the probe.
        loop {
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
            i = (i + 1) & self.layout.mask;
        }
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

/// `len` rounded up to a whole number of words.
fn padded(len: usize) -> usize {
    len.div_ceil(4) * 4
}

/// Builds the binary table from the tokens in rank order (`tokens[r]` is rank `r`'s bytes, at
/// most 255 of them). Used by the generator test that writes `src/tokens/data/*.bin` from
/// tiktoken's rank files.
pub fn build(tokens: &[Vec<u8>]) -> Vec<u8> {
    let n = tokens.len();
    let n_slots = ((n + n / 2).max(16)).next_power_of_two();
    let mask = n_slots as u32 - 1;
    let bytes_len: usize = tokens.iter().map(Vec::len).sum();
    let header = [MAGIC, VERSION, n as u32, n_slots as u32, bytes_len as u32];
    let mut out: Vec<u8> = header.iter().flat_map(|w| w.to_le_bytes()).collect();
    for t in tokens {
        assert!(t.len() <= 255, "a token longer than 255 bytes does not fit the one-byte length");
        out.push(t.len() as u8);
    }
    out.resize(HEADER_WORDS * 4 + padded(n), 0);
    let mut slots = vec![0u32; n_slots];
    for (rank, t) in tokens.iter().enumerate() {
        let h = hash(t);
        let mut i = (h >> 40) as u32 & mask;
        while slots[i as usize] != 0 {
            i = (i + 1) & mask;
        }
        slots[i as usize] = (((h as u32) >> RANK_BITS) << RANK_BITS) | (rank as u32 + 1);
    }
    out.extend(slots.iter().flat_map(|w| w.to_le_bytes()));
    for t in tokens {
        out.extend_from_slice(t);
    }
    out.resize(padded(out.len()), 0);
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
