use super::*;

fn run(assets: &str, query: &str) -> String {
    let p = |s: &str| serde_json::from_str::<Value>(s).expect("json");
    summarize_assets(&p(assets), &p(query)).expect("ok")
}

const ASSETS: &str = r#"[
  {"guid":"g1","path":"fonts/Inter.ttf","name":"Inter","type":"font"},
  {"guid":"g2","path":"models/rock.glb","name":"Rock","type":"mesh"},
  {"guid":"g3","path":"fonts/Mono.ttf","name":"Mono","type":"font"},
  {"guid":"g4","path":"textures/rock.png","name":"rock_albedo","type":"texture"},
  {"guid":"g5","path":"misc/__proto__.bin","name":"__proto__","type":"__proto__"}
]"#;

const G1: &str = r#"{"guid":"g1","path":"fonts/Inter.ttf","name":"Inter","type":"font"}"#;
const G3: &str = r#"{"guid":"g3","path":"fonts/Mono.ttf","name":"Mono","type":"font"}"#;

#[test]
fn bare_is_total_count_and_counts_in_first_seen_order() {
    assert_eq!(
        run(ASSETS, "{}"),
        format!(r#"{{"totalCount":5,"byType":{{"font":2,"mesh":1,"texture":1,"__proto__":1}},"hint":"{BARE_HINT}"}}"#)
    );
    assert_eq!(run("[]", "{}"), format!(r#"{{"totalCount":0,"byType":{{}},"hint":"{BARE_HINT}"}}"#));
    assert_eq!(
        run(r#"[{"guid":"x"}]"#, "{}"),
        format!(r#"{{"totalCount":1,"byType":{{"?":1}},"hint":"{BARE_HINT}"}}"#)
    );
    // Values JavaScript reads as unset leave the call bare.
    assert!(run(ASSETS, r#"{"type":"","folder":null,"name":0,"all":false}"#).starts_with(r#"{"totalCount":5,"byType""#));
}

#[test]
fn filtered_entries_carry_both_counts() {
    assert_eq!(
        run(ASSETS, r#"{"type":"font","folder":"fonts/"}"#),
        format!(r#"{{"returnedCount":2,"totalCount":2,"assets":[{G1},{G3}]}}"#)
    );
    assert_eq!(
        run(ASSETS, r#"{"name":"ROCK"}"#),
        r#"{"returnedCount":2,"totalCount":2,"assets":[{"guid":"g2","path":"models/rock.glb","name":"Rock","type":"mesh"},{"guid":"g4","path":"textures/rock.png","name":"rock_albedo","type":"texture"}]}"#
    );
    // type is compared strictly: the number 3 is not the string "3".
    assert_eq!(
        run(r#"[{"path":"a","name":"a","type":"3"}]"#, r#"{"type":3}"#),
        r#"{"returnedCount":0,"totalCount":0,"assets":[],"hint":"no asset matches type=3, but 1 exist unfiltered. Live now: type ∈ {3}. Check the spelling, or drop the filter."}"#
    );
}

#[test]
fn an_empty_filter_names_the_population_and_the_live_types() {
    assert_eq!(
        run(ASSETS, r#"{"type":"fnt"}"#),
        r#"{"returnedCount":0,"totalCount":0,"assets":[],"hint":"no asset matches type=fnt, but 5 exist unfiltered. Live now: type ∈ {font, mesh, texture, __proto__}. Check the spelling, or drop the filter."}"#
    );
    // The vocabulary is ranked closest to the caller's value: font (1 edit), mesh (4), …
    // Without a type filter there is no vocabulary to list.
    assert_eq!(
        run(ASSETS, r#"{"folder":"sounds/","name":"x"}"#),
        r#"{"returnedCount":0,"totalCount":0,"assets":[],"hint":"no asset matches folder=sounds/, name=x, but 5 exist unfiltered. Check the spelling, or drop the filter."}"#
    );
    assert_eq!(
        run("[]", r#"{"type":"font"}"#),
        r#"{"returnedCount":0,"totalCount":0,"assets":[],"hint":"no asset matches type=font — and none exist to match (0 unfiltered), so the filter is not why this is empty."}"#
    );
    // all=true on an empty list is not a filter that missed: no hint.
    assert_eq!(run("[]", r#"{"all":true}"#), r#"{"returnedCount":0,"totalCount":0,"assets":[]}"#);
}

#[test]
fn limit_targets_and_guards() {
    assert_eq!(
        run(ASSETS, r#"{"limit":1}"#),
        format!(r#"{{"returnedCount":1,"totalCount":5,"assets":[{G1}],"truncated":true}}"#)
    );
    assert_eq!(run(ASSETS, r#"{"limit":0}"#), r#"{"returnedCount":0,"totalCount":5,"assets":[],"truncated":true}"#);
    assert_eq!(run(ASSETS, r#"{"limit":-2}"#), r#"{"returnedCount":0,"totalCount":5,"assets":[],"truncated":true}"#);
    assert_eq!(
        run(ASSETS, r#"{"limit":"-Infinity"}"#),
        r#"{"returnedCount":0,"totalCount":5,"assets":[],"truncated":true}"#
    );
    assert_eq!(
        run(ASSETS, r#"{"type":"font","limit":1.9}"#),
        format!(r#"{{"returnedCount":1,"totalCount":2,"assets":[{G1}],"truncated":true}}"#)
    );
    // NaN, Infinity and huge limits target (entries) but cap nothing.
    for limit in [r#""NaN""#, r#""Infinity""#, "1e300", r#""abc""#] {
        assert!(
            run(ASSETS, &format!(r#"{{"limit":{limit}}}"#))
                .starts_with(r#"{"returnedCount":5,"totalCount":5,"assets":["#),
            "{limit}"
        );
    }
    assert_eq!(
        run(ASSETS, r#"{"type":"font","limit":"2"}"#),
        format!(r#"{{"returnedCount":2,"totalCount":2,"assets":[{G1},{G3}]}}"#)
    );
    assert!(run(ASSETS, r#"{"all":true}"#).starts_with(r#"{"returnedCount":5,"totalCount":5,"assets":["#));
}

#[test]
fn numbers_in_entries_print_as_javascript_prints_them() {
    assert_eq!(
        run(r#"[{"path":"p","name":"n","type":"t","size":1e21,"ratio":0.0000001}]"#, r#"{"all":1}"#),
        r#"{"returnedCount":1,"totalCount":1,"assets":[{"path":"p","name":"n","type":"t","size":1e+21,"ratio":1e-7}]}"#
    );
}

#[test]
fn a_non_array_is_invalid_input() {
    let e = summarize_assets(&serde_json::json!({"a":1}), &Value::Null).expect_err("refused");
    assert_eq!(e.code, crate::error::ErrorCode::InvalidInput);
    assert_eq!(e.message, "summarizeAssets: assets must be an array");
}
