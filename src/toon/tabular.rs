//! Which collections collapse into a table. Rows qualify when every row has exactly the first
//! row's keys (in any order) and each column is either all primitives or all non-empty objects
//! that are themselves uniform — those become nested field groups (`geo{lat,lon}`). Fields
//! follow the first row's key order.

use super::node::{lookup, same_key, Entries, Node};

/// One column of a table: a leaf, or a group of sub-columns for a uniform nested object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field<'n> {
    /// The key in each row.
    pub name: &'n str,
    /// Sub-columns when the column holds uniform objects.
    pub children: Option<Vec<Field<'n>>>,
}

/// The field list when `rows` form a table, else `None` (also for no rows or key-less rows).
pub fn tabular_fields<'n, 'a>(rows: &[&'n Entries<'a>]) -> Option<Vec<Field<'n>>> {
    let first = *rows.first()?;
    if first.is_empty() || !rows.iter().all(|row| same_keys(first, row)) {
        return None;
    }
    // One pass finds each column's kind; only a column of objects (a nested field group, rare)
    // is then collected for the recursive check.
    let mut kinds = vec![ColumnKind::Empty; first.len()];
    for row in rows {
        for (index, ((name, _), kind)) in first.iter().zip(kinds.iter_mut()).enumerate() {
            kind.add(field_value(row, index, name));
        }
    }
    let mut fields = Vec::with_capacity(first.len());
    for (index, ((name, _), kind)) in first.iter().zip(&kinds).enumerate() {
        let field = match kind {
            ColumnKind::Primitives | ColumnKind::Empty => Field { name, children: None },
            ColumnKind::Objects => {
                let objects: Vec<&'n Entries<'a>> =
                    rows.iter().filter_map(|row| field_value(row, index, name).as_object()).collect();
                Field { name, children: Some(tabular_fields(&objects)?) }
            }
            ColumnKind::Mixed => return None,
        };
        fields.push(field);
    }
    Some(fields)
}

/// What a column holds so far: all primitives, all non-empty objects, or neither.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ColumnKind {
    Empty,
    Primitives,
    Objects,
    Mixed,
}

impl ColumnKind {
    fn add(&mut self, value: &Node<'_>) {
        let this = if value.is_primitive() {
            ColumnKind::Primitives
        } else if value.as_object().is_some_and(|e| !e.is_empty()) {
            ColumnKind::Objects
        } else {
            ColumnKind::Mixed
        };
        *self = match *self {
            ColumnKind::Empty => this,
            current if current == this => current,
            _ => ColumnKind::Mixed,
        };
    }
}

/// The field list of a keyed table: an object of at least two entries whose values are all
/// non-empty objects forming a table (`servers[2:]{host,port}:`).
pub fn keyed_fields<'n, 'a>(object: &'n Entries<'a>) -> Option<Vec<Field<'n>>> {
    if object.len() < 2 {
        return None;
    }
    let rows = non_empty_objects(object.iter().map(|(_, v)| v))?;
    tabular_fields(&rows)
}

/// The rows when every item is an object (empty ones included), for `isArrayOfObjects`.
pub fn all_objects<'n, 'a>(items: &'n [Node<'a>]) -> Option<Vec<&'n Entries<'a>>> {
    items.iter().map(Node::as_object).collect()
}

fn non_empty_objects<'n, 'a: 'n>(values: impl Iterator<Item = &'n Node<'a>>) -> Option<Vec<&'n Entries<'a>>> {
    values.map(|v| v.as_object().filter(|e| !e.is_empty())).collect()
}

/// Same key count and every key of `first` present. Rows written in the same key order (the
/// usual case) are settled by one pass of string comparisons.
fn same_keys(first: &Entries<'_>, row: &Entries<'_>) -> bool {
    if row.len() != first.len() {
        return false;
    }
    if first.iter().zip(row).all(|((a, _), (b, _))| same_key(a, b)) {
        return true;
    }
    // Keys are unique within an object, so equal length plus containment means equal sets.
    if first.len() <= 16 {
        return first.iter().all(|(k, _)| lookup(row, k).is_some());
    }
    let mut a: Vec<&str> = first.iter().map(|(k, _)| k.as_ref()).collect();
    let mut b: Vec<&str> = row.iter().map(|(k, _)| k.as_ref()).collect();
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

/// The value under `name`, which sits at `index` when the row shares the first row's key order.
pub fn field_value<'n, 'a>(row: &'n Entries<'a>, index: usize, name: &str) -> &'n Node<'a> {
    static NULL: Node<'static> = Node::Null;
    match row.get(index) {
        Some((key, value)) if same_key(key, name) => value,
        _ => lookup(row, name).unwrap_or(&NULL),
    }
}
