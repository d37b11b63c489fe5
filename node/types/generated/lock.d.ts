// generated — edit src/profile/lock.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

import type { InflationRiskLevel } from './profile.js';

/**
 * One tool's entry in the lockfile (its keys written sorted).
 */
export type LockEntry = {
  /** Real tokens of the tool's description. */
  descriptionTokens: number;
  /** SHA-256 of the input schema's canonical JSON. */
  inputSchemaDigest: string;
  /** The static inflation risk of the output schema. */
  inflationRisk: InflationRiskLevel;
  /** Present when the output schema (or `limits.maxTokens`) bounds the response. */
  boundTokens?: number;
  /** SHA-256 of the whole definition's canonical JSON. */
  digest: string;
};

/**
 * A risk rise or a description that grew past the tolerance.
 */
export type LockEscalation = {
  /** The tool's name. */
  tool: string;
  /** What rose: `inflationRisk` or `descriptionTokens`. */
  what: "inflationRisk" | "descriptionTokens";
  /** Its value in the previous lock. */
  from: string | number;
  /** Its value in the current lock. */
  to: string | number;
};

/**
 * What `checkLock` returns: the comparison, whether it passes, and the message.
 */
export type LockCheck = {
  /**
   * Whether the check passes: nothing added, removed, changed or escalated, and an intact
   * previous lock.
   */
  ok: boolean;
  /** Tools in the current lock only. */
  added: Array<string>;
  /** Tools in the previous lock only. */
  removed: Array<string>;
  /** Tools in both whose digest differs. */
  changed: Array<string>;
  /** Risk rises and descriptions grown past the tolerance. */
  escalations: Array<LockEscalation>;
  /** False when the previous lock's integrityDigest does not match its tools (hand-edited). */
  integrityOk: boolean;
  /** What changed and how to accept it. */
  message: string;
};
