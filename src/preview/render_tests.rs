use super::*;
use serde_json::{json, Value};

fn render(value: &Value, args: Value, budget: usize) -> (String, Value) {
    let text = value.to_string();
    let needles = Needles::from_arguments(&args);
    let mut r = Render::new(text.as_bytes(), &needles);
    let out = r.value(scan::root(text.as_bytes()), budget, 0);
    assert!(out.len() <= budget, "{} bytes over {budget}: {out}", out.len());
    let parsed: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    (out, parsed)
}

fn shown_indices(cut: &Value) -> Vec<u64> {
    cut["items"].as_array().unwrap().iter().map(|i| i["index"].as_u64().unwrap()).collect()
}

#[test]
fn a_value_that_fits_is_copied_as_written() {
    let v = json!({"a":[1,2,{"b":"c"}],"d":null});
    assert_eq!(render(&v, json!(null), 1000).0, v.to_string());
}

#[test]
fn a_cut_array_keeps_the_rows_that_matter_with_their_indices() {
    let mut rows: Vec<Value> =
        (0..2000).map(|i| json!({"ts":i,"level":"info","ms":20 + i % 7,"msg":format!("request {i} served")})).collect();
    rows[1234]["level"] = json!("fatal");
    rows[777]["ms"] = json!(31000);
    rows[1500]["msg"] = json!("request for invoice-42 served");
    let (_, got) = render(&json!({"logs":rows}), json!({"query":"invoice-42"}), 3000);
    let logs = &got["logs"];
    assert_eq!(logs["_cut"]["total"], 2000);
    let shown = shown_indices(logs);
    for i in [0, 777, 1234, 1500, 1999] {
        assert!(shown.contains(&i), "{i} not in {shown:?}");
    }
    assert_eq!(logs["_cut"]["shown"].as_u64().unwrap() as usize, shown.len());
    assert_eq!(logs["_cut"]["notShown"].as_u64().unwrap() as usize, 2000 - shown.len());
    assert_eq!(logs["_cut"]["fields"], json!({"ts":"number","level":"string","ms":"number","msg":"string"}));
    let item = |i: u64| logs["items"].as_array().unwrap().iter().find(|x| x["index"] == i).unwrap().clone();
    assert_eq!(item(1234)["why"], "error");
    assert_eq!(item(1234)["item"], rows[1234]);
    assert_eq!(item(777)["why"], "outlier ms");
    assert_eq!(item(1500)["why"], "matches invoice-42");
    assert!(item(0).get("why").is_none());
    assert!(shown.windows(2).all(|w| w[0] < w[1]), "index order");
}

#[test]
fn nested_collections_are_ranked_at_each_level_within_one_budget() {
    let leaf = |d: usize, f: usize| json!({"name":format!("file-{d}-{f}.txt"),"type":"file"});
    let dirs: Vec<Value> = (0..30)
        .map(|d| json!({"name":format!("dir{d}"),"type":"directory","children":(0..60).map(|f| leaf(d, f)).collect::<Vec<_>>()}))
        .collect();
    let (out, got) = render(&Value::Array(dirs), json!({"pattern":"file-17-33"}), 4000);
    assert_eq!(got["_cut"]["total"], 30);
    let dir17 = got["items"].as_array().unwrap().iter().find(|x| x["index"] == 17).expect(&out);
    assert_eq!(dir17["why"], "matches file-17-33");
    let children = &dir17["item"]["children"];
    assert_eq!(children["_cut"]["total"], 60);
    let hit = children["items"].as_array().unwrap().iter().find(|x| x["index"] == 33).expect(&out);
    assert_eq!(hit["item"]["name"], "file-17-33.txt");
}

#[test]
fn a_string_holding_a_json_document_is_previewed_as_that_document() {
    let doc: Vec<Value> = (0..500).map(|i| json!({"name":format!("n{i}"),"size":i})).collect();
    let pretty = serde_json::to_string_pretty(&doc).unwrap();
    let (_, got) = render(&json!({"content":pretty}), json!(null), 2000);
    let content = &got["content"];
    assert_eq!(content["_text"]["json"], true);
    assert_eq!(content["_text"]["chars"], pretty.len());
    assert_eq!(content["document"]["_cut"]["total"], 500);
    assert_eq!(content["document"]["items"][0]["item"], json!({"name":"n0","size":0}));
}

#[test]
fn maps_records_and_long_strings_keep_their_shape() {
    let map: serde_json::Map<String, Value> =
        (0..100).map(|i| (format!("id{i}"), json!({"state": if i == 42 { "failed" } else { "ok" }, "n": i}))).collect();
    let (_, got) = render(&Value::Object(map), json!(null), 1500);
    assert_eq!(got["_cut"]["total"], 100);
    assert_eq!(got["_cut"]["why"]["id42"], "error");
    assert_eq!(got["id42"], json!({"state":"failed","n":42}));
    let record = json!({"title":"x","body":"word ".repeat(400),"tags":["a"]});
    let (_, got) = render(&record, json!(null), 300);
    assert_eq!(got["title"], "x");
    assert_eq!(got["tags"], json!(["a"]));
    assert!(got["body"].as_str().unwrap().ends_with("chars]"), "{got}");
}

#[test]
fn a_budget_too_small_for_anything_gives_the_minimal_form() {
    let v = json!((0..100).collect::<Vec<_>>());
    let text = v.to_string();
    let needles = Needles::default();
    let mut r = Render::new(text.as_bytes(), &needles);
    assert_eq!(r.value(scan::root(text.as_bytes()), 10, 0), r#"{"_cut":{"total":100,"shown":0,"notShown":100}}"#);
}

#[test]
fn mixed_arrays_and_arrays_in_arrays() {
    let v = json!([1, "two", {"three":3}, [4, [5, [6]]], null, (0..300).collect::<Vec<_>>()]);
    for budget in [60, 120, 400, 900] {
        let (_, got) = render(&v, json!(null), budget);
        if let Some(cut) = got.get("_cut") {
            assert_eq!(cut["total"], 6);
            if got["items"].is_null() {
                continue;
            }
            assert_eq!(cut["types"], "object|array|string|number|null");
        }
    }
}

/// The keys of the object `text` starts with, in order, duplicates included.
fn top_keys(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    scan::entries(bytes, scan::root(bytes), usize::MAX).into_iter().map(|(k, _)| scan::string_value(bytes, k)).collect()
}

#[test]
fn a_values_own_cut_key_is_never_shown_beside_the_marker() {
    // A map of many keys (a collection), its own `_cut` written escaped.
    let mut text = String::from("{");
    for i in 0..30 {
        text.push_str(&format!("\"k{i}\":\"{}\",", "x".repeat(300)));
    }
    text.push_str("\"\\u005fcut\":\"mine\"}");
    let needles = Needles::default();
    let mut r = Render::new(text.as_bytes(), &needles);
    let out = r.value(scan::root(text.as_bytes()), 1000, 0);
    let keys = top_keys(&out);
    assert_eq!(keys.iter().filter(|k| *k == "_cut").count(), 1, "{out}");
    let got: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(got["_cut"]["total"], 31);
    assert_eq!(got["_cut"]["shown"].as_u64().unwrap() as usize, keys.len() - 1);
    // A record: its own small `_cut` would be shown first and whole, beside the marker.
    let mut record: serde_json::Map<String, Value> =
        (0..20).map(|i| (format!("k{i}"), json!("x".repeat(300)))).collect();
    record.insert("_cut".into(), json!(1));
    let (out, got) = render(&Value::Object(record), json!(null), 300);
    assert_eq!(top_keys(&out).iter().filter(|k| *k == "_cut").count(), 1, "{out}");
    assert_eq!(got["_cut"]["total"], 21);
    // When every key fits, nothing is cut and the value's own `_cut` is shown as it is.
    let (out, _) = render(&json!({"_cut":1,"a":2}), json!(null), 100);
    assert_eq!(out, r#"{"_cut":1,"a":2}"#);
}

/// A DuckDB-style result (mcp-server-motherduck's `execute_query`): a header, then rows as
/// arrays, one year's longest delay among thousands of ordinary ones.
fn flights(rows: usize) -> Value {
    let columns = ["year", "month", "day", "dep_time", "dep_delay", "carrier", "origin", "dest", "distance"];
    let rows: Vec<Value> = (0..rows)
        .map(|i| {
            let delay = if i == 4321 { 1301.0 } else { ((i * 37) % 23) as f64 - 5.0 };
            let origin = ["EWR", "LGA", "JFK"][i % 3];
            json!([2013, 1, 1 + i % 31, 517.0 + (i % 600) as f64, delay, "UA", origin, "IAH", 1400 + (i % 9) * 10])
        })
        .collect();
    json!({"success": true, "columns": columns, "columnTypes": vec!["BIGINT"; 9], "rows": rows, "rowCount": 6000})
}

#[test]
fn a_table_of_rows_under_a_header_ranks_each_column() {
    let (out, got) = render(&flights(6000), json!({"sql": "SELECT * FROM flights WHERE month = 1"}), 3000);
    let rows = &got["rows"];
    assert_eq!(rows["_cut"]["total"], 6000);
    assert_eq!(
        rows["_cut"]["fields"],
        json!({"year":"number","month":"number","day":"number","dep_time":"number","dep_delay":"number",
               "carrier":"string","origin":"string","dest":"string","distance":"number"})
    );
    let shown = rows["items"].as_array().unwrap();
    let spike = shown.iter().find(|x| x["index"] == 4321).expect(&out);
    assert_eq!(spike["why"], "outlier dep_delay");
    assert_eq!(spike["item"][4], 1301.0);
    assert_eq!(shown[0]["index"], 0);
    assert_eq!(shown.last().unwrap()["index"], 5999);
    assert_eq!(got["columns"][4], "dep_delay");
    // Without a header the position names the column; a first row of names is a header.
    let Value::Array(mut plain) = flights(6000)["rows"].clone() else { unreachable!() };
    let (_, got) = render(&Value::Array(plain.clone()), json!(null), 3000);
    assert!(got["items"].as_array().unwrap().iter().any(|x| x["index"] == 4321 && x["why"] == "outlier [4]"));
    plain.insert(0, json!(["year", "month", "day", "dep_time", "dep_delay"]));
    let (_, got) = render(&Value::Array(plain), json!(null), 3000);
    assert!(got["items"].as_array().unwrap().iter().any(|x| x["index"] == 4322 && x["why"] == "outlier dep_delay"));
}

#[test]
fn ragged_rows_and_odd_headers_never_break_the_table() {
    let rows: Vec<Value> = (0..500)
        .map(|i| match i % 5 {
            0 => json!([]),
            1 => json!([i, "x", null, [1, 2], {"k": i}]),
            2 => json!([i]),
            3 => json!("not a row"),
            _ => json!([i as f64 * 0.5, i, i, i, i, i, i, i, i, i, i, i]),
        })
        .collect();
    for header in [json!(["a", "b"]), json!([{"name": "a"}, {"name": 3}]), json!("cols"), json!([])] {
        let v = json!({"columns": header, "rows": rows});
        for budget in [80, 400, 2500] {
            render(&v, json!(null), budget);
        }
    }
}

#[test]
fn a_deep_tree_shows_every_name_of_a_level_before_any_branch_s_depth() {
    // server-filesystem's `directory_tree`: names and types, children nested.
    let file = |d: usize, f: usize| json!({"name": format!("f{d}-{f}.html"), "type": "file"});
    let sub = |d: usize, s: usize| json!({"name": format!("sub{d}-{s}"), "type": "directory", "children": (0..12).map(|f| file(d * 100 + s, f)).collect::<Vec<_>>()});
    let tree: Vec<Value> = (0..40)
        .map(|d| json!({"name": format!("dir{d}"), "type": "directory", "children": (0..8).map(|s| sub(d, s)).collect::<Vec<_>>()}))
        .collect();
    let (out, got) = render(&Value::Array(tree), json!(null), 6000);
    let items = got["items"].as_array().unwrap();
    assert_eq!(items.len(), 40, "every top-level name: {out}");
    for (d, item) in items.iter().enumerate() {
        assert_eq!(item["item"]["name"], format!("dir{d}"));
        assert_eq!(item["item"]["type"], "directory");
    }
    // The budget left goes one level deeper in turn (first, last, then from the start), not to
    // the first branch alone.
    let deeper: Vec<usize> = (0..40).filter(|&d| items[d]["item"]["children"]["items"].is_array()).collect();
    assert!(deeper.len() >= 3 && deeper[0] == 0 && deeper.contains(&39), "{deeper:?}: {out}");
    assert!(!out.contains("…[9 chars]"), "{out}");
}

#[test]
fn a_marker_is_never_longer_than_the_value_it_stands_for() {
    let text = br#"["directory",[],{},[1],"a much longer string than its marker would be"]"#;
    let needles = Needles::default();
    let r = Render::new(text, &needles);
    let items = scan::items(text, scan::root(text));
    let got: Vec<String> = items.iter().map(|&s| r.minimal(s)).collect();
    assert_eq!(got, [r#""directory""#, "[]", "{}", "[1]", "\"…[45 chars]\""]);
}

#[test]
fn a_tree_of_small_and_large_branches_shows_every_top_level_name_first() {
    // server-filesystem's `directory_tree` of Debian's Python docs, its top level as listed:
    // a name alone is a file; a name with a count, a directory of that many files (`_sources`,
    // of directories of files).
    let top = r#"[".buildinfo",["_downloads",1],["_images",6],["_sources",20],["_static",26],"about.html",
        "bugs.html",["c-api",64],"contents.html","copyright.html",["distributing",1],["distutils",13],
        "download.html",["extending",7],["faq",9],"genindex-A.html","genindex-B.html","genindex-C.html",
        "genindex-D.html","genindex-E.html","genindex-F.html","genindex-G.html","genindex-H.html",
        "genindex-I.html","genindex-J.html","genindex-K.html","genindex-L.html","genindex-M.html",
        "genindex-N.html","genindex-O.html","genindex-P.html","genindex-Q.html","genindex-R.html",
        "genindex-S.html","genindex-Symbols.html","genindex-T.html","genindex-U.html","genindex-V.html",
        "genindex-W.html","genindex-X.html","genindex-Y.html","genindex-Z.html","genindex-_.html",
        "genindex-all.html","genindex.html","glossary.html",["howto",20],["includes",1],"index.html",
        ["install",1],["installing",1],["library",317],"license.html","objects.inv","py-modindex.html",
        "python3.11.devhelp.gz",["reference",11],"search.html","searchindex.js",["tutorial",17],
        ["using",7],["whatsnew",22]]"#;
    let file = |name: String| json!({"name": name, "type": "file"});
    let dir = |name: &str, children: Vec<Value>| json!({"name": name, "type": "directory", "children": children});
    let tree: Vec<Value> = serde_json::from_str::<Vec<Value>>(top)
        .unwrap()
        .iter()
        .map(|entry| match entry {
            Value::String(name) => file(name.clone()),
            _ => {
                let (name, n) = (entry[0].as_str().unwrap(), entry[1].as_u64().unwrap() as usize);
                let children = (0..n)
                    .map(|i| match name {
                        "_sources" => {
                            dir(&format!("part{i}"), (0..25).map(|f| file(format!("page{f}.rst.txt"))).collect())
                        }
                        _ => file(format!("{name}-{i}.html")),
                    })
                    .collect();
                dir(name, children)
            }
        })
        .collect();
    let (out, got) = render(&Value::Array(tree), json!(null), 6500);
    let items = got["items"].as_array().unwrap();
    assert_eq!(items.len(), 62, "every top-level name: {out}");
    // What is left goes deeper: the small directories are shown whole.
    assert_eq!(items[2]["item"]["children"].as_array().map(Vec::len), Some(6), "{out}");
}
