'use strict';
// The stream-summary bindings (src/wasm/streams.rs): ring-buffer windows, tail hints, log
// budgets and the console, journal and watch summaries. Data inputs arrive as the JSON text V8
// printed of them and cross as UTF-8; JSON answers are parsed here. The small helpers take
// plain numbers, so a call costs no serialization.

const core = require('./loader.cjs');
const { utf8Bytes } = require('./abi.cjs');

/**
 * The window over the keys in `keysJson` (one per item, in item order) with the limit in
 * `limitJson` (null: none given) and the default in `defaultJson`: `{ kept, total, truncated,
 * byType }`.
 */
function tailPlan(keysJson, limitJson, defaultJson) {
  return JSON.parse(core.tailPlan(utf8Bytes(keysJson), utf8Bytes(limitJson), utf8Bytes(defaultJson)));
}

/** How many of `length` items a window keeps (`limit` NaN: not given; `defaultLimit` NaN: no bound). */
function windowCount(length, limit, defaultLimit) {
  return core.windowCount(length, limit, defaultLimit);
}

/** `Showing the last <shown> of <total> <kind> (newest last). Raise limit=N for more<extra>.` */
function tailHint(kind, shown, total, extra) {
  return core.tailHint(kind, shown, total, extra);
}

/** The string `text` within `max` UTF-16 units: itself when it fits, else a prefix and `… (+N chars)`. */
function capLogText(text, max) {
  return core.capLogText(text, max);
}

/** How many items fit `budget`, their `sizes` (a Float64Array) in the order the budget keeps them. */
function fitCount(sizes, budget) {
  return core.fitCount(sizes, budget);
}

/** The stream summaries' constants, as the core uses them (the build writes them to pkg/constants.json). */
function streamConstants() {
  return JSON.parse(core.streamConstants());
}

/** The console-log summary of `entriesJson` for `queryJson` over the ring in `ringJson`. */
function summarizeConsoleLogs(entriesJson, queryJson, ringJson) {
  return JSON.parse(core.summarizeConsoleLogs(utf8Bytes(entriesJson), utf8Bytes(queryJson), utf8Bytes(ringJson)));
}

/** The journal summary of `eventsJson` for `queryJson` over the ring in `ringJson`. */
function summarizeJournalEvents(eventsJson, queryJson, ringJson) {
  return JSON.parse(core.summarizeJournalEvents(utf8Bytes(eventsJson), utf8Bytes(queryJson), utf8Bytes(ringJson)));
}

/** The editor journal's summary of `editorJson` and the game ring's `gameJson`, for `queryJson` over `ringJson`. */
function summarizeEditorJournal(editorJson, queryJson, ringJson, gameJson) {
  return JSON.parse(
    core.summarizeEditorJournal(utf8Bytes(editorJson), utf8Bytes(queryJson), utf8Bytes(ringJson), utf8Bytes(gameJson)),
  );
}

/** The watch read's summary of `resultJson` for `queryJson`. */
function summarizeWatchRead(resultJson, queryJson) {
  return JSON.parse(core.summarizeWatchRead(utf8Bytes(resultJson), utf8Bytes(queryJson)));
}

module.exports = {
  tailPlan,
  windowCount,
  tailHint,
  capLogText,
  fitCount,
  streamConstants,
  summarizeConsoleLogs,
  summarizeJournalEvents,
  summarizeEditorJournal,
  summarizeWatchRead,
};
