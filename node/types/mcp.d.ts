import type { TokenEncoding } from './tokens.js';
import type { ResultStore } from './stores.js';
import type { ResultPreview } from './generated/preview.js';

// Structural types for the MCP layer: nothing here imports an SDK, so the package's types work
// whether or not one is installed; the objects of both SDK lines (@modelcontextprotocol/sdk v1,
// @modelcontextprotocol/server v2) fit them.

/** The preset names {@link BudgetOptions.preset} accepts. */
export type BudgetPresetName = 'editor' | 'claudeCode' | 'codex' | 'gemini';

/**
 * Which channel of a result with structuredContent the caps hold on: `both` each (an unknown
 * client), `structured` its JSON (else the text blocks: Claude Code, Codex, VS Code), `text` the
 * text blocks only (Gemini CLI, which never shows structuredContent).
 */
export type BudgetChannel = 'both' | 'structured' | 'text';

/**
 * The presets, one per client, each in the unit its client measures on the channel it shows
 * (docs/clients.md). `editor` (the default): the Modoki editor's 60,000-char cap on every
 * channel. `claudeCode` (Claude Code 2.1.332): 40,000 UTF-16 chars, under the 40,000 it warns
 * above and the 50,000 past which its model sees ~2,000 chars of a file. `codex` (Codex CLI
 * 0.169.0): 46,000 UTF-8 bytes, 2,000 under the 48,000 it cuts at. `gemini` (gemini-cli-core
 * 0.61.0): 39,959 chars on the text blocks, 40,000 with the 41-char envelope it wraps a text in.
 * The client presets list the page tool.
 */
export declare const BUDGET_PRESETS: {
  readonly editor: { readonly maxChars: 60000 };
  readonly claudeCode: { readonly maxChars: 40000; readonly channel: 'structured' };
  readonly codex: { readonly maxBytes: 46000; readonly channel: 'structured' };
  readonly gemini: { readonly maxChars: 39959; readonly channel: 'text' };
};

/** Bounds of a memory store of the policy's own (see {@link MemoryStoreOptions} for the defaults). */
export interface BudgetStoreOptions {
  /** Results kept at most. Default 1,000. */
  maxResults?: number;
  /** UTF-8 bytes of kept pages at most. Default 64 MiB. */
  maxBytes?: number;
  /** UTF-8 bytes of one result's pages at most. Default `maxBytes`. */
  maxResultBytes?: number;
  /** A result is forgotten this long after its last use. Default 30 minutes. */
  ttlMs?: number;
}

/**
 * What the policy reports per call (and passes to {@link BudgetOptions.onResult}): a plain
 * object, built the first time `apply(…).info` is read (or for `onResult`).
 */
export interface BudgetInfo {
  tool: string;
  /** UTF-16 units the tool produced, on its larger channel (text blocks, or structuredContent's JSON). */
  charsIn: number;
  /** Real tokens (in the policy's encoding) of that channel. */
  tokensIn: number;
  /** UTF-16 units sent, on the larger channel. */
  charsOut: number;
  /** Real tokens sent. */
  tokensOut: number;
  /** True when the result was over the cap and replaced by the envelope and a link. */
  elided: boolean;
  /** Milliseconds spent in the policy. */
  ms: number;
}

/** What {@link withBudget}'s `onResult` gets for a tool call: the policy's info, marked as a call. */
export interface BudgetCallRecord extends BudgetInfo {
  kind: 'call';
}

/**
 * What {@link withBudget}'s `onResult` (and the proxy's log) gets for a page a client read, as a
 * `budget://result/…` resource or through `read_result_page`. Reads that fail are not reported.
 */
export interface BudgetPageRecord {
  kind: 'page';
  /** The tool whose result the page is of; null when this server did not produce it (or long ago). */
  tool: string | null;
  /** The result id: the part of the URI after `budget://result/`. */
  resultId: string;
  /** The page read, from 1. */
  page: number;
  /** UTF-16 units of the page text. */
  chars: number;
  /** Real tokens of the page text (in the policy's encoding), counted the first time this is read. */
  readonly tokens: number;
  /** Milliseconds the read took (the store's latency included). */
  ms: number;
}

/** Everything {@link withBudget} reports: every tool call and every page read. */
export type BudgetRecord = BudgetCallRecord | BudgetPageRecord;

/** Options of {@link withBudget} and {@link createBudgetPolicy}. Explicit options win over the preset. */
export interface BudgetOptions {
  /** Default `'editor'`. An unknown name throws `INVALID_OPTION`. */
  preset?: BudgetPresetName;
  /**
   * Cap per channel in UTF-16 units, at least 1,000 (the envelope alone is ~300). Default: the
   * preset's (60,000 for `editor`; for `codex`, which caps bytes, its `maxBytes`).
   */
  maxChars?: number;
  /** Cap per channel in UTF-8 bytes, at least 1,000; `null` removes the preset's. Default: the preset's (46,000 for `codex`, else none). */
  maxBytes?: number | null;
  /** Cap per channel in real tokens, at least 250; `null` removes the preset's. Default: none (no client counts tokens). */
  maxTokens?: number | null;
  /** The channel the caps hold on ({@link BudgetChannel}). Default: the preset's (`both` for `editor`). */
  channel?: BudgetChannel;
  /** Encoding of the token counts. Default `'cl100k_base'`. */
  encoding?: TokenEncoding;
  /** Significant digits for floats in structured results (1–16; 0 or absent: exact). */
  precision?: number;
  /** Re-encode every text block that parses as one JSON value compactly. Default false: texts are sent byte for byte. */
  compactJson?: boolean;
  /**
   * Where over-cap results are kept: absent, the process's one shared memory store (so every
   * server object of the process reads every page); any {@link ResultStore} (`redisStore` for
   * several processes); or bounds for a memory store of the policy's own.
   */
  store?: ResultStore | BudgetStoreOptions;
  /**
   * Also serve pages through a `read_result_page` tool (listed with `_meta["anthropic/alwaysLoad"]`),
   * for clients that do not show resources. Default: true for the client presets, false for `editor`.
   */
  pageTool?: boolean;
  /** Called after every tool call with what the policy did. An exception in it is ignored. */
  onResult?: (info: BudgetInfo) => void;
  /**
   * The over-cap answer. By default (and with `true`) it is {@link previewResult} of the result
   * — its own shape, the items that matter with their indices, one line naming the tool's own
   * narrowing parameters from its inputSchema — within 2,000 tokens and 8,000 chars, then the
   * link to its pages: a model past the cap can act on that and narrow the call, where the
   * envelope's counts give it nothing to act on. An object sets either budget (each at least
   * 50 / 200); each is clamped to what the caps leave after the line, and a preview that cannot
   * be made within them falls back to the envelope. When the store keeps no pages, the line says
   * the rest could not be kept.
   *
   * `false` answers with encode's envelope of counts for every tool, for a client that parses
   * it. A tool whose inputSchema names at least two of the editor's filters (trait, id, name,
   * where, layer, ids) gets the envelope whatever this says: its advice is that tool's own, and
   * the editor's clients read it and retarget it with `retargetNarrowHint`.
   */
  preview?: boolean | PreviewBudget;
}

/**
 * Options of {@link withBudget}: the policy's, with `onResult` told about page reads as well as
 * calls (each record says which by its `kind`).
 */
export interface WithBudgetOptions extends Omit<BudgetOptions, 'onResult'> {
  /** Called after every tool call (`kind: 'call'`) and every page read (`kind: 'page'`). An exception in it is ignored. */
  onResult?: (record: BudgetRecord) => void;
  /**
   * `'compact'` lists `describe_tools` and `call_tool` (with a catalog of every tool) instead of
   * the tools themselves; calls through `call_tool` are budgeted as the tool called. Default
   * `'full'`. See docs/menu.md.
   */
  menu?: 'full' | 'compact';
  /** With `menu: 'compact'`, tools still listed as themselves. Default none. */
  menuKeep?: readonly string[];
}

/** The options after the preset and the defaults are applied. */
export interface ResolvedBudgetOptions {
  preset: BudgetPresetName;
  maxChars: number;
  maxBytes: number | undefined;
  maxTokens: number | undefined;
  channel: BudgetChannel;
  encoding: TokenEncoding;
  precision: number | undefined;
  compactJson: boolean;
  store: ResultStore;
  pageTool: boolean;
  onResult: ((info: BudgetInfo) => void) | undefined;
  /** The preview budget after clamping to the caps (2,000 tokens and 8,000 chars by default), or false for the envelope. */
  preview: false | Required<PreviewBudget>;
}

/** A content block of a tool result: text, image, audio, resource_link, resource. */
export interface McpContentBlock {
  type: string;
  [key: string]: unknown;
}

/** A CallToolResult as the policy returns it. */
export interface BudgetedToolResult {
  content: McpContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The `budget://result/{id}` resource template, as `resources/templates/list` lists it. */
export interface BudgetResourceTemplate {
  readonly uriTemplate: 'budget://result/{id}';
  readonly name: 'budget-result';
  readonly title: string;
  readonly description: string;
  readonly mimeType: 'application/json';
}

/** One page of a kept result, as `resources/read` returns it. */
export interface BudgetReadResourceResult {
  contents: Array<{ uri: string; mimeType: 'application/json'; text: string }>;
}

/** The `read_result_page` tool, as `tools/list` lists it. */
export interface BudgetPageTool {
  readonly name: 'read_result_page';
  readonly description: string;
  readonly inputSchema: {
    readonly type: 'object';
    readonly properties: {
      readonly id: { readonly type: 'string'; readonly description: string };
      readonly page: { readonly type: 'integer'; readonly minimum: 1; readonly description: string };
    };
    readonly required: readonly ['id'];
  };
}

/** What withBudget and the proxy tell the policy about a call besides its result. */
export interface BudgetCallContext {
  /** Whether the tool declares an outputSchema (then an over-cap structured result becomes isError). */
  hasOutputSchema?: boolean;
  /** The tool's inputSchema as the server lists it (JSON Schema), when known. */
  inputSchema?: Record<string, unknown>;
  /** The call's arguments. */
  arguments?: unknown;
  /** Who may read the pages of an over-cap result: a session id or a principal. Absent: whoever has the id (a bearer capability). */
  owner?: string;
}

/** What {@link BudgetPolicy.apply} answers: the result, and `info` computed when first read. */
export interface BudgetApplied {
  readonly result: BudgetedToolResult;
  readonly info: BudgetInfo;
}

/** The budget policy on plain objects (see docs/mcp.md). */
export interface BudgetPolicy {
  readonly options: ResolvedBudgetOptions;
  /**
   * Budgets what a handler returned (a CallToolResult or plain data): at once under the cap, a
   * Promise over it (the pages go to the store first). Never throws or rejects. `info` (with
   * its exact token counts) is computed the first time it is read. A result that is not final —
   * `resultType` `input_required` or `task` (anything but `complete`) — comes back as it is,
   * with an info of zeros, and is not reported to `onResult`.
   */
  apply(toolName: string, value: unknown, context?: BudgetCallContext): BudgetApplied | Promise<BudgetApplied>;
  /** The isError result for a handler that threw: `Tool "<name>" failed: <message>`, capped. */
  fault(toolName: string, error: unknown): { readonly result: BudgetedToolResult; readonly info: BudgetInfo };
  readonly resourceTemplate: BudgetResourceTemplate;
  /**
   * One page of a kept result: `budget://result/<id>?page=K` (K from 1), read as `owner`.
   * Rejects with a CodedError: `UNKNOWN_RESULT` ("expired result (results are kept for 30
   * minutes after their last read) — call the tool again" when the store knows it expired for
   * this reader, else "expired or unknown result — call the tool again", which is also the
   * answer for another owner's result), `INVALID_INPUT`, or `STORE_UNAVAILABLE`.
   */
  readResource(uri: string, reader?: { owner?: string }): Promise<BudgetReadResourceResult>;
  readonly pageTool: BudgetPageTool;
  /** `read_result_page`: the page's text, or an isError result with the reason. */
  callPageTool(args: unknown, reader?: { owner?: string }): Promise<BudgetedToolResult>;
  /** The store the pages are kept in. */
  readonly store: ResultStore;
}

/**
 * A policy with its own store. Throws `INVALID_OPTION` for an unknown option or a bad value, and
 * for `menu` / `menuKeep`, which choose withBudget's tool menu and have no meaning in a policy.
 */
export declare function createBudgetPolicy(options?: Omit<BudgetOptions, 'menu' | 'menuKeep'>): BudgetPolicy;

/** What withBudget needs of the SDK's low-level `Server` (v1's and v2's own objects fit). */
export interface SdkServerLike {
  setRequestHandler(schema: never, handler: never): unknown;
  registerCapabilities(capabilities: never): unknown;
}

/** What withBudget needs of the SDK's `McpServer` (v1's and v2's own objects fit). */
export interface SdkMcpServerLike {
  readonly server: SdkServerLike;
  registerTool(name: never, config: never, callback: never): unknown;
  registerResource(name: never, template: never, config: never, callback: never): unknown;
}

/**
 * Puts every tool result of an SDK `McpServer` (tools registered before and after the call) or
 * low-level `Server`, of SDK v2 (`@modelcontextprotocol/server`) or v1
 * (`@modelcontextprotocol/sdk`), through one budget policy, serves the `budget://result/{id}`
 * resource template (and with `pageTool`, the `read_result_page` tool), and returns the server.
 * Call it before `connect`: with v2's `serveStdio(factory)` or `createMcpHandler(factory)`,
 * inside the factory. The pages of a call belong to its authenticated principal (`authInfo`),
 * else its 2025-era session; with neither, the id is a bearer capability. Throws
 * `INVALID_OPTION` for bad options and for a server of a shape it cannot hook (naming what it
 * found: it never budgets nothing silently), `INVALID_INPUT` for anything that is not a server,
 * a connected one, or one that already has a budget.
 */
export declare function withBudget<S extends SdkMcpServerLike | SdkServerLike>(
  server: S,
  options?: WithBudgetOptions,
): S;

/** A preview budget: the default is 2,000 tokens and 8,000 chars whatever the cap. */
export interface PreviewBudget {
  /** Tokens of the preview at most (>= 50). Default 2,000. */
  maxTokens?: number;
  /** UTF-16 units of the preview at most (>= 200). Default 8,000. */
  maxChars?: number;
}

/** Options of {@link previewResult}. */
export interface PreviewOptions extends PreviewBudget {
  /** The call's arguments: its string values rank the items that contain them. */
  arguments?: unknown;
  /** The tool's `inputSchema`: its narrowing parameters make the hint. */
  inputSchema?: unknown;
  /** The encoding tokens are counted in. Default `cl100k_base`. */
  encoding?: TokenEncoding;
}

// previewResult's answer is generated from the Rust type (src/preview/answer.rs).
export type { ResultPreview, PreviewParameter, PreviewRole } from './generated/preview.js';

/**
 * The preview of a result too big to send: `value` is a text result (a string) or the data;
 * within the budget, deterministic, never throws on data (bad options throw `INVALID_OPTION`).
 */
export declare function previewResult(value: unknown, options?: PreviewOptions): ResultPreview;
