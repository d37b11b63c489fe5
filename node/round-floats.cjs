'use strict';
// roundFloats: a deep copy with every number in plain objects and arrays rounded.
// The object walk is JavaScript because only V8 can build JS objects at V8 speed; each
// non-integer number is rounded by the WebAssembly core (exact toPrecision semantics).
//
// The walk uses an explicit stack, so nesting of any depth works; a cycle in the input becomes
// the same cycle in the copy; a getter that throws is copied as the getter (nothing is lost,
// nothing throws now); `__proto__` keys become own properties of the copy, never a prototype.

// The core's constants (scripts/constants.mjs): the default digits, the digit count from which
// rounding changes nothing, and the bound below which integers pass through.
const { DEFAULT_FLOAT_PRECISION, MAX_EFFECTIVE_PRECISION, EXACT_INTEGER_LIMIT } = require('../pkg/constants.json');

function isPlainObject(value) {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * True when every object under `value` (to `maxDepth` levels) is an array or a plain object
 * without a toJSON method — so V8's JSON.stringify output is decided by the data alone. With
 * `strictPrimitives`, also false on any value JSON.stringify would drop or reject (undefined,
 * functions, symbols, BigInt). Deeper nesting, and so any cycle, returns false.
 */
function isPlainTree(value, { strictPrimitives = false, maxDepth = 64 } = {}) {
  return plainWalk(value, strictPrimitives, maxDepth, 0);
}

// Positional arguments and top-level functions, no per-node allocation: this walk runs on
// every encode that rounds.
function plainWalk(value, strict, maxDepth, depth) {
  if (depth > maxDepth) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!plainItem(value[i], strict, maxDepth, depth)) return false;
    return true;
  }
  if (!isPlainObject(value) || typeof value.toJSON === 'function') return false;
  for (const key in value) if (!plainItem(value[key], strict, maxDepth, depth)) return false;
  return true;
}

function plainItem(item, strict, maxDepth, depth) {
  const type = typeof item;
  if (type === 'object') return item === null || plainWalk(item, strict, maxDepth, depth + 1);
  return !strict || type === 'string' || type === 'number' || type === 'boolean';
}

function defineOwn(target, key, value) {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * roundFloats over `roundSig(x, sig)` (the core's exact toPrecision): integers below
 * EXACT_INTEGER_LIMIT (and NaN) pass through without the call, which keeps integer-heavy
 * payloads at plain-JS speed.
 */
function createRoundFloats(roundSig) {
  const round = (x, sig) =>
    (x === Math.trunc(x) && x < EXACT_INTEGER_LIMIT && x > -EXACT_INTEGER_LIMIT) || x !== x ? x : roundSig(x, sig);
  return function roundFloats(value, sig = DEFAULT_FLOAT_PRECISION) {
    if (!(sig > 0 && sig < MAX_EFFECTIVE_PRECISION)) return value;
    if (typeof value === 'number') return round(value, sig);
    if (typeof value !== 'object' || value === null) return value;
    return copyRounded(value, { sig, round, copies: new Map(), stack: [] });
  };
}

/**
 * The rounded copy of object `value`. `walk` is the copy's state: `sig` and `round`, `copies`
 * (each source container → its copy, so cycles and shared references map to one copy) and the
 * `stack` of sources whose copies are still empty.
 */
function copyRounded(value, walk) {
  const root = shallowCopy(value, walk.copies);
  if (root === value) return value;
  walk.stack.push(value);
  while (walk.stack.length > 0) {
    const source = walk.stack.pop();
    const target = walk.copies.get(source);
    if (Array.isArray(source)) fillArray(source, target, walk);
    else fillObject(source, target, walk);
  }
  return root;
}

/** Fills `target` with the rounded copies of array `source`'s items (holes stay holes). */
function fillArray(source, target, walk) {
  for (let i = 0; i < source.length; i++) {
    const item = source[i];
    if (item === undefined && !(i in source)) continue;
    target[i] = childCopy(item, walk);
  }
}

/** Fills `target` with the rounded copies of object `source`'s own enumerable properties. */
function fillObject(source, target, walk) {
  const keys = Object.keys(source);
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k];
    let item;
    try {
      item = source[key];
    } catch {
      // Keep the throwing getter itself: nothing is lost and nothing throws now.
      Object.defineProperty(target, key, Object.getOwnPropertyDescriptor(source, key));
      continue;
    }
    if (key === '__proto__') defineOwn(target, key, childCopy(item, walk));
    else target[key] = childCopy(item, walk);
  }
}

/** The copy of one child: a number rounded, a container's (empty, queued) copy, else itself. */
function childCopy(item, walk) {
  if (typeof item === 'number') return walk.round(item, walk.sig);
  if (typeof item !== 'object' || item === null) return item;
  const known = walk.copies.get(item);
  if (known !== undefined) return known;
  const copy = shallowCopy(item, walk.copies);
  if (copy !== item) walk.stack.push(item);
  return copy;
}

/**
 * An empty container to fill (registered so cycles and shared references map to it), or the
 * value itself when it is kept by reference (class instances, Dates, Maps, typed arrays).
 */
function shallowCopy(value, copies) {
  let copy;
  if (Array.isArray(value)) copy = new Array(value.length);
  else if (isPlainObject(value)) copy = Object.getPrototypeOf(value) === null ? Object.create(null) : {};
  else return value;
  copies.set(value, copy);
  return copy;
}

/** The precision a query parameter asks for: a finite number (or numeric string), else 9. */
function resolvePrecision(raw) {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : DEFAULT_FLOAT_PRECISION;
  if (typeof raw === 'string' && raw !== '') {
    const n = Number(raw);
    return Number.isFinite(n) ? n : DEFAULT_FLOAT_PRECISION;
  }
  return DEFAULT_FLOAT_PRECISION;
}

const wasm = require('./wasm/formatter.cjs');

/** Exactly `Number(x.toPrecision(sig))`, computed by the core. */
const roundSig = (x, sig) => wasm.roundSig(Number(x), Number(sig));
const roundFloats = createRoundFloats(wasm.roundSig);

module.exports = { roundSig, roundFloats, resolvePrecision, isPlainObject, isPlainTree, DEFAULT_FLOAT_PRECISION };
