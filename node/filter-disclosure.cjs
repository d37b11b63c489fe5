'use strict';
// Filter disclosure: how a filtered read says what its filter left out. The rules live in the
// WebAssembly core (src/summarizers/filter_disclosure.rs); this file only reads what only
// JavaScript can read — the caller's `keyOf`, iterables, own-key order, non-JSON values — and
// hands the core plain data.

const wasm = require('./wasm/summarizers.cjs');
const { jsonText } = require('./tolerant-json.cjs');

// One argument only: map() would pass its index as jsonText's fallback.
const enc = (value) => jsonText(value);

/** Largest vocabulary a hint lists: the core's, written by the build (scripts/constants.mjs). */
const { LIVE_VOCABULARY_CAP } = require('../pkg/constants.json');

// A top-level filter value as the core reads it. JSON would turn NaN into null (which the core
// drops as "not filtering") and drop functions; String() keeps what a sentence shows instead.
function filterValue(v) {
  if (typeof v === 'number' && !Number.isFinite(v)) return 'null';
  if (typeof v === 'function' || typeof v === 'symbol') return 'undefined';
  if (typeof v === 'bigint') return String(v);
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'number' && !Number.isFinite(x) ? String(x) : x));
  return v;
}

function describeFilter(filter) {
  const entries = [];
  if (filter !== null && typeof filter === 'object') {
    for (const [k, v] of Object.entries(filter)) if (v !== undefined) entries.push([k, filterValue(v)]);
  }
  return wasm.describeFilter(enc(entries));
}

function histogram(items, keyOf) {
  if (typeof keyOf !== 'function') throw new TypeError('histogram(items, keyOf): keyOf must be a function');
  const keys = [];
  for (const item of items ?? []) keys.push(String(keyOf(item)));
  return wasm.histogramOf(enc(keys));
}

const listOf = (values) => (values === null || values === undefined ? [] : Array.from(values));
const nearOf = (near) => (typeof near === 'string' && near !== '' ? near : undefined);

function liveSet(values, cap = LIVE_VOCABULARY_CAP, near) {
  return wasm.liveSet(enc(listOf(values)), Math.max(0, cap), nearOf(near));
}

function emptyFilterHint(d) {
  const live = Object.entries(d.live ?? {}).map(([k, vs]) => [k, listOf(vs)]);
  const near = Object.entries(d.near ?? {}).filter(([, v]) => nearOf(v) !== undefined);
  const label = d.unfilteredLabel === undefined || d.unfilteredLabel === null ? null : String(d.unfilteredLabel);
  const rest = { what: String(d.what), filter: String(d.filter), unfilteredLabel: label, live, near };
  return wasm.emptyFilterHint(enc(rest), Number(d.unfilteredCount));
}

module.exports = { LIVE_VOCABULARY_CAP, histogram, describeFilter, liveSet, emptyFilterHint };
