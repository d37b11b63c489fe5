// The editor's handles reply (its engine/tools/shared/handlesReply.ts), over handles().
import type { Handle, HandlesQuery, HandlesRemedies } from './summarizers.js';

/** A handles op's answer: the rows it matched (a dump) and the counters that describe them, or anything else (a relay error). */
export interface HandlesResponse {
  handles?: Handle[];
  [key: string]: unknown;
}

/** True when `filter` narrows nothing: no `editor`, `kind`, `prefix` or `label`, and no `ids` (an empty list is none). */
export declare function isBareHandlesFilter(filter: HandlesQuery): boolean;

/**
 * Shapes `res`, a handles op's answer to `filter` (already filtered by the op), as the editor's
 * tools answer it. Not a dump (no `handles` array): `res` itself. Bare filter: `res` without
 * `handles` and `returnedCount` (there are no rows), plus `byEditor`, `byKind` and the hint
 * `Counts only. …`, or `remedies.noHandles` when nothing exposes handles. Filtered with rows:
 * `res` itself. Filtered without rows: `res` plus `byEditor`/`byKind` over every live handle and
 * a hint naming what is live, from `fetchAll()` (the op asked with no filter; called only on
 * this branch, and a rejection keeps `res`), or ending in `remedies.nothingLive` when nothing is.
 * `remedies` defaults as in {@link handles}.
 */
export declare function shapeHandlesReply(
  res: HandlesResponse,
  filter: HandlesQuery,
  fetchAll: () => Promise<HandlesResponse | null>,
  remedies?: HandlesRemedies,
): Promise<Record<string, unknown>>;
