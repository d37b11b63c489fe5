'use strict';
// `modoki-budget encode [file|-]`: what encode() sends for a JSON value in a file or on stdin.
const api = require('../../index.cjs');
const { EXIT, coded, readJson } = require('../io.cjs');
const { budgetOptions, parseOptions } = require('../flags.cjs');

const ENCODE_HELP = `Usage: modoki-budget encode [file|-] [--max-chars N] [--max-tokens N] [--precision N] [--encoding NAME]

Prints exactly what encode() would send for the JSON value in the file: compact JSON when it
fits, else the elision envelope. With --max-tokens the cap is in real tokens (whichever of the
two caps is tighter fires); --precision rounds floats to N significant digits while encoding.

  --max-chars N       cap in UTF-16 code units, at least 1,000 (default 60000)
  --max-tokens N      cap in real BPE tokens, at least 250 (default: none)
  --precision N       significant digits for floats, 1–16 (default: no rounding)
  --encoding NAME     cl100k_base (default) or o200k_base, for --max-tokens
  -h, --help          this help`;

async function encodeCommand(argv, io) {
  const { values, positionals } = parseOptions(argv, {
    'max-chars': { type: 'string' },
    'max-tokens': { type: 'string' },
    precision: { type: 'string' },
    encoding: { type: 'string' },
  });
  if (values.help) {
    io.stdout.write(`${ENCODE_HELP}\n`);
    return EXIT.ok;
  }
  // The caps a budget can hold (the policy's floors) and the digits rounding has, as `proxy` takes them.
  const options = budgetOptions(values);
  if (values.encoding !== undefined) options.encoding = values.encoding;
  const data = readJson(io, positionals[0] ?? '-');
  const out = coded(() => api.encode(data, options));
  io.stdout.write(`${out}\n`);
  return EXIT.ok;
}

module.exports = { encodeCommand, ENCODE_HELP };
