'use strict';
// The one option reader of the public API, and the small checks every capability shares.
//
// Every function that takes an options object reads it here, so the rules are one: undefined
// or null means the defaults; anything but a plain object is refused; an unknown key is
// refused (a misspelt option that is silently ignored is a default the caller did not ask
// for). Both refusals are INVALID_OPTION with the same message shape.

const NO_OPTIONS = Object.freeze({});

/** errors.cjs's codedError, required when an error is made: a first token count reads no more files than it needs. */
function codedError(code, message, Ctor) {
  return require('./errors.cjs').codedError(code, message, Ctor);
}

function kindOf(value) {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

/**
 * `options` as an object whose every own key is one of `known`: `{}` for undefined or null.
 * Throws INVALID_OPTION (a TypeError) `${fn}: options must be an object, got <kind>.` or
 * `${fn}: unknown option "<key>". Known options: <known>.` (withBudget's shape too). For a
 * nested option object, `path` names it (`thresholds`): the messages then say
 * `thresholds must be an object` and `unknown option "thresholds.<key>"`.
 */
function readOptions(fn, options, known, path) {
  if (options === undefined || options === null) return NO_OPTIONS;
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw codedError(
      'INVALID_OPTION',
      `${fn}: ${path ?? 'options'} must be an object, got ${kindOf(options)}.`,
      TypeError,
    );
  }
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      const shown = path === undefined ? key : `${path}.${key}`;
      throw codedError(
        'INVALID_OPTION',
        `${fn}: unknown option ${JSON.stringify(shown)}. Known options: ${known.join(', ')}.`,
        TypeError,
      );
    }
  }
  return options;
}

/** Sets `target[key]` as an own data property: a `__proto__` key from data stays data. */
function setOwn(target, key, value) {
  // Assigning "__proto__" would call Object.prototype's setter and replace the prototype.
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

module.exports = { readOptions, setOwn };
