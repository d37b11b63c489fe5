'use strict';
// How the option readers of node/mcp (options.cjs, preview.cjs) name a bad value and check an
// integer bound, so the same mistake reads the same whichever option it is in.

/** A bad value as an error message shows it: a string quoted, a number as written, else its type. */
const shown = (raw) =>
  typeof raw === 'string' ? JSON.stringify(raw) : typeof raw === 'number' ? String(raw) : typeof raw;

/**
 * `raw` when it is an integer of at least `min`; else throws `invalid(message)`, the caller's
 * coded error, with the message `<name> must be an integer >= <min>, got <raw>.`
 */
function integerAtLeast(raw, min, name, invalid) {
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < min)
    throw invalid(`${name} must be an integer >= ${min}, got ${shown(raw)}.`);
  return raw;
}

module.exports = { shown, integerAtLeast };
