// Task-augmented tool calls (MCP tasks, the SDK's experimental tasks API) through
// `modoki-budget proxy`, against server-everything's task tool: the task's creation,
// tasks/get, tasks/list and tasks/cancel pass through as the server answers them, and only the
// task's final result (tasks/result) is budgeted — with the same policy as a tools/call.
import { afterEach, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { bin } from './support/line-client';
import { reassemble } from './support/reassemble';
import { linkOf, previewAnswer } from './support/preview-answer';

const everything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const CAP = 1000;
const TOOL = 'simulate-research-query';

const open: Client[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

async function connect(args: string[]) {
  const client = new Client({ name: 'tasks-proxy.test', version: '0.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' }));
  open.push(client);
  return client;
}
const direct = () => connect([everything, 'stdio']);
const proxied = () => connect([bin, 'proxy', '--max-chars', String(CAP), '--', process.execPath, everything, 'stdio']);

type Message = { type: string; task?: { taskId: string; status: string }; result?: unknown; error?: unknown };

async function runTask(client: Client, topic: string) {
  const messages: Message[] = [];
  const stream = client.experimental.tasks.callToolStream({ name: TOOL, arguments: { topic } }, CallToolResultSchema, {
    task: { ttl: 60_000 },
  });
  for await (const message of stream) messages.push(message as Message);
  return messages;
}

describe('tasks through the proxy', () => {
  it('the task is created, polled and finished as directly; only its final result is budgeted, into pages of the same text', async () => {
    const [plain, budgeted] = await Promise.all([direct(), proxied()]);
    const [want, got] = await Promise.all([runTask(plain, 'tides'), runTask(budgeted, 'tides')]);
    const kinds = (ms: Message[]) => [...new Set(ms.map((m) => m.type))];
    expect(kinds(got)).toEqual(kinds(want));
    expect(kinds(got)).toEqual(['taskCreated', 'taskStatus', 'result']);
    const taskId = got[0].task!.taskId;
    expect(got.at(-2)!.task).toMatchObject({ taskId, status: 'completed' });

    const report = (want.at(-1)!.result as { content: Array<{ text: string }> }).content[0].text;
    expect(report.length).toBeGreaterThan(CAP);
    const result = got.at(-1)!.result as { content: Array<{ type: string; text?: string; uri?: string }> };
    expect(result.content.map((b) => b.type)).toEqual(['text', 'resource_link']);
    expect(result.content[0].text!.length).toBeLessThanOrEqual(CAP);
    // The preview of the report's text, hinted from the task tool's schema as the proxy listed it.
    // tasks/result names only the task; the proxy previews it with the arguments of the call
    // that created the task.
    const { inputSchema } = (await budgeted.listTools()).tools.find((t) => t.name === TOOL)!;
    expect(result.content[0].text).toBe(
      previewAnswer(report, { maxChars: CAP, args: { topic: 'tides' }, inputSchema, link: linkOf(result) }),
    );
    // The line, read_result's example the call's topic, the page map of the
    // report's lines (its last line break ends its last line), then the report's first line.
    const { id, map } = linkOf(result)!;
    const lines = report.split('\n').length - (report.endsWith('\n') ? 1 : 0);
    expect(map).toMatch(
      new RegExp(`^Page map \\(the text, ${lines} lines\\): 1: lines 1–\\d+, 2: lines \\d+–${lines}\\.$`),
    );
    const head =
      `The result is too large to show whole (${report.length} chars; the cap is ${CAP} chars), so this is a preview of it. ` +
      `Narrow the call with this tool's own parameters (filter: topic); the pages hold the rest. ` +
      `Find anything in it with read_result {"id":"${id}","match":"tides"} (a string or /regex/; or "path", "lines", "page" to read a part).\n${map}\n` +
      '# Research Report: tides\n';
    expect(result.content[0].text!.slice(0, head.length)).toBe(head);
    const uri = result.content[1].uri!;
    const first = (await budgeted.readResource({ uri: `${uri}?page=1` })).contents[0].text as string;
    const pages = [first];
    for (let k = 2; k <= JSON.parse(first).pages; k++)
      pages.push((await budgeted.readResource({ uri: `${uri}?page=${k}` })).contents[0].text as string);
    expect(reassemble(pages)).toBe(report);

    // tasks/get and tasks/list pass through: the same shape as the server's own answers.
    const task = await budgeted.experimental.tasks.getTask(taskId);
    expect(task).toMatchObject({ taskId, status: 'completed' });
    const listed = await budgeted.experimental.tasks.listTasks();
    expect(listed.tasks.map((t) => t.taskId)).toContain(taskId);
  });

  it('tasks/cancel passes through: a running task is cancelled', async () => {
    const client = await proxied();
    const created = await client.request(
      { method: 'tools/call', params: { name: TOOL, arguments: { topic: 'ice' }, task: { ttl: 60_000 } } },
      (await import('@modelcontextprotocol/sdk/types.js')).CreateTaskResultSchema,
    );
    expect(created.task.status).toBe('working');
    const cancelled = await client.experimental.tasks.cancelTask(created.task.taskId);
    expect(cancelled).toMatchObject({ taskId: created.task.taskId, status: 'cancelled' });
    expect((await client.experimental.tasks.getTask(created.task.taskId)).status).toBe('cancelled');
  });
});
