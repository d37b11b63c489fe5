//! Token counts for both encodings equal tiktoken's `encode_ordinary` on arbitrary UTF-8.
//!
//! Also: the token ids are the same ids, `count_up_to` is exact at or below its limit and
//! over it above, and `report` on the same text accounts for every char and token exactly
//! once (its per-path sums equal its totals, its totals equal `count`) and writes valid JSON.
#![no_main]

use libfuzzer_sys::fuzz_target;
use modoki_budget::json::string::utf16_len;
use modoki_budget::tokens::report::{report, report_json};
use modoki_budget::tokens::{count, count_up_to, encode_ordinary, Encoding};
use tiktoken_rs::{cl100k_base_singleton, o200k_base_singleton};

fuzz_target!(|data: &[u8]| {
    let Some((&limit_byte, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    for (encoding, reference) in
        [(Encoding::Cl100kBase, cl100k_base_singleton()), (Encoding::O200kBase, o200k_base_singleton())]
    {
        let want = reference.encode_ordinary(&text);
        let got = encode_ordinary(encoding, &text).expect("tables are compiled in natively");
        assert_eq!(got, want, "{encoding:?} ids differ on {text:?}");
        let n = count(encoding, &text).expect("loaded");
        assert_eq!(n, want.len(), "{encoding:?} count differs on {text:?}");
        let limit = usize::from(limit_byte);
        let capped = count_up_to(encoding, &text, limit).expect("loaded");
        if n <= limit {
            assert_eq!(capped, n);
        } else {
            assert!(capped > limit, "count_up_to({limit}) = {capped} but the count is {n}");
        }
        let r = report(encoding, &text).expect("loaded");
        assert_eq!(r.tokens, n, "report total differs from count");
        assert_eq!(r.chars, utf16_len(&text));
        assert_eq!(r.bytes, text.len());
        assert_eq!(r.fields.iter().map(|f| f.tokens).sum::<usize>(), r.tokens);
        assert_eq!(r.fields.iter().map(|f| f.chars).sum::<usize>(), r.chars);
        let json = report_json(&r);
        if let Err(e) = serde_json::from_str::<serde_json::Value>(&json) {
            panic!("report_json is invalid JSON ({e}): {json}");
        }
    }
});
