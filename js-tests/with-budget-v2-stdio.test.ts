// withBudget on SDK v2 over real stdio: `serveStdio(factory)` in a child process
// (js-tests/fixtures/v2-stdio-server.mjs, withBudget inside the factory), read by SDK v2's
// Client over its StdioClientTransport in both protocol eras — the 2025 era's initialize and the
// 2026-07-28 era's server/discover — with the result the issue measured going out as a preview
// and pages that read back exactly.
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { previewAnswer } from './support/preview-answer';
import { reassemble } from './support/reassemble';
import { ERAS, clientOptions, pagesV2, linkOf, type Era, type Reply } from './support/v2-client';
// @ts-expect-error a fixture module without types
import { measured } from './fixtures/v2-measured.mjs';

const fixture = join(__dirname, 'fixtures', 'v2-stdio-server.mjs');
const open: Client[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

async function connect(era: Era) {
  const client = new Client({ name: 'with-budget-v2-stdio.test', version: '0.0.0' }, clientOptions(era));
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [fixture], stderr: 'inherit' }));
  open.push(client);
  return client;
}

describe.each(ERAS)('serveStdio(factory) with withBudget in the factory, a child process, the %s era', (era) => {
  it('the 535,858-char result is a preview within 50,000 chars and a link; its pages read back exactly', async () => {
    const client = await connect(era);
    const reply = (await client.callTool({ name: 'dump', arguments: {} })) as Reply;
    expect(JSON.stringify(measured()).length).toBe(535_858);
    expect(reply.content[0].text).toBe(
      previewAnswer(measured(), { maxChars: 50_000, maxTokens: 10_000, inputSchema: { properties: {} } }),
    );
    const link = linkOf(reply)!;
    expect(link.description).toMatch(
      /^The full result in \d+ pages, kept for 30 minutes after its last read: .* The id is a bearer capability: anyone who has it can read the result\.$/,
    );
    const pages = await pagesV2(client, link.uri!);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(50_000);
    expect(JSON.stringify(reassemble(pages))).toBe(JSON.stringify(measured()));
    // read_result_page answers the same pages.
    const id = link.uri!.slice('budget://result/'.length);
    const viaTool = (await client.callTool({ name: 'read_result_page', arguments: { id, page: 2 } })) as Reply;
    expect(viaTool.content[0].text).toBe(pages[1]);
  });

  it('a small result comes through as the server sent it', async () => {
    const client = await connect(era);
    const reply = (await client.callTool({ name: 'pid', arguments: {} })) as Reply;
    expect(reply.content).toEqual([{ type: 'text', text: expect.stringMatching(/^\d+$/) }]);
    expect(reply.isError).toBeUndefined();
  });
});
