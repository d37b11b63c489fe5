'use strict';
// A tool's outputSchema as the budget layer lists it: the server's schema, or the over-cap
// answer. Past the cap a tool with an outputSchema answers a success whose structuredContent is
// that answer (docs/clients.md, "Past the cap"); the SDK's Client — inside Claude Code and
// Gemini CLI — validates structuredContent against the schema it was listed, so the listed
// schema must accept the answer, and it still accepts exactly what the server's did besides.

const { TOO_LARGE } = require('./answer.cjs');

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The over-cap answer: an object whose `code` is `TOO_LARGE` (the preview's answer and encode's envelope). */
const OVER_CAP_SCHEMA = Object.freeze({
  type: 'object',
  description:
    'The result was too large to send whole: a preview of it, how to narrow the call, and how to read the rest in pages.',
  properties: Object.freeze({ code: Object.freeze({ const: TOO_LARGE }) }),
  required: Object.freeze(['code']),
});

/** Keywords that must stay at the schema's root: what a `$ref` inside it resolves against. */
const ROOT_KEYWORDS = ['$schema', '$id', '$defs', 'definitions'];

/**
 * `schema` (a tool's outputSchema) widened to accept the over-cap answer as well:
 * `{ type: "object", anyOf: [schema, OVER_CAP_SCHEMA] }`, with the keywords a `$ref` resolves
 * against kept at the root so every reference inside still resolves. A schema that already says
 * so, or that is not an object, is returned as it is.
 */
function widenOutputSchema(schema) {
  if (!isObject(schema) || isWidened(schema)) return schema;
  const root = { type: 'object' };
  const own = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ROOT_KEYWORDS.includes(key)) root[key] = value;
    else own[key] = value;
  }
  root.anyOf = [own, OVER_CAP_SCHEMA];
  return root;
}

/** Whether `schema` already accepts the over-cap answer as its second branch (a budget layer in front of another). */
const isWidened = (schema) => {
  const branch = Array.isArray(schema.anyOf) && schema.anyOf.length === 2 ? schema.anyOf[1] : undefined;
  return isObject(branch) && isObject(branch.properties) && branch.properties.code?.const === TOO_LARGE;
};

/**
 * A tools/list page with each tool's outputSchema widened (widenOutputSchema); the same object
 * when no tool has one, so an adapter can send the server's own bytes.
 */
function widenListedTools(result) {
  if (!isObject(result) || !Array.isArray(result.tools)) return result;
  if (!result.tools.some((tool) => isObject(tool) && isObject(tool.outputSchema))) return result;
  const tools = result.tools.map((tool) =>
    isObject(tool) && isObject(tool.outputSchema)
      ? { ...tool, outputSchema: widenOutputSchema(tool.outputSchema) }
      : tool,
  );
  return { ...result, tools };
}

module.exports = { OVER_CAP_SCHEMA, widenOutputSchema, widenListedTools };
