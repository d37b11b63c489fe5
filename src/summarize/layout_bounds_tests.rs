use super::*;

fn run(entries: &str, query: &str, options: &str) -> String {
    let q: Value = serde_json::from_str(query).expect("query JSON");
    layout_bounds(entries.as_bytes(), &q, options.as_bytes()).expect("ok")
}

const HINT_PREFIX: &str = "Counts only where omitted. Pass ids=[…] or layer=ui|2d|3d for per-entity rects; overlaps=true for the ";

// 1 contains 2 (its child: intersecting, but an ancestor pair), 3 overlaps 1 and 2, 4 is
// off-screen and zero-size, 5 is on another layer over the same spot, 6 has no rect.
const ENTRIES: &str = r#"[
 {"id":1,"name":"panel","layer":"ui","screen":{"x":0,"y":0,"w":100,"h":100},"onScreen":true,"zeroSize":false,"parentId":0},
 {"id":2,"name":"button","layer":"ui","screen":{"x":10,"y":10,"w":20,"h":20},"onScreen":true,"zeroSize":false,"parentId":1},
 {"id":3,"name":"tooltip","layer":"ui","screen":{"x":20,"y":20,"w":200,"h":10},"onScreen":true,"zeroSize":false,"parentId":0},
 {"id":4,"name":"ghost","layer":"2d","screen":{"x":-50,"y":0,"w":0,"h":0},"onScreen":false,"zeroSize":true,"parentId":0},
 {"id":5,"name":"rock","layer":"3d","screen":{"x":0,"y":0,"w":100,"h":100},"onScreen":true,"zeroSize":false,"worldAABB":{"min":[0,0,0],"max":[1,1,1]}},
 {"id":6,"name":"hidden","layer":null,"screen":null,"onScreen":false,"zeroSize":false}
]"#;

#[test]
fn bare_call_is_counts_only() {
    assert_eq!(
        run(ENTRIES, "{}", "null"),
        format!(
            r#"{{"count":6,"layerCounts":{{"ui":3,"2d":1,"3d":1,"null":1}},"offScreen":[4,6],"offScreenCount":2,"zeroSize":[4],"zeroSizeCount":1,"overlapsCount":2,"hint":"{HINT_PREFIX}2 overlapping pairs."}}"#
        )
    );
}

#[test]
fn empty_input() {
    assert_eq!(
        run("[]", "{}", "{}"),
        format!(r#"{{"count":0,"layerCounts":{{}},"offScreen":[],"offScreenCount":0,"zeroSize":[],"zeroSizeCount":0,"overlapsCount":0,"hint":"{HINT_PREFIX}0 overlapping pairs."}}"#)
    );
    assert_eq!(
        run("null", r#"{"entities":true,"overlaps":true}"#, "{}"),
        r#"{"count":0,"layerCounts":{},"offScreen":[],"offScreenCount":0,"zeroSize":[],"zeroSizeCount":0,"overlapsCount":0,"entities":[],"overlaps":[]}"#
    );
}

#[test]
fn overlaps_list_in_entry_order_without_hint_when_both_asked() {
    let out = run(ENTRIES, r#"{"layer":"ui","overlaps":true,"limit":1}"#, "{}");
    assert_eq!(
        out,
        r#"{"count":3,"layerCounts":{"ui":3},"offScreen":[],"offScreenCount":0,"zeroSize":[],"zeroSizeCount":0,"overlapsCount":2,"entities":[{"id":1,"name":"panel","layer":"ui","screen":{"x":0,"y":0,"w":100,"h":100},"onScreen":true,"zeroSize":false,"parentId":0}],"truncated":true,"totalCount":3,"overlaps":[{"a":1,"b":3,"layer":"ui"},{"a":2,"b":3,"layer":"ui"}]}"#
    );
}

#[test]
fn ids_narrow_and_return_rects_with_hint() {
    let out = run(ENTRIES, r#"{"ids":[5,4]}"#, "{}");
    assert_eq!(
        out,
        format!(
            r#"{{"count":2,"layerCounts":{{"2d":1,"3d":1}},"offScreen":[4],"offScreenCount":1,"zeroSize":[4],"zeroSizeCount":1,"overlapsCount":0,"entities":[{{"id":4,"name":"ghost","layer":"2d","screen":{{"x":-50,"y":0,"w":0,"h":0}},"onScreen":false,"zeroSize":true,"parentId":0}},{{"id":5,"name":"rock","layer":"3d","screen":{{"x":0,"y":0,"w":100,"h":100}},"onScreen":true,"zeroSize":false,"worldAABB":{{"min":[0,0,0],"max":[1,1,1]}}}}],"hint":"{HINT_PREFIX}0 overlapping pairs."}}"#
        )
    );
    // Empty ids do not narrow and do not ask for entities; limit 0 keeps none.
    assert!(run(ENTRIES, r#"{"ids":[]}"#, "{}").starts_with(r#"{"count":6,"#));
    let zero = run(ENTRIES, r#"{"entities":true,"limit":0}"#, "{}");
    assert!(zero.contains(r#""entities":[],"truncated":true,"totalCount":6,"hint""#), "{zero}");
    let huge = run(ENTRIES, r#"{"entities":true,"limit":1e300}"#, "{}");
    assert!(!huge.contains("truncated"));
}

#[test]
fn ancestry_from_the_entity_list_reaches_through_rectless_ancestors() {
    // 2's parent is 7 (no rect), whose parent is 3: so 3 is 2's ancestor and their pair drops.
    let entities = r#"{"entities":[{"id":1,"parentId":0},{"id":2,"parentId":7},{"id":7,"parentId":3},{"id":3,"parentId":0}]}"#;
    let out = run(ENTRIES, r#"{"overlaps":true}"#, entities);
    assert!(out.contains(r#""overlapsCount":2,"overlaps":[{"a":1,"b":2,"layer":"ui"},{"a":1,"b":3,"layer":"ui"}]"#), "{out}");
}

#[test]
fn ancestor_cycles_are_bounded() {
    let entries = r#"[{"id":1,"layer":"ui","screen":{"x":0,"y":0,"w":10,"h":10},"parentId":2},{"id":2,"layer":"ui","screen":{"x":5,"y":5,"w":10,"h":10},"parentId":1},{"id":3,"layer":"ui","screen":{"x":5,"y":5,"w":1,"h":1},"parentId":3}]"#;
    let out = run(entries, r#"{"overlaps":1}"#, "{}");
    assert!(out.contains(r#""overlapsCount":2,"overlaps":[{"a":1,"b":3,"layer":"ui"},{"a":2,"b":3,"layer":"ui"}]"#), "{out}");
}

#[test]
fn hostile_layer_names_are_plain_keys() {
    let entries = r#"[{"id":1,"layer":"__proto__","screen":null},{"id":2,"layer":"constructor","screen":null},{"id":3,"layer":"__proto__","screen":null}]"#;
    assert!(run(entries, "{}", "{}").starts_with(r#"{"count":3,"layerCounts":{"__proto__":2,"constructor":1},"#));
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

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
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
            insert_parent(&mut map, &e["id"], &e["parentId"]);
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
    assert!(layout_bounds(b"{", &Value::Null, b"null").is_err());
}
