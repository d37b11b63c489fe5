// Compiled with strict `tsc --noEmit` against the INSTALLED tarball by pack.test.ts: every
// summarizer export is used here with the types a consumer writes, plus misuses that must not
// type-check.
import { LIVE_VOCABULARY_CAP, describeFilter, emptyFilterHint, histogram, liveSet, type EmptyFilterDisclosure } from 'modoki-budget';

const cap: 12 = LIVE_VOCABULARY_CAP;
const counts: Record<string, number> = histogram([{ kind: 'a' }], (h) => h.kind);
const described: string = describeFilter({ name: 'P', ids: [1, 2], all: false });
const live: string = liveSet(new Set(['a', 'b']), 3, 'a');
const disclosure: EmptyFilterDisclosure = { what: 'rect', filter: described, unfilteredCount: 3, live: { layer: ['ui'] }, near: { layer: 'u' } };
const hint: string = emptyFilterHint(disclosure);
// @ts-expect-error — keyOf is required
histogram([1]);
// @ts-expect-error — unfilteredCount is a number
emptyFilterHint({ what: 'rect', filter: '', unfilteredCount: '3' });
export { cap, counts, live, hint };
