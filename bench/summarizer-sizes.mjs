// Before/after payload sizes of every summarizer on a generated sample modelled on the reference
// project (135 entities, 241 layout rects, 320 assets, ring buffers at their caps). "Before" is
// the producer's full output as compact JSON (what the route returned before summary-first
// defaults); "after" is the summarizer's default payload as compact JSON. Sizes are characters
// (UTF-16 units, JS .length) — token counts need the tokenizer capability.
import os from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { xorshift } from './corpus.mjs';

const require = createRequire(import.meta.url);
const m = require('modoki-budget');

const rng = xorshift;

export function makeSamples() {
  const r = rng(2024);
  const f = (scale) => (r() - 0.5) * scale; // full-precision floats, as producers emit them
  const pick = (list) => list[Math.floor(r() * list.length)];

  // Scene: 114 of 135 entities share one archetype, as in the reference project.
  const archetypes = [
    ['Transform', 'Renderable3D', 'ModelSource'],
    ['Transform', 'Camera'],
    ['Transform', 'DirectionalLight'],
    ['Transform', 'RigidBody', 'BoxCollider', 'Renderable3D', 'ModelSource'],
    ['Transform', 'ParticleEmitter'],
    ['Transform', 'AudioSource'],
    ['Transform', 'Script'],
  ];
  const entities = [];
  for (let i = 0; i < 135; i++) {
    const id = i + 1;
    const traits = i < 114 ? archetypes[0] : i >= 130 ? ['Material'] : archetypes[1 + (i % (archetypes.length - 1))];
    const values = {};
    for (const t of traits) {
      if (t === 'Transform') values[t] = { x: f(400), y: f(40), z: f(400), rx: f(6.28), ry: f(6.28), rz: f(6.28), sx: 1, sy: 1 + r(), sz: 1 };
      else if (t === 'ModelSource') values[t] = { src: `models/${pick(['palm', 'rock', 'hut', 'boat'])}_${i % 17}.glb`, guid: m.deriveGuid(`model:${i % 17}`) };
      else if (t === 'Renderable3D') values[t] = { visible: true, castShadow: r() > 0.3, receiveShadow: true, material: m.deriveGuid(`mat:${i % 5}`) };
      else if (t === 'Material') values[t] = { color: '#a0c8ff', roughness: r(), metalness: r() * 0.1, map: m.deriveGuid(`tex:${i}`) };
      else values[t] = { enabled: true, intensity: r() * 3, range: f(100), mode: 'default' };
    }
    entities.push({
      id,
      name: i < 114 ? `${pick(['Palm', 'Rock', 'Hut', 'Boat'])}_${i}` : traits[1] ?? traits[0],
      traits,
      parentId: i === 0 ? 0 : i < 114 ? 1 + Math.floor(r() * Math.min(i, 10)) : 0,
      sortOrder: i,
      layer: i >= 130 ? undefined : '3d',
      guid: m.deriveGuid(`entity:${i}`),
      isResource: i >= 130 ? true : undefined,
      values,
    });
  }

  // Layout: 241 rects on the 3d layer, clustered (an island seen from above).
  const layout = [];
  for (let i = 0; i < 241; i++) {
    const w = 20 + r() * 200;
    const h = 20 + r() * 160;
    const screen = { x: 600 + f(900), y: 500 + f(700), w, h };
    layout.push({
      id: i + 1,
      name: `node${i + 1}`,
      layer: '3d',
      screen,
      onScreen: true,
      zeroSize: false,
      worldAABB: { min: [f(400), f(40), f(400)], max: [f(400), f(40), f(400)] },
      parentId: i < 135 ? entities[i].parentId : 0,
    });
  }
  const layoutPairs = m.layoutBounds(layout, { overlaps: true }).overlaps ?? [];
  const layoutBefore = {
    count: layout.length,
    layerCounts: { ui: 0, '2d': 0, '3d': layout.length },
    offScreen: [],
    entities: layout,
    overlaps: layoutPairs,
  };

  // Assets: the reference project's 320 assets by type.
  const byType = { font: 136, mesh: 114, texture: 24, material: 12, particle: 10, prefab: 6, scene: 5, model: 5, animation: 3, environment: 2, sprite: 2, animset: 1 };
  const assets = [];
  for (const [type, count] of Object.entries(byType)) {
    for (let i = 0; i < count; i++) {
      const name = `${type}_${i}_${pick(['regular', 'bold', 'hi', 'lo', 'main'])}`;
      assets.push({ guid: m.deriveGuid(`asset:${type}:${i}`), path: `assets/${type}s/${name}.${type === 'font' ? 'ttf' : 'bin'}`, name, type });
    }
  }

  // Trait registry: 60 traits with field schemas.
  const categories = ['core', 'render', 'physics', 'audio', 'ui', 'gameplay'];
  const traits = {};
  for (let i = 0; i < 60; i++) {
    const fields = Array.from({ length: 3 + (i % 8) }, (_, k) => ({ name: `field${k}`, type: pick(['number', 'string', 'boolean', 'vec3', 'guid']), default: 0, description: `Field ${k} of trait ${i}` }));
    traits[i < archetypes.length ? archetypes[i][1] ?? `Trait${i}` : `Trait${i}`] = { category: categories[i % categories.length], fields };
  }
  const registry = { schemaAvailable: true, traits };

  // Ring buffers at their caps.
  const consoleEntries = Array.from({ length: 500 }, (_, i) => ({ seq: i + 1, level: pick(['log', 'log', 'log', 'info', 'warn', 'error']), ts: 1700000000000 + i * 37, text: `[system] frame ${i}: updated ${Math.floor(r() * 100)} entities in ${(r() * 4).toFixed(3)} ms` }));
  const journal = Array.from({ length: 10000 }, (_, i) => ({
    tick: i,
    type: pick(['@contact', '@contact', 'spawn', 'despawn', 'input', 'state']),
    payload: { a: m.deriveGuid(`entity:${i % 135}`), b: m.deriveGuid(`entity:${(i * 7) % 135}`), impulse: r() * 10 },
    cap: 2 * i + 1,
    level: ['info', 'info', 'info', 'warn', 'error'][i % 5],
  }));
  const editorEvents = Array.from({ length: 2000 }, (_, i) => ({ seq: i + 1, cap: 2 * i + 2, ts: 1700000000000 + i * 500, type: pick(['!select', '!mutate', '!transform', '!undo', '!save']), source: i % 3 ? 'human' : 'agent', payload: { target: m.deriveGuid(`entity:${i % 135}`), field: 'Transform.x', from: f(100), to: f(100) } }));
  const watch = {
    watchId: 1,
    series: Array.from({ length: 64 }, (_, s) => ({
      guid: m.deriveGuid(`entity:${s}`),
      name: entities[s].name,
      field: 'Transform.y',
      count: 600,
      despawnedAt: null,
      stats: { first: f(10), last: f(10), min: -5.123456789123, max: 5.987654321987, delta: f(10), settled: r() > 0.5 },
      samples: Array.from({ length: 600 }, (_, k) => ({ t: k / 60, value: f(10) })),
    })),
  };
  const handleList = Array.from({ length: 2000 }, (_, i) => ({ id: `dopesheet:key:${i}`, editor: 'dopesheet', kind: 'drag', x: f(1800) + 900, y: f(200) + 600, rect: { x: f(1800) + 900, y: f(200) + 600, w: 8, h: 8 }, meta: { track: `bone${i % 40}.rotation`, frame: i % 240 } }));
  const sceneFile = { version: 3, entities: entities.map(({ values, ...rest }) => ({ ...rest, traits: values })) };
  const sceneEdit = { ok: true, changed: 1, errors: [], warnings: [], scene: sceneFile };
  const png = Buffer.alloc(900 * 1024, 7).toString('base64'); // stand-in for a 1800px PNG
  const screenshot = { path: '/tmp/device-1800x1200.png', width: 1800, height: 1200, base64: png };

  return { entities, layout, layoutBefore, assets, registry, consoleEntries, journal, editorEvents, watch, handleList, sceneEdit, screenshot };
}

const size = (x) => JSON.stringify(x).length;

/** The stream summaries' default calls on the samples: [name, producer output, reply]. */
export function streamRows(s) {
  const consoleRing = { epoch: 'bench-0', dropped: 0 };
  const journalRing = { epoch: 'bench-0', captureSeq: 2 * s.journal.length, captures: { types: ['@contact'], active: ['@contact'] } };
  const editorRing = { epoch: 'bench-0~bench-0', game: s.journal };
  return [
    ['consoleLogs (500-entry ring)', s.consoleEntries, m.consoleLogs(s.consoleEntries, {}, consoleRing)],
    ['consoleLogs since=0 (cursored page)', s.consoleEntries, m.consoleLogs(s.consoleEntries, { since: 0 }, consoleRing)],
    ['journalEvents (10,000 events)', s.journal, m.journalEvents(s.journal, {}, journalRing)],
    ['editorJournal (2,000 events)', s.editorEvents, m.editorJournal(s.editorEvents, {}, editorRing)],
    ['editorJournal merged (2,000 + 10,000)', { editor: s.editorEvents, game: s.journal }, m.editorJournal(s.editorEvents, { merged: true }, editorRing)],
    ['watchRead (64 series × 600 samples)', s.watch, m.watchRead(s.watch)],
  ];
}

export function run() {
  const s = makeSamples();
  const rows = [
    ['sceneState (135 entities)', size(s.entities), size(m.sceneState(s.entities, {}, { scenePath: 'scenes/tropical-island.json' }))],
    ['sceneState, guidPrefix: 12', size(s.entities), size(m.sceneState(s.entities, {}, { scenePath: 'scenes/tropical-island.json', guidPrefix: 12 }))],
    ['sceneState trait=Transform (drill-down)', size(s.entities), size(m.sceneState(s.entities, { trait: 'Transform' }, { scenePath: 'scenes/tropical-island.json' }))],
    ['layoutBounds (241 rects)', size(s.layoutBefore), size(m.layoutBounds(s.layout))],
    ['listAssets (320 assets)', size(s.assets), size(m.listAssets(s.assets))],
    ['summarizeTraits (60 traits)', size(s.registry), size(m.summarizeTraits(s.registry))],
    ...streamRows(s).map(([name, before, after]) => [name, size(before), size(after)]),
    ['handles (2,000 keyframe handles)', size({ handles: s.handleList }), size(m.handles({ handles: s.handleList }))],
    ['sceneEditResult (scene echo)', size(s.sceneEdit), size(m.sceneEditResult(s.sceneEdit))],
    ['screenshotResult (1800×1200 PNG)', size({ content: [{ type: 'text', text: s.screenshot.path }, { type: 'image', data: s.screenshot.base64, mimeType: 'image/png' }] }), size(m.screenshotResult(s.screenshot))],
  ].map(([name, before, after]) => ({ name, before, after, ratio: before / after }));
  const cpus = os.cpus();
  return { machine: { cpu: cpus[0]?.model ?? 'unknown', cores: cpus.length, node: process.version }, rows };
}

export function markdownTable(rows) {
  const lines = ['| summarizer (default call) | before (chars) | after (chars) | smaller by |', '|---|---:|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.name} | ${r.before.toLocaleString('en-US')} | ${r.after.toLocaleString('en-US')} | ${r.ratio.toFixed(r.ratio >= 100 ? 0 : 1)}× |`);
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { machine, rows } = run();
  console.log(`machine: ${machine.cpu}, ${machine.cores} cores, node ${machine.node}`);
  console.log(markdownTable(rows));
}
