import type { TokenEncoding } from './tokens.js';
import type { McpTool } from './menu-audit.js';
import type { CompactMenuFacts } from './generated/menu-rewrite.js';

// Rewriting a tool menu into a cheaper one: grouped by namespace (groupTools), with compact
// descriptions (menuFor), or as the compact menu of two meta tools and a catalog (compactMenu).
// Each returns the new menu and a router back to the server's own tools.

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

/**
 * What {@link compactMenu} returns: the compact menu's facts (generated from the Rust struct,
 * src/menu/compact.rs), the menu itself as `tools`, and the answers of its two meta tools.
 */
export interface CompactMenu extends Omit<CompactMenuFacts, 'meta'> {
  /** The menu a client lists: the describe tool, the call tool, then the kept tools. */
  tools: McpTool[];
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
