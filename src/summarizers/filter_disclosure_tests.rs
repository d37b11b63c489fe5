use super::*;

use crate::testing::json as v;

#[test]
fn describe_filter_leaves_out_what_did_not_filter() {
    let (p, u, e, a, g, n) = (v("\"P\""), v("null"), v("\"\""), v("[]"), v("[\"a\",\"b\"]"), v("0"));
    let entries = [("name", &p), ("id", &u), ("where", &e), ("ids", &a), ("guids", &g), ("n", &n)];
    assert_eq!(describe_filter(entries), "name=P, guids=[a,b], n=0");
}

#[test]
fn describe_filter_writes_values_as_javascript_does() {
    let (t, f, num, obj, arr) =
        (v("true"), v("false"), v("1e21"), v(r#"{"a":[1]}"#), v(r#"[1,null,[2,3],{"x":1},true,"s"]"#));
    let entries = [("on", &t), ("off", &f), ("big", &num), ("o", &obj), ("mix", &arr)];
    assert_eq!(describe_filter(entries), r#"on=true, big=1e+21, o={"a":[1]}, mix=[1,,2,3,[object Object],true,s]"#);
}

#[test]
fn live_set_is_distinct_sorted_capped_and_blank_free() {
    assert_eq!(live_set(["b", "a", "b", "", "  ", "\u{feff}"], LIVE_VOCABULARY_CAP, None), "{a, b}");
    assert_eq!(live_set(["a", "b", "c"], 2, None), "{a, b, … +1 more}");
    assert_eq!(live_set(["a", "b"], 0, None), "{… +2 more}");
    assert_eq!(live_set(std::iter::empty(), 3, None), "{}");
    // UTF-16 order: U+FF21 (one unit) sorts after U+1F600 (a surrogate pair starting 0xD83D).
    assert_eq!(live_set(["\u{ff21}", "\u{1f600}", "Z"], 5, None), "{Z, \u{1f600}, \u{ff21}}");
}

#[test]
fn live_set_near_puts_the_closest_value_inside_the_cap() {
    let many: Vec<String> = (0..40).map(|i| format!("Aaa{i:02}")).chain(["Save As".to_owned()]).collect();
    let refs = || many.iter().map(String::as_str);
    assert_eq!(live_set(refs(), 3, None), "{Aaa00, Aaa01, Aaa02, … +38 more}");
    assert_eq!(live_set(refs(), 3, Some("Sav As")), "{Save As, Aaa00, Aaa01, … +38 more}");
    // A substring hit outranks any edit distance; an empty `near` ranks nothing.
    assert_eq!(live_set(["Plyr", "PlayerOne"], 1, Some("player")), "{PlayerOne, … +1 more}");
    assert_eq!(live_set(["b", "a"], 5, Some("")), "{a, b}");
    // Equal distances keep alphabetical order.
    assert_eq!(live_set(["cab", "bab", "aab"], 5, Some("xab")), "{aab, bab, cab}");
}

#[test]
fn distance_is_case_insensitive_and_reads_64_units() {
    assert_eq!(distance("Kitten", "sitting"), 3);
    assert_eq!(distance("ABC", "abc"), 0);
    let long_a = format!("{}x", "a".repeat(64));
    let long_b = format!("{}y", "a".repeat(64));
    assert_eq!(distance(&long_a, &long_b), 0);
}

fn hint(count: f64, label: Option<&str>, live: Vec<(&str, Vec<&str>)>, near: Vec<(&str, &str)>) -> String {
    empty_filter_hint(&EmptyFilter {
        what: "entity",
        filter: "name=Plyer",
        unfiltered_count: count,
        unfiltered_label: label,
        live,
        near,
    })
}

#[test]
fn empty_filter_hint_tells_the_two_readings_apart() {
    assert_eq!(
        hint(0.0, None, vec![], vec![]),
        "no entity matches name=Plyer — and none exist to match (0 unfiltered), so the filter is not why this is empty."
    );
    assert_eq!(
        hint(2.0, None, vec![("name", vec!["Enemy", "Player"]), ("empty", vec![""])], vec![("name", "Plyer")]),
        "no entity matches name=Plyer, but 2 exist unfiltered. Live now: name ∈ {Player, Enemy}. Check the spelling, or drop the filter."
    );
    assert_eq!(
        hint(3.0, Some("exist with no filter"), vec![], vec![]),
        "no entity matches name=Plyer, but 3 exist with no filter. Check the spelling, or drop the filter."
    );
    assert_eq!(
        hint(0.0, Some("exist with no filter"), vec![], vec![]),
        "no entity matches name=Plyer — and none exist to match (0 with no filter), so the filter is not why this is empty."
    );
    // A label that does not start with "exist" is kept whole; an empty one reads as absent there.
    assert!(hint(0.0, Some("rows"), vec![], vec![]).contains("(0 rows)"));
    assert!(hint(0.0, Some(""), vec![], vec![]).contains("(0 unfiltered)"));
    assert!(hint(5.0, Some(""), vec![], vec![]).contains("but 5 ."));
}

#[test]
fn empty_filter_hint_joins_several_vocabularies() {
    assert_eq!(
        hint(4.0, None, vec![("name", vec!["b", "a"]), ("layer", vec!["3d", "ui", "3d"])], vec![]),
        "no entity matches name=Plyer, but 4 exist unfiltered. Live now: name ∈ {a, b}; layer ∈ {3d, ui}. Check the spelling, or drop the filter."
    );
}
