//! Byte-pair merging of one piece with a [`RankTable`]: tiktoken's algorithm (repeatedly merge
//! the adjacent pair whose concatenation has the lowest rank, leftmost first), with a linear
//! scan for short pieces and a heap over a linked list for long ones, so a megabyte-long piece
//! (`'a'` × 1e6) costs O(n log n) instead of tiktoken's O(n²).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::table::{hash, RankTable, NO_RANK};

/// Pieces up to this many bytes use the linear-scan merge (cache-friendly, no allocation).
const SMALL: usize = 64;

/// Calls `emit(token_len)` for each token of `piece`, in order. `piece` is not empty.
pub fn encode_piece(table: &RankTable, piece: &[u8], emit: &mut impl FnMut(usize)) {
    if piece.len() == 1 || table.rank(piece) != NO_RANK {
        emit(piece.len());
    } else if piece.len() <= SMALL {
        merge_small(table, piece, emit);
    } else {
        merge_large(table, piece, emit);
    }
}

/// Number of tokens of a piece known not to be a single token.
pub fn count_merged(table: &RankTable, piece: &[u8]) -> usize {
    let mut n = 0;
    if piece.len() <= SMALL {
        merge_small(table, piece, &mut |_| n += 1);
    } else {
        merge_large(table, piece, &mut |_| n += 1);
    }
    n
}

fn merge_small(table: &RankTable, piece: &[u8], emit: &mut impl FnMut(usize)) {
    // parts[k] = (start of part k, rank of part k joined with part k + 1); two sentinels.
    let mut parts = [(0u32, NO_RANK); SMALL + 1];
    let n = piece.len();
    let mut len = n + 1;
    for (k, part) in parts.iter_mut().enumerate().take(len) {
        part.0 = k as u32;
    }
    for k in 0..n - 1 {
        parts[k].1 = table.rank(&piece[k..k + 2]);
    }
    let rank_at = |parts: &[(u32, u32)], len: usize, k: usize| -> u32 {
        if k + 3 < len {
            table.rank(&piece[parts[k].0 as usize..parts[k + 3].0 as usize])
        } else {
            NO_RANK
        }
    };
    loop {
        let mut best = (NO_RANK, 0);
        for (k, part) in parts[..len - 1].iter().enumerate() {
            if part.1 < best.0 {
                best = (part.1, k);
            }
        }
        if best.0 == NO_RANK {
            break;
        }
        let k = best.1;
        if k > 0 {
            parts[k - 1].1 = rank_at(&parts, len, k - 1);
        }
        parts[k].1 = rank_at(&parts, len, k);
        parts.copy_within(k + 2..len, k + 1);
        len -= 1;
    }
    for w in parts[..len].windows(2) {
        emit((w[1].0 - w[0].0) as usize);
    }
}

fn merge_large(table: &RankTable, piece: &[u8], emit: &mut impl FnMut(usize)) {
    let n = piece.len();
    // Parts are named by their start byte; `next[p]` is the following part's start (n = end).
    let mut next: Vec<u32> = (1..=n as u32).collect();
    let mut prev: Vec<u32> = (0..n as u32).map(|p| p.wrapping_sub(1)).collect();
    let mut rank: Vec<u32> = vec![NO_RANK; n];
    let mut alive = vec![true; n];
    let mut heap = BinaryHeap::with_capacity(n);
    for p in 0..n - 1 {
        let r = table.rank(&piece[p..p + 2]);
        rank[p] = r;
        if r != NO_RANK {
            heap.push(Reverse(((r as u64) << 32) | p as u64));
        }
    }
    // The rank of part `p` joined with its successor.
    let pair_rank = |next: &[u32], p: usize| -> u32 {
        let q = next[p] as usize;
        if q >= n {
            return NO_RANK;
        }
        table.rank(&piece[p..next[q] as usize])
    };
    while let Some(Reverse(key)) = heap.pop() {
        let (r, p) = ((key >> 32) as u32, (key & 0xffff_ffff) as usize);
        // Entries are never removed, only outdated: (rank, start) is current exactly when the
        // part is alive and still has that rank (a part's pair only ever grows, and ranks of
        // distinct byte strings differ).
        if !alive[p] || rank[p] != r {
            continue;
        }
        let q = next[p] as usize;
        alive[q] = false;
        next[p] = next[q];
        if (next[p] as usize) < n {
            prev[next[p] as usize] = p as u32;
        }
        rank[p] = pair_rank(&next, p);
        if rank[p] != NO_RANK {
            heap.push(Reverse(((rank[p] as u64) << 32) | p as u64));
        }
        if p > 0 {
            let o = prev[p] as usize;
            rank[o] = pair_rank(&next, o);
            if rank[o] != NO_RANK {
                heap.push(Reverse(((rank[o] as u64) << 32) | o as u64));
            }
        }
    }
    let mut p = 0;
    while p < n {
        let q = next[p] as usize;
        emit(q - p);
        p = q;
    }
}

/// Direct-mapped caches of token counts, kept across calls: JSON repeats the same keys, digits
/// and punctuation many times, and a cache hit costs one load and compare instead of a hash
/// table probe (three scattered reads) or a merge.
///
/// Pieces of up to 8 bytes are keyed by their bytes packed into a `u64`; longer pieces up to
/// [`CACHED_LEN`] bytes that are not single tokens (camel-case names, hex fragments) by hash.
/// Digit pieces skip the cache: both encodings hold every one to three ASCII digits as one
/// token (as the table's builder checked, see [`RankTable::digit_tokens`]).
#[derive(Default)]
pub struct PieceCache {
    short: Vec<(u64, u32)>,
    entries: Vec<Entry>,
    /// Whether every string of one to three ASCII digits is a token of the table: known once
    /// the short cache is made.
    digit_tokens: bool,
}

#[derive(Clone, Copy)]
struct Entry {
    hash: u64,
    len: u8,
    count: u8,
    key: [u8; CACHED_LEN],
}

/// Longest piece the hashed cache keeps (longer pieces are rare and cost more to compare).
const CACHED_LEN: usize = 30;
const CACHE_SLOTS: usize = 4096;
const SHORT_BITS: u32 = 14;

/// Token count of a piece that is a single token or merges into several.
#[inline]
fn count_uncached(table: &RankTable, piece: &[u8], h: u64) -> usize {
    if table.rank_hashed(piece, h) != NO_RANK {
        1
    } else {
        count_merged(table, piece)
    }
}

/// The key and slot of a piece of 2 to 8 bytes at `start` in the short cache.
#[inline(always)]
fn short_key(text: &[u8], start: usize, len: usize) -> (u64, usize) {
    let mut word = [0u8; 8];
    match text.get(start..start + 8) {
        Some(w) => word.copy_from_slice(w),
        None => word[..len].copy_from_slice(&text[start..start + len]),
    }
    let key = u64::from_le_bytes(word) & (u64::MAX >> (64 - 8 * len as u32));
    let slot = ((key ^ len as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - SHORT_BITS)) as usize;
    (key, slot)
}

impl PieceCache {
    /// Token count of the piece `text[start..end]` (not empty, and a piece the splitter made:
    /// one that starts with an ASCII digit is a run of one to three digits), from a cache, the
    /// table or a merge. The common cases — one byte, digits, a short piece seen before — are
    /// inlined into the caller's loop; the rest is out of line.
    #[inline(always)]
    pub fn count(&mut self, table: &RankTable, text: &[u8], start: usize, end: usize) -> usize {
        let len = end - start;
        if len == 1 {
            return 1;
        }
        if len > 8 {
            return self.count_long(table, &text[start..end]);
        }
        if len <= 3 && self.digit_tokens && text[start..end].iter().all(u8::is_ascii_digit) {
            return 1;
        }
        let (key, slot) = short_key(text, start, len);
        if let Some(&(k, meta)) = self.short.get(slot) {
            if k == key && meta >> 8 == len as u32 {
                return (meta & 0xff) as usize;
            }
        }
        self.count_short_miss(table, &text[start..end], key, slot)
    }

    /// A piece of 2 to 8 bytes not in the short cache: counted, then kept at `slot`.
    #[inline(never)]
    fn count_short_miss(&mut self, table: &RankTable, piece: &[u8], key: u64, slot: usize) -> usize {
        self.ready(table);
        let count = count_uncached(table, piece, hash(piece));
        if let Some(e) = self.short.get_mut(slot) {
            *e = (key, ((piece.len() as u32) << 8) | count as u32);
        }
        count
    }

    /// Makes the short cache and reads the table's digits flag, once: a counting loop calls this
    /// before it asks [`PieceCache::digit_tokens`].
    #[inline]
    pub fn ready(&mut self, table: &RankTable) {
        if self.short.is_empty() {
            self.short = vec![(0, 0); 1 << SHORT_BITS];
            self.digit_tokens = table.digit_tokens();
        }
    }

    /// Whether every string of one to three ASCII digits is one token of this cache's table
    /// (false until [`PieceCache::ready`]).
    #[inline(always)]
    pub fn digit_tokens(&self) -> bool {
        self.digit_tokens
    }

    /// A piece of more than 8 bytes: the table, the hashed cache, or a merge.
    #[inline(never)]
    fn count_long(&mut self, table: &RankTable, piece: &[u8]) -> usize {
        let len = piece.len();
        if len > CACHED_LEN {
            if table.rank(piece) != NO_RANK {
                return 1;
            }
            return count_merged(table, piece);
        }
        let h = hash(piece);
        if table.rank_hashed(piece, h) != NO_RANK {
            return 1;
        }
        if self.entries.is_empty() {
            self.entries = vec![Entry { hash: 0, len: 0, count: 0, key: [0; CACHED_LEN] }; CACHE_SLOTS];
        }
        let slot = (h as usize) & (CACHE_SLOTS - 1);
        if let Some(e) = self.entries.get(slot) {
            if e.hash == h && e.len as usize == len && e.key[..len] == *piece {
                return e.count as usize;
            }
        }
        let count = count_merged(table, piece);
        let mut key = [0; CACHED_LEN];
        key[..len].copy_from_slice(piece);
        if let Some(e) = self.entries.get_mut(slot) {
            *e = Entry { hash: h, len: len as u8, count: count as u8, key };
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Rng;
    use crate::tokens::{for_each_piece, rank_table, walk_pieces, Encoding};

    const ENCODINGS: [Encoding; 2] = [Encoding::Cl100kBase, Encoding::O200kBase];

    /// Each piece of `text` with its tokens, by the splitter and merging alone, no cache.
    fn uncached(encoding: Encoding, text: &str) -> Vec<(usize, usize, usize)> {
        let table = rank_table(encoding).unwrap();
        let mut pieces = Vec::new();
        for_each_piece(encoding, text, |start, end| {
            let mut n = 0;
            encode_piece(table, &text.as_bytes()[start..end], &mut |_| n += 1);
            pieces.push((start, end, n));
            true
        });
        pieces
    }

    /// Each piece of `text` with its tokens through `cache`.
    fn cached(encoding: Encoding, cache: &mut PieceCache, text: &str) -> Vec<(usize, usize, usize)> {
        let table = rank_table(encoding).unwrap();
        let mut pieces = Vec::new();
        for_each_piece(encoding, text, |start, end| {
            pieces.push((start, end, cache.count(table, text.as_bytes(), start, end)));
            true
        });
        pieces
    }

    /// Each piece of `text` with its tokens as counting reads them (the thread's caches, and
    /// digits three at a time).
    fn walked(encoding: Encoding, text: &str) -> Vec<(usize, usize, usize)> {
        let mut pieces = Vec::new();
        walk_pieces(encoding, text, 0, |start, end, n| {
            pieces.push((start, end, n));
            end
        })
        .unwrap();
        pieces
    }

    #[test]
    fn both_tables_hold_every_one_to_three_digits_as_one_token() {
        for encoding in ENCODINGS {
            let table = rank_table(encoding).unwrap();
            assert!(table.every_short_digit_run_is_a_token(), "{encoding:?}");
            assert!(table.digit_tokens(), "{encoding:?}: the flag the builder records");
        }
    }

    #[test]
    fn cached_and_walked_counts_equal_merged_counts_on_generated_text() {
        // Fragments the cache keys differently: one byte, 2-8 bytes (short keys, digits among
        // them), 9-30 bytes (hashed), longer; non-ASCII letters, digits and marks; long runs;
        // and a few pieces repeated often, so hits and evictions both happen.
        const FRAGMENTS: [&str; 34] = [
            "a",
            "7",
            "42",
            "042",
            "9999",
            "1.25",
            "-0.5e-7",
            " ",
            "   ",
            "\n",
            "\r\n",
            "\"",
            "\":\"",
            "\",\"",
            "Transform",
            "Renderable3D",
            "ParticleEmitter",
            "bc70e2df-738c-43c0",
            "'s",
            "'LL",
            "é",
            "ſ",
            "中文字",
            "٣٤٥",
            "²³",
            "😀",
            "\u{301}",
            "Ǆ",
            "_internalCamelCaseIdentifierName",
            "{}[]",
            "1234567",
            "12²",
            "999½",
            "-544.5484658703208",
        ];
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15u64);
        let mut next = |n: usize| rng.below(n as u64) as usize;
        let mut texts: Vec<String> = (0..40)
            .map(|_| {
                (0..next(400) + 1)
                    .map(|_| {
                        let fragment = FRAGMENTS[next(FRAGMENTS.len())];
                        // One fragment in eight is a long run of itself.
                        fragment.repeat(if next(8) == 0 { next(60) + 2 } else { 1 })
                    })
                    .collect()
            })
            .collect();
        texts.push("1234567890".repeat(50));
        texts.push("x".repeat(5000));
        texts.push("\u{a0}".repeat(300));
        for encoding in ENCODINGS {
            let mut cache = PieceCache::default();
            // Twice: a cold cache, then a warm one that hits.
            for _ in 0..2 {
                for text in &texts {
                    let expected = uncached(encoding, text);
                    assert_eq!(cached(encoding, &mut cache, text), expected, "{encoding:?} {text:?}");
                    assert_eq!(walked(encoding, text), expected, "{encoding:?} {text:?}");
                }
            }
        }
    }
}
