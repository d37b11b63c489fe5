use super::*;

use crate::testing::json as p;

const EDITOR: &str = r#"[
 {"seq":1,"cap":1,"type":"!select","source":"human"},{"seq":2,"cap":3,"type":"!edit","source":"agent"},
 {"seq":3,"cap":4,"type":"!edit","source":"human"},{"seq":4,"cap":6,"type":"!save","source":"human"}
]"#;
const RING: &str = r#"{"epoch":"c1~s1","seq":4,"captureSeq":7,"game":[{"tick":1,"type":"spawn","cap":2},{"tick":2,"type":"score","cap":5},{"tick":3,"type":"score","cap":7}]}"#;

/// `editorJournal` as the binding calls it: the game events travel beside the ring state.
fn call(editor: &str, query: &str, ring: &str) -> Result<String> {
    let mut ring = p(ring);
    let game = ring.as_object_mut().and_then(|r| r.shift_remove("game")).unwrap_or(Value::Null);
    editor_journal(editor.as_bytes(), &p(query), &ring, to_json(&game).as_bytes())
}

fn read(query: &str) -> String {
    call(EDITOR, query, RING).expect("ok")
}

#[test]
fn bare_tail_names_the_tip_as_next_seq() {
    assert_eq!(
        read(r#"{"limit":2}"#),
        r#"{"editor":[{"seq":3,"cap":4,"type":"!edit","source":"human"},{"seq":4,"cap":6,"type":"!save","source":"human"}],"editorTotal":4,"ringTotal":4,"byType":{"!select":1,"!edit":2,"!save":1},"epoch":"c1~s1","truncated":true,"hint":"Showing the last 2 of 4 editor events (newest last). Raise limit=N for more, or narrow with type=/source=/since=.","nextSeq":4}"#
    );
}

#[test]
fn cursored_reads_page_oldest_first() {
    assert_eq!(
        read(r#"{"since":1,"limit":1,"epoch":"c1~s1"}"#),
        r#"{"editor":[{"seq":2,"cap":3,"type":"!edit","source":"agent"}],"editorTotal":3,"ringTotal":4,"byType":{"!select":1,"!edit":2,"!save":1},"epoch":"c1~s1","truncated":true,"nextSeq":2,"hint":"Showing the OLDEST 1 of 3 editor events after since=1 (oldest first). Poll again with since=2 to continue contiguously with no gap; raise limit=N to fetch more per poll."}"#
    );
    assert_eq!(p(&read(r#"{"since":1,"limit":0}"#))["nextSeq"], p("1"));
    assert_eq!(
        read(r#"{"since":4}"#),
        r#"{"editor":[],"editorTotal":0,"ringTotal":4,"byType":{"!select":1,"!edit":2,"!save":1},"epoch":"c1~s1","nextSeq":4}"#
    );
    let filtered = p(&read(r#"{"source":"human","type":"!edit"}"#));
    assert_eq!((filtered["editorTotal"].as_u64(), filtered["ringTotal"].as_u64()), (Some(1), Some(4)));
}

#[test]
fn a_stale_epoch_replays_and_a_lost_block_is_named() {
    let stale = p(&read(r#"{"since":3,"epoch":"c0~s0"}"#));
    assert_eq!(stale["editorTotal"].as_u64(), Some(4));
    assert!(
        stale["cursorReset"].as_str().is_some_and(
            |r| r.starts_with("since=3 was issued under epoch c0~s0; the editor journal has restarted since")
        )
    );
    let gap = p(&call(EDITOR, r#"{"since":1,"limit":1}"#, r#"{"epoch":"c1~s1","droppedThroughSeq":2}"#).expect("ok"));
    assert_eq!(gap["droppedThroughSeq"], p("2"));
    assert_eq!(gap["gapNote"].as_str(), Some("editor events after since=1 up to seq 2 were lost from the editor ring before this read (it keeps the newest 2,000, or it was cleared). Poll more often."));
    assert!(gap["hint"].as_str().is_some_and(|h| h.contains("contiguously from here (see gapNote")));
}

#[test]
fn merged_interleaves_both_streams_by_cap() {
    assert_eq!(
        read(r#"{"merged":true,"limit":3}"#),
        r#"{"editor":[{"seq":2,"cap":3,"type":"!edit","source":"agent"},{"seq":3,"cap":4,"type":"!edit","source":"human"},{"seq":4,"cap":6,"type":"!save","source":"human"}],"editorTotal":4,"ringTotal":4,"byType":{"!select":1,"!edit":2,"!save":1},"epoch":"c1~s1","truncated":true,"hint":"Showing the last 3 of 7 timeline events (newest last). Raise limit=N for more, or cursor with sinceCap=<last cap>.","game":[{"tick":1,"type":"spawn","cap":2},{"tick":2,"type":"score","cap":5},{"tick":3,"type":"score","cap":7}],"gameTotal":3,"gameByType":{"spawn":1,"score":2},"timelineTotal":7,"timeline":[{"stream":"game","tick":2,"type":"score","cap":5},{"stream":"editor","seq":4,"cap":6,"type":"!save","source":"human"},{"stream":"game","tick":3,"type":"score","cap":7}],"nextCap":7,"nextSeq":4}"#
    );
    let cursored = p(&read(r#"{"merged":1,"sinceCap":3,"limit":2,"epoch":"c1~s9"}"#));
    assert_eq!(
        cursored["timeline"].as_array().map(|t| t.iter().map(|e| e["cap"].as_u64().unwrap_or(0)).collect::<Vec<_>>()),
        Some(vec![4, 5])
    );
    assert_eq!((cursored["nextCap"].clone(), cursored.get("cursorReset")), (p("5"), None));
    assert!(cursored["hint"].as_str().is_some_and(|h| h.starts_with(
        "Showing the OLDEST 2 of 4 timeline events after sinceCap=3 (oldest first). Poll again with sinceCap=5"
    )));
    let stale = p(&read(r#"{"merged":true,"sinceCap":3,"epoch":"c0~s1"}"#));
    assert!(stale["cursorReset"].as_str().is_some_and(
        |r| r.starts_with("sinceCap=3 was issued under epoch c0~s1; the journal has restarted since (epoch c1")
    ));
    assert_eq!(stale["timelineTotal"].as_u64(), Some(7));
}

#[test]
fn refusals_and_bad_input() {
    assert!(read(r#"{"clear":1}"#)
        .starts_with(r#"{"ok":false,"code":"UNKNOWN_PARAM","error":"editor-journal: clear was removed"#));
    assert_eq!(
        read(r#"{"source":"bot"}"#),
        r#"{"ok":false,"code":"REFUSED_BY_OP","error":"editor-journal: unknown source \"bot\" — nothing was read. Valid: human, agent.","options":["human","agent"]}"#
    );
    assert_eq!(call("{}", "null", "null").map_err(|e| e.code), Err(crate::error::ErrorCode::InvalidInput));
    assert_eq!(call("[]", "null", r#"{"game":7}"#).map_err(|e| e.code), Err(crate::error::ErrorCode::InvalidInput));
    assert_eq!(
        call("[]", r#"{"merged":true}"#, "null").expect("ok"),
        r#"{"editor":[],"editorTotal":0,"ringTotal":0,"byType":{},"game":[],"gameTotal":0,"gameByType":{},"timelineTotal":0,"timeline":[],"nextCap":0,"nextSeq":0}"#
    );
}
