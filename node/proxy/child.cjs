'use strict';
// Starting and stopping the MCP server a command runs as its child (`audit`, `proxy`).
const { spawn } = require('node:child_process');
const { ProxyError } = require('./errors.cjs');

/**
 * How long a server gets to exit on its own after its stdin closes, then after SIGTERM, before
 * the next step. The MCP stdio transport prescribes this order (close stdin, SIGTERM, SIGKILL);
 * two seconds each is ample for a server to flush and short enough that nothing lingers.
 */
const GRACE_MS = 2000;

/**
 * How much of a server's stderr is kept for the message when it exits early: the end of it,
 * where a crash prints its reason. 4 KB holds a Node or Python stack trace's last frames.
 */
const STDERR_TAIL_CHARS = 4096;

/**
 * Spawns `command` with piped stdin/stdout; the server's stderr is passed through to ours
 * (`stderr`: 'inherit', a writable stream, or 'ignore') and its last STDERR_TAIL_CHARS kept for
 * {@link stderrReason}. Resolves with the child once it runs; a command that cannot start
 * rejects with a ProxyError (SPAWN_FAILED) naming it and the system's reason (ENOENT, EACCES).
 */
function spawnServer(command, { env = process.env, stderr = 'inherit' } = {}) {
  if (command.length === 0)
    return Promise.reject(
      new ProxyError(
        'NO_COMMAND',
        'missing the server command: put it after --, as in `-- npx -y @modelcontextprotocol/server-memory`, or pass --server "<command>"',
      ),
    );
  return new Promise((resolve, reject) => {
    let child;
    try {
      child = spawn(command[0], command.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], env });
    } catch (error) {
      reject(new ProxyError('SPAWN_FAILED', `cannot start "${command[0]}": ${error.code ?? error.message}`));
      return;
    }
    keepStderr(child, stderr === 'inherit' ? process.stderr : stderr === 'ignore' ? null : stderr);
    child.once('error', (error) =>
      reject(new ProxyError('SPAWN_FAILED', `cannot start "${command[0]}": ${error.code ?? error.message}`)),
    );
    child.once('spawn', () => resolve(child));
  });
}

const tails = new WeakMap();

function keepStderr(child, target) {
  let tail = '';
  const closed = new Promise((resolve) => child.stderr.once('close', resolve));
  tails.set(child, { text: () => tail, closed });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text) => {
    target?.write(text);
    tail = (tail + text).slice(-STDERR_TAIL_CHARS);
  });
}

/**
 * The line of a server's stderr that says why it stopped, or '' when it printed nothing: the
 * first line containing `error` or `fatal` (any case), else the last line; stack frames
 * (`at …`, `File "…"`), `Traceback …` headers, caret lines and Node's `Node.js v…` footer are
 * skipped. At most 300 characters, so it fits a one-line message. Waits (at most 500 ms) for
 * the stderr pipe to close, since a process's exit can be seen before its last output.
 */
async function stderrReason(child) {
  const entry = tails.get(child);
  if (entry === undefined) return '';
  await Promise.race([entry.closed, new Promise((r) => setTimeout(r, 500).unref())]);
  const lines = entry
    .text()
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^(at |File "|Node\.js v|\^+$|Traceback )/.test(l));
  const line = lines.find((l) => /error|fatal/i.test(l)) ?? lines.at(-1) ?? '';
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
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

module.exports = {
  GRACE_MS,
  STDERR_TAIL_CHARS,
  spawnServer,
  stderrReason,
  exited,
  terminate,
  exitStatus,
};
