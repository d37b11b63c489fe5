// generated — edit src/profile/inflation.rs, src/profile/response.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

import type { TokenEncoding } from './tokens.js';

/**
 * Static inflation risk, lowest first.
 */
export type InflationRiskLevel = "low" | "medium" | "high" | "critical";

/**
 * An array without `maxItems`, where the response data holds it (`$.users[].tags`).
 */
export type UnboundedArray = {
  /** Data path: `$` the response, `.key` a property, `[]` the items of an array. */
  path: string;
  /** Properties of one item, counted through nested objects. */
  fieldsPerItem: number;
};

/**
 * What `inflation_risk` found; serialized as `{risk, fieldCount, unbounded, boundTokens?,
 * truncated?}` (`boundTokens` only when bounded, `truncated` only when true).
 */
export type InflationReport = {
  /** The classification. */
  risk: InflationRiskLevel;
  /** Properties declared anywhere in the schema. */
  fieldCount: number;
  /** Every array without `maxItems`, in document order. */
  unbounded: Array<UnboundedArray>;
  /** Upper bound on the tokens of any response the schema admits; `None` when unbounded. */
  boundTokens?: number;
  /**
   * True when the schema was too deep or too large to walk completely (then `risk` covers
   * the part walked and `bound_tokens` is `None`).
   */
  truncated?: true;
};

/**
 * Size of some text in every unit the report shows.
 */
export type ProfileSize = {
  chars: number;
  bytes: number;
  tokens: number;
  estimatedTokens: number;
};

/**
 * Whether a block is the data the tool was called for or overhead around it.
 */
export type BlockRole = "payload" | "overhead";

/**
 * One block of a `ResponseProfile`.
 */
export type BlockProfile = {
  /** Position in the response. */
  index: number;
  /** The block's MCP content type. */
  type: string;
  role: BlockRole;
  size: ProfileSize;
};

/**
 * The profile of one response, serialized as `{toolName, encoding, blocks, payload, overhead,
 * total, overheadRatio, risk, advisory}`. JSON has no `Infinity`: an infinite `overheadRatio`
 * is written as `null`, and the JS binding reads it back as `Infinity`, the value the API
 * promises.
 */
export type ResponseProfile = {
  toolName: string;
  encoding: TokenEncoding;
  blocks: Array<BlockProfile>;
  payload: ProfileSize;
  overhead: ProfileSize;
  total: ProfileSize;
  /**
   * Overhead tokens / payload tokens: infinite (`Infinity` in JavaScript) with overhead but
   * no payload, 0 with neither.
   */
  overheadRatio: number;
  risk: InflationRiskLevel;
  advisory: string | null;
};
