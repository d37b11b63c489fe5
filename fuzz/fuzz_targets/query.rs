//! read_result's search (`query::Search`) over the pages the elision pass writes, and over bytes
//! that are not pages, with arbitrary selectors and budgets.
//!
//! Never panics, and deterministic: the same search twice gives the same answer. An answer is
//! within its budget (down to the policy's floors, 1,000 chars and 250 tokens): at most
//! `max_chars` UTF-16 units and, with a token cap, at most `max_tokens` real tokens. A selector
//! is refused (an error, never a panic) or searched. On a text's pages, a match for a piece of
//! one of its lines is found (the answer is not "None of the … matches"), and a range of lines
//! within the text answers with its lines.
#![no_main]

#[path = "../common/arbitrary_json.rs"]
mod arbitrary_json;

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use modoki_budget::elision::{json_pass, text_pass, Limits};
use modoki_budget::json::string::{json_string, utf16_len};
use modoki_budget::json::value::to_json;
use modoki_budget::query::{Budget, Search, Selector};
use modoki_budget::tokens::{count, Encoding};

/// Pages are cut within these (small, so a result has many).
fn limits(u: &mut Unstructured, encoding: Encoding) -> Result<Limits> {
    let max_chars = u.int_in_range(64..=4096usize)?;
    let max_tokens = if u.arbitrary()? { Some(u.int_in_range(16..=1024usize)?) } else { None };
    Ok(Limits { max_chars, max_bytes: None, max_tokens, encoding })
}

/// An answer's budget: a tool result's caps, down to the policy's floors (1,000 chars and 250
/// tokens, `MIN_MAX_CHARS` and `MIN_MAX_TOKENS` in node/mcp/options.cjs), tight ones included.
fn budget(u: &mut Unstructured, encoding: Encoding) -> Result<Budget> {
    let max_chars = match u.int_in_range(0..=2u8)? {
        0 => u.int_in_range(1000..=1200usize)?,
        1 => u.int_in_range(1200..=4000usize)?,
        _ => u.int_in_range(4000..=40000usize)?,
    };
    let max_tokens = if u.arbitrary()? { Some(u.int_in_range(250..=4000usize)?) } else { None };
    Ok(Budget { max_chars, max_tokens, encoding })
}

/// A selector's value: a piece of the text (so it is found), a pattern, or anything.
fn selector_text(u: &mut Unstructured, text: &str) -> Result<String> {
    Ok(match u.int_in_range(0..=3u8)? {
        0 if !text.is_empty() => {
            let mut a = u.int_in_range(0..=text.len() - 1)?;
            while !text.is_char_boundary(a) {
                a -= 1;
            }
            text[a..].chars().take(u.int_in_range(1..=12usize)?).collect()
        }
        1 => format!("/{}/", u.arbitrary::<String>()?),
        _ => u.arbitrary()?,
    })
}

/// The answer of `selector` over `pages` (an error's message as Err), checked to be within
/// `budget` and the same when asked twice.
fn search(pages: &[String], selector: Selector<'_>, budget: Budget) -> std::result::Result<String, String> {
    let run = || -> std::result::Result<String, String> {
        let mut s = Search::new(selector, budget).map_err(|e| e.message)?;
        for page in pages {
            if !s.read(page.as_bytes()).map_err(|e| e.message)? {
                break;
            }
        }
        s.answer().map_err(|e| e.message)
    };
    let first = run();
    assert_eq!(first, run(), "not deterministic");
    if let Ok(answer) = &first {
        assert!(
            utf16_len(answer) <= budget.max_chars,
            "{} chars over {} for {selector:?}: {answer}",
            utf16_len(answer),
            budget.max_chars
        );
        if let Some(cap) = budget.max_tokens {
            let tokens = count(budget.encoding, answer).expect("tables are compiled in natively");
            assert!(tokens <= cap, "{tokens} tokens over {cap} for {selector:?}: {answer}");
        }
    }
    first
}

fn any_selector<'a>(u: &mut Unstructured, raw: &'a str) -> Result<Selector<'a>> {
    Ok(match u.int_in_range(0..=2u8)? {
        0 => Selector::Match(raw),
        1 => Selector::Path(raw),
        _ => Selector::Lines(raw),
    })
}

fn text_case(u: &mut Unstructured) -> Result<()> {
    let lines = u.int_in_range(1..=300usize)?;
    let mut text = String::new();
    for i in 0..lines {
        let line =
            if u.ratio(1, 3)? { arbitrary_json::string(u)? } else { format!("{i} line {}", u.arbitrary::<u16>()?) };
        text.push_str(&line.replace(['\n', '\r'], " "));
        text.push('\n');
    }
    let encoding = if u.arbitrary()? { Encoding::O200kBase } else { Encoding::Cl100kBase };
    let Some(Some(pages)) = text_pass(&json_string(&text), limits(u, encoding)?, None).expect("natively").pages else {
        return Ok(());
    };
    let raw = selector_text(u, &text)?;
    let selector = any_selector(u, &raw)?;
    let budget = budget(u, encoding)?;
    let answer = search(&pages, selector, budget);
    let plain = !raw.starts_with('/') && !raw.trim().is_empty() && !raw.contains('\n');
    if let (Selector::Match(_), Ok(answer), true) = (selector, &answer, plain) {
        if text.to_lowercase().contains(&raw.to_lowercase()) {
            assert!(!answer.starts_with("None of the"), "{raw:?} is in the text: {answer}");
        }
    }
    let from = u.int_in_range(1..=lines)?;
    let range = format!("{from}-{}", u.int_in_range(from..=lines)?);
    let answer = search(&pages, Selector::Lines(&range), budget);
    // A text that is a printed JSON document is paged as that document, which has no lines.
    if !pages[0].contains("\"document\":") {
        let answer = answer.unwrap_or_else(|e| panic!("lines {range}: {e}"));
        // Or, when its first line alone is over the budget, the page to read instead.
        let whole = answer.starts_with(&format!("Lines {from}–"));
        assert!(whole || answer.starts_with(&format!("Line {from} of ")), "lines {range}: {answer}");
    }
    Ok(())
}

fn json_case(u: &mut Unstructured) -> Result<()> {
    let value = arbitrary_json::value(u, 0)?;
    let json = to_json(&value);
    let encoding = if u.arbitrary()? { Encoding::O200kBase } else { Encoding::Cl100kBase };
    let pass = json_pass(&json, utf16_len(&json), limits(u, encoding)?, true, None).expect("natively");
    let Some(Some(pages)) = pass.pages else { return Ok(()) };
    let raw = selector_text(u, &json)?;
    let selector = any_selector(u, &raw)?;
    let _ = search(&pages, selector, budget(u, encoding)?);
    Ok(())
}

/// Bytes that are not pages (or pages cut short) never panic a search.
fn garbage(u: &mut Unstructured) -> Result<()> {
    let n = u.int_in_range(0..=4usize)?;
    let mut pages = Vec::with_capacity(n);
    for _ in 0..n {
        pages.push(if u.arbitrary()? {
            u.arbitrary::<String>()?
        } else {
            format!("{{\"page\":1,\"pages\":{n},\"text\":{}}}", json_string(&u.arbitrary::<String>()?))
        });
    }
    let raw: String = u.arbitrary()?;
    let selector = any_selector(u, &raw)?;
    let _ = search(&pages, selector, budget(u, Encoding::Cl100kBase)?);
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let _ = match u.int_in_range(0..=5u8).unwrap_or(0) {
        0..=2 => text_case(&mut u),
        3 | 4 => json_case(&mut u),
        _ => garbage(&mut u),
    };
});
