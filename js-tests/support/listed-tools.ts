// A tool as the budget layer (withBudget's surface and the proxy) lists it, written from
// docs/clients.md ("Past the cap") independently of node/mcp/output-schema.cjs: the server's own
// tool, its outputSchema widened to accept the over-cap answer.

/**
 * A tool as the budget layer lists it (docs/clients.md, "Past the cap"): the server's own, its
 * outputSchema widened to accept the over-cap answer, the keywords a `$ref` resolves against
 * kept at the root.
 */
export function listedAs(tool: Record<string, unknown>): Record<string, unknown> {
  const schema = tool.outputSchema as Record<string, unknown> | undefined;
  if (schema === undefined) return tool;
  const root: Record<string, unknown> = { type: 'object' };
  const own: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema))
    (['$schema', '$id', '$defs', 'definitions'].includes(k) ? root : own)[k] = v;
  const overCap = {
    type: 'object',
    description:
      'The result was too large to send whole: a preview of it, how to narrow the call, and how to read the rest in pages.',
    properties: { code: { const: 'TOO_LARGE' } },
    required: ['code'],
  };
  return { ...tool, outputSchema: { ...root, anyOf: [own, overCap] } };
}
