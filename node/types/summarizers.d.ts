import type { ImageToolResult } from './result.js';
import type { LayoutEntry, LayoutBoundsResult } from './generated/layout-bounds.js';
import type { Asset, AssetCounts, AssetEntries } from './generated/assets.js';
import type { TraitIndex, TraitFailure, TraitSchemas } from './generated/traits.js';
import type { SceneStateResult } from './generated/scene-state.js';
import type { Handle, HandlesResult } from './generated/handles.js';
import type { SceneEditResult } from './generated/write-path.js';

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
  /** Only the entities carrying this trait, with only its values. Targets. */
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
  /** Entities to return; default 200 in index mode, 20 when targeted, unlimited when only enriched. Always wins. */
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

// The scene state reply and its rows are generated from the Rust types (src/summarizers/scene_state.rs).
export type { SceneRow, SceneIndexEntity, SceneValueEntity, SceneStateResult } from './generated/scene-state.js';

/**
 * The scene index by default (identity + trait names, limit 200, a drill-down hint); field values
 * when the query targets (`id`, `guid`, `trait`, `name`, a parsable `where`; limit 20) or enriches
 * (`full`, `world`, `bounds`, `contacts`). `trait=` selects the entities carrying it. Resource
 * entities are dropped (and counted) unless `resources` or targeted.
 */
export declare function sceneState(
  entities: readonly SceneEntity[],
  query?: SceneStateQuery,
  options?: SceneStateOptions,
): SceneStateResult;

// layoutBounds' entries and payload are generated from the Rust types
// (src/summarizers/layout_entries.rs, src/summarizers/layout_bounds.rs).
export type { ScreenRect, OverlapMember, OverlapPair } from './generated/layout-bounds.js';
export type { LayoutEntry, LayoutBoundsResult };

/** The agent's query for {@link layoutBounds}. Any of `ids`/`guids`/`name`/`layer` returns rects. */
export interface LayoutBoundsQuery {
  /** Runtime ids (a comma-separated string also works). Volatile across reloads: prefer `guids`. */
  ids?: ReadonlyArray<number | string> | string;
  /** Stable guids (a comma-separated string also works). */
  guids?: ReadonlyArray<string> | string;
  /** Entities whose name contains this, case-insensitively. */
  name?: string;
  /** Narrow to one layer. */
  layer?: string;
  /** Return the (narrowed) entries. */
  entities?: Flag;
  /** Return the overlapping pairs. */
  overlaps?: Flag;
  /** A finite limit keeps a prefix of the returned entries (0 or negative: none). Default: all. */
  limit?: number | string;
}

/** Options of {@link layoutBounds}. */
export interface LayoutBoundsOptions {
  /**
   * The live world: every scene entity, rect or not. Guids and names resolve through it, an id
   * not in it is `unresolved`, and ancestry walks it (an ancestor need not have a rect). Default:
   * the entries themselves.
   */
  entities?: ReadonlyArray<{
    id: number | string;
    parentId?: number | string | null;
    guid?: string | null;
    name?: string;
  }>;
}

/**
 * Layout counts first: rects per layer, distinct entities, off-screen and zero-size guid lists
 * and the number of overlapping same-layer pairs (computed with a sweep, never the O(n²)
 * loop); rects with `entities`, `ids`, `guids`, `name` or `layer`, pairs only with `overlaps`.
 */
export declare function layoutBounds(
  entries: readonly LayoutEntry[],
  query?: LayoutBoundsQuery,
  options?: LayoutBoundsOptions,
): LayoutBoundsResult;

// summarizeAssets' asset and payloads are generated from the Rust types (src/summarizers/assets.rs).
export type { Asset, AssetCounts, AssetEntries };

/** The editor's name for {@link Asset} (its `summarize.ts` exports it as `AssetEntry`). */
export type AssetEntry = Asset;

/** The agent's query for {@link summarizeAssets}. */
export interface AssetQuery {
  /** Exact type. */
  type?: string;
  /** Path prefix. */
  folder?: string;
  /** Case-insensitive substring of name or path. */
  name?: string;
  /**
   * Entries to return. Given at all, it switches to entries (an explicit parameter always changes
   * the answer); 0 or negative returns none, NaN/Infinity cap nothing. Default: all.
   */
  limit?: number | string;
  /** Every entry. */
  all?: Flag;
}

/** Per-type counts by default; entries for `type`/`folder`/`name` (ANDed), `limit` or `all`. */
export declare function summarizeAssets(assets: readonly Asset[], query?: AssetQuery): AssetCounts | AssetEntries;

/** {@link summarizeAssets} under its older name: the same function, the same replies. */
export declare const listAssets: typeof summarizeAssets;

/** The agent's query for {@link summarizeTraits}. */
export interface TraitQuery {
  /** One trait's schema (exact, case-sensitive). */
  name?: string;
  /** Every schema. */
  all?: Flag;
}

// summarizeTraits' replies are generated from the Rust types (src/summarizers/traits.rs).
export type { TraitIndex, TraitFailure, TraitSchemas };

/** One trait's schema, as the registry holds it and a `name=` or `all` reply returns it. */
export type TraitSchema = TraitSchemas['traits'][string];
export type { TraitErrorDetail } from './generated/traits.js';

/** Every reply of {@link summarizeTraits}, under the editor's name for the union. */
export type TraitResult = TraitIndex | TraitSchemas | TraitFailure;

/**
 * Names by category by default; one schema with `name`, all with `all`. An empty registry is
 * refused (`NO_RENDERER`) on every call, and a `name=` miss is `NO_RENDERER` while the registry
 * is empty or `schemaAvailable === false`, else `NOT_FOUND` with up to 8 near names.
 */
export declare function summarizeTraits(
  traits: { readonly [name: string]: TraitSchema } | null | undefined,
  schemaAvailable: boolean | undefined,
  query?: TraitQuery,
): TraitIndex | TraitSchemas | TraitFailure;

// A handle and the handles reply are generated from the Rust types (src/summarizers/handles.rs).
export type { Handle, HandlesResult };

/** The handles producer's whole dump: every handle plus the counters that describe them. */
export interface HandlesInput {
  handles: readonly Handle[];
  returnedCount?: number;
  totalCount?: number;
  editors?: string[];
  offScreenCount?: number;
  occludedCount?: number;
  occlusionUnchecked?: number;
  disabledCount?: number;
  viewport?: { w: number; h: number };
  [key: string]: unknown;
}

/** The agent's filter for {@link handles}; a call with none of these is bare. */
export interface HandlesQuery {
  editor?: string;
  kind?: string;
  /** A list, or a comma-separated string; an empty list is no filter. */
  ids?: ReadonlyArray<string | number> | string;
  /** Handle ids starting with this (`dialog.saveAs.`). */
  prefix?: string;
  /** The WHOLE label, whitespace-collapsed and case-insensitive — never a substring. */
  label?: string;
}

/** The next moves when nothing exposes handles; each surface has its own. */
export interface HandlesRemedies {
  /** A bare call's whole hint when no handle exists. Default: open the editor + its sub-mode. */
  noHandles?: string;
  /** Finishes "no handle matches <filter>, and …" when no handle is live at all. */
  nothingLive?: string;
}

/** Options of {@link handles}. */
export interface HandlesOptions {
  remedies?: HandlesRemedies;
}

/** Counts by editor and kind when bare; the matching handles' geometry when filtered. A result without a `handles` array comes back unchanged. */
export declare function handles(result: HandlesInput, query?: HandlesQuery, options?: HandlesOptions): HandlesResult;

/** A label for a report: at most 60 UTF-16 units, the first 57 plus `…` when longer (never splitting a surrogate pair). */
export declare function capLabel(label: string): string;

/** A scene edit's backend response. */
export interface SceneEditInput {
  ok?: boolean;
  changed?: number;
  errors?: string[];
  warnings?: string[];
  scene?: unknown;
}

// sceneEditResult's payload is generated from the Rust type (src/summarizers/write_path.rs).
export type { SceneEditResult };

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
export declare function screenshotResult(shot: Screenshot, options?: { inline?: boolean }): ImageToolResult;

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
