// generated — edit src/preview/hint.rs, src/preview/answer.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

/**
 * What a narrowing parameter does.
 */
export type PreviewRole = "filter" | "limit" | "paging" | "exclude" | "scope";

/**
 * A narrowing parameter of the tool's `inputSchema`, as the tool names it.
 */
export type PreviewParameter = {
  name: string;
  /** The word the hint groups it under. */
  role: PreviewRole;
};

/**
 * What `previewResult` returns.
 */
export type ResultPreview = {
  /**
   * The preview: JSON in the result's own shape when `json`, else text (docs/mcp.md, "The
   * preview").
   */
  text: string;
  json: boolean;
  /** UTF-16 units of `text`. */
  chars: number;
  /** Tokens of `text` in the encoding. */
  tokens: number;
  /** The hint sentence from the tool's own parameters (a plain sentence when it has none). */
  hint: string;
  parameters: Array<PreviewParameter>;
};
