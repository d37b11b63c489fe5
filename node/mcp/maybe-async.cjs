'use strict';
// Values that may or may not be Promises: a page read from memory answers at once, one from a
// shared store later. Code that runs either way stays synchronous when its input is.

/** Whether `value` is a Promise (or any thenable). */
const isThenable = (value) => value !== null && typeof value === 'object' && typeof value.then === 'function';

/** `f(value)`, or `value.then(f)` when value is a Promise. */
const then = (value, f) => (isThenable(value) ? value.then(f) : f(value));

/** Runs `f`; a throw, or a rejection of what it returns, goes to `fail` (sync stays sync). */
function attempt(f, fail) {
  try {
    const out = f();
    return isThenable(out) ? out.then(undefined, fail) : out;
  } catch (error) {
    return fail(error);
  }
}

module.exports = { isThenable, then, attempt };
