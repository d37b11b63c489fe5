// generated — edit src/summarizers/traits.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

/**
 * The bare `summarizeTraits` payload. `schemaAvailable` only when the caller gave it.
 */
export type TraitIndex = {
  schemaAvailable?: boolean;
  traitCount: number;
  /** Names by category (`"other"` when a trait has none). */
  byCategory: { [category: string]: string[] };
  hint: string;
};

/**
 * A failure as an error-envelope detail (the server stamps `tool`).
 */
export type TraitErrorDetail = {
  /**
   * `NO_RENDERER`: the registry was never pushed, so nothing is known. `NOT_FOUND`: it is
   * loaded and has no such name.
   */
  code: "NO_RENDERER" | "NOT_FOUND";
  what: string;
  why: string;
  /** The name that was not found (`NOT_FOUND` only). */
  got?: string;
  /** Next moves: near names for a `NOT_FOUND`, or how to get the registry loaded. */
  options: Array<string>;
};

/**
 * A failed `summarizeTraits` call; the caller passes `error` to the formatter's `fail`.
 */
export type TraitFailure = {
  error: TraitErrorDetail;
};

/**
 * The `name=` or `all` payload of `summarizeTraits`: the registry's schemas, as given, by name.
 * `schemaAvailable` only when the caller gave it.
 */
export type TraitSchemas = {
  schemaAvailable?: boolean;
  /** One schema a trait: its category and its fields, and whatever else the registry holds. */
  traits: { [name: string]: { category?: string; fields?: { [field: string]: unknown }; [key: string]: unknown } };
};
