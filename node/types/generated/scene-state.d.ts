// generated — edit src/summarizers/scene_state.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

/**
 * An entity of the names-only index. Declared for the JS types only: rows are built as JSON.
 */
export type SceneIndexEntity = {
  traits: Array<string>;
  id: number;
  /** The GUID (or its prefix with `guidPrefix`); `null` when the entity has none. */
  guid: string | null;
  name: string;
  parentId: number | null;
  /** The parent's GUID; `null` for a root or a parent without one. */
  parentGuid: string | null;
  layer: string | null;
};

/**
 * An entity with field values (targeted or enriched queries): its traits hold their values,
 * and each enricher the query asked for is copied when the producer set it. Declared for the JS
 * types only.
 */
export type SceneValueEntity = {
  traits: { [trait: string]: { [field: string]: unknown } };
  world?: unknown;
  bounds?: unknown;
  contacts?: unknown;
  id: number;
  /** The GUID (or its prefix with `guidPrefix`); `null` when the entity has none. */
  guid: string | null;
  name: string;
  parentId: number | null;
  /** The parent's GUID; `null` for a root or a parent without one. */
  parentGuid: string | null;
  layer: string | null;
};

/**
 * A row of `entities`: an index entity or one with values.
 */
export type SceneRow = SceneIndexEntity | SceneValueEntity;

/**
 * The payload of `sceneState`; optional keys appear only when they apply, in this order.
 */
export type SceneStateResult = {
  scenePath: string | null;
  /** Rows in `entities`. */
  returnedCount: number;
  /** Entities the query matched before the limit. */
  totalCount: number;
  truncated?: true;
  /** Resource entities a bare listing left out (pass `resources=1` for them). */
  resourcesExcluded?: number;
  entities: Array<SceneRow>;
  warnings?: Array<string>;
  /**
   * The index hint, the cap hint (placed before `entities` when the reply is capped), or the
   * empty-filter hint.
   */
  hint?: string;
};
