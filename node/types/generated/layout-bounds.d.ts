// generated — edit src/summarizers/layout_entries.rs, src/summarizers/layout_bounds.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

/**
 * A screen-space rect: a layout entry's `screen`. Declared for the JS types only.
 */
export type ScreenRect = {
  x: number;
  y: number;
  w: number;
  h: number;
};

/**
 * A layout entry as the layout-bounds producer returns it: one per RECT. Declared for the JS
 * types only; the core reads the entries as JSON, and the entries a reply returns are the
 * producer's own.
 */
export type LayoutEntry = {
  id: number;
  /** The entity's guid, `null` when it has none. */
  guid?: string | null;
  name: string;
  layer: string | null;
  screen: ScreenRect | null;
  onScreen: boolean;
  zeroSize: boolean;
  worldAABB?: unknown;
  /**
   * Which viewport measured this rect (`game-3d`, `scene-view`, …); one entity can have one
   * per viewport.
   */
  surface?: string;
  canvasId?: number;
  canvasGuid?: string | null;
  /** Used for ancestry when `options.entities` is not given. */
  parentId?: number | null;
};

/**
 * An entity in an overlapping pair, named by id, guid and name.
 */
export type OverlapMember = {
  id: number;
  guid: string | null;
  name: string;
};

/**
 * One overlapping pair, `a` before `b` in entry order.
 */
export type OverlapPair = {
  a: OverlapMember;
  b: OverlapMember;
  layer: string | null;
};

/**
 * The payload of `layoutBounds`. Every count counts rects; `entityTotal` counts entities.
 */
export type LayoutBoundsResult = {
  /** Rects measured (after the filters). */
  totalCount: number;
  /** Rects in `entities` — only when rects were asked for. */
  returnedCount?: number;
  /** Distinct entities behind `totalCount`; differs when several viewports are mounted. */
  entityTotal: number;
  surfaces?: Array<string>;
  surfaceNote?: string;
  /** Addresses (guids, then the name, then ids) that matched no live entity. */
  unresolved?: Array<string | number>;
  unresolvedNote?: string;
  /** Key: the layer, or `"null"`. */
  layerCounts: { [layer: string]: number };
  /** Guids of the off-screen rects' entities. */
  offScreen: string[];
  /** Ids of off-screen entities that have no guid. */
  offScreenNoGuidIds?: number[];
  offScreenCount: number;
  zeroSize: string[];
  zeroSizeNoGuidIds?: number[];
  zeroSizeCount: number;
  overlapsCount: number;
  entities?: LayoutEntry[];
  truncated?: true;
  overlaps?: Array<OverlapPair>;
  hint?: string;
};
