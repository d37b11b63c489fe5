'use strict';
// The command line's flags: strict parsing with one-line errors, numbers in a range, and the
// budget flags `encode` and `proxy` share (the withBudget options, spelled as flags).
const { parseArgs } = require('node:util');
const { CliError } = require('./io.cjs');
const { MIN_MAX_CHARS, MIN_MAX_TOKENS } = require('../mcp/options.cjs');

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

const BUDGET_FLAGS = {
  preset: { type: 'string' },
  'max-chars': { type: 'string' },
  'max-tokens': { type: 'string' },
  precision: { type: 'string' },
  'compact-json': { type: 'boolean' },
  preview: { type: 'boolean' },
  'no-preview': { type: 'boolean' },
};

const BUDGET_HELP = `  --preset NAME       editor (default: the 60,000-char cap) or claudeCode (10,000 tokens,
                      50,000 chars)
  --max-chars N       cap per channel in UTF-16 code units, at least 1,000 (overrides the
                      preset)
  --max-tokens N      cap per channel in real tokens, at least 250 (overrides the preset)
  --precision N       round floats to N significant digits (1–16)
  --compact-json      also re-encode text blocks that are JSON (file contents stay as they are
                      otherwise)
  --no-preview        past the cap, answer with encode's envelope of counts instead of the
                      preview (the default: the result in its own shape, its errors, outliers
                      and matches, at most 2,000 tokens, and the tool's own narrowing
                      parameters; --preview asks for it by name)`;

/** The `preview` option of --preview / --no-preview (undefined: the default, the preview). */
function previewFlag(values) {
  if (values['no-preview'] === true && values.preview === true)
    throw new CliError('--preview and --no-preview cannot go together');
  return values['no-preview'] === true ? false : values.preview;
}

/** withBudget options from parsed BUDGET_FLAGS values (only the flags given). */
function budgetOptions(values) {
  const options = {
    preset: values.preset,
    maxChars: numberFlag(values['max-chars'], 'max-chars', { integer: true, min: MIN_MAX_CHARS }),
    maxTokens: numberFlag(values['max-tokens'], 'max-tokens', { integer: true, min: MIN_MAX_TOKENS }),
    precision: numberFlag(values.precision, 'precision', { integer: true, min: 1, max: 16 }),
    compactJson: values['compact-json'],
    preview: previewFlag(values),
  };
  for (const key of Object.keys(options)) if (options[key] === undefined) delete options[key];
  return options;
}

module.exports = { parseOptions, numberFlag, BUDGET_FLAGS, BUDGET_HELP, budgetOptions };
