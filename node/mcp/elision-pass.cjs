'use strict';
// The one call into the core per result text (src/elision, through node/wasm/elision.cjs):
// whether the text fits both caps, its exact token count when one was needed, and — over the
// cap — encode's envelope for it and every page, rendered and checked against both caps. The
// text is tokenized once there; its pages are counted from that one count, never again here.

const { elisionPass } = require('../wasm/elision.cjs');
const tokens = require('../tokens.cjs');
const { KNOWN_PAGE_BYTES } = require('./stores/contract.cjs');

/** The core's pass (node/wasm/elision.cjs), its pages marked with their measured bytes. */
function run(input, isText, limits, paged) {
  const { pagesBytes, pageCount, ...pass } = elisionPass(input, isText, limits, paged);
  // The core measured the pages as it wrote them; a store that counts them itself would
  // flatten every page to do it (./stores/contract.cjs).
  if (pass.pages !== null) pass.pages[KNOWN_PAGE_BYTES] = pagesBytes;
  return pass;
}

const NO_SPANS = new Float64Array(0);
const fitting = (text, count) => ({
  fits: true,
  chars: text.length,
  tokens: count,
  envelope: '',
  pages: null,
  spans: NO_SPANS,
  map: '',
});

/** Whether `text` is within `maxBytes` UTF-8 bytes (undefined: no byte cap); a UTF-16 unit is at most three. */
const withinBytes = (text, maxBytes) =>
  maxBytes === undefined || text.length * 3 <= maxBytes || Buffer.byteLength(text, 'utf8') <= maxBytes;

/**
 * The pass over the compact JSON `text` of a kept value, under `limits` ({ maxChars, maxBytes,
 * maxTokens, encoding, maxResultBytes }, the encoding already prepared; maxBytes, UTF-8 bytes,
 * may be undefined): `{ fits, chars, tokens (-1: not
 * counted), envelope, pages, spans }` — `spans` (a Float64Array of start, end pairs) is where the
 * values the pass descended into lie, which a preview of the same text reads them by. Envelope
 * and pages are made when the text is over a cap, or with `paged`; `pages` is null when the cap
 * cannot hold one page, or when the pages together would be over `maxResultBytes` UTF-8 bytes
 * (the store's per-result limit: it would refuse them, so they are never made; undefined is no
 * limit). A text within the char cap is only counted, up to the token cap (and not at all when
 * its length settles it); the pass runs when something is over.
 */
function jsonPass(text, limits, paged = false) {
  const { maxChars, maxTokens, encoding } = limits;
  if (!paged && text.length <= maxChars && withinBytes(text, limits.maxBytes)) {
    // Every token is at least one UTF-8 byte, and a UTF-16 unit is at most three.
    if (maxTokens === undefined || text.length * 3 <= maxTokens) return fitting(text, -1);
    const count = tokens.countPrepared(text, encoding, maxTokens);
    if (count <= maxTokens) return fitting(text, count);
  }
  return run(text, false, limits, paged);
}

/**
 * The text pages of a text kept as text (its head is the caller's): `{ pages, map }`, pages an
 * array or null (as for jsonPass), map the page map's line ('' for none). A text that holds a
 * JSON document is paged as that document.
 */
function textPages(text, limits) {
  const { pages, map } = run(JSON.stringify(text), true, limits, true);
  return { pages, map };
}

module.exports = { jsonPass, textPages, withinBytes };
