'use strict';
// The summarizer bindings (src/wasm/summarizers.rs): the summary-first summarizers, the filter
// disclosure and the GUID helpers. Each data input arrives as the JSON text V8 printed of it and
// crosses as UTF-8; each JSON answer is parsed here, so a key such as `__proto__` comes back as
// an ordinary own property.

const core = require('./loader.cjs');
const { utf8Bytes } = require('./abi.cjs');

/** `{ key: count }` of the keys in the JSON array text `keysJson`, in first-seen order. */
function histogramOf(keysJson) {
  return JSON.parse(core.histogramOf(utf8Bytes(keysJson)));
}

/** The filter sentence of the `[key, value]` pairs in the JSON text `entriesJson`. */
function describeFilter(entriesJson) {
  return core.describeFilter(utf8Bytes(entriesJson));
}

/** The live-vocabulary text of the values in `valuesJson`, at most `cap` of them, `near` first (or undefined). */
function liveSet(valuesJson, cap, near) {
  return core.liveSet(utf8Bytes(valuesJson), cap, near);
}

/** The empty-filter hint of the disclosure in `disclosureJson`, over `unfilteredCount` items. */
function emptyFilterHint(disclosureJson, unfilteredCount) {
  return core.emptyFilterHint(utf8Bytes(disclosureJson), unfilteredCount);
}

/** The scene-state summary of `entitiesJson` for `queryJson` with `optionsJson`. */
function summarizeSceneState(entitiesJson, queryJson, optionsJson) {
  return JSON.parse(core.summarizeSceneState(utf8Bytes(entitiesJson), utf8Bytes(queryJson), utf8Bytes(optionsJson)));
}

/** The layout-bounds summary of `entriesJson` for `queryJson` with `optionsJson`. */
function summarizeLayoutBounds(entriesJson, queryJson, optionsJson) {
  return JSON.parse(core.summarizeLayoutBounds(utf8Bytes(entriesJson), utf8Bytes(queryJson), utf8Bytes(optionsJson)));
}

/** The asset index summary of `listJson` for `queryJson`. */
function summarizeAssets(listJson, queryJson) {
  return JSON.parse(core.summarizeAssets(utf8Bytes(listJson), utf8Bytes(queryJson)));
}

/** The trait summary of `callJson`, `{ traits, schemaAvailable, query }`. */
function summarizeTraits(callJson) {
  return JSON.parse(core.summarizeTraits(utf8Bytes(callJson)));
}

/** The handle-dump summary of `resultJson` for `queryJson`, with the remedies in `remediesJson`. */
function summarizeHandles(resultJson, queryJson, remediesJson) {
  return JSON.parse(core.summarizeHandles(utf8Bytes(resultJson), utf8Bytes(queryJson), utf8Bytes(remediesJson)));
}

/** The string `label` cut to a report label (at most 60 UTF-16 units). */
function capLabel(label) {
  return core.capLabel(label);
}

/** The scene-edit echo of `resultJson` for `queryJson`. */
function summarizeSceneEdit(resultJson, queryJson) {
  return JSON.parse(core.summarizeSceneEdit(utf8Bytes(resultJson), utf8Bytes(queryJson)));
}

/** The screenshot result's text for `path`, `width`, `height` (each possibly undefined), `inline`. */
function screenshotText(path, width, height, inline) {
  return core.screenshotText(path, width, height, inline);
}

/** The short form of the string `guid`. */
function shortGuid(guid) {
  return core.shortGuid(guid);
}

/** The GUID the string `input` (a prefix or a GUID) names among the GUIDs in `knownJson`. */
function resolveGuid(input, knownJson) {
  return core.resolveGuid(input, utf8Bytes(knownJson));
}

/** The GUID derived from the UTF-16 code `units` (a Uint16Array) of a seed. */
function deriveGuid(units) {
  return core.deriveGuid(units);
}

module.exports = {
  histogramOf,
  describeFilter,
  liveSet,
  emptyFilterHint,
  summarizeSceneState,
  summarizeLayoutBounds,
  summarizeAssets,
  summarizeTraits,
  summarizeHandles,
  capLabel,
  summarizeSceneEdit,
  screenshotText,
  shortGuid,
  resolveGuid,
  deriveGuid,
};
