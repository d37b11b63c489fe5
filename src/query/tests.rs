//! Searches over pages the elision pass wrote (the pages a store keeps), checked against what
//! the result holds: the line or item found is the one the result has there, on the page that
//! holds it, with its neighbours.

use super::{Budget, Search, Selector};
use crate::elision::{json_pass, text_pass, Limits};
use crate::json::string::json_string;
use crate::tokens::Encoding;

const LIMITS: Limits = Limits { max_chars: 3000, max_bytes: None, max_tokens: None, encoding: Encoding::Cl100kBase };
const ANSWER: Budget = Budget { max_chars: 4000, max_tokens: None, encoding: Encoding::Cl100kBase };

fn text_pages(text: &str) -> Vec<String> {
    text_pass(&json_string(text), LIMITS, None).unwrap().pages.unwrap().unwrap()
}

fn json_pages(json: &str) -> Vec<String> {
    json_pass(json, json.len(), LIMITS, true, None).unwrap().pages.unwrap().unwrap()
}

/// The answer for `selector` over `pages`, and how many pages the search read.
fn search(pages: &[String], selector: Selector<'_>, budget: Budget) -> (Result<String, String>, usize) {
    let mut s = match Search::new(selector, budget) {
        Ok(s) => s,
        Err(e) => return (Err(e.message), 0),
    };
    let mut read = 0;
    for page in pages {
        read += 1;
        match s.read(page.as_bytes()) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => return (Err(e.message), read),
        }
    }
    (s.answer().map_err(|e| e.message), read)
}

fn answer(pages: &[String], selector: Selector<'_>) -> String {
    search(pages, selector, ANSWER).0.unwrap()
}

/// The page (from 1) whose text holds `needle`.
fn page_of(pages: &[String], needle: &str) -> usize {
    pages.iter().position(|p| p.contains(needle)).unwrap() + 1
}

fn log_text(lines: usize, needle_at: usize) -> String {
    (1..=lines)
        .map(
            |i| {
                if i == needle_at {
                    format!("{i} ERROR pool exhausted\n")
                } else {
                    format!("{i} info handled request\n")
                }
            },
        )
        .collect()
}

#[test]
fn a_line_far_down_a_text_is_found_with_its_neighbours_and_its_page() {
    let pages = text_pages(&log_text(5000, 4321));
    let page = page_of(&pages, "4321 ERROR");
    assert!(pages.len() > 20 && page > 10);
    assert_eq!(
        answer(&pages, Selector::Match("POOL EXHAUSTED")),
        format!(
            "1 of the 5000 lines in the text matches \"POOL EXHAUSTED\", on page {page} (of {}); each is shown with up to 2 lines around it (N: the match, N- a line around it):\n-- page {page}\n4319-4319 info handled request\n4320-4320 info handled request\n4321:4321 ERROR pool exhausted\n4322-4322 info handled request\n4323-4323 info handled request",
            pages.len()
        )
    );
    assert_eq!(
        answer(&pages, Selector::Match("/^43(19|22) /")),
        format!(
            "2 of the 5000 lines in the text match /^43(19|22) /, on page {page} (of {}); each is shown with up to 2 lines around it (N: the match, N- a line around it):\n-- page {page}\n4317-4317 info handled request\n4318-4318 info handled request\n4319:4319 info handled request\n4320-4320 info handled request\n4321-4321 ERROR pool exhausted\n4322:4322 info handled request\n4323-4323 info handled request\n4324-4324 info handled request",
            pages.len()
        )
    );
}

#[test]
fn neighbours_come_from_the_pages_before_and_after() {
    let pages = text_pages(&log_text(3000, 0));
    // The first line of page 5 and the last of page 8: their neighbours are on the next page over.
    let first = super::page::read(pages[4].as_bytes(), 5).unwrap();
    let super::page::Body::Text(span) = first.body else { panic!() };
    let head = String::from_utf8(super::page::string_at(pages[4].as_bytes(), span)).unwrap();
    let n: usize = head.split(' ').next().unwrap().parse().unwrap();
    let got = answer(&pages, Selector::Match(&format!("/^{n} /")));
    assert!(
        got.ends_with(&format!("-- page 5\n{}-{} info handled request\n{}-{} info handled request\n{n}:{n} info handled request\n{}-{} info handled request\n{}-{} info handled request", n - 2, n - 2, n - 1, n - 1, n + 1, n + 1, n + 2, n + 2)),
        "{got}"
    );
    let last = 3000;
    let got = answer(&pages, Selector::Match("/^3000 /"));
    assert!(
        got.ends_with(&format!("{}-{} info handled request\n{last}:{last} info handled request", last - 1, last - 1)),
        "{got}"
    );
    // Matches whose neighbours touch are one group, as grep shows them.
    let got = answer(&pages, Selector::Match("/^(10|14|30) /"));
    assert!(got.contains("\n8-8 info handled request\n9-9 info handled request\n10:10 info handled request\n11-11 info handled request\n12-12 info handled request\n13-13 info handled request\n14:14 info handled request\n15-15 info handled request\n16-16 info handled request\n-- page 1\n28-28"), "{got}");
}

#[test]
fn a_range_of_lines_is_read_up_to_its_end_and_no_further() {
    let pages = text_pages(&log_text(5000, 4321));
    let page = page_of(&pages, "4321 ERROR");
    let (got, read) = search(&pages, Selector::Lines("4320-4322"), ANSWER);
    assert_eq!(
        got.unwrap(),
        format!("Lines 4320–4322 of the text, on page {page}:\n4320\t4320 info handled request\n4321\t4321 ERROR pool exhausted\n4322\t4322 info handled request")
    );
    assert!(read <= page + 1);
    assert_eq!(answer(&pages, Selector::Lines("4999-6000")), format!("Lines 4999–5000 of the text, on page {} (it ends at line 5000):\n4999\t4999 info handled request\n5000\t5000 info handled request", pages.len()));
    assert_eq!(
        search(&pages, Selector::Lines("5001-5002"), ANSWER).0.unwrap_err(),
        "lines: \"5001-5002\" starts past the end: the text has 5000 lines."
    );
    assert_eq!(
        search(&pages, Selector::Lines("9-3"), ANSWER).0.unwrap_err(),
        "lines: \"9-3\" ends before it starts: write FROM-TO with FROM ≤ TO."
    );
    assert!(search(&pages, Selector::Lines("x"), ANSWER)
        .0
        .unwrap_err()
        .starts_with("lines: \"x\" is not a range of lines"));
    // Over the budget: the start of the range, and where to read on.
    let got = answer(&pages, Selector::Lines("1-4000"));
    assert!(
        got.starts_with("Lines 1–") && got.contains("; the rest is over this answer's budget: read it with lines \""),
        "{got}"
    );
    assert!(got.len() <= ANSWER.max_chars);
}

#[test]
fn many_matches_show_their_count_and_the_first_and_the_last() {
    let pages = text_pages(&log_text(5000, 0));
    let got = answer(&pages, Selector::Match("info"));
    assert!(got.len() <= ANSWER.max_chars);
    assert!(
        got.starts_with(&format!("5000 of the 5000 lines in the text match \"info\", on all {} pages", pages.len())),
        "{got}"
    );
    assert!(got.contains("of them are shown, the first and the last:\n-- page 1\n1:1 info"), "{got}");
    assert!(got.ends_with("5000:5000 info handled request"), "{got}");
    assert!(got.contains("\n-- 4884 more matching lines not shown, between lines 60 and 4945: a longer match, or lines \"60-4945\", narrows it\n"), "{got}");
}

#[test]
fn a_pattern_across_a_line_break_matches_within_one_line_only() {
    let pages = text_pages("a\nb\na b\n");
    assert_eq!(
        answer(&pages, Selector::Match("/a\\sb/")),
        "1 of the 3 lines in the text matches /a\\sb/, on page 1 (of 1); each is shown with up to 2 lines around it (N: the match, N- a line around it):\n-- page 1\n1-a\n2-b\n3:a b"
    );
    assert_eq!(answer(&pages, Selector::Match("zzz")), "None of the 3 lines in the text (on 1 page) matches \"zzz\".");
}

#[test]
fn a_long_line_is_shown_around_its_match() {
    let text = format!("{}needle{}\nnext\n", "x".repeat(5000), "y".repeat(5000));
    let pages = text_pages(&text);
    let got = answer(&pages, Selector::Match("needle"));
    assert!(
        got.contains(&format!("\n1:[+4900 chars]…{}needle{}…[+4706 chars]\n2-next", "x".repeat(100), "y".repeat(294))),
        "{got}"
    );
}

#[test]
fn a_match_in_a_line_longer_than_a_page_is_on_the_page_that_holds_it() {
    // One line over several pages (a Python literal of rows, printed on one line).
    let text = format!("{}needle{}\nnext\n", "x".repeat(7000), "y".repeat(2000));
    let pages = text_pages(&text);
    let at = page_of(&pages, "needle");
    assert!(pages.len() >= 3 && at >= 3, "{} pages, the needle on page {at}", pages.len());
    let got = answer(&pages, Selector::Match("needle"));
    assert!(
        got.starts_with(&format!(
            "1 of the 2 lines in the text matches \"needle\", on page {at} (of {}); ",
            pages.len()
        )),
        "{got}"
    );
    assert!(got.contains(&format!("\n-- page {at}\n1:[+")), "{got}");
}

fn rows(n: usize, needle_at: usize) -> String {
    let rows: Vec<String> = (0..n)
        .map(|i| {
            let name = if i == needle_at { "Needle Inc".to_owned() } else { format!("row {i}") };
            format!("{{\"id\":{i},\"name\":\"{name}\"}}")
        })
        .collect();
    format!("{{\"scene\":\"forest\",\"rows\":[{}]}}", rows.join(","))
}

#[test]
fn an_item_far_down_a_collection_is_found_by_match_and_by_path() {
    let json = rows(3000, 2500);
    let pages = json_pages(&json);
    let page = page_of(&pages, "Needle Inc");
    assert!(page > 10);
    let item = r#"{"id":2500,"name":"Needle Inc"}"#;
    assert_eq!(
        answer(&pages, Selector::Match("needle inc")),
        format!("1 of the 3000 items of $.rows matches \"needle inc\", on page {page} (of {}):\n{{\"matched\":1,\"shown\":1,\"items\":[{{\"index\":2500,\"page\":{page},\"item\":{item}}}]}}", pages.len())
    );
    let (got, read) = search(&pages, Selector::Path("$.rows[2500].name"), ANSWER);
    assert_eq!(
        got.unwrap(),
        format!("$.rows[2500].name: 1 value on page {page} (of {}):\n{{\"matched\":1,\"shown\":1,\"items\":[{{\"index\":2500,\"page\":{page},\"path\":\"$.rows[2500].name\",\"value\":\"Needle Inc\"}}]}}", pages.len())
    );
    assert_eq!(read, page);
    let slice = answer(&pages, Selector::Path("rows[2499:2501]"));
    assert!(slice.starts_with("$.rows[2499:2501]: 2 values on page"), "{slice}");
    assert!(slice.contains(item));
    assert_eq!(
        answer(&pages, Selector::Path("$.scene")),
        format!("$.scene (on page 1 of {}):\n\"forest\"", pages.len())
    );
    let above = answer(&pages, Selector::Path("$"));
    assert!(
        above.starts_with(&format!(
            "$ holds $.rows, whose 3000 items are on the pages (1 to {}), emptied here",
            pages.len()
        )),
        "{above}"
    );
    assert!(above.ends_with(":\n{\"scene\":\"forest\",\"rows\":[]}"), "{above}");
    let fail = |p: &str| search(&pages, Selector::Path(p), ANSWER).0.unwrap_err();
    assert_eq!(fail("$.rows[3000]"), "path: $.rows[3000] is past the end: $.rows has 3000 items (indices 0 to 2999).");
    assert_eq!(fail("$.nope"), "path: $ has no key \"nope\"; its keys: scene, rows.");
    assert_eq!(fail("$.rows[7].nope"), "path: $.rows[7] has no key \"nope\"; its keys: id, name.");
    assert_eq!(
        fail("$.rows.x"),
        "path: $.rows is an array, which has no keys: select its items with [i] or [from:to]."
    );
    assert_eq!(
        fail("$.rows[3000:3010]"),
        "path: $.rows[3000:3010] is past the end: $.rows has 3000 items (indices 0 to 2999)."
    );
    assert!(search(&pages, Selector::Lines("1-2"), ANSWER)
        .0
        .unwrap_err()
        .starts_with("lines: this result is JSON, kept as the items of $.rows"));
    // A match in the value around the collection is said too.
    assert!(answer(&pages, Selector::Match("forest")).starts_with("None of the 3000 items of $.rows (on "));
    assert!(answer(&pages, Selector::Match("forest")).contains("the value around $.rows (on page 1) matches too"));
}

#[test]
fn a_document_in_a_string_is_read_as_that_document() {
    // server-filesystem's directory_tree: pretty JSON in structuredContent.content.
    let tree: Vec<serde_json::Value> =
        (0..800).map(|i| serde_json::json!({ "name": format!("file-{i}.ts"), "type": "file" })).collect();
    let mut tree = tree;
    tree[700] = serde_json::json!({ "name": "needle.ts", "type": "file" });
    let pretty = serde_json::to_string_pretty(&tree).unwrap();
    let json = serde_json::json!({ "content": pretty }).to_string();
    let pages = json_pages(&json);
    assert!(pages[0].contains("\"document\":{\"indent\":\"  \",\"path\":\"$\""), "{}", &pages[0][..200]);
    let page = page_of(&pages, "needle.ts");
    assert_eq!(
        answer(&pages, Selector::Match("NEEDLE")),
        format!("1 of the 800 items of $.content matches \"NEEDLE\", on page {page} (of {}):\n{{\"matched\":1,\"shown\":1,\"items\":[{{\"index\":700,\"page\":{page},\"item\":{{\"name\":\"needle.ts\",\"type\":\"file\"}}}}]}}", pages.len())
    );
    assert!(answer(&pages, Selector::Path("$.content[700].name")).ends_with("\"value\":\"needle.ts\"}]}"));
}

#[test]
fn a_map_is_searched_by_its_keys_and_its_members_shown_whole() {
    let packages: Vec<String> = (0..1500)
        .map(|i| {
            let name = if i == 1234 { "lodash".to_owned() } else { format!("pkg-{i}") };
            format!("\"node_modules/{name}\":{{\"version\":\"1.0.{i}\",\"resolved\":\"https://registry.npmjs.org/{name}\"}}")
        })
        .collect();
    let json = format!("{{\"name\":\"app\",\"lockfileVersion\":3,\"packages\":{{{}}}}}", packages.join(","));
    let pages = json_pages(&json);
    let page = page_of(&pages, "node_modules/lodash");
    let member = "\"value\":{\"version\":\"1.0.1234\",\"resolved\":\"https://registry.npmjs.org/lodash\"}";
    assert_eq!(
        answer(&pages, Selector::Match("node_modules/lodash")),
        format!("1 of the 1500 members of $.packages matches \"node_modules/lodash\", on page {page} (of {}):\n{{\"matched\":1,\"shown\":1,\"items\":[{{\"index\":1234,\"key\":\"node_modules/lodash\",\"page\":{page},{member}}}]}}", pages.len())
    );
    assert!(answer(&pages, Selector::Path("$.packages[\"node_modules/lodash\"].version"))
        .ends_with("\"value\":\"1.0.1234\"}]}"));
    assert_eq!(
        search(&pages, Selector::Path("$.packages[\"node_modules/nope\"]"), ANSWER).0.unwrap_err(),
        "path: $.packages has no key \"node_modules/nope\" among its 1500 members."
    );
}

#[test]
fn a_string_in_the_value_is_read_as_a_text() {
    // server-filesystem's read_text_file: the file in structuredContent.content.
    let json = serde_json::json!({ "content": log_text(3000, 2999) }).to_string();
    let pages = json_pages(&json);
    let page = page_of(&pages, "2999 ERROR");
    let got = answer(&pages, Selector::Match("pool exhausted"));
    assert!(
        got.starts_with(&format!(
            "1 of the 3000 lines in the string at $.content matches \"pool exhausted\", on page {page}"
        )),
        "{got}"
    );
    assert!(got.ends_with("2999:2999 ERROR pool exhausted\n3000-3000 info handled request"), "{got}");
    assert!(answer(&pages, Selector::Lines("2999-2999")).ends_with("\n2999\t2999 ERROR pool exhausted"));
}

#[test]
fn a_value_paged_as_text_is_searched_as_text_and_read_by_path_whole() {
    // Two collections of the same size: none holds the bulk, so the JSON is paged as text.
    let half: Vec<String> = (0..400).map(|i| format!("\"value {i}\"")).collect();
    let json = format!("{{\"a\":[{}],\"b\":[{}]}}", half.join(","), half.join(",").replace("value 399", "needle"));
    let pages = json_pages(&json);
    assert!(pages[0].contains("\"text\":"));
    let got = answer(&pages, Selector::Match("needle"));
    assert!(got.starts_with("1 of the 1 line in the text matches \"needle\""), "{got}");
    assert!(got.contains("needle"));
    assert_eq!(
        answer(&pages, Selector::Path("$.b[399]")),
        format!("$.b[399] (on page 1 of {}):\n\"needle\"", pages.len())
    );
}

#[test]
fn answers_keep_the_token_cap() {
    let budget = Budget { max_chars: 50_000, max_tokens: Some(400), encoding: Encoding::Cl100kBase };
    let pages = text_pages(&log_text(2000, 0));
    let got = search(&pages, Selector::Match("info"), budget).0.unwrap();
    assert!(crate::tokens::count(Encoding::Cl100kBase, &got).unwrap() <= 400);
    assert!(got.contains("1:1 info") && got.ends_with("2000:2000 info handled request"));
}

#[test]
fn a_page_the_pass_did_not_write_is_refused() {
    let mut s = Search::new(Selector::Match("x"), ANSWER).unwrap();
    assert_eq!(
        s.read(b"{\"hello\":1}").unwrap_err().message,
        "page 1 of the kept result is not a page this package wrote (the store answered something else)."
    );
}

#[test]
fn a_text_is_searched_as_the_text_its_escapes_stand_for() {
    let text = "C:\\new\\file\ttab \"quoted\" é 😀\nliteral \\n stays on its line\nbell \u{1}0001\nlast";
    let pages = text_pages(text);
    let head = "each is shown with up to 2 lines around it (N: the match, N- a line around it):\n-- page 1\n";
    let line1 = "C:\\new\\file\ttab \"quoted\" é 😀";
    assert_eq!(
        answer(&pages, Selector::Match("NEW\\file")),
        format!("1 of the 4 lines in the text matches \"NEW\\\\file\", on page 1 (of 1); {head}1:{line1}\n2-literal \\n stays on its line\n3-bell \u{1}0001")
    );
    // The second line holds a backslash and an n, not a line break.
    for needle in ["n stays", "/n stays/", "\\n stays"] {
        assert!(answer(&pages, Selector::Match(needle)).contains("\n2:literal \\n stays on its line\n"), "{needle}");
    }
    // 0001 is in the escape of U+0001 (\u0001) and after it: one line matches, once.
    assert!(answer(&pages, Selector::Match("0001")).starts_with("1 of the 4 lines in the text matches \"0001\""));
    assert!(answer(&pages, Selector::Match("u000")).starts_with("None of the 4 lines"));
    assert_eq!(
        answer(&pages, Selector::Lines("2-3")),
        "Lines 2–3 of the text, on page 1:\n2\tliteral \\n stays on its line\n3\tbell \u{1}0001"
    );
    assert!(answer(&pages, Selector::Match("\"quoted\"")).contains("\n1:C:"));
}

#[test]
fn a_lockfile_read_as_a_file_is_searched_member_by_member() {
    // server-filesystem's read_text_file of a package-lock.json: pretty JSON and a last line break.
    let mut packages = serde_json::Map::new();
    for i in 0..900 {
        let name = if i == 700 { "node_modules/left-pad".to_owned() } else { format!("node_modules/pkg-{i}") };
        packages.insert(name, serde_json::json!({ "version": format!("1.0.{i}") }));
    }
    let lock = serde_json::json!({ "name": "app", "lockfileVersion": 3, "packages": packages });
    let file = format!("{}\n", serde_json::to_string_pretty(&lock).unwrap());
    let pages = json_pages(&serde_json::json!({ "content": file }).to_string());
    assert!(pages[0].contains("\"document\":{\"indent\":\"  \",\"end\":\"\\n\",\"path\":\"$.packages\""));
    let page = page_of(&pages, "node_modules/left-pad");
    assert_eq!(
        answer(&pages, Selector::Match("left-pad")),
        format!("1 of the 900 members of $.content.packages matches \"left-pad\", on page {page} (of {}):\n{{\"matched\":1,\"shown\":1,\"items\":[{{\"index\":700,\"key\":\"node_modules/left-pad\",\"page\":{page},\"value\":{{\"version\":\"1.0.700\"}}}}]}}", pages.len())
    );
}

#[test]
fn a_selector_longer_than_the_budget_is_quoted_cut_and_the_answer_stays_within_it() {
    let small = Budget { max_chars: 1000, max_tokens: Some(250), encoding: Encoding::Cl100kBase };
    let long = format!("pool {}", "x".repeat(5000));
    let quoted = format!("\"pool {}…\"", "x".repeat(114));
    let text = text_pages(&log_text(40, 7));
    let none = search(&text, Selector::Match(&long), small).0.unwrap();
    assert_eq!(none, format!("None of the 40 lines in the text (on 1 page) matches {quoted}."));
    let items = json_pages(&format!("[{}]", (0..300).map(|i| format!("\"row {i}\"")).collect::<Vec<_>>().join(",")));
    let none = search(&items, Selector::Match(&long), small).0.unwrap();
    assert!(none.starts_with("None of the 300 items of $ ") && none.contains(&format!("matches {quoted}")), "{none}");
    // A regular expression as written, cut the same way; an error quotes a cut value too.
    let pattern = format!("/{}(/", "a".repeat(3000));
    let refused = search(&text, Selector::Match(&pattern), small).0.unwrap_err();
    assert!(
        refused.starts_with(&format!("match: /{}… is not a valid regular expression", "a".repeat(118))),
        "{refused}"
    );
    let path = format!("$.{}[", "k".repeat(3000));
    let refused = search(&items, Selector::Path(&path), small).0.unwrap_err();
    assert!(refused.starts_with(&format!("path: \"$.{}…\" is not a path", "k".repeat(117))), "{refused}");
    assert!(refused.len() < 1000, "{}", refused.len());
}

#[test]
fn a_collection_under_a_long_key_is_named_cut_and_every_answer_stays_within_the_budget() {
    let small = Budget { max_chars: 1000, max_tokens: Some(250), encoding: Encoding::Cl100kBase };
    // As long as page 1 holds twice (its path and its rest) beside some rows, within 3,000 chars.
    let key = "k".repeat(800);
    let rows = (0..300).map(|i| format!("\"row {i}\"")).collect::<Vec<_>>().join(",");
    let pages = json_pages(&format!("{{\"{key}\":[{rows}]}}"));
    let at = format!("$.{}…", "k".repeat(117));
    let none = search(&pages, Selector::Match("absent"), small).0.unwrap();
    assert_eq!(none, format!("None of the 300 items of {at} (on {} pages) matches \"absent\".", pages.len()));
    let found = search(&pages, Selector::Match("row 299"), small).0.unwrap();
    assert!(found.starts_with(&format!("1 of the 300 items of {at} matches \"row 299\"")), "{found}");
    // A path written by the caller as long as the budget: whatever it answers is within it.
    for path in [format!("$.{key}[0:3]"), format!("$.{key}x"), format!("$.{}", "q".repeat(4000))] {
        match search(&pages, Selector::Path(&path), small).0 {
            Ok(answer) => assert!(crate::json::string::utf16_len(&answer) <= 1000, "{answer}"),
            Err(message) => assert!(message.len() < 1000, "{message}"),
        }
    }
}

/// A final line break ends the last line: the page map, read_result and the over-cap preview
/// (its text form, its JSON form, and the count a string's preview writes) count the same lines.
#[test]
fn a_final_line_break_ends_the_last_line_in_every_count() {
    use crate::elision::map::PageMap;
    use crate::preview::{matches::Needles, text};
    for (written, lines) in [("a\nb\n", 2), ("a\nb", 2), ("a\n\nb\n", 3), ("a\n\n", 2)] {
        let pass = text_pass(&json_string(written), LIMITS, None).unwrap();
        let Some(PageMap::Lines { total, .. }) = pass.map else { panic!("{written:?}: {:?}", pass.map) };
        assert_eq!(total, lines, "page map of {written:?}");
        let pages = pass.pages.unwrap().unwrap();
        assert_eq!(
            answer(&pages, Selector::Match("zzz")),
            format!("None of the {lines} lines in the text (on 1 page) matches \"zzz\"."),
            "read_result of {written:?}"
        );
        assert_eq!(text::line_count(written), lines, "{written:?}");
        let plain = text::plain(written, 0, &Needles::default());
        assert!(plain.ends_with(&format!("; {lines} lines, {} chars in all]", written.len())), "{plain}");
        let json: serde_json::Value = serde_json::from_str(&text::json(written, 0, &Needles::default())).unwrap();
        assert_eq!(json["_text"]["lines"], lines, "{json}");
    }
}
