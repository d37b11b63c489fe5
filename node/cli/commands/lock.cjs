'use strict';
// `modoki-budget lock tools.json` writes modoki-budget.lock; `lock --check tools.json` compares
// the committed lock with the tools as they are now and exits 1 on drift or escalation, so CI
// fails when a tool's budget regresses.
const { existsSync, writeFileSync } = require('node:fs');
const api = require('../index.cjs');
const { CliError, EXIT, coded, numberFlag, parseOptions, readJson } = require('./io.cjs');
const { toolsOf } = require('./menu.cjs');

const LOCKFILE = 'modoki-budget.lock';

const HELP = `Usage: modoki-budget lock <tools.json|-> [--check] [--lockfile PATH] [--tolerance R] [--encoding NAME]

Writes the budget lockfile for a tool list (an array of tools, a tools/list result { tools },
or the JSON-RPC response holding one): per tool, its description's real tokens, a digest of its input schema, its output
schema's inflation risk and token bound, and a digest of the whole definition.

  --check             compare with the existing lockfile instead; exit 1 on drift or escalation
  --lockfile PATH     where the lockfile is (default ./${LOCKFILE})
  --tolerance R       description-token growth that counts as an escalation (default 0.1 = 10%)
  --encoding NAME     cl100k_base (default) or o200k_base
  -h, --help          this help`;

/** `word` as a POSIX shell reads it back as one word: bare when it is safe, else single-quoted. */
const shellWord = (word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);

/** Writes the lockfile for `tools`; returns the line to print. */
function writeLock(io, tools, file, { encoding } = {}) {
  const current = coded(() => api.budgetLock(tools, { encoding }));
  (io.writeFile ?? writeFileSync)(
    file,
    coded(() => api.serializeLock(current)),
  );
  return `wrote ${file}: ${Object.keys(current.tools).length} tools`;
}

/**
 * Compares the lockfile at `file` with `tools` as they are now. Returns `{ ok, message }`;
 * a missing lockfile is a usage error that says how to write one (`writeHint`).
 */
function checkLockFile(io, tools, file, { encoding, tolerance, writeHint } = {}) {
  const current = coded(() => api.budgetLock(tools, { encoding }));
  if (!(io.exists ?? existsSync)(file)) throw new CliError(`no lockfile at ${file}; run \`${writeHint}\` first`);
  const previous = readJson(io, file);
  const regenerate = { command: writeHint, lockfile: file };
  return coded(() =>
    api.checkLock(previous, current, { ...(tolerance === undefined ? {} : { tolerance }), regenerate }),
  );
}

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

module.exports = { lockCommand, writeLock, checkLockFile, shellWord, HELP, LOCKFILE };
