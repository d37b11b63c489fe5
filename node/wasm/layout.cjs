'use strict';
// generated — edit src/wasm/layout.rs (written by scripts/constants.mjs at build).
// The positions of the numbers each export answers in one array, by name.

module.exports = Object.freeze({
  elisionPass: Object.freeze({
    fits: 0,
    chars: 1,
    tokens: 2,
    outputBytes: 3,
    outputLatin1: 4,
    envelopeUnits: 5,
    pagesBytes: 6,
    pageCount: 7,
  }),
  elisionPage: Object.freeze({
    headUnits: 0,
    spanStart: 1,
    spanEnd: 2,
    tailUnits: 3,
  }),
  roundedMeasures: Object.freeze({
    units: 0,
    roundedUnits: 1,
    roundedTokens: 2,
  }),
  sampleCompact: Object.freeze({
    outputBytes: 0,
  }),
  headCut: Object.freeze({
    keep: 0,
    marker: 1,
  }),
});
