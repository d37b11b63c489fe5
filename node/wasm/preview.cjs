'use strict';
// The binding of the preview past the cap (src/wasm/preview.rs): one call per preview, the text
// through the one transport (./abi.cjs), the tool's arguments and input schema as the JSON text
// V8 printed of them, the answer parsed here.

const core = require('./loader.cjs');
const abi = require('./abi.cjs');

const NO_SPANS = new Float64Array(0);

/**
 * The preview of `text` within `maxTokens` tokens of the checked `encoding` and `maxChars`
 * chars: of JSON when `isJson` (with `printed`, JSON the caller printed with JSON.stringify,
 * which the core does not check again), else of a text result; for a call with the arguments
 * in `argumentsJson` to a tool whose input schema is `schemaJson` ('null': none). `spans` may be
 * the spans of the elision pass over this same printed text (./elision.cjs). Returns
 * `{ text, json, chars, tokens, hint, parameters }` (src/preview/).
 */
function preview(
  text,
  { isJson, printed, argumentsJson, schemaJson, maxTokens, maxChars, encoding, spans = NO_SPANS },
) {
  const args = abi.utf8Bytes(argumentsJson);
  const schema = abi.utf8Bytes(schemaJson);
  const { length, latin1 } = abi.writeText(text);
  const answer = core.previewInput(length, latin1, isJson, printed, args, schema, maxTokens, maxChars, encoding, spans);
  abi.release(length);
  return JSON.parse(answer);
}

/**
 * The hint sentence for a tool whose input schema is `schemaJson` ('null': none), ending with
 * where the rest is: the pages when `paged`, else that it could not be kept (src/preview/hint.rs).
 */
function previewHint(schemaJson, paged) {
  return core.previewHint(abi.utf8Bytes(schemaJson), paged);
}

module.exports = { preview, previewHint };
