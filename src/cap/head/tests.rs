use super::*;

const CL100K: Encoding = Encoding::Cl100kBase;

fn chars(head: &str, len: usize, max_chars: usize) -> Option<TextCut> {
    plan_head_cut(head, len, max_chars, None, None).expect("no token cap, no error")
}

fn tokens(text: &str, max_chars: usize, max: usize) -> Option<TextCut> {
    plan_head_cut(text, utf16_len(text), max_chars, None, Some(TokenCap { max, encoding: CL100K }))
        .expect("cl100k is built in")
}

fn joined(text: &str, cut: &TextCut) -> String {
    format!("{}{}", &text[..byte_index(text, cut.keep)], cut.marker)
}

fn count(text: &str) -> usize {
    tokens::count_up_to(CL100K, text, usize::MAX).expect("cl100k is built in")
}

#[test]
fn a_text_at_the_char_cap_is_kept_and_one_over_is_cut_to_the_cap_with_its_marker() {
    let text = "a".repeat(101);
    assert_eq!(chars(&text, 101, 101), None);
    // 74 kept + "\n…[27 chars elided of 101]" (26 units) = 100; 75 would leave 26 elided and
    // the same marker length: 101.
    let cut = chars(&text, 101, 100).expect("over");
    assert_eq!(cut, TextCut { keep: 74, marker: "\n…[27 chars elided of 101]".into() });
    assert_eq!(utf16_len(&joined(&text, &cut)), 100);
    // A caller may pass only the first max_chars units of a long text.
    assert_eq!(
        chars(&text[..100], 100_000, 100),
        Some(TextCut { keep: 68, marker: "\n…[99932 chars elided of 100000]".into() })
    );
}

#[test]
fn the_marker_alone_at_the_cap_keeps_nothing_and_a_bigger_marker_gives_an_empty_text() {
    let text = "a".repeat(101);
    // "\n…[101 chars elided of 101]" is 27 units.
    assert_eq!(chars(&text, 101, 27), Some(TextCut { keep: 0, marker: "\n…[101 chars elided of 101]".into() }));
    assert_eq!(chars(&text, 101, 26), Some(TextCut { keep: 0, marker: String::new() }));
    assert_eq!(chars(&text, 101, 0), Some(TextCut { keep: 0, marker: String::new() }));
}

#[test]
fn the_cut_never_splits_a_surrogate_pair() {
    // 😀 is two units at 49..51; 50 kept would split it, so 49 are.
    let text = format!("{}😀{}", "a".repeat(49), "b".repeat(50));
    let len = utf16_len(&text);
    assert_eq!(len, 101);
    assert_eq!(chars(&text, len, 76), Some(TextCut { keep: 49, marker: "\n…[52 chars elided of 101]".into() }));
    assert_eq!(chars(&text, len, 77), Some(TextCut { keep: 51, marker: "\n…[50 chars elided of 101]".into() }));
}

#[test]
fn a_text_at_the_token_cap_is_kept_and_one_token_over_is_cut_with_the_marker_counted() {
    // " hello" is one cl100k token: 60 of them, 360 chars.
    let text = " hello".repeat(60);
    assert_eq!(count(&text), 60);
    assert_eq!(tokens(&text, 1000, 60), None);
    let cut = tokens(&text, 1000, 59).expect("one token over");
    // The marker is 11 tokens: 48 words fit beside it, 49 would be 60; the 49th word's space
    // joins the marker's newline in one token, so it fits too.
    assert_eq!(cut, TextCut { keep: 289, marker: "\n…[71 chars elided of 360]".into() });
    let out = joined(&text, &cut);
    assert_eq!(count(&out), 59);
    assert_eq!(count(&format!("{}\n…[66 chars elided of 360]", &text[..294])), 60);
    // Both caps: the chars bind here.
    let cut = tokens(&text, 100, 59).expect("over both");
    assert_eq!(cut, TextCut { keep: 73, marker: "\n…[287 chars elided of 360]".into() });
    assert!(count(&joined(&text, &cut)) <= 59);
}

#[test]
fn a_marker_over_the_token_cap_gives_an_empty_text() {
    let text = " hello".repeat(60);
    let marker_tokens = count("\n…[360 chars elided of 360]");
    assert_eq!(marker_tokens, 11);
    // The first space joins the newline: one char kept at no cost.
    assert_eq!(tokens(&text, 1000, 11), Some(TextCut { keep: 1, marker: "\n…[359 chars elided of 360]".into() }));
    assert_eq!(tokens(&text, 1000, 10), Some(TextCut { keep: 0, marker: String::new() }));
}

#[test]
fn every_cut_fits_both_caps() {
    let texts = [" hello".repeat(200), "é😀ab\n".repeat(300), "{\"k\":[1,2,3]}".repeat(90), "x".repeat(5000)];
    for text in &texts {
        for max_chars in [30, 64, 100, 333, 1000] {
            for max in [12, 20, 50, 200] {
                let Some(cut) = tokens(text, max_chars, max) else {
                    assert!(utf16_len(text) <= max_chars && count(text) <= max);
                    continue;
                };
                let out = joined(text, &cut);
                assert!(utf16_len(&out) <= max_chars, "{max_chars} chars: {out:?}");
                assert!(count(&out) <= max, "{max} tokens: {out:?}");
                // One more char would not fit.
                let kept = &text[..byte_index(text, cut.keep)];
                if let Some(c) = text[kept.len()..].chars().next().filter(|_| !cut.marker.is_empty()) {
                    let longer = format!("{kept}{c}{}", marker_for(utf16_len(text), cut.keep + c.len_utf16()));
                    assert!(utf16_len(&longer) > max_chars || count(&longer) > max, "{longer:?} fits too");
                }
            }
        }
    }
}

#[test]
fn a_byte_cap_keeps_the_longest_head_whose_bytes_and_marker_fit() {
    let text = "é".repeat(100);
    let bytes = |max_bytes: usize| plan_head_cut(&text, 100, 1000, Some(max_bytes), None).expect("no token cap");
    assert_eq!(bytes(200), None);
    for max_bytes in [60, 101, 150, 199] {
        let cut = bytes(max_bytes).expect("over the byte cap");
        let joined = joined(&text, &cut);
        assert!(joined.len() <= max_bytes, "{max_bytes}: {}", joined.len());
        // One more char would not fit.
        let longer = format!("{}{}", &text[..byte_index(&text, cut.keep + 1)], marker_for(100, cut.keep + 1));
        assert!(longer.len() > max_bytes, "{max_bytes}");
    }
    assert_eq!(bytes(10), Some(TextCut { keep: 0, marker: String::new() }));
    // The char cap still binds when it is the smaller one.
    let cut = plan_head_cut(&text, 100, 50, Some(1000), None).expect("no token cap").expect("over");
    assert_eq!(utf16_len(&joined(&text, &cut)), 50);
}
