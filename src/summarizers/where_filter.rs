//! The `where` filter of `sceneState`: `Trait.field <op> value`.
//!
//! A hand-written single pass over the text: every byte is looked at a bounded number of times,
//! so parsing is linear in the input and no crafted query can make it backtrack (the reason it
//! is not a regex).

use serde_json::Value;

use super::{key_string, lower, parse_js_number};

/// A comparison operator of the `where` grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `=` or `==`: numeric when the value is numeric, else string equality.
    Eq,
    /// `!=`: the negation of [`Op::Eq`].
    Ne,
    /// `>`, numeric only.
    Gt,
    /// `>=`, numeric only.
    Ge,
    /// `<`, numeric only.
    Lt,
    /// `<=`, numeric only.
    Le,
    /// `~`: case-insensitive substring.
    Contains,
}

impl Op {
    /// The operator as the agent wrote it (`==` reads back as `=`).
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Eq => "=",
            Op::Ne => "!=",
            Op::Gt => ">",
            Op::Ge => ">=",
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Contains => "~",
        }
    }
}

/// A parsed `where` clause.
#[derive(Clone, Debug, PartialEq)]
pub struct Where {
    /// The trait before the first `.`.
    pub trait_name: String,
    /// The field path after the first `.`; may itself contain dots (`Transform.position.x`).
    pub field: String,
    /// The comparison.
    pub op: Op,
    /// The value with one pair of surrounding quotes removed.
    pub value: String,
}

fn is_op_byte(b: u8) -> bool {
    matches!(b, b'=' | b'!' | b'<' | b'>' | b'~')
}

/// Parses `Trait.field <op> value`; `None` when the text does not have that form.
pub fn parse_where(text: &str) -> Option<Where> {
    let s = text.trim();
    let bytes = s.as_bytes();
    let mut i = 0;
    // Trait: up to the first '.', no whitespace or operator bytes.
    while i < bytes.len() && bytes[i] != b'.' {
        if bytes[i].is_ascii_whitespace() || is_op_byte(bytes[i]) {
            return None;
        }
        i += 1;
    }
    if i == 0 || i >= bytes.len() {
        return None;
    }
    let trait_name = &s[..i];
    i += 1;
    let field_start = i;
    while i < bytes.len() && !bytes[i].is_ascii_whitespace() && !is_op_byte(bytes[i]) {
        i += 1;
    }
    let field = &s[field_start..i];
    if field.is_empty() || field.starts_with('.') || field.ends_with('.') {
        return None;
    }
    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
        i += 1;
    }
    let two = bytes.get(i..i + 2);
    let (op, len) = match (bytes.get(i), two) {
        (_, Some(b"==")) => (Op::Eq, 2),
        (_, Some(b"!=")) => (Op::Ne, 2),
        (_, Some(b">=")) => (Op::Ge, 2),
        (_, Some(b"<=")) => (Op::Le, 2),
        (Some(b'='), _) => (Op::Eq, 1),
        (Some(b'>'), _) => (Op::Gt, 1),
        (Some(b'<'), _) => (Op::Lt, 1),
        (Some(b'~'), _) => (Op::Contains, 1),
        _ => return None,
    };
    let raw = s[i + len..].trim();
    let value = strip_quotes(raw);
    if raw.is_empty() {
        return None;
    }
    Some(Where { trait_name: trait_name.to_owned(), field: field.to_owned(), op, value: value.to_owned() })
}

fn strip_quotes(raw: &str) -> &str {
    let b = raw.as_bytes();
    if b.len() >= 2 && (b[0] == b'"' || b[0] == b'\'') && b[b.len() - 1] == b[0] {
        &raw[1..raw.len() - 1]
    } else {
        raw
    }
}

/// The field's value inside one trait's values: the direct key first (a field name may
/// contain a dot), else a walk through nested objects.
pub fn field_value<'a>(values: &'a Value, field: &str) -> Option<&'a Value> {
    if let Some(v) = values.get(field) {
        return Some(v);
    }
    let mut current = values;
    for part in field.split('.') {
        current = current.get(part)?;
    }
    Some(current)
}

fn numeric(value: &Value) -> Option<f64> {
    match value {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => parse_js_number(s),
        _ => None,
    }
}

impl Where {
    /// Whether the value side is numeric (decides how `=` and `!=` compare, and whether the
    /// ordering operators can match anything).
    pub fn numeric_value(&self) -> Option<f64> {
        parse_js_number(&self.value)
    }

    /// Whether a field value satisfies the clause. A missing field never matches.
    pub fn matches(&self, field: Option<&Value>) -> bool {
        let Some(field) = field else { return false };
        let target = self.numeric_value();
        match self.op {
            Op::Eq | Op::Ne => {
                let equal = match target {
                    Some(t) => numeric(field) == Some(t),
                    None => key_string(Some(field), "null") == self.value,
                };
                equal == (self.op == Op::Eq)
            }
            Op::Gt | Op::Ge | Op::Lt | Op::Le => {
                let (Some(t), Some(x)) = (target, numeric(field)) else { return false };
                match self.op {
                    Op::Gt => x > t,
                    Op::Ge => x >= t,
                    Op::Lt => x < t,
                    _ => x <= t,
                }
            }
            Op::Contains => lower(&key_string(Some(field), "null")).contains(&lower(&self.value)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(t: &str, f: &str, op: Op, v: &str) -> Option<Where> {
        Some(Where { trait_name: t.into(), field: f.into(), op, value: v.into() })
    }

    #[test]
    fn parses_every_operator() {
        assert_eq!(parse_where("Transform.y > 3"), w("Transform", "y", Op::Gt, "3"));
        assert_eq!(parse_where("Transform.y>=3"), w("Transform", "y", Op::Ge, "3"));
        assert_eq!(parse_where(" A.b <  -2.5 "), w("A", "b", Op::Lt, "-2.5"));
        assert_eq!(parse_where("A.b<=1e3"), w("A", "b", Op::Le, "1e3"));
        assert_eq!(parse_where("A.b = x"), w("A", "b", Op::Eq, "x"));
        assert_eq!(parse_where("A.b == \"two words\""), w("A", "b", Op::Eq, "two words"));
        assert_eq!(parse_where("A.b != 'q'"), w("A", "b", Op::Ne, "q"));
        assert_eq!(parse_where("Name.value ~ Isl"), w("Name", "value", Op::Contains, "Isl"));
        assert_eq!(parse_where("T.pos.x > 1"), w("T", "pos.x", Op::Gt, "1"));
    }

    #[test]
    fn rejects_what_is_not_trait_field_op_value() {
        for bad in [
            "",
            "Transform",
            "Transform.y",
            "Transform.y >",
            ".y > 3",
            "Transform. > 3",
            "Transform.y 3",
            "T y > 3",
            "T.y.>3",
            "> 3",
        ] {
            assert_eq!(parse_where(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn linear_on_hostile_input() {
        // 1 MB of text that a backtracking regex such as (\w+)+\. would choke on: a
        // backtracking parser would not finish this test at all.
        let hostile = "a".repeat(1 << 20) + "!";
        assert_eq!(parse_where(&hostile), None);
        let dots = format!("T.{}", "a.".repeat(1 << 19));
        assert_eq!(parse_where(&dots), None);
    }

    #[test]
    fn compares_numerically_or_as_strings() {
        let v = |s: &str| serde_json::from_str::<Value>(s).expect("json");
        let clause = |s: &str| parse_where(s).expect("parses");
        assert!(clause("T.x = 3").matches(Some(&v("3.0"))));
        assert!(clause("T.x = 3").matches(Some(&v("\"3\""))));
        assert!(!clause("T.x != 3").matches(Some(&v("3"))));
        assert!(clause("T.x = abc").matches(Some(&v("\"abc\""))));
        assert!(!clause("T.x = abc").matches(Some(&v("\"ABC\""))));
        assert!(clause("T.x = true").matches(Some(&v("true"))));
        assert!(clause("T.x > 2").matches(Some(&v("2.5"))));
        assert!(!clause("T.x > 2").matches(Some(&v("\"big\""))));
        assert!(!clause("T.x > abc").matches(Some(&v("5"))));
        assert!(clause("T.x ~ LAN").matches(Some(&v("\"Island\""))));
        assert!(!clause("T.x = 3").matches(None));
        assert!(!clause("T.x != 3").matches(None));
    }
}
