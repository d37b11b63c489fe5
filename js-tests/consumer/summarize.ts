// Compiled with strict `tsc --noEmit` against the INSTALLED tarball by pack.test.ts: every
// summarizer export is used here with the types a consumer writes, plus misuses that must not
// type-check.
import {
  LIVE_VOCABULARY_CAP,
  describeFilter,
  emptyFilterHint,
  histogram,
  liveSet,
  type EmptyFilterDisclosure,
} from 'modoki-budget';

const cap: 12 = LIVE_VOCABULARY_CAP;
const counts: Record<string, number> = histogram([{ kind: 'a' }], (h) => h.kind);
const described: string = describeFilter({ name: 'P', ids: [1, 2], all: false });
const live: string = liveSet(new Set(['a', 'b']), 3, 'a');
const disclosure: EmptyFilterDisclosure = {
  what: 'rect',
  filter: described,
  unfilteredCount: 3,
  live: { layer: ['ui'] },
  near: { layer: 'u' },
};
const hint: string = emptyFilterHint(disclosure);
// @ts-expect-error — keyOf is required
histogram([1]);
// @ts-expect-error — unfilteredCount is a number
emptyFilterHint({ what: 'rect', filter: '', unfilteredCount: '3' });
export { cap, counts, live, hint };

// Assets and traits.
import {
  listAssets,
  summarizeAssets,
  summarizeTraits,
  type Asset,
  type AssetCounts,
  type AssetEntries,
  type TraitFailure,
  type TraitIndex,
  type TraitSchemas,
} from 'modoki-budget';

const assetList: Asset[] = [{ guid: 'g', path: 'a/b.png', name: 'b', type: 'texture' }];
const assetReply: AssetCounts | AssetEntries = summarizeAssets(assetList, { type: 'texture', limit: 5 });
const returned: number | undefined = 'returnedCount' in assetReply ? assetReply.returnedCount : undefined;
const sameFunction: typeof summarizeAssets = listAssets;
const traitReply: TraitIndex | TraitSchemas | TraitFailure = summarizeTraits(
  { Transform: { category: 'core' } },
  true,
  { name: 'Transform' },
);
const code: 'NO_RENDERER' | 'NOT_FOUND' | undefined = 'error' in traitReply ? traitReply.error.code : undefined;
// @ts-expect-error — schemaAvailable is a boolean or undefined, not a registry object
summarizeTraits({}, { schemaAvailable: true });
export { returned, sameFunction, code };

// Handles.
import { capLabel, handles, type HandlesInput, type HandlesResult } from 'modoki-budget';

const dumpIn: HandlesInput = {
  handles: [{ id: 'k1', editor: 'dopesheet', kind: 'key', label: 'Key 1' }],
  totalCount: 1,
};
const handlesReply: HandlesResult = handles(
  dumpIn,
  { editor: 'dopesheet', ids: ['k1'] },
  { remedies: { noHandles: 'open it', nothingLive: 'nothing is open' } },
);
const cappedLabel: string = capLabel('a long label');
// @ts-expect-error — remedies are strings
handles(dumpIn, {}, { remedies: { noHandles: 1 } });
export { handlesReply, cappedLabel };

// Layout.
import { layoutBounds, type LayoutBoundsResult, type LayoutEntry, type OverlapMember } from 'modoki-budget';

const rects: LayoutEntry[] = [
  {
    id: 1,
    guid: 'g1',
    name: 'a',
    layer: '3d',
    screen: { x: 0, y: 0, w: 1, h: 1 },
    onScreen: true,
    zeroSize: false,
    surface: 'game-3d',
  },
];
const layout: LayoutBoundsResult = layoutBounds(
  rects,
  { guids: ['g1'], name: 'a', overlaps: true, limit: 10 },
  { entities: [{ id: 1, parentId: 0, guid: 'g1', name: 'a' }] },
);
const offScreenGuids: string[] = layout.offScreen;
const firstMember: OverlapMember | undefined = layout.overlaps?.[0]?.a;
const entityTotal: number = layout.entityTotal;
// @ts-expect-error — guids are strings
layoutBounds(rects, { guids: [1] });
export { offScreenGuids, firstMember, entityTotal };

// Scene index.
import {
  sceneState,
  previewResult,
  type SceneEntity,
  type SceneRow,
  type SceneStateResult,
  type ResultPreview,
  type PreviewParameter,
  type PreviewRole,
} from 'modoki-budget';

const sceneIn: SceneEntity[] = [{ id: 1, name: 'a', traits: ['Transform'], parentId: 0, sortOrder: 0, guid: 'g' }];
const sceneOut: SceneStateResult = sceneState(sceneIn, { name: 'a', limit: 5 }, { scenePath: 's.json' });
const sceneCounts: [number, number] = [sceneOut.returnedCount, sceneOut.totalCount];
const parentGuid: string | null = sceneOut.entities[0].parentGuid;
// @ts-expect-error — the reply has no entityCount
sceneOut.entityCount;
const firstRow: SceneRow = sceneOut.entities[0];
const rowTraits: string[] | undefined = Array.isArray(firstRow.traits) ? firstRow.traits : undefined;
const preview: ResultPreview = previewResult({ rows: [1, 2, 3] }, { maxTokens: 100 });
const roles: PreviewRole[] = preview.parameters.map((p) => p.role);
// @ts-expect-error — a role is one of five words
const badRole: PreviewParameter['role'] = 'sort';
export { sceneCounts, parentGuid, rowTraits, roles, badRole };
