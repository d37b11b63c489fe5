'use strict';
// The protocol revision a request is served in, decided per request: a 2026-07-28 request names
// its revision in its `_meta` envelope (one connection may carry requests of both eras, so
// nothing is remembered between them), and what an answer the budget layer writes itself carries
// in that revision — `resultType`, and on the cacheable results `ttlMs` and `cacheScope`.

/** The `_meta` key of a 2026-07-28 request's envelope that names its protocol revision. */
const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';

/** The first revision without sessions, whose results carry `resultType`. */
const MODERN_REVISION = '2026-07-28';

/** The methods whose complete results are cacheable in 2026-07-28 (they carry `ttlMs` and `cacheScope`). */
const CACHEABLE_METHODS = new Set([
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

/** Whether `version` is a revision of the 2026-07-28 era or later (revisions are ISO dates). */
const isModernRevision = (version) =>
  typeof version === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= MODERN_REVISION;

/** The revision a request's `params` name in their envelope, or undefined (a 2025-era request). */
function revisionOf(params) {
  const meta = typeof params === 'object' && params !== null ? params._meta : undefined;
  const version = typeof meta === 'object' && meta !== null ? meta[PROTOCOL_VERSION_META_KEY] : undefined;
  return typeof version === 'string' ? version : undefined;
}

/**
 * Whether `result` is not a final result: an `input_required` round of a multi-round-trip
 * request, a `task` handle of the tasks extension, or any other `resultType` but `complete`.
 * Such a result goes to the client untouched; only a final result is budgeted.
 */
const isInterimResult = (result) =>
  typeof result === 'object' &&
  result !== null &&
  typeof result.resultType === 'string' &&
  result.resultType !== 'complete';

/**
 * A result the budget layer answers for `method` itself, as the request's revision wants it: in
 * the 2025 era `result` as it is; in 2026-07-28, `resultType: 'complete'` first, and for a
 * cacheable method `cache` (`{ ttlMs, cacheScope }`) where the result does not say its own.
 */
function answerIn(revision, method, result, cache) {
  if (!isModernRevision(revision)) return result;
  const out = { resultType: 'complete', ...result };
  if (!CACHEABLE_METHODS.has(method)) return out;
  if (!Number.isSafeInteger(out.ttlMs) || out.ttlMs < 0) out.ttlMs = cache.ttlMs;
  if (out.cacheScope !== 'public' && out.cacheScope !== 'private') out.cacheScope = cache.cacheScope;
  return out;
}

module.exports = {
  PROTOCOL_VERSION_META_KEY,
  MODERN_REVISION,
  CACHEABLE_METHODS,
  isModernRevision,
  revisionOf,
  isInterimResult,
  answerIn,
};
