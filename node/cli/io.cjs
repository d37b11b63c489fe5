'use strict';
// What every command shares: reading input, one-line errors, colors, exit codes.
const { readFileSync } = require('node:fs');

/** An error the user caused (bad flag, unreadable file): printed as one line, exit code 2. */
class CliError extends Error {}

/** Exit codes: 0 success, 1 a check failed (lock --check, menu --check), 2 usage or input error. */
const EXIT = { ok: 0, checkFailed: 1, usage: 2 };

function processIo() {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    readInput(source) {
      if (source === '-') return readFileSync(0, 'utf8');
      return readFileSync(source, 'utf8');
    },
    /** The file `source` names (undefined for standard input), for commands that read it themselves. */
    inputFile(source) {
      return source === '-' ? undefined : source;
    },
  };
}

function readText(io, source) {
  try {
    return io.readInput(source);
  } catch (error) {
    const reason = error && error.code ? error.code : error && error.message ? error.message : String(error);
    throw new CliError(`cannot read ${source === '-' ? 'standard input' : source}: ${reason}`);
  }
}

/** Reads and parses JSON input; a parse error names the source and V8's reason. */
function readJson(io, source) {
  return parseJson(readText(io, source), source);
}

/**
 * Parses JSON text read from `source`; a parse error names the source and V8's reason. A leading
 * byte order mark is dropped: editors on Windows save one, and it marks the encoding, not data.
 */
function parseJson(text, source) {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new CliError(`${source === '-' ? 'standard input' : source} is not valid JSON: ${error.message}`);
  }
}

/** Runs `fn`; an error it throws (the library's coded errors) becomes a one-line CliError. */
function coded(fn) {
  try {
    return fn();
  } catch (error) {
    throw new CliError((error && error.message ? error.message : String(error)).split('\n')[0]);
  }
}

/** ANSI styling only on a terminal, and never when NO_COLOR is set (https://no-color.org). */
function colors(io) {
  const env = io.env ?? process.env;
  const on = Boolean(io.stdout && io.stdout.isTTY) && !(env.NO_COLOR !== undefined && env.NO_COLOR !== '');
  // Each style closes only itself, so styles nest.
  const wrap = (open, close) => (text) => (on ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  return {
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    red: wrap(31, 39),
    cyan: wrap(36, 39),
  };
}

module.exports = { CliError, EXIT, coded, processIo, readText, readJson, parseJson, colors };
