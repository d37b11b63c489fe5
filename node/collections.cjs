'use strict';
// Collection limits and field selection, in plain JS on purpose.
//
// These functions only slice arrays and copy a few properties between JS objects. Done in Rust,
// every item would have to be stringified, copied into WebAssembly, parsed, rebuilt and parsed
// back on the JS side — many times the work itself. In JS they cost what the hand-written
// equivalent costs (bench/toon.mjs measures both against plain JS on 20,000 items).
//
// Keys that come from data never touch a prototype: `__proto__` is written with
// Object.defineProperty, and only own properties are read (Object.hasOwn), so asking for
// `constructor` or `__proto__` never picks up Object.prototype's.

const { codedError } = require('./internal/errors.cjs');
const { readOptions, setOwn } = require('./internal/options.cjs');
const { stringifyNeverThrows } = require('./tolerant-json.cjs');

const DEFAULT_ADVICE = 'Use filters to narrow results.';
const SUMMARY_PREFIX = '📊 Summary: ';

function readLimitArgs(fn, items, max, options) {
  if (!Array.isArray(items)) throw codedError('INVALID_INPUT', `${fn}: items must be an array`, TypeError);
  if (!(Number.isInteger(max) && max >= 0)) {
    throw codedError(
      'INVALID_OPTION',
      `${fn}: max must be a non-negative integer, got ${typeof max === 'number' ? String(max) : typeof max}`,
      RangeError,
    );
  }
  const { hint } = readOptions(fn, options, ['hint']);
  if (hint === undefined) return DEFAULT_ADVICE;
  if (typeof hint !== 'string') throw codedError('INVALID_OPTION', `${fn}: hint must be a string`, TypeError);
  return hint;
}

function limitWith(fn, items, max, options) {
  // The common call (valid array and max, no options) skips the option parsing.
  const advice =
    options === undefined && Array.isArray(items) && Number.isInteger(max) && max >= 0
      ? DEFAULT_ADVICE
      : readLimitArgs(fn, items, max, options);
  const total = items.length;
  if (total <= max) return { items: items.slice(), shown: total, hidden: 0 };
  const hidden = total - max;
  const summary =
    max === 0 ? `All ${total} items hidden. ${advice}` : `Dataset truncated. ${max} shown, ${hidden} hidden. ${advice}`;
  return { items: items.slice(0, max), shown: max, hidden, summary };
}

/**
 * The first `max` items, how many were shown and hidden, and — only when some were cut — a
 * summary that tells the agent what happened and what to do (`hint` replaces the default advice).
 */
function limitCollection(items, max, options) {
  return limitWith('limitCollection', items, max, options);
}

/** A ToolResult: the kept items as compact JSON, then `📊 Summary: …` only when some were cut. */
function limitResult(items, max, options) {
  const limited = limitWith('limitResult', items, max, options);
  const content = [{ type: 'text', text: stringifyNeverThrows(limited.items) }];
  if (limited.summary !== undefined) content.push({ type: 'text', text: SUMMARY_PREFIX + limited.summary });
  return { content };
}

// A selection tree node: parallel arrays of keys and children, where a child is `true` (keep
// the whole value) or another node. Arrays, not objects, so no key can hit a prototype.
function newNode() {
  return { keys: [], children: [] };
}

function childIndex(node, key) {
  return node.keys.indexOf(key);
}

function addPath(node, segments) {
  let current = node;
  for (let i = 0; i < segments.length; i++) {
    const key = segments[i];
    const last = i === segments.length - 1;
    const at = childIndex(current, key);
    if (at === -1) {
      current.keys.push(key);
      current.children.push(last ? true : newNode());
      if (last) return;
      current = current.children[current.children.length - 1];
      continue;
    }
    if (current.children[at] === true) return; // the whole value is already kept
    if (last) {
      current.children[at] = true;
      return;
    }
    current = current.children[at];
  }
}

function buildTree(fields) {
  const root = newNode();
  for (const field of fields) {
    if (typeof field !== 'string') continue;
    // The whole string as a root key first, so a literal key containing dots stays selectable.
    addPath(root, [field]);
    if (field.includes('.')) addPath(root, field.split('.'));
  }
  return root;
}

// The common case, root fields only: the same loop a hand-written projection would run.
function pickLeaves(value, keys) {
  const out = {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (Object.hasOwn(value, key)) setOwn(out, key, value[key]);
  }
  return out;
}

function pickObject(value, node) {
  if (node.flat) return pickLeaves(value, node.keys);
  const out = {};
  const { keys, children } = node;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (!Object.hasOwn(value, key)) continue;
    const child = children[i];
    setOwn(out, key, child === true ? value[key] : pick(value[key], child));
  }
  return out;
}

function pick(value, node) {
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      out[i] =
        typeof item === 'object' && item !== null && !Array.isArray(item) ? pickObject(item, node) : pick(item, node);
    }
    return out;
  }
  if (typeof value !== 'object' || value === null) return value;
  return pickObject(value, node);
}

function markFlat(node) {
  node.flat = node.children.every((child) => child === true);
  for (const child of node.children) if (child !== true) markFlat(child);
  return node;
}

/**
 * Keeps only `fields` of an object, or of each item of an array; dotted paths select inside
 * nested objects and arrays. Output keys follow the order of `fields`; unknown fields are
 * ignored; an empty (or absent) selection returns `data` itself.
 */
function select(data, fields) {
  if (fields === undefined || fields === null) return data;
  if (!Array.isArray(fields))
    throw codedError('INVALID_OPTION', 'select: fields must be an array of strings', TypeError);
  const tree = buildTree(fields);
  if (tree.keys.length === 0) return data;
  return pick(data, markFlat(tree));
}

const MAX_SCHEMA_DEPTH = 32;

function collectRootFields(schema, out, depth) {
  if (depth > MAX_SCHEMA_DEPTH || typeof schema !== 'object' || schema === null || Array.isArray(schema)) return;
  const { properties, items } = schema;
  if (typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
    for (const key of Object.keys(properties)) out.add(key);
  }
  // select() applies to each item of an array, so an array schema's item fields are its root fields.
  if (typeof items === 'object' && items !== null && !Array.isArray(items)) collectRootFields(items, out, depth + 1);
  for (const combinator of ['anyOf', 'oneOf', 'allOf']) {
    const branches = schema[combinator];
    if (Array.isArray(branches)) for (const branch of branches) collectRootFields(branch, out, depth + 1);
  }
}

/**
 * The selectable root fields of a JSON Schema — the enum for a tool's `_select` argument: the
 * keys of `properties` (of `items` for an array schema), united across anyOf/oneOf/allOf, in
 * first-seen order.
 */
function selectSchema(jsonSchema) {
  const out = new Set();
  collectRootFields(jsonSchema, out, 0);
  return Array.from(out);
}

module.exports = { limitCollection, limitResult, select, selectSchema };
