'use strict';
// The one call into the core per result text (src/elision): whether the text fits both caps,
// its exact token count when one was needed, and — over the cap — encode's envelope for it and
// every page, rendered and checked against both caps. The text is tokenized once there; its
// pages are counted from that one count, never again here. A page cut from the text comes back
// as its head, its tail and where its body lies in the text, which is sliced here: the pages,
// most of a large result, are neither copied out of the core nor decoded.

const core = require('../internal/core.cjs');
const abi = require('../internal/abi.cjs');
const tokens = require('../tokens.cjs');
const { KNOWN_PAGE_BYTES } = require('./stores/contract.cjs');

/** What the core reads as "no token cap", and as "no limit on the pages' bytes". */
const NO_TOKEN_CAP = -1;
const NO_BYTE_LIMIT = -1;
// Positions in the numbers the core returns (src/wasm/elision.rs).
const FITS = 0;
const CHARS = 1;
const TOKENS = 2;
const OUTPUT_BYTES = 3;
const OUTPUT_LATIN1 = 4;
const ENVELOPE_UNITS = 5;
const PAGES_BYTES = 6;
const PAGE_COUNT = 7;
// After PAGE_COUNT, per page: its head's units, its body's start and end in the input (start
// -1: the head is the whole page), its tail's units. Then the number of spans the pass
// descended into to find the collection, and each one's start and end (for the preview), then
// the units of the page map, the output's last line.
const PAGE_NUMBERS = 4;

function run(input, isText, limits, paged) {
  const { length, latin1 } = abi.writeText(input);
  const n = core.elisionPass(
    length,
    latin1,
    isText,
    input.length,
    limits.maxChars,
    limits.maxTokens ?? NO_TOKEN_CAP,
    limits.encoding,
    paged,
    typeof limits.maxResultBytes === 'number' ? limits.maxResultBytes : NO_BYTE_LIMIT,
  );
  const bytes = n[OUTPUT_BYTES];
  const out = bytes === 0 ? '' : abi.readOutput(bytes, n[OUTPUT_LATIN1] === 1);
  abi.release(length, bytes);
  let pages = null;
  if (n[PAGE_COUNT] > 0) {
    pages = [];
    // The core measured the pages as it wrote them; a store that counts them itself would
    // flatten every page to do it (./stores/contract.cjs).
    pages[KNOWN_PAGE_BYTES] = n[PAGES_BYTES];
    let at = n[ENVELOPE_UNITS];
    for (let i = 0; i < n[PAGE_COUNT]; i++) {
      const k = PAGE_COUNT + 1 + i * PAGE_NUMBERS;
      const head = out.slice(at, (at += n[k]));
      const start = n[k + 1];
      pages.push(start < 0 ? head : head + input.slice(start, n[k + 2]) + out.slice(at, (at += n[k + 3])));
    }
  }
  const spansAt = PAGE_COUNT + 1 + Math.max(0, n[PAGE_COUNT]) * PAGE_NUMBERS;
  const mapUnits = n[spansAt + 1 + 2 * n[spansAt]];
  return {
    fits: n[FITS] === 1,
    chars: n[CHARS],
    tokens: n[TOKENS],
    envelope: out.slice(0, n[ENVELOPE_UNITS]),
    pages,
    spans: n.subarray(spansAt + 1, spansAt + 1 + 2 * n[spansAt]),
    map: mapUnits > 0 ? out.slice(out.length - mapUnits) : '',
  };
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

/**
 * The pass over the compact JSON `text` of a kept value, under `limits` ({ maxChars, maxTokens,
 * encoding, maxResultBytes }, the encoding already prepared): `{ fits, chars, tokens (-1: not
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
  if (!paged && text.length <= maxChars) {
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

module.exports = { jsonPass, textPages };
