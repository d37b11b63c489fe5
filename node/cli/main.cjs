'use strict';
// The command dispatcher: `modoki-budget <command> [args]`. Each command is
// `async (argv, io) => exitCode`, so tests drive them with a fake io and no subprocess.
const { CliError, EXIT, processIo } = require('./io.cjs');

const COMMANDS = {
  report: () => require('./report.cjs').reportCommand,
  encode: () => require('./encode-tokens.cjs').encodeCommand,
  tokens: () => require('./encode-tokens.cjs').tokensCommand,
  toon: () => require('./toon.cjs').toonCommand,
  lock: () => require('./lock.cjs').lockCommand,
  menu: () => require('./menu.cjs').menuCommand,
  audit: () => require('./audit.cjs').auditCommand,
  proxy: () => require('./proxy.cjs').proxyCommand,
};

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
    if (error instanceof CliError) {
      io.stderr.write(`modoki-budget ${name}: ${error.message}\n`);
      return EXIT.usage;
    }
    // Not the user's fault: still one line, but say it is a bug so it gets reported.
    io.stderr.write(
      `modoki-budget ${name}: internal error: ${error && error.message ? error.message : String(error)} (please report this)\n`,
    );
    return 70;
  }
}

module.exports = { main, COMMANDS, HELP };
