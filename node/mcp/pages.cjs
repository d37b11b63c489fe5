'use strict';
// Splitting a kept result into pages of at most the cap, each a JSON text. A structured value
// is split at the collection that makes it big (docs/mcp.md, "Pages"):
//   {"page":K,"pages":N,"path":"$.entities","rest":…,"items":[…]}   (rest on page 1 only)
// and anything that cannot be split that way (a top-level text, or a value whose bulk is not
// one collection of page-sized items) as text: {"page":K,"pages":N,"text":"…"}.

const tokens = require('../tokens.cjs');

const isContainer = (v) => typeof v === 'object' && v !== null;
const isHigh = (c) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c) => c >= 0xdc00 && c <= 0xdfff;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
// Page numbers in the packing estimate: a page list never gets this long.
const MAX_PAGE_DIGITS = 999999;

/** `$`, `.key` (identifier keys), `["key"]` (other keys), `[i]` (array indices). */
function pathText(path) {
  let text = '$';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
  }
  return text;
}

// UTF-16 units JSON.stringify spends on the char at i (a surrogate pair counts as one char of
// two units: see unitsAt).
function escapedWidth(s, i) {
  const c = s.charCodeAt(i);
  if (c >= 0x20 && c !== 0x22 && c !== 0x5c && (c < 0xd800 || c > 0xdfff)) return 1;
  if (isHigh(c) && i + 1 < s.length && isLow(s.charCodeAt(i + 1))) return 2;
  if (c === 0x22 || c === 0x5c || c === 8 || c === 9 || c === 10 || c === 12 || c === 13) return 2;
  return 6;
}

/** UTF-16 units of the char at i: 2 for a surrogate pair, else 1. */
function unitsAt(s, i) {
  return isHigh(s.charCodeAt(i)) && i + 1 < s.length && isLow(s.charCodeAt(i + 1)) ? 2 : 1;
}

/** Chunks of `s` whose quoted JSON is at most `budget(k)` units (k from 1); null if one char can't fit. */
function chunkString(s, budget) {
  const chunks = [];
  let at = 0;
  while (at < s.length) {
    const room = budget(chunks.length + 1) - 2;
    let end = at;
    for (let used = 0; end < s.length;) {
      const width = escapedWidth(s, end);
      if (used + width > room) break;
      used += width;
      end += unitsAt(s, end);
    }
    if (end === at) return null;
    chunks.push(s.slice(at, end));
    at = end;
  }
  return chunks;
}

function halveChunk(chunk) {
  if (chunk.length < 2) return null;
  let mid = chunk.length >> 1;
  if (isHigh(chunk.charCodeAt(mid - 1)) && isLow(chunk.charCodeAt(mid))) mid += 1;
  if (mid >= chunk.length) return null;
  return [chunk.slice(0, mid), chunk.slice(mid)];
}

function halveItems(items) {
  if (items.length < 2) return null;
  const mid = items.length >> 1;
  return [items.slice(0, mid), items.slice(mid)];
}

/**
 * Renders every group as a page and splits the ones over a limit until all fit (the char
 * packing is an estimate; the token limit is only known after rendering). Null when a group
 * that cannot be split is still over.
 */
function settle(groups, render, split, fits) {
  for (;;) {
    const pages = groups.map((group, i) => render(group, i + 1, groups.length));
    const next = [];
    let changed = false;
    for (let i = 0; i < groups.length; i++) {
      if (fits(pages[i])) {
        next.push(groups[i]);
        continue;
      }
      const parts = split(groups[i]);
      if (parts === null) return null;
      next.push(...parts);
      changed = true;
    }
    if (!changed) return pages;
    groups = next;
  }
}

// The child of a container whose JSON is the largest, with the container's total size.
function heaviestChild(node) {
  const keys = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
  let best = null;
  let total = 0;
  for (const key of keys) {
    const size = JSON.stringify(node[key]).length;
    total += size;
    if (best === null || size > best.size) best = { key, size };
  }
  return { best, total };
}

/**
 * The collection that makes `root` big: descend while one child (a container or a string)
 * holds more than half of its parent's size. Returns `{ path, node }`.
 */
function findCollection(root) {
  const path = [];
  let node = root;
  while (isContainer(node)) {
    const { best, total } = heaviestChild(node);
    if (best === null) break;
    const child = node[best.key];
    if (!(isContainer(child) || typeof child === 'string') || best.size * 2 <= total) break;
    path.push(best.key);
    node = child;
  }
  return { path, node };
}

// A copy of `node` with the value at path[i..] replaced; only the containers on the path are
// copied. Keys are defined, never assigned, so `__proto__` stays an ordinary key.
function replacedAt(node, path, i, value) {
  if (i === path.length) return value;
  const key = path[i];
  const copy = Array.isArray(node) ? node.slice() : { ...node };
  Object.defineProperty(copy, key, {
    value: replacedAt(node[key], path, i + 1, value),
    writable: true,
    enumerable: true,
    configurable: true,
  });
  return copy;
}

// `root` with the collection at `path` replaced by an empty one of its kind, as JSON text.
function restText(root, path, node) {
  const empty = typeof node === 'string' ? '' : Array.isArray(node) ? [] : {};
  return JSON.stringify(replacedAt(root, path, 0, empty));
}

function itemTexts(node) {
  if (Array.isArray(node)) return node.map((v) => JSON.stringify(v));
  return Object.keys(node).map((k) => JSON.stringify([k, node[k]]));
}

// Greedy packing of item texts by chars: page k holds what fits in budget(k).
function packItems(texts, budget) {
  const groups = [[]];
  let used = 0;
  for (const text of texts) {
    const group = groups[groups.length - 1];
    const cost = text.length + (group.length > 0 ? 1 : 0);
    if (group.length > 0 && used + cost > budget(groups.length)) {
      groups.push([text]);
      used = text.length;
    } else {
      group.push(text);
      used += cost;
    }
  }
  return groups;
}

function structuredPages(root, fits, maxChars) {
  const { path, node } = findCollection(root);
  if (!isContainer(node) && typeof node !== 'string') return null;
  const head = (k, n) => `{"page":${k},"pages":${n},"path":${JSON.stringify(pathText(path))},`;
  const rest = restText(root, path, node);
  const prefix = (k, n) => (k === 1 ? `${head(k, n)}"rest":${rest},` : head(k, n));
  const budget = (k) => maxChars - prefix(k, MAX_PAGE_DIGITS).length - '"items":[]}'.length;
  if (typeof node === 'string') {
    const chunks = chunkString(node, budget);
    if (chunks === null) return null;
    const render = (chunk, k, n) => `${prefix(k, n)}"items":[${JSON.stringify(chunk)}]}`;
    return settle(chunks, render, halveChunk, fits);
  }
  const groups = packItems(itemTexts(node), budget);
  const render = (group, k, n) => `${prefix(k, n)}"items":[${group.join(',')}]}`;
  return settle(groups, render, halveItems, fits);
}

function textPages(text, fits, maxChars) {
  const head = (k, n) => `{"page":${k},"pages":${n},"text":`;
  const chunks = chunkString(text, () => maxChars - head(MAX_PAGE_DIGITS, MAX_PAGE_DIGITS).length - 1);
  if (chunks === null) return null;
  return settle(chunks, (chunk, k, n) => `${head(k, n)}${JSON.stringify(chunk)}}`, halveChunk, fits);
}

/**
 * The pages of a kept result: `value` is a string (text pages) or plain JSON data (parsed
 * JSON, so it has no toJSON, undefined or cycles). Every page is at most `maxChars` UTF-16
 * units and, when set, `maxTokens` tokens. Null when the cap is too small for even one char
 * per page.
 */
function splitPages(value, { maxChars, maxTokens, encoding }) {
  const fits = (page) =>
    page.length <= maxChars && (maxTokens === undefined || tokens.fitsTokenBudget(page, maxTokens, encoding));
  if (typeof value === 'string') return textPages(value, fits, maxChars);
  return structuredPages(value, fits, maxChars) ?? textPages(JSON.stringify(value), fits, maxChars);
}

module.exports = { splitPages, pathText };
