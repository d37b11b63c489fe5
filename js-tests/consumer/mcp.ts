// Strict-tsc consumer of the MCP layer against the SDK's real types (js-tests/with-budget-types.test.ts
// compiles it): withBudget keeps the server's own type, the policy's shapes are usable as is.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  withBudget,
  createBudgetPolicy,
  BUDGET_PRESETS,
  type BudgetChannel,
  type BudgetOptions,
  type WithBudgetOptions,
  type BudgetInfo,
  type BudgetRecord,
  type BudgetPolicy,
  type BudgetedToolResult,
  type CodedError,
  memoryStore,
  redisStore,
  type ResultStore,
  type StoredPage,
} from 'modoki-budget';

const seen: BudgetRecord[] = [];
const options: WithBudgetOptions = {
  preset: 'claudeCode',
  maxTokens: null,
  store: { maxResults: 10 },
  pageTool: true,
  onResult: (record) => seen.push(record),
};
const pageTokens = (record: BudgetRecord): number => (record.kind === 'page' ? record.tokens : record.tokensOut);
const infos: BudgetInfo[] = [];
const policyOptions: BudgetOptions = { onResult: (info) => infos.push(info) };

const server: McpServer = withBudget(new McpServer({ name: 'consumer', version: '0.0.0' }), options);
server.registerTool('t', { description: 'a tool' }, async () => ({ content: [{ type: 'text' as const, text: 'ok' }] }));
const low: Server = withBudget(new Server({ name: 'low', version: '0.0.0' }, { capabilities: { tools: {} } }));

async function usePolicy() {
  const policy: BudgetPolicy = createBudgetPolicy({ ...policyOptions, maxChars: BUDGET_PRESETS.editor.maxChars });
  const { result, info } = await policy.apply(
    't',
    { a: 1 },
    { hasOutputSchema: false, inputSchema: { type: 'object' }, arguments: { q: 1 }, owner: 'session-1' },
  );
  const sdkResult: CallToolResult = result as CallToolResult;
  const faulted: BudgetedToolResult = policy.fault('t', new Error('x')).result;
  const cap: 40000 = BUDGET_PRESETS.claudeCode.maxChars;
  const bytes: 46000 = BUDGET_PRESETS.codex.maxBytes;
  const channel: BudgetChannel = BUDGET_PRESETS.gemini.channel;
  const shared = memoryStore({ maxResults: 10, now: () => 0 });
  const tokens: number = info.tokensOut + shared.stats().bytes + { ...info }.tokensIn;
  const stores: ResultStore[] = [shared, policy.store];
  const kept: StoredPage | undefined = await stores[0].get('x', { owner: 'o', page: 2 });
  // A structural Redis client is enough for the types; the package loads none.
  const fakeRedis = { isReady: true, sendCommand: async (_args: string[]) => null as unknown };
  const redis: ResultStore = redisStore(fakeRedis, { prefix: 'p:', ttlMs: 1000, maxResultBytes: 10, timeoutMs: 50 });
  withBudget(new McpServer({ name: 'shared', version: '0.0.0' }), { store: redis });
  const template: string = policy.resourceTemplate.uriTemplate;
  const page: string = policy.pageTool.name;
  let text = '';
  try {
    text = (await policy.readResource('budget://result/x?page=1', { owner: 'o' })).contents[0].text;
  } catch (e) {
    const code: CodedError['code'] = (e as CodedError).code;
    text = code;
  }
  const called: BudgetedToolResult = await policy.callPageTool({ id: 'x', page: 1 });
  return { sdkResult, faulted, cap, bytes, channel, tokens, template, page, text, called, kept };
}

// @ts-expect-error — an unknown preset
withBudget(server, { preset: 'cursor' });
// @ts-expect-error — a page record has no tokensOut
const wrong = (record: BudgetRecord): number => record.tokensOut;
// @ts-expect-error — not a server
withBudget({ name: 'not a server' });

// @ts-expect-error — not a Redis client
redisStore({ get: () => 1 });

export { low, usePolicy, seen, pageTokens, wrong };
