//! The rank table in a binary layout that is used in place: no parsing at start-up, only a
//! header check. The layout (all little-endian `u32` words, then bytes):
//!
//! ```text
//! magic "MBPE" | version | n_ranks | n_slots (power of two) | bytes_len
//! offsets[n_ranks + 1]   token r is bytes[offsets[r]..offsets[r + 1]]
//! slots[n_slots]         0 = empty, else (tag << 18) | (rank + 1); open addressing, linear probe
//! bytes[bytes_len]       every token's bytes, concatenated in rank order (padded to 4)
//! ```
//!
//! The tag is 14 more bits of the hash, so a probe rejects a wrong slot without comparing bytes.

/// File magic, "MBPE" read as a little-endian word.
const MAGIC: u32 = u32::from_le_bytes(*b"MBPE");
/// Layout version; bump when [`hash`] or the layout changes (the committed tables then fail
/// their regeneration test).
const VERSION: u32 = 1;
const HEADER_WORDS: usize = 5;
const RANK_BITS: u32 = 18;
const RANK_MASK: u32 = (1 << RANK_BITS) - 1;

/// A rank that is not in the table (the merge loop's "no pair here").
pub const NO_RANK: u32 = u32::MAX;

/// Why a table's bytes were refused.
#[derive(Debug, PartialEq, Eq)]
pub struct TableError(pub &'static str);

/// A validated view of a table.
#[derive(Clone, Copy)]
pub struct RankTable<'a> {
    data: &'a [u8],
    offsets_at: usize,
    slots_at: usize,
    bytes_at: usize,
    n_ranks: u32,
    mask: u32,
    max_token_len: usize,
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

impl<'a> RankTable<'a> {
    /// Checks the header and the section sizes; O(n_ranks) only for the longest token length.
    pub fn new(data: &'a [u8]) -> Result<Self, TableError> {
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
        let offsets_at = HEADER_WORDS;
        let slots_at = offsets_at + n_ranks as usize + 1;
        let bytes_at = (slots_at + n_slots as usize) * 4;
        if data.len() < bytes_at + bytes_len {
            return Err(TableError("rank table truncated"));
        }
        let mut max_token_len = 0;
        let mut prev = 0;
        for r in 0..=n_ranks as usize {
            let off = word(data, offsets_at + r) as usize;
            if off < prev || off > bytes_len {
                return Err(TableError("rank table offsets not monotonic"));
            }
            max_token_len = max_token_len.max(off - prev);
            prev = off;
        }
        Ok(RankTable { data, offsets_at, slots_at, bytes_at, n_ranks, mask: n_slots - 1, max_token_len })
    }

    /// Number of ordinary (non-special) ranks.
    pub fn len(&self) -> usize {
        self.n_ranks as usize
    }

    /// True for an empty table.
    pub fn is_empty(&self) -> bool {
        self.n_ranks == 0
    }

    /// The bytes of token `rank` (empty for an unknown rank).
    #[inline(always)]
    pub fn token(&self, rank: u32) -> &'a [u8] {
        let r = rank as usize;
        let start = word(self.data, self.offsets_at + r) as usize;
        let end = word(self.data, self.offsets_at + r + 1) as usize;
        self.data.get(self.bytes_at + start..self.bytes_at + end).unwrap_or(&[])
    }

    /// The rank of `bytes`, or [`NO_RANK`].
    #[inline(always)]
    pub fn rank(&self, bytes: &[u8]) -> u32 {
        if bytes.len() > self.max_token_len {
            return NO_RANK;
        }
        self.rank_hashed(bytes, hash(bytes))
    }

    /// [`RankTable::rank`] with the hash already computed.
    #[inline(always)]
    pub fn rank_hashed(&self, bytes: &[u8], h: u64) -> u32 {
        let tag = (h as u32) >> RANK_BITS;
        let mut i = (h >> 40) as u32 & self.mask;
        // The builder keeps the load factor under 0.6, so an empty slot always ends the probe.
        loop {
            let slot = word(self.data, self.slots_at + i as usize);
            if slot == 0 {
                return NO_RANK;
            }
            if slot >> RANK_BITS == tag {
                let rank = (slot & RANK_MASK) - 1;
                if self.token(rank) == bytes {
                    return rank;
                }
            }
            i = (i + 1) & self.mask;
        }
    }

    /// Longest token in bytes: longer pieces can skip the whole-piece lookup.
    pub fn max_token_len(&self) -> usize {
        self.max_token_len
    }
}

/// Builds the binary table from the tokens in rank order (`tokens[r]` is rank `r`'s bytes).
/// Used by the generator test that writes `src/tokens/data/*.bin` from tiktoken's rank files.
pub fn build(tokens: &[Vec<u8>]) -> Vec<u8> {
    let n = tokens.len();
    let n_slots = ((n + n / 2).max(16)).next_power_of_two();
    let mask = n_slots as u32 - 1;
    let bytes_len: usize = tokens.iter().map(Vec::len).sum();
    let mut words = vec![MAGIC, VERSION, n as u32, n_slots as u32, bytes_len as u32];
    let mut off = 0u32;
    words.push(0);
    for t in tokens {
        off += t.len() as u32;
        words.push(off);
    }
    let mut slots = vec![0u32; n_slots];
    for (rank, t) in tokens.iter().enumerate() {
        let h = hash(t);
        let mut i = (h >> 40) as u32 & mask;
        while slots[i as usize] != 0 {
            i = (i + 1) & mask;
        }
        slots[i as usize] = (((h as u32) >> RANK_BITS) << RANK_BITS) | (rank as u32 + 1);
    }
    words.extend_from_slice(&slots);
    let mut out: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    for t in tokens {
        out.extend_from_slice(t);
    }
    while out.len() % 4 != 0 {
        out.push(0);
    }
    out
}
