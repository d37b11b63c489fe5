#!/usr/bin/env node
// The server docs/clients.md shows each client reading: an SDK McpServer whose tools answer in
// the shapes real servers use — structuredContent with its pretty text copy under an
// outputSchema (as server-filesystem does), a JSON text without one, a plain-text log, and a
// tool's own error with a long trace — under the cap and far over it. Run as a stdio server: `node js-tests/support/client-cases.mjs
// [withBudget options as JSON]`; without options it is not budgeted (the proxy's upstream).
import { pathToFileURL } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { withBudget } from 'modoki-budget';

/** An order log of `n` entries, one of them an error (index 1234 when there are that many). */
export function orders(n) {
  return Array.from({ length: n }, (_, i) => ({
    id: i,
    level: i === 1234 ? 'error' : 'info',
    msg: i === 1234 ? 'payment declined: card expired' : `order ${i} shipped to depot ${i % 17}`,
  }));
}

/** A service log of `lines` lines, one of them an ERROR (line 2345 when there are that many). */
export function serviceLog(lines) {
  return Array.from({ length: lines }, (_, i) =>
    i === 2344
      ? `2026-12-01T10:${String(i % 60).padStart(2, '0')}:00Z ERROR worker 3: connection reset by peer`
      : `2026-12-01T10:${String(i % 60).padStart(2, '0')}:00Z INFO worker ${i % 5}: handled job ${i}`,
  ).join('\n');
}

const order = z.object({ id: z.number(), level: z.string(), msg: z.string() });

/** The server, not connected; budgeted by withBudget with `budget` when it is given. */
export function createCaseServer(budget) {
  const server = new McpServer({ name: 'cases', version: '1.0.0' });
  if (budget !== undefined) withBudget(server, budget);
  server.registerTool(
    'get_orders',
    {
      description: 'The order log, newest last.',
      inputSchema: {
        limit: z.number().int().optional().describe('At most this many entries.'),
        level: z.string().optional().describe('Only entries at this level.'),
      },
      outputSchema: { orders: z.array(order) },
    },
    async ({ limit, level }) => {
      const all = orders(2000).filter((o) => level === undefined || o.level === level);
      const value = { orders: all.slice(0, limit ?? all.length) };
      return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: value };
    },
  );
  server.registerTool(
    'search_orders',
    {
      description: 'Orders whose message contains the query, as JSON.',
      inputSchema: { query: z.string().describe('Text to look for in the messages.') },
    },
    async ({ query }) => {
      const hits = orders(2000).filter((o) => o.msg.includes(query));
      return { content: [{ type: 'text', text: JSON.stringify({ query, hits }, null, 2) }] };
    },
  );
  server.registerTool(
    'read_log',
    { description: 'The service log as text.', inputSchema: { tail: z.number().int().optional() } },
    async ({ tail }) => {
      const text = serviceLog(4000);
      return {
        content: [{ type: 'text', text: tail === undefined ? text : text.split('\n').slice(-tail).join('\n') }],
      };
    },
  );
  server.registerTool(
    'run_job',
    { description: 'Runs the nightly job; its failure comes back with the whole trace.', inputSchema: {} },
    async () => {
      const trace = Array.from({ length: 1500 }, (_, i) => `    at step${i} (jobs/nightly.js:${i + 1}:7)`).join('\n');
      return {
        content: [{ type: 'text', text: `Error: the nightly job failed at step 1499\n${trace}` }],
        isError: true,
      };
    },
  );
  return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const options = process.argv[2] === undefined ? undefined : JSON.parse(process.argv[2]);
  await createCaseServer(options).connect(new StdioServerTransport());
}
