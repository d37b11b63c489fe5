// Strict-tsc consumer of withBudget against SDK v2's real types (`@modelcontextprotocol/server`;
// js-tests/with-budget-types.test.ts compiles it): withBudget keeps the server's own type, on an
// McpServer, a low-level Server and inside the factories of serveStdio and createMcpHandler.
import { McpServer, Server, createMcpHandler, type McpServerFactory } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';
import { withBudget, memoryStore, type WithBudgetOptions, type ResultStore } from 'modoki-budget';

const options: WithBudgetOptions = { preset: 'claudeCode', pageTool: true, store: memoryStore({ ttlMs: 60_000 }) };

const server: McpServer = withBudget(new McpServer({ name: 'v2-consumer', version: '0.0.0' }), options);
server.registerTool('t', { description: 'a tool', inputSchema: z.object({ n: z.number() }) }, async ({ n }) => ({
  content: [{ type: 'text', text: String(n) }],
}));
const low: Server = withBudget(new Server({ name: 'v2-low', version: '0.0.0' }, { capabilities: { tools: {} } }));
low.setRequestHandler('tools/call', async () => ({ content: [] }));

// withBudget inside the factory, on every server it builds.
const factory: McpServerFactory = () => withBudget(new McpServer({ name: 'per-request', version: '0.0.0' }), options);
const handler = createMcpHandler(factory);
const stdio = serveStdio(() => withBudget(new McpServer({ name: 'stdio', version: '0.0.0' })));

// A store may say whether a result it no longer has expired.
async function expiredOf(store: ResultStore): Promise<boolean | undefined> {
  return store.expired === undefined ? undefined : store.expired('id', { owner: 'o' });
}

// @ts-expect-error — a v2 server's options are the package's, checked as such
withBudget(new McpServer({ name: 'x', version: '0' }), { maxChars: '50000' });

export { server, low, handler, stdio, expiredOf };
