'use strict';
// The server command of `audit` and `proxy`: after `--`, or as one `--server "…"` argument.
const { CliError } = require('./io.cjs');
const { parseOptions } = require('./flags.cjs');

/** Splits `argv` at the first `--`: options before it, the server's command line after. */
function splitCommand(argv) {
  const at = argv.indexOf('--');
  if (at === -1) return { options: argv, command: [] };
  return { options: argv.slice(0, at), command: argv.slice(at + 1) };
}

/**
 * The flags of `<name> [options] -- <command…>` or `<name> [options] --server "<command>"` and
 * the command: `{ values, command }`. `--server` exists for clients that drop the first `--`
 * of the arguments they are given (the inspector's CLI does); giving the command both ways is
 * a usage error, and so is a word before `--`, with a message that shows both forms.
 */
function serverCommandArgs(argv, flags, name) {
  const split = splitCommand(argv);
  const both = `\`modoki-budget ${name} -- <command> [args…]\` or \`modoki-budget ${name} --server "<command> [args…]"\``;
  let parsed;
  try {
    parsed = parseOptions(split.options, { ...flags, server: { type: 'string' } }, { positionals: Infinity });
  } catch (error) {
    if (argv.includes('--')) throw error;
    throw new CliError(`${error.message.split('. ')[0]}; the server command goes after -- or in --server: ${both}`);
  }
  const { values, positionals } = parsed;
  if (!values.help && positionals.length > 0)
    throw new CliError(
      `put the server command after --, as in \`modoki-budget ${name} -- ${positionals.join(' ')}\`, or in --server "…"`,
    );
  if (values.server === undefined) return { values, command: split.command };
  if (split.command.length > 0) throw new CliError(`give the server command once: ${both}, not both`);
  return { values, command: splitCommandLine(values.server) };
}

/**
 * Splits a command line into words as a POSIX shell would, without expanding anything:
 * whitespace separates words, '…' is literal, "…" keeps its text with \" and \\ escaped, and
 * a backslash outside quotes escapes the next character. An unclosed quote is a usage error.
 */
function splitCommandLine(line) {
  const words = [];
  let word = null;
  let quote = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && (line[i + 1] === '"' || line[i + 1] === '\\')) word += line[++i];
      else word += c;
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else {
      word ??= '';
      if (c === "'" || c === '"') quote = c;
      else if (c === '\\' && i + 1 < line.length) word += line[++i];
      else word += c;
    }
  }
  if (quote !== null) throw new CliError(`--server: unclosed ${quote} in ${JSON.stringify(line)}`);
  if (word !== null) words.push(word);
  return words;
}

module.exports = { serverCommandArgs, splitCommandLine };
