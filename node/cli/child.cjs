'use strict';
// Starting and stopping the MCP server a command runs as its child (`audit`, `proxy`).
const { spawn } = require('node:child_process');
const { CliError, parseOptions } = require('./io.cjs');

/**
 * How long a server gets to exit on its own after its stdin closes, then after SIGTERM, before
 * the next step. The MCP stdio transport prescribes this order (close stdin, SIGTERM, SIGKILL);
 * two seconds each is ample for a server to flush and short enough that nothing lingers.
 */
const GRACE_MS = 2000;

/** Splits `argv` at the first `--`: options before it, the server's command line after. */
function splitCommand(argv) {
  const at = argv.indexOf('--');
  if (at === -1) return { options: argv, command: [] };
  return { options: argv.slice(0, at), command: argv.slice(at + 1) };
}

/**
 * The flags of `<name> [options] -- <command…>` and the command: `{ values, command }`. A word
 * before the `--` is a usage error that shows where the command goes.
 */
function serverCommandArgs(argv, flags, name) {
  const split = splitCommand(argv);
  const { values, positionals } = parseOptions(split.options, flags, { positionals: Infinity });
  if (!values.help && positionals.length > 0)
    throw new CliError(`put the server command after --, as in \`modoki-budget ${name} -- ${positionals.join(' ')}\``);
  return { values, command: split.command };
}

/**
 * Spawns `command` with piped stdin/stdout; the server's stderr is passed through to ours.
 * Resolves with the child once it runs; a command that cannot start rejects with a CliError
 * naming it and the system's reason (ENOENT, EACCES).
 */
function spawnServer(command, { env = process.env, stderr = 'inherit' } = {}) {
  if (command.length === 0)
    return Promise.reject(
      new CliError(
        'missing the server command: put it after --, as in `-- npx -y @modelcontextprotocol/server-memory`',
      ),
    );
  return new Promise((resolve, reject) => {
    let child;
    try {
      child = spawn(command[0], command.slice(1), { stdio: ['pipe', 'pipe', stderr], env });
    } catch (error) {
      reject(new CliError(`cannot start "${command[0]}": ${error.code ?? error.message}`));
      return;
    }
    child.once('error', (error) =>
      reject(new CliError(`cannot start "${command[0]}": ${error.code ?? error.message}`)),
    );
    child.once('spawn', () => resolve(child));
  });
}

/** Resolves with `{ code, signal }` once the child has exited (at once if it already has). */
function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Closes the child's stdin, then SIGTERM, then SIGKILL, each after `graceMs`; resolves on exit. */
async function terminate(child, graceMs = GRACE_MS) {
  const done = exited(child);
  const within = (ms) => Promise.race([done.then(() => true), new Promise((r) => setTimeout(r, ms, false).unref())]);
  child.stdin.end();
  if (!(await within(graceMs))) {
    child.kill('SIGTERM');
    if (!(await within(graceMs))) child.kill('SIGKILL');
  }
  return done;
}

/** The exit status a shell would report: the code, or 128 + the signal's number. */
function exitStatus({ code, signal }) {
  if (code !== null && code !== undefined) return code;
  const number = signal ? require('node:os').constants.signals[signal] : undefined;
  return number ? 128 + number : 1;
}

module.exports = { GRACE_MS, serverCommandArgs, spawnServer, exited, terminate, exitStatus };
