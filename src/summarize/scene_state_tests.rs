use super::*;

fn run(entities: &str, query: &str, options: &str) -> String {
    let p = |s: &str| serde_json::from_str::<Value>(s).expect("test JSON");
    scene_state(&p(entities), &p(query), &p(options)).expect("ok")
}

const SCENE: &str = r#"[
 {"id":1,"name":"Island","traits":["Transform","Renderable3D"],"parentId":0,"sortOrder":0,"layer":"3d","guid":"98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab",
  "values":{"Transform":{"x":1,"y":5.5},"Renderable3D":{"mesh":"rock"}},"world":{"x":1}},
 {"id":2,"name":"Palm","traits":["Transform"],"parentId":1,"sortOrder":1,"values":{"Transform":{"x":2,"y":1,"tag":"Tree"}}},
 {"id":3,"name":"Mat","traits":["Material"],"parentId":0,"sortOrder":2,"isResource":true,"values":{"Material":{"c":"red"}}},
 {"id":4,"name":"palm big","traits":["Transform"],"parentId":1,"sortOrder":3,"layer":"3d","guid":"17ed628f-15eb-20d2-97f2-a93d8df05ae8","values":{"Transform":{"x":"3","y":"high"}}}
]"#;

const HINT: &str = "Index only — trait NAMES, no values. Drill down: full=1 (all field values), trait=<Trait>, id=<n>, name=<substr>, where=\\\"Transform.y > 3\\\". Enrichers: world=1, bounds=1, contacts=1, resources=1.";

#[test]
fn index_mode_names_only_drops_resources() {
    let out = run(SCENE, "{}", r#"{"scenePath":"s.json"}"#);
    assert_eq!(
        out,
        format!(
            concat!(
                r#"{{"scenePath":"s.json","entityCount":3,"entities":["#,
                r#"{{"id":1,"guid":"98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab","name":"Island","parentId":0,"layer":"3d","traits":["Transform","Renderable3D"]}},"#,
                r#"{{"id":2,"guid":"2","name":"Palm","parentId":1,"layer":null,"traits":["Transform"]}},"#,
                r#"{{"id":4,"guid":"17ed628f-15eb-20d2-97f2-a93d8df05ae8","name":"palm big","parentId":1,"layer":"3d","traits":["Transform"]}}],"#,
                r#""hint":"{}"}}"#
            ),
            HINT
        )
    );
}

#[test]
fn index_resources_and_guid_prefix() {
    let out = run(SCENE, r#"{"resources":1}"#, r#"{"guidPrefix":12}"#);
    assert!(out.starts_with(r#"{"scenePath":null,"entityCount":4,"#), "{out}");
    assert!(out.contains(r#""guid":"98b2bcaa3424""#) && out.contains(r#""guid":"17ed628f15eb""#) && out.contains(r#""guid":"3""#));
}

#[test]
fn index_truncation_default_limit_and_explicit_limits() {
    let many: Vec<String> = (1..=250).map(|i| format!(r#"{{"id":{i},"name":"e{i}","traits":[],"parentId":0}}"#)).collect();
    let scene = format!("[{}]", many.join(","));
    let out = run(&scene, "{}", "{}");
    assert!(out.starts_with(r#"{"scenePath":null,"entityCount":200,"#));
    assert!(out.ends_with(&format!(r#""truncated":true,"totalCount":250,"hint":"{HINT} Showing 200 of 250; raise limit=N."}}"#)), "{out}");
    let out = run(&scene, r#"{"limit":0}"#, "{}");
    assert_eq!(out, format!(r#"{{"scenePath":null,"entityCount":0,"entities":[],"truncated":true,"totalCount":250,"hint":"{HINT} Showing 0 of 250; raise limit=N."}}"#));
    let out = run(&scene, r#"{"limit":1e300}"#, "{}");
    assert!(out.starts_with(r#"{"scenePath":null,"entityCount":250,"#) && !out.contains("truncated"));
}

#[test]
fn empty_scene() {
    assert_eq!(run("[]", "{}", "{}"), format!(r#"{{"scenePath":null,"entityCount":0,"entities":[],"hint":"{HINT}"}}"#));
    assert_eq!(run("null", r#"{"full":1}"#, "{}"), r#"{"scenePath":null,"entityCount":0,"entities":[]}"#);
}

#[test]
fn targeted_queries_return_values() {
    assert_eq!(
        run(SCENE, r#"{"id":2}"#, "{}"),
        r#"{"scenePath":null,"entityCount":1,"entities":[{"id":2,"name":"Palm","parentId":1,"layer":null,"traits":{"Transform":{"x":2,"y":1,"tag":"Tree"}}}]}"#
    );
    assert_eq!(
        run(SCENE, r#"{"id":"3"}"#, "{}"),
        r#"{"scenePath":null,"entityCount":1,"entities":[{"id":3,"name":"Mat","parentId":0,"layer":null,"traits":{"Material":{"c":"red"}}}]}"#
    );
    assert_eq!(
        run(SCENE, r#"{"name":"PALM","trait":"Transform"}"#, "{}"),
        r#"{"scenePath":null,"entityCount":2,"entities":[{"id":2,"name":"Palm","parentId":1,"layer":null,"traits":{"Transform":{"x":2,"y":1,"tag":"Tree"}}},{"id":4,"name":"palm big","parentId":1,"layer":"3d","traits":{"Transform":{"x":"3","y":"high"}}}]}"#
    );
    assert_eq!(
        run(SCENE, r#"{"guid":"17ed628f-15eb-20d2-97f2-a93d8df05ae8"}"#, "{}"),
        r#"{"scenePath":null,"entityCount":1,"entities":[{"id":4,"name":"palm big","parentId":1,"layer":"3d","traits":{"Transform":{"x":"3","y":"high"}}}]}"#
    );
}

#[test]
fn trait_query_keeps_only_that_traits_values() {
    let out = run(SCENE, r#"{"trait":"Renderable3D","id":1}"#, "{}");
    assert_eq!(out, r#"{"scenePath":null,"entityCount":1,"entities":[{"id":1,"name":"Island","parentId":0,"layer":"3d","traits":{"Renderable3D":{"mesh":"rock"}}}]}"#);
}

#[test]
fn unknown_guid_warns() {
    assert_eq!(
        run(SCENE, r#"{"guid":"00000000-0000-0000-0000-000000000000"}"#, "{}"),
        r#"{"scenePath":null,"entityCount":0,"entities":[],"warnings":["guid \"00000000-0000-0000-0000-000000000000\" matched no entity in the live world (it may be stale — ids/entities rebuild on scene reload)."]}"#
    );
}

#[test]
fn enrichers_switch_to_values_and_copy_their_key() {
    let out = run(SCENE, r#"{"world":1,"limit":1}"#, "{}");
    assert_eq!(
        out,
        r#"{"scenePath":null,"entityCount":1,"entities":[{"id":1,"name":"Island","parentId":0,"layer":"3d","traits":{"Transform":{"x":1,"y":5.5},"Renderable3D":{"mesh":"rock"}},"world":{"x":1}}],"truncated":true,"totalCount":3,"hint":"Showing 1 of 3; raise limit=N or narrow the filter."}"#
    );
}

#[test]
fn where_filters_numerically_and_by_string() {
    let ids = |q: &str| -> Vec<i64> {
        let v: Value = serde_json::from_str(&run(SCENE, q, "{}")).expect("json");
        v["entities"].as_array().expect("array").iter().map(|e| e["id"].as_i64().expect("id")).collect()
    };
    assert_eq!(ids(r#"{"where":"Transform.y > 3"}"#), vec![1]);
    assert_eq!(ids(r#"{"where":"Transform.x >= 2"}"#), vec![2, 4]);
    assert_eq!(ids(r#"{"where":"Transform.x == 3"}"#), vec![4]);
    assert_eq!(ids(r#"{"where":"Transform.y = high"}"#), vec![4]);
    assert_eq!(ids(r#"{"where":"Transform.y != high"}"#), vec![1, 2]);
    assert_eq!(ids(r#"{"where":"Transform.tag ~ tre"}"#), vec![2]);
    assert_eq!(ids(r#"{"where":"Transform.y < 2"}"#), vec![2]);
    assert_eq!(ids(r#"{"where":"Transform.y <= 1"}"#), vec![2]);
    assert_eq!(ids(r#"{"where":"Material.c = red"}"#), vec![3]);
}

#[test]
fn unparsable_where_warns_and_is_not_targeted() {
    let out = run(SCENE, r#"{"where":"Transform y 3"}"#, "{}");
    assert!(out.starts_with(r#"{"scenePath":null,"entityCount":3,"entities":[{"id":1,"guid":"#), "{out}");
    assert!(out.ends_with(&format!(
        r#""warnings":["could not parse where \"Transform y 3\" — expected 'Trait.field <op> value' (op ∈ = != > >= < <= ~)"],"hint":"{HINT}"}}"#
    )));
}

#[test]
fn unknown_trait_and_field_in_where() {
    assert_eq!(
        run(SCENE, r#"{"where":"Nope.x > 1"}"#, "{}"),
        r#"{"scenePath":null,"entityCount":0,"entities":[],"warnings":["unknown trait \"Nope\" in where \"Nope.x > 1\""]}"#
    );
    assert_eq!(
        run(SCENE, r#"{"where":"Transform.q > 1"}"#, "{}"),
        r#"{"scenePath":null,"entityCount":0,"entities":[],"warnings":["unknown field \"Transform.q\" in where \"Transform.q > 1\""]}"#
    );
    let registry = r#"{"traits":{"Transform":{"fields":["x","y","z"]},"Light":{}}}"#;
    // The registry, not the data, decides: z is a known field even though no entity has it.
    assert_eq!(run(SCENE, r#"{"where":"Transform.z > 1"}"#, registry), r#"{"scenePath":null,"entityCount":0,"entities":[]}"#);
    assert_eq!(
        run(SCENE, r#"{"where":"Renderable3D.mesh = rock"}"#, registry),
        r#"{"scenePath":null,"entityCount":0,"entities":[],"warnings":["unknown trait \"Renderable3D\" in where \"Renderable3D.mesh = rock\""]}"#
    );
    assert_eq!(
        run(SCENE, r#"{"where":"Transform.w > 1"}"#, registry),
        r#"{"scenePath":null,"entityCount":0,"entities":[],"warnings":["unknown field \"Transform.w\" in where \"Transform.w > 1\""]}"#
    );
}

#[test]
fn non_numeric_ordering_comparison_matches_nothing_and_says_why() {
    assert_eq!(
        run(SCENE, r#"{"where":"Transform.y > high"}"#, "{}"),
        r#"{"scenePath":null,"entityCount":0,"entities":[],"warnings":["where \"Transform.y > high\": '>' compares numbers, but \"high\" is not a number — nothing matches"]}"#
    );
}

#[test]
fn hostile_keys_are_plain_data() {
    let scene = r#"[{"id":1,"name":"__proto__","traits":["__proto__","constructor"],"values":{"__proto__":{"polluted":1},"constructor":{"x":2}}}]"#;
    assert_eq!(
        run(scene, r#"{"full":true}"#, "{}"),
        r#"{"scenePath":null,"entityCount":1,"entities":[{"id":1,"name":"__proto__","parentId":null,"layer":null,"traits":{"__proto__":{"polluted":1},"constructor":{"x":2}}}]}"#
    );
    assert_eq!(
        run(scene, r#"{"where":"__proto__.polluted = 1"}"#, "{}"),
        r#"{"scenePath":null,"entityCount":1,"entities":[{"id":1,"name":"__proto__","parentId":null,"layer":null,"traits":{"__proto__":{"polluted":1},"constructor":{"x":2}}}]}"#
    );
}

#[test]
fn wrong_input_kind_is_an_error() {
    let p = |s: &str| serde_json::from_str::<Value>(s).expect("json");
    assert_eq!(scene_state(&p("{}"), &p("{}"), &p("{}")), Err("sceneState: entities must be an array".to_owned()));
}

#[test]
fn guid_prefix_from_the_index_resolves_only_when_unique() {
    let out = run(SCENE, r#"{"guid":"17ed628f15eb"}"#, "{}");
    assert_eq!(
        out,
        r#"{"scenePath":null,"entityCount":1,"entities":[{"id":4,"name":"palm big","parentId":1,"layer":"3d","traits":{"Transform":{"x":"3","y":"high"}}}]}"#
    );
    let twins = r#"[{"id":1,"name":"a","traits":[],"guid":"98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab"},{"id":2,"name":"b","traits":[],"guid":"98b2bcaa-ffff-79c9-8f00-9bd4fa5e85ab"}]"#;
    assert_eq!(
        run(twins, r#"{"guid":"98b2bcaa"}"#, "{}"),
        r#"{"scenePath":null,"entityCount":0,"entities":[],"warnings":["GUID prefix \"98b2bcaa\" is ambiguous: it matches 2 GUIDs: 98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab, 98b2bcaa-ffff-79c9-8f00-9bd4fa5e85ab. Pass more hex digits."]}"#
    );
    // Under 6 hex digits is never resolved.
    assert!(run(twins, r#"{"guid":"98b2b"}"#, "{}").contains("matched no entity in the live world"));
}
