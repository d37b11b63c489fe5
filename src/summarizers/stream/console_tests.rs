use super::*;

use crate::testing::json as p;

const RING: &str = r#"[
 {"seq":1,"level":"log","ts":1001,"text":"a-log"},{"seq":2,"level":"info","ts":1002,"text":"b-info"},
 {"seq":3,"level":"warn","ts":1003,"text":"c-warn"},{"seq":4,"level":"error","ts":1004,"text":"d-error"}
]"#;
const STATE: &str = r#"{"epoch":"k1-0","dropped":0}"#;

fn read(query: &str) -> String {
    console_logs(&p(RING), &p(query), &p(STATE)).expect("ok")
}

fn texts(out: &str) -> Vec<String> {
    p(out)["logs"].as_array().expect("logs").iter().map(|l| l["text"].as_str().unwrap_or("").to_owned()).collect()
}

#[test]
fn bare_read_is_the_whole_small_ring_with_the_cursor_at_the_newest() {
    assert_eq!(
        read("{}"),
        r#"{"logs":[{"seq":1,"level":"log","ts":1001,"text":"a-log"},{"seq":2,"level":"info","ts":1002,"text":"b-info"},{"seq":3,"level":"warn","ts":1003,"text":"c-warn"},{"seq":4,"level":"error","ts":1004,"text":"d-error"}],"nextSeq":4,"epoch":"k1-0","returnedCount":4,"totalCount":4,"ringTotal":4,"byLevel":{"log":1,"info":1,"warn":1,"error":1},"dropped":0}"#
    );
}

#[test]
fn level_is_a_threshold_and_counts_describe_the_whole_ring() {
    assert_eq!(texts(&read(r#"{"level":"warn"}"#)), ["c-warn", "d-error"]);
    assert_eq!(texts(&read(r#"{"level":"info"}"#)).len(), 4);
    assert_eq!(
        read(r#"{"level":"error","limit":0}"#),
        r#"{"logs":[],"nextSeq":4,"epoch":"k1-0","returnedCount":0,"totalCount":1,"ringTotal":4,"byLevel":{"log":1,"info":1,"warn":1,"error":1},"dropped":0,"truncated":true,"hint":"Showing the last 0 of 1 console entries (newest last). Raise limit=N for more, or narrow with level=/since=."}"#
    );
}

#[test]
fn refusals_are_the_editor_bodies() {
    assert_eq!(
        read(r#"{"level":"wran"}"#),
        r#"{"ok":false,"code":"REFUSED_BY_OP","error":"console-logs: level must be one of log, info, warn, error (a threshold: that level or worse), got \"wran\".","options":["log","info","warn","error"]}"#
    );
    assert_eq!(
        read(r#"{"since":1,"sinceMs":1}"#),
        r#"{"ok":false,"code":"AMBIGUOUS","error":"console-logs: pass since (a ring seq cursor, from nextSeq) OR sinceMs (an epoch-ms timestamp), not both — they select by different clocks.","options":["since","sinceMs"]}"#
    );
    assert_eq!(
        read(r#"{"since":1758800000000}"#),
        r#"{"ok":false,"code":"REFUSED_BY_OP","error":"console-logs: since=1758800000000 is a timestamp, but since is a ring SEQ cursor — pass back a reply's nextSeq. For \"logged after this instant\", use sinceMs=1758800000000.","options":["sinceMs"]}"#
    );
    assert_eq!(
        read(r#"{"since":"2"}"#),
        r#"{"ok":false,"code":"REFUSED_BY_OP","error":"console-logs: since is a ring seq cursor (a non-negative integer — pass back a reply's nextSeq), got 2."}"#
    );
    assert!(read(r#"{"since":-1}"#).contains("non-negative integer"));
    assert_eq!(
        read(r#"{"sinceMs":3}"#),
        r#"{"ok":false,"code":"REFUSED_BY_OP","error":"console-logs: sinceMs=3 is a ring seq, not an epoch-ms timestamp — for a cursor use since=3.","options":["since"]}"#
    );
    assert_eq!(
        read(r#"{"since":2,"epoch":7}"#),
        r#"{"ok":false,"code":"REFUSED_BY_OP","error":"console-logs: epoch is the string a previous reply returned, got 7."}"#
    );
}

#[test]
fn cursored_reads_page_oldest_first_and_limit_zero_holds_the_cursor() {
    assert_eq!(
        read(r#"{"since":1,"limit":2,"epoch":"k1-0"}"#),
        r#"{"logs":[{"seq":2,"level":"info","ts":1002,"text":"b-info"},{"seq":3,"level":"warn","ts":1003,"text":"c-warn"}],"nextSeq":3,"epoch":"k1-0","returnedCount":2,"totalCount":3,"ringTotal":4,"byLevel":{"log":1,"info":1,"warn":1,"error":1},"dropped":0,"truncated":true,"hint":"Showing the OLDEST 2 of 3 entries after since=1 (oldest first). Continue with since=3 and this epoch, or raise limit=N."}"#
    );
    let held = p(&read(r#"{"since":1,"limit":0}"#));
    assert_eq!(
        (held["returnedCount"].as_u64(), held["nextSeq"].as_u64(), held["truncated"].as_bool()),
        (Some(0), Some(1), Some(true))
    );
    // A negative limit is 0, and an empty page past the cursor is not truncated.
    let empty = p(&read(r#"{"since":4,"limit":-3}"#));
    assert_eq!(
        (empty["returnedCount"].as_u64(), empty.get("truncated"), empty["nextSeq"].as_u64()),
        (Some(0), None, Some(4))
    );
    // A level-filtered cursored poll moves to the newest seq of the whole ring.
    assert_eq!(p(&read(r#"{"since":0,"level":"warn"}"#))["nextSeq"], p("4"));
}

#[test]
fn stale_epoch_and_restarted_ring_replay_from_the_start() {
    let stale = p(&read(r#"{"since":3,"epoch":"k0-0"}"#));
    assert_eq!(texts(&stale.to_string()), ["a-log", "b-info", "c-warn", "d-error"]);
    assert_eq!(
        stale["cursorReset"],
        p(
            r#""since=3 was issued under epoch k0-0; the console ring has restarted since (epoch k1-0 — a reload, e.g. a game-code edit), so this read starts from the beginning. Use the returned cursor from now on.""#
        )
    );
    let past = p(&read(r#"{"since":50}"#));
    assert_eq!(texts(&past.to_string()).len(), 4);
    assert_eq!(past["nextSeq"], p("4"));
    assert!(past["cursorReset"].as_str().is_some_and(|r| r.contains("past the newest seq this ring has issued (4)")));
    assert_eq!(p(&read(r#"{"since":2,"epoch":""}"#)).get("cursorReset"), None);
}

#[test]
fn limit_guards() {
    let many: Vec<String> =
        (1..=60).map(|i| format!(r#"{{"seq":{i},"level":"log","ts":{i},"text":"t-{i}"}}"#)).collect();
    let ring = p(&format!("[{}]", many.join(",")));
    let run = |q: &str| p(&console_logs(&ring, &p(q), &Value::Null).expect("ok"));
    for (query, returned, last) in [
        ("{}", 50, 60),
        (r#"{"limit":null}"#, 50, 60),
        (r#"{"limit":"7"}"#, 50, 60),
        (r#"{"limit":1e300}"#, 60, 60),
        (r#"{"limit":2.5}"#, 2, 60),
        (r#"{"limit":0}"#, 0, 0),
    ] {
        let out = run(query);
        assert_eq!(out["returnedCount"].as_u64(), Some(returned), "{query}");
        if last > 0 {
            assert_eq!(out["logs"][returned as usize - 1]["seq"].as_u64(), Some(last), "{query}");
        }
    }
    // Without ring state: no epoch key, dropped 0.
    assert!(!run("{}").as_object().is_some_and(|o| o.contains_key("epoch")));
}

#[test]
fn an_oversized_entry_is_cut_and_fits_at_limit_one() {
    let ring = p(&format!(r#"[{{"seq":1,"level":"error","ts":1,"text":"{}"}}]"#, "z".repeat(200_000)));
    let out = console_logs(&ring, &p(r#"{"limit":1}"#), &Value::Null).expect("ok");
    assert!(out.len() < 60_000);
    let v = p(&out);
    assert_eq!(v["logs"][0]["text"].as_str(), Some(format!("{}… (+196000 chars)", "z".repeat(4000)).as_str()));
    assert_eq!(v.get("omittedForSize"), None);
    assert_eq!(v.get("truncated"), None);
}

fn big_ring() -> Value {
    let many: Vec<String> = (1..=50)
        .map(|i| format!(r#"{{"seq":{i},"level":"error","ts":{i},"text":"e{i} {}"}}"#, "s".repeat(3000)))
        .collect();
    p(&format!("[{}]", many.join(",")))
}

#[test]
fn the_budget_keeps_the_newest_of_a_tail_and_names_the_cursor_for_the_rest() {
    let out = console_logs(&big_ring(), &p(r#"{"limit":40}"#), &p(STATE)).expect("ok");
    let v = p(&out);
    let logs = v["logs"].as_array().expect("logs");
    let shown = logs.len();
    assert_eq!(shown, 13);
    assert!(crate::json::string::utf16_len(&crate::json::value::to_json(&v["logs"])) <= LOG_ANSWER_CHARS);
    assert_eq!((logs[0]["seq"].as_u64(), logs[shown - 1]["seq"].as_u64()), (Some(38), Some(50)));
    assert_eq!(
        (v["returnedCount"].as_u64(), v["totalCount"].as_u64(), v["omittedForSize"].as_u64()),
        (Some(13), Some(50), Some(27))
    );
    assert_eq!(
        v["hint"].as_str(),
        Some("Showing the last 13 of 50 console entries (newest last): 27 of the 40 entries the limit took were left out to keep this answer under 40000 chars. Read them with since=10 and this epoch, or narrow with level=/since=.")
    );
}

#[test]
fn a_cursored_budget_page_continues_after_its_last_row_and_skips_nothing() {
    let ring = big_ring();
    let (mut seen, mut since, mut epoch) = (Vec::new(), 0u64, String::new());
    for round in 0..50 {
        let q = if epoch.is_empty() {
            format!(r#"{{"since":{since}}}"#)
        } else {
            format!(r#"{{"since":{since},"epoch":"{epoch}"}}"#)
        };
        let v = p(&console_logs(&ring, &p(&q), &p(STATE)).expect("ok"));
        let logs = v["logs"].as_array().expect("logs");
        if round == 0 {
            assert_eq!(v["omittedForSize"].as_u64(), Some(50 - logs.len() as u64));
            assert_eq!(
                v["hint"].as_str(),
                Some("Showing the OLDEST 13 of 50 entries after since=0 (oldest first): 37 of the 50 entries the limit took were left out to keep this answer under 40000 chars. Continue with since=13 and this epoch.")
            );
        }
        seen.extend(logs.iter().filter_map(|l| l["seq"].as_u64()));
        epoch = v["epoch"].as_str().unwrap_or("").to_owned();
        if v.get("truncated").is_none() {
            break;
        }
        assert_eq!(v["nextSeq"], logs[logs.len() - 1]["seq"]);
        since = v["nextSeq"].as_u64().expect("seq");
    }
    assert_eq!(seen, (1..=50).collect::<Vec<u64>>());
}

#[test]
fn unreadable_input_is_invalid_input_and_hostile_levels_are_plain_keys() {
    assert_eq!(
        console_logs(&p("{}"), &Value::Null, &Value::Null).map_err(|e| e.code),
        Err(crate::error::ErrorCode::InvalidInput)
    );
    let ring =
        p(r#"[{"seq":1,"level":"__proto__","ts":1,"text":"x"},{"seq":2,"level":"constructor","ts":2,"text":"y"}]"#);
    let v = p(&console_logs(&ring, &p(r#"{"level":"log"}"#), &Value::Null).expect("ok"));
    assert_eq!(v["byLevel"], p(r#"{"__proto__":1,"constructor":1}"#));
    assert_eq!(v["returnedCount"].as_u64(), Some(2));
}
