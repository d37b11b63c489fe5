// Shaped like the editor's newest MCP server: tools registered on the SDK's McpServer with zod raw
// shapes, answered through ok / fail / err, refusals stamped with the tool name centrally, over-cap
// hints retargeted to each tool's own filters. pack.test.ts compiles it with `tsc --strict` against
// the installed tarball on two SDK lines (1.29 + zod 3, 1.32 + zod 4): a result type the SDK's
// CallToolResult does not accept fails every registration below.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import {
  MAX_PAYLOAD_CHARS,
  ERROR_CODES,
  ERROR_DETAIL,
  encode,
  encodeError,
  errorDetailOf,
  capText,
  summarize,
  retargetNarrowHint,
  isFailureBody,
  failureDetail,
  codeFromBody,
  codeFromStatus,
  optionsFromBody,
  describeShape,
  createFormatter,
  type ToolResult,
  type ErrorCode,
  type ToolErrorDetail,
  type ImageToolResult,
  type TextContent,
  screenshotResult,
} from 'modoki-budget';

let identityWarning: string | null = null;
const { banner, ok, fail, err } = createFormatter(() => identityWarning);

/** The editor's transport helper: a reply body becomes ok(...) or a structured refusal. */
async function getJson(route: string, status: number, body: unknown): Promise<ToolResult> {
  const failure = isFailureBody(body);
  if (status < 400 && failure === null) return ok(body);
  const why = failureDetail(body) ?? `HTTP ${status} from ${route}`;
  return fail({
    code: codeFromBody(body, codeFromStatus(status, why)),
    what: `read ${route}`,
    why,
    got: body,
    expected: `not ${describeShape(body)}`,
    options: optionsFromBody(body),
  });
}

/** Each tool's own narrowing parameters, as the editor's contract table lists them. */
const FILTERS: Record<string, readonly string[]> = {
  modoki_get_console_logs: ['level', 'limit', 'since'],
  modoki_list_assets: ['type', 'folder', 'name'],
};

/** registerAll's wrapper: stamp the tool name into a refusal, retarget an over-cap hint. */
function stamped(name: string, handler: (args: Record<string, unknown>) => Promise<ToolResult>) {
  return async (args: Record<string, unknown>): Promise<ToolResult> => {
    const result = await handler(args);
    const detail: ToolErrorDetail | undefined = errorDetailOf(result);
    if (detail) return detail.tool ? result : fail({ ...detail, tool: name });
    const filters = FILTERS[name] ?? [];
    if (!filters.length) return result;
    return {
      ...result,
      content: result.content.map((c) => (c.type === 'text' ? { ...c, text: retargetNarrowHint(c.text, filters) } : c)),
    };
  };
}

const server = new McpServer({ name: 'modoki-shaped', version: '0.0.0' });

// server.tool without a description.
server.tool('modoki_ping', { echo: z.string().optional() }, async ({ echo }): Promise<ToolResult> =>
  ok({ pong: echo ?? true }),
);

// server.tool with a description; the handler answers through err (the v0.3 form) too.
server.tool(
  'modoki_get_console_logs',
  'Read the console ring buffer.',
  {
    level: z.enum(['log', 'warn', 'error']).optional(),
    limit: z.number().int().optional(),
    since: z.number().optional(),
  },
  stamped('modoki_get_console_logs', async (args) => {
    if (args.limit !== undefined && Number(args.limit) < 0) return err('limit must be >= 0');
    return getJson('/api/console', 200, { logs: Array.from({ length: 8000 }, (_, i) => `line ${i}`) });
  }),
);

// registerTool with a config object, as the editor's defineTool does.
server.registerTool(
  'modoki_list_assets',
  {
    description: 'List project assets.',
    inputSchema: { type: z.string().optional(), folder: z.string().optional(), name: z.string().optional() },
  },
  stamped('modoki_list_assets', async () =>
    getJson('/api/assets', 404, { ok: false, error: 'no such API route /api/assets', options: ['update the editor'] }),
  ),
);

// A handler typed Promise<ToolResult> is what the editor's registry stores.
const handler = async ({ name }: { name: string }): Promise<ToolResult> =>
  fail({ code: 'NOT_FOUND', what: `find ${name}`, why: 'no entity has that name' });
server.registerTool('modoki_find', { description: 'Find an entity.', inputSchema: { name: z.string() } }, handler);

// ok/fail/err return text-only results: the first block's text needs no narrowing.
const text: string = ok({ a: 1 }).content[0].text;
const refusal: string = fail({ code: 'TIMEOUT', what: 'capture', why: 'no frame in 5 s' }).content[0].text;
const legacy: string = err('boom').content[0].text;
const textOnly: ToolResult = ok([1, 2], { maxTokens: 1000, filters: ['level', 'limit'] });
const block: TextContent = textOnly.content[0];
// The editor's batch runner joins a step result's text blocks without narrowing.
const joined: string = textOnly.content.map((c) => c.text).join('\n');
// A result with an image block is a CallToolResult too.
const shot: ImageToolResult = screenshotResult(
  { path: 'shot.png', width: 2, height: 2, base64: 'iVBORw0KGgo=' },
  { inline: true },
);
const shotAsSdk: CallToolResult = shot;
// Every result is a CallToolResult.
const asSdk: CallToolResult = ok({ a: 1 });
const anyResult: ToolResult = ok(1);
const anyAsSdk: CallToolResult = anyResult;

// The rest of the result layer, under the editor's names and signatures.
const codes: readonly ErrorCode[] = ERROR_CODES;
const firstCode: 'UNKNOWN_PARAM' = ERROR_CODES[0];
const viaSymbol: ToolErrorDetail | undefined = (
  fail({ code: 'PARTIAL', what: 'w', why: 'y' }) as { [ERROR_DETAIL]?: ToolErrorDetail }
)[ERROR_DETAIL];
const envelope: string = encodeError({
  code: 'REFUSED_BY_OP',
  tool: 'modoki_batch',
  what: 'run',
  why: 'step 2 failed',
  got: { failedAt: 2 },
  gotBudget: MAX_PAYLOAD_CHARS,
});
const payload: string = banner(encode({ a: 1 }, 100)) + capText('x'.repeat(10), 5);
const shape: unknown = summarize({ xs: [1, 2] });
// @ts-expect-error — the code set is closed
fail({ code: 'NOPE', what: 'w', why: 'y' });
// @ts-expect-error — what and why are required
encodeError({ code: 'NOT_FOUND' });

identityWarning = 'driving the other clone';
export {
  server,
  text,
  refusal,
  legacy,
  block,
  joined,
  shotAsSdk,
  asSdk,
  anyAsSdk,
  codes,
  firstCode,
  viaSymbol,
  envelope,
  payload,
  shape,
};
