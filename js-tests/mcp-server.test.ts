// End to end through the official MCP SDK: its own Client talks to examples/mcp-server (in
// memory, and over real stdio to a spawned `node server.mjs`), and every assertion is about the
// text a model would receive. Expected texts are built by calling the summarizer directly on the
// same fixtures and encoding it, so a drift anywhere between handler and wire fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { MAX_PAYLOAD_CHARS, consoleLogs, encode, layoutBounds, roundFloats, sceneState } from 'modoki-budget';
import { createServer, SIBLING_WARNING } from '../examples/mcp-server/server.mjs';
import { sampleConsole, sampleLayout, sampleScene } from '../examples/mcp-server/fixtures.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverPath = join(root, 'examples', 'mcp-server', 'server.mjs');

const scene = sampleScene();
const layout = sampleLayout(scene.entities);
const logs = sampleConsole(scene.entities);
const scenePath = scene.scenePath;
const BANNER = `${SIBLING_WARNING}\n\n`;

interface Reply {
  text: string;
  isError: boolean;
}

async function connect(options: Record<string, unknown>): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createServer(options).connect(serverSide);
  const client = new Client({ name: 'mcp-server.test', version: '0.0.0' });
  await client.connect(clientSide);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Reply> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as Array<{ type: string; text: string }>;
  expect(content).toHaveLength(1);
  expect(content[0].type).toBe('text');
  return { text: content[0].text, isError: result.isError === true };
}

/** What a model receives that must be data: valid JSON within the cap. */
function payload(reply: Reply): unknown {
  expect(reply.isError).toBe(false);
  expect(reply.text.length).toBeLessThanOrEqual(MAX_PAYLOAD_CHARS);
  return JSON.parse(reply.text);
}

const envelopeHint = (bytes: number) =>
  `Response was ${bytes} chars (cap ${MAX_PAYLOAD_CHARS}). Narrow it: pass a filter (trait=/id=/name=/where=/layer=/ids=) ` +
  "or limit=N, or drop full=1. See this tool's description for the filters it accepts.";

const fullScene = () => sceneState(scene.entities, { full: true, world: true, bounds: true }, { scenePath });

let plain: Client;
let sibling: Client;

beforeAll(async () => {
  plain = await connect({ sibling: false });
  sibling = await connect({ sibling: true });
});

afterAll(async () => {
  await plain.close();
  await sibling.close();
});

describe('listTools', () => {
  it('lists the three tools, each description stating default shape, drill-down params and a size warning', async () => {
    const { tools } = await plain.listTools();
    expect(tools.map((t) => t.name)).toEqual(['get_scene_state', 'get_layout_bounds', 'get_console_logs']);
    const params: Record<string, string[]> = {
      get_scene_state: ['id', 'name', 'trait', 'where', 'limit', 'full', 'precision'],
      get_layout_bounds: ['ids', 'layer', 'overlaps', 'limit', 'full', 'precision'],
      get_console_logs: ['level', 'since', 'limit', 'full'],
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
  });
});

describe('bare calls: the summary, exactly what the summarizer gives', () => {
  it('get_scene_state: the names-only index with GUIDs and trait names, no values', async () => {
    const reply = await call(plain, 'get_scene_state');
    expect(reply.text).toBe(encode(sceneState(scene.entities, {}, { scenePath }), { precision: 9 }));
    const data = payload(reply) as { returnedCount: number; entities: Array<Record<string, unknown>>; hint: string };
    expect(data.returnedCount).toBe(135);
    expect(Object.keys(data.entities[0])).toEqual(['id', 'guid', 'name', 'parentId', 'parentGuid', 'layer', 'traits']);
    expect(data.entities.every((e) => Array.isArray(e.traits))).toBe(true);
    expect(typeof data.hint).toBe('string');
  });

  it('get_layout_bounds: counts only, no rects and no pairs', async () => {
    const reply = await call(plain, 'get_layout_bounds');
    expect(reply.text).toBe(encode(layoutBounds(layout, {}, { entities: scene.entities }), { precision: 9 }));
    const data = payload(reply) as Record<string, unknown>;
    expect(data.totalCount).toBe(135);
    expect(data).not.toHaveProperty('entities');
    expect(data).not.toHaveProperty('overlaps');
    // Off-screen and zero-size entities are named by guid (36 chars each), so the counts cost ~2k chars.
    expect(reply.text.length).toBeLessThan(2000);
  });

  it('get_console_logs: the last 50 of the 500-entry ring with byLevel over all of it', async () => {
    const reply = await call(plain, 'get_console_logs');
    expect(reply.text).toBe(encode(consoleLogs(logs, {})));
    const data = payload(reply) as { logs: unknown[]; total: number; byLevel: Record<string, number> };
    expect(data.logs).toEqual(logs.slice(-50));
    expect(data.total).toBe(500);
    expect(Object.values(data.byLevel).reduce((a, b) => a + b, 0)).toBe(500);
  });
});

describe('narrowed calls: values, exactly', () => {
  it('get_scene_state id=3 and trait=Transform limit=5 return rounded values', async () => {
    const one = await call(plain, 'get_scene_state', { id: 3 });
    expect(one.text).toBe(encode(sceneState(scene.entities, { id: 3 }, { scenePath }), { precision: 9 }));
    const data = payload(one) as { entities: Array<{ id: number; traits: { Transform: { x: number } } }> };
    expect(data.entities.map((e) => e.id)).toEqual([3]);
    const x = scene.entities[2].values.Transform.x;
    expect(data.entities[0].traits.Transform.x).toBe(Number(x.toPrecision(9)));

    const transform = await call(plain, 'get_scene_state', { trait: 'Transform', limit: 5 });
    expect(transform.text).toBe(
      encode(roundFloats(sceneState(scene.entities, { trait: 'Transform', limit: 5 }, { scenePath }), 9)),
    );
    expect(payload(transform)).toMatchObject({ returnedCount: 5 });
  });

  it('get_scene_state precision=0 sends exact float64', async () => {
    const reply = await call(plain, 'get_scene_state', { id: 3, precision: 0 });
    expect(reply.text).toBe(JSON.stringify(sceneState(scene.entities, { id: 3 }, { scenePath })));
  });

  it('get_layout_bounds layer=ui and ids=[1,2] return rects of just those', async () => {
    const ui = await call(plain, 'get_layout_bounds', { layer: 'ui' });
    expect(ui.text).toBe(encode(layoutBounds(layout, { layer: 'ui' }, { entities: scene.entities }), { precision: 9 }));
    const uiData = payload(ui) as { entities: Array<{ layer: string }> };
    expect(uiData.entities.length).toBe(layout.filter((e: { layer: string }) => e.layer === 'ui').length);
    expect(uiData.entities.every((e) => e.layer === 'ui')).toBe(true);

    const ids = await call(plain, 'get_layout_bounds', { ids: [1, 2] });
    expect(ids.text).toBe(encode(layoutBounds(layout, { ids: [1, 2] }, { entities: scene.entities }), { precision: 9 }));
    expect((payload(ids) as { entities: Array<{ id: number }> }).entities.map((e) => e.id)).toEqual([1, 2]);
  });

  it('get_console_logs level=error limit=5 returns the last five errors', async () => {
    const reply = await call(plain, 'get_console_logs', { level: 'error', limit: 5 });
    expect(reply.text).toBe(encode(consoleLogs(logs, { level: 'error', limit: 5 })));
    const errors = logs.filter((l: { level: string }) => l.level === 'error');
    expect((payload(reply) as { logs: unknown[] }).logs).toEqual(errors.slice(-5));
  });
});

describe('full=true: the untargeted dump', () => {
  it('get_scene_state full=true is over the cap and comes back as the elision envelope', async () => {
    const reply = await call(plain, 'get_scene_state', { full: true });
    const bytes = JSON.stringify(roundFloats(fullScene(), 9)).length;
    expect(bytes).toBeGreaterThan(MAX_PAYLOAD_CHARS);
    const data = payload(reply);
    expect(data).toStrictEqual({
      elided: true,
      bytes,
      hint: envelopeHint(bytes),
      preview: { scenePath: 'string(41)', returnedCount: '135', totalCount: '135', entities: 'array(135)' },
    });
    expect(reply.text.length).toBeLessThan(400);
  });

  it('precision=0 reports the exact (larger) size of the unrounded dump', async () => {
    const reply = await call(plain, 'get_scene_state', { full: true, precision: 0 });
    const bytes = JSON.stringify(fullScene()).length;
    expect(payload(reply)).toMatchObject({ elided: true, bytes, hint: envelopeHint(bytes) });
  });

  it('get_layout_bounds and get_console_logs full=true fit the cap and carry everything', async () => {
    const lb = payload(await call(plain, 'get_layout_bounds', { full: true })) as { entities: unknown[]; overlaps: unknown[]; overlapsCount: number };
    expect(lb.entities).toHaveLength(135);
    expect(lb.overlaps).toHaveLength(lb.overlapsCount);
    const cl = payload(await call(plain, 'get_console_logs', { full: true })) as { logs: unknown[] };
    expect(cl.logs).toEqual(logs);
  });
});

describe('the banner', () => {
  const calls: Array<[string, Record<string, unknown>]> = [
    ['get_scene_state', {}],
    ['get_scene_state', { full: true }],
    ['get_scene_state', { name: 'palm' }],
    ['get_layout_bounds', {}],
    ['get_layout_bounds', { full: true }],
    ['get_console_logs', { full: true }],
  ];

  it('is prepended with a blank line, and what follows is the unbannered payload, within the cap', async () => {
    for (const [name, args] of calls) {
      const withBanner = await call(sibling, name, args);
      const without = await call(plain, name, args);
      expect(withBanner.text.startsWith(BANNER)).toBe(true);
      const rest = withBanner.text.slice(BANNER.length);
      expect(rest).toBe(without.text);
      payload({ text: rest, isError: withBanner.isError });
    }
  });

  it('sits outside the cap: a payload exactly at the cap is delivered whole after the banner', async () => {
    const text = encode(consoleLogs(logs, {}));
    const tight = await connect({ sibling: true, maxChars: text.length });
    try {
      const reply = await call(tight, 'get_console_logs');
      expect(reply.text).toBe(BANNER + text);
      expect(reply.text.length).toBeGreaterThan(text.length);
    } finally {
      await tight.close();
    }
    const over = await connect({ sibling: true, maxChars: text.length - 1 });
    try {
      const reply = await call(over, 'get_console_logs');
      expect(reply.text.startsWith(BANNER)).toBe(true);
      expect(JSON.parse(reply.text.slice(BANNER.length))).toMatchObject({ elided: true, bytes: text.length });
    } finally {
      await over.close();
    }
  });
});

describe('failures come back as isError results a model can read', () => {
  it('an unknown trait, layer or level is err(...) listing the known values, with the banner', async () => {
    const traits = [...new Set(scene.entities.flatMap((e: { traits: string[] }) => e.traits))];
    const known = (xs: string[]) => xs.map((x) => JSON.stringify(x)).join(', ');
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['get_scene_state', { trait: 'Transfrom' }, `Unknown trait "Transfrom". Known values: ${known(traits)}.`],
      ['get_layout_bounds', { layer: 'hud' }, 'Unknown layer "hud". Known values: "3d", "ui", "2d".'],
      ['get_console_logs', { level: 'fatal' }, 'Unknown level "fatal". Known values: "log", "info", "warn", "error".'],
    ];
    for (const [name, args, message] of cases) {
      expect(await call(plain, name, args)).toEqual({ text: message, isError: true });
      expect(await call(sibling, name, args)).toEqual({ text: BANNER + message, isError: true });
    }
  });

  it('arguments of the wrong type are rejected by the SDK schema check as an isError result', async () => {
    const reply = await call(plain, 'get_console_logs', { limit: 'ten' });
    expect(reply.isError).toBe(true);
    expect(reply.text).toContain('Input validation error');
    expect(reply.text).toContain('limit');
  });
});

describe('over real stdio: node examples/mcp-server/server.mjs', () => {
  async function spawnClient(env: Record<string, string>): Promise<Client> {
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter((kv): kv is [string, string] => typeof kv[1] === 'string' && kv[0] !== 'MODOKI_MCP_SIBLING'),
    );
    const transport = new StdioClientTransport({ command: process.execPath, args: [serverPath], cwd: root, env: { ...inherited, ...env }, stderr: 'pipe' });
    const client = new Client({ name: 'mcp-server.test/stdio', version: '0.0.0' });
    await client.connect(transport);
    return client;
  }

  it('lists the same tools and answers byte-for-byte like the in-memory server; MODOKI_MCP_SIBLING=1 adds the banner', async () => {
    const stdio = await spawnClient({ MODOKI_MCP_SIBLING: '1' });
    try {
      expect(await stdio.listTools()).toEqual(await plain.listTools());
      for (const [name, args] of [
        ['get_scene_state', { trait: 'Light', limit: 3 }],
        ['get_scene_state', { full: true }],
        ['get_layout_bounds', {}],
        ['get_console_logs', { level: 'warn', limit: 2 }],
        ['get_console_logs', { level: 'nope' }],
      ] as Array<[string, Record<string, unknown>]>) {
        expect(await call(stdio, name, args)).toEqual(await call(sibling, name, args));
      }
    } finally {
      await stdio.close();
    }
  });

  it('without the variable there is no banner', async () => {
    const stdio = await spawnClient({});
    try {
      expect(await call(stdio, 'get_layout_bounds')).toEqual(await call(plain, 'get_layout_bounds'));
    } finally {
      await stdio.close();
    }
  });
});
