#!/usr/bin/env node
// An SDK McpServer whose tools answer the way real servers do (the official filesystem
// server's structured + pretty text copy, pretty JSON text without structure, file text,
// images, a throwing handler, plain data), budgeted by withBudget. Imported by the tests, and
// run as a stdio server by them: `node js-tests/support/shaped-server.mjs [optionsJSON]`.
import { pathToFileURL } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { withBudget } from 'modoki-budget';

/** A seeded directory tree: `dirs` folders of `files` files each, nested two deep. */
export function tree(dirs, files) {
  const children = [];
  for (let d = 0; d < dirs; d++) {
    const inner = Array.from({ length: files }, (_, f) => ({ name: `component-${d}-${f}.tsx`, type: 'file' }));
    children.push({
      name: `feature-${d}`,
      type: 'directory',
      children: [{ name: 'src', type: 'directory', children: inner }],
    });
  }
  return { name: 'project', type: 'directory', children };
}

/** A source file of `lines` lines, with the characters that must survive byte for byte. */
export function sourceFile(lines) {
  return Array.from(
    { length: lines },
    (_, i) => `export const value${i} = "line ${i}\\t\u00e9\ud83d\ude00";  \r\n`,
  ).join('');
}

/** A scene of `count` entities, as plain data (what get_scene returns). */
export function scene(count) {
  return {
    scenePath: 'scenes/main.scene',
    entities: Array.from({ length: count }, (_, i) => ({
      id: i,
      guid: `4be8f0c2-${String(i).padStart(4, '0')}-4c1d-9a57-0e4b3d2f9c61`,
      name: `Entity ${i}`,
      x: i * 0.1,
    })),
  };
}

export const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const entry = z.object({ name: z.string(), type: z.string(), children: z.array(z.unknown()).optional() });

/** The server, not connected. `budget` is withBudget's options; tools are registered before and after it. */
export function createShapedServer(budget = {}) {
  const server = new McpServer({ name: 'shaped', version: '0.0.0' });
  // Registered before withBudget, through registerTool, with an outputSchema.
  server.registerTool(
    'directory_tree',
    {
      description: 'Tree of a folder',
      inputSchema: { dirs: z.number().int(), files: z.number().int() },
      outputSchema: { name: z.string(), type: z.string(), children: z.array(entry) },
    },
    async ({ dirs, files }) => {
      const value = tree(dirs, files);
      return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: value };
    },
  );
  // The filesystem server's read_text_file: structuredContent { content: <the same text> }.
  server.registerTool(
    'read_text_file',
    { description: 'Read a file', inputSchema: { lines: z.number().int() }, outputSchema: { content: z.string() } },
    async ({ lines }) => {
      const text = sourceFile(lines);
      return { content: [{ type: 'text', text }], structuredContent: { content: text } };
    },
  );
  withBudget(server, budget);
  // Registered after, through tool(): no outputSchema.
  server.tool('read_file', 'Read a file as plain text', { lines: z.number().int() }, async ({ lines }) => ({
    content: [{ type: 'text', text: sourceFile(lines) }],
  }));
  server.tool('get_config', 'Pretty JSON text, no structure', { entries: z.number().int() }, async ({ entries }) => {
    const config = {
      version: 3,
      entries: Array.from({ length: entries }, (_, i) => ({
        key: `setting.${i}`,
        value: i % 3 === 0 ? true : `v${i}`,
        weight: i / 7,
      })),
    };
    return { content: [{ type: 'text', text: JSON.stringify(config, null, 2) }] };
  });
  server.registerTool(
    'screenshot',
    { description: 'An image and its caption', inputSchema: { caption: z.string() } },
    async ({ caption }) => ({
      content: [
        { type: 'image', data: PNG, mimeType: 'image/png' },
        { type: 'text', text: caption },
      ],
      _meta: { 'shaped/frame': 7 },
    }),
  );
  server.registerTool(
    'get_scene',
    { description: 'Plain data', inputSchema: { count: z.number().int() } },
    async ({ count }) => scene(count),
  );
  server.registerTool('explode', { description: 'Throws' }, async () => {
    throw new Error('the backend went away');
  });
  return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const server = createShapedServer(process.argv[2] === undefined ? {} : JSON.parse(process.argv[2]));
  await server.connect(new StdioServerTransport());
}
