'use strict';
// The server command of `audit` and `proxy`: the first word that is not one of their options
// starts it (as `npx` and `env` take theirs), after `--` when one ends the options, or as one
// `--server "…"` argument.
const { CliError } = require('./io.cjs');
const { parseOptions } = require('./flags.cjs');

/**
 * Splits `argv` where the server's command line starts: at the first `--` (dropped), or at the
 * first word that is neither a flag nor the value of one of `flags`' string flags (kept). A word
 * that starts with `-` is a flag (an unknown one is parseOptions' to refuse); `--flag=value` and
 * a boolean flag take no value word.
 */
function splitCommand(argv, flags) {
  const takesValue = (arg) => {
    if (!arg.startsWith('--') || arg.includes('=')) return false;
    const spec = flags[arg.slice(2)];
    return spec !== undefined && spec.type === 'string';
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') return { options: argv.slice(0, i), command: argv.slice(i + 1) };
    if (!arg.startsWith('-') || arg === '-') return { options: argv.slice(0, i), command: argv.slice(i) };
    if (takesValue(arg)) i += 1;
  }
  return { options: argv, command: [] };
}

/**
 * The flags of `<name> [options] <command…>` (also written `<name> [options] -- <command…>`, or
 * `<name> [options] --server "<command>"`) and the command: `{ values, command }`. The command
 * starts at the first word that is not an option, so a client that drops the `--` it was given
 * (`gemini mcp add`, the inspector's CLI) still starts the server; an option after that word is
 * the server's. Giving the command both in words and in `--server` is a usage error.
 */
function serverCommandArgs(argv, flags, name) {
  const all = { ...flags, server: { type: 'string' } };
  const split = splitCommand(argv, all);
  const { values } = parseOptions(split.options, all, { positionals: 0 });
  if (values.server === undefined) return { values, command: split.command };
  if (split.command.length > 0)
    throw new CliError(
      `give the server command once: \`modoki-budget ${name} [options] <command> [args…]\` or \`modoki-budget ${name} [options] --server "<command> [args…]"\`, not both`,
    );
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
