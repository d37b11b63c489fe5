use super::*;

use crate::testing::json as p;

fn run(result: &str, query: &str) -> String {
    handles(&p(result), &p(query), &Remedies::default())
}

const REMEDIES: Remedies = Remedies { no_handles: "nothing exposes handles.", nothing_live: "nothing is live." };

/// A dump shaped like the editor's handle producer: rows plus the counters that describe them.
const DUMP: &str = r#"{"returnedCount":4,"totalCount":4,"editors":["chrome","dopesheet"],"offScreenCount":1,"occludedCount":1,"occlusionUnchecked":2,"disabledCount":1,"viewport":{"w":800,"h":600},"handles":[
  {"id":"dialog.save","editor":"chrome","kind":"button","label":"Save  As","onScreen":true,"occlusionChecked":true},
  {"id":"toolbar.play","editor":"chrome","kind":"button","label":"Play","onScreen":false,"occludedBy":"menu","occlusionChecked":true},
  {"id":"k1","editor":"dopesheet","kind":"key","onScreen":true,"occlusionChecked":false,"meta":{"disabled":true}},
  {"id":"k2","editor":"dopesheet","kind":"key","onScreen":true,"occlusionChecked":false}
]}"#;

const COUNTERS: &str = r#""editors":["chrome","dopesheet"],"offScreenCount":1,"occludedCount":1,"occlusionUnchecked":2,"disabledCount":1,"viewport":{"w":800,"h":600}"#;

#[test]
fn a_bare_call_answers_counts_and_drops_returned_count() {
    assert_eq!(
        run(DUMP, "{}"),
        format!(
            r#"{{"totalCount":4,{COUNTERS},"byEditor":{{"chrome":2,"dopesheet":2}},"byKind":{{"button":2,"key":2}},"hint":"{COUNTS_HINT}"}}"#
        )
    );
    // An empty ids list narrows nothing: still bare.
    assert_eq!(run(DUMP, r#"{"ids":[],"editor":""}"#), run(DUMP, "{}"));
    let empty = r#"{"returnedCount":0,"totalCount":0,"editors":[],"viewport":{"w":1,"h":1},"handles":[]}"#;
    assert_eq!(
        handles(&p(empty), &p("{}"), &REMEDIES),
        r#"{"totalCount":0,"editors":[],"viewport":{"w":1,"h":1},"byEditor":{},"byKind":{},"hint":"nothing exposes handles."}"#
    );
    // An older dump without totalCount still answers how many exist; missing editor/kind count as `?`.
    assert_eq!(
        run(r#"{"handles":[{"id":1,"kind":"__proto__"}]}"#, "{}"),
        format!(r#"{{"totalCount":1,"byEditor":{{"?":1}},"byKind":{{"__proto__":1}},"hint":"{COUNTS_HINT}"}}"#)
    );
}

#[test]
fn a_filtered_call_returns_rows_with_their_own_counters() {
    assert_eq!(
        run(DUMP, r#"{"editor":"chrome"}"#),
        r#"{"returnedCount":2,"totalCount":2,"editors":["chrome"],"offScreenCount":1,"occludedCount":1,"occlusionUnchecked":0,"disabledCount":0,"viewport":{"w":800,"h":600},"handles":[{"id":"dialog.save","editor":"chrome","kind":"button","label":"Save  As","onScreen":true,"occlusionChecked":true},{"id":"toolbar.play","editor":"chrome","kind":"button","label":"Play","onScreen":false,"occludedBy":"menu","occlusionChecked":true}]}"#
    );
    assert!(run(DUMP, r#"{"ids":"k2, k1"}"#).starts_with(r#"{"returnedCount":2,"totalCount":2,"editors":["dopesheet"],"offScreenCount":0,"occludedCount":0,"occlusionUnchecked":2,"disabledCount":1,"#));
    assert!(run(DUMP, r#"{"prefix":"dialog."}"#).starts_with(r#"{"returnedCount":1,"#));
    // A label matches the whole label, whitespace-collapsed and case-insensitive.
    assert!(run(DUMP, r#"{"label":" save as "}"#).starts_with(r#"{"returnedCount":1,"#));
    assert!(run(DUMP, r#"{"label":"Save"}"#).starts_with(r#"{"returnedCount":0,"#));
}

#[test]
fn a_filter_that_matched_nothing_names_what_is_live() {
    assert_eq!(
        run(DUMP, r#"{"editor":"nope","kind":"key"}"#),
        r#"{"returnedCount":0,"totalCount":0,"editors":[],"offScreenCount":0,"occludedCount":0,"occlusionUnchecked":0,"disabledCount":0,"viewport":{"w":800,"h":600},"handles":[],"byEditor":{"chrome":2,"dopesheet":2},"byKind":{"button":2,"key":2},"hint":"no handle matches editor=nope, kind=key. Live now: editor ∈ {chrome, dopesheet}, kind ∈ {button, key} — check the spelling, or drop the filter for counts."}"#
    );
    let hint = |query: &str| p(&run(DUMP, query))["hint"].as_str().expect("hint").to_owned();
    assert_eq!(
        hint(r#"{"prefix":"dialog.saveAs."}"#),
        "no handle matches prefix=dialog.saveAs.. Live now: editor ∈ {chrome, dopesheet}, kind ∈ {button, key} — check the spelling, or drop the filter for counts. Chrome id prefixes live now: {dialog., toolbar.} — a prefix absent from this set is a panel or dialog that is not open."
    );
    assert_eq!(
        hint(r#"{"label":"Sav","ids":["x","y"]}"#),
        "no handle matches ids=[x,y], label=\"Sav\". Live now: editor ∈ {chrome, dopesheet}, kind ∈ {button, key} — check the spelling, or drop the filter for counts. Chrome id prefixes live now: {dialog., toolbar.} — a prefix absent from this set is a panel or dialog that is not open. A label matches the WHOLE label (whitespace-collapsed, case-insensitive), never a substring."
    );
    assert_eq!(
        handles(&p(r#"{"handles":[]}"#), &p(r#"{"kind":"nope"}"#), &REMEDIES),
        r#"{"returnedCount":0,"totalCount":0,"handles":[],"byEditor":{},"byKind":{},"hint":"no handle matches kind=nope, and nothing is live."}"#
    );
}

#[test]
fn live_editors_are_listed_in_javascript_key_order() {
    let dump = r#"{"handles":[{"editor":"b","kind":"k"},{"editor":"10","kind":"k"},{"editor":"2","kind":"k"},{"editor":"a","kind":"k"}]}"#;
    assert!(p(&run(dump, r#"{"kind":"x"}"#))["hint"].as_str().expect("hint").contains("editor ∈ {2, 10, b, a}"));
}

#[test]
fn a_reply_that_is_not_a_dump_passes_through() {
    assert_eq!(run(r#"{"error":{"code":"NOT_AVAILABLE_HERE"}}"#, "{}"), r#"{"error":{"code":"NOT_AVAILABLE_HERE"}}"#);
    assert_eq!(run(r#"[1,2]"#, r#"{"editor":"x"}"#), "[1,2]");
    assert_eq!(run("null", "{}"), "null");
}

#[test]
fn labels_are_capped_at_60_units_without_splitting_a_pair() {
    assert_eq!(cap_label(&"a".repeat(60)), "a".repeat(60));
    assert_eq!(cap_label(&"a".repeat(61)), format!("{}…", "a".repeat(57)));
    // A pair straddling unit 57 is kept whole by cutting one unit earlier.
    let straddle = format!("{}😀{}", "a".repeat(56), "b".repeat(10));
    assert_eq!(cap_label(&straddle), format!("{}…", "a".repeat(56)));
    let long = format!(r#"{{"handles":[{{"id":"h","editor":"e","label":"{}"}}]}}"#, "x".repeat(80));
    assert!(run(&long, r#"{"ids":["h"]}"#).contains(&format!(r#""label":"{}…""#, "x".repeat(57))));
}
