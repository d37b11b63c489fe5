'use strict';
// The one way the JavaScript side of the package throws: an Error with a `.code` from
// BudgetErrorCode (node/types/errors.d.ts), the same codes the WebAssembly core puts on the
// errors it throws (src/error.rs), so a caller branches on `.code` whichever side failed.

/**
 * An error of class `Ctor` (Error by default; TypeError or RangeError where the built-in class
 * says more) with `message` and `.code`.
 */
function codedError(code, message, Ctor = Error) {
  const error = new Ctor(message);
  error.code = code;
  return error;
}

module.exports = { codedError };
