'use strict';
// Stream summaries: ring-buffer tails and heads with whole-set counts, console and journal level
// thresholds, forward cursors with their epoch, and character budgets for log text. The rules
// live in the WebAssembly core (src/summarizers/stream); helpers that take the caller's own items
// or functions (tailWithCounts, takeTail, fitLogBudget, …) run those here and ask the core only
// for the numbers, so the caller's objects come back as they are.

const wasm = require('./wasm/streams.cjs');
const { stringifyNeverThrows, jsonText } = require('./tolerant-json.cjs');

// One argument only: map() would pass its index as jsonText's fallback.
const enc = (value) => jsonText(value);

// The core's constants, written by the build (scripts/constants.mjs) so that loading this
// module does not instantiate the WebAssembly module.
const C = require('../pkg/constants.json').streams;
const freeze = (list) => Object.freeze([...list]);
const hasOwn = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);

const CONSOLE_LEVELS = freeze(C.CONSOLE_LEVELS);
const JOURNAL_LEVELS = freeze(C.JOURNAL_LEVELS);

// A limit counts only when it is a number (a string, null or undefined falls back to the
// default); NaN tells the core "not given". The default is coerced as Math.max would.
const limitArg = (limit) => (typeof limit === 'number' ? limit : NaN);

function listOf(items) {
  return Array.isArray(items) ? items : [];
}

function takeTail(items, limit, defaultLimit) {
  const list = listOf(items);
  const n = wasm.windowCount(list.length, limitArg(limit), Number(defaultLimit));
  return { items: list.slice(list.length - n), truncated: n < list.length };
}

function takeHead(items, limit, defaultLimit) {
  const list = listOf(items);
  const n = wasm.windowCount(list.length, limitArg(limit), Number(defaultLimit));
  return { items: list.slice(0, n), truncated: n < list.length };
}

// typeOf is the caller's function, so it runs here, once per item, in item order; the core
// counts the keys and sizes the window. The window is sliced from the caller's array.
function counted(items, typeOf, options, fromEnd) {
  if (typeof typeOf !== 'function') {
    throw new TypeError('tailWithCounts/headWithCounts(items, typeOf, options): typeOf must be a function');
  }
  const list = listOf(items);
  const keys = new Array(list.length);
  for (let i = 0; i < list.length; i++) keys[i] = String(typeOf(list[i], i));
  const opts = options !== null && typeof options === 'object' ? options : {};
  const limit = typeof opts.limit === 'number' && Number.isFinite(opts.limit) ? opts.limit : null;
  const fallback = Number(opts.defaultLimit);
  const plan = wasm.tailPlan(enc(keys), enc(limit), enc(fallback === Infinity ? Number.MAX_VALUE : fallback));
  const kept = fromEnd ? list.slice(list.length - plan.kept) : list.slice(0, plan.kept);
  return { items: kept, total: plan.total, truncated: plan.truncated, byType: plan.byType };
}

const tailWithCounts = (items, typeOf, options) => counted(items, typeOf, options, true);
const headWithCounts = (items, typeOf, options) => counted(items, typeOf, options, false);

function tailHint(kind, shown, total, extra = '') {
  return wasm.tailHint(String(kind), Number(shown), Number(total), String(extra));
}

function isConsoleLevel(value) {
  return typeof value === 'string' && hasOwn(C.CONSOLE_RANKS, value);
}

function atConsoleLevel(entryLevel, threshold) {
  if (!isConsoleLevel(threshold)) return false;
  const rank = isConsoleLevel(entryLevel) ? C.CONSOLE_RANKS[entryLevel] : 0;
  return rank >= C.CONSOLE_RANKS[threshold];
}

function capLogText(text, max) {
  return typeof text === 'string' ? wasm.capLogText(text, Number(max)) : text;
}

// sizeOf runs here, once per item, from the end the budget keeps; the core decides how many fit.
function fitLogBudget(items, sizeOf, budget, keep) {
  if (typeof sizeOf !== 'function')
    throw new TypeError('fitLogBudget(items, sizeOf, budget, keep): sizeOf must be a function');
  const list = listOf(items);
  const last = keep === 'last';
  const sizes = new Float64Array(list.length);
  for (let i = 0; i < list.length; i++) sizes[i] = sizeOf(list[last ? list.length - 1 - i : i]);
  const n = wasm.fitCount(sizes, Number(budget));
  return { items: last ? list.slice(list.length - n) : list.slice(0, n), omitted: list.length - n };
}

function encodedSize(item) {
  const text = stringifyNeverThrows(item);
  return text === undefined ? 0 : text.length;
}

const consoleLogs = (entries, query, ring) => wasm.summarizeConsoleLogs(enc(entries), enc(query), enc(ring));
const journalEvents = (events, query, ring) => wasm.summarizeJournalEvents(enc(events), enc(query), enc(ring));
// The game ring travels as its own input, so the core reads its events as text like the editor's.
function editorJournal(editor, query, ring) {
  const state = ring !== null && typeof ring === 'object' ? ring : {};
  const { game, ...rest } = state;
  return wasm.summarizeEditorJournal(enc(editor), enc(query), enc(rest), enc(game));
}
// A failed read (`ok` present and falsy) or one without a `series` list is the same object back,
// as the editor's op passes it through.
function watchRead(result, query) {
  const isObject = result !== null && typeof result === 'object' && !Array.isArray(result);
  if (!isObject || (result.ok !== undefined && !result.ok) || !Array.isArray(result.series)) return result;
  return wasm.summarizeWatchRead(enc(result), enc(query));
}

module.exports = {
  CONSOLE_TAIL_DEFAULT: C.CONSOLE_TAIL_DEFAULT,
  JOURNAL_TAIL_DEFAULT: C.JOURNAL_TAIL_DEFAULT,
  EDITOR_JOURNAL_TAIL_DEFAULT: C.EDITOR_JOURNAL_TAIL_DEFAULT,
  LOG_LINE_CHARS: C.LOG_LINE_CHARS,
  LOG_ENTRY_CHARS: C.LOG_ENTRY_CHARS,
  LOG_ANSWER_CHARS: C.LOG_ANSWER_CHARS,
  CONSOLE_LEVELS,
  JOURNAL_LEVELS,
  SINCE_CURSOR_BASE: C.SINCE_CURSOR_BASE,
  EPOCH_BASE: C.EPOCH_BASE,
  CONSOLE_SEQ_CEILING: C.CONSOLE_SEQ_CEILING,
  tailWithCounts,
  headWithCounts,
  takeTail,
  takeHead,
  tailHint,
  isConsoleLevel,
  atConsoleLevel,
  capLogText,
  fitLogBudget,
  encodedSize,
  consoleLogs,
  journalEvents,
  editorJournal,
  watchRead,
};
