//! Binding for reading inside a kept result (`crate::query`): a search is made with its
//! selector and budget, fed the pages one at a time through [`super::abi`]'s input buffer, and
//! asked for its answer. Searches in progress are held here by number, so JavaScript can read
//! the pages from an asynchronous store between calls; `node/mcp/read-result.cjs` drops each
//! one it made, answered or not.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

use super::abi;
use crate::error::Error;
use crate::query::{Budget, Search, Selector};
use crate::tokens;

thread_local! {
    /// The searches in progress; a dropped one leaves its slot free for the next.
    static SEARCHES: RefCell<Vec<Option<Search>>> = const { RefCell::new(Vec::new()) };
}

fn unknown(handle: u32) -> JsValue {
    Error::invalid_input(format!("read_result: search {handle} is not in progress")).into()
}

/// A search for `selector` (`"match"`, `"path"` or `"lines"`) with `value`, whose answer is
/// within `max_chars` UTF-16 units and `max_tokens` tokens of `encoding` (negative: no token
/// cap). Returns its number; a selector that cannot be read throws its `INVALID_INPUT` error.
#[wasm_bindgen(js_name = querySearchNew)]
pub fn query_search_new(
    selector: &str,
    value: &str,
    max_chars: f64,
    max_tokens: f64,
    encoding: &str,
) -> Result<u32, JsValue> {
    let selector = match selector {
        "match" => Selector::Match(value),
        "path" => Selector::Path(value),
        "lines" => Selector::Lines(value),
        other => return Err(Error::invalid_input(format!("read_result: no selector {other:?}")).into()),
    };
    let budget = Budget {
        max_chars: tokens::limit_from_f64(max_chars),
        max_tokens: (max_tokens >= 0.0).then(|| tokens::limit_from_f64(max_tokens)),
        encoding: tokens::encoding(encoding)?,
    };
    let search = Search::new(selector, budget)?;
    Ok(SEARCHES.with_borrow_mut(|all| {
        let slot = all.iter().position(Option::is_none).unwrap_or(all.len());
        if slot == all.len() {
            all.push(None);
        }
        all[slot] = Some(search);
        slot as u32
    }))
}

/// Feeds search `handle` the next page, the first `len` input bytes (Latin-1 when `latin1`,
/// else UTF-8); returns whether it needs the page after it.
#[wasm_bindgen(js_name = querySearchRead)]
pub fn query_search_read(handle: u32, len: usize, latin1: bool) -> Result<bool, JsValue> {
    SEARCHES.with_borrow_mut(|all| {
        let search = all.get_mut(handle as usize).and_then(Option::as_mut).ok_or_else(|| unknown(handle))?;
        Ok(abi::with_input_utf8(len, latin1, |page| search.read(page))??)
    })
}

/// The answer of search `handle`, which is then dropped.
#[wasm_bindgen(js_name = querySearchAnswer)]
pub fn query_search_answer(handle: u32) -> Result<String, JsValue> {
    let search = SEARCHES.with_borrow_mut(|all| all.get_mut(handle as usize).and_then(Option::take));
    Ok(search.ok_or_else(|| unknown(handle))?.answer()?)
}

/// Drops search `handle` (nothing when it was answered already).
#[wasm_bindgen(js_name = querySearchDrop)]
pub fn query_search_drop(handle: u32) {
    SEARCHES.with_borrow_mut(|all| {
        if let Some(slot) = all.get_mut(handle as usize) {
            *slot = None;
        }
    });
}
