// ESM entry: the same instance as the CommonJS entry, so `import` and `require` share one
// WebAssembly module and one set of modules.
//
// index.cjs loads each capability on first use of one of its exports. An ESM import binds every
// name when it is evaluated, so here the capability functions are forwarders that read the
// barrel when called, and an import costs what a require does. Constants are values and are
// read at import: their modules are small and load no WebAssembly.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const api = require('./index.cjs');

/** A function that calls the barrel's `name` export, read on each call. */
function forward(name) {
  const f = function (...args) {
    return api[name].apply(this, args);
  };
  Object.defineProperty(f, 'name', { value: name });
  return f;
}

// The formatter: loaded with the barrel.
export const {
  MAX_PAYLOAD_CHARS,
  DEFAULT_FLOAT_PRECISION,
  encode,
  capText,
  summarize,
  retargetNarrowHint,
  createFormatter,
  ERROR_CODES,
  codeFromBody,
  codeFromStatus,
  optionsFromBody,
  failureDetail,
  isFailureBody,
  ERROR_DETAIL,
  encodeError,
  errorDetailOf,
  describeShape,
  roundSig,
  roundFloats,
  resolvePrecision,
} = api;

// Constants of the other capabilities.
export const {
  LIVE_VOCABULARY_CAP,
  DEFAULT_ENCODING,
  ESTIMATE_METHODS,
  DEFAULT_MAX_DESCRIPTION_TOKENS,
  CONSOLE_TAIL_DEFAULT,
  JOURNAL_TAIL_DEFAULT,
  EDITOR_JOURNAL_TAIL_DEFAULT,
  LOG_LINE_CHARS,
  LOG_ENTRY_CHARS,
  LOG_ANSWER_CHARS,
  CONSOLE_LEVELS,
  JOURNAL_LEVELS,
  SINCE_CURSOR_BASE,
  EPOCH_BASE,
  CONSOLE_SEQ_CEILING,
  BUDGET_PRESETS,
} = api;

// The other capabilities' functions, loaded on first call.
export const sceneState = forward('sceneState');
export const layoutBounds = forward('layoutBounds');
export const summarizeAssets = forward('summarizeAssets');
// The package's older name for summarizeAssets: the same function.
export const listAssets = summarizeAssets;
export const summarizeTraits = forward('summarizeTraits');
export const handles = forward('handles');
export const capLabel = forward('capLabel');
export const sceneEditResult = forward('sceneEditResult');
export const screenshotResult = forward('screenshotResult');
export const shortGuid = forward('shortGuid');
export const resolveGuid = forward('resolveGuid');
export const deriveGuid = forward('deriveGuid');
export const histogram = forward('histogram');
export const describeFilter = forward('describeFilter');
export const liveSet = forward('liveSet');
export const emptyFilterHint = forward('emptyFilterHint');
export const countTokens = forward('countTokens');
export const fitsTokenBudget = forward('fitsTokenBudget');
export const estimateTokens = forward('estimateTokens');
export const tokenReport = forward('tokenReport');
export const toToon = forward('toToon');
export const toonResult = forward('toonResult');
export const toonDescription = forward('toonDescription');
export const limitCollection = forward('limitCollection');
export const limitResult = forward('limitResult');
export const select = forward('select');
export const selectSchema = forward('selectSchema');
export const inflationRisk = forward('inflationRisk');
export const profileResponse = forward('profileResponse');
export const chooseEncoding = forward('chooseEncoding');
export const budgetLock = forward('budgetLock');
export const serializeLock = forward('serializeLock');
export const checkLock = forward('checkLock');
export const menuCost = forward('menuCost');
export const lintDescription = forward('lintDescription');
export const groupTools = forward('groupTools');
export const menuFor = forward('menuFor');
export const tailWithCounts = forward('tailWithCounts');
export const headWithCounts = forward('headWithCounts');
export const takeTail = forward('takeTail');
export const takeHead = forward('takeHead');
export const tailHint = forward('tailHint');
export const isConsoleLevel = forward('isConsoleLevel');
export const atConsoleLevel = forward('atConsoleLevel');
export const capLogText = forward('capLogText');
export const fitLogBudget = forward('fitLogBudget');
export const encodedSize = forward('encodedSize');
export const consoleLogs = forward('consoleLogs');
export const journalEvents = forward('journalEvents');
export const editorJournal = forward('editorJournal');
export const watchRead = forward('watchRead');
export const withBudget = forward('withBudget');
export const createBudgetPolicy = forward('createBudgetPolicy');
export const previewResult = forward('previewResult');

export default api;
