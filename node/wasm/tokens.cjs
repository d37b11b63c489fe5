'use strict';
// The token bindings (src/wasm/tokens.rs): exact counts, the prefix within a token cap, the
// head cut, the per-field report and the rank tables. Counts run in one of two modules, each
// with its own memory and its own tables (./tables.cjs): `'full'`, for the capabilities that
// count inside the full core, or `'tokenizer'`, the small module the public counts use until
// the full one is loaded (./loader.cjs); countingModule() says which the public counts use now.

const core = require('./loader.cjs');
const abi = require('./abi.cjs');

/** The encoding a count uses when given none. */
const DEFAULT_ENCODING = 'cl100k_base';

/**
 * Each counting module's exports (`wasm`) and transport; `query` is read_result's search, which
 * counts its answers (the full module on Node, a module of its own in a page: ./loader.cjs).
 */
const MODULES = {
  full: { wasm: core.full, transport: abi },
  tokenizer: { wasm: core.tokenizer, transport: abi.tokenizer },
  query: { wasm: core.query, transport: abi.query },
};

/**
 * The module the public counts run in: `'tokenizer'` until the full core is loaded — a first
 * countTokens compiles the tokenizer alone — and `'full'` after, so a process that uses both
 * does not count in two memories.
 */
function countingModule() {
  return core.counting() === core.full ? 'full' : 'tokenizer';
}

/**
 * The encoding name `raw` stands for (DEFAULT_ENCODING when undefined), checked by `module`
 * (the one that will count, the counting module by default: naming an encoding compiles no
 * other module). Throws UNKNOWN_ENCODING naming the supported ones otherwise.
 */
function checkEncoding(raw, module = countingModule()) {
  const name = raw === undefined ? DEFAULT_ENCODING : String(raw);
  const { wasm } = MODULES[module];
  wasm.checkEncoding(name);
  return name;
}

/**
 * Tokens of `text` in the checked encoding `name`, counting stopped once past `limit` (exact
 * when `<= limit`), in `module` (whose table of `name` is loaded).
 */
function countTokens(text, name, limit, module = 'full') {
  return withUtf8(text, module, (wasm, length) => wasm.countTokensInput(length, name, limit));
}

/**
 * countTokens of the `length` bytes of UTF-8 text already in the full core's input buffer,
 * which it leaves there for further passes.
 */
function countTokensOfInput(length, name, limit) {
  return core.full.countTokensInput(length, name, limit);
}

/**
 * The UTF-16 length of the longest prefix of `text` that is at most `limit` whole tokens of
 * `name` (never ending inside a char), counted in `module`.
 */
function tokenPrefixUnits(text, name, limit, module = 'full') {
  return withUtf8(text, module, (wasm, length) => wasm.tokenPrefixUnits(length, name, limit));
}

/** `call(wasm, length)`'s answer with `text` written as UTF-8 into `module`'s input buffer. */
function withUtf8(text, module, call) {
  const { wasm, transport } = MODULES[module];
  const length = transport.writeUtf8(text);
  const answer = call(wasm, length);
  transport.release(length);
  return answer;
}

/**
 * The cut of a text of `units` UTF-16 units whose `head` (its first units, at most the char
 * cap) plus the elided marker fits `maxChars`, when `maxBytes` is given that many UTF-8 bytes,
 * and when `maxTokens` is given that many tokens of `encoding` (a checked name; undefined
 * without a token cap): `{ keep, marker }` — keep the
 * text's first `keep` units, then `marker` — or null when the text fits as it is.
 */
function planHeadCut(head, units, maxChars, maxTokens, encoding, maxBytes) {
  const length = abi.writeUtf8(head);
  let cut;
  try {
    cut = core.planHeadCutInput(length, units, maxChars, maxBytes ?? -1, maxTokens ?? -1, String(encoding ?? ''));
  } finally {
    abi.release(length);
  }
  if (cut === null) return null;
  // Required here, not with this module, which every token count loads.
  const { headCut } = require('./layout.cjs');
  return { keep: cut[headCut.keep], marker: cut[headCut.marker] };
}

/**
 * The token report of the UTF-8 JSON `text` in the checked encoding `name`, in the full core:
 * tokenReportOfInput's answer for it.
 */
function tokenReport(text, name) {
  const length = abi.writeUtf8(text);
  const report = tokenReportOfInput(length, name);
  abi.release(length);
  return report;
}

/**
 * The token report of the `length` bytes of UTF-8 JSON text in the full core's input buffer,
 * in the checked encoding `name`: `{ chars, bytes, tokens, fields: [{ path, chars, tokens }] }`
 * (src/tokens/report.rs). The buffer is left as it is, for callers that run more passes over
 * the same copy.
 */
function tokenReportOfInput(length, name) {
  return JSON.parse(core.tokenReportInput(length, name));
}

/** Loads the rank table of the checked encoding `name` from the file at `path` into `module`. */
function installTableFile(name, path, module) {
  const { wasm, transport } = MODULES[module];
  wasm.installTable(name, transport.writeFile(path));
}

/**
 * Loads the rank table of `name` from `bytes` (a Uint8Array a page fetched) into `module` (the
 * full core unless told).
 */
function installTableBytes(name, bytes, module = 'full') {
  const { wasm, transport } = MODULES[module];
  wasm.installTable(name, transport.writeBytes(bytes));
}

module.exports = {
  DEFAULT_ENCODING,
  countingModule,
  checkEncoding,
  countTokens,
  countTokensOfInput,
  tokenPrefixUnits,
  planHeadCut,
  tokenReport,
  tokenReportOfInput,
  installTableFile,
  installTableBytes,
};
