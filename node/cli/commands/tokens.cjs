'use strict';
// `modoki-budget tokens [file|-]`: the exact BPE token counts of a text beside the estimates.
const api = require('../../index.cjs');
const { EXIT, coded, readText } = require('../io.cjs');
const { parseOptions } = require('../flags.cjs');

const TOKENS_HELP = `Usage: modoki-budget tokens [file|-] [--encoding NAME|all] [--json]

Counts the real BPE tokens of the input text as given (exactly tiktoken's encode_ordinary),
next to the chars/4 and chars/3.5 estimates.

  --encoding NAME     cl100k_base, o200k_base, or all (default all)
  --json              print JSON
  -h, --help          this help`;

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

module.exports = { tokensCommand, TOKENS_HELP };
