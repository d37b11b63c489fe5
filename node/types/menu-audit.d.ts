import type { TokenEncoding } from './tokens.js';
import type { CodedError } from './errors.js';
import type { MenuCost, Finding } from './generated/menu-audit.js';

// Auditing a tool menu: what it costs in real tokens (menuCost) and what its descriptions fail
// to say (lintDescription). Nothing here changes a menu; menu-rewrite.d.ts returns other menus.

/** A JSON Schema object as MCP carries it (`inputSchema`, `outputSchema`). */
export type JsonSchema = { [key: string]: unknown };

/** One tool of an MCP `tools/list` result. */
export interface McpTool {
  name: string;
  description?: string;
  inputSchema?: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: { [key: string]: unknown };
  /** Declares that a bare call returns a collection of this shape (for {@link lintDescription}). */
  defaultShape?: unknown;
  /** Alternative description texts for `menuFor` (menu-rewrite.d.ts). */
  descriptions?: { compact?: string; full?: string };
  [key: string]: unknown;
}

// What menuCost and lintDescription return is generated from the Rust structs (src/menu/cost.rs,
// src/menu/lint.rs).
export type { ToolCost, MenuCost, Finding } from './generated/menu-audit.js';

/** Options for {@link menuCost}. */
export interface MenuCostOptions {
  /** Default `'cl100k_base'`. */
  encoding?: TokenEncoding;
}

/**
 * Real-token cost of a `tools/list` result: per tool the compact JSON of the whole tool object
 * (what a model receives) and, separately, its name, description and input schema, with
 * chars/4 beside it; the total; tools sorted biggest first. Default encoding cl100k_base.
 * Throws a {@link CodedError} `INVALID_INPUT` unless `tools` is an array of objects with a
 * string `name`.
 */
export declare function menuCost(tools: readonly McpTool[], options?: MenuCostOptions): MenuCost;

/** Default `maxDescriptionTokens`: 200 — at most 15,000 tokens of descriptions for a 75-tool menu. */
export declare const DEFAULT_MAX_DESCRIPTION_TOKENS: 200;

/** A lint finding code; see {@link lintDescription}. */
export type FindingCode = Finding['code'];

/** Options for {@link lintDescription}. */
export interface LintOptions {
  /** `LONG_DESCRIPTION` above this many tokens. Default {@link DEFAULT_MAX_DESCRIPTION_TOKENS} (200). */
  maxDescriptionTokens?: number;
  /** Encoding for the token count. Default `'cl100k_base'`. */
  encoding?: TokenEncoding;
}

/**
 * Findings for a tool's description: `UNADVERTISED_FILTER` per optional parameter never named
 * as a word (case-insensitive); `NO_DEFAULT_SHAPE` when it returns a collection (an array in
 * `outputSchema`, or a declared `defaultShape`) without saying what a bare call returns;
 * `NO_SIZE_WARNING` when the output schema has an array without `maxItems` and no size word;
 * `LONG_DESCRIPTION` over the threshold. The keyword sets are in docs/menu.md.
 */
export declare function lintDescription(tool: McpTool, options?: LintOptions): Finding[];
