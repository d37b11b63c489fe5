'use strict';
// Every number `modoki-budget report` prints about a JSON payload, each one the library itself
// computes: sizes, real tokens, what encode() sends, float rounding, TOON, inflation risk and
// the per-field token shares.
const api = require('../index.cjs');
const { inferSchema, SCHEMA_ITEMS } = require('./infer-schema.cjs');
const abi = require('../wasm/abi.cjs');
const { elisionEnvelope } = require('../wasm/formatter.cjs');
const { isUtf8Input, roundedMeasuresOfInput, toonTokensOfInput } = require('../wasm/report.cjs');
const { sampleCompactOfInput } = require('../wasm/sample.cjs');
const { countTokensOfInput } = require('../wasm/tokens.cjs');
const { countPrepared, prepareEncoding, tokenReportOfInput } = require('../tokens.cjs');

const ENCODINGS = ['cl100k_base', 'o200k_base'];
const PRECISION = api.DEFAULT_FLOAT_PRECISION;
// Every pass over the text reads one copy of it in the full module's input buffer: the token
// attribution, the second encoding's count, and the rounded and TOON rewrites, which the core
// makes and counts piece by piece (src/report/) instead of returning them. A second copy would
// double the peak, and in the tokenizer's or formatter's module it would stay for the
// process's life (each WebAssembly module keeps the memory it grew to).
const countAll = (text, encoding) => countPrepared(text, prepareEncoding(encoding), Infinity);
const LONE_SURROGATE = /[\ud800-\udfff]/;

/**
 * Writes the report's input into the full module's input buffer with `write` (which returns
 * its length in bytes). The rank tables are loaded first: loading one reads its file through
 * the same buffer.
 */
function writeInput(write) {
  for (const name of ENCODINGS) prepareEncoding(name);
  return write();
}

/**
 * Computes every number of the report from `data`, plain JSON data (what JSON.parse returns);
 * `progress` is told each phase on large inputs.
 */
function buildReport(data, options = {}) {
  (options.progress ?? (() => {}))('serializing');
  const compact = api.encode(data, Infinity);
  // The value's measures first, so it can be collected before the passes over the text.
  const shape = shapeMeasures(data, compact.length, false);
  data = undefined;
  const length = writeInput(() => abi.writeUtf8(compact));
  return measureInput(length, () => shape, options, compact);
}

/**
 * The report of JSON `text` when it is already exactly V8's compact form of its value, built
 * from the text and a sample of the value (see src/json/sample.rs) instead of the whole value;
 * undefined otherwise (the caller then parses it and calls buildReport).
 */
function reportOfV8Compact(text, options = {}) {
  (options.progress ?? (() => {}))('serializing');
  const wellFormed = typeof text.isWellFormed === 'function' ? text.isWellFormed() : !LONE_SURROGATE.test(text);
  // JSON.stringify escapes a lone surrogate, which reaches the core as U+FFFD.
  if (!wellFormed) return undefined;
  return reportOfInput(
    writeInput(() => abi.writeUtf8(text)),
    options,
    text,
  );
}

/**
 * The report of the JSON file at `path`, read straight into the core (the text never becomes
 * a JavaScript string); undefined when the file cannot be read or is not exactly V8's compact
 * form of its value (the caller then reads it as text).
 */
function reportOfFile(path, options = {}) {
  (options.progress ?? (() => {}))('serializing');
  let length;
  try {
    length = writeInput(() => abi.writeFile(path));
  } catch {
    return undefined;
  }
  // The file is its own compact text only when it is UTF-8 (bytes that are not were read as
  // U+FFFD, which the text path handles).
  if (!isUtf8Input(length)) {
    abi.release(length);
    return undefined;
  }
  return reportOfInput(length, options);
}

/**
 * The report of the `length` bytes of UTF-8 JSON in the input buffer when they are V8-compact
 * (else undefined); `compact` is the same text when the caller has it as a string.
 */
function reportOfInput(length, options, compact) {
  const shape = sampleOfInput(length);
  if (shape === undefined) {
    abi.release(length);
    return undefined;
  }
  return measureInput(length, (chars) => shapeMeasures(shape, chars, true), options, compact);
}

/**
 * The value of a V8-compact `text` with every array cut to its first SCHEMA_ITEMS items, and
 * the root's arrays at their true lengths (what the envelope's preview shows); undefined when
 * the text is not V8-compact.
 */
function sampleOfV8Compact(text) {
  const length = writeInput(() => abi.writeUtf8(text));
  const shape = sampleOfInput(length);
  abi.release(length);
  return shape;
}

/** {@link sampleOfV8Compact} of the `length` bytes of UTF-8 input, which it leaves in place. */
function sampleOfInput(length) {
  const answer = sampleCompactOfInput(length, false, SCHEMA_ITEMS);
  if (answer === undefined) return undefined;
  const shape = JSON.parse(answer.sample);
  const lengths = answer.rootLengths;
  if (Array.isArray(shape)) shape.length = lengths[0];
  else {
    let next = 0;
    for (const key of Object.keys(shape)) if (Array.isArray(shape[key])) shape[key].length = lengths[next++];
  }
  return shape;
}

/**
 * Every number of the report from the compact JSON in the input buffer (`length` UTF-8 bytes),
 * which every measure reads in place and which is released at the end; `measureShape(chars)`
 * then gives what depends on the value (see shapeMeasures). Undefined only when TOON needs the
 * text as a string (an escaped lone surrogate) and `compact` is not given.
 */
function measureInput(
  length,
  measureShape,
  { encoding = 'cl100k_base', source, givenChars, progress = () => {} } = {},
  compact = undefined,
) {
  progress('attributing tokens to fields');
  const attribution = tokenReportOfInput(length, encoding);
  const { chars, bytes, estimates } = attribution;
  progress('counting tokens');
  const tokens = Object.fromEntries(
    ENCODINGS.map((name) => [
      name,
      name === encoding ? attribution.tokens : countTokensOfInput(length, name, Infinity),
    ]),
  );
  const reference = tokens[encoding];
  progress('rounding floats');
  const { roundedUnits: roundedChars, roundedTokens } = roundedMeasuresOfInput(length, encoding, PRECISION);
  progress('encoding as TOON');
  const toonTokens = toonTokensOfInput(length, encoding);
  abi.release(length);
  const toon = toonTokens >= 0 ? { jsonTokens: reference, toonTokens } : toonOfText(compact, encoding);
  if (toon === undefined) return undefined;
  const { sent, risk } = measureShape(chars);
  return {
    source,
    encoding,
    givenChars: givenChars ?? chars,
    chars,
    bytes,
    tokens,
    estimates,
    encode: {
      cap: api.MAX_PAYLOAD_CHARS,
      elided: sent !== undefined,
      sentChars: sent === undefined ? chars : sent.length,
      sentTokens: sent === undefined ? reference : countAll(sent, encoding),
    },
    floatRounding: {
      precision: PRECISION,
      chars: roundedChars,
      tokens: roundedTokens,
      savedChars: chars - roundedChars,
      savedTokens: reference - roundedTokens,
    },
    // The cheaper as chooseEncoding decides it: TOON only when it takes fewer tokens.
    toon: { ...toon, cheaper: toon.toonTokens < toon.jsonTokens ? 'toon' : 'json' },
    inflationRisk: { risk: risk.risk, unbounded: risk.unbounded.map((u) => u.path), fieldCount: risk.fieldCount },
    fields: attribution.fields,
  };
}

/** chooseEncoding's counts for the value of `compact` (undefined without the text). */
function toonOfText(compact, encoding) {
  if (compact === undefined) return undefined;
  const chosen = api.chooseEncoding(JSON.parse(compact), { encoding });
  return { jsonTokens: chosen.jsonTokens, toonTokens: chosen.toonTokens };
}

/**
 * What encode() sends for a compact text of `chars` UTF-16 units — undefined under the cap (the
 * text itself); over it, the envelope, whose preview reads only the root, so a sample with the
 * root's true lengths gives the same one — and the static inflation risk of the value's
 * inferred shape.
 */
function shapeMeasures(shape, chars, sampled) {
  let sent;
  if (chars > api.MAX_PAYLOAD_CHARS) {
    sent = sampled ? elisionEnvelope(shape, chars, -1, api.MAX_PAYLOAD_CHARS, []) : api.encode(shape);
  }
  return { sent, risk: api.inflationRisk(inferSchema(shape)) };
}

module.exports = { ENCODINGS, buildReport, reportOfFile, reportOfV8Compact, sampleOfV8Compact, SCHEMA_ITEMS };
