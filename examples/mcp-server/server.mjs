#!/usr/bin/env node
// A small MCP server on the official SDK whose three tools answer the way an agent can afford:
// a summary first, values on a narrowed call. The handlers return plain data (the summarizer's
// output); withBudget does the rest: compact JSON, structuredContent and its text copy kept
// consistent, the cap on every channel, and over it the elision envelope plus a link to the
// whole result in pages. The producers' full outputs come from fixtures.mjs.
//
//   node examples/mcp-server/server.mjs                             # speaks MCP over stdio
//   MODOKI_BUDGET_PRESET=claudeCode node examples/mcp-server/server.mjs   # Claude Code's limits
import { pathToFileURL } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { consoleLogs, layoutBounds, resolvePrecision, roundFloats, sceneState, withBudget } from 'modoki-budget';
import { sampleConsole, sampleLayout, sampleScene } from './fixtures.mjs';

const CONSOLE_LEVELS = ['log', 'info', 'warn', 'error'];

const precisionParam = z
  .number()
  .int()
  .min(0)
  .max(17)
  .optional()
  .describe('Significant digits for floats (default 9, max error ~3.5e-7 on scene coordinates). 0 = exact float64. Compare edits with a tolerance, not ===.');

const GET_SCENE_STATE = `Read the open scene.
Default (no arguments): a names-only index — per entity id, guid, name, parentId, layer and trait NAMES, no field values, at most 200 entities, plus a hint. About 20,000 chars (~7,500 tokens) for 135 entities; the 36-char GUIDs are the largest share of its tokens.
Drill down for field values: id=N (one entity), name=<substring>, trait=<Trait> (only that trait's values, e.g. trait="Transform"), where="Transform.y > 3" (ops = == != > >= < <= ~), limit=N.
Size warning: full=true returns every field value, world transform and bounds of every entity — over the 60,000-char cap on a scene this size, so it comes back as an error result holding {elided, code, bytes, hint, preview} and a link to the whole result in pages (budget://result/<id>?page=K). Use trait=/id=/name=/where= rather than full=true.
Floats are rounded to 9 significant digits; precision=0 returns exact values.`;

const GET_LAYOUT_BOUNDS = `Screen-space layout of the scene's entities.
Default (no arguments): counts only — totalCount, layerCounts, the offScreen and zeroSize entity GUIDs, overlapsCount and a hint. About 1,800 chars on 135 entities.
Drill down: layer="ui"|"2d"|"3d" or ids=[N,…] return per-entity screen rects and world AABBs; overlaps=true adds the overlapping same-layer pairs; limit=N keeps the first N entries.
Size warning: full=true returns every rect and every overlapping pair (~35,000 chars on 135 entities, and the pair list can grow with the square of the entity count); prefer layer= or ids=.
Floats are rounded to 9 significant digits; precision=0 returns exact values.`;

const GET_CONSOLE_LOGS = `Tail of the editor console (a 500-entry ring).
Default (no arguments): the last 50 entries (newest last) plus byLevel counts over the whole ring, nextSeq and a hint. About 4,500 chars.
Drill down: level="log"|"info"|"warn"|"error" (a threshold: that level or worse), since=<nextSeq> (a cursor: the oldest entries after it), sinceMs=<ts ms>, limit=N.
Size warning: full=true asks for the whole ring; the answer keeps the newest entries that fit 40,000 chars and counts the rest in omittedForSize. Prefer level="error" or since=.`;

const on = (flag) => flag === true;
const knownValues = (known) => `Known values: ${known.map((k) => JSON.stringify(k)).join(', ')}.`;
const failure = (text) => ({ content: [{ type: 'text', text }], isError: true });

/**
 * What get_scene_state returns, as its outputSchema (the SDK and the Client validate it). Loose:
 * a filtered call adds keys that say what it filtered by.
 */
const SCENE_STATE_OUTPUT = z.looseObject({
  scenePath: z.string(),
  returnedCount: z.number().int(),
  totalCount: z.number().int(),
  entities: z.array(z.record(z.string(), z.unknown())),
  hint: z.string().optional(),
});

/**
 * An McpServer with the three example tools, budgeted by withBudget. Options:
 * - `sceneSize`: entities in the generated sample scene (default 135).
 * - `budget`: withBudget's options. Default: `{ preset }` from the MODOKI_BUDGET_PRESET
 *   environment variable when set, else the editor preset (60,000 chars).
 */
export function createServer(options = {}) {
  const preset = process.env.MODOKI_BUDGET_PRESET;
  const budget = options.budget ?? (preset !== undefined && preset !== '' ? { preset } : {});

  const scene = sampleScene(options.sceneSize);
  const layout = sampleLayout(scene.entities);
  const logs = sampleConsole(scene.entities);
  const traitNames = [...new Set(scene.entities.flatMap((e) => e.traits))];
  const layers = [...new Set(layout.map((e) => e.layer))];

  const server = withBudget(new McpServer({ name: 'modoki-budget-example', version: '0.1.0' }), budget);

  server.registerTool(
    'get_scene_state',
    {
      title: 'Scene state',
      description: GET_SCENE_STATE,
      inputSchema: {
        id: z.number().int().optional().describe('One entity by id. Returns its field values.'),
        name: z.string().optional().describe('Case-insensitive substring of entity names. Returns field values.'),
        trait: z.string().optional().describe('Only this trait\'s field values, for every entity (e.g. "Transform").'),
        where: z.string().optional().describe('Filter "Trait.field <op> value", e.g. "Light.intensity > 2".'),
        limit: z.number().int().min(0).optional().describe('Entities to return (index default 200).'),
        full: z.boolean().optional().describe('Every value of every entity. Large: elided over the 60,000-char cap.'),
        precision: precisionParam,
      },
      outputSchema: SCENE_STATE_OUTPUT,
    },
    ({ precision, full, ...query }) => {
      if (query.trait !== undefined && !traitNames.includes(query.trait)) {
        return failure(`Unknown trait ${JSON.stringify(query.trait)}. ${knownValues(traitNames)}`);
      }
      const q = on(full) ? { ...query, full: true, world: true, bounds: true } : query;
      return roundFloats(sceneState(scene.entities, q, { scenePath: scene.scenePath }), resolvePrecision(precision));
    },
  );

  server.registerTool(
    'get_layout_bounds',
    {
      title: 'Layout bounds',
      description: GET_LAYOUT_BOUNDS,
      inputSchema: {
        ids: z.array(z.number().int()).optional().describe('Entity ids to return rects for.'),
        layer: z.string().optional().describe('"ui", "2d" or "3d": rects of that layer only.'),
        overlaps: z.boolean().optional().describe('Add the overlapping same-layer pairs.'),
        limit: z.number().int().min(0).optional().describe('Keep the first N entries.'),
        full: z.boolean().optional().describe('Every rect and every overlapping pair. Large.'),
        precision: precisionParam,
      },
    },
    ({ precision, full, ...query }) => {
      if (query.layer !== undefined && !layers.includes(query.layer)) {
        return failure(`Unknown layer ${JSON.stringify(query.layer)}. ${knownValues(layers)}`);
      }
      const q = on(full) ? { ...query, entities: true, overlaps: true } : query;
      return roundFloats(layoutBounds(layout, q, { entities: scene.entities }), resolvePrecision(precision));
    },
  );

  server.registerTool(
    'get_console_logs',
    {
      title: 'Console logs',
      description: GET_CONSOLE_LOGS,
      inputSchema: {
        level: z.string().optional().describe('"log", "info", "warn" or "error".'),
        since: z.number().optional().describe('Forward cursor: a prior reply\'s nextSeq; the oldest entries after it.'),
        sinceMs: z.number().optional().describe('Only entries logged after this instant (ms since epoch). Not with since.'),
        limit: z.number().int().min(0).optional().describe('Entries to return from the end (default 50).'),
        full: z.boolean().optional().describe('The whole ring. Large.'),
      },
    },
    ({ full, ...query }) => {
      if (query.level !== undefined && !CONSOLE_LEVELS.includes(query.level)) {
        return failure(`Unknown level ${JSON.stringify(query.level)}. ${knownValues(CONSOLE_LEVELS)}`);
      }
      return consoleLogs(logs, on(full) ? { ...query, limit: logs.length } : query);
    },
  );

  return server;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = createServer();
  await server.connect(new StdioServerTransport());
  // stdout carries the protocol; anything human goes to stderr.
  console.error('modoki-budget example MCP server on stdio (tools: get_scene_state, get_layout_bounds, get_console_logs)');
}
