//! Overlap counting for `layoutBounds`: how many same-layer rects intersect, without the
//! O(n²) pair loop.
//!
//! Per layer, an x-sweep over a Fenwick tree on y counts intersecting pairs in O(n log n),
//! independent of how many there are; then the intersecting ancestor pairs — a child inside its
//! parent is not an overlap — are found by walking each entry's ancestor chain (at most 128
//! steps) and subtracted. Rects with a negative width or height (which the sweep's interval
//! logic does not model) are compared pairwise against their layer, so the count equals the
//! pair loop on any input. The pair LIST (asked for explicitly) is enumerated x-sorted.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

/// Ancestor steps walked per entry: deep enough for any real hierarchy, bounded for cycles.
pub const MAX_ANCESTOR_STEPS: usize = 128;

/// FxHash (rustc's hasher) with a finalizer: the ids hashed here come from the caller's own data and a
/// collision costs time, not correctness, so SipHash's flood resistance is not worth its cost.
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

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

/// The [`FxHasher`] builder.
pub type Fx = std::hash::BuildHasherDefault<FxHasher>;
/// A `HashMap` keyed by ids from the caller's data, hashed with [`FxHasher`].
pub type FxMap<K, V> = HashMap<K, V, Fx>;
/// A `HashSet` of ids from the caller's data, hashed with [`FxHasher`].
pub type FxSet<K> = HashSet<K, Fx>;

/// An entity id as a hashable key (numbers by value, so `1` and `1.0` are the same id).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum IdKey {
    Num(u64),
    Str(String),
}

/// `v` as an id key; `None` for values that are not a number or a string.
pub fn id_key(v: &Value) -> Option<IdKey> {
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
pub struct Rect {
    /// Left edge, `x`.
    pub x0: f64,
    /// Right edge, `x + w`.
    pub x1: f64,
    /// Top edge, `y`.
    pub y0: f64,
    /// Bottom edge, `y + h`.
    pub y1: f64,
}

impl Rect {
    /// The rect at `x`, `y` that is `w` wide and `h` high.
    pub fn new(x: f64, y: f64, w: f64, h: f64) -> Rect {
        Rect { x0: x, x1: x + w, y0: y, y1: y + h }
    }
    /// The rect of a `screen` value; `None` unless x, y, w and h are all numbers.
    pub fn from(screen: &Value) -> Option<Rect> {
        let f = |k: &str| screen.get(k).and_then(Value::as_f64);
        Some(Rect::new(f("x")?, f("y")?, f("w")?, f("h")?))
    }
    /// `a.x < b.x+b.w && a.x+a.w > b.x && a.y < b.y+b.h && a.y+a.h > b.y`.
    pub fn intersects(&self, b: &Rect) -> bool {
        self.x0 < b.x1 && self.x1 > b.x0 && self.y0 < b.y1 && self.y1 > b.y0
    }
    /// Whether both extents are non-negative, the case the sweep models.
    pub fn is_normal(&self) -> bool {
        self.x1 >= self.x0 && self.y1 >= self.y0
    }
}

/// Parent lookup for the ancestor rule.
pub struct Parents(pub FxMap<IdKey, IdKey>);

impl Parents {
    /// Whether `x` is an ancestor of `y`: walk `y`'s parents at most 128 steps.
    pub fn is_ancestor(&self, x: &IdKey, y: &IdKey) -> bool {
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
pub struct Item {
    /// Position in the narrowed set (entry order).
    pub pos: usize,
    /// The entry's id, when it has one that can be a key.
    pub id: Option<IdKey>,
    /// The entry's rect.
    pub rect: Rect,
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

/// The rects the sweep line currently crosses, indexed by their y extents.
struct Active {
    /// Every distinct y edge, sorted: a rect's edges as Fenwick ranks.
    ys: Vec<f64>,
    /// Active rects by top edge (`y0`).
    lo: Fenwick,
    /// Active rects by bottom edge (`y1`).
    hi: Fenwick,
    /// Active zero-height rects by their y (counted in both trees at the same rank).
    flat: FxMap<u64, i64>,
    len: i64,
}

impl Active {
    fn new(rects: &[Rect]) -> Self {
        let mut ys: Vec<f64> = rects.iter().flat_map(|r| [r.y0, r.y1]).collect();
        ys.sort_by(f64::total_cmp);
        ys.dedup();
        let n = ys.len();
        Active { ys, lo: Fenwick::new(n), hi: Fenwick::new(n), flat: FxMap::default(), len: 0 }
    }
    fn rank(&self, y: f64) -> usize {
        self.ys.partition_point(|&v| v < y)
    }
    fn flat_key(y: f64) -> u64 {
        if y == 0.0 {
            0
        } else {
            y.to_bits()
        }
    }
    /// Adds (`d = 1`) or removes (`d = -1`) a rect.
    fn add(&mut self, r: &Rect, d: i64) {
        let (lo, hi) = (self.rank(r.y0), self.rank(r.y1));
        self.lo.add(lo, d);
        self.hi.add(hi, d);
        if r.y0 == r.y1 {
            *self.flat.entry(Self::flat_key(r.y0)).or_insert(0) += d;
        }
        self.len += d;
    }
    /// Active rects overlapping `b` in y: all, minus those entirely above, minus those entirely
    /// below, plus those counted twice (zero-height at b's own zero-height y).
    fn overlapping(&self, b: &Rect) -> i64 {
        let above = self.len - self.lo.prefix(self.rank(b.y1)); // y0_a >= y1_b
        let below = self.hi.prefix(self.rank(b.y0) + 1); // y1_a <= y0_b
        let twice = if b.y0 == b.y1 { self.flat.get(&Self::flat_key(b.y0)).copied().unwrap_or(0) } else { 0 };
        self.len - above - below + twice
    }
}

/// Intersecting pairs among rects with non-negative extents, without enumerating them: sweep x
/// left to right; at each distinct left edge, retire the rects that ended at or before it, count
/// each starting rect against the active ones, then activate those with width.
fn sweep_count(rects: &[Rect]) -> u64 {
    let mut active = Active::new(rects);
    let mut inserted = vec![false; rects.len()];
    let mut by_x0: Vec<usize> = (0..rects.len()).collect();
    by_x0.sort_by(|&a, &b| rects[a].x0.total_cmp(&rects[b].x0));
    let mut by_x1: Vec<usize> = (0..rects.len()).collect();
    by_x1.sort_by(|&a, &b| rects[a].x1.total_cmp(&rects[b].x1));

    let mut count: i64 = 0;
    let (mut out_ptr, mut g) = (0, 0);
    while g < by_x0.len() {
        let l = rects[by_x0[g]].x0;
        let end = g + by_x0[g..].iter().take_while(|&&i| rects[i].x0 == l).count();
        while out_ptr < by_x1.len() && rects[by_x1[out_ptr]].x1 <= l {
            let i = by_x1[out_ptr];
            if std::mem::take(&mut inserted[i]) {
                active.add(&rects[i], -1);
            }
            out_ptr += 1;
        }
        // Zero-width rects at this edge meet the active set but never join it.
        for &i in by_x0[g..end].iter().filter(|&&i| rects[i].x1 == l) {
            count += active.overlapping(&rects[i]);
        }
        for &i in by_x0[g..end].iter().filter(|&&i| rects[i].x1 > l) {
            count += active.overlapping(&rects[i]);
            active.add(&rects[i], 1);
            inserted[i] = true;
        }
        g = end;
    }
    count.max(0) as u64
}

/// The overlap count for one layer's items.
pub fn layer_overlap_count(items: &[Item], parents: &Parents) -> u64 {
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
pub fn layer_overlap_pairs(items: &[Item], parents: &Parents, group: usize, out: &mut Vec<(usize, usize, usize)>) {
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
