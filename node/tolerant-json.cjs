'use strict';
// JSON.stringify for values it throws on. Used only after V8's own JSON.stringify has thrown,
// so its cost is never paid on the ordinary path.
//
// It follows JSON.stringify's rules (toJSON, dropped undefined/functions/symbols in objects,
// null for them in arrays, non-finite numbers as null, boxed primitives unwrapped) and differs
// only where JSON.stringify gives up:
//   - a cycle becomes the string "[Circular]";
//   - a BigInt becomes its decimal digits as a string ("12345678901234567890");
//   - a getter, proxy trap or toJSON that throws becomes the core's "[Thrown: <what String()
//     prints of it>]" (an Error's "Name: message"), the same text the envelope's preview writes;
//   - nesting of any depth is serialized with an explicit stack, never recursion.

const { thrownText } = require('./wasm/formatter.cjs');

const CIRCULAR = '[Circular]';

const thrownMarker = (error) => thrownText(error);

const quote = (s) => JSON.stringify(s);

// Resolves what JSON.stringify would serialize for holder[key]: reads it, applies toJSON,
// unwraps boxed primitives. Returns { value } or { marker } when something threw.
function resolve(holder, key) {
  let value;
  try {
    value = holder[key];
    if ((typeof value === 'object' && value !== null) || typeof value === 'bigint') {
      const toJSON = value.toJSON;
      if (typeof toJSON === 'function') value = toJSON.call(value, key);
    }
    if (typeof value === 'object' && value !== null) {
      if (value instanceof Number) value = Number(value);
      else if (value instanceof String) value = String(value);
      else if (value instanceof Boolean) value = value.valueOf();
      else if (typeof BigInt === 'function' && value instanceof BigInt) value = value.valueOf();
    }
  } catch (error) {
    return { marker: thrownMarker(error) };
  }
  return { value };
}

// The JSON text of a primitive, or undefined when JSON.stringify would drop it.
function primitiveText(value) {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return quote(value.toString());
    default:
      return value === null ? 'null' : undefined;
  }
}

function ownKeys(value) {
  try {
    return { keys: Object.keys(value) };
  } catch (error) {
    return { marker: thrownMarker(error) };
  }
}

// Opens a container frame for an object or array value (a marker when reading it throws).
function open(state, value) {
  const { out, onPath, stack } = state;
  let isArray;
  let length;
  try {
    isArray = Array.isArray(value);
    if (isArray) length = value.length >>> 0;
  } catch (error) {
    out.push(quote(thrownMarker(error)));
    return;
  }
  if (isArray) {
    onPath.add(value);
    out.push('[');
    stack.push({ value, isArray: true, length, index: 0, wrote: false });
    return;
  }
  const listed = ownKeys(value);
  if (listed.marker !== undefined) {
    out.push(quote(listed.marker));
    return;
  }
  onPath.add(value);
  out.push('{');
  stack.push({ value, isArray: false, keys: listed.keys, index: 0, wrote: false });
}

// Writes the value (or opens a container frame). Returns false when it writes nothing.
function emit(state, resolved, inArray) {
  const { out, onPath } = state;
  if (resolved.marker !== undefined) {
    out.push(quote(resolved.marker));
    return true;
  }
  const value = resolved.value;
  if (typeof value === 'object' && value !== null) {
    if (onPath.has(value)) out.push(quote(CIRCULAR));
    else open(state, value);
    return true;
  }
  const text = primitiveText(value);
  if (text === undefined) {
    if (inArray) out.push('null');
    return inArray;
  }
  out.push(text);
  return true;
}

// Writes the next item of the innermost container, or closes it.
function step(state, frame) {
  const { out, onPath, stack } = state;
  const done = frame.isArray ? frame.index >= frame.length : frame.index >= frame.keys.length;
  if (done) {
    out.push(frame.isArray ? ']' : '}');
    onPath.delete(frame.value);
    stack.pop();
    return;
  }
  if (frame.isArray) {
    const key = String(frame.index++);
    if (frame.wrote) out.push(',');
    frame.wrote = true;
    emit(state, resolve(frame.value, key), true);
    return;
  }
  const key = frame.keys[frame.index++];
  const resolved = resolve(frame.value, key);
  const mark = out.length;
  out.push(frame.wrote ? ',' : '', quote(key), ':');
  if (emit(state, resolved, false)) frame.wrote = true;
  else out.length = mark;
}

/** JSON text for `root` that never throws; undefined where JSON.stringify gives undefined. */
function stringifyTolerant(root) {
  const state = { out: [], onPath: new Set(), stack: [] };
  if (!emit(state, resolve({ '': root }, ''), false)) return undefined;
  while (state.stack.length > 0) step(state, state.stack[state.stack.length - 1]);
  return state.out.join('');
}

/** JSON.stringify(value), or the tolerant form when V8 throws. Never throws. */
function stringifyNeverThrows(value) {
  try {
    return JSON.stringify(value);
  } catch {
    return stringifyTolerant(value);
  }
}

/**
 * stringifyNeverThrows(value), or `fallback` where it gives undefined: the JSON text of an
 * input the bindings (node/wasm/) hand the core.
 */
function jsonText(value, fallback = 'null') {
  return stringifyNeverThrows(value) ?? fallback;
}

module.exports = { stringifyTolerant, stringifyNeverThrows, thrownMarker, jsonText };
