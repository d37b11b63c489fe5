'use strict';
// The formatting capability: encode and the result helpers (the editor's result layer) and float
// rounding. The barrel (./index.cjs) loads it with itself; `modoki-budget/formatter` is this
// list alone, so a page that only formats downloads the small WebAssembly module only.

const result = require('./result.cjs');
const refusalCodes = require('./result/refusal-codes.cjs');
const refusal = require('./result/refusal.cjs');
const { createFormatter } = require('./result/formatter.cjs');
const { roundSig, roundFloats, resolvePrecision, DEFAULT_FLOAT_PRECISION } = require('./round-floats.cjs');

module.exports = {
  MAX_PAYLOAD_CHARS: result.MAX_PAYLOAD_CHARS,
  DEFAULT_FLOAT_PRECISION,
  encode: result.encode,
  capText: result.capText,
  summarize: result.summarize,
  retargetNarrowHint: result.retargetNarrowHint,
  createFormatter,
  ERROR_CODES: refusalCodes.ERROR_CODES,
  codeFromBody: refusalCodes.codeFromBody,
  codeFromStatus: refusalCodes.codeFromStatus,
  optionsFromBody: refusalCodes.optionsFromBody,
  failureDetail: refusalCodes.failureDetail,
  isFailureBody: refusalCodes.isFailureBody,
  ERROR_DETAIL: refusal.ERROR_DETAIL,
  encodeError: refusal.encodeError,
  errorDetailOf: refusal.errorDetailOf,
  describeShape: refusal.describeShape,
  roundSig,
  roundFloats,
  resolvePrecision,
};
