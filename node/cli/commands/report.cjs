'use strict';
// `modoki-budget report [file|-]`: where a payload's tokens go. The first command a newcomer
// runs, so every number it prints is one the library itself computes — no separate logic.
const { CliError, EXIT, colors, parseJson, readText } = require('../io.cjs');
const { numberFlag, parseOptions } = require('../flags.cjs');
const { ENCODINGS, buildReport, reportOfFile, reportOfV8Compact } = require('../../report/measure.cjs');
const { renderText } = require('../report-text.cjs');

const SAMPLE = require('node:path').join(__dirname, '..', '..', '..', 'samples', 'scene-state.json');
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
    const { reportPage } = require('../html-report.cjs');
    (io.writeFile ?? require('node:fs').writeFileSync)(values.html, reportPage(report));
  }
  return EXIT.ok;
}

module.exports = { reportCommand, HELP };
