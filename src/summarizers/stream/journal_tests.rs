use super::*;

use crate::testing::json as p;

const EVENTS: &str = r#"[
 {"tick":1,"type":"spawn","cap":1,"level":"info"},{"tick":2,"type":"score","cap":2,"level":"info"},
 {"tick":3,"type":"hit","cap":4,"level":"warn"},{"tick":4,"type":"score","cap":5,"level":"info"},
 {"tick":5,"type":"crash","cap":7,"level":"error"}
]"#;
const RING: &str =
    r#"{"epoch":"k1-0","captureSeq":8,"droppedThroughCap":0,"captures":{"types":["@contact"],"active":[]}}"#;
const HINT: &str = "@contact is watch-gated and NOT capturing — start with action:'start', type:'@contact' before the moment you want to trace.";

fn read(query: &str) -> String {
    journal_events(EVENTS.as_bytes(), &p(query), &p(RING)).expect("ok")
}

#[test]
fn bare_tail_with_counts_cursor_and_captures() {
    assert_eq!(
        read(r#"{"limit":2}"#),
        format!(
            r#"{{"returnedCount":2,"totalCount":5,"ringTotal":5,"byType":{{"spawn":1,"score":2,"hit":1,"crash":1}},"nextCap":8,"epoch":"k1-0","events":[{{"tick":4,"type":"score","cap":5,"level":"info"}},{{"tick":5,"type":"crash","cap":7,"level":"error"}}],"captures":{{"types":["@contact"],"active":[]}},"captureHint":"{HINT}","truncated":true,"hint":"Showing the last 2 of 5 events (newest last). Raise limit=N for more, or narrow with type=."}}"#
        )
    );
}

#[test]
fn filters_narrow_rows_and_leave_the_ring_counts_whole() {
    let v = p(&read(r#"{"level":"warn"}"#));
    assert_eq!(
        (v["returnedCount"].as_u64(), v["totalCount"].as_u64(), v["ringTotal"].as_u64()),
        (Some(2), Some(2), Some(5))
    );
    assert_eq!(v["filter"], p(r#"{"level":"warn"}"#));
    assert_eq!(v["byType"], p(r#"{"spawn":1,"score":2,"hit":1,"crash":1}"#));
    let t = p(&read(r#"{"type":"score"}"#));
    assert_eq!((t["returnedCount"].as_u64(), t["filter"].clone()), (Some(2), p(r#"{"type":"score"}"#)));
}

#[test]
fn a_cursor_windows_the_ring_and_pages_oldest_first() {
    let v = p(&read(r#"{"sinceCap":1,"limit":2,"epoch":"k1-0"}"#));
    assert_eq!(
        v["events"].as_array().map(|e| e.iter().map(|x| x["cap"].as_u64().unwrap_or(0)).collect::<Vec<_>>()),
        Some(vec![2, 4])
    );
    assert_eq!((v["ringTotal"].as_u64(), v["nextCap"].as_u64()), (Some(4), Some(4)));
    assert_eq!(
        v["hint"].as_str(),
        Some("Showing the OLDEST 2 of 4 events after sinceCap=1 (oldest first). Read again with sinceCap=4 to continue with no gap; raise limit=N for more per read.")
    );
    // limit:0 holds the cursor; a read that saw everything moves to the counter's tip.
    assert_eq!(p(&read(r#"{"sinceCap":1,"limit":0}"#))["nextCap"], p("1"));
    assert_eq!(p(&read(r#"{"sinceCap":5}"#))["nextCap"], p("8"));
}

#[test]
fn stale_cursors_replay_and_gaps_are_named() {
    let stale = p(&read(r#"{"sinceCap":5,"epoch":"k0-0"}"#));
    assert_eq!(stale["returnedCount"].as_u64(), Some(5));
    assert!(stale["cursorReset"].as_str().is_some_and(
        |r| r.starts_with("sinceCap=5 was issued under epoch k0-0; the journal has restarted since (epoch k1-0")
    ));
    let past = p(&read(r#"{"sinceCap":99}"#));
    assert!(past["cursorReset"]
        .as_str()
        .is_some_and(|r| r.contains("past the newest event this journal has issued (8)")));
    let ring = p(r#"{"epoch":"k1-0","captureSeq":8,"droppedThroughCap":3}"#);
    let gap = p(&journal_events(EVENTS.as_bytes(), &p(r#"{"sinceCap":1,"limit":1}"#), &ring).expect("ok"));
    assert_eq!(gap["droppedThroughCap"], p("3"));
    assert_eq!(gap["gapNote"].as_str(), Some(journal_gap_note(1.0, 3.0).as_str()));
    assert!(gap["hint"]
        .as_str()
        .is_some_and(|h| h.contains("to continue from here (see gapNote: earlier events were already lost)")));
    assert_eq!(gap.get("captures"), None);
}

#[test]
fn refusals() {
    assert!(read(r#"{"clear":true}"#).starts_with(r#"{"ok":false,"code":"UNKNOWN_PARAM","error":"clear was removed"#));
    assert_eq!(
        read(r#"{"sinceCap":"3"}"#),
        r#"{"ok":false,"code":"REFUSED_BY_OP","error":"sinceCap must be a non-negative number (a nextCap from an earlier read), got \"3\" — nothing was read."}"#
    );
    assert_eq!(
        read(r#"{"level":"wran"}"#),
        r#"{"ok":false,"code":"REFUSED_BY_OP","error":"unknown level \"wran\" — nothing was read. A level filter means that severity AND ABOVE.","options":["info","warn","error"]}"#
    );
    assert_eq!(
        journal_events(EVENTS.as_bytes(), &p(r#"{"action":"start"}"#), &Value::Null).map_err(|e| e.code),
        Err(crate::error::ErrorCode::InvalidOption)
    );
    assert_eq!(
        journal_events(b"3", &Value::Null, &Value::Null).map_err(|e| e.code),
        Err(crate::error::ErrorCode::InvalidInput)
    );
}

#[test]
fn default_tail_is_one_hundred_and_defaults_come_from_the_events() {
    let many: Vec<String> =
        (1..=150).map(|i| format!(r#"{{"tick":{i},"type":"t","cap":{i},"level":"info"}}"#)).collect();
    let v = p(&journal_events(format!("[{}]", many.join(",")).as_bytes(), &Value::Null, &Value::Null).expect("ok"));
    assert_eq!(
        (v["returnedCount"].as_u64(), v["nextCap"].as_u64(), v["events"][0]["cap"].as_u64()),
        (Some(100), Some(150), Some(51))
    );
    assert_eq!(v.get("epoch"), None);
}
