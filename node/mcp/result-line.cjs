'use strict';
// What the over-cap answer says above its preview about where the rest is: the sentence that
// names read_result with a call for this very result, and the page map the pass wrote (what
// each page holds). The preview is made before the store gives the result its id, so the
// sentence is written first with a stand-in of an id's length and the id set in after.

const { ID_BYTES } = require('./stores/contract.cjs');

/** A stand-in for the id (the length of the store's ids), replaced once the store answers. */
const ID_STAND_IN = '\u0000'.repeat(Math.ceil((ID_BYTES * 4) / 3));

/** Tokens the id may take beyond its stand-in's: one per char at most. */
const ID_TOKENS = ID_STAND_IN.length;

/**
 * The text a `match` example looks for: the call's first string argument a reader would
 * search for again (2 to 40 chars, one line), else `error`.
 */
function exampleNeedle(args) {
  if (typeof args === 'object' && args !== null) {
    for (const value of Object.values(args)) {
      if (typeof value === 'string' && value.length >= 2 && value.length <= 40 && !/[\n"\\]/.test(value))
        return value.trim();
    }
  }
  return 'error';
}

/**
 * The sentence naming read_result for the result kept under `id`, for a call with `args`:
 * `Find anything in it with read_result {"id":"…","match":"…"} …`.
 */
function readResultSentence(id, args) {
  // Written by hand: JSON.stringify would escape the stand-in's chars.
  const call = `{"id":"${id}","match":${JSON.stringify(exampleNeedle(args))}}`;
  return `Find anything in it with read_result ${call} (a string or /regex/; or "path", "lines", "page" to read a part).`;
}

/** `text` with the id's stand-in replaced by `id`. */
const withId = (text, id) => text.replace(ID_STAND_IN, id);

module.exports = { ID_STAND_IN, ID_TOKENS, exampleNeedle, readResultSentence, withId };
