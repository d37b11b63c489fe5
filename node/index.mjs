// ESM entry: the same instance as the CommonJS entry, so `import` and `require` share one
// WebAssembly module.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const api = require('./index.cjs');

export const {
  MAX_PAYLOAD_CHARS,
  DEFAULT_FLOAT_PRECISION,
  encode,
  capText,
  summarize,
  createFormatter,
  isFailureBody,
  roundSig,
  roundFloats,
  resolvePrecision,
  sceneState,
  layoutBounds,
  listAssets,
  listTraits,
  tailWithCounts,
  consoleLogs,
  journalEvents,
  editorJournal,
  watchRead,
  handles,
  sceneEditResult,
  screenshotResult,
  shortGuid,
  resolveGuid,
  deriveGuid,
  DEFAULT_ENCODING,
  ESTIMATE_METHODS,
  countTokens,
  fitsTokenBudget,
  estimateTokens,
  tokenReport,
  DEFAULT_MAX_DESCRIPTION_TOKENS,
  menuCost,
  lintDescription,
  groupTools,
  menuFor,
} = api;
export default api;
