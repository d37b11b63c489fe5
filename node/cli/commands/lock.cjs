'use strict';
// `modoki-budget lock tools.json` writes modoki-budget.lock; `lock --check tools.json` compares
// the committed lock with the tools as they are now and exits 1 on drift or escalation, so CI
// fails when a tool's budget regresses.
const { CliError, EXIT, readJson } = require('../io.cjs');
const { numberFlag, parseOptions } = require('../flags.cjs');
const { LOCKFILE, checkLockFile, shellWord, writeLock } = require('../lockfile.cjs');
const { toolsOf } = require('../menu-report.cjs');

const HELP = `Usage: modoki-budget lock <tools.json|-> [--check] [--lockfile PATH] [--tolerance R] [--encoding NAME]

Writes the budget lockfile for a tool list (an array of tools, a tools/list result { tools },
or the JSON-RPC response holding one): per tool, its description's real tokens, a digest of its input schema, its output
schema's inflation risk and token bound, and a digest of the whole definition.

  --check             compare with the existing lockfile instead; exit 1 on drift or escalation
  --lockfile PATH     where the lockfile is (default ./${LOCKFILE})
  --tolerance R       description-token growth that counts as an escalation (default 0.1 = 10%)
  --encoding NAME     cl100k_base (default) or o200k_base
  -h, --help          this help`;

async function lockCommand(argv, io) {
  const { values, positionals } = parseOptions(argv, {
    check: { type: 'boolean' },
    lockfile: { type: 'string', default: LOCKFILE },
    tolerance: { type: 'string' },
    encoding: { type: 'string' },
  });
  if (values.help) {
    io.stdout.write(`${HELP}\n`);
    return EXIT.ok;
  }
  if (positionals.length === 0) throw new CliError('missing the tools file (a path, or - for standard input)');
  const tolerance = numberFlag(values.tolerance, 'tolerance', { min: 0 });
  const tools = toolsOf(readJson(io, positionals[0]), positionals[0]);
  if (!values.check) {
    io.stdout.write(`${writeLock(io, tools, values.lockfile, { encoding: values.encoding })}\n`);
    return EXIT.ok;
  }
  const result = checkLockFile(io, tools, values.lockfile, {
    encoding: values.encoding,
    tolerance,
    writeHint: `modoki-budget lock ${shellWord(positionals[0])}${values.lockfile === LOCKFILE ? '' : ` --lockfile ${shellWord(values.lockfile)}`}`,
  });
  (result.ok ? io.stdout : io.stderr).write(`${result.message}\n`);
  return result.ok ? EXIT.ok : EXIT.checkFailed;
}

module.exports = { lockCommand, HELP };
