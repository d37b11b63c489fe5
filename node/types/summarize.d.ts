import type { ToolResult } from './result.js';

// ---------------------------------------------------------------------------------------------
// Summary-first summarizers. Each is a pure function: the producer's full output and
// the agent's query in, the agent payload out. Inputs are never mutated; data keys such as
// `__proto__` come back as ordinary own keys. Histogram keys keep first-seen order (except
// integer-like keys, which every JS object lists first).

/**
 * A query flag as tool arguments or URL query strings carry it: `true`, a non-zero number, or a
 * string other than `""`, `"0"` and `"false"` turns it on.
 */
export type Flag = boolean | number | string;

/** A scene entity as the scene-state producer returns it. */
export interface SceneEntity {
  id: number;
  name: string;
  traits: string[];
  /** 0 = root. */
  parentId: number;
  sortOrder: number;
  layer?: string | null;
  guid?: string;
  isResource?: boolean;
  editorFolder?: string;
  /** Each trait's field values, by trait name. */
  values?: { [trait: string]: { [field: string]: unknown } };
  /** Copied to the output when `world=1` asks for it. */
  world?: unknown;
  /** Copied to the output when `bounds=1` asks for it. */
  bounds?: unknown;
  /** Copied to the output when `contacts=1` asks for it. */
  contacts?: unknown;
}

/** The agent's query for {@link sceneState}. */
export interface SceneStateQuery {
  /** Exact entity id (a numeric string also works). Targets. */
  id?: number | string;
  /** Exact full GUID. Targets; no match gives an empty list and a warning. */
  guid?: string;
  /** Return only this trait's values. Targets (does not filter entities). */
  trait?: string;
  /** Case-insensitive substring of the entity name. Targets. */
  name?: string;
  /** `Trait.field <op> value`, op one of `= == != > >= < <= ~`. Targets when it parses. */
  where?: string;
  /** All field values for an untargeted listing. */
  full?: Flag;
  world?: Flag;
  bounds?: Flag;
  contacts?: Flag;
  /** Keep resource entities in an untargeted listing. */
  resources?: Flag;
  /** Entities to return; default 200 in index mode, unlimited otherwise. Always wins. */
  limit?: number | string;
}

/** Options of {@link sceneState}. */
export interface SceneStateOptions {
  /** Echoed as `scenePath` (null when absent). */
  scenePath?: string;
  /** Trait registry used to validate `where`; default: the traits and fields present in the data. */
  traits?: { [trait: string]: { fields?: string[] } };
  /** Emit this many leading hex digits of each GUID in the index (12 = {@link shortGuid}); 6..32. Default: full GUIDs. */
  guidPrefix?: number;
}

/** An entity of the names-only index. */
export interface SceneIndexEntity {
  id: number;
  /** The GUID (or its prefix with `guidPrefix`), or `String(id)` when the entity has none. */
  guid: string;
  name: string;
  parentId: number | null;
  layer: string | null;
  traits: string[];
}

/** An entity with field values (targeted or enriched queries). */
export interface SceneValueEntity {
  id: number;
  name: string;
  parentId: number | null;
  layer: string | null;
  traits: { [trait: string]: { [field: string]: unknown } };
  world?: unknown;
  bounds?: unknown;
  contacts?: unknown;
}

/** The payload of {@link sceneState}; optional keys appear only when they apply, in this order. */
export interface SceneStateResult {
  scenePath: string | null;
  /** Entities returned. */
  entityCount: number;
  entities: Array<SceneIndexEntity | SceneValueEntity>;
  truncated?: true;
  totalCount?: number;
  warnings?: string[];
  hint?: string;
}

/**
 * The scene index by default (identity + trait names, limit 200, a drill-down hint); field values
 * when the query targets (`id`, `guid`, `trait`, `name`, a parsable `where`) or enriches (`full`,
 * `world`, `bounds`, `contacts`). Resource entities are dropped unless `resources` or targeted.
 */
export declare function sceneState(entities: readonly SceneEntity[], query?: SceneStateQuery, options?: SceneStateOptions): SceneStateResult;

/** A screen-space rect. */
export interface ScreenRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A layout entry as the layout-bounds producer returns it. */
export interface LayoutEntry {
  id: number;
  name: string;
  layer: string | null;
  screen: ScreenRect | null;
  onScreen: boolean;
  zeroSize: boolean;
  worldAABB?: unknown;
  /** Used for ancestry when `options.entities` is not given. */
  parentId?: number | null;
}

/** The agent's query for {@link layoutBounds}. */
export interface LayoutBoundsQuery {
  /** Narrow to these ids (a comma-separated string also works); non-empty returns rects. */
  ids?: Array<number | string> | string;
  /** Narrow to one layer; returns rects. */
  layer?: string;
  /** Return the (narrowed) entries. */
  entities?: Flag;
  /** Return the overlapping pairs. */
  overlaps?: Flag;
  /** A finite limit keeps a prefix of the returned entries. Default: all. */
  limit?: number;
}

/** Options of {@link layoutBounds}. */
export interface LayoutBoundsOptions {
  /** Every scene entity, for walking ancestry (an ancestor need not have a rect). Default: the entries' own `parentId`. */
  entities?: ReadonlyArray<{ id: number | string; parentId?: number | string | null }>;
}

/** One overlapping pair, `a` before `b` in entry order. */
export interface OverlapPair {
  a: number;
  b: number;
  layer: string | null;
}

/** The payload of {@link layoutBounds}. */
export interface LayoutBoundsResult {
  count: number;
  /** Key: the layer, or `"null"`. */
  layerCounts: { [layer: string]: number };
  offScreen: number[];
  offScreenCount: number;
  zeroSize: number[];
  zeroSizeCount: number;
  overlapsCount: number;
  entities?: LayoutEntry[];
  truncated?: true;
  totalCount?: number;
  overlaps?: OverlapPair[];
  hint?: string;
}

/**
 * Layout counts first: per layer, off-screen, zero-size and the number of overlapping same-layer
 * pairs (computed with a sweep, never the O(n²) loop); rects only with `entities`, `ids` or
 * `layer`, pairs only with `overlaps`.
 */
export declare function layoutBounds(entries: readonly LayoutEntry[], query?: LayoutBoundsQuery, options?: LayoutBoundsOptions): LayoutBoundsResult;

/** An asset as the asset scan returns it. */
export interface Asset {
  guid: string;
  path: string;
  name: string;
  type: string;
}

/** The agent's query for {@link listAssets}. */
export interface ListAssetsQuery {
  /** Exact type. */
  type?: string;
  /** Path prefix. */
  folder?: string;
  /** Case-insensitive substring of name or path. */
  name?: string;
  /** Entries to return (alone, it switches to entries). Default: all. */
  limit?: number | string;
  /** Every entry. */
  all?: Flag;
}

/** The bare {@link listAssets} payload. */
export interface AssetCounts {
  total: number;
  byType: { [type: string]: number };
  hint: string;
}

/** The filtered {@link listAssets} payload; `hint` only when nothing matched. */
export interface AssetEntries {
  count: number;
  assets: Asset[];
  truncated?: true;
  totalCount?: number;
  hint?: string;
}

/** Per-type counts by default; entries for `type`/`folder`/`name` (ANDed), `limit` or `all`. */
export declare function listAssets(assets: readonly Asset[], query?: ListAssetsQuery): AssetCounts | AssetEntries;

/** One trait's schema. */
export interface TraitSchema {
  category?: string;
  fields?: unknown[];
  [key: string]: unknown;
}

/** The trait registry as the editor returns it. */
export interface TraitRegistry {
  schemaAvailable?: boolean;
  traits: { [name: string]: TraitSchema };
}

/** The agent's query for {@link listTraits}. */
export interface ListTraitsQuery {
  /** One trait's schema. */
  name?: string;
  /** Every schema. */
  all?: Flag;
}

/** The bare {@link listTraits} payload. */
export interface TraitIndex {
  schemaAvailable: boolean;
  traitCount: number;
  /** Names by category (`"other"` when a trait has none). */
  byCategory: { [category: string]: string[] };
  hint: string;
}

/** `name=` or `all` payload of {@link listTraits}. */
export interface TraitSchemas {
  schemaAvailable: boolean;
  traits: { [name: string]: TraitSchema };
}

/** An unknown `name=`; the caller turns it into `err(error)`. */
export interface TraitLookupError {
  error: string;
}

/** Names by category by default; one schema with `name`, all with `all`. */
export declare function listTraits(schema: TraitRegistry, query?: ListTraitsQuery): TraitIndex | TraitSchemas | TraitLookupError;

/** One interaction handle. */
export interface Handle {
  id: string | number;
  editor?: string;
  kind?: string;
  x?: number;
  y?: number;
  rect?: unknown;
  [key: string]: unknown;
}

/** The handles producer's result. */
export interface HandlesInput {
  handles: readonly Handle[];
  [key: string]: unknown;
}

/** The agent's query for {@link handles}. */
export interface HandlesQuery {
  editor?: string;
  kind?: string;
  ids?: Array<string | number> | string;
}

/** The payload of {@link handles}: counts when bare, the filtered handles otherwise. */
export interface HandlesResult {
  handles?: Handle[];
  byEditor?: { [editor: string]: number };
  byKind?: { [kind: string]: number };
  hint?: string;
  [key: string]: unknown;
}

/** `byEditor`/`byKind` counts by default (missing values keyed `'?'`); handle geometry for `editor`, `kind` or `ids`. */
export declare function handles(result: HandlesInput, query?: HandlesQuery): HandlesResult;

/** A scene edit's backend response. */
export interface SceneEditInput {
  ok?: boolean;
  changed?: number;
  errors?: string[];
  warnings?: string[];
  scene?: unknown;
}

/** The payload of {@link sceneEditResult}. */
export interface SceneEditResult {
  ok: boolean;
  changed: number;
  errors: string[];
  warnings: string[];
  scene?: unknown;
}

/** `{ ok, changed, errors, warnings }`; the scene echo (~10k tokens nobody read) only with `returnScene: true`. */
export declare function sceneEditResult(result: SceneEditInput, query?: { returnScene?: Flag }): SceneEditResult;

/** A captured screenshot. */
export interface Screenshot {
  path?: string;
  width?: number;
  height?: number;
  /** PNG bytes, base64. */
  base64?: string;
}

/** Path and pixel dimensions as text; the image block only with `inline: true` (default off: a full-resolution blob is ~1800px of base64). */
export declare function screenshotResult(shot: Screenshot, options?: { inline?: boolean }): ToolResult;

/** The first 12 hex digits of a GUID, dashes removed: a pure function, stable across calls. Non-GUID text is returned unchanged. */
export declare function shortGuid(guid: string): string;

/**
 * The full GUID for a prefix (6+ hex digits, dashes allowed) among `known`; a full GUID passes
 * through. Throws an `Error` with `code`: `GUID_PREFIX_TOO_SHORT`, `INVALID_GUID`,
 * `AMBIGUOUS_GUID` (the message lists the candidates — never a first match) or `UNKNOWN_GUID`.
 */
export declare function resolveGuid(prefixOrGuid: string, known: Iterable<string>): string;

/** FNV-1a GUID over the UTF-16 code units of `${n}:${seed}`, n = 0..3. Frozen: persisted in user files. */
export declare function deriveGuid(seed: string): string;
