// What the read_result suites ask of an over-cap answer through the SDK's own Client: a tool
// call's result, its first text, and the id of the result it kept.
import { expect } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

export type Block = { type: string; text?: string; uri?: string };
export type Result = { content: Block[]; isError?: boolean };

/** The result of tool `name` called with `args`. */
export const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as Result;

/** The result's first text block. */
export const text = (r: Result) => r.content[0].text as string;

/** The id of an over-cap answer's kept result, from its resource_link. */
export function keptId(result: Result): string {
  const link = result.content.find((b) => b.type === 'resource_link');
  const id = /^budget:\/\/result\/([A-Za-z0-9_-]{22})$/.exec(link?.uri ?? '')?.[1];
  expect(id).toBeDefined();
  return id as string;
}
