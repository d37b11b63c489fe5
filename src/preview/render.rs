//! The preview in the value's own shape, within a byte budget: what fits is copied as written;
//! what does not is cut, and every cut says so.
//!
//! - An object keeps its keys in order. Small entries are shown first and whole; the big ones
//!   share what is left, each previewed in turn. Keys that do not fit are counted in a last
//!   entry `"_cut":{"total":K,"shown":S,"notShown":N}`. An object with more than
//!   [`RECORD_KEYS`] keys is a collection (a map keyed by id or name): its entries are ranked like
//!   an array's items, shown in key order, with `"_cut"` first. A value's own `_cut` member is
//!   never shown beside that entry (it is counted as not shown): a key twice in one object is
//!   one that `JSON.parse` keeps only the last of.
//! - An array that does not fit becomes
//!   `{"_cut":{"total":N,"shown":S,"notShown":M,"fields":{…}},"items":[{"index":i,"why":"error","item":…},…]}`:
//!   the items ranked by [`super::rank`], shown in index order, each with its index in the full
//!   array and (for the ones that matter) why it is shown. A shown item that is itself too big is
//!   previewed the same way within its share, so collections nested in collections are ranked at
//!   each level within the one budget.
//! - A string that holds a JSON document becomes
//!   `{"_text":{"chars":C,"lines":L,"json":true},"document":…}` with the document previewed; a
//!   long string in a form of its own (a diff, a table, parts, indented text: [`Shaped`])
//!   becomes `{"_text":{"chars":C,"lines":L,"form":"diff"},"preview":"…"}`, its preview in that
//!   form; another long multi-line string becomes the text preview ([`super::text::json`]); a
//!   short one is cut with `…[+N chars]` at its end.
//!
//! Budgets are in UTF-8 bytes, an upper bound on UTF-16 units, so a preview within its byte
//! budget is within the same number of chars.

use std::collections::HashMap;
use std::rc::Rc;

use super::matches::Needles;
use super::rank::{fields_json, kinds_text, rank, rank_array, rank_read, Ranking};
use super::scan::{self, Kind, Span};
use super::shape::Shaped;
use super::text::{self, escaped_len};
use crate::json::items::ItemsRead;
use crate::json::string::{push_json_string, utf16_len};

/// The key of the entry that counts what a cut collection or record does not show. A value's own
/// member of that name is left out of a preview that writes the entry (counted as not shown), so
/// the preview never holds the key twice.
const CUT_KEY: &str = "_cut";
/// Objects with more keys than this are previewed as collections.
pub const RECORD_KEYS: usize = 24;
/// Nesting previewed; deeper values show only their counts.
pub const MAX_DEPTH: usize = 32;
/// Items a collection plans its budget for, at most: each gets a fair share before any item
/// past them is considered (an item smaller than its share leaves the rest to the others).
const MAX_SLOTS: usize = 24;
/// The share an item is planned for, so a collection with room for many items plans for many.
const SLOT_BYTES: usize = 320;
/// Consecutive items that did not fit after which a collection stops trying more.
const MAX_MISSES: usize = 3;
/// Names of a record's member that holds a table's header.
const HEADER_KEYS: [&str; 8] =
    ["columns", "fields", "headers", "header", "column_names", "columnNames", "cols", "schema"];
/// A table's columns named, at most.
const MAX_HEADER: usize = 256;
/// A header longer than this many bytes is not read as one.
const HEADER_BYTES: usize = 64 << 10;

/// A member of a collection: its key (objects) and value.
type Member = (Option<Span>, Span);

/// A ranked collection's members: an array's items as bare spans, an object's entries with
/// their keys. Items are not stored as keyless [`Member`]s: 8 bytes an item instead of 20 in
/// WebAssembly, 12 MB less on a million rows, so the preview of a large result fits in the
/// memory the policy's pass has already grown.
enum Members {
    Items(Vec<Span>),
    Entries(Vec<Member>),
}

impl Members {
    fn len(&self) -> usize {
        match self {
            Members::Items(items) => items.len(),
            Members::Entries(entries) => entries.len(),
        }
    }

    fn get(&self, i: usize) -> Member {
        match self {
            Members::Items(items) => (None, items[i]),
            Members::Entries(entries) => entries[i],
        }
    }

    /// What names member `i` in a map's preview: its key (an item, which has none: itself).
    fn name(&self, i: usize) -> Span {
        let (key, value) = self.get(i);
        key.unwrap_or(value)
    }
}

/// Renders previews of one JSON text, remembering each collection's ranking so a second render
/// with a smaller budget does not rank again.
pub struct Render<'a> {
    text: &'a [u8],
    needles: &'a Needles,
    rankings: HashMap<usize, Rc<(Members, Ranking)>>,
    known: &'a [Span],
    read: Option<&'a ItemsRead>,
    /// A table's column names, by the start of its rows' array: a record with a header
    /// (`columns`, `fields`, …) beside an array of arrays names that array's positions.
    columns: HashMap<usize, Rc<Vec<String>>>,
    /// While a collection chooses its items: the depth of those items, below which containers
    /// show only their counts, so every item's own names are shown before any item's depth.
    shallow: Option<usize>,
    /// A string's JSON document, compacted (empty when it holds none), by the string's start:
    /// read once, not again at each render of a preview that shrinks until it fits.
    documents: HashMap<usize, Rc<String>>,
}

impl<'a> Render<'a> {
    /// A renderer over `text` (known to be JSON), matching `needles`.
    pub fn new(text: &'a [u8], needles: &'a Needles) -> Self {
        Render {
            text,
            needles,
            rankings: HashMap::new(),
            known: &[],
            read: None,
            columns: HashMap::new(),
            shallow: None,
            documents: HashMap::new(),
        }
    }

    /// The renderer, told what a pass over the same text found: the spans of values it need not
    /// read to find their ends ([`scan::entries_knowing`]), and a collection's items with their
    /// entries, which it ranks without walking them again ([`rank_read`]).
    pub fn knowing(self, known: &'a [Span], read: Option<&'a ItemsRead>) -> Self {
        Render { known, read, ..self }
    }

    fn entries(&self, span: Span, max: usize) -> Vec<(Span, Span)> {
        scan::entries_knowing(self.text, span, max, self.known)
    }

    /// Whether `key` is `"_cut"` (however it is escaped), the name of the preview's marker.
    fn is_cut_key(&self, key: Option<Span>) -> bool {
        key.is_some_and(|k| scan::string_value(self.text, k) == CUT_KEY)
    }

    fn raw(&self, span: Span) -> String {
        String::from_utf8_lossy(span.of(self.text)).into_owned()
    }

    /// The preview of the value at `span` in at most `budget` bytes, or its [`Self::minimal`]
    /// form when nothing more fits (which may be over the budget: the caller then leaves it out).
    pub fn value(&mut self, span: Span, budget: usize, depth: usize) -> String {
        self.shown(span, budget, depth).unwrap_or_else(|| self.minimal(span))
    }

    /// The preview of the value at `span` in at most `budget` bytes when it shows more than the
    /// counts of [`Self::minimal`]; `None` when it would not.
    fn shown(&mut self, span: Span, budget: usize, depth: usize) -> Option<String> {
        // An item chosen with its own containers as counts is read for them even when it fits,
        // and so is each of them that holds containers.
        let shallow = self.shallow.is_some_and(|d| depth >= d);
        if span.len() <= budget && !(shallow && self.nests(span)) {
            return Some(self.raw(span));
        }
        if depth >= MAX_DEPTH {
            return None;
        }
        let kind = scan::kind(self.text, span);
        if self.shallow.is_some_and(|d| depth > d) && matches!(kind, Kind::Object | Kind::Array) {
            return None;
        }
        match kind {
            Kind::Object => {
                let entries = self.entries(span, RECORD_KEYS + 1);
                if entries.len() <= RECORD_KEYS {
                    let members: Vec<Member> = entries.into_iter().map(|(k, v)| (Some(k), v)).collect();
                    return self.record(&members, budget, depth);
                }
                self.collection(span, budget, depth)
            }
            Kind::Array => self.collection(span, budget, depth),
            Kind::String => self.string(span, budget, depth),
            _ => Some(self.raw(span)),
        }
    }

    /// Whether the container at `span` holds a container (or a string with a bracket in it,
    /// which then costs a read that copies it as written).
    fn nests(&self, span: Span) -> bool {
        let raw = span.of(self.text);
        matches!(raw.first(), Some(b'{' | b'['))
            && raw.len() > 2
            && raw[1..raw.len() - 1].iter().any(|b| matches!(b, b'{' | b'['))
    }

    /// The smallest honest form: a collection's counts, a string's length, a scalar itself — or
    /// the value itself when that is no longer.
    pub fn minimal(&self, span: Span) -> String {
        let marker = self.marker(span);
        // A marker longer than the value it stands for says less in more bytes.
        if span.len() <= marker.len() {
            return self.raw(span);
        }
        marker
    }

    fn marker(&self, span: Span) -> String {
        match scan::kind(self.text, span) {
            Kind::Array | Kind::Object => {
                let n = scan::count(self.text, span);
                format!("{{\"_cut\":{{\"total\":{n},\"shown\":0,\"notShown\":{n}}}}}")
            }
            Kind::String => {
                format!("\"…[{} chars]\"", utf16_len(&scan::string_value(self.text, span)))
            }
            _ => self.raw(span),
        }
    }

    fn ranking(&mut self, span: Span) -> Rc<(Members, Ranking)> {
        if let Some(r) = self.rankings.get(&span.start) {
            return Rc::clone(r);
        }
        let is_array = scan::kind(self.text, span) == Kind::Array;
        let columns = if is_array { self.columns_of(span) } else { Rc::default() };
        let (members, ranking) = match self.read.filter(|read| read.span == span) {
            Some(read) => {
                let (items, ranking) = rank_read(self.text, read, self.needles, &columns);
                let members = if is_array {
                    Members::Items(items)
                } else {
                    Members::Entries(read.members.iter().map(|m| (m.key, m.value)).collect())
                };
                (members, ranking)
            }
            None if is_array => {
                let (items, ranking) = rank_array(self.text, span, self.needles, &columns);
                (Members::Items(items), ranking)
            }
            None => {
                let members: Vec<Member> =
                    self.entries(span, usize::MAX).into_iter().map(|(k, v)| (Some(k), v)).collect();
                let values: Vec<Span> = members.iter().map(|m| m.1).collect();
                (Members::Entries(members), rank(self.text, &values, self.needles, &[]))
            }
        };
        let r = Rc::new((members, ranking));
        self.rankings.insert(span.start, Rc::clone(&r));
        r
    }

    /// The column names of the array of rows at `span`: its header's, when a record beside it
    /// had one ([`Self::note_header`]), else its first row's when that row is all strings and the
    /// next one is not (a header row); else none.
    fn columns_of(&self, span: Span) -> Rc<Vec<String>> {
        if let Some(names) = self.columns.get(&span.start) {
            return Rc::clone(names);
        }
        let mut rows = scan::members(self.text, span);
        let (Some(first), Some(second)) = (rows.next(), rows.next()) else { return Rc::default() };
        let strings = |row: Span| {
            scan::kind(self.text, row) == Kind::Array
                && scan::members(self.text, row)
                    .take(MAX_HEADER)
                    .all(|c| scan::kind(self.text, c.value) == Kind::String)
        };
        if first.value.len() > HEADER_BYTES || !strings(first.value) || strings(second.value) {
            return Rc::default();
        }
        let names = scan::members(self.text, first.value).map(|c| scan::string_value(self.text, c.value));
        Rc::new(names.take(MAX_HEADER).collect())
    }

    /// Notes the header of a table held in a record: a member named like a header (`columns`,
    /// `fields`, `headers`, …) whose value lists names (strings, or objects with a `name`),
    /// beside an array whose first item is an array — the rows it names.
    fn note_header(&mut self, members: &[Member]) {
        let header = members.iter().find(|(key, value)| {
            key.is_some_and(|k| HEADER_KEYS.contains(&scan::string_value(self.text, k).as_str()))
                && scan::kind(self.text, *value) == Kind::Array
                && value.len() <= HEADER_BYTES
        });
        let Some(&(_, header)) = header else { return };
        let names: Vec<String> = scan::members(self.text, header)
            .take(MAX_HEADER)
            .map_while(|c| match scan::kind(self.text, c.value) {
                Kind::String => Some(scan::string_value(self.text, c.value)),
                Kind::Object => scan::entries(self.text, c.value, 8)
                    .into_iter()
                    .find(|(k, v)| {
                        scan::string_value(self.text, *k) == "name" && scan::kind(self.text, *v) == Kind::String
                    })
                    .map(|(_, v)| scan::string_value(self.text, v)),
                _ => None,
            })
            .collect();
        if names.is_empty() {
            return;
        }
        let names = Rc::new(names);
        for &(_, value) in members {
            let first = scan::members(self.text, value).next();
            if scan::kind(self.text, value) == Kind::Array
                && value != header
                && first.is_some_and(|m| scan::kind(self.text, m.value) == Kind::Array)
            {
                self.columns.insert(value.start, Rc::clone(&names));
            }
        }
    }

    fn collection(&mut self, span: Span, budget: usize, depth: usize) -> Option<String> {
        let ranked = self.ranking(span);
        let (members, ranking) = (&ranked.0, &ranked.1);
        let is_map = scan::kind(self.text, span) == Kind::Object;
        let n = members.len();
        let mut meta = String::new();
        if !is_map && ranking.kinds != Kind::Object.bit() {
            meta.push_str(&format!(",\"types\":\"{}\"", kinds_text(ranking.kinds)));
        }
        let fields = fields_json(ranking);
        if fields.len() > 2 && fields.len() <= budget / 3 {
            meta.push_str(",\"fields\":");
            meta.push_str(&fields);
        }
        // Sized for the largest counts: shown and notShown are at most n.
        let fixed = cut_head(n, n, n, &meta).len() + if is_map { 1 } else { 12 } + 2;
        if fixed >= budget {
            return None;
        }
        let mut remaining = budget - fixed;
        // Breadth first: the items are chosen with their own containers as counts (but for the
        // ones that matter), then the budget left goes to showing more of each in turn.
        let outer = self.shallow;
        let slots = (ranking.important + 2).max(remaining / SLOT_BYTES).clamp(1, MAX_SLOTS).min(n);
        let mut chosen: Vec<(usize, Option<String>, String)> = Vec::new();
        let mut misses = 0;
        for (index, why) in &ranking.candidates {
            if remaining < 8 || misses >= MAX_MISSES {
                break;
            }
            let (key, value) = members.get(*index);
            if self.is_cut_key(key) {
                // The map's own `_cut` beside the marker would be a duplicate key: not shown.
                continue;
            }
            let label = why.label();
            let over = member_overhead(self.text, key, *index, label.as_deref());
            if over >= remaining {
                misses += 1;
                continue;
            }
            let planned = chosen.len() < slots;
            let share = if planned && why.matters() {
                // The items that matter share first: each gets at least an equal part with the
                // ones still to come of its kind and one more.
                remaining / (slots - chosen.len()).min(ranking.important.saturating_sub(chosen.len()) + 1).max(1)
            } else if planned {
                remaining / (slots - chosen.len())
            } else if why.matters() {
                remaining / 2
            } else {
                remaining
            };
            let item_budget = share.max(over + 2).min(remaining) - over;
            // Every item's own names before any item's depth: an item that holds containers is
            // chosen with them as counts, even when it fits whole (the deepening shows it whole
            // again when the budget allows).
            let whole = value.len() <= item_budget && (why.matters() || !self.nests(value));
            let body = if whole {
                self.raw(value)
            } else if planned || why.matters() || outer.is_none() {
                // Counts alone say nothing about one item: it is left for one that shows something.
                // An item that matters is shown as deep as its share allows; the others, their
                // own names first.
                self.shallow = if why.matters() { outer } else { Some(depth + 1) };
                let Some(preview) = self.shown(value, item_budget, depth + 1) else {
                    misses += 1;
                    continue;
                };
                preview
            } else {
                misses += 1;
                continue;
            };
            if body.len() + over > remaining {
                misses += 1;
                continue;
            }
            misses = 0;
            remaining -= body.len() + over;
            chosen.push((*index, label, body));
        }
        self.shallow = outer;
        // No item fits: the counts alone (the caller's minimal form) say as much, in fewer bytes.
        if chosen.is_empty() {
            return None;
        }
        self.deepen(members, &mut chosen, remaining, depth);
        chosen.sort_by_key(|c| c.0);
        Some(self.emit(members, &meta, &chosen, is_map))
    }

    /// Gives the `left` bytes to the `chosen` items in turn (the order they were chosen in), each
    /// an equal part with the ones after it: an item shown with its containers as counts is
    /// shown again deeper when that fits. Inside a collection still choosing its own items
    /// ([`Self::shallow`]), nothing is deepened.
    fn deepen(
        &mut self,
        members: &Members,
        chosen: &mut [(usize, Option<String>, String)],
        mut left: usize,
        depth: usize,
    ) {
        if self.shallow.is_some_and(|d| depth >= d) {
            return;
        }
        let count = chosen.len();
        for (k, (index, _, body)) in chosen.iter_mut().enumerate() {
            let value = members.get(*index).1;
            if body.len() == value.len() || left == 0 {
                continue;
            }
            let share = (left / (count - k)).max(SLOT_BYTES.min(left)) + body.len();
            let deeper = self.value(value, share, depth + 1);
            if deeper.len() > body.len() && deeper.len() - body.len() <= left {
                left -= deeper.len() - body.len();
                *body = deeper;
            }
        }
    }

    fn emit(&self, members: &Members, meta: &str, chosen: &[(usize, Option<String>, String)], is_map: bool) -> String {
        let n = members.len();
        let mut out = cut_head(n, chosen.len(), n - chosen.len(), meta);
        if is_map {
            let important: Vec<_> = chosen.iter().filter(|c| c.1.is_some()).collect();
            if !important.is_empty() {
                out.push_str(",\"why\":{");
                for (i, (index, label, _)) in important.iter().enumerate() {
                    out.push_str(if i > 0 { "," } else { "" });
                    out.push_str(&self.raw(members.name(*index)));
                    out.push(':');
                    push_json_string(&mut out, label.as_deref().unwrap_or(""));
                }
                out.push('}');
            }
            out.push('}');
            for (index, _, body) in chosen {
                out.push(',');
                out.push_str(&self.raw(members.name(*index)));
                out.push(':');
                out.push_str(body);
            }
            out.push('}');
            return out;
        }
        out.push_str("},\"items\":[");
        for (i, (index, label, body)) in chosen.iter().enumerate() {
            out.push_str(if i > 0 { "," } else { "" });
            out.push_str(&format!("{{\"index\":{index},"));
            if let Some(label) = label {
                out.push_str("\"why\":");
                push_json_string(&mut out, label);
                out.push(',');
            }
            out.push_str("\"item\":");
            out.push_str(body);
            out.push('}');
        }
        out.push_str("]}");
        out
    }

    /// An object with few keys: every key kept when it fits, small values first and whole, the
    /// big ones sharing the rest.
    fn record(&mut self, members: &[Member], budget: usize, depth: usize) -> Option<String> {
        self.note_header(members);
        let k = members.len();
        let cut_room = cut_entry(k, k, k).len() + 1;
        let mut remaining = budget.saturating_sub(2 + cut_room);
        let mut order: Vec<usize> = (0..k).collect();
        order.sort_by_key(|i| members[*i].1.len());
        let mut bodies: Vec<Option<String>> = vec![None; k];
        for (pos, &i) in order.iter().enumerate() {
            let (key, value) = members[i];
            let key_cost = key.map_or(0, Span::len) + 2;
            let share = remaining / (k - pos);
            if share <= key_cost + 1 {
                continue;
            }
            let body = self.value(value, share - key_cost, depth + 1);
            if body.len() + key_cost <= remaining {
                remaining -= body.len() + key_cost;
                bodies[i] = Some(body);
            }
        }
        // The record's own `_cut` beside the marker would be a duplicate key: not shown then.
        if bodies.iter().any(Option::is_none) {
            if let Some(own) = (0..k).find(|i| self.is_cut_key(members[*i].0)) {
                bodies[own] = None;
            }
        }
        let mut out = String::from("{");
        let mut shown = 0;
        for (i, body) in bodies.iter().enumerate() {
            let Some(body) = body else { continue };
            out.push_str(if shown > 0 { "," } else { "" });
            out.push_str(&self.raw(members[i].0.unwrap_or(members[i].1)));
            out.push(':');
            out.push_str(body);
            shown += 1;
        }
        if shown == 0 {
            return None;
        }
        if shown < k {
            out.push(',');
            out.push_str(&cut_entry(k, shown, k - shown));
        }
        out.push('}');
        Some(out)
    }

    fn string(&mut self, span: Span, budget: usize, depth: usize) -> Option<String> {
        let s = scan::string_value(self.text, span);
        let trimmed = s.trim_start();
        let document = match self.documents.get(&span.start) {
            Some(document) => Rc::clone(document),
            None => {
                let compact = if trimmed.starts_with('{') || trimmed.starts_with('[') {
                    scan::compact(&s)
                } else {
                    String::new()
                };
                let json = !compact.is_empty() && scan::is_json(compact.as_bytes());
                let document = Rc::new(if json { compact } else { String::new() });
                self.documents.insert(span.start, Rc::clone(&document));
                document
            }
        };
        if !document.is_empty() {
            let head = format!(
                "{{\"_text\":{{\"chars\":{},\"lines\":{},\"json\":true}},\"document\":",
                utf16_len(&s),
                text::line_count(&s)
            );
            if head.len() + 16 < budget {
                let mut inner = Render::new(document.as_bytes(), self.needles);
                let body = inner.value(scan::root(document.as_bytes()), budget - head.len() - 1, depth + 1);
                if head.len() + body.len() < budget {
                    return Some(format!("{head}{body}}}"));
                }
            }
        }
        let lines = s.bytes().filter(|b| *b == b'\n').take(2).count();
        if lines >= 2 || trimmed.starts_with('[') {
            let shaped = Shaped::read(&s, self.needles);
            if !matches!(shaped, Shaped::Plain(_)) {
                if let Some(preview) = shaped_json(&s, &shaped, budget) {
                    return Some(preview);
                }
            }
        }
        if lines >= 2 {
            let preview = text::json(&s, budget, self.needles);
            if preview.len() <= budget {
                return Some(preview);
            }
        }
        cut_string(&s, budget)
    }
}

/// A string's preview in its form ([`Shaped`]) inside JSON:
/// `{"_text":{"chars":C,"lines":L,"form":"diff"},"preview":"…"}` in at most `budget` bytes, the
/// form's text rendered smaller until its escaped text fits; `None` when none does.
fn shaped_json(s: &str, shaped: &Shaped<'_>, budget: usize) -> Option<String> {
    let head = format!(
        "{{\"_text\":{{\"chars\":{},\"lines\":{},\"form\":\"{}\"}},\"preview\":",
        utf16_len(s),
        text::line_count(s),
        shaped.form()
    );
    let mut room = budget.checked_sub(head.len() + 3)?;
    for _ in 0..4 {
        let text = shaped.render(room);
        let escaped = escaped_len(&text);
        if escaped <= budget - head.len() - 3 {
            let mut out = head;
            push_json_string(&mut out, &text);
            out.push('}');
            return Some(out);
        }
        room = (room as f64 * (budget - head.len() - 3) as f64 / escaped as f64 * 0.95) as usize;
    }
    None
}

/// `{"_cut":{"total":…,"shown":…,"notShown":…` followed by `meta` (the object is left open).
fn cut_head(total: usize, shown: usize, not_shown: usize, meta: &str) -> String {
    format!("{{\"_cut\":{{\"total\":{total},\"shown\":{shown},\"notShown\":{not_shown}{meta}")
}

/// The `"_cut"` entry a record ends with when keys are left out.
fn cut_entry(total: usize, shown: usize, not_shown: usize) -> String {
    format!("\"_cut\":{{\"total\":{total},\"shown\":{shown},\"notShown\":{not_shown}}}")
}

/// Bytes a shown member costs besides its value: `{"index":i,"why":"…","item":` `}` `,` for an
/// array item; the key, `:` and `,` (and its `why` entry) for a map entry.
fn member_overhead(text: &[u8], key: Option<Span>, index: usize, label: Option<&str>) -> usize {
    let why = label.map_or(0, |l| escaped_len(l) + 9);
    match key {
        Some(key) => key.len() + 2 + label.map_or(0, |_| key.len() + 1) + why,
        None => {
            let _ = text;
            "{\"index\":,\"item\":},".len() + index.to_string().len() + why
        }
    }
}

/// A string cut to `budget` bytes of JSON: its head and `…[+N chars]`; `None` when no char of
/// it fits.
fn cut_string(s: &str, budget: usize) -> Option<String> {
    let total = utf16_len(s);
    let room = budget.saturating_sub(format!("\"…[+{total} chars]\"").len());
    let head = text::prefix_within(s, room, escaped_len);
    if head.is_empty() {
        return None;
    }
    let mut out = String::new();
    let marker = format!("…[+{} chars]", total - utf16_len(head));
    push_json_string(&mut out, &format!("{head}{marker}"));
    Some(out)
}

#[cfg(test)]
#[path = "render_tests.rs"]
mod tests;
