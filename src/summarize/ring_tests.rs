use super::*;

fn p(s: &str) -> Value {
    serde_json::from_str(s).expect("test JSON")
}

const HANDLES: &str = r#"{"editor":"scene","handles":[
 {"id":"h1","editor":"chrome","kind":"tap","x":1,"y":2,"rect":[0,0,4,4]},
 {"id":"h2","editor":"chrome","kind":"drag","x":3,"y":4},
 {"id":7,"kind":"__proto__","x":5,"y":6}
],"generatedAt":5}"#;

#[test]
fn handles_counts_by_default() {
    assert_eq!(
        handles(&p(HANDLES), &p("{}")).expect("ok"),
        format!(r#"{{"editor":"scene","generatedAt":5,"byEditor":{{"chrome":2,"?":1}},"byKind":{{"tap":1,"drag":1,"__proto__":1}},"hint":"{HANDLES_HINT}"}}"#)
    );
    assert_eq!(
        handles(&p(r#"{"handles":[]}"#), &p("{}")).expect("ok"),
        format!(r#"{{"byEditor":{{}},"byKind":{{}},"hint":"{NO_HANDLES_HINT}"}}"#)
    );
}

#[test]
fn handles_filters_return_geometry() {
    assert_eq!(
        handles(&p(HANDLES), &p(r#"{"editor":"chrome","kind":"drag"}"#)).expect("ok"),
        r#"{"editor":"scene","handles":[{"id":"h2","editor":"chrome","kind":"drag","x":3,"y":4}],"generatedAt":5}"#
    );
    assert_eq!(
        handles(&p(HANDLES), &p(r#"{"ids":["h1",7]}"#)).expect("ok"),
        r#"{"editor":"scene","handles":[{"id":"h1","editor":"chrome","kind":"tap","x":1,"y":2,"rect":[0,0,4,4]},{"id":7,"kind":"__proto__","x":5,"y":6}],"generatedAt":5}"#
    );
    assert_eq!(handles(&p(HANDLES), &p(r#"{"editor":"skin"}"#)).expect("ok"), r#"{"editor":"scene","handles":[],"generatedAt":5}"#);
}
