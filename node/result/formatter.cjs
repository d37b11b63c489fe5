'use strict';
// The MCP result helpers bound to a live warning: `{ banner, ok, fail, err }`.

const { encode, capText } = require('../result.cjs');
const { ERROR_DETAIL, encodeError } = require('./refusal.cjs');

function readWarning(getWarning) {
  try {
    const warning = getWarning();
    return typeof warning === 'string' && warning.length > 0 ? warning : null;
  } catch {
    return null;
  }
}

/**
 * Builds the result helpers. `getWarning` is called on every call; a non-empty string is put
 * before the payload as a banner, outside the cap, so it is never the part that gets cut.
 * `ok(data, options?)` answers `encode(data, options)`; `fail(detail)` the structured refusal
 * with `isError: true` and the detail on `ERROR_DETAIL`; `err(message)` the v0.3 free-text form.
 */
function createFormatter(getWarning) {
  if (typeof getWarning !== 'function') {
    throw new TypeError('createFormatter(getWarning): getWarning must be a function returning a string or null');
  }
  const banner = (text) => {
    const warning = readWarning(getWarning);
    return warning === null ? text : `${warning}\n\n${text}`;
  };
  const blocks = (text) => [{ type: 'text', text: banner(text) }];
  return {
    banner,
    ok: (data, options) => ({ content: blocks(encode(data, options)) }),
    fail: (detail) => ({ content: blocks(encodeError(detail)), isError: true, [ERROR_DETAIL]: detail }),
    err: (message) => ({ content: blocks(capText(message)), isError: true }),
  };
}

module.exports = { createFormatter };
