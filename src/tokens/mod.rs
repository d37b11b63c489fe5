//! Exact BPE token counts for OpenAI's `cl100k_base` and `o200k_base`, identical to tiktoken's
//! `encode_ordinary` (special-token text such as `<|endoftext|>` is ordinary text).
//!
//! Three parts, each chosen for speed: a hand-written pre-tokenizer per encoding ([`split`])
//! that reproduces the split regex exactly without a regex engine; rank tables in a binary
//! layout used in place ([`table`]), so nothing is parsed at start-up; and a merge ([`bpe`])
//! that is linear-scan for short pieces, heap-based for long ones, behind a piece cache.
//!
//! On `wasm32` no table is compiled in (cl100k's is 1.3 MB, o200k's 2.7 MB): the host reads
//! `src/tokens/data/<encoding>.bin` on first use of that encoding and hands it to [`install`], so
//! a process that never counts tokens never reads, compiles or keeps a table, and one that only
//! counts cl100k never pays for o200k. Native builds compile both in.

pub mod bpe;
pub mod classes;
#[cfg(feature = "full")]
pub mod report;
pub mod split;
pub mod table;

use std::cell::RefCell;
use std::sync::OnceLock;

use bpe::PieceCache;
use table::{RankTable, TableError};

use crate::error::{Error, ErrorCode, Result};

/// A supported encoding, named as tiktoken names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "TokenEncoding", rename_all = "snake_case"))]
pub enum Encoding {
    /// GPT-4 / GPT-3.5-turbo / text-embedding-3.
    Cl100kBase,
    /// GPT-4o, GPT-4.1, o-series, GPT-5.
    O200kBase,
}

/// Names accepted by [`Encoding::from_name`], for error messages.
pub const ENCODING_NAMES: [&str; 2] = ["cl100k_base", "o200k_base"];

impl Encoding {
    /// The encoding named `name` (tiktoken's names), or `None`.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "cl100k_base" => Some(Encoding::Cl100kBase),
            "o200k_base" => Some(Encoding::O200kBase),
            _ => None,
        }
    }

    /// tiktoken's name for it.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Cl100kBase => "cl100k_base",
            Encoding::O200kBase => "o200k_base",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Serialized as its name, as results report it (`"encoding": "cl100k_base"`).
#[cfg(feature = "full")]
impl serde::Serialize for Encoding {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// The encoding named `name`, or [`ErrorCode::UnknownEncoding`] naming the supported ones.
pub fn encoding(name: &str) -> Result<Encoding> {
    Encoding::from_name(name).ok_or_else(|| {
        Error::new(
            ErrorCode::UnknownEncoding,
            format!("Unknown encoding \"{name}\". Supported encodings: {}.", ENCODING_NAMES.join(", ")),
        )
    })
}

/// [`ErrorCode::EncodingNotLoaded`]: a table on wasm before [`install`].
fn not_loaded(encoding: Encoding) -> Error {
    Error::new(ErrorCode::EncodingNotLoaded, format!("The {} table is not loaded.", encoding.name()))
}

/// [`ErrorCode::BadTokenTable`]: the bytes handed to [`install`] are not a valid table.
fn bad_table(e: TableError) -> Error {
    Error::new(ErrorCode::BadTokenTable, format!("Invalid token table: {}.", e.0))
}

/// 4-byte aligned wrapper so the embedded table can be read as words cheaply.
#[cfg(not(target_arch = "wasm32"))]
#[repr(C, align(4))]
struct Aligned<T: ?Sized>(T);

#[cfg(not(target_arch = "wasm32"))]
static CL100K_BYTES: &Aligned<[u8]> = &Aligned(*include_bytes!("data/cl100k_base.bin"));
#[cfg(not(target_arch = "wasm32"))]
static O200K_BYTES: &Aligned<[u8]> = &Aligned(*include_bytes!("data/o200k_base.bin"));

static TABLES: [OnceLock<RankTable<'static>>; 2] = [OnceLock::new(), OnceLock::new()];

thread_local! {
    static CACHES: RefCell<[PieceCache; 2]> = RefCell::new(Default::default());
}

/// Installs `encoding`'s table from its file bytes (`src/tokens/data/<name>.bin`). The bytes
/// are kept for the life of the process; a second call for the same encoding is a no-op.
pub fn install(encoding: Encoding, bytes: Vec<u8>) -> Result<()> {
    let cell = &TABLES[encoding.index()];
    if cell.get().is_some() {
        return Ok(());
    }
    // Checked before it is leaked, so a bad file costs nothing and a good one can follow; the
    // check's offsets are kept, so a first count does not sum 100,000 lengths twice.
    let checked = RankTable::check(&bytes).map_err(bad_table)?;
    let data: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    let _ = cell.set(RankTable::over_checked(data, checked));
    Ok(())
}

/// True once `encoding`'s table can be used (always for cl100k).
pub fn is_loaded(encoding: Encoding) -> bool {
    rank_table(encoding).is_ok()
}

fn rank_table(encoding: Encoding) -> Result<&'static RankTable<'static>> {
    let cell = &TABLES[encoding.index()];
    if let Some(t) = cell.get() {
        return Ok(t);
    }
    let bytes = embedded_table(encoding).ok_or_else(|| not_loaded(encoding))?;
    let table = RankTable::new(bytes).map_err(bad_table)?;
    Ok(cell.get_or_init(|| table))
}

#[cfg(not(target_arch = "wasm32"))]
fn embedded_table(encoding: Encoding) -> Option<&'static [u8]> {
    Some(match encoding {
        Encoding::Cl100kBase => &CL100K_BYTES.0,
        Encoding::O200kBase => &O200K_BYTES.0,
    })
}

#[cfg(target_arch = "wasm32")]
fn embedded_table(_: Encoding) -> Option<&'static [u8]> {
    None
}

/// Calls `piece(start, end)` for each pre-tokenizer piece of `text`, in order, until it
/// returns false.
pub fn for_each_piece(encoding: Encoding, text: &str, mut piece: impl FnMut(usize, usize) -> bool) {
    let bytes = text.as_bytes();
    // Each encoding's splitter is called directly (not through a pointer), so it is inlined
    // into the loop.
    let mut visit = |start, end| if piece(start, end) { end } else { usize::MAX };
    match encoding {
        Encoding::Cl100kBase => split_from(split::cl100k, bytes, 0, &mut visit),
        Encoding::O200kBase => split_from(split::o200k, bytes, 0, &mut visit),
    }
}

/// The pieces of `bytes` from `from` (a piece start): `visit(start, end)` returns where to read
/// next, at least `end` (past the end stops).
#[inline(always)]
fn split_from(
    next: impl Fn(&[u8], usize) -> usize,
    bytes: &[u8],
    from: usize,
    visit: &mut impl FnMut(usize, usize) -> usize,
) {
    let mut i = from;
    while i < bytes.len() {
        // Every piece is at least one char; the guard only keeps a scanner bug from looping.
        let end = next(bytes, i).max(i + 1);
        i = visit(i, end).max(end);
    }
}

/// A token limit from a JavaScript number: NaN or negative is 0, anything from 9e15 up (past
/// the integers a double holds exactly, `Infinity` included) is no limit, else its floor.
pub fn limit_from_f64(raw: f64) -> usize {
    if raw.is_nan() || raw < 0.0 {
        0
    } else if raw >= 9.0e15 {
        usize::MAX
    } else {
        raw.floor() as usize
    }
}

/// The number of tokens `encode_ordinary(text)` returns.
pub fn count(encoding: Encoding, text: &str) -> Result<usize> {
    count_up_to(encoding, text, usize::MAX)
}

/// Counts tokens, stopping as soon as the count exceeds `limit`: the result is the exact count
/// when it is `<= limit`, else some number `> limit` (the count of the pieces read so far).
pub fn count_up_to(encoding: Encoding, text: &str, limit: usize) -> Result<usize> {
    let mut total = 0usize;
    walk_pieces(encoding, text, 0, |_, end, tokens| {
        total += tokens;
        if total <= limit {
            end
        } else {
            usize::MAX
        }
    })?;
    Ok(total)
}

/// Reads `text` piece by piece from byte `from` (a piece start): `visit(start, end, tokens)`
/// gets each pre-tokenizer piece with its token count and returns where to read next — `end`
/// to go on, a later piece start to skip what the caller already knows, past the end to stop.
/// Counting a page of a text already counted reuses the text's counts this way.
pub fn walk_pieces(
    encoding: Encoding,
    text: &str,
    from: usize,
    mut visit: impl FnMut(usize, usize, usize) -> usize,
) -> Result<()> {
    let table = rank_table(encoding)?;
    let bytes = text.as_bytes();
    CACHES.with(|caches| {
        let mut caches = caches.borrow_mut();
        let cache = &mut caches[encoding.index()];
        match encoding {
            Encoding::Cl100kBase => count_from(split::cl100k, table, cache, bytes, from, &mut visit),
            Encoding::O200kBase => count_from(split::o200k, table, cache, bytes, from, &mut visit),
        }
    });
    Ok(())
}

/// [`walk_pieces`]' loop for one encoding's splitter (inlined into it). One to three ASCII digits
/// where a piece starts are a whole piece in both patterns ([`split::ascii_digits`]) and one
/// token in both tables: numbers, most of a JSON text of floats, are counted without the
/// splitter or the cache.
#[inline(always)]
fn count_from(
    next: impl Fn(&[u8], usize) -> usize,
    table: &RankTable,
    cache: &mut PieceCache,
    bytes: &[u8],
    from: usize,
    visit: &mut impl FnMut(usize, usize, usize) -> usize,
) {
    cache.ready(table);
    let digit_tokens = cache.digit_tokens();
    let mut i = from;
    while i < bytes.len() {
        if digit_tokens {
            let end = split::ascii_digits(bytes, i);
            if end > i {
                i = visit(i, end, 1).max(end);
                continue;
            }
        }
        // Every piece is at least one char; the guard only keeps a scanner bug from looping.
        let end = next(bytes, i).max(i + 1);
        i = visit(i, end, cache.count(table, bytes, i, end)).max(end);
    }
}

/// Calls `token(start, end)` with the byte span of every token of `text`, in order.
pub fn for_each_token(encoding: Encoding, text: &str, mut token: impl FnMut(usize, usize)) -> Result<()> {
    let table = rank_table(encoding)?;
    let bytes = text.as_bytes();
    for_each_piece(encoding, text, |start, end| {
        let mut at = start;
        bpe::encode_piece(table, &bytes[start..end], &mut |len| {
            token(at, at + len);
            at += len;
        });
        true
    });
    Ok(())
}

/// The token ids `encode_ordinary(text)` returns (for tests and tools; counting never builds
/// this vector).
pub fn encode_ordinary(encoding: Encoding, text: &str) -> Result<Vec<u32>> {
    let table = rank_table(encoding)?;
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    for_each_token(encoding, text, |start, end| out.push(table.rank(&bytes[start..end])))?;
    Ok(out)
}

/// Byte length of the longest prefix of `text` that is at most `limit` whole tokens of its
/// encoding, moved back to a char boundary (byte-level BPE can end a token inside a char).
/// For cutting text to a token cap at a place the tokenizer itself would split.
pub fn prefix_within(encoding: Encoding, text: &str, limit: usize) -> Result<usize> {
    let table = rank_table(encoding)?;
    let bytes = text.as_bytes();
    let (mut n, mut end) = (0usize, 0usize);
    for_each_piece(encoding, text, |start, stop| {
        let mut at = start;
        let mut full = false;
        bpe::encode_piece(table, &bytes[start..stop], &mut |len| {
            if full || n == limit {
                full = true;
                return;
            }
            n += 1;
            at += len;
            end = at;
        });
        !full
    });
    while end > 0 && !text.is_char_boundary(end) {
        end -= 1;
    }
    Ok(end)
}
