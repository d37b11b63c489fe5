use super::super::layout_overlaps::Rect;
use super::*;
use crate::testing::Rng;

fn run(entries: &str, query: &str, options: &str) -> String {
    let q: Value = serde_json::from_str(query).expect("query JSON");
    layout_bounds(entries.as_bytes(), &q, options.as_bytes()).expect("ok")
}

fn hint(pairs: u64) -> String {
    format!("Counts only where omitted. Pass guids=[…] (stable) / name=<substr> / ids=[…] or layer=ui|2d|3d for per-entity rects; overlaps=true for the {pairs} overlapping pairs.")
}

// 1 contains 2 (its child: intersecting, but an ancestor pair), 3 overlaps 1 and 2, 4 is
// off-screen and zero-size and has no guid, 5 is on another layer over the same spot, 6 has no rect.
const ENTRIES: &str = r#"[
 {"id":1,"guid":"g-panel","name":"panel","layer":"ui","screen":{"x":0,"y":0,"w":100,"h":100},"onScreen":true,"zeroSize":false,"parentId":0},
 {"id":2,"guid":"g-button","name":"button","layer":"ui","screen":{"x":10,"y":10,"w":20,"h":20},"onScreen":true,"zeroSize":false,"parentId":1},
 {"id":3,"guid":"g-tip","name":"tooltip","layer":"ui","screen":{"x":20,"y":20,"w":200,"h":10},"onScreen":true,"zeroSize":false,"parentId":0},
 {"id":4,"guid":null,"name":"ghost","layer":"2d","screen":{"x":-50,"y":0,"w":0,"h":0},"onScreen":false,"zeroSize":true,"parentId":0},
 {"id":5,"guid":"g-rock","name":"rock","layer":"3d","screen":{"x":0,"y":0,"w":100,"h":100},"onScreen":true,"zeroSize":false,"worldAABB":{"size":[1,1,1],"center":[0,0,0]}},
 {"id":6,"guid":"g-hidden","name":"hidden","layer":null,"screen":null,"onScreen":false,"zeroSize":false}
]"#;

const ROW1: &str = r#"{"id":1,"guid":"g-panel","name":"panel","layer":"ui","screen":{"x":0,"y":0,"w":100,"h":100},"onScreen":true,"zeroSize":false,"parentId":0}"#;
const ROW4: &str = r#"{"id":4,"guid":null,"name":"ghost","layer":"2d","screen":{"x":-50,"y":0,"w":0,"h":0},"onScreen":false,"zeroSize":true,"parentId":0}"#;
const ROW5: &str = r#"{"id":5,"guid":"g-rock","name":"rock","layer":"3d","screen":{"x":0,"y":0,"w":100,"h":100},"onScreen":true,"zeroSize":false,"worldAABB":{"size":[1,1,1],"center":[0,0,0]}}"#;

#[test]
fn bare_call_is_counts_and_guid_lists() {
    assert_eq!(
        run(ENTRIES, "{}", "null"),
        format!(
            r#"{{"totalCount":6,"entityTotal":6,"layerCounts":{{"ui":3,"2d":1,"3d":1,"null":1}},"offScreen":["g-hidden"],"offScreenNoGuidIds":[4],"offScreenCount":2,"zeroSize":[],"zeroSizeNoGuidIds":[4],"zeroSizeCount":1,"overlapsCount":2,"hint":"{}"}}"#,
            hint(2)
        )
    );
}

#[test]
fn empty_input() {
    assert_eq!(
        run("[]", "{}", "{}"),
        format!(
            r#"{{"totalCount":0,"entityTotal":0,"layerCounts":{{}},"offScreen":[],"offScreenCount":0,"zeroSize":[],"zeroSizeCount":0,"overlapsCount":0,"hint":"{}"}}"#,
            hint(0)
        )
    );
    assert_eq!(
        run("null", r#"{"entities":true,"overlaps":true}"#, "{}"),
        r#"{"totalCount":0,"returnedCount":0,"entityTotal":0,"layerCounts":{},"offScreen":[],"offScreenCount":0,"zeroSize":[],"zeroSizeCount":0,"overlapsCount":0,"entities":[],"overlaps":[]}"#
    );
}

#[test]
fn overlaps_list_in_entry_order_members_named_without_hint_when_both_asked() {
    assert_eq!(
        run(ENTRIES, r#"{"layer":"ui","overlaps":true,"limit":1}"#, "{}"),
        format!(
            r#"{{"totalCount":3,"returnedCount":1,"entityTotal":3,"layerCounts":{{"ui":3}},"offScreen":[],"offScreenCount":0,"zeroSize":[],"zeroSizeCount":0,"overlapsCount":2,"entities":[{ROW1}],"truncated":true,"overlaps":[{{"a":{{"id":1,"guid":"g-panel","name":"panel"}},"b":{{"id":3,"guid":"g-tip","name":"tooltip"}},"layer":"ui"}},{{"a":{{"id":2,"guid":"g-button","name":"button"}},"b":{{"id":3,"guid":"g-tip","name":"tooltip"}},"layer":"ui"}}]}}"#
        )
    );
}

#[test]
fn ids_narrow_and_return_rects_with_hint() {
    assert_eq!(
        run(ENTRIES, r#"{"ids":[5,4]}"#, "{}"),
        format!(
            r#"{{"totalCount":2,"returnedCount":2,"entityTotal":2,"layerCounts":{{"2d":1,"3d":1}},"offScreen":[],"offScreenNoGuidIds":[4],"offScreenCount":1,"zeroSize":[],"zeroSizeNoGuidIds":[4],"zeroSizeCount":1,"overlapsCount":0,"entities":[{ROW4},{ROW5}],"hint":"{}"}}"#,
            hint(0)
        )
    );
    assert_eq!(run(ENTRIES, r#"{"ids":"5, 4"}"#, "{}"), run(ENTRIES, r#"{"ids":[5,4]}"#, "{}"));
    // Empty ids do not narrow and do not ask for entities.
    assert!(run(ENTRIES, r#"{"ids":[]}"#, "{}").starts_with(r#"{"totalCount":6,"entityTotal":6,"#));
}

#[test]
fn guids_and_name_target_and_unresolved_addresses_are_echoed() {
    assert!(run(ENTRIES, r#"{"guids":["g-rock"]}"#, "{}").contains(&format!(r#""entities":[{ROW5}]"#)));
    assert!(run(ENTRIES, r#"{"name":"BUT"}"#, "{}")
        .starts_with(r#"{"totalCount":1,"returnedCount":1,"entityTotal":1,"layerCounts":{"ui":1}"#));
    let out = run(ENTRIES, r#"{"guids":["g-rock","nope"],"name":"zzz","ids":[99]}"#, "{}");
    assert!(
        out.starts_with(&format!(r#"{{"totalCount":1,"returnedCount":1,"entityTotal":1,"unresolved":["nope","zzz",99],"unresolvedNote":"{}","layerCounts":{{"3d":1}}"#, UNRESOLVED_NOTE.replace('"', "\\\""))),
        "{out}"
    );
    // Targeting that matched nothing is an empty answer, never the whole scene.
    assert!(run(ENTRIES, r#"{"guids":["nope"]}"#, "{}")
        .starts_with(r#"{"totalCount":0,"returnedCount":0,"entityTotal":0,"unresolved":["nope"]"#));
}

#[test]
fn guids_resolve_through_the_world_list_and_rows_without_one_use_it() {
    let entries = r#"[{"id":7,"name":"a","layer":"ui","screen":{"x":0,"y":0,"w":5,"h":5},"onScreen":false},{"id":8,"name":"b","layer":"ui","screen":{"x":1,"y":1,"w":5,"h":5},"onScreen":true}]"#;
    let world =
        r#"{"entities":[{"id":7,"parentId":0,"guid":"g7","name":"a"},{"id":8,"parentId":0,"guid":"","name":"b"}]}"#;
    let out = run(entries, r#"{"guids":["g7"],"overlaps":true}"#, world);
    assert!(out.contains(r#""offScreen":["g7"],"offScreenCount":1"#), "{out}");
    let pairs = run(entries, r#"{"overlaps":true}"#, world);
    assert!(
        pairs.contains(
            r#""overlaps":[{"a":{"id":7,"guid":"g7","name":"a"},"b":{"id":8,"guid":null,"name":"b"},"layer":"ui"}]"#
        ),
        "{pairs}"
    );
}

#[test]
fn a_layer_that_matched_nothing_names_the_live_layers() {
    let out: Value = serde_json::from_str(&run(ENTRIES, r#"{"layer":"2D"}"#, "{}")).expect("json");
    assert_eq!(out["totalCount"], 0);
    assert_eq!(
        out["hint"],
        "no rect matches layer=2D, but 6 exist with no filter. Live now: layer ∈ {2d, 3d, null, ui}. Check the spelling, or drop the filter."
    );
    let none: Value = serde_json::from_str(&run("[]", r#"{"layer":"ui","name":"x"}"#, "{}")).expect("json");
    assert_eq!(
        none["hint"],
        "no rect matches layer=ui, name=x — and none exist to match (0 with no filter), so the filter is not why this is empty."
    );
}

#[test]
fn several_viewports_count_rects_and_say_so() {
    let entries = r#"[
     {"id":1,"guid":"g1","name":"cube","layer":"3d","screen":{"x":0,"y":0,"w":10,"h":10},"onScreen":true,"zeroSize":false,"surface":"game-3d"},
     {"id":1,"guid":"g1","name":"cube","layer":"3d","screen":{"x":50,"y":50,"w":40,"h":40},"onScreen":true,"zeroSize":false,"surface":"scene-view"},
     {"id":2,"guid":"g2","name":"ball","layer":"3d","screen":{"x":5,"y":5,"w":10,"h":10},"onScreen":false,"zeroSize":false,"surface":"game-3d"}
    ]"#;
    let out = run(entries, "{}", "{}");
    let note = "2 viewports are mounted (game-3d, scene-view), and each measures every 3D entity through its OWN camera — so `totalCount` (3) counts RECTS, not entities (2). There is no surface FILTER: layer= cannot separate them (both are layer:'3d') and targeting still returns one rect per viewport. Read `surface` on each entry to tell them apart, and use `entityTotal` wherever you meant \\\"how many entities\\\".";
    assert!(
        out.starts_with(&format!(r#"{{"totalCount":3,"entityTotal":2,"surfaces":["game-3d","scene-view"],"surfaceNote":"{note}","layerCounts":{{"3d":3}},"offScreen":["g2"],"offScreenCount":1,"#)),
        "{out}"
    );
    // One rect per viewport when targeted, too; one surface is no note.
    assert!(run(entries, r#"{"ids":[1]}"#, "{}")
        .starts_with(r#"{"totalCount":2,"returnedCount":2,"entityTotal":1,"surfaces":"#));
    assert!(run(entries, r#"{"ids":[2]}"#, "{}")
        .starts_with(r#"{"totalCount":1,"returnedCount":1,"entityTotal":1,"layerCounts""#));
}

#[test]
fn limit_guards() {
    let count = |query: &str| {
        let out: Value = serde_json::from_str(&run(ENTRIES, query, "{}")).expect("json");
        (out["returnedCount"].as_u64(), out.get("truncated").is_some())
    };
    assert_eq!(count(r#"{"entities":true,"limit":0}"#), (Some(0), true));
    assert_eq!(count(r#"{"entities":true,"limit":-3}"#), (Some(0), true));
    assert_eq!(count(r#"{"entities":true,"limit":2.5}"#), (Some(2), true));
    assert_eq!(count(r#"{"entities":true,"limit":"NaN"}"#), (Some(6), false));
    assert_eq!(count(r#"{"entities":true,"limit":1e300}"#), (Some(6), false));
    assert_eq!(count(r#"{"entities":true,"limit":6}"#), (Some(6), false));
    // Without rows asked for, a limit never marks the reply truncated.
    assert_eq!(count(r#"{"limit":1}"#), (None, false));
}

#[test]
fn deep_parent_chains_exclude_ancestors_up_to_128_links() {
    // A chain 1 ← 2 ← … ← 200 in the world; rects for 1, 129 (128 links below 1) and 130 (129).
    let world: Vec<String> = (1..=200).map(|i| format!(r#"{{"id":{i},"parentId":{}}}"#, i - 1)).collect();
    let options = format!(r#"{{"entities":[{}]}}"#, world.join(","));
    let rect =
        |id: u32| format!(r#"{{"id":{id},"layer":"ui","screen":{{"x":0,"y":0,"w":10,"h":10}},"onScreen":true}}"#);
    let entries = format!("[{},{},{}]", rect(1), rect(129), rect(130));
    let out = run(&entries, r#"{"overlaps":true}"#, &options);
    assert!(out.contains(r#""overlapsCount":1,"overlaps":[{"a":{"id":1,"guid":null,"name":""},"b":{"id":130,"guid":null,"name":""},"layer":"ui"}]"#), "{out}");
}

#[test]
fn ancestry_from_the_entity_list_reaches_through_rectless_ancestors() {
    // 2's parent is 7 (no rect), whose parent is 3: so 3 is 2's ancestor and their pair drops.
    let entities =
        r#"{"entities":[{"id":1,"parentId":0},{"id":2,"parentId":7},{"id":7,"parentId":3},{"id":3,"parentId":0}]}"#;
    let out: Value = serde_json::from_str(&run(ENTRIES, r#"{"overlaps":true}"#, entities)).expect("json");
    let pairs: Vec<(u64, u64)> = out["overlaps"]
        .as_array()
        .expect("pairs")
        .iter()
        .map(|p| (p["a"]["id"].as_u64().unwrap_or(0), p["b"]["id"].as_u64().unwrap_or(0)))
        .collect();
    assert_eq!((out["overlapsCount"].as_u64(), pairs), (Some(2), vec![(1, 2), (1, 3)]));
}

#[test]
fn ancestor_cycles_are_bounded() {
    let entries = r#"[{"id":1,"layer":"ui","screen":{"x":0,"y":0,"w":10,"h":10},"parentId":2},{"id":2,"layer":"ui","screen":{"x":5,"y":5,"w":10,"h":10},"parentId":1},{"id":3,"layer":"ui","screen":{"x":5,"y":5,"w":1,"h":1},"parentId":3}]"#;
    let out: Value = serde_json::from_str(&run(entries, r#"{"overlaps":1}"#, "{}")).expect("json");
    assert_eq!(out["overlapsCount"], 2);
    assert_eq!(out["overlaps"][1]["a"]["id"], 2);
}

#[test]
fn hostile_layer_names_are_plain_keys() {
    let entries = r#"[{"id":1,"layer":"__proto__","screen":null},{"id":2,"layer":"constructor","screen":null},{"id":3,"layer":"__proto__","screen":null}]"#;
    assert!(run(entries, "{}", "{}").contains(r#""layerCounts":{"__proto__":2,"constructor":1},"#));
}

/// The obvious pairwise loop, the reference the sweep must agree with.
fn pairwise(entries: &[(Value, String, Option<Rect>)], parents: &Parents) -> u64 {
    let mut n = 0;
    for i in 0..entries.len() {
        for j in i + 1..entries.len() {
            let (a, b) = (&entries[i], &entries[j]);
            let (Some(ra), Some(rb)) = (a.2, b.2) else { continue };
            if a.1 != b.1 || !ra.intersects(&rb) {
                continue;
            }
            let (Some(ia), Some(ib)) = (id_key(&a.0), id_key(&b.0)) else {
                n += 1;
                continue;
            };
            if !parents.is_ancestor(&ia, &ib) && !parents.is_ancestor(&ib, &ia) {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn sweep_count_equals_pairwise_loop_on_random_layouts() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for round in 0..400 {
        let n = 1 + rng.below(60) as usize;
        let grid = 1 + rng.below(40); // small grids force shared edges and zero sizes
        let mut json = Vec::new();
        let mut local = Vec::new();
        for i in 0..n {
            let layer = ["ui", "2d", "3d"][rng.below(if round % 3 == 0 { 1 } else { 3 }) as usize];
            let id = i + 1;
            let parent = if rng.below(3) == 0 { 0 } else { rng.below(n as u64 + 2) };
            let screen = if rng.below(10) == 0 {
                Value::Null
            } else {
                let neg = round % 5 == 0 && rng.below(8) == 0;
                let w = rng.below(grid) as f64 * if neg { -1.0 } else { 1.0 };
                let h = rng.below(grid) as f64;
                serde_json::json!({"x": rng.below(grid * 2) as f64 - 5.0, "y": rng.below(grid * 2) as f64 * 0.5, "w": w, "h": h})
            };
            json.push(serde_json::json!({"id": id, "layer": layer, "screen": screen, "parentId": parent}));
            local.push((Value::from(id), layer.to_owned(), Rect::from(&screen)));
        }
        let mut map = FxMap::default();
        for e in &json {
            if let (Some(id), Some(parent)) = (id_key(&e["id"]), id_key(&e["parentId"])) {
                if e["parentId"] != 0 {
                    map.entry(id).or_insert(parent);
                }
            }
        }
        let expected = pairwise(&local, &Parents(map));
        let text = serde_json::to_string(&Value::Array(json)).expect("json");
        let out: Value = serde_json::from_str(&run(&text, r#"{"overlaps":true}"#, "{}")).expect("json");
        assert_eq!(out["overlapsCount"].as_u64(), Some(expected), "round {round}: {text}");
        assert_eq!(out["overlaps"].as_array().map(Vec::len), Some(expected as usize), "round {round}");
    }
}

#[test]
fn malformed_rects_take_the_lenient_path_and_count_as_no_rect() {
    let entries = r#"[{"id":1,"layer":"ui","screen":"bogus"},{"id":2,"layer":"ui","screen":{"x":null,"y":0,"w":5,"h":5}},{"id":3,"layer":"ui","screen":{"x":0,"y":0,"w":5,"h":5}},{"id":4,"layer":"ui","screen":{"x":1,"y":1,"w":5,"h":5}}]"#;
    assert!(run(entries, "{}", "{}").contains(r#""overlapsCount":1,"#));
    let e = layout_bounds(b"{", &Value::Null, b"null").expect_err("refused");
    assert_eq!(e.code, crate::error::ErrorCode::InvalidInput);
}
