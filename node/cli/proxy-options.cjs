'use strict';
// The budget flags of `proxy` (the withBudget options, spelled as flags) and the policy they make.
const { CliError, numberFlag } = require('./io.cjs');
const { countTokens } = require('../tokens.cjs');

const BUDGET_FLAGS = {
  preset: { type: 'string' },
  'max-chars': { type: 'string' },
  'max-tokens': { type: 'string' },
  precision: { type: 'string' },
  'compact-json': { type: 'boolean' },
};

const BUDGET_HELP = `  --preset NAME       editor (default: the 60,000-char cap) or claudeCode (10,000 tokens,
                      50,000 chars)
  --max-chars N       cap per channel in UTF-16 code units (overrides the preset)
  --max-tokens N      cap per channel in real tokens (overrides the preset)
  --precision N       round floats to N significant digits (1–16)
  --compact-json      also re-encode text blocks that are JSON (file contents stay as they are
                      otherwise)`;

/** withBudget options from parsed BUDGET_FLAGS values (only the flags given). */
function budgetOptions(values) {
  const options = {
    preset: values.preset,
    maxChars: numberFlag(values['max-chars'], 'max-chars', { integer: true, min: 1 }),
    maxTokens: numberFlag(values['max-tokens'], 'max-tokens', { integer: true, min: 1 }),
    precision: numberFlag(values.precision, 'precision', { integer: true, min: 1 }),
    compactJson: values['compact-json'],
  };
  for (const key of Object.keys(options)) if (options[key] === undefined) delete options[key];
  return options;
}

/**
 * What the server sent for one result, as --measure-only and the log count it: the result
 * member's JSON text (the whole CallToolResult: every channel a client may pass on).
 */
function measureResult(result) {
  const text = JSON.stringify(result);
  return { charsIn: text.length, tokensIn: countTokens(text) };
}

/** The policy for the flags (none under --measure-only); a bad option is a one-line usage error. */
function budgetFlags(values, { measureOnly = false, pageTool = false } = {}) {
  const options = budgetOptions(values);
  if (measureOnly) return { policy: null, measure: measureResult };
  const { createPolicy } = require('../mcp/policy.cjs');
  let policy;
  try {
    policy = createPolicy({ ...options, ...(pageTool ? { pageTool } : {}) });
  } catch (error) {
    throw new CliError(error && error.message ? error.message : String(error));
  }
  return { policy, measure: measureResult };
}

module.exports = { BUDGET_FLAGS, BUDGET_HELP, budgetOptions, budgetFlags, measureResult };
