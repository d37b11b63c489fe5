'use strict';
// What every command shares: reading input, one-line errors, colors, option parsing.
const { readFileSync } = require('node:fs');
const { parseArgs } = require('node:util');

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

/** A flag's value that parseArgs would take for another flag: a negative number such as -5. */
const NEGATIVE_NUMBER = /^-(\d|\.\d|Infinity$)/;

/**
 * `--flag -5` as `--flag=-5` for the string flags in `options` (before a `--`), so a negative
 * number reaches the flag's own check instead of parseArgs' "argument is ambiguous".
 */
function joinNegativeValues(argv, options) {
  const takesValue = (arg) => {
    const name = arg.slice(2);
    return arg.startsWith('--') && Object.hasOwn(options, name) && options[name].type === 'string';
  };
  const out = [];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--') return out.concat(argv.slice(i));
    if (takesValue(argv[i]) && i + 1 < argv.length && NEGATIVE_NUMBER.test(argv[i + 1])) {
      out.push(`${argv[i]}=${argv[i + 1]}`);
      i += 1;
    } else {
      out.push(argv[i]);
    }
  }
  return out;
}

/** node:util parseArgs in strict mode, with its errors turned into one-line CliErrors. */
function parseOptions(argv, options, { positionals = 1 } = {}) {
  let parsed;
  try {
    parsed = parseArgs({
      args: joinNegativeValues(argv, options),
      options: { help: { type: 'boolean', short: 'h' }, ...options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    // Node suggests --flag=-XYZ over three lines; one line says the same.
    const ambiguous = /^Option '(--.+)' argument is ambiguous\./.exec(error.message);
    if (ambiguous) {
      const flag = ambiguous[1];
      throw new CliError(`${flag} needs a value (write one that starts with "-" as ${flag}=VALUE)`);
    }
    throw new CliError(error.message.split('\n')[0]);
  }
  if (parsed.positionals.length > positionals) {
    throw new CliError(`unexpected argument: ${parsed.positionals[positionals]}`);
  }
  return parsed;
}

/** Runs `fn`; an error it throws (the library's coded errors) becomes a one-line CliError. */
function coded(fn) {
  try {
    return fn();
  } catch (error) {
    throw new CliError((error && error.message ? error.message : String(error)).split('\n')[0]);
  }
}

/** A finite number from a flag, within `min`..`max`, or a CliError naming the flag and the range. */
function numberFlag(value, flag, { integer = false, min = -Infinity, max = Infinity } = {}) {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || (integer && !Number.isInteger(n)) || n < min || n > max) {
    const range =
      max < Infinity ? ` from ${min} to ${max}` : min > -Infinity ? ` >= ${min.toLocaleString('en-US')}` : '';
    throw new CliError(`--${flag} expects ${integer ? 'an integer' : 'a number'}${range}, got "${value}"`);
  }
  return n;
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

module.exports = { CliError, EXIT, coded, processIo, readText, readJson, parseJson, parseOptions, numberFlag, colors };
