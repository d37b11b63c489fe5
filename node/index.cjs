'use strict';
// The public API of modoki-budget: one barrel over the capability modules. Each module owns
// one capability; this file only lists what is exported.
//
// Every capability, the formatter (encode, the result helpers and rounding: ./formatting.cjs,
// which is also the `modoki-budget/formatter` entry) included, is required on first use of one
// of its exports (a getter below), so `require('modoki-budget')` compiles this file alone: a
// process that only counts tokens never compiles the result layer, one that only formats never
// compiles the tokenizer's bindings. The ESM entries read the formatter's exports at import
// (scripts/entries.mjs), so both entries hand out the same functions.

/** Defines each `exportName: moduleName` of `file` on the barrel as a getter that requires it. */
function onFirstUse(file, names) {
  let mod = null;
  for (const [exportName, moduleName] of Object.entries(names)) {
    Object.defineProperty(module.exports, exportName, {
      enumerable: true,
      get: () => (mod ??= require(file))[moduleName],
    });
  }
}
const same = (...names) => Object.fromEntries(names.map((n) => [n, n]));

onFirstUse(
  './formatting.cjs',
  same(
    'MAX_PAYLOAD_CHARS',
    'DEFAULT_FLOAT_PRECISION',
    'encode',
    'capText',
    'summarize',
    'retargetNarrowHint',
    'createFormatter',
    'ERROR_CODES',
    'codeFromBody',
    'codeFromStatus',
    'optionsFromBody',
    'failureDetail',
    'isFailureBody',
    'ERROR_DETAIL',
    'encodeError',
    'errorDetailOf',
    'describeShape',
    'roundSig',
    'roundFloats',
    'resolvePrecision',
  ),
);
onFirstUse('./summarizers.cjs', {
  ...same('sceneState', 'layoutBounds', 'summarizeAssets'),
  listAssets: 'summarizeAssets',
  ...same(
    'summarizeTraits',
    'handles',
    'capLabel',
    'sceneEditResult',
    'screenshotResult',
    'shortGuid',
    'resolveGuid',
    'deriveGuid',
  ),
});
onFirstUse('./handles-reply.cjs', same('isBareHandlesFilter', 'shapeHandlesReply'));
onFirstUse(
  './filter-disclosure.cjs',
  same('LIVE_VOCABULARY_CAP', 'histogram', 'describeFilter', 'liveSet', 'emptyFilterHint'),
);
onFirstUse(
  './tokens.cjs',
  same(
    'DEFAULT_ENCODING',
    'ESTIMATE_METHODS',
    'loadEncoding',
    'countTokens',
    'fitsTokenBudget',
    'estimateTokens',
    'tokenReport',
  ),
);
onFirstUse('./toon.cjs', same('toToon', 'toonResult', 'toonDescription'));
onFirstUse('./collections.cjs', same('limitCollection', 'limitResult', 'select', 'selectSchema'));
onFirstUse(
  './profile.cjs',
  same('inflationRisk', 'profileResponse', 'chooseEncoding', 'budgetLock', 'serializeLock', 'checkLock'),
);
onFirstUse('./menu-audit.cjs', same('DEFAULT_MAX_DESCRIPTION_TOKENS', 'menuCost', 'lintDescription'));
onFirstUse('./menu-rewrite.cjs', same('groupTools', 'menuFor', 'compactMenu'));
onFirstUse(
  './streams.cjs',
  same(
    'CONSOLE_TAIL_DEFAULT',
    'JOURNAL_TAIL_DEFAULT',
    'EDITOR_JOURNAL_TAIL_DEFAULT',
    'LOG_LINE_CHARS',
    'LOG_ENTRY_CHARS',
    'LOG_ANSWER_CHARS',
    'CONSOLE_LEVELS',
    'JOURNAL_LEVELS',
    'SINCE_CURSOR_BASE',
    'EPOCH_BASE',
    'CONSOLE_SEQ_CEILING',
    'tailWithCounts',
    'headWithCounts',
    'takeTail',
    'takeHead',
    'tailHint',
    'isConsoleLevel',
    'atConsoleLevel',
    'capLogText',
    'fitLogBudget',
    'encodedSize',
    'consoleLogs',
    'journalEvents',
    'editorJournal',
    'watchRead',
  ),
);
// MCP servers: one budget for every tool (docs/mcp.md).
onFirstUse('./mcp/with-budget.cjs', same('withBudget'));
onFirstUse('./mcp/policy.cjs', same('createBudgetPolicy'));
// Result stores: where withBudget keeps over-cap results (docs/mcp.md, deployments).
onFirstUse('./mcp/stores/memory.cjs', same('memoryStore'));
onFirstUse('./mcp/stores/redis.cjs', same('redisStore'));
// Past the cap: the result's own shape, the rows that matter (docs/mcp.md, the preview).
onFirstUse('./mcp/preview.cjs', same('previewResult'));
// The presets alone: a constant the ESM entry reads at import, so not the whole policy.
onFirstUse('./mcp/options.cjs', same('BUDGET_PRESETS'));
