'use strict';
// `modoki-budget audit [options] -- <command> [args…]`: starts a live MCP server, lists every
// tool it offers and prints what `menu` prints for that menu. With --lock it writes the budget
// lockfile for the live menu; with --check it fails (exit 1) when the menu drifted or escalated,
// so CI can stop a pull request that grows a server's tools/list.
const { CliError, EXIT, coded } = require('../io.cjs');
const { numberFlag } = require('../flags.cjs');
const { serverCommandArgs } = require('../server-command.cjs');
const { spawnServer, terminate } = require('../../proxy/child.cjs');
const {
  connect,
  initialize,
  listTools,
  clientCapabilities,
  CLIENT_CAPABILITIES,
  REQUEST_TIMEOUT_MS,
} = require('../../proxy/mcp-client.cjs');
const { MENU_FLAGS, menuOptions, menuReport, printMenu } = require('../menu-report.cjs');
const { writeLock, checkLockFile, shellWord } = require('../lockfile.cjs');

const HELP = `Usage: modoki-budget audit [options] -- <command> [args…]
       modoki-budget audit [options] --server "<command> [args…]"

Starts the MCP server <command> over stdio, initializes it, lists every tool (following
nextCursor) and prints what \`modoki-budget menu\` prints for that menu: its real tokens per
planning turn, the description lint (including descriptions over 2,048 chars, which Claude Code
cuts), what grouping would save and what the compact menu (proxy --menu compact) costs.

  --server "CMD ARGS"             the server command as one argument (for clients that drop --)
  --client-capabilities LIST      declare these client capabilities in initialize, comma-separated:
                                  ${Object.keys(CLIENT_CAPABILITIES).join(', ')} (servers may list more tools to such a
                                  client; default none)
  --json                          print the menu report as JSON (with --check: its result too)
  --lock FILE                     write the budget lockfile for the live menu to FILE
  --check FILE                    compare the live menu with the lockfile FILE; exit 1 on drift
                                  or escalation (for CI)
  --tolerance R                   description-token growth that counts as an escalation (default 0.1)
  --timeout MS                    how long each request may take (default ${REQUEST_TIMEOUT_MS})
  --encoding NAME                 cl100k_base (default) or o200k_base
  --max-description-tokens N      LONG_DESCRIPTION threshold (default 200)
  --separator S                   namespace separator for grouping (default ".")
  --discriminator NAME            the grouped tools' action parameter (default "action")
  -h, --help                      this help

Exit codes: 0 done, 1 the lockfile check failed, 2 usage error or a server that cannot be
started or does not answer.`;

/**
 * Starts the server, lists its tools and stops it again (always, whatever happened).
 * `capabilities` is the initialize capabilities object the client declares.
 */
async function liveTools(command, timeoutMs, io, capabilities = {}) {
  const child = await spawnServer(command, { stderr: io.serverStderr ?? 'inherit' });
  try {
    const client = connect(child, { timeoutMs });
    const version = require('../../../package.json').version;
    await initialize(client, { name: 'modoki-budget-audit', version }, capabilities);
    return await listTools(client);
  } finally {
    await terminate(child);
  }
}

/** The command line that writes the lock for this server, as the user can paste it. */
function lockCommandLine(values, command) {
  const caps =
    values['client-capabilities'] === undefined ? '' : ` --client-capabilities ${values['client-capabilities']}`;
  return `modoki-budget audit --lock ${shellWord(values.check)}${caps} -- ${command.map(shellWord).join(' ')}`;
}

async function auditCommand(argv, io) {
  const flags = {
    ...MENU_FLAGS,
    lock: { type: 'string' },
    check: { type: 'string' },
    tolerance: { type: 'string' },
    timeout: { type: 'string' },
    'client-capabilities': { type: 'string' },
  };
  const { values, command } = serverCommandArgs(argv, flags, 'audit');
  if (values.help) {
    io.stdout.write(`${HELP}\n`);
    return EXIT.ok;
  }
  if (values.lock !== undefined && values.check !== undefined)
    throw new CliError('--lock and --check cannot be used together');
  const options = menuOptions(values);
  const tolerance = numberFlag(values.tolerance, 'tolerance', { min: 0 });
  const timeoutMs = numberFlag(values.timeout, 'timeout', { integer: true, min: 1 }) ?? REQUEST_TIMEOUT_MS;
  const names = values['client-capabilities']
    ?.split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  const capabilities = clientCapabilities(names);
  const tools = await liveTools(command, timeoutMs, io, capabilities);
  const report = coded(() => menuReport(tools, options));
  if (values.lock !== undefined) {
    printMenu(io, report, values.json);
    io.stderr.write(`${writeLock(io, tools, values.lock, { encoding: options.encoding })}\n`);
    return EXIT.ok;
  }
  if (values.check === undefined) {
    printMenu(io, report, values.json);
    return EXIT.ok;
  }
  const writeHint = lockCommandLine(values, command);
  const result = checkLockFile(io, tools, values.check, { encoding: options.encoding, tolerance, writeHint });
  printMenu(io, values.json ? { ...report, check: result } : report, values.json);
  io.stderr.write(`${result.message}\n`);
  return result.ok ? EXIT.ok : EXIT.checkFailed;
}

module.exports = { auditCommand, liveTools, HELP };
