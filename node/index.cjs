'use strict';
// The public API of modoki-budget: one barrel over the capability modules. Each module owns
// one capability; this file only lists what is exported.

const result = require('./result.cjs');
const { toToon, toonResult, toonDescription } = require('./toon.cjs');
const { limitCollection, limitResult, select, selectSchema } = require('./collections.cjs');
const { roundSig, roundFloats, resolvePrecision, DEFAULT_FLOAT_PRECISION } = require('./round-floats.cjs');
const summarizers = require('./summarize.cjs');
const tokens = require('./tokens.cjs');
const profile = require('./profile.cjs');
const menu = require('./menu.cjs');
const mcpPolicy = require('./mcp/policy.cjs');
const { withBudget } = require('./mcp/with-budget.cjs');

module.exports = {
  MAX_PAYLOAD_CHARS: result.MAX_PAYLOAD_CHARS,
  DEFAULT_FLOAT_PRECISION,
  encode: result.encode,
  capText: result.capText,
  summarize: result.summarize,
  createFormatter: result.createFormatter,
  isFailureBody: result.isFailureBody,
  roundSig,
  roundFloats,
  resolvePrecision,
  sceneState: summarizers.sceneState,
  layoutBounds: summarizers.layoutBounds,
  listAssets: summarizers.listAssets,
  listTraits: summarizers.listTraits,
  tailWithCounts: summarizers.tailWithCounts,
  consoleLogs: summarizers.consoleLogs,
  journalEvents: summarizers.journalEvents,
  editorJournal: summarizers.editorJournal,
  watchRead: summarizers.watchRead,
  handles: summarizers.handles,
  sceneEditResult: summarizers.sceneEditResult,
  screenshotResult: summarizers.screenshotResult,
  shortGuid: summarizers.shortGuid,
  resolveGuid: summarizers.resolveGuid,
  deriveGuid: summarizers.deriveGuid,
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
  // MCP servers: one budget for every tool (docs/mcp.md).
  withBudget,
  createBudgetPolicy: mcpPolicy.createPolicy,
  BUDGET_PRESETS: mcpPolicy.PRESETS,
};
