use super::*;

use crate::testing::json as p;

fn run(traits: &str, available: Option<&str>, query: &str) -> String {
    let flag = available.map(p);
    summarize_traits(&p(traits), flag.as_ref(), &p(query)).expect("ok")
}

const TRAITS: &str = r#"{
  "Transform":{"category":"core","fields":{"x":"f32","y":"f32"}},
  "Renderable3D":{"category":"render","fields":{"mesh":"ref"}},
  "RigidBody":{"category":"physics"},
  "Tag":{},
  "SpriteRenderer":{"category":"render"},
  "Blank":{"category":""},
  "__proto__":{"category":"constructor"}
}"#;

const NO_RENDERER_OPTIONS_JSON: &str =
    r#"["wait for the editor window to finish loading, then retry","check the editor is running: modoki_identity"]"#;

#[test]
fn bare_lists_names_by_category_with_the_flag_as_given() {
    let by_category = r#""byCategory":{"core":["Transform"],"render":["Renderable3D","SpriteRenderer"],"physics":["RigidBody"],"other":["Tag"],"":["Blank"],"constructor":["__proto__"]}"#;
    assert_eq!(
        run(TRAITS, Some("true"), "{}"),
        format!(r#"{{"schemaAvailable":true,"traitCount":7,{by_category},"hint":"{BARE_HINT}"}}"#)
    );
    // A populated registry with schemaAvailable:false is still listed, flag propagated.
    assert_eq!(
        run(TRAITS, Some("false"), "{}"),
        format!(r#"{{"schemaAvailable":false,"traitCount":7,{by_category},"hint":"{BARE_HINT}"}}"#)
    );
    assert_eq!(run(TRAITS, None, "{}"), format!(r#"{{"traitCount":7,{by_category},"hint":"{BARE_HINT}"}}"#));
}

#[test]
fn an_empty_registry_refuses_bare_and_all() {
    let why = "the trait registry is EMPTY — no editor renderer has pushed it yet (cold start, or the window is reloading). This says NOTHING about whether traits exist.";
    for flag in [Some("true"), Some("false"), None] {
        assert_eq!(
            run("{}", flag, "{}"),
            format!(
                r#"{{"error":{{"code":"NO_RENDERER","what":"list the registered ECS traits","why":"{why}","options":{NO_RENDERER_OPTIONS_JSON}}}}}"#
            )
        );
        assert_eq!(
            run("null", flag, r#"{"all":true}"#),
            format!(
                r#"{{"error":{{"code":"NO_RENDERER","what":"list every registered ECS trait with its schema","why":"{why}","options":{NO_RENDERER_OPTIONS_JSON}}}}}"#
            )
        );
    }
}

#[test]
fn name_returns_one_schema_even_for_hostile_names() {
    assert_eq!(
        run(TRAITS, Some("true"), r#"{"name":"Transform"}"#),
        r#"{"schemaAvailable":true,"traits":{"Transform":{"category":"core","fields":{"x":"f32","y":"f32"}}}}"#
    );
    assert_eq!(run(TRAITS, None, r#"{"name":"__proto__"}"#), r#"{"traits":{"__proto__":{"category":"constructor"}}}"#);
}

#[test]
fn a_miss_on_a_loaded_registry_is_not_found_with_near_names() {
    assert_eq!(
        run(TRAITS, Some("true"), r#"{"name":"render"}"#),
        r#"{"error":{"code":"NOT_FOUND","what":"look up the field schema for trait \"render\"","why":"no registered trait has that name. Trait names are case-sensitive.","got":"render","options":["Renderable3D","SpriteRenderer"]}}"#
    );
    assert_eq!(
        run(TRAITS, Some("true"), r#"{"name":"constructor"}"#),
        r#"{"error":{"code":"NOT_FOUND","what":"look up the field schema for trait \"constructor\"","why":"no registered trait has that name. Trait names are case-sensitive.","got":"constructor","options":["call modoki_list_traits bare for every registered name, grouped by category"]}}"#
    );
    let many: Vec<String> = (0..12).map(|i| format!(r#""Light{i}":{{}}"#)).collect();
    let out = run(&format!("{{{}}}", many.join(",")), None, r#"{"name":"light"}"#);
    assert!(
        out.ends_with(
            r#""got":"light","options":["Light0","Light1","Light2","Light3","Light4","Light5","Light6","Light7"]}}"#
        ),
        "{out}"
    );
}

#[test]
fn a_miss_on_an_unloaded_registry_says_nothing_is_known() {
    let expected = format!(
        r#"{{"error":{{"code":"NO_RENDERER","what":"look up the field schema for trait \"Transform\"","why":"the trait registry is EMPTY — no editor renderer has pushed it yet (cold start, or the window is reloading). This says NOTHING about whether the trait exists.","options":{NO_RENDERER_OPTIONS_JSON}}}}}"#
    );
    assert_eq!(run("{}", Some("true"), r#"{"name":"Transform"}"#), expected);
    assert_eq!(run(r#"{"Tag":{}}"#, Some("false"), r#"{"name":"Transform"}"#), expected);
    assert_eq!(run("null", None, r#"{"name":"Transform"}"#), expected);
    // A hit still answers while the flag is false: the schema is there.
    assert_eq!(
        run(r#"{"Tag":{}}"#, Some("false"), r#"{"name":"Tag"}"#),
        r#"{"schemaAvailable":false,"traits":{"Tag":{}}}"#
    );
}

#[test]
fn all_returns_every_schema() {
    assert_eq!(
        run(r#"{"A":{"fields":{"f":1.5e21}},"B":{}}"#, Some("true"), r#"{"all":true}"#),
        r#"{"schemaAvailable":true,"traits":{"A":{"fields":{"f":1.5e+21}},"B":{}}}"#
    );
}

#[test]
fn a_registry_that_is_not_an_object_is_invalid_input() {
    let e = summarize_traits(&p("[1]"), None, &Value::Null).expect_err("refused");
    assert_eq!(e.code, crate::error::ErrorCode::InvalidInput);
}
