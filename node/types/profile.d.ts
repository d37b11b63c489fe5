import type { TokenEncoding } from './tokens.js';
import type { ToonDelimiter } from './toon.js';
import type { InflationRiskLevel, InflationReport, ProfileSize, ResponseProfile } from './generated/profile.js';
import type { LockEntry, LockCheck } from './generated/lock.js';

// The result shapes are generated from the Rust structs they are serialized from
// (src/profile/inflation.rs, src/profile/response.rs, src/profile/lock.rs); the options and
// signatures are here.
export type { InflationRiskLevel, InflationReport, ProfileSize, ResponseProfile, LockEntry, LockCheck };
export type { UnboundedArray, BlockProfile, BlockRole } from './generated/profile.js';

/** Static inflation risk of a tool's output JSON Schema, read from its real bounds. */
export declare function inflationRisk(outputJsonSchema: unknown): InflationReport;

/** Options for {@link profileResponse}. */
export interface ProfileOptions {
  /** How many blocks at the end are overhead (system rules, UI). Default 0. */
  overheadBlocks?: number;
  /** Upper bounds of the risk bands in total tokens. Default `{ low: 1000, medium: 4000, high: 8000 }`. */
  thresholds?: { low?: number; medium?: number; high?: number };
  /** Overhead / data ratio above which `OVERHEAD WARNING` fires. Default 0.3. */
  maxOverheadRatio?: number;
  /** Default `'cl100k_base'`. */
  encoding?: TokenEncoding;
}

/** The risk scale of a {@link ResponseProfile} and a {@link LockEntry}: the same four levels. */
export type Risk = InflationRiskLevel;

/** Measures a tool response's blocks in real tokens and classifies its risk. */
export declare function profileResponse(
  toolName: string,
  blocks: Array<{ type: string; text?: string }>,
  options?: ProfileOptions,
): ResponseProfile;

/** What {@link chooseEncoding} returns: the cheaper text and both counts. */
export interface EncodingChoice {
  format: 'json' | 'toon';
  text: string;
  jsonTokens: number;
  toonTokens: number;
  savedTokens: number;
  encoding: TokenEncoding;
}

/** Options for {@link chooseEncoding}: the encoding to count in and the TOON options. */
export interface ChooseEncodingOptions {
  /** Default `'cl100k_base'`. */
  encoding?: TokenEncoding;
  /** TOON delimiter. Default `','`. */
  delimiter?: ToonDelimiter;
  /** TOON indent. Default 2. */
  indentSize?: number;
}

/** Encodes as compact JSON and as TOON, counts both, returns the cheaper (JSON on a tie). */
export declare function chooseEncoding(data: unknown, options?: ChooseEncodingOptions): EncodingChoice;

/** A tool as {@link budgetLock} reads it: a `tools/list` entry plus optional declared limits. */
export interface LockTool {
  name: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  /** `maxItems` caps every collection in the response; `maxTokens` caps the whole response. */
  limits?: { maxItems?: number; maxTokens?: number };
}

/** The budget lockfile. */
export interface BudgetLock {
  integrityDigest: string;
  lockfileVersion: 1;
  tools: { [name: string]: LockEntry };
}

/** Options for {@link budgetLock}. */
export interface BudgetLockOptions {
  /** Encoding of the description token counts. Default `'cl100k_base'`. */
  encoding?: TokenEncoding;
}

/**
 * Builds the lockfile (keys sorted; digests over canonical JSON, so stable across machines).
 * Throws `DUPLICATE_TOOL` when two tools share a name.
 */
export declare function budgetLock(
  tools: readonly LockTool[] | { tools: readonly LockTool[] },
  options?: BudgetLockOptions,
): BudgetLock;

/** The lockfile's bytes: sorted keys, two-space indent, trailing newline. */
export declare function serializeLock(lock: BudgetLock): string;

/** Options for {@link checkLock}. */
export interface CheckLockOptions {
  /** Relative growth of a description's tokens allowed before it is an escalation. Default 0.1. */
  tolerance?: number;
  /**
   * What the message of a failed check says to run and commit to accept the change. Default
   * `modoki-budget lock <tools.json>` and `modoki-budget.lock`; the CLI passes the command and
   * file it was run with.
   */
  regenerate?: { command?: string; lockfile?: string };
}

/** Compares a committed lock with the current one. Throws `INVALID_LOCKFILE` for a lock this package did not write. */
export declare function checkLock(previous: BudgetLock, current: BudgetLock, options?: CheckLockOptions): LockCheck;
