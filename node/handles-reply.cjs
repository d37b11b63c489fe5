'use strict';
// The editor's handles reply (its `shapeHandlesReply`): how an answer of the handles op, which
// the op has already filtered, is shaped for an agent. Built on `handles()` (summarizers.cjs),
// which shapes the producer's whole dump: a bare call answers counts by editor and kind, a
// filtered call that matched rows passes through as it is, and one that matched nothing says
// what is live, from a second, unfiltered answer.
const { handles } = require('./summarizers.cjs');

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * True when `filter` narrows nothing: no `editor`, `kind`, `prefix` or `label`, and no `ids`
 * (an empty list is none). Such a call takes the counts-only branch of shapeHandlesReply.
 */
function isBareHandlesFilter(filter) {
  const f = isObject(filter) ? filter : {};
  return !f.editor && !f.kind && !f.ids?.length && !f.prefix && !f.label;
}

/** `fetchAll()`'s answer, or null when it failed: a failing re-fetch never loses the first answer. */
async function liveAnswer(fetchAll) {
  try {
    return await fetchAll();
  } catch {
    return null;
  }
}

/**
 * Shapes `res`, a handles op's answer to `filter`. Not a dump (no `handles` array): `res` itself.
 * Bare: `res` without `handles` and `returnedCount`, plus `byEditor`, `byKind` and a hint
 * (`remedies.noHandles` when nothing exposes handles). Filtered with rows: `res` itself.
 * Filtered without rows: `res` plus `byEditor`/`byKind` over every live handle and a hint naming
 * what is live, from `fetchAll()` (the op asked with no filter; called only on this branch),
 * or ending in `remedies.nothingLive` when nothing is.
 */
async function shapeHandlesReply(res, filter, fetchAll, remedies) {
  if (!isObject(res) || !Array.isArray(res.handles)) return res;
  const options = { remedies };
  if (isBareHandlesFilter(filter)) return handles(res, {}, options);
  if (res.handles.length > 0) return res;
  const all = await liveAnswer(fetchAll);
  const live = isObject(all) && Array.isArray(all.handles) ? all.handles : [];
  const miss = handles({ handles: live }, filter, options);
  // The handles became live between the two answers: the rows the second one has are the answer.
  if (Array.isArray(miss.handles) && miss.handles.length > 0) return handles(all, filter, options);
  return { ...res, byEditor: miss.byEditor, byKind: miss.byKind, hint: miss.hint };
}

module.exports = { isBareHandlesFilter, shapeHandlesReply };
