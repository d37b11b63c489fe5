'use strict';
// The package's coded errors: a JS Error with a `code` a caller can branch on (see
// node/types/errors.d.ts for the codes).

/** `new Ctor(message)` with `.code = code`; Ctor defaults to Error. */
function codedError(code, message, Ctor = Error) {
  const error = new Ctor(message);
  error.code = code;
  return error;
}

module.exports = { codedError };
