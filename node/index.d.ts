// Public types of modoki-budget. Kept by hand so the API has real types instead of the
// `any` wasm-bindgen generates for JsValue parameters. js-tests/pack.test.ts type-checks
// js-tests/consumer/typed.ts against them (strict tsc, including @ts-expect-error misuses).

/** A text block of a tool result. */
export interface TextContent {
  type: 'text';
  text: string;
}

/** An inline image block of a tool result (base64 PNG), as {@link screenshotResult} emits it. */
export interface ImageContent {
  type: 'image';
  data: string;
  mimeType: 'image/png';
}

/** One MCP tool result, as the MCP SDK expects it. */
export interface ToolResult {
  content: Array<TextContent | ImageContent>;
  isError?: boolean;
}

/** Default cap in UTF-16 code units (JS `.length`): 60,000 (~15k tokens of compact JSON). */
export declare const MAX_PAYLOAD_CHARS: 60000;
/** Default significant digits for float rounding: 9 (max error ~3.5e-7 on scene coordinates). */
export declare const DEFAULT_FLOAT_PRECISION: 9;

/** Options for {@link encode}. */
export interface EncodeOptions {
  /** Cap in UTF-16 code units. Default {@link MAX_PAYLOAD_CHARS}. */
  maxChars?: number;
  /**
   * Round every float to this many significant digits while encoding (same result as
   * `encode(roundFloats(data, precision))`). Default: no rounding. Values outside (0, 17)
   * leave numbers unchanged.
   */
  precision?: number;
  /**
   * Cap in real BPE tokens of the compact JSON (default: no token cap). Over it, the same
   * envelope as the char cap with a `tokens` field and the hint
   * `Response was N tokens (cap M). …`. Checked after `maxChars` (which keeps its default):
   * when both would fire, the char envelope is returned. String data over the token cap is cut
   * after its first `maxTokens` tokens (never inside a char) with the `capText` marker.
   */
  maxTokens?: number;
  /** Encoding for `maxTokens`. Default `'cl100k_base'`. An unknown name throws `UNKNOWN_ENCODING`. */
  encoding?: TokenEncoding;
}

/**
 * Serializes data for an agent: compact `JSON.stringify` text when it fits the cap, else a
 * small valid JSON envelope `{ elided, bytes, hint, preview }`. A string is capped as text.
 * Never throws: cycles become `"[Circular]"`, BigInts their decimal string, a throwing getter
 * or `toJSON` a `"[Thrown: …]"` marker.
 */
export declare function encode(data: unknown, maxChars?: number): string;
export declare function encode(data: unknown, options?: EncodeOptions): string;

/**
 * Caps text at `maxChars` UTF-16 units: unchanged when it fits, else a prefix that never ends in
 * half a surrogate pair plus `\n…[N chars elided of LEN]`.
 */
export declare function capText(text: string, maxChars?: number): string;

/** What the elision envelope previews: `{ key: "<count or type>" }` per top-level key. */
export type Summary = string | { [key: string]: string };

/** `{ key: describe(value) }` for each own enumerable key; `describe(data)` for non-objects. */
export declare function summarize(data: unknown): Summary;

/** The MCP result helpers returned by {@link createFormatter}. */
export interface Formatter {
  /** Prefixes the current warning (if any) and a blank line; the banner is never capped. */
  banner(text: string): string;
  /** A successful result: `banner(encode(data, options))`. */
  ok(data: unknown, options?: number | EncodeOptions): ToolResult;
  /** A failed result with `isError: true`: `banner(capText(message))`. */
  err(message: string): ToolResult;
}

/** Builds `{ banner, ok, err }`; `getWarning` is called on every call, not once. */
export declare function createFormatter(getWarning: () => string | null | undefined): Formatter;

/**
 * A failure message for a backend response body, or null when it reports success:
 * `${errors.join('; ') | error | 'the operation reported ok:false'}\n\nfull response: ${JSON}`.
 */
export declare function isFailureBody(body: unknown): string | null;

/** `Number(x.toPrecision(sig))`, passing NaN, ±Infinity, ±0 and integers below 1e15 through. */
export declare function roundSig(x: number, sig: number): number;

/**
 * A deep copy of `value` with every number in plain objects and arrays rounded to `sig`
 * significant digits (default 9). Class instances and Dates are kept by reference; the input is
 * never mutated; `sig <= 0 || sig >= 17` returns `value` itself.
 */
export declare function roundFloats<T>(value: T, sig?: number): T;

/** A finite number (or numeric string) as given; anything else gives 9. */
export declare function resolvePrecision(raw: unknown): number;

// ---------------------------------------------------------------------------------------------
// Summary-first summarizers (issue 4). Each is a pure function: the producer's full output and
// the agent's query in, the agent payload out. Inputs are never mutated; data keys such as
// `__proto__` come back as ordinary own keys. Histogram keys keep first-seen order (except
// integer-like keys, which every JS object lists first).

/**
 * A query flag as tool arguments or URL query strings carry it: `true`, a non-zero number, or a
 * string other than `""`, `"0"` and `"false"` turns it on.
 */
export type Flag = boolean | number | string;

/** A scene entity as the scene-state producer returns it. */
export interface SceneEntity {
  id: number;
  name: string;
  traits: string[];
  /** 0 = root. */
  parentId: number;
  sortOrder: number;
  layer?: string | null;
  guid?: string;
  isResource?: boolean;
  editorFolder?: string;
  /** Each trait's field values, by trait name. */
  values?: { [trait: string]: { [field: string]: unknown } };
  /** Copied to the output when `world=1` asks for it. */
  world?: unknown;
  /** Copied to the output when `bounds=1` asks for it. */
  bounds?: unknown;
  /** Copied to the output when `contacts=1` asks for it. */
  contacts?: unknown;
}

/** The agent's query for {@link sceneState}. */
export interface SceneStateQuery {
  /** Exact entity id (a numeric string also works). Targets. */
  id?: number | string;
  /** Exact full GUID. Targets; no match gives an empty list and a warning. */
  guid?: string;
  /** Return only this trait's values. Targets (does not filter entities). */
  trait?: string;
  /** Case-insensitive substring of the entity name. Targets. */
  name?: string;
  /** `Trait.field <op> value`, op one of `= == != > >= < <= ~`. Targets when it parses. */
  where?: string;
  /** All field values for an untargeted listing. */
  full?: Flag;
  world?: Flag;
  bounds?: Flag;
  contacts?: Flag;
  /** Keep resource entities in an untargeted listing. */
  resources?: Flag;
  /** Entities to return; default 200 in index mode, unlimited otherwise. Always wins. */
  limit?: number | string;
}

/** Options of {@link sceneState}. */
export interface SceneStateOptions {
  /** Echoed as `scenePath` (null when absent). */
  scenePath?: string;
  /** Trait registry used to validate `where`; default: the traits and fields present in the data. */
  traits?: { [trait: string]: { fields?: string[] } };
  /** Emit this many leading hex digits of each GUID in the index (12 = {@link shortGuid}); 6..32. Default: full GUIDs. */
  guidPrefix?: number;
}

/** An entity of the names-only index. */
export interface SceneIndexEntity {
  id: number;
  /** The GUID (or its prefix with `guidPrefix`), or `String(id)` when the entity has none. */
  guid: string;
  name: string;
  parentId: number | null;
  layer: string | null;
  traits: string[];
}

/** An entity with field values (targeted or enriched queries). */
export interface SceneValueEntity {
  id: number;
  name: string;
  parentId: number | null;
  layer: string | null;
  traits: { [trait: string]: { [field: string]: unknown } };
  world?: unknown;
  bounds?: unknown;
  contacts?: unknown;
}

/** The payload of {@link sceneState}; optional keys appear only when they apply, in this order. */
export interface SceneStateResult {
  scenePath: string | null;
  /** Entities returned. */
  entityCount: number;
  entities: Array<SceneIndexEntity | SceneValueEntity>;
  truncated?: true;
  totalCount?: number;
  warnings?: string[];
  hint?: string;
}

/**
 * The scene index by default (identity + trait names, limit 200, a drill-down hint); field values
 * when the query targets (`id`, `guid`, `trait`, `name`, a parsable `where`) or enriches (`full`,
 * `world`, `bounds`, `contacts`). Resource entities are dropped unless `resources` or targeted.
 */
export declare function sceneState(entities: readonly SceneEntity[], query?: SceneStateQuery, options?: SceneStateOptions): SceneStateResult;

/** A screen-space rect. */
export interface ScreenRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A layout entry as the layout-bounds producer returns it. */
export interface LayoutEntry {
  id: number;
  name: string;
  layer: string | null;
  screen: ScreenRect | null;
  onScreen: boolean;
  zeroSize: boolean;
  worldAABB?: unknown;
  /** Used for ancestry when `options.entities` is not given. */
  parentId?: number | null;
}

/** The agent's query for {@link layoutBounds}. */
export interface LayoutBoundsQuery {
  /** Narrow to these ids (a comma-separated string also works); non-empty returns rects. */
  ids?: Array<number | string> | string;
  /** Narrow to one layer; returns rects. */
  layer?: string;
  /** Return the (narrowed) entries. */
  entities?: Flag;
  /** Return the overlapping pairs. */
  overlaps?: Flag;
  /** A finite limit keeps a prefix of the returned entries. Default: all. */
  limit?: number;
}

/** Options of {@link layoutBounds}. */
export interface LayoutBoundsOptions {
  /** Every scene entity, for walking ancestry (an ancestor need not have a rect). Default: the entries' own `parentId`. */
  entities?: ReadonlyArray<{ id: number | string; parentId?: number | string | null }>;
}

/** One overlapping pair, `a` before `b` in entry order. */
export interface OverlapPair {
  a: number;
  b: number;
  layer: string | null;
}

/** The payload of {@link layoutBounds}. */
export interface LayoutBoundsResult {
  count: number;
  /** Key: the layer, or `"null"`. */
  layerCounts: { [layer: string]: number };
  offScreen: number[];
  offScreenCount: number;
  zeroSize: number[];
  zeroSizeCount: number;
  overlapsCount: number;
  entities?: LayoutEntry[];
  truncated?: true;
  totalCount?: number;
  overlaps?: OverlapPair[];
  hint?: string;
}

/**
 * Layout counts first: per layer, off-screen, zero-size and the number of overlapping same-layer
 * pairs (computed with a sweep, never the O(n²) loop); rects only with `entities`, `ids` or
 * `layer`, pairs only with `overlaps`.
 */
export declare function layoutBounds(entries: readonly LayoutEntry[], query?: LayoutBoundsQuery, options?: LayoutBoundsOptions): LayoutBoundsResult;

/** An asset as the asset scan returns it. */
export interface Asset {
  guid: string;
  path: string;
  name: string;
  type: string;
}

/** The agent's query for {@link listAssets}. */
export interface ListAssetsQuery {
  /** Exact type. */
  type?: string;
  /** Path prefix. */
  folder?: string;
  /** Case-insensitive substring of name or path. */
  name?: string;
  /** Entries to return (alone, it switches to entries). Default: all. */
  limit?: number | string;
  /** Every entry. */
  all?: Flag;
}

/** The bare {@link listAssets} payload. */
export interface AssetCounts {
  total: number;
  byType: { [type: string]: number };
  hint: string;
}

/** The filtered {@link listAssets} payload; `hint` only when nothing matched. */
export interface AssetEntries {
  count: number;
  assets: Asset[];
  truncated?: true;
  totalCount?: number;
  hint?: string;
}

/** Per-type counts by default; entries for `type`/`folder`/`name` (ANDed), `limit` or `all`. */
export declare function listAssets(assets: readonly Asset[], query?: ListAssetsQuery): AssetCounts | AssetEntries;

/** One trait's schema. */
export interface TraitSchema {
  category?: string;
  fields?: unknown[];
  [key: string]: unknown;
}

/** The trait registry as the editor returns it. */
export interface TraitRegistry {
  schemaAvailable?: boolean;
  traits: { [name: string]: TraitSchema };
}

/** The agent's query for {@link listTraits}. */
export interface ListTraitsQuery {
  /** One trait's schema. */
  name?: string;
  /** Every schema. */
  all?: Flag;
}

/** The bare {@link listTraits} payload. */
export interface TraitIndex {
  schemaAvailable: boolean;
  traitCount: number;
  /** Names by category (`"other"` when a trait has none). */
  byCategory: { [category: string]: string[] };
  hint: string;
}

/** `name=` or `all` payload of {@link listTraits}. */
export interface TraitSchemas {
  schemaAvailable: boolean;
  traits: { [name: string]: TraitSchema };
}

/** An unknown `name=`; the caller turns it into `err(error)`. */
export interface TraitLookupError {
  error: string;
}

/** Names by category by default; one schema with `name`, all with `all`. */
export declare function listTraits(schema: TraitRegistry, query?: ListTraitsQuery): TraitIndex | TraitSchemas | TraitLookupError;

/** Options of {@link tailWithCounts}. */
export interface TailOptions {
  /** Items to keep from the end, when finite (`<= 0` keeps none). */
  limit?: number;
  /** Used when `limit` is not a finite number. */
  defaultLimit?: number;
}

/** The payload of {@link tailWithCounts}. */
export interface TailResult<T> {
  /** The last `n` items (the caller's own objects). */
  items: T[];
  total: number;
  truncated: boolean;
  /** Histogram of `typeOf` over all items (`null`/`undefined` keyed `"?"`). */
  byType: { [type: string]: number };
}

/** The shared ring-buffer tail: last `n` items plus a histogram over all of them. `typeOf` is called once per item, in order. */
export declare function tailWithCounts<T>(items: readonly T[], typeOf: (item: T, index: number) => unknown, options?: TailOptions): TailResult<T>;

/** A console entry. */
export interface ConsoleEntry {
  level: string;
  ts: number;
  text: string;
}

/** The agent's query for {@link consoleLogs}. */
export interface ConsoleLogsQuery {
  level?: string;
  /** Only entries with `ts > since`. */
  since?: number;
  /** Default 50. */
  limit?: number;
}

/** The payload of {@link consoleLogs}. */
export interface ConsoleLogsResult {
  logs: ConsoleEntry[];
  total: number;
  byLevel: { [level: string]: number };
  truncated?: true;
  hint?: string;
}

/** The last 50 console entries (after `level`/`since` filters) plus `byLevel` over all of them. */
export declare function consoleLogs(entries: readonly ConsoleEntry[], query?: ConsoleLogsQuery): ConsoleLogsResult;

/** A game journal event. */
export interface JournalEvent {
  tick: number;
  type: string;
  payload?: unknown;
  cap: unknown;
  level: unknown;
}

/** The agent's query for {@link journalEvents}. */
export interface JournalEventsQuery {
  type?: string;
  /** Default 100. */
  limit?: number;
}

/** The payload of {@link journalEvents}. */
export interface JournalEventsResult {
  count: number;
  total: number;
  byType: { [type: string]: number };
  events: JournalEvent[];
  truncated?: true;
  hint?: string;
}

/** The last 100 journal events (after `type`) plus `byType` over all of them. */
export declare function journalEvents(events: readonly JournalEvent[], query?: JournalEventsQuery): JournalEventsResult;

/** An editor journal event. */
export interface EditorJournalEvent {
  seq: number;
  type: string;
  [key: string]: unknown;
}

/** A timeline event (merged view). */
export interface TimelineEvent {
  type?: string;
  [key: string]: unknown;
}

/** The agent's query for {@link editorJournal}. */
export interface EditorJournalQuery {
  /** Also tail `game` and `timeline`. */
  merged?: Flag;
  game?: readonly JournalEvent[];
  timeline?: readonly TimelineEvent[];
  /** Cursor: the oldest editor events with `seq > since` (head, not tail). */
  since?: number;
  /** Default 100. */
  limit?: number;
}

/** The payload of {@link editorJournal}. */
export interface EditorJournalResult {
  editor: EditorJournalEvent[];
  editorTotal: number;
  byType: { [type: string]: number };
  truncated?: true;
  hint?: string;
  /** `seq` of the last returned editor event: pass it as `since` to read on. */
  nextSeq?: number;
  game?: JournalEvent[];
  gameTotal?: number;
  gameByType?: { [type: string]: number };
  timeline?: TimelineEvent[];
  timelineTotal?: number;
}

/** The last 100 editor events (or the first 100 after a `since` cursor); merged adds game + timeline tails. */
export declare function editorJournal(editor: readonly EditorJournalEvent[], query?: EditorJournalQuery): EditorJournalResult;

/** Summary statistics of one watch series. */
export interface WatchStats {
  first: number;
  last: number;
  min: number;
  max: number;
  delta: number;
  settled: boolean;
}

/** One watch sample. */
export interface WatchSample {
  [key: string]: unknown;
}

/** One watch series as the producer returns it. */
export interface WatchSeries {
  guid: string;
  name?: string;
  field: string;
  count: number;
  despawnedAt: number | null;
  stats: WatchStats | null;
  samples: WatchSample[];
}

/** The watch producer's result. */
export interface WatchReadInput {
  series: readonly WatchSeries[];
  [key: string]: unknown;
}

/** The agent's query for {@link watchRead}. */
export interface WatchReadQuery {
  /** Keep the raw samples. Default: stats only. */
  samples?: Flag;
  /** Series to return. Default 100. */
  limit?: number;
}

/** The payload of {@link watchRead}: the input's keys, series summarized, then the added keys. */
export interface WatchReadResult {
  series: Array<Omit<WatchSeries, 'samples'> & { samples?: WatchSample[] }>;
  seriesTotal?: number;
  seriesTruncated?: true;
  totalSamples?: number;
  hint?: string;
  [key: string]: unknown;
}

/** Stats only by default (floats at 9 significant digits, series capped at 100); `samples` opts in to the time-series. */
export declare function watchRead(result: WatchReadInput, query?: WatchReadQuery): WatchReadResult;

/** One interaction handle. */
export interface Handle {
  id: string | number;
  editor?: string;
  kind?: string;
  x?: number;
  y?: number;
  rect?: unknown;
  [key: string]: unknown;
}

/** The handles producer's result. */
export interface HandlesInput {
  handles: readonly Handle[];
  [key: string]: unknown;
}

/** The agent's query for {@link handles}. */
export interface HandlesQuery {
  editor?: string;
  kind?: string;
  ids?: Array<string | number> | string;
}

/** The payload of {@link handles}: counts when bare, the filtered handles otherwise. */
export interface HandlesResult {
  handles?: Handle[];
  byEditor?: { [editor: string]: number };
  byKind?: { [kind: string]: number };
  hint?: string;
  [key: string]: unknown;
}

/** `byEditor`/`byKind` counts by default (missing values keyed `'?'`); handle geometry for `editor`, `kind` or `ids`. */
export declare function handles(result: HandlesInput, query?: HandlesQuery): HandlesResult;

/** A scene edit's backend response. */
export interface SceneEditInput {
  ok?: boolean;
  changed?: number;
  errors?: string[];
  warnings?: string[];
  scene?: unknown;
}

/** The payload of {@link sceneEditResult}. */
export interface SceneEditResult {
  ok: boolean;
  changed: number;
  errors: string[];
  warnings: string[];
  scene?: unknown;
}

/** `{ ok, changed, errors, warnings }`; the scene echo (~10k tokens nobody read) only with `returnScene: true`. */
export declare function sceneEditResult(result: SceneEditInput, query?: { returnScene?: Flag }): SceneEditResult;

/** A captured screenshot. */
export interface Screenshot {
  path?: string;
  width?: number;
  height?: number;
  /** PNG bytes, base64. */
  base64?: string;
}

/** Path and pixel dimensions as text; the image block only with `inline: true` (default off: a full-resolution blob is ~1800px of base64). */
export declare function screenshotResult(shot: Screenshot, options?: { inline?: boolean }): ToolResult;

/** The first 12 hex digits of a GUID, dashes removed: a pure function, stable across calls. Non-GUID text is returned unchanged. */
export declare function shortGuid(guid: string): string;

/**
 * The full GUID for a prefix (6+ hex digits, dashes allowed) among `known`; a full GUID passes
 * through. Throws an `Error` with `code`: `GUID_PREFIX_TOO_SHORT`, `INVALID_GUID`,
 * `AMBIGUOUS_GUID` (the message lists the candidates — never a first match) or `UNKNOWN_GUID`.
 */
export declare function resolveGuid(prefixOrGuid: string, known: Iterable<string>): string;

/** FNV-1a GUID over the UTF-16 code units of `${n}:${seed}`, n = 0..3. Frozen: persisted in user files. */
export declare function deriveGuid(seed: string): string;
/** The BPE encodings counted exactly: tiktoken's names. */
export type TokenEncoding = 'cl100k_base' | 'o200k_base';
/** The chars-per-token heuristics {@link estimateTokens} implements. */
export type EstimateMethod = 'chars/4' | 'chars/3.5';

/** `'cl100k_base'`: the default encoding (GPT-4 / GPT-3.5); o200k is loaded only when asked for. */
export declare const DEFAULT_ENCODING: 'cl100k_base';
/** `['chars/4', 'chars/3.5']`: the estimates a {@link tokenReport} compares with the real count. */
export declare const ESTIMATE_METHODS: readonly EstimateMethod[];

/**
 * Exact token count of `text`, identical to tiktoken's `encode_ordinary(text).length`
 * (special-token text such as `<|endoftext|>` counts as ordinary text). Lone surrogates count
 * as U+FFFD, as `TextEncoder` (and every tiktoken JS binding) turns them into it.
 * Default encoding `'cl100k_base'`; an unknown one throws an Error with code `UNKNOWN_ENCODING`
 * naming the supported ones; a non-string `text` throws a TypeError with code `INVALID_TEXT`.
 */
export declare function countTokens(text: string, encoding?: TokenEncoding): number;

/**
 * True when `text` has at most `limit` tokens. Stops counting as soon as the limit is passed
 * (and counts nothing when `text.length * 3 <= limit`). A NaN limit never fits.
 */
export declare function fitsTokenBudget(text: string, limit: number, encoding?: TokenEncoding): boolean;

/**
 * The heuristic people use instead of a tokenizer: `Math.ceil(text.length / 4)` (default) or
 * `Math.ceil(text.length / 3.5)`, in UTF-16 units. An unknown method throws `UNKNOWN_METHOD`.
 */
export declare function estimateTokens(text: string, method?: EstimateMethod): number;

/** One field path's cost in a {@link TokenReport}. */
export interface FieldTokens {
  /** Key path with array indices collapsed (`entities[].guid`); `(root)` for the top level's own bytes. */
  path: string;
  /** UTF-16 units this path owns in the compact JSON. */
  chars: number;
  /** Tokens whose first byte this path owns. */
  tokens: number;
  /** `chars / total chars * 100`. */
  charShare: number;
  /** `tokens / total tokens * 100`. */
  tokenShare: number;
}

/** What {@link tokenReport} returns. */
export interface TokenReport {
  encoding: TokenEncoding;
  /** UTF-16 units of the compact JSON (`.length`). */
  chars: number;
  /** UTF-8 bytes of the compact JSON. */
  bytes: number;
  /** Real tokens of the compact JSON. */
  tokens: number;
  /** Each estimate and its error: `(estimate - tokens) / tokens * 100` (negative = under-reports). */
  estimates: Array<{ method: EstimateMethod; tokens: number; errorPercent: number }>;
  /** Per-path costs, most tokens first; chars and tokens each sum exactly to the totals. */
  fields: FieldTokens[];
}

/**
 * Where the tokens of `JSON.stringify(data)` go: totals, the chars/N estimates with their error,
 * and each field path's share of chars and tokens (the text is tokenized once; each token is
 * attributed to the path owning its first byte, so shares sum to 100%). Default encoding cl100k.
 */
export declare function tokenReport(data: unknown, options?: { encoding?: TokenEncoding }): TokenReport;
/** Separator of TOON array values and table cells. */
export type ToonDelimiter = ',' | '\t' | '|';

/** Options for {@link toToon} and {@link toonResult}. */
export interface ToonOptions {
  /**
   * Separator of array values and table cells. Default `','` for {@link toToon} (the spec's and
   * `@toon-format/toon`'s default) and `'|'` for {@link toonResult} (prose cells rarely hold a
   * pipe, so fewer cells need quotes). Anything else throws `INVALID_OPTION`.
   */
  delimiter?: ToonDelimiter;
  /** Spaces per nesting level, an integer from 1 to 16. Default 2 (the spec's default). */
  indentSize?: number;
}

/** An `Error` thrown by this package with a `code` a caller can branch on. */
export interface CodedError extends Error {
  code: 'INVALID_OPTION' | 'INVALID_INPUT';
}

/**
 * Encodes `value` as TOON (Token-Oriented Object Notation, spec v4): uniform arrays of objects
 * become one header plus one delimited row each, so keys are paid once. Output is byte-identical
 * to `@toon-format/toon` 4.4.0's `encode(value, options)`, including its normalization of
 * non-JSON values (undefined → null, BigInt → number or digits, Date → ISO string, Map/Set,
 * class instances → null). Numbers print as JavaScript prints them.
 * Throws a {@link CodedError}: `INVALID_OPTION` for bad options; `INVALID_INPUT` (a `TypeError`)
 * for a lone surrogate (the reference's message), a cycle, or nesting deeper than 128 levels.
 */
export declare function toToon(value: unknown, options?: ToonOptions): string;

/** A {@link ToolResult} with one text block: `toToon(data, options)`, pipe delimiter by default. */
export declare function toonResult(data: unknown, options?: ToonOptions): ToolResult;

/** One action of a grouped tool, for {@link toonDescription}. */
export interface ToonAction {
  /** The discriminator value that selects this action. */
  name: string;
  /** One line on what it does. Default `''`. */
  description?: string;
  /** Required parameter names; written joined with `,` (an empty list as `""`). Default `[]`. */
  required?: string[];
  /** True when the action changes or deletes data; adds a `destructive` column. */
  destructive?: boolean;
}

/** A grouped tool: one tool whose `discriminator` parameter selects an action. */
export interface ToonTool {
  name: string;
  /** Used for the header line; the tool name when empty or absent. */
  description?: string;
  /** The parameter that selects the action. Default `'action'`. */
  discriminator?: string;
  actions: ToonAction[];
}

/**
 * A compact tool description: ``${description || name}. Select operation via the `${discriminator}` parameter.``,
 * a blank line, then the actions as one `|`-delimited TOON table `actions[N|]{action|desc|required}:`
 * (plus a `destructive` column, `true` or `""`, only when some action is destructive).
 * Throws a {@link CodedError} `INVALID_INPUT` for a malformed tool.
 */
export declare function toonDescription(tool: ToonTool): string;

/** Options for {@link limitCollection} and {@link limitResult}. */
export interface LimitOptions {
  /** Replaces the advice sentence of the summary. Default `'Use filters to narrow results.'`. */
  hint?: string;
}

/** What {@link limitCollection} returns; `summary` is present only when items were cut. */
export interface LimitedCollection<T> {
  /** The first `max` items (a new array; the input is never shared or mutated). */
  items: T[];
  shown: number;
  hidden: number;
  /**
   * `Dataset truncated. ${max} shown, ${hidden} hidden. ${advice}`, or
   * `All ${n} items hidden. ${advice}` when max is 0.
   */
  summary?: string;
}

/**
 * Caps a collection at `max` items (a non-negative integer) and, only when it cuts, says what
 * was cut and what to do. Throws a {@link CodedError} for a non-array or a bad `max`/`hint`.
 */
export declare function limitCollection<T>(items: T[], max: number, options?: LimitOptions): LimitedCollection<T>;

/**
 * A {@link ToolResult}: first block the kept items as compact JSON (never throws: cycles and
 * BigInts as in {@link encode}), second block `📊 Summary: ${summary}` only when items were cut.
 */
export declare function limitResult(items: unknown[], max: number, options?: LimitOptions): ToolResult;

/**
 * Keeps only `fields` of an object, or of each item of an array. Dotted paths (`transform.x`,
 * `entities.name`) select inside nested objects and arrays; a whole field wins over paths inside
 * it; a path through a primitive keeps the primitive. Output keys follow the order of `fields`.
 * Only own properties are read and `__proto__` is written as data, so no prototype is touched.
 * Unknown fields are ignored; an empty or absent selection returns `data` itself.
 */
export declare function select(data: unknown, fields?: readonly string[]): unknown;

/**
 * The selectable root fields of a JSON Schema (for a tool's `_select` enum): the keys of
 * `properties` — of `items` for an array schema — united across anyOf/oneOf/allOf.
 */
export declare function selectSchema(jsonSchema: unknown): string[];

/** Static inflation risk level of a response schema. */
export type InflationRiskLevel = 'low' | 'medium' | 'high' | 'critical';

/** What {@link inflationRisk} returns. */
export interface InflationReport {
  /**
   * `critical`: an array without `maxItems` whose items have more than 10 fields; `high`: any
   * array without `maxItems`; `medium`: more than 20 properties in the schema; else `low`.
   */
  risk: InflationRiskLevel;
  /** Properties declared anywhere in the schema. */
  fieldCount: number;
  /** Arrays without `maxItems`: data path (`$.rows[]`) and fields per item (nested objects counted). */
  unbounded: Array<{ path: string; fieldsPerItem: number }>;
  /**
   * Upper bound on the tokens of any response the schema admits, present only when every part
   * is bounded: the worst-case UTF-8 bytes of its compact JSON (every byte-level BPE token is at
   * least one byte). Strings count 6 bytes per `maxLength` character, numbers 25.
   */
  boundTokens?: number;
  /** Present (true) when the schema was too deep or large to walk completely. */
  truncated?: true;
}

/** Static inflation risk of a tool's output JSON Schema, read from its real bounds. */
export declare function inflationRisk(outputJsonSchema: unknown): InflationReport;

// ---- The tool menu as a budget (docs/menu.md) ----

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

/**
 * Real-token cost of a `tools/list` result: per tool the compact JSON of the whole tool object
 * (what a model receives) and, separately, its name, description and input schema, with
 * chars/4 beside it; the total; tools sorted biggest first. Default encoding cl100k_base.
 * Throws `INVALID_TOOLS` unless `tools` is an array of objects with a string `name`.
 */
export declare function menuCost(tools: readonly McpTool[], options?: { encoding?: TokenEncoding }): MenuCost;

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

// ---- Response profiler, JSON-or-TOON choice, budget lockfile (issue 5) ----

/** Sizes of a block or a group of blocks. */
export interface ProfileSize {
  /** UTF-16 code units. */
  chars: number;
  /** UTF-8 bytes. */
  bytes: number;
  /** Real BPE tokens in the chosen encoding. */
  tokens: number;
  /** `Math.ceil(chars / 3.5)`, the framework heuristic, for contrast. */
  estimatedTokens: number;
}

/** Options for {@link profileResponse}. */
export interface ProfileOptions {
  /** How many blocks at the end are overhead (system rules, UI). Default 0. */
  overheadBlocks?: number;
  /** Upper bounds of the risk bands in total tokens. Default `{ low: 1000, medium: 4000, high: 8000 }`. */
  thresholds?: { low?: number; medium?: number; high?: number };
  /** Overhead / data ratio above which `OVERHEAD WARNING` fires. Default 0.3. */
  maxOverheadRatio?: number;
  /** Default `'cl100k_base'`. */
  encoding?: 'cl100k_base' | 'o200k_base';
}

export type Risk = 'low' | 'medium' | 'high' | 'critical';

/** What {@link profileResponse} returns. */
export interface ResponseProfile {
  toolName: string;
  encoding: 'cl100k_base' | 'o200k_base';
  blocks: Array<{ index: number; type: string; role: 'payload' | 'overhead'; size: ProfileSize }>;
  payload: ProfileSize;
  overhead: ProfileSize;
  total: ProfileSize;
  /** overhead tokens / payload tokens: `Infinity` with overhead but no payload, 0 with neither. */
  overheadRatio: number;
  risk: Risk;
  /** `COGNITIVE OVERLOAD: …`, `HIGH TOKEN DENSITY: …`, `OVERHEAD WARNING: …`, or null. */
  advisory: string | null;
}

/** Measures a tool response's blocks in real tokens and classifies its risk. */
export declare function profileResponse(toolName: string, blocks: Array<{ type: string; text?: string }>, options?: ProfileOptions): ResponseProfile;

/** What {@link chooseEncoding} returns: the cheaper text and both counts. */
export interface EncodingChoice {
  format: 'json' | 'toon';
  text: string;
  jsonTokens: number;
  toonTokens: number;
  savedTokens: number;
  encoding: 'cl100k_base' | 'o200k_base';
}

/** Encodes as compact JSON and as TOON, counts both, returns the cheaper (JSON on a tie). */
export declare function chooseEncoding(data: unknown, options?: { encoding?: 'cl100k_base' | 'o200k_base'; delimiter?: ',' | '\t' | '|'; indentSize?: number }): EncodingChoice;

/** A tool as {@link budgetLock} reads it: a `tools/list` entry plus optional declared limits. */
export interface LockTool {
  name: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  /** `maxItems` caps every collection in the response; `maxTokens` caps the whole response. */
  limits?: { maxItems?: number; maxTokens?: number };
}

/** One tool's entry in the lockfile. */
export interface LockEntry {
  descriptionTokens: number;
  inputSchemaDigest: string;
  inflationRisk: Risk;
  /** Present when the output schema (or `limits.maxTokens`) bounds the response. */
  boundTokens?: number;
  digest: string;
}

/** The budget lockfile. */
export interface BudgetLock {
  integrityDigest: string;
  lockfileVersion: 1;
  tools: { [name: string]: LockEntry };
}

/** Builds the lockfile (keys sorted; digests over canonical JSON, so stable across machines). */
export declare function budgetLock(tools: LockTool[] | { tools: LockTool[] }, options?: { encoding?: 'cl100k_base' | 'o200k_base' }): BudgetLock;

/** The lockfile's bytes: sorted keys, two-space indent, trailing newline. */
export declare function serializeLock(lock: BudgetLock): string;

/** What {@link checkLock} returns. */
export interface LockCheck {
  ok: boolean;
  added: string[];
  removed: string[];
  changed: string[];
  escalations: Array<{ tool: string; what: 'inflationRisk' | 'descriptionTokens'; from: string | number; to: string | number }>;
  /** False when the previous lock's integrityDigest does not match its tools (hand-edited). */
  integrityOk: boolean;
  /** What changed and how to accept it. */
  message: string;
}

/** Compares a committed lock with the current one. `tolerance` (default 0.1) is the description-token growth allowed. */
export declare function checkLock(previous: BudgetLock, current: BudgetLock, options?: { tolerance?: number }): LockCheck;
