'use strict';
// The binding of the budget policy's one pass (src/wasm/elision.rs): one call per result text,
// which answers whether it fits both caps, its token count when one was needed, and — over the
// cap — encode's envelope and every page. The numbers come back in one array whose positions
// are named in ./layout.cjs (generated from src/wasm/layout.rs); the envelope and the pages'
// heads and tails come back as one text in the output buffer, decoded once and sliced here. A
// page cut from the input text is its head, the input's own units between two positions, and
// its tail: the pages, most of a large result, are neither copied out of the core nor decoded.

const core = require('./loader.cjs');
const abi = require('./abi.cjs');
const { elisionPass: PASS, elisionPage: PAGE } = require('./layout.cjs');

/** What the core reads as "no token cap", "no byte cap", and "no limit on the pages' bytes". */
const NO_TOKEN_CAP = -1;
const NO_BYTE_CAP = -1;
const NO_BYTE_LIMIT = -1;
/** The numbers before the pages' records, and the numbers of one record. */
const HEAD_NUMBERS = Object.keys(PASS).length;
const PAGE_NUMBERS = Object.keys(PAGE).length;

/**
 * The pass over `input`, the compact JSON of a kept value or, with `isText`, the JSON string
 * literal of a kept text, under `limits` ({ maxChars, maxBytes, maxTokens, encoding,
 * maxResultBytes }, maxBytes UTF-8 bytes or undefined, the encoding's table loaded in the full core), with pages made even when it fits when `paged`:
 * `{ fits, chars, tokens (-1: not counted), envelope, pages, pagesBytes, spans }`. `pages` is
 * null when none were made (`pageCount` 0) or when the cap cannot hold one (-1), else each
 * page's text; `pagesBytes` their UTF-8 bytes together; `spans` (a Float64Array of start, end
 * pairs) is where the values the pass descended into lie in the input's UTF-8 bytes; `map` is
 * the page map's line, what each page holds ('' for none), the output's last.
 */
function elisionPass(input, isText, limits, paged) {
  const { length, latin1 } = abi.writeText(input);
  const n = core.elisionPass(
    length,
    latin1,
    isText,
    input.length,
    limits.maxChars,
    limits.maxBytes ?? NO_BYTE_CAP,
    limits.maxTokens ?? NO_TOKEN_CAP,
    limits.encoding,
    paged,
    typeof limits.maxResultBytes === 'number' ? limits.maxResultBytes : NO_BYTE_LIMIT,
  );
  const bytes = n[PASS.outputBytes];
  const out = bytes === 0 ? '' : abi.readOutput(bytes, n[PASS.outputLatin1] === 1);
  abi.release(length, bytes);
  const count = n[PASS.pageCount];
  const spansAt = HEAD_NUMBERS + Math.max(0, count) * PAGE_NUMBERS;
  const mapUnits = n[spansAt + 1 + 2 * n[spansAt]];
  return {
    fits: n[PASS.fits] === 1,
    chars: n[PASS.chars],
    tokens: n[PASS.tokens],
    envelope: out.slice(0, n[PASS.envelopeUnits]),
    pages: count > 0 ? pagesOf(n, input, out, count) : null,
    pageCount: count,
    pagesBytes: n[PASS.pagesBytes],
    spans: n.subarray(spansAt + 1, spansAt + 1 + 2 * n[spansAt]),
    map: mapUnits > 0 ? out.slice(out.length - mapUnits) : '',
  };
}

/** The `count` pages of a pass's numbers `n`, from the `input` and the pass's `out` text. */
function pagesOf(n, input, out, count) {
  const pages = [];
  let at = n[PASS.envelopeUnits];
  for (let i = 0; i < count; i++) {
    const k = HEAD_NUMBERS + i * PAGE_NUMBERS;
    const head = out.slice(at, (at += n[k + PAGE.headUnits]));
    const start = n[k + PAGE.spanStart];
    pages.push(
      start < 0 ? head : head + input.slice(start, n[k + PAGE.spanEnd]) + out.slice(at, (at += n[k + PAGE.tailUnits])),
    );
  }
  return pages;
}

module.exports = { elisionPass };
