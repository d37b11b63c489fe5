// generated — edit src/menu/compact.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

/**
 * How the catalog is written.
 */
export type CompactCatalogFormat = "prose" | "toon";

/**
 * The compact menu; serialized for the binding as camelCase JSON, which `compactMenu` returns
 * with the meta tools and the kept ones as its `tools`.
 */
export type CompactMenuFacts = {
  /** The two meta tools (`describe`, then `call`); kept tools follow them in the menu. */
  meta: Array<{ [key: string]: unknown }>;
  /**
   * `describe_tools`, or with a suffix (`_2`, …) when the server has a tool of either meta
   * name.
   */
  describeName: string;
  /** `call_tool`, with the same suffix as the describe tool's name. */
  callName: string;
  /** Kept tools found in the menu, in the server's order. */
  kept: Array<string>;
  /** `keep` names the server does not list. */
  missingKeep: Array<string>;
  /** The catalogued tools' names, in the server's order. */
  catalog: Array<string>;
  /** How the catalog is written: `name: text` lines or a TOON table, whichever is cheaper. */
  format: CompactCatalogFormat;
  /** Words per catalog line (0: names only). */
  words: number;
  /** Tokens of the compact menu (meta tools and kept tools). */
  tokens: number;
  /** Tokens of the full menu. */
  fullTokens: number;
  /** The budget the catalog was fitted to. */
  budget: number;
  /** `tokens <= budget`. */
  withinBudget: boolean;
};
