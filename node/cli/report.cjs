'use strict';
// `modoki-budget report [file|-]`: where a payload's tokens go. The first command a newcomer
// runs, so every number it prints is one the library itself computes — no separate logic.
const api = require('../index.cjs');
const { EXIT, colors, parseJson, parseOptions, readText } = require('./io.cjs');
const { foldPath } = require('./fold-path.cjs');
const abi = require('../wasm/abi.cjs');
const { elisionEnvelope } = require('../wasm/formatter.cjs');
const { isUtf8Input, roundedMeasuresOfInput, toonTokensOfInput } = require('../wasm/report.cjs');
const { sampleCompactOfInput } = require('../wasm/sample.cjs');
const { countTokensOfInput } = require('../wasm/tokens.cjs');
const { countPrepared, prepareEncoding, tokenReportOfInput } = require('../tokens.cjs');

const SAMPLE = require('node:path').join(__dirname, '..', '..', 'samples', 'scene-state.json');
const ENCODINGS = ['cl100k_base', 'o200k_base'];
const PRECISION = api.DEFAULT_FLOAT_PRECISION;
/** Inputs above this size (bytes of a file, else UTF-16 units) deserve progress lines on a TTY. */
const PROGRESS_THRESHOLD = 2_000_000;

const HELP = `Usage: modoki-budget report [file|-] [--json] [--encoding cl100k_base|o200k_base] [--top N] [--html FILE]

Shows where a JSON payload's tokens go: size as given and compact, real BPE tokens (cl100k_base, o200k_base) next to
the chars/4 and chars/3.5 estimates, what encode() would send, the saving from 9-digit float
rounding, compact JSON vs TOON, the static inflation risk of its shape and the per-field token
shares.
With no file, runs on a bundled 135-entity scene-state sample. "-" reads standard input.

  --json              print the same report as JSON, for scripts
  --encoding NAME     encoding for the field shares and estimates (default cl100k_base)
  --top N             field rows to show (default 12)
  --html FILE         also write a self-contained page with the treemap of where the tokens go
  -h, --help          this help`;

// Every pass over the text reads one copy of it in the full module's input buffer: the token
// attribution, the second encoding's count, and the rounded and TOON rewrites, which the core
// makes and counts piece by piece (src/report/) instead of returning them. A second copy would
// double the peak, and in the tokenizer's or formatter's module it would stay for the
// process's life (each WebAssembly module keeps the memory it grew to).
const countAll = (text, encoding) => countPrepared(text, prepareEncoding(encoding), Infinity);
/** Items of each array the inferred schema reads (and so all a sample of the value keeps). */
const SCHEMA_ITEMS = 50;
const LONE_SURROGATE = /[\ud800-\udfff]/;

const percent = (part, whole) => (whole === 0 ? 0 : (part / whole) * 100);
const signed = (x) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(1)}%`;
const int = (n) => n.toLocaleString('en-US');

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

/**
 * A JSON schema describing the payload's shape, for the static inflation risk. Arrays get no
 * `maxItems`: a payload says how long it is now, not how long it can grow, and that unbounded
 * growth is exactly what the risk measures. Array items take the union of the first items' keys.
 */
function inferSchema(value, depth = 0) {
  if (depth > 64) return {};
  if (Array.isArray(value)) {
    const sample = value.slice(0, SCHEMA_ITEMS).filter((v) => v !== null && v !== undefined);
    if (sample.length === 0) return { type: 'array', items: {} };
    if (sample.every((v) => typeof v === 'object' && !Array.isArray(v))) {
      const properties = {};
      for (const item of sample)
        for (const [k, v] of Object.entries(item)) if (!(k in properties)) properties[k] = inferSchema(v, depth + 1);
      return { type: 'array', items: { type: 'object', properties } };
    }
    return { type: 'array', items: inferSchema(sample[0], depth + 1) };
  }
  if (value !== null && typeof value === 'object') {
    return {
      type: 'object',
      properties: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inferSchema(v, depth + 1)])),
    };
  }
  return {
    type:
      value === null
        ? 'null'
        : typeof value === 'number'
          ? 'number'
          : typeof value === 'boolean'
            ? 'boolean'
            : 'string',
  };
}

/** "as given 102,135 chars · compact 33,520 (−67%)", or just the size when the input was compact. */
function sizeText(report) {
  if (report.givenChars === report.chars) return `${int(report.chars)} chars`;
  const change = Math.round(percent(report.chars - report.givenChars, report.givenChars));
  return `as given ${int(report.givenChars)} chars · compact ${int(report.chars)} (${change >= 0 ? '+' : '−'}${Math.abs(change)}%)`;
}

function bar(share, width) {
  const cells = (share / 100) * width;
  const full = Math.floor(cells);
  const partial = ' ▏▎▍▌▋▊▉'[Math.round((cells - full) * 8)] ?? '';
  return ('█'.repeat(full) + (full < width ? partial : '')).padEnd(width).trimEnd();
}

function renderText(report, { top = 12, color }) {
  const c = color;
  const lines = [];
  const label = (text) => c.bold(text.padEnd(16));
  lines.push(c.bold(`modoki-budget report — ${report.source}`), '');
  lines.push(`${label('Size')}${sizeText(report)} · ${int(report.bytes)} UTF-8 bytes`);
  lines.push(`${label('Real tokens')}${ENCODINGS.map((e) => `${e} ${c.cyan(int(report.tokens[e]))}`).join(' · ')}`);
  lines.push(
    `${label('Estimates')}${report.estimates.map((e) => `${e.method} ${int(e.tokens)} (${c.yellow(signed(e.errorPercent))})`).join(' · ')}  vs ${report.encoding}`,
  );
  const enc = report.encode;
  lines.push(
    `${label('encode()')}${enc.elided ? c.red(`elided: over the ${int(enc.cap)}-char cap, sends a ${int(enc.sentChars)}-char envelope (${int(enc.sentTokens)} tokens)`) : c.green(`fits the ${int(enc.cap)}-char cap, sent as is`)}`,
  );
  const fr = report.floatRounding;
  lines.push(
    `${label('Float rounding')}${fr.precision} significant digits: ${int(report.chars)} → ${int(fr.chars)} chars, ${int(report.tokens[report.encoding])} → ${int(fr.tokens)} tokens (${c.green(signed(-percent(fr.savedTokens, report.tokens[report.encoding])))})`,
  );
  const t = report.toon;
  lines.push(
    `${label('JSON vs TOON')}compact JSON ${int(t.jsonTokens)} tokens · TOON ${int(t.toonTokens)} tokens → ${t.cheaper === 'toon' ? c.green(`TOON saves ${signed(-percent(t.jsonTokens - t.toonTokens, t.jsonTokens))}`) : 'JSON is cheaper here'}`,
  );
  const ir = report.inflationRisk;
  const riskColor = ir.risk === 'critical' || ir.risk === 'high' ? c.red : ir.risk === 'medium' ? c.yellow : c.green;
  lines.push(
    `${label('Inflation risk')}${riskColor(ir.risk)}${ir.unbounded.length ? ` — unbounded: ${ir.unbounded.slice(0, 3).join(', ')}${ir.unbounded.length > 3 ? ', …' : ''}` : ''} (${ir.fieldCount} fields in its shape)`,
  );
  lines.push('', c.bold(`Where the tokens go (${report.encoding}), biggest first — token share vs char share:`));
  const rows = report.fields.slice(0, top);
  const paths = rows.map((f) => foldPath(f.path));
  // Paths are never cut: a longer one only pushes its own row's bar to the right.
  const width = Math.min(48, Math.max(...paths.map((p) => p.length), 10));
  // Bars are scaled to the biggest share, so the ranking is visible even when shares are small.
  const biggest = Math.max(...rows.map((f) => f.tokenShare), 1e-9);
  for (const [i, f] of rows.entries()) {
    const name = paths[i].padEnd(width);
    lines.push(
      `  ${name}  ${c.cyan(bar((f.tokenShare / biggest) * 100, 30).padEnd(30))} ${f.tokenShare.toFixed(1).padStart(5)}%  ${c.dim(`(${f.charShare.toFixed(1)}% of chars, ${int(f.tokens)} tokens)`)}`,
    );
  }
  if (report.fields.length > rows.length)
    lines.push(c.dim(`  … ${report.fields.length - rows.length} more fields (--top N, or --json)`));
  return `${lines.join('\n')}\n`;
}

/** The size in bytes of the file at `path`, or undefined when it is not a readable file. */
function fileSize(path) {
  try {
    const stat = require('node:fs').statSync(path);
    return stat.isFile() ? stat.size : undefined;
  } catch {
    return undefined;
  }
}

async function reportCommand(argv, io) {
  const { values, positionals } = parseOptions(argv, {
    json: { type: 'boolean' },
    encoding: { type: 'string', default: 'cl100k_base' },
    top: { type: 'string', default: '12' },
    html: { type: 'string' },
  });
  if (values.help) {
    io.stdout.write(`${HELP}\n`);
    return EXIT.ok;
  }
  const { numberFlag, CliError } = require('./io.cjs');
  if (!ENCODINGS.includes(values.encoding))
    throw new CliError(`--encoding must be one of ${ENCODINGS.join(', ')}, got "${values.encoding}"`);
  const top = numberFlag(values.top, 'top', { integer: true, min: 1 });
  const source = positionals[0] ?? SAMPLE;
  const shownSource =
    positionals[0] === undefined
      ? 'bundled sample (samples/scene-state.json)'
      : source === '-'
        ? 'standard input'
        : source;
  // A file is read straight into the core; standard input (or an io without files) as text.
  const file = typeof io.inputFile === 'function' ? io.inputFile(source) : undefined;
  const size = file === undefined ? undefined : fileSize(file);
  let text = size === undefined ? readText(io, source) : undefined;
  const large = (size ?? text.length) > PROGRESS_THRESHOLD && io.stderr.isTTY;
  // Each phase once: a text that is not V8-compact starts over with the value.
  const told = new Set();
  const progress = large
    ? (phase) => {
        if (!told.has(phase)) io.stderr.write(`… ${phase}\n`);
        told.add(phase);
      }
    : undefined;
  const options = { encoding: values.encoding, source: shownSource, progress };
  let report = size === undefined ? undefined : reportOfFile(file, options);
  if (report === undefined) {
    text ??= readText(io, source);
    options.givenChars = text.length;
    const takeText = () => {
      const given = text;
      text = undefined;
      return given;
    };
    // Text that is already V8's compact form is its own compact text, and the report reads it
    // without building its value. Else neither the text nor the tree is kept here: buildReport
    // lets go of the tree once it has served, which on a 50 MB input is most of the memory.
    report = reportOfV8Compact(text, options) ?? buildReport(parseJson(takeText(), source), options);
  }
  if (values.json) io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else io.stdout.write(renderText(report, { top, color: colors(io) }));
  if (values.html !== undefined) {
    const { reportPage } = require('./html-report.cjs');
    (io.writeFile ?? require('node:fs').writeFileSync)(values.html, reportPage(report));
  }
  return EXIT.ok;
}

module.exports = { reportCommand, buildReport, reportOfV8Compact, sampleOfV8Compact, renderText, HELP, SCHEMA_ITEMS };
