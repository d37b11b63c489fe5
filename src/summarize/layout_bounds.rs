//! `layoutBounds`: counts first (per layer, off-screen, zero-size, overlapping pairs); rects and
//! the pair list only when asked for.
//!
//! The overlap COUNT is what the bare call reports, so it must not cost the O(n²) pair loop.
//! It is computed per layer with an x-sweep over a Fenwick tree on y (O(n log n), independent
//! of how many pairs intersect), then the intersecting ancestor pairs — which do not count as
//! overlaps — are found by walking each entry's ancestor chain (at most 128 steps) and
//! subtracted. Rects with a negative width or height (which the sweep's interval logic does not
//! model) are compared pairwise against their layer, so the count equals the pair loop on any
//! input.

use std::collections::{HashMap, HashSet};

use serde::Deserialize;
use serde_json::Value;

use super::{given, key_string, num, read_limit, truthy, Histogram, Obj};

/// Ancestor steps walked per entry: deep enough for any real hierarchy, bounded for cycles.
pub const MAX_ANCESTOR_STEPS: usize = 128;

/// The fields of a layout entry the counts need, in the shape the producer emits; everything
/// else (names, world AABBs) is skipped while parsing. The fast path for 100k-entry inputs.
#[derive(Deserialize)]
struct FastEntry {
    #[serde(default)]
    id: Value,
    #[serde(default)]
    layer: Value,
    #[serde(default)]
    screen: Option<FastScreen>,
    #[serde(default, rename = "onScreen")]
    on_screen: Value,
    #[serde(default, rename = "zeroSize")]
    zero_size: Value,
    #[serde(default, rename = "parentId")]
    parent_id: Value,
}

#[derive(Deserialize)]
struct FastScreen {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

/// The same fields for any input shape (a `screen` that is not a numeric rect counts as none).
#[derive(Deserialize)]
struct LenientEntry {
    #[serde(default)]
    id: Value,
    #[serde(default)]
    layer: Value,
    #[serde(default)]
    screen: Value,
    #[serde(default, rename = "onScreen")]
    on_screen: Value,
    #[serde(default, rename = "zeroSize")]
    zero_size: Value,
    #[serde(default, rename = "parentId")]
    parent_id: Value,
}

struct Entry {
    id: Value,
    layer: Value,
    rect: Option<Rect>,
    on_screen: Value,
    zero_size: Value,
    parent_id: Value,
}

fn parse_entries(json: &[u8]) -> Result<Vec<Entry>, String> {
    if let Ok(fast) = serde_json::from_slice::<Option<Vec<FastEntry>>>(json) {
        return Ok(fast
            .unwrap_or_default()
            .into_iter()
            .map(|e| Entry {
                rect: e.screen.map(|r| Rect { x0: r.x, x1: r.x + r.w, y0: r.y, y1: r.y + r.h }),
                id: e.id,
                layer: e.layer,
                on_screen: e.on_screen,
                zero_size: e.zero_size,
                parent_id: e.parent_id,
            })
            .collect());
    }
    let lenient: Option<Vec<LenientEntry>> = super::parse_typed(json)?;
    Ok(lenient
        .unwrap_or_default()
        .into_iter()
        .map(|e| Entry {
            rect: Rect::from(&e.screen),
            id: e.id,
            layer: e.layer,
            on_screen: e.on_screen,
            zero_size: e.zero_size,
            parent_id: e.parent_id,
        })
        .collect())
}

/// FxHash (rustc's hasher) with a finalizer: the ids hashed here come from the caller's own data and a
/// collision costs time, not correctness, so SipHash's flood resistance is not worth its cost.
#[derive(Default, Clone, Copy)]
struct FxHasher(u64);

impl std::hash::Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn finish(&self) -> u64 {
        // murmur3's fmix64: f64 ids such as 1.0, 2.0 differ only in their high bits, and the
        // table indexes by the low bits, so the state must be mixed down before use.
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
}

type Fx = std::hash::BuildHasherDefault<FxHasher>;
type FxMap<K, V> = HashMap<K, V, Fx>;
type FxSet<K> = HashSet<K, Fx>;

#[derive(Deserialize)]
struct Ancestry {
    #[serde(default)]
    id: Value,
    #[serde(default, rename = "parentId")]
    parent_id: Value,
}

#[derive(Deserialize, Default)]
struct Options {
    #[serde(default)]
    entities: Option<Vec<Ancestry>>,
}

/// An entity id as a hashable key (numbers by value, so `1` and `1.0` are the same id).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum IdKey {
    Num(u64),
    Str(String),
}

fn id_key(v: &Value) -> Option<IdKey> {
    match v {
        Value::Number(n) => {
            let x = n.as_f64()?;
            Some(IdKey::Num(if x == 0.0 { 0 } else { x.to_bits() }))
        }
        Value::String(s) => Some(IdKey::Str(s.clone())),
        _ => None,
    }
}

/// A screen rect as interval bounds: `[x, x + w] × [y, y + h]`, computed in f64 exactly as
/// the JavaScript predicate computes them.
#[derive(Clone, Copy, Debug)]
struct Rect {
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
}

impl Rect {
    fn from(screen: &Value) -> Option<Rect> {
        let f = |k: &str| screen.get(k).and_then(Value::as_f64);
        let (x, y, w, h) = (f("x")?, f("y")?, f("w")?, f("h")?);
        Some(Rect { x0: x, x1: x + w, y0: y, y1: y + h })
    }
    /// `a.x < b.x+b.w && a.x+a.w > b.x && a.y < b.y+b.h && a.y+a.h > b.y`.
    fn intersects(&self, b: &Rect) -> bool {
        self.x0 < b.x1 && self.x1 > b.x0 && self.y0 < b.y1 && self.y1 > b.y0
    }
    /// Whether both extents are non-negative, the case the sweep models.
    fn is_normal(&self) -> bool {
        self.x1 >= self.x0 && self.y1 >= self.y0
    }
}

/// Parent lookup for the ancestor rule.
struct Parents(FxMap<IdKey, IdKey>);

impl Parents {
    /// Whether `x` is an ancestor of `y`: walk `y`'s parents at most 128 steps.
    fn is_ancestor(&self, x: &IdKey, y: &IdKey) -> bool {
        let mut cur = y;
        for _ in 0..MAX_ANCESTOR_STEPS {
            let Some(p) = self.0.get(cur) else { return false };
            if p == x {
                return true;
            }
            cur = p;
        }
        false
    }
}

/// One entry of the narrowed set that takes part in the overlap rule.
struct Item {
    /// Position in the narrowed set (entry order).
    pos: usize,
    id: Option<IdKey>,
    rect: Rect,
}

struct Fenwick(Vec<i64>);

impl Fenwick {
    fn new(n: usize) -> Self {
        Fenwick(vec![0; n + 1])
    }
    fn add(&mut self, i: usize, d: i64) {
        let mut i = i + 1;
        while i < self.0.len() {
            self.0[i] += d;
            i += i & i.wrapping_neg();
        }
    }
    /// Sum over ranks `0..i`.
    fn prefix(&self, i: usize) -> i64 {
        let mut i = i.min(self.0.len() - 1);
        let mut s = 0;
        while i > 0 {
            s += self.0[i];
            i -= i & i.wrapping_neg();
        }
        s
    }
}

/// Intersecting pairs among rects with non-negative extents, without enumerating them.
fn sweep_count(rects: &[Rect]) -> u64 {
    let mut ys: Vec<f64> = rects.iter().flat_map(|r| [r.y0, r.y1]).collect();
    ys.sort_by(f64::total_cmp);
    ys.dedup();
    let rank = |y: f64| ys.partition_point(|&v| v < y);
    let n = ys.len();
    let mut lo_tree = Fenwick::new(n);
    let mut hi_tree = Fenwick::new(n);
    let mut flat: FxMap<u64, i64> = FxMap::default();
    let mut active: i64 = 0;
    let mut inserted = vec![false; rects.len()];

    let mut by_x0: Vec<usize> = (0..rects.len()).collect();
    by_x0.sort_by(|&a, &b| rects[a].x0.total_cmp(&rects[b].x0));
    let mut by_x1: Vec<usize> = (0..rects.len()).collect();
    by_x1.sort_by(|&a, &b| rects[a].x1.total_cmp(&rects[b].x1));
    let flat_key = |y: f64| if y == 0.0 { 0 } else { y.to_bits() };

    // Active rects overlapping `b` in y: all, minus those entirely above, minus those entirely
    // below, plus those counted twice (zero-height at b's own zero-height y).
    let query = |b: &Rect, lo_tree: &Fenwick, hi_tree: &Fenwick, flat: &FxMap<u64, i64>, active: i64| -> i64 {
        let above = active - lo_tree.prefix(rank(b.y1)); // y0_a >= y1_b
        let below = hi_tree.prefix(rank(b.y0) + 1); // y1_a <= y0_b
        let twice = if b.y0 == b.y1 { flat.get(&flat_key(b.y0)).copied().unwrap_or(0) } else { 0 };
        active - above - below + twice
    };

    let mut count: i64 = 0;
    let mut out_ptr = 0;
    let mut g = 0;
    while g < by_x0.len() {
        let l = rects[by_x0[g]].x0;
        let mut end = g;
        while end < by_x0.len() && rects[by_x0[end]].x0 == l {
            end += 1;
        }
        while out_ptr < by_x1.len() && rects[by_x1[out_ptr]].x1 <= l {
            let i = by_x1[out_ptr];
            if inserted[i] {
                let r = rects[i];
                lo_tree.add(rank(r.y0), -1);
                hi_tree.add(rank(r.y1), -1);
                if r.y0 == r.y1 {
                    *flat.entry(flat_key(r.y0)).or_insert(0) -= 1;
                }
                active -= 1;
                inserted[i] = false;
            }
            out_ptr += 1;
        }
        for &i in &by_x0[g..end] {
            if rects[i].x1 == l {
                count += query(&rects[i], &lo_tree, &hi_tree, &flat, active);
            }
        }
        for &i in &by_x0[g..end] {
            let r = rects[i];
            if r.x1 > l {
                count += query(&r, &lo_tree, &hi_tree, &flat, active);
                lo_tree.add(rank(r.y0), 1);
                hi_tree.add(rank(r.y1), 1);
                if r.y0 == r.y1 {
                    *flat.entry(flat_key(r.y0)).or_insert(0) += 1;
                }
                active += 1;
                inserted[i] = true;
            }
        }
        g = end;
    }
    count.max(0) as u64
}

/// The overlap count for one layer's items.
fn layer_overlap_count(items: &[Item], parents: &Parents) -> u64 {
    let (normal, odd): (Vec<usize>, Vec<usize>) = (0..items.len()).partition(|&i| items[i].rect.is_normal());
    let normal_rects: Vec<Rect> = normal.iter().map(|&i| items[i].rect).collect();
    let mut count = sweep_count(&normal_rects);
    for (k, &i) in odd.iter().enumerate() {
        let r = items[i].rect;
        count += normal.iter().filter(|&&j| r.intersects(&items[j].rect)).count() as u64;
        count += odd[k + 1..].iter().filter(|&&j| r.intersects(&items[j].rect)).count() as u64;
    }
    // Intersecting pairs where one is an ancestor of the other are not overlaps.
    let mut by_id: FxMap<&IdKey, Vec<usize>> = FxMap::default();
    for (i, item) in items.iter().enumerate() {
        if let Some(id) = &item.id {
            by_id.entry(id).or_default().push(i);
        }
    }
    let mut excluded: FxSet<(usize, usize)> = FxSet::default();
    for (i, item) in items.iter().enumerate() {
        let Some(mut cur) = item.id.as_ref() else { continue };
        for _ in 0..MAX_ANCESTOR_STEPS {
            let Some(p) = parents.0.get(cur) else { break };
            if let Some(holders) = by_id.get(p) {
                for &j in holders {
                    if j != i && item.rect.intersects(&items[j].rect) {
                        excluded.insert((i.min(j), i.max(j)));
                    }
                }
            }
            cur = p;
        }
    }
    count - excluded.len() as u64
}

/// Every overlapping pair of one layer as positions `(a, b)` with `a < b`; x-sorted so only
/// pairs that overlap in x are examined.
fn layer_overlap_pairs(items: &[Item], parents: &Parents, group: usize, out: &mut Vec<(usize, usize, usize)>) {
    let mut order: Vec<usize> = (0..items.len()).filter(|&i| items[i].rect.is_normal()).collect();
    order.sort_by(|&a, &b| items[a].rect.x0.total_cmp(&items[b].rect.x0));
    let mut candidates: Vec<(usize, usize)> = Vec::new();
    for (k, &i) in order.iter().enumerate() {
        let r = items[i].rect;
        for &j in &order[k + 1..] {
            if items[j].rect.x0 >= r.x1 {
                break;
            }
            if r.intersects(&items[j].rect) {
                candidates.push((i, j));
            }
        }
    }
    let odd: Vec<usize> = (0..items.len()).filter(|&i| !items[i].rect.is_normal()).collect();
    for (k, &i) in odd.iter().enumerate() {
        for j in 0..items.len() {
            let later_odd = odd[k + 1..].contains(&j);
            if j != i && (items[j].rect.is_normal() || later_odd) && items[i].rect.intersects(&items[j].rect) {
                candidates.push((i, j));
            }
        }
    }
    for (i, j) in candidates {
        let related = match (&items[i].id, &items[j].id) {
            (Some(a), Some(b)) => parents.is_ancestor(a, b) || parents.is_ancestor(b, a),
            _ => false,
        };
        if !related {
            let (a, b) = (items[i].pos.min(items[j].pos), items[i].pos.max(items[j].pos));
            out.push((a, b, group));
        }
    }
}

/// Summarizes layout `entries` (JSON text) for `query`; `options` may carry `entities`
/// (`{ id, parentId }[]`) for ancestry.
pub fn layout_bounds(entries_json: &[u8], query: &Value, options_json: &[u8]) -> Result<String, String> {
    let entries = parse_entries(entries_json)?;
    let options: Option<Options> = super::parse_typed(options_json)?;
    let options = options.unwrap_or_default();
    let query = super::object_or_empty(query);
    let q = |k: &str| query.get(k);

    let mut parents = FxMap::default();
    match &options.entities {
        Some(list) => list.iter().for_each(|e| insert_parent(&mut parents, &e.id, &e.parent_id)),
        None => entries.iter().for_each(|e| insert_parent(&mut parents, &e.id, &e.parent_id)),
    }
    let parents = Parents(parents);

    let ids: Option<HashSet<IdKey>> = match q("ids") {
        Some(Value::Array(list)) if !list.is_empty() => Some(list.iter().filter_map(id_key).collect()),
        Some(Value::String(s)) if !s.trim().is_empty() => Some(
            s.split(',').map(str::trim).filter(|t| !t.is_empty()).filter_map(|t| id_key(&id_from_text(t))).collect(),
        ),
        _ => None,
    };
    let layer = given(q("layer")).map(|l| key_string(Some(l), "null"));
    let narrowed: Vec<usize> = (0..entries.len())
        .filter(|&i| ids.as_ref().map_or(true, |set| id_key(&entries[i].id).is_some_and(|k| set.contains(&k))))
        .filter(|&i| layer.as_ref().map_or(true, |l| key_string(Some(&entries[i].layer), "null") == *l))
        .collect();

    let mut layer_counts = Histogram::new();
    let mut off_screen = Vec::new();
    let mut zero_size = Vec::new();
    let mut groups: Vec<(String, Value, Vec<Item>)> = Vec::new();
    let mut group_of: FxMap<String, usize> = FxMap::default();
    for (pos, &i) in narrowed.iter().enumerate() {
        let e = &entries[i];
        let key = key_string(Some(&e.layer), "null");
        layer_counts.add(&key);
        if e.on_screen == Value::Bool(false) {
            off_screen.push(e.id.clone());
        }
        if e.zero_size == Value::Bool(true) {
            zero_size.push(e.id.clone());
        }
        if let Some(rect) = e.rect {
            let g = *group_of.entry(key.clone()).or_insert_with(|| {
                groups.push((key.clone(), e.layer.clone(), Vec::new()));
                groups.len() - 1
            });
            groups[g].2.push(Item { pos, id: id_key(&e.id), rect });
        }
    }
    let overlaps_count: u64 = groups.iter().map(|(_, _, items)| layer_overlap_count(items, &parents)).sum();

    let want_entities = truthy(q("entities")) || ids.is_some() || layer.is_some();
    let want_overlaps = truthy(q("overlaps"));
    let off_count = off_screen.len();
    let zero_count = zero_size.len();
    let mut out = Obj::new();
    out.set("count", num(narrowed.len()));
    out.set("layerCounts", layer_counts.into_value())
        .set("offScreen", Value::Array(off_screen))
        .set("offScreenCount", num(off_count))
        .set("zeroSize", Value::Array(zero_size))
        .set("zeroSizeCount", num(zero_count))
        .set("overlapsCount", Value::from(overlaps_count));
    if want_entities {
        let full: Option<Vec<Value>> = super::parse_typed(entries_json)?;
        let full = full.unwrap_or_default();
        let limit = read_limit(q("limit"));
        let shown = limit.map_or(narrowed.len(), |l| l.min(narrowed.len()));
        let list: Vec<Value> = narrowed[..shown].iter().filter_map(|&i| full.get(i).cloned()).collect();
        out.set("entities", Value::Array(list));
        if shown < narrowed.len() {
            out.set("truncated", true).set("totalCount", num(narrowed.len()));
        }
    }
    if want_overlaps {
        let mut pairs = Vec::new();
        for (gi, (_, _, items)) in groups.iter().enumerate() {
            layer_overlap_pairs(items, &parents, gi, &mut pairs);
        }
        pairs.sort_unstable();
        let list: Vec<Value> = pairs
            .iter()
            .map(|&(a, b, g)| {
                let mut o = Obj::new();
                o.set("a", entries[narrowed[a]].id.clone())
                    .set("b", entries[narrowed[b]].id.clone())
                    .set("layer", groups[g].1.clone());
                o.into_value()
            })
            .collect();
        out.set("overlaps", Value::Array(list));
    }
    if !(want_entities && want_overlaps) {
        out.set(
            "hint",
            format!(
                "Counts only where omitted. Pass ids=[…] or layer=ui|2d|3d for per-entity rects; overlaps=true for the {overlaps_count} overlapping pairs."
            ),
        );
    }
    Ok(out.to_json())
}

fn insert_parent(parents: &mut FxMap<IdKey, IdKey>, id: &Value, parent: &Value) {
    if let (Some(id), Some(parent)) = (id_key(id), id_key(parent)) {
        parents.insert(id, parent);
    }
}

/// An id typed in a comma-separated `ids` string: a number when it reads as one.
fn id_from_text(t: &str) -> Value {
    match super::parse_js_number(t) {
        Some(x) => Value::from(x),
        None => Value::from(t),
    }
}

#[cfg(test)]
#[path = "layout_bounds_tests.rs"]
mod tests;
