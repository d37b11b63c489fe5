use super::*;

fn p(s: &str) -> Value {
    serde_json::from_str(s).expect("test JSON")
}

#[test]
fn tail_plan_histogram_covers_everything() {
    let keys = r#"["a","b","a","__proto__",null,"constructor"]"#;
    assert_eq!(
        tail_plan(&p(keys), &p("2"), &p("50")).expect("ok"),
        r#"{"start":4,"total":6,"truncated":true,"byType":{"a":2,"b":1,"__proto__":1,"?":1,"constructor":1}}"#
    );
    assert_eq!(tail_plan(&p(keys), &p("null"), &p("50")).expect("ok"), r#"{"start":0,"total":6,"truncated":false,"byType":{"a":2,"b":1,"__proto__":1,"?":1,"constructor":1}}"#);
    assert_eq!(tail_plan(&p(keys), &p("0"), &p("50")).expect("ok").split(",\"byType").next(), Some(r#"{"start":6,"total":6,"truncated":true"#));
    assert_eq!(tail_plan(&p(keys), &p("-1"), &p("50")).expect("ok").split(",\"byType").next(), Some(r#"{"start":6,"total":6,"truncated":true"#));
    assert_eq!(tail_plan(&p(keys), &p("1e300"), &p("1")).expect("ok").split(",\"byType").next(), Some(r#"{"start":0,"total":6,"truncated":false"#));
    assert_eq!(tail_plan(&p(keys), &p("null"), &p("3")).expect("ok").split(",\"byType").next(), Some(r#"{"start":3,"total":6,"truncated":true"#));
    assert_eq!(tail_plan(&p("[]"), &p("5"), &p("5")).expect("ok"), r#"{"start":0,"total":0,"truncated":false,"byType":{}}"#);
    assert_eq!(tail_plan(&p(keys), &p("null"), &p("null")).expect("ok").split(",\"byType").next(), Some(r#"{"start":0,"total":6,"truncated":false"#));
}

const LOGS: &str = r#"[
 {"level":"info","ts":1,"text":"a"},{"level":"warn","ts":2,"text":"b"},{"level":"info","ts":3,"text":"c"},{"level":"error","ts":4,"text":"d"}
]"#;

#[test]
fn console_logs_tail_and_filters() {
    assert_eq!(
        console_logs(&p(LOGS), &p("{}")).expect("ok"),
        r#"{"logs":[{"level":"info","ts":1,"text":"a"},{"level":"warn","ts":2,"text":"b"},{"level":"info","ts":3,"text":"c"},{"level":"error","ts":4,"text":"d"}],"total":4,"byLevel":{"info":2,"warn":1,"error":1}}"#
    );
    assert_eq!(
        console_logs(&p(LOGS), &p(r#"{"limit":1}"#)).expect("ok"),
        r#"{"logs":[{"level":"error","ts":4,"text":"d"}],"total":4,"byLevel":{"info":2,"warn":1,"error":1},"truncated":true,"hint":"Showing the last 1 of 4 logs (newest last). Raise limit=N for more, or narrow with level=/since=."}"#
    );
    assert_eq!(
        console_logs(&p(LOGS), &p(r#"{"level":"info","since":1}"#)).expect("ok"),
        r#"{"logs":[{"level":"info","ts":3,"text":"c"}],"total":1,"byLevel":{"info":1}}"#
    );
    assert_eq!(
        console_logs(&p(LOGS), &p(r#"{"limit":0}"#)).expect("ok"),
        r#"{"logs":[],"total":4,"byLevel":{"info":2,"warn":1,"error":1},"truncated":true,"hint":"Showing the last 0 of 4 logs (newest last). Raise limit=N for more, or narrow with level=/since=."}"#
    );
    assert_eq!(console_logs(&p("[]"), &p("{}")).expect("ok"), r#"{"logs":[],"total":0,"byLevel":{}}"#);
}

#[test]
fn console_default_limit_is_fifty() {
    let many: Vec<String> = (0..60).map(|i| format!(r#"{{"level":"info","ts":{i},"text":"x"}}"#)).collect();
    let out = console_logs(&p(&format!("[{}]", many.join(","))), &p("{}")).expect("ok");
    let v = p(&out);
    assert_eq!(v["logs"].as_array().map(Vec::len), Some(50));
    assert_eq!(v["logs"][0]["ts"], p("10"));
    assert!(out.ends_with(r#""total":60,"byLevel":{"info":60},"truncated":true,"hint":"Showing the last 50 of 60 logs (newest last). Raise limit=N for more, or narrow with level=/since=."}"#));
}

#[test]
fn journal_events_shape() {
    let events = r#"[{"tick":1,"type":"@contact","cap":"x","level":0},{"tick":2,"type":"spawn","payload":{"id":3},"cap":"y","level":1},{"tick":3,"type":"@contact","cap":"x","level":0}]"#;
    assert_eq!(
        journal_events(&p(events), &p(r#"{"limit":2}"#)).expect("ok"),
        r#"{"count":2,"total":3,"byType":{"@contact":2,"spawn":1},"events":[{"tick":2,"type":"spawn","payload":{"id":3},"cap":"y","level":1},{"tick":3,"type":"@contact","cap":"x","level":0}],"truncated":true,"hint":"Showing the last 2 of 3 events (newest last). Raise limit=N for more, or narrow with type=."}"#
    );
    assert_eq!(
        journal_events(&p(events), &p(r#"{"type":"spawn"}"#)).expect("ok"),
        r#"{"count":1,"total":1,"byType":{"spawn":1},"events":[{"tick":2,"type":"spawn","payload":{"id":3},"cap":"y","level":1}]}"#
    );
    assert_eq!(journal_events(&p("null"), &p("{}")).expect("ok"), r#"{"count":0,"total":0,"byType":{},"events":[]}"#);
}

const EDITOR: &str = r#"[{"seq":1,"type":"select"},{"seq":2,"type":"edit"},{"seq":3,"type":"edit"},{"seq":4,"type":"save"}]"#;

#[test]
fn editor_journal_tail_and_cursor() {
    assert_eq!(
        editor_journal(&p(EDITOR), &p(r#"{"limit":2}"#)).expect("ok"),
        r#"{"editor":[{"seq":3,"type":"edit"},{"seq":4,"type":"save"}],"editorTotal":4,"byType":{"select":1,"edit":2,"save":1},"truncated":true,"hint":"Showing the last 2 of 4 events (newest last). Raise limit=N for more, or page with since=<seq>.","nextSeq":4}"#
    );
    assert_eq!(
        editor_journal(&p(EDITOR), &p(r#"{"since":1,"limit":1}"#)).expect("ok"),
        r#"{"editor":[{"seq":2,"type":"edit"}],"editorTotal":3,"byType":{"edit":2,"save":1},"truncated":true,"hint":"Showing the first 1 of 3 events after since=1 (oldest first). Call again with since=2 for more.","nextSeq":2}"#
    );
    assert_eq!(editor_journal(&p(EDITOR), &p(r#"{"since":4}"#)).expect("ok"), r#"{"editor":[],"editorTotal":0,"byType":{}}"#);
}

#[test]
fn editor_journal_merged_adds_game_and_timeline() {
    let query = r#"{"merged":true,"limit":1,"game":[{"tick":1,"type":"a"},{"tick":2,"type":"b"}],"timeline":[{"t":0,"type":"key"}]}"#;
    assert_eq!(
        editor_journal(&p(EDITOR), &p(query)).expect("ok"),
        r#"{"editor":[{"seq":4,"type":"save"}],"editorTotal":4,"byType":{"select":1,"edit":2,"save":1},"truncated":true,"hint":"Showing the last 1 of 4 events (newest last). Raise limit=N for more, or page with since=<seq>.","nextSeq":4,"game":[{"tick":2,"type":"b"}],"gameTotal":2,"gameByType":{"a":1,"b":1},"timeline":[{"t":0,"type":"key"}],"timelineTotal":1}"#
    );
    assert_eq!(
        editor_journal(&p("[]"), &p(r#"{"merged":1}"#)).expect("ok"),
        r#"{"editor":[],"editorTotal":0,"byType":{},"game":[],"gameTotal":0,"gameByType":{},"timeline":[],"timelineTotal":0}"#
    );
}

const WATCH: &str = r#"{"watchId":7,"series":[
 {"guid":"g1","name":"Ball","field":"Transform.y","count":3,"despawnedAt":null,"stats":{"first":1.23456789012,"last":0.5,"min":0.5,"max":1.23456789012,"delta":-0.73456789012,"settled":true},"samples":[{"t":0,"value":1.23456789012},{"t":1,"value":0.7},{"t":2,"value":0.5}]},
 {"guid":"g2","field":"Transform.x","count":0,"despawnedAt":12,"stats":null,"samples":[]}
]}"#;

#[test]
fn watch_read_stats_only_by_default() {
    assert_eq!(
        watch_read(&p(WATCH), &p("{}")).expect("ok"),
        r#"{"watchId":7,"series":[{"guid":"g1","name":"Ball","field":"Transform.y","count":3,"despawnedAt":null,"stats":{"first":1.23456789,"last":0.5,"min":0.5,"max":1.23456789,"delta":-0.73456789,"settled":true}},{"guid":"g2","field":"Transform.x","count":0,"despawnedAt":12,"stats":null}],"totalSamples":3,"hint":"Stats only (3 samples across 2 series). Pass samples=true for the raw time-series."}"#
    );
}

#[test]
fn watch_read_samples_and_series_limit() {
    assert_eq!(
        watch_read(&p(WATCH), &p(r#"{"samples":true,"limit":1}"#)).expect("ok"),
        r#"{"watchId":7,"series":[{"guid":"g1","name":"Ball","field":"Transform.y","count":3,"despawnedAt":null,"stats":{"first":1.23456789,"last":0.5,"min":0.5,"max":1.23456789,"delta":-0.73456789,"settled":true},"samples":[{"t":0,"value":1.23456789},{"t":1,"value":0.7},{"t":2,"value":0.5}]}],"seriesTotal":2,"seriesTruncated":true}"#
    );
    let many: Vec<String> = (0..150).map(|i| format!(r#"{{"guid":"g{i}","field":"f","count":1,"despawnedAt":null,"stats":null,"samples":[{{"t":0,"value":1}}]}}"#)).collect();
    let out = p(&watch_read(&p(&format!(r#"{{"series":[{}]}}"#, many.join(","))), &p("{}")).expect("ok"));
    assert_eq!(out["series"].as_array().map(Vec::len), Some(100));
    assert_eq!((out["seriesTotal"].as_u64(), out["seriesTruncated"].as_bool(), out["totalSamples"].as_u64()), (Some(150), Some(true), Some(150)));
    assert_eq!(
        watch_read(&p(r#"{"series":[]}"#), &p("{}")).expect("ok"),
        r#"{"series":[],"totalSamples":0,"hint":"Stats only (0 samples across 0 series). Pass samples=true for the raw time-series."}"#
    );
}
