// withBudget on a tool registered with registerToolTask (the SDK's experimental tasks API):
// the task is created and polled as the SDK does it, and its final result — what tasks/result
// answers — is budgeted as that tool's result, with its pages readable by the same client.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { withBudget } from 'modoki-budget';
import { reassemble } from './support/reassemble';
import { linkOf, previewAnswer } from './support/preview-answer';

const CAP = 2000;
const open: Client[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

const report = (topic: string) => ({
  topic,
  findings: Array.from({ length: 120 }, (_, i) => ({ i, note: `finding ${i} about ${topic}` })),
});

async function serve() {
  const taskStore = new InMemoryTaskStore();
  const server = withBudget(
    new McpServer(
      { name: 'tasks', version: '1.0.0' },
      { taskStore, capabilities: { tasks: { requests: { tools: { call: {} } } } } },
    ),
    {
      maxChars: CAP,
    },
  );
  server.experimental.tasks.registerToolTask(
    'research',
    { inputSchema: { topic: z.string() }, execution: { taskSupport: 'required' } },
    {
      createTask: async ({ topic }, extra) => {
        const task = await extra.taskStore.createTask({ ttl: 60_000, pollInterval: 50 });
        setTimeout(() => {
          void extra.taskStore.storeTaskResult(task.taskId, 'completed', {
            content: [{ type: 'text', text: JSON.stringify(report(topic)) }],
          });
        }, 100);
        return { task };
      },
      getTask: async (_args, extra) => extra.taskStore.getTask(extra.taskId),
      getTaskResult: async (_args, extra) => extra.taskStore.getTaskResult(extra.taskId),
    },
  );
  const client = new Client({ name: 'tasks-with-budget.test', version: '0.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  open.push(client);
  return client;
}

describe('withBudget and registerToolTask', () => {
  it('the final result of a task tool is budgeted as that tool, and its pages read back exactly', async () => {
    const client = await serve();
    const kinds: string[] = [];
    let result: { content: Array<{ type: string; text?: string; uri?: string }> } | undefined;
    const stream = client.experimental.tasks.callToolStream(
      { name: 'research', arguments: { topic: 'tides' } },
      CallToolResultSchema,
      { task: { ttl: 60_000 } },
    );
    for await (const message of stream) {
      kinds.push(message.type);
      if (message.type === 'result') result = message.result as typeof result;
      if (message.type === 'error') throw message.error;
    }
    expect(kinds[0]).toBe('taskCreated');
    expect(kinds.at(-1)).toBe('result');
    expect(result!.content.map((b) => b.type)).toEqual(['text', 'resource_link']);
    // The task tool's own schema and the call's arguments reach the preview.
    expect(result!.content[0].text).toBe(
      previewAnswer(report('tides'), {
        maxChars: CAP,
        args: { topic: 'tides' },
        inputSchema: { properties: { topic: { type: 'string' } } },
        link: linkOf(result!),
      }),
    );
    expect(result!.content[0].text).toMatch(
      /^\{"tooLarge":"The result is too large to show whole \(4970 chars; the cap is \d+ chars\), so this is a preview of it\. This tool has no parameters that narrow its result; the pages hold the rest\. (?:[^"\\]|\\.)*","code":"TOO_LARGE","size":4970,"cap":\d+,"unit":"chars","preview":\{"topic":"tides","findings":\{"_cut":\{"total":120,/,
    );
    expect(result!.content[0].text!.length).toBeLessThanOrEqual(CAP);
    const uri = result!.content[1].uri!;
    const first = (await client.readResource({ uri: `${uri}?page=1` })).contents[0].text as string;
    const pages = [first];
    for (let k = 2; k <= JSON.parse(first).pages; k++)
      pages.push((await client.readResource({ uri: `${uri}?page=${k}` })).contents[0].text as string);
    expect(JSON.stringify(reassemble(pages))).toBe(JSON.stringify(report('tides')));
  });
});
