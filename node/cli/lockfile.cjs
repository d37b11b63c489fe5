'use strict';
// The budget lockfile `lock` writes for a tools file and `audit` for a live server, and the
// check of the committed one against the tools as they are now.
const { existsSync, writeFileSync } = require('node:fs');
const api = require('../index.cjs');
const { CliError, coded, readJson } = require('./io.cjs');

/** Where the lockfile is unless --lockfile says otherwise. */
const LOCKFILE = 'modoki-budget.lock';

/** `word` as a POSIX shell reads it back as one word: bare when it is safe, else single-quoted. */
const shellWord = (word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);

/** Writes the lockfile for `tools`; returns the line to print. */
function writeLock(io, tools, file, { encoding } = {}) {
  const current = coded(() => api.budgetLock(tools, { encoding }));
  (io.writeFile ?? writeFileSync)(
    file,
    coded(() => api.serializeLock(current)),
  );
  return `wrote ${file}: ${Object.keys(current.tools).length} tools`;
}

/**
 * Compares the lockfile at `file` with `tools` as they are now. Returns `{ ok, message }`;
 * a missing lockfile is a usage error that says how to write one (`writeHint`).
 */
function checkLockFile(io, tools, file, { encoding, tolerance, writeHint } = {}) {
  const current = coded(() => api.budgetLock(tools, { encoding }));
  if (!(io.exists ?? existsSync)(file)) throw new CliError(`no lockfile at ${file}; run \`${writeHint}\` first`);
  const previous = readJson(io, file);
  const regenerate = { command: writeHint, lockfile: file };
  return coded(() =>
    api.checkLock(previous, current, { ...(tolerance === undefined ? {} : { tolerance }), regenerate }),
  );
}

module.exports = { LOCKFILE, writeLock, checkLockFile, shellWord };
