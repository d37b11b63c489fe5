//! Differential tests: every count (and every token id) equals tiktoken-rs's `encode_ordinary`
//! on a generated corpus, for both encodings. The corpus generator is seeded, so a failure
//! reproduces.

use modoki_budget::tokens::{self, Encoding};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// Fragments chosen to hit every branch of both split patterns: contractions in all cases
/// (and U+017F, which `(?i:s)` matches), each letter subclass (Lu, Ll, Lt, Lm, Lo, M), each
/// number kind, every Unicode white-space character, CR/LF, '/', punctuation runs, emoji
/// sequences, CJK, and special-token text.
const ATOMS: &[&str] = &[
    "'s",
    "'S",
    "'t",
    "'T",
    "'re",
    "'RE",
    "'Re",
    "'ve",
    "'VE",
    "'m",
    "'M",
    "'ll",
    "'LL",
    "'lL",
    "'d",
    "'D",
    "'ſ",
    "'",
    "''",
    "a",
    "A",
    "z",
    "Hello",
    "hello",
    "HELLO",
    "camelCase",
    "XMLHttpRequest",
    "ǅ",
    "ǈx",
    "ʰ",
    "ʰa",
    "Aʰ",
    "ª",
    "中",
    "文字",
    "日本語",
    "한국어",
    "ـ",
    "\u{301}",
    "e\u{301}",
    "A\u{301}b",
    "\u{94d}",
    "क्ष",
    "\u{20dd}",
    "0",
    "7",
    "42",
    "123",
    "12345",
    "3.14159",
    "-0.5",
    "1e-7",
    "١٢٣",
    "½",
    "Ⅻ",
    "²",
    "𝟙",
    " ",
    "  ",
    "   ",
    "\t",
    "\t\t",
    "\n",
    "\n\n",
    "\r\n",
    "\r",
    "\r\n\r\n",
    " \n",
    "\n ",
    "\u{b}",
    "\u{c}",
    "\u{85}",
    "\u{a0}",
    "\u{1680}",
    "\u{2000}",
    "\u{200a}",
    "\u{2028}",
    "\u{2029}",
    "\u{202f}",
    "\u{205f}",
    "\u{3000}",
    "\u{200b}",
    "\u{feff}",
    "!",
    "?",
    ".",
    ",",
    ";",
    ":",
    "/",
    "//",
    "/*",
    "*/",
    "...",
    "!!",
    "{",
    "}",
    "[",
    "]",
    "\"",
    "\":\"",
    "\",\"",
    "\":",
    "=>",
    "->",
    "::",
    "&&",
    "#",
    "@",
    "$",
    "%",
    "^",
    "~",
    "`",
    "\\",
    "|",
    "<|endoftext|>",
    "<|fim_prefix|>",
    "😀",
    "👍🏽",
    "👨\u{200d}👩\u{200d}👧",
    "🏳️\u{200d}🌈",
    "🇺🇸",
    "❤️",
    "\u{fe0f}",
    "€",
    "£",
    "©",
    "™",
    "—",
    "–",
    "…",
    "«",
    "»",
    "„",
    "ß",
    "ẞ",
    "İ",
    "ı",
    "ﬁ",
    "Ω",
    "Ωmega",
    "Ελληνικά",
    "Русский",
    "עברית",
    "العربية",
    "ไทย",
    "\u{e000}",
    "\u{10ffff}",
    "\u{1f}",
    "\u{7f}",
];

fn fuzz(rng: &mut Rng) -> String {
    let n = 1 + rng.below(24);
    let mut s = String::new();
    for _ in 0..n {
        if rng.below(8) == 0 {
            // Any scalar value, weighted towards the BMP.
            let cp = if rng.below(3) == 0 { rng.below(0x110000) } else { rng.below(0x10000) } as u32;
            if let Some(c) = char::from_u32(cp) {
                s.push(c);
            }
        } else {
            s.push_str(rng.pick(ATOMS));
        }
    }
    s
}

fn guid(rng: &mut Rng) -> String {
    let hex = |rng: &mut Rng, n: usize| {
        (0..n).map(|_| char::from_digit(rng.below(16) as u32, 16).unwrap()).collect::<String>()
    };
    format!("{}-{}-{}-{}-{}", hex(rng, 8), hex(rng, 4), hex(rng, 4), hex(rng, 4), hex(rng, 12))
}

/// A scene-index-like JSON payload: uuid GUIDs, names, trait names, Transform floats.
fn scene_json(rng: &mut Rng, entities: usize) -> String {
    const TRAITS: &[&str] =
        &["Transform", "MeshRenderer", "RigidBody", "BoxCollider", "AudioSource", "Light", "Camera", "ScriptComponent"];
    let mut out = String::from("{\"scene\":\"Main\",\"entities\":[");
    for i in 0..entities {
        if i > 0 {
            out.push(',');
        }
        let f = |rng: &mut Rng| (rng.next() as f64 / u64::MAX as f64 - 0.5) * 2000.0;
        out.push_str(&format!(
            "{{\"guid\":\"{}\",\"name\":\"{}_{}\",\"traits\":[\"{}\",\"{}\"],\"position\":[{},{},{}],\"scale\":{}}}",
            guid(rng),
            rng.pick(&["Cube", "PlayerSpawn", "light", "Tree", "enemyBoss"]),
            i,
            rng.pick(TRAITS),
            rng.pick(TRAITS),
            f(rng),
            f(rng),
            f(rng),
            (rng.below(1000) as f64) / 7.0,
        ));
    }
    out.push_str("]}");
    out
}

const PROSE: &str =
    "It's the reader's job, isn't it? They'll say we've done what we'd planned; I'm sure you're right.\n\
    The QUICK brown fox — jumped over 12,345 lazy dogs at 3:45pm (UTC+01:00)... Don't PANIC!\r\n\
    Ünïcödé naïve café résumé; Straße; İstanbul; ΑΒΓ αβγ; Привет, мир!\n\n\n    Indented line.\t\tTabs.  ";

const CODE: &str = "fn main() {\r\n    let x: Vec<u8> = vec![1, 2, 3]; // comment\r\n\tif x.len() > 2 { println!(\"{x:?}\"); }\r\n}\r\n\
    const f = (a, b) => a ?? b; /* block */ // path/to/file.rs\n  return {'key': \"value\"};\n\n\t\n  ";

fn corpus() -> Vec<String> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut out = vec![
        String::new(),
        PROSE.to_string(),
        CODE.to_string(),
        "中文文本，包含标点。日本語のテキスト、カタカナ。한국어 텍스트입니다.".to_string(),
        "👨‍👩‍👧‍👦 family, 🏳️‍🌈 flag, 👍🏽 thumbs, 🇯🇵🇺🇸 flags, 1️⃣ keycap".to_string(),
        "e\u{301}\u{302}\u{303} a\u{308} Z\u{335}\u{31b}\u{356}a\u{337}l\u{334}g\u{338}o\u{335}".to_string(),
        "line1\r\nline2\r\n\r\n  \t \u{a0}\u{3000}\u{2028}end \n \n\t\n   \r\n".to_string(),
        "x\n  ".to_string(),
        "  \n".to_string(),
        "<|endoftext|><|fim_prefix|><|fim_middle|><|fim_suffix|><|endofprompt|>".to_string(),
        "0123456789".repeat(50),
        "3.141592653589793 -0.000001 1e+21 6.02214076e23 0.1 100000000000000000000".to_string(),
    ];
    for len in [1, 2, 3, 10, 64, 65, 200, 3000] {
        for c in ["a", " ", "!", "1", "\n", "é", "中", "\u{301}", "'s", "ab", "A", "\r\n", "😀", "\t "] {
            out.push(c.repeat(len));
        }
    }
    for n in [1, 5, 50] {
        out.push(scene_json(&mut rng, n));
    }
    // MODOKI_FUZZ=N widens the fuzz corpus for a longer soak (default 6000).
    let fuzz_count = std::env::var("MODOKI_FUZZ").ok().and_then(|v| v.parse().ok()).unwrap_or(6000);
    for _ in 0..fuzz_count {
        out.push(fuzz(&mut rng));
    }
    for _ in 0..300 {
        // Long fuzz strings, so pieces cross every boundary.
        out.push((0..40).map(|_| fuzz(&mut rng)).collect());
    }
    out
}

fn check(encoding: Encoding, bpe: &tiktoken_rs::CoreBPE) {
    let corpus = corpus();
    let mut mismatches = Vec::new();
    for text in &corpus {
        let expected = bpe.encode_ordinary(text);
        let got = tokens::encode_ordinary(encoding, text).unwrap();
        let count = tokens::count(encoding, text).unwrap();
        if got != expected || count != expected.len() {
            mismatches.push(format!(
                "{text:?}: expected {} tokens {:?}, got {count} / {:?}",
                expected.len(),
                expected,
                got
            ));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} of {} differ:\n{}",
        mismatches.len(),
        corpus.len(),
        mismatches[..mismatches.len().min(20)].join("\n")
    );
}

#[test]
fn cl100k_matches_tiktoken_on_corpus() {
    check(Encoding::Cl100kBase, &tiktoken_rs::cl100k_base().unwrap());
}

#[test]
fn o200k_matches_tiktoken_on_corpus() {
    check(Encoding::O200kBase, &tiktoken_rs::o200k_base().unwrap());
}

#[test]
fn long_single_char_runs_match_tiktoken() {
    // Long enough to take the heap merge many times over; the reference is quadratic here.
    let cl = tiktoken_rs::cl100k_base().unwrap();
    let o2 = tiktoken_rs::o200k_base().unwrap();
    for text in ["a".repeat(20_000), " ".repeat(20_000), "ab".repeat(5_000), "é".repeat(5_000), "!".repeat(20_000)] {
        assert_eq!(tokens::encode_ordinary(Encoding::Cl100kBase, &text).unwrap(), cl.encode_ordinary(&text));
        assert_eq!(tokens::encode_ordinary(Encoding::O200kBase, &text).unwrap(), o2.encode_ordinary(&text));
    }
}

#[test]
fn count_up_to_stops_past_the_limit_and_is_exact_below_it() {
    let text = scene_json(&mut Rng(7), 20);
    let total = tokens::count(Encoding::Cl100kBase, &text).unwrap();
    assert_eq!(tokens::count_up_to(Encoding::Cl100kBase, &text, total).unwrap(), total);
    let over = tokens::count_up_to(Encoding::Cl100kBase, &text, 10).unwrap();
    assert!(over > 10 && over < 40, "stopped at {over}");
}

#[test]
fn prefix_within_ends_after_exactly_limit_tokens_on_a_char_boundary() {
    let bpe = tiktoken_rs::cl100k_base().unwrap();
    for text in [PROSE, CODE, "中文文本，包含标点。日本語のテキスト", "👨‍👩‍👧‍👦 family 🏳️‍🌈"]
    {
        let ids = bpe.encode_ordinary(text);
        for limit in [0, 1, 2, 5, ids.len() - 1, ids.len(), ids.len() + 3] {
            let end = tokens::prefix_within(Encoding::Cl100kBase, text, limit).unwrap();
            let mut expected = bpe.decode_bytes(&ids[..limit.min(ids.len())]).unwrap().len();
            while !text.is_char_boundary(expected) {
                expected -= 1;
            }
            assert_eq!(end, expected, "{text:?} limit {limit}");
        }
    }
}

#[test]
fn unknown_encoding_names_are_refused() {
    assert_eq!(Encoding::from_name("cl100k_base"), Some(Encoding::Cl100kBase));
    assert_eq!(Encoding::from_name("o200k_base"), Some(Encoding::O200kBase));
    assert_eq!(Encoding::from_name("p50k_base"), None);
    assert_eq!(Encoding::from_name("CL100K_BASE"), None);
}
