'use strict';
// The command dispatcher: `modoki-budget <command> [args]`. Each command is
// `async (argv, io) => exitCode` in its own file under commands/, so tests drive them with a
// fake io and no subprocess. This is the one place an error becomes an exit code and a message.
const { CliError, EXIT, processIo } = require('./io.cjs');
const { ProxyError } = require('../proxy/errors.cjs');

const COMMANDS = {
  report: () => require('./commands/report.cjs').reportCommand,
  encode: () => require('./commands/encode.cjs').encodeCommand,
  tokens: () => require('./commands/tokens.cjs').tokensCommand,
  toon: () => require('./commands/toon.cjs').toonCommand,
  lock: () => require('./commands/lock.cjs').lockCommand,
  menu: () => require('./commands/menu.cjs').menuCommand,
  audit: () => require('./commands/audit.cjs').auditCommand,
  proxy: () => require('./commands/proxy.cjs').proxyCommand,
};

/** Exit code 70 (EX_SOFTWARE): a bug, not the user's doing. */
const INTERNAL_ERROR = 70;

/**
 * The exit code of an error a command threw: a usage or input error (CliError) and every way
 * the proxy runtime cannot start or go on (ProxyError: a server that cannot be started or does
 * not answer, a port or a Redis that cannot be reached) exit 2; anything else is a bug.
 */
const exitCodeOf = (error) => (error instanceof CliError || error instanceof ProxyError ? EXIT.usage : INTERNAL_ERROR);

const HELP = `Usage: modoki-budget <command> [options]

Commands:
  report [file|-]   where a JSON payload's tokens go (default: a bundled scene sample)
  encode [file|-]   what encode() sends for a JSON value (--max-chars, --max-tokens, --precision)
  tokens [file|-]   exact BPE token counts of a text (cl100k_base, o200k_base)
  toon [file|-]     a JSON value as TOON (--compare: JSON vs TOON tokens)
  lock <tools.json> write modoki-budget.lock; --check fails on budget drift or escalation
  menu <tools.json> what a tool menu costs, description lint, grouping savings (--check)
  audit -- <cmd>    the same for a live MCP server's tools/list; --lock / --check its lockfile
  proxy -- <cmd>    run an MCP server behind the response budget, measured (--log, --html)

Run \`modoki-budget <command> --help\` for a command's options.`;

async function main(argv, io = processIo()) {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(`${HELP}\n`);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`${require('../../package.json').version}\n`);
    return EXIT.ok;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) {
    io.stderr.write(
      `modoki-budget: unknown command "${name}" (expected one of: ${Object.keys(COMMANDS).join(', ')}; see --help)\n`,
    );
    return EXIT.usage;
  }
  try {
    return await load()(rest, io);
  } catch (error) {
    const code = exitCodeOf(error);
    if (code !== INTERNAL_ERROR) {
      io.stderr.write(`modoki-budget ${name}: ${error.message}\n`);
      return code;
    }
    // Not the user's fault: still one line, but say it is a bug so it gets reported.
    io.stderr.write(
      `modoki-budget ${name}: internal error: ${error && error.message ? error.message : String(error)} (please report this)\n`,
    );
    return code;
  }
}

module.exports = { main, COMMANDS, HELP };
