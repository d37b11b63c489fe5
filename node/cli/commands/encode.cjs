'use strict';
// `encode` and `tokens`: the library's two basic operations on a file or standard input.
const api = require('../index.cjs');
const { EXIT, coded, parseOptions, readJson, readText } = require('./io.cjs');
const { budgetOptions } = require('./proxy-options.cjs');

const ENCODE_HELP = `Usage: modoki-budget encode [file|-] [--max-chars N] [--max-tokens N] [--precision N] [--encoding NAME]

Prints exactly what encode() would send for the JSON value in the file: compact JSON when it
fits, else the elision envelope. With --max-tokens the cap is in real tokens (whichever of the
two caps is tighter fires); --precision rounds floats to N significant digits while encoding.

  --max-chars N       cap in UTF-16 code units, at least 1,000 (default 60000)
  --max-tokens N      cap in real BPE tokens, at least 250 (default: none)
  --precision N       significant digits for floats, 1–16 (default: no rounding)
  --encoding NAME     cl100k_base (default) or o200k_base, for --max-tokens
  -h, --help          this help`;

const TOKENS_HELP = `Usage: modoki-budget tokens [file|-] [--encoding NAME|all] [--json]

Counts the real BPE tokens of the input text as given (exactly tiktoken's encode_ordinary),
next to the chars/4 and chars/3.5 estimates.

  --encoding NAME     cl100k_base, o200k_base, or all (default all)
  --json              print JSON
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

async function tokensCommand(argv, io) {
  const { values, positionals } = parseOptions(argv, {
    encoding: { type: 'string', default: 'all' },
    json: { type: 'boolean' },
  });
  if (values.help) {
    io.stdout.write(`${TOKENS_HELP}\n`);
    return EXIT.ok;
  }
  const encodings = values.encoding === 'all' ? ['cl100k_base', 'o200k_base'] : [values.encoding];
  const text = readText(io, positionals[0] ?? '-');
  const counts = coded(() => Object.fromEntries(encodings.map((e) => [e, api.countTokens(text, e)])));
  const estimates = Object.fromEntries(api.ESTIMATE_METHODS.map((m) => [m, api.estimateTokens(text, m)]));
  const result = { chars: text.length, bytes: Buffer.byteLength(text, 'utf8'), tokens: counts, estimates };
  if (values.json) {
    io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } else {
    const parts = [
      `${result.chars} chars`,
      `${result.bytes} bytes`,
      ...Object.entries(counts).map(([e, n]) => `${e} ${n}`),
      ...Object.entries(estimates).map(([m, n]) => `${m} ${n}`),
    ];
    io.stdout.write(`${parts.join('  ')}\n`);
  }
  return EXIT.ok;
}

module.exports = { encodeCommand, tokensCommand, ENCODE_HELP, TOKENS_HELP };
