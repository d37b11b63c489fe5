'use strict';
// `modoki-budget toon [file|-]`: the JSON value as TOON, with both token counts on stderr so the
// output stays pipeable.
const api = require('../../index.cjs');
const { CliError, EXIT, coded, readJson } = require('../io.cjs');
const { numberFlag, parseOptions } = require('../flags.cjs');

const HELP = `Usage: modoki-budget toon [file|-] [--delimiter ,|tab|"|"] [--indent N] [--compare]

Prints the JSON value as TOON (Token-Oriented Object Notation, spec v4).

  --delimiter D       , (default), tab, or |
  --indent N          spaces per level (default 2)
  --compare           also print JSON vs TOON real tokens (cl100k_base) to stderr
  -h, --help          this help`;

async function toonCommand(argv, io) {
  const { values, positionals } = parseOptions(argv, {
    delimiter: { type: 'string' },
    indent: { type: 'string' },
    compare: { type: 'boolean' },
  });
  if (values.help) {
    io.stdout.write(`${HELP}\n`);
    return EXIT.ok;
  }
  const delimiter = values.delimiter === 'tab' ? '\t' : values.delimiter;
  if (delimiter !== undefined && ![',', '\t', '|'].includes(delimiter))
    throw new CliError(`--delimiter must be ",", "tab" or "|", got "${values.delimiter}"`);
  const indentSize = numberFlag(values.indent, 'indent', { integer: true, min: 1 });
  const data = readJson(io, positionals[0] ?? '-');
  const options = { ...(delimiter ? { delimiter } : {}), ...(indentSize ? { indentSize } : {}) };
  const text = coded(() => api.toToon(data, options));
  io.stdout.write(`${text}\n`);
  if (values.compare) {
    const choice = api.chooseEncoding(data, options);
    io.stderr.write(
      `JSON ${choice.jsonTokens} tokens, TOON ${choice.toonTokens} tokens (cl100k_base): ${choice.format.toUpperCase()} is cheaper\n`,
    );
  }
  return EXIT.ok;
}

module.exports = { toonCommand, HELP };
