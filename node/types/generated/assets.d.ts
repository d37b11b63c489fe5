// generated — edit src/summarizers/assets.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

/**
 * An asset as the asset scan returns it. Declared for the JS types only: the summary reads
 * the JSON, and the entries it returns are the scan's own.
 */
export type Asset = {
  guid: string;
  path: string;
  name: string;
  type: string;
};

/**
 * The bare `summarizeAssets` payload: no rows, so no `returnedCount`.
 */
export type AssetCounts = {
  totalCount: number;
  byType: { [type: string]: number };
  hint: string;
};

/**
 * The entries payload of `summarizeAssets`; `hint` only when a filter matched nothing.
 */
export type AssetEntries = {
  /** Rows in `assets`. */
  returnedCount: number;
  /** Assets the filter matched before the limit. */
  totalCount: number;
  assets: Asset[];
  truncated?: true;
  /** The empty-filter hint: the unfiltered count and, for `type=`, the live types. */
  hint?: string;
};
