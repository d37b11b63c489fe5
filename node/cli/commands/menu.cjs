'use strict';
// `modoki-budget menu <tools.json|->`: the menu's cost table, its lint findings and what
// grouping would save. Exit codes: 0 done, 1 findings under --check, 2 bad usage or input.
const { CliError, EXIT, coded, readJson } = require('../io.cjs');
const { parseOptions } = require('../flags.cjs');
const { DEFAULT_MAX_DESCRIPTION_TOKENS } = require('../../menu-audit.cjs');
const { MENU_FLAGS, menuOptions, menuReport, printMenu, toolsOf } = require('../menu-report.cjs');

const USAGE = `Usage: modoki-budget menu <tools.json|-> [options]

What an MCP tools/list menu costs the model on every turn, in real tokens: a table of the tools
(biggest first), the description lint findings, what grouping namespace.action tools into
one tool per namespace would save, and what the compact menu (proxy --menu compact) costs. The input is an array of tools, a tools/list result
{ "tools": [...] }, or the JSON-RPC response holding one.

Options:
  --json                          print the report as JSON
  --check                         exit 1 when any lint finding is present (for CI)
  --encoding <name>               cl100k_base (default) or o200k_base
  --max-description-tokens <n>    LONG_DESCRIPTION threshold (default ${DEFAULT_MAX_DESCRIPTION_TOKENS})
  --separator <s>                 namespace separator for grouping (default ".")
  --discriminator <name>          the grouped tools' action parameter (default "action")
  -h, --help                      show this text
`;

/** Runs `modoki-budget menu` with `argv` (the arguments after `menu`); returns the exit code. */
async function menuCommand(argv, io) {
  const { values, positionals } = parseOptions(argv, { ...MENU_FLAGS, check: { type: 'boolean' } });
  if (values.help) {
    io.stdout.write(USAGE);
    return EXIT.ok;
  }
  if (positionals.length === 0) throw new CliError('missing input: pass a tools.json path or - for stdin (see --help)');
  const options = menuOptions(values);
  const tools = toolsOf(readJson(io, positionals[0]), positionals[0]);
  const report = coded(() => menuReport(tools, options));
  printMenu(io, report, values.json);
  return values.check && report.findings.length > 0 ? EXIT.checkFailed : EXIT.ok;
}

module.exports = { menuCommand, USAGE };
