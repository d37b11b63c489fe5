use super::*;

const G1: &str = "98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab";
const G4: &str = "17ed628f-15eb-20d2-97f2-a93d8df05ae8";

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
fn index_mode_names_only_drops_resources_and_says_how_many() {
    assert_eq!(
        run(SCENE, "{}", r#"{"scenePath":"s.json"}"#),
        format!(
            concat!(
                r#"{{"scenePath":"s.json","returnedCount":3,"totalCount":3,"resourcesExcluded":1,"entities":["#,
                r#"{{"id":1,"guid":"{G1}","name":"Island","parentId":0,"parentGuid":null,"layer":"3d","traits":["Transform","Renderable3D"]}},"#,
                r#"{{"id":2,"guid":null,"name":"Palm","parentId":1,"parentGuid":"{G1}","layer":null,"traits":["Transform"]}},"#,
                r#"{{"id":4,"guid":"{G4}","name":"palm big","parentId":1,"parentGuid":"{G1}","layer":"3d","traits":["Transform"]}}],"#,
                r#""hint":"{HINT}"}}"#
            ),
            G1 = G1,
            G4 = G4,
            HINT = HINT
        )
    );
}

#[test]
fn no_reply_carries_entity_count() {
    for query in ["{}", r#"{"id":2}"#, r#"{"full":1,"limit":1}"#, r#"{"name":"zz"}"#, r#"{"trait":"Nope"}"#] {
        let out = run(SCENE, query, "{}");
        assert!(
            !out.contains("entityCount") && out.contains(r#""returnedCount":"#) && out.contains(r#""totalCount":"#),
            "{query}: {out}"
        );
    }
}

#[test]
fn index_resources_and_guid_prefix() {
    let out = run(SCENE, r#"{"resources":1}"#, r#"{"guidPrefix":12}"#);
    assert!(out.starts_with(r#"{"scenePath":null,"returnedCount":4,"totalCount":4,"entities":["#), "{out}");
    assert!(out.contains(r#"{"id":2,"guid":null,"name":"Palm","parentId":1,"parentGuid":"98b2bcaa3424","#), "{out}");
    assert!(out.contains(r#""guid":"17ed628f15eb""#) && out.contains(r#"{"id":3,"guid":null,"#));
}

#[test]
fn caps_are_disclosed_before_the_rows() {
    let many: Vec<String> =
        (1..=250).map(|i| format!(r#"{{"id":{i},"name":"e{i}","traits":[],"parentId":0}}"#)).collect();
    let scene = format!("[{}]", many.join(","));
    let out = run(&scene, "{}", "{}");
    assert!(out.starts_with(&format!(r#"{{"scenePath":null,"returnedCount":200,"totalCount":250,"truncated":true,"hint":"{HINT} Showing 200 of 250; raise limit=N.","entities":[{{"id":1,"#)), "{out}");
    assert!(out.ends_with(r#""layer":null,"traits":[]}]}"#), "{out}");
    assert_eq!(
        run(&scene, r#"{"limit":0}"#, "{}"),
        format!(
            r#"{{"scenePath":null,"returnedCount":0,"totalCount":250,"truncated":true,"hint":"{HINT} Showing 0 of 250; raise limit=N.","entities":[]}}"#
        )
    );
    assert!(run(&scene, r#"{"limit":-4}"#, "{}")
        .starts_with(r#"{"scenePath":null,"returnedCount":0,"totalCount":250,"truncated":true,"#));
    let out = run(&scene, r#"{"limit":1e300}"#, "{}");
    assert!(
        out.starts_with(r#"{"scenePath":null,"returnedCount":250,"totalCount":250,"entities":["#)
            && !out.contains("truncated")
    );
    // A targeted read is capped at 20 unless the caller sets a limit; the hint says which.
    let out = run(&scene, r#"{"name":"e"}"#, "{}");
    assert!(out.starts_with(r#"{"scenePath":null,"returnedCount":20,"totalCount":250,"truncated":true,"hint":"Showing 20 of 250 matches — 230 MORE are not shown (a targeted read is capped at 20 by default). Pass limit=250 for all of them, or narrow with trait=/name=/where=.","entities":["#), "{out}");
    let out = run(&scene, r#"{"name":"e","limit":"5"}"#, "{}");
    assert!(out.starts_with(r#"{"scenePath":null,"returnedCount":5,"totalCount":250,"truncated":true,"hint":"Showing 5 of 250 matches — 245 MORE are not shown. Pass limit=250 for all of them, or narrow with trait=/name=/where=.","entities":["#), "{out}");
    assert!(run(&scene, r#"{"name":"e","limit":"NaN"}"#, "{}").starts_with(r#"{"scenePath":null,"returnedCount":20,"#));
}

#[test]
fn empty_scene() {
    assert_eq!(
        run("[]", "{}", "{}"),
        format!(r#"{{"scenePath":null,"returnedCount":0,"totalCount":0,"entities":[],"hint":"{HINT}"}}"#)
    );
    assert_eq!(
        run("null", r#"{"full":1}"#, "{}"),
        r#"{"scenePath":null,"returnedCount":0,"totalCount":0,"entities":[]}"#
    );
}

#[test]
fn targeted_queries_return_values_with_guids() {
    assert_eq!(
        run(SCENE, r#"{"id":2}"#, "{}"),
        format!(
            r#"{{"scenePath":null,"returnedCount":1,"totalCount":1,"entities":[{{"id":2,"guid":null,"name":"Palm","parentId":1,"parentGuid":"{G1}","layer":null,"traits":{{"Transform":{{"x":2,"y":1,"tag":"Tree"}}}}}}]}}"#
        )
    );
    assert_eq!(
        run(SCENE, r#"{"id":"3"}"#, "{}"),
        r#"{"scenePath":null,"returnedCount":1,"totalCount":1,"entities":[{"id":3,"guid":null,"name":"Mat","parentId":0,"parentGuid":null,"layer":null,"traits":{"Material":{"c":"red"}}}]}"#
    );
    let palms = run(SCENE, r#"{"name":"PALM","trait":"Transform"}"#, "{}");
    assert!(palms.starts_with(r#"{"scenePath":null,"returnedCount":2,"totalCount":2,"entities":[{"id":2,"#), "{palms}");
    assert_eq!(
        run(SCENE, &format!(r#"{{"guid":"{G4}"}}"#), "{}"),
        format!(
            r#"{{"scenePath":null,"returnedCount":1,"totalCount":1,"entities":[{{"id":4,"guid":"{G4}","name":"palm big","parentId":1,"parentGuid":"{G1}","layer":"3d","traits":{{"Transform":{{"x":"3","y":"high"}}}}}}]}}"#
        )
    );
}

#[test]
fn trait_selects_the_entities_that_carry_it_and_keeps_only_its_values() {
    assert_eq!(
        run(SCENE, r#"{"trait":"Renderable3D"}"#, "{}"),
        format!(
            r#"{{"scenePath":null,"returnedCount":1,"totalCount":1,"entities":[{{"id":1,"guid":"{G1}","name":"Island","parentId":0,"parentGuid":null,"layer":"3d","traits":{{"Renderable3D":{{"mesh":"rock"}}}}}}]}}"#
        )
    );
    assert_eq!(
        run(SCENE, r#"{"trait":"transform"}"#, "{}"),
        r#"{"scenePath":null,"returnedCount":0,"totalCount":0,"entities":[],"warnings":["trait \"transform\" is not a REGISTERED trait, so it selected no entities — that means the FILTER name is wrong, NOT that the scene lacks the component. Did you mean: Transform? (names are case-sensitive)"]}"#
    );
    // With a registry, the registry decides what is registered.
    let registry = r#"{"traits":{"Light":{},"Transform":{}}}"#;
    assert!(run(SCENE, r#"{"trait":"Renderable3D"}"#, registry).contains("is not a REGISTERED trait, so it selected no entities — that means the FILTER name is wrong, NOT that the scene lacks the component. List them with modoki_list_traits."));
    assert!(run(SCENE, r#"{"trait":"Light"}"#, registry).contains(r#""totalCount":0,"entities":[],"hint":"no entity matches trait=Light, but 4 exist in the world, resources included. Check the spelling, or drop the filter."}"#));
}

#[test]
fn a_targeted_read_that_matched_nothing_names_the_world_and_the_live_names() {
    assert_eq!(
        run(SCENE, r#"{"name":"Plam"}"#, "{}"),
        r#"{"scenePath":null,"returnedCount":0,"totalCount":0,"entities":[],"hint":"no entity matches name=Plam, but 4 exist in the world, resources included. Live now: name ∈ {Palm, Mat, Island, palm big}. Check the spelling, or drop the filter."}"#
    );
    assert_eq!(
        run("[]", r#"{"id":7}"#, "{}"),
        r#"{"scenePath":null,"returnedCount":0,"totalCount":0,"entities":[],"hint":"no entity matches id=7 — and none exist to match (0 in the world, resources included), so the filter is not why this is empty."}"#
    );
}

#[test]
fn unknown_guid_warns_without_a_second_explanation() {
    assert_eq!(
        run(SCENE, r#"{"guid":"00000000-0000-0000-0000-000000000000"}"#, "{}"),
        r#"{"scenePath":null,"returnedCount":0,"totalCount":0,"entities":[],"warnings":["guid \"00000000-0000-0000-0000-000000000000\" matched no entity in the live world (it may be stale — ids/entities rebuild on scene reload)."]}"#
    );
}

#[test]
fn enrichers_switch_to_values_and_copy_their_key() {
    assert_eq!(
        run(SCENE, r#"{"world":1,"limit":1}"#, "{}"),
        format!(
            r#"{{"scenePath":null,"returnedCount":1,"totalCount":3,"truncated":true,"hint":"Showing 1 of 3 matches — 2 MORE are not shown. Pass limit=3 for all of them, or narrow with trait=/name=/where=.","resourcesExcluded":1,"entities":[{{"id":1,"guid":"{G1}","name":"Island","parentId":0,"parentGuid":null,"layer":"3d","traits":{{"Transform":{{"x":1,"y":5.5}},"Renderable3D":{{"mesh":"rock"}}}},"world":{{"x":1}}}}]}}"#
        )
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
    assert!(
        out.starts_with(
            r#"{"scenePath":null,"returnedCount":3,"totalCount":3,"resourcesExcluded":1,"entities":[{"id":1,"guid":"#
        ),
        "{out}"
    );
    assert!(out.ends_with(&format!(
        r#""warnings":["could not parse where \"Transform y 3\" — expected 'Trait.field <op> value' (op ∈ = != > >= < <= ~)"],"hint":"{HINT}"}}"#
    )));
}

#[test]
fn unknown_trait_and_field_in_where() {
    let empty = |warning: &str| {
        format!(r#"{{"scenePath":null,"returnedCount":0,"totalCount":0,"entities":[],"warnings":["{warning}"]}}"#)
    };
    assert_eq!(
        run(SCENE, r#"{"where":"Nope.x > 1"}"#, "{}"),
        empty(r#"unknown trait \"Nope\" in where \"Nope.x > 1\""#)
    );
    assert_eq!(
        run(SCENE, r#"{"where":"Transform.q > 1"}"#, "{}"),
        empty(r#"unknown field \"Transform.q\" in where \"Transform.q > 1\""#)
    );
    let registry = r#"{"traits":{"Transform":{"fields":["x","y","z"]},"Light":{}}}"#;
    // The registry, not the data, decides: z is a known field even though no entity has it.
    assert_eq!(
        run(SCENE, r#"{"where":"Transform.z > 1"}"#, registry),
        r#"{"scenePath":null,"returnedCount":0,"totalCount":0,"entities":[],"hint":"no entity matches where=Transform.z > 1, but 4 exist in the world, resources included. Check the spelling, or drop the filter."}"#
    );
    assert_eq!(
        run(SCENE, r#"{"where":"Renderable3D.mesh = rock"}"#, registry),
        empty(r#"unknown trait \"Renderable3D\" in where \"Renderable3D.mesh = rock\""#)
    );
    assert_eq!(
        run(SCENE, r#"{"where":"Transform.w > 1"}"#, registry),
        empty(r#"unknown field \"Transform.w\" in where \"Transform.w > 1\""#)
    );
}

#[test]
fn non_numeric_ordering_comparison_matches_nothing_and_says_why() {
    assert_eq!(
        run(SCENE, r#"{"where":"Transform.y > high"}"#, "{}"),
        r#"{"scenePath":null,"returnedCount":0,"totalCount":0,"entities":[],"warnings":["where \"Transform.y > high\": '>' compares numbers, but \"high\" is not a number — nothing matches"]}"#
    );
}

#[test]
fn hostile_keys_are_plain_data() {
    let scene = r#"[{"id":1,"name":"__proto__","traits":["__proto__","constructor","$serde_json::private::RawValue"],"values":{"__proto__":{"polluted":1},"constructor":{"x":2},"$serde_json::private::RawValue":{"$serde_json::private::Number":"3"}}}]"#;
    let expected = r#"{"scenePath":null,"returnedCount":1,"totalCount":1,"entities":[{"id":1,"guid":null,"name":"__proto__","parentId":null,"parentGuid":null,"layer":null,"traits":{"__proto__":{"polluted":1},"constructor":{"x":2},"$serde_json::private::RawValue":{"$serde_json::private::Number":"3"}}}]}"#;
    assert_eq!(run(scene, r#"{"full":true}"#, "{}"), expected);
    assert_eq!(run(scene, r#"{"where":"__proto__.polluted = 1"}"#, "{}"), expected);
}

#[test]
fn wrong_input_kind_is_an_error() {
    let p = |s: &str| serde_json::from_str::<Value>(s).expect("json");
    assert_eq!(
        scene_state(&p("{}"), &p("{}"), &p("{}")),
        Err(Error::invalid_input("sceneState: entities must be an array"))
    );
}

#[test]
fn guid_prefix_from_the_index_resolves_only_when_unique() {
    assert_eq!(run(SCENE, r#"{"guid":"17ed628f15eb"}"#, "{}"), run(SCENE, &format!(r#"{{"guid":"{G4}"}}"#), "{}"));
    let twins = r#"[{"id":1,"name":"a","traits":[],"guid":"98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab"},{"id":2,"name":"b","traits":[],"guid":"98b2bcaa-ffff-79c9-8f00-9bd4fa5e85ab"}]"#;
    assert_eq!(
        run(twins, r#"{"guid":"98b2bcaa"}"#, "{}"),
        r#"{"scenePath":null,"returnedCount":0,"totalCount":0,"entities":[],"warnings":["GUID prefix \"98b2bcaa\" is ambiguous: it matches 2 GUIDs: 98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab, 98b2bcaa-ffff-79c9-8f00-9bd4fa5e85ab. Pass more hex digits."]}"#
    );
    // Under 6 hex digits is never resolved.
    assert!(run(twins, r#"{"guid":"98b2b"}"#, "{}").contains("matched no entity in the live world"));
}
