// End to end through the official MCP SDK: its own Client (which validates structuredContent
// against each outputSchema) talks to examples/mcp-server (in memory, and over real stdio to a
// spawned `node server.mjs`), and every assertion is about what a model would receive. Expected
// texts are built by calling the summarizer directly on the same fixtures and encoding it, so a
// drift anywhere between handler and wire fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  MAX_PAYLOAD_CHARS,
  consoleLogs,
  countTokens,
  encode,
  layoutBounds,
  roundFloats,
  sceneState,
} from 'modoki-budget';
import { createServer } from '../examples/mcp-server/server.mjs';
import { sampleConsole, sampleLayout, sampleScene } from '../examples/mcp-server/fixtures.mjs';
import { reassemble } from './support/reassemble';
import { linkOf, previewAnswer, readSentence } from './support/preview-answer';
import { claudeCodeView } from './support/client-views.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverPath = join(root, 'examples', 'mcp-server', 'server.mjs');

const scene = sampleScene();
const layout = sampleLayout(scene.entities);
const logs = sampleConsole(scene.entities);
const scenePath = scene.scenePath;

type Block = { type: string; text?: string; uri?: string };
interface Reply {
  content: Block[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

async function connect(options: Record<string, unknown> = {}): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createServer(options).connect(serverSide);
  const client = new Client({ name: 'mcp-server.test', version: '0.0.0' });
  await client.connect(clientSide);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Reply> {
  return (await client.callTool({ name, arguments: args })) as Reply;
}

/** The one text block a model reads, which must be data: valid JSON within the cap. */
function payload(reply: Reply): unknown {
  expect(reply.isError).toBeUndefined();
  const texts = reply.content.filter((b) => b.type === 'text');
  expect(texts).toHaveLength(1);
  const text = texts[0].text as string;
  expect(text.length).toBeLessThanOrEqual(MAX_PAYLOAD_CHARS);
  return JSON.parse(text);
}

const textOf = (reply: Reply) => reply.content[0].text as string;
const sceneOf = (query: Record<string, unknown>, sig = 9) =>
  roundFloats(sceneState(scene.entities, query, { scenePath }), sig);
const fullQuery = { full: true, world: true, bounds: true };

async function pagesOf(client: Client, reply: Reply): Promise<string[]> {
  const uri = reply.content.find((b) => b.type === 'resource_link')?.uri as string;
  const first = (await client.readResource({ uri })).contents[0].text as string;
  const out = [first];
  for (let k = 2; k <= JSON.parse(first).pages; k++)
    out.push((await client.readResource({ uri: `${uri}?page=${k}` })).contents[0].text as string);
  return out;
}

let client: Client;

beforeAll(async () => {
  client = await connect();
});

afterAll(async () => {
  await client.close();
});

describe('listTools', () => {
  it('lists the three tools, each description stating default shape, drill-down params and a size warning', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'get_scene_state',
      'get_layout_bounds',
      'get_console_logs',
      'read_result',
    ]);
    // read_result is the budget layer's own (read-result.test.ts); the editor's tools come first.
    tools.pop();
    const params: Record<string, string[]> = {
      get_scene_state: ['id', 'name', 'trait', 'where', 'limit', 'full', 'precision'],
      get_layout_bounds: ['ids', 'layer', 'overlaps', 'limit', 'full', 'precision'],
      get_console_logs: ['level', 'since', 'sinceMs', 'limit', 'full'],
    };
    for (const tool of tools) {
      expect(Object.keys(tool.inputSchema.properties ?? {})).toEqual(params[tool.name]);
      expect(tool.inputSchema.required ?? []).toEqual([]);
      const description = tool.description ?? '';
      expect(description).toMatch(/^Default \(no arguments\): /m);
      expect(description).toMatch(/^Drill down/m);
      expect(description).toMatch(/^Size warning: full=true /m);
      // A filter the description does not advertise gets called unfiltered.
      for (const p of params[tool.name]) expect(description).toContain(`${p}=`);
    }
    // The listed outputSchema is the server's, or the over-cap answer (docs/clients.md).
    const [own, overCap] = (tools[0].outputSchema as { anyOf: Array<{ properties?: object }> }).anyOf;
    expect(overCap).toMatchObject({ required: ['code'], properties: { code: { const: 'TOO_LARGE' } } });
    expect(Object.keys(own.properties ?? {})).toEqual(['scenePath', 'returnedCount', 'totalCount', 'entities', 'hint']);
  });
});

describe('bare calls: the summary, exactly what the summarizer gives', () => {
  it('get_scene_state: the names-only index as structuredContent and its compact text copy', async () => {
    const reply = await call(client, 'get_scene_state');
    const want = sceneOf({});
    expect(reply).toEqual({ content: [{ type: 'text', text: encode(want) }], structuredContent: want });
    const data = payload(reply) as { returnedCount: number; entities: Array<Record<string, unknown>>; hint: string };
    expect(data.returnedCount).toBe(135);
    expect(Object.keys(data.entities[0])).toEqual(['id', 'guid', 'name', 'parentId', 'parentGuid', 'layer', 'traits']);
    expect(typeof data.hint).toBe('string');
  });

  it('get_layout_bounds: counts only, no rects and no pairs', async () => {
    const reply = await call(client, 'get_layout_bounds');
    expect(reply).toEqual({
      content: [
        { type: 'text', text: encode(layoutBounds(layout, {}, { entities: scene.entities }), { precision: 9 }) },
      ],
    });
    const data = payload(reply) as Record<string, unknown>;
    expect(data.totalCount).toBe(135);
    expect(data).not.toHaveProperty('entities');
    expect(data).not.toHaveProperty('overlaps');
    // Counts and guid lists, never the rects: an order of magnitude below the producer's output.
    expect(textOf(reply).length).toBeLessThan(JSON.stringify(layout).length / 10);
  });

  it('get_console_logs: the last 50 of the 500-entry ring with byLevel over all of it', async () => {
    const reply = await call(client, 'get_console_logs');
    expect(textOf(reply)).toBe(encode(consoleLogs(logs, {})));
    const data = payload(reply) as { logs: unknown[]; totalCount: number; byLevel: Record<string, number> };
    expect(data.logs).toEqual(logs.slice(-50));
    expect(data.totalCount).toBe(500);
    expect(Object.values(data.byLevel).reduce((a, b) => a + b, 0)).toBe(500);
  });
});

describe('narrowed calls: values, exactly', () => {
  it('get_scene_state id=3 and trait=Transform limit=5 return rounded values', async () => {
    const one = await call(client, 'get_scene_state', { id: 3 });
    expect(one.structuredContent).toEqual(sceneOf({ id: 3 }));
    expect(textOf(one)).toBe(JSON.stringify(one.structuredContent));
    const x = scene.entities[2].values.Transform.x;
    expect(
      (one.structuredContent as { entities: Array<{ traits: { Transform: { x: number } } }> }).entities[0].traits
        .Transform.x,
    ).toBe(Number(x.toPrecision(9)));
    const transform = await call(client, 'get_scene_state', { trait: 'Transform', limit: 5 });
    expect(textOf(transform)).toBe(encode(sceneOf({ trait: 'Transform', limit: 5 })));
  });

  it('get_scene_state precision=0 sends exact float64', async () => {
    const reply = await call(client, 'get_scene_state', { id: 3, precision: 0 });
    expect(textOf(reply)).toBe(JSON.stringify(sceneState(scene.entities, { id: 3 }, { scenePath })));
  });

  it('get_layout_bounds layer=ui and get_console_logs level=error limit=5', async () => {
    const ui = await call(client, 'get_layout_bounds', { layer: 'ui' });
    expect(textOf(ui)).toBe(
      encode(layoutBounds(layout, { layer: 'ui' }, { entities: scene.entities }), { precision: 9 }),
    );
    const errors = await call(client, 'get_console_logs', { level: 'error', limit: 5 });
    expect((payload(errors) as { logs: unknown[] }).logs).toEqual(
      logs.filter((l: { level: string }) => l.level === 'error').slice(-5),
    );
  });
});

describe('full=true: over the cap, nothing lost', () => {
  it('get_scene_state full=true is a success: the envelope (as structuredContent too) and a link; its pages are the whole dump', async () => {
    const full = sceneOf(fullQuery);
    const bytes = JSON.stringify(full).length;
    expect(bytes).toBeGreaterThan(MAX_PAYLOAD_CHARS);
    const reply = await call(client, 'get_scene_state', { full: true });
    expect(reply.isError).toBeUndefined();
    expect(textOf(reply)).toBe(encode(full));
    expect(reply.structuredContent).toEqual(JSON.parse(encode(full)));
    expect(JSON.parse(textOf(reply))).toMatchObject({
      elided: true,
      code: 'TOO_LARGE',
      bytes,
      preview: { returnedCount: '135', totalCount: '135', entities: 'array(135)' },
    });
    expect(reply.content[1]).toMatchObject({
      type: 'resource_link',
      uri: expect.stringMatching(/^budget:\/\/result\//),
    });
    const pages = await pagesOf(client, reply);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(MAX_PAYLOAD_CHARS);
    expect(JSON.parse(pages[0])).toMatchObject({ page: 1, pages: pages.length, path: '$.entities' });
    expect(JSON.stringify(reassemble(pages))).toBe(JSON.stringify(full));
  });

  it('precision=0 reports the exact (larger) size of the unrounded dump', async () => {
    const reply = await call(client, 'get_scene_state', { full: true, precision: 0 });
    const bytes = JSON.stringify(sceneState(scene.entities, fullQuery, { scenePath })).length;
    expect(bytes).toBeGreaterThan(JSON.stringify(sceneOf(fullQuery)).length);
    expect(JSON.parse(textOf(reply))).toMatchObject({ elided: true, code: 'TOO_LARGE', bytes });
  });

  it('get_layout_bounds full=true carries everything; get_console_logs full=true the newest entries that fit the log budget', async () => {
    const lb = payload(await call(client, 'get_layout_bounds', { full: true })) as {
      entities: unknown[];
      overlaps: unknown[];
      overlapsCount: number;
    };
    expect(lb.entities).toHaveLength(135);
    expect(lb.overlaps).toHaveLength(lb.overlapsCount);
    const cl = payload(await call(client, 'get_console_logs', { full: true })) as {
      logs: unknown[];
      omittedForSize?: number;
    };
    expect(cl.logs).toEqual(logs.slice(logs.length - cl.logs.length));
    expect(cl.logs.length + (cl.omittedForSize ?? 0)).toBe(logs.length);
    // The budget measures each entry's compact JSON (the separators are the reply's, not the entries').
    expect(cl.logs.reduce((n: number, l) => n + JSON.stringify(l).length, 0)).toBeLessThanOrEqual(40_000);
    expect(cl.omittedForSize).toBeGreaterThan(0);
  });

  it("with the claudeCode preset every answer is what Claude Code's model reads whole, never a failure", async () => {
    const cc = await connect({ budget: { preset: 'claudeCode' } });
    for (const [name, args] of [
      ['get_scene_state', {}],
      ['get_scene_state', { full: true }],
      ['get_layout_bounds', { full: true }],
      ['get_console_logs', { full: true }],
    ] as Array<[string, Record<string, unknown>]>) {
      const reply = await call(cc, name, args);
      const view = claudeCodeView(reply);
      expect([name, view.failed, view.whole, view.note]).toEqual([name, false, true, undefined]);
      expect(view.text.length).toBeLessThanOrEqual(40000 + 300);
    }
    await cc.close();
  });
});

describe('failures come back as isError results a model can read', () => {
  it('an unknown trait, layer or level lists the known values', async () => {
    const traits = [...new Set(scene.entities.flatMap((e: { traits: string[] }) => e.traits))];
    const known = (xs: string[]) => xs.map((x) => JSON.stringify(x)).join(', ');
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['get_scene_state', { trait: 'Transfrom' }, `Unknown trait "Transfrom". Known values: ${known(traits)}.`],
      ['get_layout_bounds', { layer: 'hud' }, 'Unknown layer "hud". Known values: "3d", "ui", "2d".'],
      ['get_console_logs', { level: 'fatal' }, 'Unknown level "fatal". Known values: "log", "info", "warn", "error".'],
    ];
    for (const [name, args, message] of cases) {
      expect(await call(client, name, args)).toEqual({ content: [{ type: 'text', text: message }], isError: true });
    }
  });

  it('arguments of the wrong type are rejected by the SDK schema check as an isError result', async () => {
    const reply = await call(client, 'get_console_logs', { limit: 'ten' });
    expect(reply.isError).toBe(true);
    expect(textOf(reply)).toContain('Input validation error');
  });
});

describe('over real stdio: node examples/mcp-server/server.mjs', () => {
  async function spawnClient(env: Record<string, string>): Promise<Client> {
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(
        (kv): kv is [string, string] => typeof kv[1] === 'string' && kv[0] !== 'MODOKI_BUDGET_PRESET',
      ),
    );
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [serverPath],
      cwd: root,
      env: { ...inherited, ...env },
      stderr: 'pipe',
    });
    const stdio = new Client({ name: 'mcp-server.test/stdio', version: '0.0.0' });
    await stdio.connect(transport);
    return stdio;
  }
  const anyId = (reply: Reply) =>
    JSON.parse(
      JSON.stringify(reply).replace(/(budget:\/\/result\/|result-|id[\\"]*:[\\"]*)[A-Za-z0-9_-]{22}/g, '$1ID'),
    );

  it('lists the same tools and answers like the in-memory server, pages included', async () => {
    const stdio = await spawnClient({});
    try {
      expect(await stdio.listTools()).toEqual(await client.listTools());
      for (const [name, args] of [
        ['get_scene_state', { trait: 'Light', limit: 3 }],
        ['get_scene_state', { full: true }],
        ['get_layout_bounds', {}],
        ['get_console_logs', { level: 'nope' }],
      ] as Array<[string, Record<string, unknown>]>) {
        const [a, b] = [await call(stdio, name, args), await call(client, name, args)];
        expect(anyId(a)).toEqual(anyId(b));
        if (a.content.some((x) => x.type === 'resource_link'))
          expect(await pagesOf(stdio, a)).toEqual(await pagesOf(client, b));
      }
    } finally {
      await stdio.close();
    }
  });

  it("MODOKI_BUDGET_PRESET=claudeCode applies Claude Code's limits", async () => {
    const stdio = await spawnClient({ MODOKI_BUDGET_PRESET: 'claudeCode' });
    try {
      const reply = await call(stdio, 'get_console_logs', { full: true });
      // The log tool has none of the editor's scene filters: past the cap it answers with the
      // preview, naming its own parameters from the schema it lists.
      const { inputSchema } = (await stdio.listTools()).tools.find((t) => t.name === 'get_console_logs')!;
      const kept = consoleLogs(logs, { limit: 500 });
      const args = { full: true };
      const link = linkOf(reply)!;
      const o = { maxChars: 40000, preset: 'claudeCode', args, inputSchema, link };
      expect(reply.content[0].text).toBe(previewAnswer(kept, o));
      expect(JSON.parse(reply.content[0].text as string).tooLarge).toBe(
        `The result is too large to show whole (${JSON.stringify(kept).length} chars; the cap is 40000 chars), so this is a preview of it. ` +
          "Narrow the call with this tool's own parameters (filter: level, since, sinceMs; limit: limit); the pages hold the rest. " +
          `${readSentence(link.id, args)}\n${link.map}`,
      );
      // get_scene_state names the editor's filters (id, name, trait, where): the envelope stays.
      const scene = await call(stdio, 'get_scene_state', { full: true });
      expect(textOf(scene)).toBe(encode(sceneOf(fullQuery), { maxChars: 40000 }));
    } finally {
      await stdio.close();
    }
  });
});
