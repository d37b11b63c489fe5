//! Which items of a cut collection are shown first: the ones that matter — error-like items
//! ([`super::errors`]), items matching the call's arguments ([`super::matches`]) and numeric
//! outliers ([`super::outliers`]) — taken in turn so no one kind crowds out the others, then the
//! first and the last item, then the rest from the start. Also the collection's field list.
//!
//! One pass over the items, with bounded work per item; the same input always gives the same
//! order.

use super::errors::{self, FIELDS_READ};
use super::matches::{discriminating, Needles};
use super::outliers::outliers;
use super::scan::{self, Kind, Span};
use crate::json::items::ItemsRead;

/// Numeric fields tracked for outliers per collection (the first ones met).
pub const NUMERIC_FIELDS: usize = 8;
/// Distinct fields listed per collection.
pub const MAX_FIELDS: usize = 32;
/// String bytes searched for argument matches across one collection, spread over its items
/// (at least [`MIN_MATCH_BYTES`] each).
pub const MATCH_BYTES_TOTAL: usize = 4 << 20;
/// String bytes searched per item however many items there are.
pub const MIN_MATCH_BYTES: usize = 4096;
/// Candidates offered per collection: far more than any preview budget can show.
pub const MAX_CANDIDATES: usize = 2000;

/// Why an item is shown.
#[derive(Clone, Debug, PartialEq)]
pub enum Why {
    /// Error-like.
    Error,
    /// Its strings contain these argument fragments.
    Match(Vec<String>),
    /// An outlier of this numeric field (`""` for the items of a number array).
    Outlier(String),
    /// Its position (first, last, or filling the rest of the budget).
    Position,
}

impl Why {
    /// The label a shown item carries, or `None` for a position.
    pub fn label(&self) -> Option<String> {
        match self {
            Why::Error => Some("error".to_owned()),
            Why::Match(f) => Some(format!("matches {}", f.join(", "))),
            Why::Outlier(field) if field.is_empty() => Some("outlier".to_owned()),
            Why::Outlier(field) => Some(format!("outlier {field}")),
            Why::Position => None,
        }
    }

    /// True for the items that matter (everything but position).
    pub fn matters(&self) -> bool {
        *self != Why::Position
    }
}

/// What the ranking found in one collection.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranking {
    /// `(index, why)` in the order items are offered, each index once.
    pub candidates: Vec<(usize, Why)>,
    /// How many leading candidates matter.
    pub important: usize,
    /// Fields of the object items (each key as its quoted JSON text) and the kinds each holds,
    /// in the order first met.
    pub fields: Vec<(String, u8)>,
    /// Distinct fields not listed (past [`MAX_FIELDS`]).
    pub more_fields: usize,
    /// Kinds of the items themselves.
    pub kinds: u8,
}

/// Distinct field names counted past the listed ones (a bound on the set that counts them).
const MAX_MORE_FIELDS: usize = 10_000;

struct Numeric {
    /// The quoted key as written (empty for a position of array items).
    key: Vec<u8>,
    /// The key's text, for the `why` of an outlier.
    name: String,
    /// One value per item so far (NaN where the item has no number there).
    values: Vec<f64>,
}

#[derive(Default)]
struct FieldLists {
    fields: Vec<(String, u8)>,
    /// Each listed field's [`errors::key_roles`].
    roles: Vec<u8>,
    more: std::collections::BTreeSet<Vec<u8>>,
    numeric: Vec<Numeric>,
    /// The slot after the last one found: items of a collection list their keys in one order,
    /// so the next key is most often there.
    next: usize,
}

impl FieldLists {
    /// The slot of the listed field whose quoted key is `raw`.
    fn find(&mut self, raw: &[u8]) -> Option<usize> {
        let at = self.next;
        let slot = if self.fields.get(at).is_some_and(|f| f.0.as_bytes() == raw) {
            Some(at)
        } else {
            self.fields.iter().position(|f| f.0.as_bytes() == raw)
        };
        self.next = slot.map_or(0, |slot| slot + 1);
        slot
    }
}

/// Ranks the items (`values` of an array, or of an object's entries). `columns` names the
/// positions of items that are arrays (a table's rows under a `columns` header; may be empty).
pub fn rank(text: &[u8], items: &[Span], needles: &Needles, columns: &[String]) -> Ranking {
    let mut read = Reading::with_columns(columns);
    for (i, &item) in items.iter().enumerate() {
        let entries =
            if scan::kind(text, item) == Kind::Object { scan::entries(text, item, FIELDS_READ) } else { Vec::new() };
        read.item(text, i, item, &entries);
    }
    read.finish(text, items, needles)
}

/// The items of the array at `span` and their [`rank`], read in one walk: each object item's
/// entries are read on the way to its end ([`scan::items_reading_rows`]), not after.
pub fn rank_array(text: &[u8], span: Span, needles: &Needles, columns: &[String]) -> (Vec<Span>, Ranking) {
    let mut read = Reading::with_columns(columns);
    let items = scan::items_reading_rows(text, span, FIELDS_READ, |i, item, entries| read.item(text, i, item, entries));
    let ranking = read.finish(text, &items, needles);
    (items, ranking)
}

/// [`rank`] of a collection's items as another reader of the same text read them, each with its
/// first [`FIELDS_READ`] entries ([`ItemsRead`], the elision pass's), with the items: nothing is
/// walked again.
pub fn rank_read(text: &[u8], read: &ItemsRead, needles: &Needles, columns: &[String]) -> (Vec<Span>, Ranking) {
    let mut reading = Reading::with_columns(columns);
    let items: Vec<Span> = read.members.iter().map(|m| m.value).collect();
    for (i, &item) in items.iter().enumerate() {
        reading.item(text, i, item, read.entries.of(i));
    }
    let ranking = reading.finish(text, &items, needles);
    (items, ranking)
}

/// What a ranking reads item by item, in index order; the rest needs the item count first.
#[derive(Default)]
struct Reading {
    /// Indices of the error-like object items (the others are read once the count is known).
    errors: Vec<usize>,
    kinds: u8,
    lists: FieldLists,
    own_numbers: Vec<f64>,
    /// The names of the positions of array items (a table's header), possibly none.
    columns: Vec<String>,
    /// The kinds each position of the array items holds, for the first [`MAX_FIELDS`].
    positions: Vec<u8>,
    /// The numeric slot ([`FieldLists::numeric`]) each position of the array items is tracked in.
    slots: Vec<Option<usize>>,
}

impl Reading {
    fn with_columns(columns: &[String]) -> Self {
        Reading { columns: columns.iter().take(MAX_FIELDS).cloned().collect(), ..Reading::default() }
    }

    /// Item `i` at `item`, with its first [`FIELDS_READ`] entries when it is an object (its
    /// first items, when it is an array; read here when the caller has not).
    fn item(&mut self, text: &[u8], i: usize, item: Span, entries: &[(Span, Span)]) {
        let kind = scan::kind(text, item);
        self.kinds |= kind.bit();
        match kind {
            Kind::Object => {
                let error_like = read_fields(text, entries, i, &mut self.lists);
                if error_like {
                    self.errors.push(i);
                }
            }
            Kind::Array if entries.is_empty() && item.len() > 2 => {
                let row: Vec<(Span, Span)> = scan::members(text, item).take(FIELDS_READ).map(|m| m.entry()).collect();
                self.row(text, i, &row);
            }
            Kind::Array => self.row(text, i, entries),
            Kind::Number => {
                self.own_numbers.resize(i, f64::NAN);
                self.own_numbers.push(scan::number_value(text, item));
            }
            _ => {}
        }
    }

    /// A table row: the kinds at each position, and its numbers into the tracked columns (named
    /// by the header, else by position: `[3]`).
    fn row(&mut self, text: &[u8], i: usize, cells: &[(Span, Span)]) {
        for (pos, &(_, value)) in cells.iter().enumerate() {
            let kind = scan::kind(text, value);
            if pos < MAX_FIELDS {
                if self.positions.len() <= pos {
                    self.positions.resize(pos + 1, 0);
                }
                self.positions[pos] |= kind.bit();
            }
            if kind != Kind::Number {
                continue;
            }
            if self.slots.len() <= pos {
                self.slots.resize(pos + 1, None);
            }
            let numeric = &mut self.lists.numeric;
            let slot = match self.slots[pos] {
                Some(slot) => slot,
                None if numeric.len() < NUMERIC_FIELDS => {
                    let name = self.columns.get(pos).cloned().unwrap_or_else(|| format!("[{pos}]"));
                    numeric.push(Numeric { key: Vec::new(), name, values: Vec::new() });
                    self.slots[pos] = Some(numeric.len() - 1);
                    numeric.len() - 1
                }
                None => continue,
            };
            let values = &mut numeric[slot].values;
            if values.len() <= i {
                values.resize(i, f64::NAN);
                values.push(scan::number_value(text, value));
            }
        }
    }

    /// The ranking of the `items` read: what depends on their count (the string bytes searched
    /// per item), then the order.
    fn finish(self, text: &[u8], items: &[Span], needles: &Needles) -> Ranking {
        let Reading { mut errors, kinds, mut lists, mut own_numbers, columns, positions, .. } = self;
        if lists.fields.is_empty() && !columns.is_empty() {
            // A table's rows: its header names the fields, the rows say what each holds.
            lists.fields = columns
                .iter()
                .enumerate()
                .map(|(pos, name)| (crate::json::string::json_string(name), positions.get(pos).copied().unwrap_or(0)))
                .collect();
        }
        let n = items.len();
        let match_bytes = (MATCH_BYTES_TOTAL / n.max(1)).max(MIN_MATCH_BYTES);
        for (i, &item) in items.iter().enumerate() {
            if scan::kind(text, item) != Kind::Object && errors::is_error_item(text, item, match_bytes) {
                errors.push(i);
            }
        }
        errors.sort_unstable();
        let masks: Vec<u32> = if needles.is_empty() {
            Vec::new()
        } else {
            items.iter().map(|&item| needles.mask(text, item, match_bytes)).collect()
        };
        let mut fields: Vec<(String, &[f64])> = Vec::new();
        for field in lists.numeric.iter_mut() {
            field.values.resize(n, f64::NAN);
        }
        fields.extend(lists.numeric.iter().map(|f| (f.name.clone(), f.values.as_slice())));
        // Items that are numbers themselves; none is the usual case (rows are objects), and then
        // a list of NaNs as long as the collection would only tell `outliers` there are none —
        // 8 MB on a million rows, enough to grow the module's memory on a large result.
        if !own_numbers.is_empty() {
            own_numbers.resize(n, f64::NAN);
            fields.push((String::new(), own_numbers.as_slice()));
        }
        let outlying = outliers_in_turn(&fields);
        let matched = matched_items(&masks, needles);
        let (candidates, important) = order(n, errors, matched, outlying);
        Ranking { candidates, important, fields: lists.fields, more_fields: lists.more.len(), kinds }
    }
}

/// Reads one object item's top-level fields: their kinds into `fields` (keys kept as the quoted
/// JSON text, compared without unescaping), names past [`MAX_FIELDS`] into `more`, numbers
/// into the tracked numeric fields. Returns whether the item is error-like
/// ([`errors::is_error_record`]), read with each listed field's [`errors::key_roles`] found once.
fn read_fields(text: &[u8], entries: &[(Span, Span)], index: usize, lists: &mut FieldLists) -> bool {
    let mut error_like = false;
    for &(key, value) in entries {
        let raw = key.of(text);
        let kind = scan::kind(text, value);
        let roles = match lists.find(raw) {
            Some(slot) => {
                lists.fields[slot].1 |= kind.bit();
                lists.roles[slot]
            }
            None if lists.fields.len() < MAX_FIELDS => {
                let roles = errors::key_roles(text, key);
                lists.fields.push((String::from_utf8_lossy(raw).into_owned(), kind.bit()));
                lists.roles.push(roles);
                roles
            }
            None => {
                if lists.more.len() < MAX_MORE_FIELDS {
                    lists.more.insert(raw.to_vec());
                }
                errors::key_roles(text, key)
            }
        };
        error_like = error_like || errors::is_error_field(text, roles, value);
        if kind != Kind::Number {
            continue;
        }
        let slot = match lists.numeric.iter().position(|f| f.key == raw) {
            Some(slot) => slot,
            None if lists.numeric.len() < NUMERIC_FIELDS => {
                let name = scan::string_value(text, key);
                lists.numeric.push(Numeric { key: raw.to_vec(), name, values: Vec::new() });
                lists.numeric.len() - 1
            }
            None => continue,
        };
        let values = &mut lists.numeric[slot].values;
        if values.len() <= index {
            values.resize(index, f64::NAN);
            values.push(scan::number_value(text, value));
        }
    }
    error_like
}

/// The outliers of each of `fields` (a name and one value per item, NaN where none), each
/// field's most extreme first, then each one's second, …: one column's spikes do not crowd out
/// another's. Returns `(item, score, field)`.
pub(crate) fn outliers_in_turn(fields: &[(String, &[f64])]) -> Vec<(usize, f64, String)> {
    let mut found: Vec<(usize, usize, f64, usize)> = Vec::new();
    for (f, (_, values)) in fields.iter().enumerate() {
        found.extend(outliers(values).into_iter().enumerate().map(|(turn, (i, score))| (turn, i, score, f)));
    }
    found.sort_by(|a, b| a.0.cmp(&b.0).then(b.2.total_cmp(&a.2)).then(a.1.cmp(&b.1)));
    found.into_iter().map(|(_, i, score, f)| (i, score, fields[f].0.clone())).collect()
}

/// The items whose masks hold a discriminating needle, the ones with the most needles first,
/// each with the fragments it holds.
pub(crate) fn matched_items(masks: &[u32], needles: &Needles) -> Vec<(usize, Vec<String>)> {
    let keep = discriminating(masks, needles.list.len());
    let mut matched: Vec<(usize, u32)> =
        masks.iter().enumerate().filter(|(_, m)| *m & keep != 0).map(|(i, m)| (i, m & keep)).collect();
    matched.sort_by(|a, b| b.1.count_ones().cmp(&a.1.count_ones()).then(a.0.cmp(&b.0)));
    matched
        .into_iter()
        .map(|(i, m)| {
            let names = needles.list.iter().enumerate().filter(|(k, _)| m & (1 << k) != 0).map(|(_, (f, _))| f.clone());
            (i, names.collect())
        })
        .collect()
}

/// The offer order: the three kinds that matter in turn, then first, last, and from the start.
pub(crate) fn order(
    n: usize,
    errors: Vec<usize>,
    matched: Vec<(usize, Vec<String>)>,
    outlying: Vec<(usize, f64, String)>,
) -> (Vec<(usize, Why)>, usize) {
    let mut seen = vec![false; n];
    let mut out: Vec<(usize, Why)> = Vec::new();
    let mut offer = |i: usize, why: Why, out: &mut Vec<(usize, Why)>| {
        if i < n && !seen[i] && out.len() < MAX_CANDIDATES {
            seen[i] = true;
            out.push((i, why));
        }
    };
    let mut errors = errors.into_iter();
    let mut matched = matched.into_iter();
    let mut outlying = outlying.into_iter();
    loop {
        let e = errors.next();
        let m = matched.next();
        let o = outlying.next();
        if e.is_none() && m.is_none() && o.is_none() {
            break;
        }
        if let Some(i) = e {
            offer(i, Why::Error, &mut out);
        }
        if let Some((i, names)) = m {
            offer(i, Why::Match(names), &mut out);
        }
        if let Some((i, _, field)) = o {
            offer(i, Why::Outlier(field), &mut out);
        }
        if out.len() >= MAX_CANDIDATES {
            break;
        }
    }
    let important = out.len();
    if n > 0 {
        offer(0, Why::Position, &mut out);
        offer(n - 1, Why::Position, &mut out);
    }
    for i in 1..n {
        if out.len() >= MAX_CANDIDATES {
            break;
        }
        offer(i, Why::Position, &mut out);
    }
    (out, important)
}

/// The field list as JSON: `{"name":"string","size":"number|null",…}` (and `"…":"N more"`).
pub fn fields_json(ranking: &Ranking) -> String {
    let mut out = String::from("{");
    for (i, (name, kinds)) in ranking.fields.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(name);
        out.push(':');
        crate::json::string::push_json_string(&mut out, &kinds_text(*kinds));
    }
    if ranking.more_fields > 0 {
        out.push_str(if ranking.fields.is_empty() { "" } else { "," });
        out.push_str(&format!("\"…\":\"{} more fields\"", ranking.more_fields));
    }
    out.push('}');
    out
}

/// A set of kinds as `"string|null"`.
pub fn kinds_text(kinds: u8) -> String {
    let names: Vec<&str> = Kind::ALL.iter().filter(|k| kinds & k.bit() != 0).map(|k| k.name()).collect();
    names.join("|")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ranked(json: &str, args: serde_json::Value) -> Ranking {
        let text = json.as_bytes();
        let items = scan::items(text, scan::root(text));
        rank(text, &items, &Needles::from_arguments(&args), &[])
    }

    fn order_of(r: &Ranking) -> Vec<(usize, Option<String>)> {
        r.candidates.iter().take(8).map(|(i, w)| (*i, w.label())).collect()
    }

    #[test]
    fn kinds_that_matter_come_in_turn_before_position() {
        let mut rows: Vec<serde_json::Value> =
            (0..40).map(|i| json!({"level":"info","ms":10 + i % 5,"msg":format!("step {i}")})).collect();
        rows[7]["level"] = json!("error");
        rows[21]["level"] = json!("fatal");
        rows[30]["ms"] = json!(9000);
        rows[12]["msg"] = json!("uploading invoice 4");
        let r = ranked(&serde_json::Value::Array(rows).to_string(), json!({"query":"invoice"}));
        assert_eq!(
            order_of(&r),
            [
                (7, Some("error".into())),
                (12, Some("matches invoice".into())),
                (30, Some("outlier ms".into())),
                (21, Some("error".into())),
                (0, None),
                (39, None),
                (1, None),
                (2, None),
            ]
        );
        assert_eq!(r.important, 4);
        assert_eq!(fields_json(&r), r#"{"level":"string","ms":"number","msg":"string"}"#);
        assert_eq!(r.candidates.len(), 40);
    }

    #[test]
    fn number_items_have_their_own_outliers_and_mixed_kinds_are_listed() {
        let mut series: Vec<f64> = (0..30).map(|i| (i % 3) as f64).collect();
        series[17] = 400.0;
        let r = ranked(&serde_json::to_string(&series).unwrap(), json!({}));
        assert_eq!(order_of(&r)[0], (17, Some("outlier".into())));
        assert_eq!(kinds_text(r.kinds), "number");
        let r = ranked(r#"[1,"a",{"x":null},{"x":2,"y":[]},[]]"#, json!(null));
        assert_eq!(kinds_text(r.kinds), "object|array|string|number");
        assert_eq!(fields_json(&r), r#"{"x":"number|null","y":"array"}"#);
    }

    #[test]
    fn error_items_are_the_ones_each_record_read_alone_gives() {
        // Keys in shifting orders and cases, some repeated past MAX_FIELDS distinct ones, values
        // of every kind: the ranking's fields keep each key's roles once, the check per record
        // finds them each time, and both must mark the same items.
        let keys = ["level", "Status", "code", "ERROR", "isError", "msg", "id", "kind", "err", "n\\u0061me"];
        let values = ["\"error\"", "\"info\"", "500", "200", "0", "true", "false", "null", "{}", "[1]", "\"x y\""];
        let mut rng = crate::testing::Rng(0x5eed_cafe);
        let rows: Vec<String> = (0..3000)
            .map(|i| {
                let n = 1 + rng.below(6) as usize;
                let fields: Vec<String> = (0..n)
                    .map(|j| {
                        let key = if rng.below(4) == 0 {
                            format!("extra{}", i % 50 + j)
                        } else {
                            keys[rng.below(keys.len() as u64) as usize].to_owned()
                        };
                        format!("\"{key}\":{}", values[rng.below(values.len() as u64) as usize])
                    })
                    .collect();
                format!("{{{}}}", fields.join(","))
            })
            .collect();
        let json = format!("[{}]", rows.join(","));
        let text = json.as_bytes();
        let (items, ranking) = rank_array(text, scan::root(text), &Needles::from_arguments(&json!(null)), &[]);
        let mut marked: Vec<usize> =
            ranking.candidates.iter().filter(|(_, why)| *why == Why::Error).map(|(i, _)| *i).collect();
        marked.sort_unstable();
        let alone: Vec<usize> = (0..items.len())
            .filter(|&i| errors::is_error_record(text, &scan::entries(text, items[i], errors::FIELDS_READ)))
            .collect();
        assert!(alone.len() > 100 && alone.len() < 2900, "{} error-like", alone.len());
        assert!(ranking.more_fields > 0, "past MAX_FIELDS");
        assert_eq!(marked, alone);
    }

    #[test]
    fn deterministic_and_bounded() {
        let rows: Vec<String> = (0..5000).map(|i| format!("{{\"i\":{i},\"s\":\"ERROR {i}\"}}")).collect();
        let text = format!("[{}]", rows.join(","));
        let a = ranked(&text, json!(null));
        let b = ranked(&text, json!(null));
        assert_eq!(a, b);
        assert_eq!(a.candidates.len(), MAX_CANDIDATES);
    }
}
