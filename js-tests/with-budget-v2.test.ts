// withBudget on SDK v2 (`@modelcontextprotocol/server` 2.4), read by SDK v2's own Client in both
// protocol eras, in memory (js-tests/support/v2-client.ts): first the result the issue measured
// going out whole against a 50,000-char cap.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, Server, InMemoryTransport, inputRequired, type AuthInfo } from '@modelcontextprotocol/server';
import { withBudget, memoryStore, type WithBudgetOptions } from 'modoki-budget';
import { previewAnswer } from './support/preview-answer';
import { reassemble } from './support/reassemble';
import {
  ERAS,
  connectV2,
  pagesV2,
  readErrorV2,
  linkOf,
  type Connected,
  type Era,
  type Reply,
} from './support/v2-client';

const open: Connected[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});
async function connect(...args: Parameters<typeof connectV2>) {
  const c = await connectV2(...args);
  open.push(c);
  return c;
}
const call = async (c: Connected, name: string, args: Record<string, unknown> = {}) =>
  (await c.client.callTool({ name, arguments: args })) as Reply;

/** The shape of the result the issue measured: 535,858 chars of JSON. */
function measured() {
  const files = Array.from({ length: 8851 }, (_, i) => ({
    id: i,
    path: `src/module-${i % 97}/file-${i}.ts`,
    size: (i * 7919) % 100000,
  }));
  return { files, note: 'x'.repeat(59) };
}
const MEASURED = JSON.stringify(measured());
/** What the v2 Client returns for `result` from server `name`: in 2026-07-28, with the server's identity the SDK stamps. */
const asReceived = (era: Era, name: string, result: Record<string, unknown>) =>
  era === '2026-07-28'
    ? { _meta: { 'io.modelcontextprotocol/serverInfo': { name, version: '1.0.0' } }, ...result }
    : result;
const CLAUDE_CAP = 50_000;
const NO_PARAMETERS = { properties: {} };

/** A v2 McpServer with one tool answering `text`, wrapped in withBudget with `options`. */
function textServer(text: string, options?: WithBudgetOptions) {
  const server = new McpServer({ name: 'v2-text', version: '1.0.0' });
  server.registerTool('dump', { description: 'everything', inputSchema: z.object({}) }, async () => ({
    content: [{ type: 'text', text }],
  }));
  return withBudget(server, options);
}

describe.each(ERAS)('withBudget on a v2 McpServer, the v2 Client in the %s era', (era: Era) => {
  it('the issue measured it: a 535,858-char result against the claudeCode cap goes out as a preview and exact pages', async () => {
    expect(MEASURED.length).toBe(535_858);
    const c = await connect(() => textServer(MEASURED, { preset: 'claudeCode' }), era);
    const reply = await call(c, 'dump');
    expect(reply.content.map((b) => b.type)).toEqual(['text', 'resource_link']);
    expect(reply.content[0].text).toBe(
      previewAnswer(measured(), { maxChars: CLAUDE_CAP, maxTokens: 10_000, inputSchema: NO_PARAMETERS }),
    );
    expect(reply.content[0].text!.length).toBeLessThanOrEqual(CLAUDE_CAP);
    const pages = await pagesV2(c.client, linkOf(reply)!.uri!);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(CLAUDE_CAP);
    expect(JSON.stringify(reassemble(pages))).toBe(MEASURED);
  });
});
