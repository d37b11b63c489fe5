'use strict';
// The public API of modoki-budget: one barrel over the capability modules. Each module owns
// one capability; this file only lists what is exported.

const result = require('./result.cjs');
const errorCodes = require('./result/error-codes.cjs');
const refusal = require('./result/refusal.cjs');
const { createFormatter } = require('./result/formatter.cjs');
const { toToon, toonResult, toonDescription } = require('./toon.cjs');
const { limitCollection, limitResult, select, selectSchema } = require('./collections.cjs');
const { roundSig, roundFloats, resolvePrecision, DEFAULT_FLOAT_PRECISION } = require('./round-floats.cjs');
const summarizers = require('./summarize.cjs');
const disclosure = require('./filter-disclosure.cjs');
const tokens = require('./tokens.cjs');
const profile = require('./profile.cjs');
const menu = require('./tool-menu.cjs');
const streams = require('./streams.cjs');
const mcpPolicy = require('./mcp/policy.cjs');
const { withBudget } = require('./mcp/with-budget.cjs');

module.exports = {
  MAX_PAYLOAD_CHARS: result.MAX_PAYLOAD_CHARS,
  DEFAULT_FLOAT_PRECISION,
  encode: result.encode,
  capText: result.capText,
  summarize: result.summarize,
  retargetNarrowHint: result.retargetNarrowHint,
  createFormatter,
  ERROR_CODES: errorCodes.ERROR_CODES,
  codeFromBody: errorCodes.codeFromBody,
  codeFromStatus: errorCodes.codeFromStatus,
  optionsFromBody: errorCodes.optionsFromBody,
  failureDetail: errorCodes.failureDetail,
  isFailureBody: errorCodes.isFailureBody,
  ERROR_DETAIL: refusal.ERROR_DETAIL,
  encodeError: refusal.encodeError,
  errorDetailOf: refusal.errorDetailOf,
  describeShape: refusal.describeShape,
  roundSig,
  roundFloats,
  resolvePrecision,
  sceneState: summarizers.sceneState,
  layoutBounds: summarizers.layoutBounds,
  summarizeAssets: summarizers.summarizeAssets,
  listAssets: summarizers.summarizeAssets,
  summarizeTraits: summarizers.summarizeTraits,
  handles: summarizers.handles,
  capLabel: summarizers.capLabel,
  sceneEditResult: summarizers.sceneEditResult,
  screenshotResult: summarizers.screenshotResult,
  shortGuid: summarizers.shortGuid,
  resolveGuid: summarizers.resolveGuid,
  deriveGuid: summarizers.deriveGuid,
  LIVE_VOCABULARY_CAP: disclosure.LIVE_VOCABULARY_CAP,
  histogram: disclosure.histogram,
  describeFilter: disclosure.describeFilter,
  liveSet: disclosure.liveSet,
  emptyFilterHint: disclosure.emptyFilterHint,
  DEFAULT_ENCODING: tokens.DEFAULT_ENCODING,
  ESTIMATE_METHODS: tokens.ESTIMATE_METHODS,
  countTokens: tokens.countTokens,
  fitsTokenBudget: tokens.fitsTokenBudget,
  estimateTokens: tokens.estimateTokens,
  tokenReport: tokens.tokenReport,
  toToon,
  toonResult,
  toonDescription,
  limitCollection,
  limitResult,
  select,
  selectSchema,
  inflationRisk: profile.inflationRisk,
  profileResponse: profile.profileResponse,
  chooseEncoding: profile.chooseEncoding,
  budgetLock: profile.budgetLock,
  serializeLock: profile.serializeLock,
  checkLock: profile.checkLock,
  DEFAULT_MAX_DESCRIPTION_TOKENS: menu.DEFAULT_MAX_DESCRIPTION_TOKENS,
  menuCost: menu.menuCost,
  lintDescription: menu.lintDescription,
  groupTools: menu.groupTools,
  menuFor: menu.menuFor,
  ...streams,
  // MCP servers: one budget for every tool (docs/mcp.md).
  withBudget,
  createBudgetPolicy: mcpPolicy.createPolicy,
  BUDGET_PRESETS: mcpPolicy.PRESETS,
};
