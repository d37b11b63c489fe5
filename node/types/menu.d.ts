import type { TokenEncoding } from './tokens.js';
import type { CodedError } from './errors.js';

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
  /** Alternative description texts for {@link menuFor}. */
  descriptions?: { compact?: string; full?: string };
  [key: string]: unknown;
}

/** What one tool costs; see {@link menuCost}. */
export interface ToolCost {
  name: string;
  /** Position in the input list (the output is sorted by cost). */
  index: number;
  /** Real tokens of `JSON.stringify(tool)`, keys in the order given. */
  tokens: number;
  /** UTF-16 length of `JSON.stringify(tool)`. */
  chars: number;
  /** `Math.ceil(chars / 4)`, the heuristic, for contrast. */
  estimate: number;
  /** Tokens of the raw name text. */
  nameTokens: number;
  /** Tokens of the raw description text (0 without one). */
  descriptionTokens: number;
  /** Tokens of `JSON.stringify(inputSchema)` (0 without one). */
  inputSchemaTokens: number;
}

/** What {@link menuCost} returns. */
export interface MenuCost {
  encoding: TokenEncoding;
  /** Sum of the tools' `tokens`. */
  tokens: number;
  /** Sum of the tools' `chars`. */
  chars: number;
  /** Sum of the tools' `estimate`. */
  estimate: number;
  /** Most tokens first; equal costs keep input order. */
  tools: ToolCost[];
}

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
export type FindingCode = 'UNADVERTISED_FILTER' | 'NO_DEFAULT_SHAPE' | 'NO_SIZE_WARNING' | 'LONG_DESCRIPTION';

/** One lint finding: what is missing, and (in `message`) what to add. */
export interface Finding {
  code: FindingCode;
  message: string;
  /** The parameter, for `UNADVERTISED_FILTER`. */
  param?: string;
}

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

/** Options for {@link groupTools}. */
export interface GroupOptions {
  /** Splits `namespace<separator>action` at its first occurrence. Default `'.'`. */
  separator?: string;
  /** The grouped tools' required action parameter. Default `'action'`. */
  discriminator?: string;
}

/** A call as the MCP server dispatches it. */
export interface ToolCall {
  name: string;
  arguments: { [key: string]: unknown } | undefined;
}

/** What {@link groupTools} returns. */
export interface GroupedMenu {
  /** One tool per namespace of two or more tools; other tools unchanged, in menu order. */
  tools: McpTool[];
  /**
   * Maps a call of the grouped menu back to the original tool and its arguments (the
   * discriminator removed). Throws `UNKNOWN_ACTION` (listing the valid actions) or `UNKNOWN_TOOL`.
   */
  route(name: string, args?: { [key: string]: unknown }): ToolCall;
}

/**
 * Groups `namespace.action` tools into one tool per namespace whose input schema has a
 * required discriminator enum of the actions and the union of their parameters (each
 * parameter's description names the actions that use it). Output schemas are dropped.
 * Throws `CONFLICTING_PARAMETER` naming both tools when a parameter's schemas differ.
 */
export declare function groupTools(tools: readonly McpTool[], options?: GroupOptions): GroupedMenu;

/** Options for {@link menuFor}. */
export interface MenuForOptions {
  /** Tool names that get their compact description; `true` for every tool. Default none. */
  compact?: readonly string[] | true;
  /** Encoding for the costs. Default `'cl100k_base'`. */
  encoding?: TokenEncoding;
}

/** What {@link menuFor} returns: the menu and the token cost of each variant. */
export interface MenuVariant {
  /** The tools with `descriptions` removed and `description` set right after `name`. */
  tools: McpTool[];
  /** Tokens of this menu. */
  tokens: number;
  /** Tokens with every tool's full description. */
  full: number;
  /** Tokens with every tool's compact description (full where it has none). */
  compact: number;
}

/**
 * The menu for a workflow state: tools carrying `descriptions: { compact, full }` get the
 * compact text when named in `compact`, the full text (else their `description`) elsewhere.
 */
export declare function menuFor(tools: readonly McpTool[], options?: MenuForOptions): MenuVariant;

/** Options for {@link compactMenu}. */
export interface CompactMenuOptions {
  /** Tools listed as themselves (exactly as given) after the two meta tools. Default none. */
  keep?: readonly string[];
  /**
   * The compact menu's token budget. Default: 15% of what the catalogued tools cost in full
   * (plus the kept tools) for 10 or more catalogued tools, else their full cost.
   */
  maxTokens?: number;
  /** Default `'cl100k_base'`. */
  encoding?: TokenEncoding;
}

/** The arguments of a `call_tool` call. */
export interface CompactCallArguments {
  name: string;
  arguments?: { [key: string]: unknown };
}

/** What {@link compactMenu} returns. */
export interface CompactMenu {
  /** The menu a client lists: the describe tool, the call tool, then the kept tools. */
  tools: McpTool[];
  /** `describe_tools`, or with a suffix (`_2`, …) when the server has a tool of either meta name. */
  describeName: string;
  /** `call_tool`, with the same suffix as {@link CompactMenu.describeName}. */
  callName: string;
  /** Kept tools found in the menu, in the server's order. */
  kept: string[];
  /** `keep` names the server does not list. */
  missingKeep: string[];
  /** The catalogued tools' names, in the server's order. */
  catalog: string[];
  /** How the catalog is written: `name: text` lines or a TOON table, whichever is cheaper. */
  format: 'prose' | 'toon';
  /** Words per catalog line (0: names only). */
  words: number;
  /** Tokens of `tools`. */
  tokens: number;
  /** Tokens of the full menu. */
  fullTokens: number;
  /** The budget the catalog was fitted to. */
  budget: number;
  /** `tokens <= budget`. */
  withinBudget: boolean;
  /**
   * The definitions of the named tools, exactly as given. Throws `UNKNOWN_TOOL` naming what
   * exists (the closest names first on a large menu), `INVALID_INPUT` for anything but an
   * array of strings.
   */
  describe(names: readonly string[]): McpTool[];
  /** The server call for a `call_tool` call. Throws `UNKNOWN_TOOL` or `INVALID_INPUT`. */
  route(args: CompactCallArguments): ToolCall;
}

/**
 * A menu of two meta tools for `tools`: `describe_tools` (full definitions on demand) and
 * `call_tool`, whose description carries a catalog of every tool in as few tokens as fit the
 * budget. Throws `DUPLICATE_TOOL` when two tools share a name.
 */
export declare function compactMenu(tools: readonly McpTool[], options?: CompactMenuOptions): CompactMenu;
