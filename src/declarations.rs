//! The TypeScript declarations of node/types/generated/, derived from the Rust types the
//! WebAssembly core serializes its answers from (`ts-rs`, a derive that exists only in test
//! builds, reading serde's attributes), so a result's shape is declared once, here in Rust.
//!
//! `cargo test` fails when a committed file is not what the types say now;
//! `MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` rewrites the files.

use std::collections::BTreeSet;
use std::path::Path;

use ts_rs::{Config, TS};

/// One declared type: its name, its declaration (docs included) and the types it names.
struct Declared {
    name: String,
    text: String,
    names: Vec<String>,
}

/// One generated file: its name under node/types/generated/, the Rust files its types and
/// constants live in (its header says to edit those), and its declarations in order.
struct File {
    name: &'static str,
    sources: &'static [&'static str],
    types: Vec<Declared>,
}

/// The constant `item` of the Rust file `source` as `export declare const item: ts;`, its doc
/// comment read from that file. A constant declared as a number or a string names its value in
/// its doc.
fn constant(source: &str, item: &str, ts: &str, value: Option<String>) -> Declared {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(source);
    let text = std::fs::read_to_string(&path).expect("a Rust source file");
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with(&format!("pub const {item}:")))
        .unwrap_or_else(|| panic!("{source} has no `pub const {item}`"));
    let mut docs: Vec<String> = lines[..at]
        .iter()
        .rev()
        .take_while(|l| l.starts_with("///"))
        .map(|l| l.trim_start_matches("///").to_owned())
        .collect();
    docs.reverse();
    if let Some(value) = value {
        docs.push(format!(" Its value: `{value}`."));
    }
    let docs: Vec<&str> = docs.iter().map(String::as_str).collect();
    let text = format!("{}export declare const {item}: {ts};\n", plain_links(&ts_rs::format_docs(&docs)));
    Declared { name: item.to_owned(), text, names: Vec::new() }
}

/// A number as JavaScript prints it.
fn js(x: f64) -> String {
    crate::json::number::js_number_string(x)
}

/// `readonly ["a", "b"]`: a tuple of string literals.
fn tuple(items: &[&str]) -> String {
    let items: Vec<String> = items.iter().map(|i| format!("\"{i}\"")).collect();
    format!("readonly [{}]", items.join(", "))
}

fn config() -> Config {
    // Every count is below 2^53: a JavaScript number, not a bigint.
    Config::new().with_large_int("number")
}

/// `T`'s declaration as `export type …`, its Rust doc comments (its own and its fields') as
/// JSDoc, doc links as code spans.
fn declared<T: TS + 'static>() -> Declared {
    let cfg = config();
    let docs = T::docs().unwrap_or_default();
    let names = T::dependencies(&cfg).into_iter().map(|d| d.ts_name).collect();
    let text = plain_links(&format!("{docs}export {}\n", laid_out(&T::decl(&cfg))));
    Declared { name: T::ident(&cfg), text, names }
}

/// ts-rs's one-line declaration `type X = …;` laid out to read: an object's fields one a line
/// (each after its doc comment; a flattened map stays after it as `& { [key in string]: … }`), a
/// long union one member a line.
fn laid_out(decl: &str) -> String {
    let Some((head, body)) = decl.strip_suffix(';').and_then(|d| d.split_once(" = ")) else {
        return decl.to_owned();
    };
    let parts = top_level(body, '&');
    if let Some(fields) = parts[0].strip_prefix("{ ").and_then(|b| b.strip_suffix('}')) {
        let lines: Vec<String> = top_level(fields, ',').iter().map(|f| field(f)).collect();
        let rest: Vec<String> = parts[1..].iter().map(|p| format!(" & {p}")).collect();
        return format!("{head} = {{\n{}}}{};", lines.concat(), rest.concat());
    }
    let members = top_level(body, '|');
    if head.len() + body.len() > 100 && members.len() > 1 {
        let lines: Vec<String> = members.iter().map(|m| format!("\n  | {m}")).collect();
        return format!("{head} ={};", lines.concat());
    }
    decl.to_owned()
}

/// One field of an object, as ts-rs writes it (its doc comment, then `name: type`), indented.
fn field(text: &str) -> String {
    let (docs, declaration) = match text.rfind("*/") {
        Some(end) => (&text[..end + 2], text[end + 2..].trim()),
        None => ("", text),
    };
    let lines: Vec<&str> = docs.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let doc = match lines.as_slice() {
        [] => String::new(),
        ["/**", line, "*/"] => format!("  /** {} */\n", line.trim_start_matches('*').trim()),
        _ => lines.iter().map(|l| format!("  {}{l}\n", if l.starts_with('*') { " " } else { "" })).collect(),
    };
    format!("{doc}  {declaration};\n")
}

/// `text` split at each `separator` outside brackets, quotes and comments, each part trimmed,
/// empty parts (after a trailing separator) dropped.
fn top_level(text: &str, separator: char) -> Vec<String> {
    let (mut parts, mut current, mut depth, mut quote, mut comment) = (Vec::new(), String::new(), 0i32, None, false);
    for c in text.chars() {
        if comment {
            comment = !(c == '/' && current.ends_with('*'));
        } else {
            match (quote, c) {
                (Some(q), _) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '*') if current.ends_with('/') => comment = true,
                (None, '"' | '\'' | '`') => quote = Some(c),
                (None, '{' | '[' | '(' | '<') => depth += 1,
                (None, '}' | ']' | ')' | '>') => depth -= 1,
                (None, _) if c == separator && depth == 0 => {
                    parts.push(std::mem::take(&mut current).trim().to_owned());
                    continue;
                }
                _ => {}
            }
        }
        current.push(c);
    }
    parts.push(current.trim().to_owned());
    parts.retain(|p| !p.is_empty());
    parts
}

/// Rust doc links (`` [`x`] ``, `` [`x`](path) ``) as plain code spans.
fn plain_links(docs: &str) -> String {
    let mut out = String::with_capacity(docs.len());
    let mut rest = docs;
    while let Some(open) = rest.find("[`") {
        let Some(close) = rest[open..].find("`]").map(|i| open + i) else { break };
        out.push_str(&rest[..open]);
        out.push_str(&rest[open + 1..close + 1]);
        rest = &rest[close + 2..];
        if rest.starts_with('(') {
            if let Some(end) = rest.find(')') {
                rest = &rest[end + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn files() -> Vec<File> {
    use crate::error::ErrorCode;
    use crate::menu::compact::{CompactMenu, Format};
    use crate::menu::cost::{MenuCost, ToolCost};
    use crate::menu::lint::Finding;
    use crate::profile::inflation::{Inflation, Risk, Unbounded};
    use crate::profile::lock::{CheckReport, Escalation, LockEntry};
    use crate::profile::response::{BlockProfile, ResponseProfile, Role, Size};
    use crate::tokens::report::{FieldCost, Report};
    use crate::tokens::Encoding;
    vec![
        File { name: "errors", sources: &["src/error.rs"], types: vec![declared::<ErrorCode>()] },
        File {
            name: "tokens",
            sources: &["src/tokens/mod.rs", "src/tokens/report.rs"],
            types: vec![declared::<Encoding>(), declared::<FieldCost>(), declared::<Report>()],
        },
        File {
            name: "profile",
            sources: &["src/profile/inflation.rs", "src/profile/response.rs"],
            types: vec![
                declared::<Risk>(),
                declared::<Unbounded>(),
                declared::<Inflation>(),
                declared::<Size>(),
                declared::<Role>(),
                declared::<BlockProfile>(),
                declared::<ResponseProfile>(),
            ],
        },
        File {
            name: "menu-audit",
            sources: &["src/menu/cost.rs", "src/menu/lint.rs"],
            types: vec![declared::<ToolCost>(), declared::<MenuCost>(), declared::<Finding>()],
        },
        File {
            name: "menu-rewrite",
            sources: &["src/menu/compact.rs"],
            types: vec![declared::<Format>(), declared::<CompactMenu>()],
        },
        File {
            name: "lock",
            sources: &["src/profile/lock.rs"],
            types: vec![declared::<LockEntry>(), declared::<Escalation>(), declared::<CheckReport<'static>>()],
        },
        File {
            name: "cap",
            sources: &["src/cap/mod.rs"],
            types: vec![constant("src/cap/mod.rs", "MAX_PAYLOAD_CHARS", &js(crate::cap::MAX_PAYLOAD_CHARS), None)],
        },
        File {
            name: "round",
            sources: &["src/round.rs"],
            types: vec![constant(
                "src/round.rs",
                "DEFAULT_FLOAT_PRECISION",
                &crate::round::DEFAULT_FLOAT_PRECISION.to_string(),
                None,
            )],
        },
        File {
            name: "filter-disclosure",
            sources: &["src/summarizers/filter_disclosure.rs"],
            types: vec![constant(
                "src/summarizers/filter_disclosure.rs",
                "LIVE_VOCABULARY_CAP",
                &crate::summarizers::filter_disclosure::LIVE_VOCABULARY_CAP.to_string(),
                None,
            )],
        },
        File { name: "streams", sources: STREAM_SOURCES, types: stream_declarations() },
        File {
            name: "layout-bounds",
            sources: &["src/summarizers/layout_entries.rs", "src/summarizers/layout_bounds.rs"],
            types: vec![
                declared::<crate::summarizers::layout_entries::DeclaredScreen>(),
                declared::<crate::summarizers::layout_entries::Declared>(),
                declared::<crate::summarizers::layout_bounds::Member>(),
                declared::<crate::summarizers::layout_bounds::Pair>(),
                declared::<crate::summarizers::layout_bounds::Reply>(),
            ],
        },
        File {
            name: "assets",
            sources: &["src/summarizers/assets.rs"],
            types: vec![
                declared::<crate::summarizers::assets::DeclaredAsset>(),
                declared::<crate::summarizers::assets::Counts>(),
                declared::<crate::summarizers::assets::Entries<'static>>(),
            ],
        },
        File {
            name: "traits",
            sources: &["src/summarizers/traits.rs"],
            types: vec![
                declared::<crate::summarizers::traits::Names<'static>>(),
                declared::<crate::summarizers::traits::Detail>(),
                declared::<crate::summarizers::traits::Failure>(),
                declared::<crate::summarizers::traits::Schemas<'static>>(),
            ],
        },
        File {
            name: "scene-state",
            sources: &["src/summarizers/scene_state.rs"],
            types: vec![
                declared::<crate::summarizers::scene_state::DeclaredIndexEntity>(),
                declared::<crate::summarizers::scene_state::DeclaredValueEntity>(),
                declared::<crate::summarizers::scene_state::DeclaredEntity>(),
                declared::<crate::summarizers::scene_state::Reply>(),
            ],
        },
        File {
            name: "handles",
            sources: &["src/summarizers/handles.rs"],
            types: vec![
                declared::<crate::summarizers::handles::DeclaredHandle>(),
                declared::<crate::summarizers::handles::DeclaredReply>(),
            ],
        },
        File {
            name: "preview",
            sources: &["src/preview/hint.rs", "src/preview/answer.rs"],
            types: vec![
                declared::<crate::preview::hint::Role>(),
                declared::<crate::preview::answer::Parameter<'static>>(),
                declared::<crate::preview::answer::Answer<'static>>(),
            ],
        },
        File {
            name: "write-path",
            sources: &["src/summarizers/write_path.rs"],
            types: vec![declared::<crate::summarizers::write_path::SceneEdit>()],
        },
        File {
            name: "watch",
            sources: &["src/summarizers/stream/watch.rs"],
            types: vec![
                declared::<crate::summarizers::stream::watch::DeclaredStats>(),
                declared::<crate::summarizers::stream::watch::DeclaredSample>(),
                declared::<crate::summarizers::stream::watch::DeclaredSeries>(),
                declared::<crate::summarizers::stream::watch::DeclaredReply>(),
            ],
        },
        File {
            name: "console",
            sources: &["src/summarizers/stream/console.rs"],
            types: vec![
                declared::<crate::summarizers::stream::console::Entry>(),
                declared::<crate::summarizers::stream::console::Reply>(),
            ],
        },
    ]
}

const STREAM_SOURCES: &[&str] = &[
    "src/summarizers/stream/window.rs",
    "src/summarizers/stream/log_budget.rs",
    "src/summarizers/stream/levels.rs",
    "src/summarizers/stream/cursor.rs",
    "src/summarizers/stream/journal.rs",
    "src/summarizers/stream/editor_journal.rs",
];

/// The stream summaries' constants, then the journals' result shapes, which name them (a journal
/// event's `level` is one of `JOURNAL_LEVELS`, so they share a file).
fn stream_declarations() -> Vec<Declared> {
    use crate::summarizers::stream::{editor_journal, journal};
    let mut all = stream_constants();
    all.extend([
        declared::<journal::DeclaredEvent>(),
        declared::<journal::Reply>(),
        declared::<editor_journal::DeclaredEvent>(),
        declared::<editor_journal::DeclaredTimelineEvent>(),
        declared::<editor_journal::DeclaredReply>(),
    ]);
    all
}

/// The stream summaries' constants, numbers and strings named as such (their values in their
/// docs), the level lists as tuples.
fn stream_constants() -> Vec<Declared> {
    use crate::summarizers::stream::{cursor, levels, log_budget, window};
    let [window_rs, budget_rs, levels_rs, cursor_rs] =
        [STREAM_SOURCES[0], STREAM_SOURCES[1], STREAM_SOURCES[2], STREAM_SOURCES[3]];
    let number = |source: &str, item: &str, x: f64| constant(source, item, "number", Some(js(x)));
    vec![
        number(window_rs, "CONSOLE_TAIL_DEFAULT", window::CONSOLE_TAIL_DEFAULT as f64),
        number(window_rs, "JOURNAL_TAIL_DEFAULT", window::JOURNAL_TAIL_DEFAULT as f64),
        number(window_rs, "EDITOR_JOURNAL_TAIL_DEFAULT", window::EDITOR_JOURNAL_TAIL_DEFAULT as f64),
        number(budget_rs, "LOG_LINE_CHARS", log_budget::LOG_LINE_CHARS as f64),
        number(budget_rs, "LOG_ENTRY_CHARS", log_budget::LOG_ENTRY_CHARS as f64),
        number(budget_rs, "LOG_ANSWER_CHARS", log_budget::LOG_ANSWER_CHARS as f64),
        constant(levels_rs, "CONSOLE_LEVELS", &tuple(&levels::CONSOLE_LEVELS), None),
        constant(levels_rs, "JOURNAL_LEVELS", &tuple(&levels::JOURNAL_LEVELS), None),
        constant(cursor_rs, "SINCE_CURSOR_BASE", "string", None),
        constant(cursor_rs, "EPOCH_BASE", "string", None),
        number(cursor_rs, "CONSOLE_SEQ_CEILING", cursor::CONSOLE_SEQ_CEILING),
    ]
}

/// The text of every file, keyed by its path: the header, the imports of the types it names
/// from the other files, then its types.
fn texts() -> Vec<(String, String)> {
    let files = files();
    let home = |name: &str| files.iter().find(|f| f.types.iter().any(|t| t.name == name)).map(|f| f.name);
    files
        .iter()
        .map(|file| {
            let own: BTreeSet<&str> = file.types.iter().map(|t| t.name.as_str()).collect();
            let mut imports: Vec<(&str, BTreeSet<&str>)> = Vec::new();
            for name in file.types.iter().flat_map(|t| t.names.iter()) {
                let Some(from) = home(name).filter(|_| !own.contains(name.as_str())) else { continue };
                match imports.iter_mut().find(|(f, _)| *f == from) {
                    Some((_, names)) => {
                        names.insert(name);
                    }
                    None => imports.push((from, BTreeSet::from([name.as_str()]))),
                }
            }
            imports.sort();
            let mut text = format!(
                "// generated — edit {} (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).\n\n",
                file.sources.join(", ")
            );
            for (from, names) in &imports {
                let names: Vec<&str> = names.iter().copied().collect();
                text.push_str(&format!("import type {{ {} }} from './{from}.js';\n", names.join(", ")));
            }
            if !imports.is_empty() {
                text.push('\n');
            }
            let types: Vec<&str> = file.types.iter().map(|t| t.text.as_str()).collect();
            text.push_str(&types.join("\n"));
            (format!("node/types/generated/{}.d.ts", file.name), text)
        })
        .collect()
}

#[test]
fn declarations_are_the_rust_types() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let write = std::env::var_os("MODOKI_WRITE_DECLARATIONS").is_some();
    let mut stale = Vec::new();
    for (path, text) in texts() {
        let file = root.join(&path);
        if write {
            std::fs::create_dir_all(file.parent().expect("a folder")).expect("create node/types/generated");
            std::fs::write(&file, &text).expect("write a declaration file");
        } else if std::fs::read_to_string(&file).ok().as_deref() != Some(text.as_str()) {
            stale.push(path);
        }
    }
    assert!(
        stale.is_empty(),
        "{stale:?} differ from the Rust types: run `MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations`"
    );
}

#[test]
fn the_code_names_are_the_ones_errors_carry() {
    use crate::error::ErrorCode;
    let declared = ErrorCode::inline(&config());
    let names: Vec<String> = declared.split(" | ").map(|n| n.trim_matches('"').to_owned()).collect();
    let carried: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(names, carried);
}

#[test]
fn the_encoding_names_are_tiktokens() {
    use crate::tokens::{Encoding, ENCODING_NAMES};
    assert_eq!(Encoding::inline(&config()), format!("\"{}\" | \"{}\"", ENCODING_NAMES[0], ENCODING_NAMES[1]));
    assert_eq!([Encoding::Cl100kBase.name(), Encoding::O200kBase.name()], ENCODING_NAMES);
}

#[test]
fn the_role_names_are_the_ones_a_preview_carries() {
    use crate::preview::hint::Role;
    let carried: Vec<String> = [Role::Filter, Role::Limit, Role::Paging, Role::Exclude, Role::Scope]
        .iter()
        .map(|r| format!("\"{}\"", r.name()))
        .collect();
    assert_eq!(Role::inline(&config()), carried.join(" | "));
}

#[test]
fn declarations_are_laid_out_one_field_a_line() {
    assert_eq!(
        laid_out("type A = { \n/**\n * The a, once.\n */\na: string, b: Array<{ c: number, d: string }>, };"),
        "type A = {\n  /** The a, once. */\n  a: string;\n  b: Array<{ c: number, d: string }>;\n};"
    );
    assert_eq!(laid_out("type B = \"x\" | \"y\";"), "type B = \"x\" | \"y\";");
    assert_eq!(
        laid_out("type C = { c: number, } & ({ [key in string]: unknown });"),
        "type C = {\n  c: number;\n} & ({ [key in string]: unknown });"
    );
}

#[test]
fn doc_links_become_code_spans() {
    assert_eq!(plain_links("see [`a`] and [`b`](crate::b), [x]"), "see `a` and `b`, [x]");
}
