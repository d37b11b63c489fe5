'use strict';
// What every result store is, and the pieces the stores share: the result ids, the byte count of
// a result's pages, the owner check, and the one error a store throws when it cannot be reached.
//
// A store keeps the pages (JSON texts) of an elided result under an id and answers three
// asynchronous calls:
//
//   put(pages, { owner? })        → the id (a string), or null when the result alone is over the
//                                    store's per-result byte limit and is not kept
//   get(id, { owner?, page? })    → { pages: N, text } with the text of page `page` (from 1; 1 by
//                                    default; undefined past N), or undefined when the id is
//                                    unknown, expired, or kept for another owner
//   delete(id, { owner? })        → true when something was deleted
//
// and, optionally, two more:
//
//   getPages(id, { owner?, from, to })  → { pages: N, texts } with the texts of pages from..to
//                                    (from 1, clipped to N), or undefined as get: several pages
//                                    in one round trip (read_result reads a result this way; a
//                                    store without it is read with get, one page at a time)
//   expired(id, { owner? })       → true when the result was kept for this owner (or for anyone)
//                                    and has expired, as far as the store remembers; false for an
//                                    id never issued, deleted, evicted for room, or another owner's
//
// A store that cannot be reached rejects with an Error coded STORE_UNAVAILABLE. "Unknown" and
// "another owner's" are the same answer (undefined, false), so a read cannot tell whether an id
// exists. `limits.ttlMs`, when a store has it, is how long it keeps a result after its last
// read: the model is told that retention in every link and description.

const { randomBytes } = require('node:crypto');
const { codedError } = require('../../internal/errors.cjs');

/**
 * Random bytes in a result id: 128 bits, the size of a random UUID, so an id cannot be guessed
 * and ids of one store never collide in practice. Base64url: 22 URI-safe characters.
 */
const ID_BYTES = 16;

/** A fresh unguessable result id. */
const newResultId = () => randomBytes(ID_BYTES).toString('base64url');

/**
 * Where a pages array the policy made carries its UTF-8 bytes, which the core measured as it
 * wrote the pages (node/mcp/elision-pass.cjs). A page is the result's text between its head and
 * tail, held as those three strings joined: measuring it again would first copy it into one.
 * A symbol no caller can reach, so an array from anywhere else is always measured.
 */
const KNOWN_PAGE_BYTES = Symbol('modoki-budget.pageBytes');

/** UTF-8 bytes of a result's page texts together. */
const pageBytes = (pages) =>
  typeof pages[KNOWN_PAGE_BYTES] === 'number'
    ? pages[KNOWN_PAGE_BYTES]
    : pages.reduce((sum, page) => sum + Buffer.byteLength(page, 'utf8'), 0);

/**
 * The owner a read or write names: a non-empty string, or null for none. A result kept with an
 * owner is readable only with the same owner; one kept without is readable by whoever has the id.
 */
function ownerOf(options, where) {
  const owner = options === undefined || options === null ? undefined : options.owner;
  if (owner === undefined || owner === null) return null;
  if (typeof owner !== 'string' || owner === '')
    throw codedError('INVALID_INPUT', `${where}: owner must be a non-empty string, got ${typeof owner}.`, TypeError);
  return owner;
}

/** The page a read asks for: an integer from 1 (1 when absent). */
function pageOf(options, where) {
  const page = options === undefined || options === null || options.page === undefined ? 1 : options.page;
  if (!Number.isSafeInteger(page) || page < 1)
    throw codedError(
      'INVALID_INPUT',
      `${where}: page must be an integer from 1, got ${JSON.stringify(page)}.`,
      RangeError,
    );
  return page;
}

/** A range of pages a getPages reads: `{ from, to }`, integers from 1 with from <= to. */
function rangeOf(options, where) {
  const raw = options === undefined || options === null ? {} : options;
  const page = (name, value) => {
    if (Number.isSafeInteger(value) && value >= 1) return value;
    throw codedError(
      'INVALID_INPUT',
      `${where}: ${name} must be an integer from 1, got ${JSON.stringify(value)}.`,
      RangeError,
    );
  };
  const from = page('from', raw.from ?? 1);
  const to = page('to', raw.to ?? from);
  if (to < from)
    throw codedError('INVALID_INPUT', `${where}: to (${to}) must not be below from (${from}).`, RangeError);
  return { from, to };
}

/** The pages a put keeps: a non-empty array of strings. */
function checkPages(pages, where) {
  if (!Array.isArray(pages) || pages.length === 0 || pages.some((page) => typeof page !== 'string'))
    throw codedError('INVALID_INPUT', `${where}: pages must be a non-empty array of strings.`, TypeError);
}

/** The error of a store that cannot be reached: `what` names the store, `why` the failure. */
function storeUnavailable(what, why, cause) {
  const error = codedError('STORE_UNAVAILABLE', `${what} is unreachable: ${why}`);
  if (cause !== undefined) error.cause = cause;
  return error;
}

/**
 * `raw` when it is an integer >= 1, `fallback` when undefined; INVALID_OPTION (a TypeError)
 * naming `fn` and `name` otherwise.
 */
function positiveInteger(fn, name, raw, fallback) {
  if (raw === undefined) return fallback;
  if (!Number.isSafeInteger(raw) || raw < 1)
    throw codedError(
      'INVALID_OPTION',
      `${fn}: ${name} must be an integer >= 1, got ${typeof raw === 'number' ? raw : typeof raw}.`,
      TypeError,
    );
  return raw;
}

/** The asynchronous calls of a store, in the order a store object lists them. */
const STORE_CALLS = Object.freeze(['put', 'get', 'getPages', 'delete', 'expired']);

/** `call()`'s value as a promise; a throw rejects it, as every store call answers. */
function answer(call) {
  try {
    return Promise.resolve(call());
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * The object a store factory hands out: `kind`, `limits`, then each of STORE_CALLS as its own
 * function over `engine` (an instance of the store's class), answering through a promise. The
 * calls work detached or copied (`{ ...store }`), and the engine's state stays out of reach.
 */
function storeObject({ kind, limits, engine }) {
  const store = { kind, limits };
  for (const name of STORE_CALLS) {
    // Every call takes (an id or the pages, its options): two arguments, passed on as they are.
    const call = (first, options) => {
      try {
        return Promise.resolve(engine[name](first, options));
      } catch (error) {
        return Promise.reject(error);
      }
    };
    store[name] = Object.defineProperty(call, 'name', { value: name });
  }
  return store;
}

/** Whether `value` has the three calls of a store. */
const isStore = (value) =>
  typeof value === 'object' &&
  value !== null &&
  typeof value.get === 'function' &&
  typeof value.put === 'function' &&
  typeof value.delete === 'function';

module.exports = {
  ID_BYTES,
  newResultId,
  KNOWN_PAGE_BYTES,
  pageBytes,
  ownerOf,
  pageOf,
  rangeOf,
  checkPages,
  storeUnavailable,
  positiveInteger,
  STORE_CALLS,
  answer,
  storeObject,
  isStore,
};
