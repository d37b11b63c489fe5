// Before/after payload sizes of every summarizer on a generated sample modelled on the reference
// project (135 entities, 241 layout rects, 320 assets, ring buffers at their caps). "Before" is
// the producer's full output as compact JSON (what the route returned before summary-first
// defaults); "after" is the summarizer's payload as compact JSON. Sizes are characters (UTF-16
// units, JS .length) and real cl100k_base tokens (countTokens).
import os from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { xorshift } from '../examples/corpus.mjs';

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
      if (t === 'Transform')
        values[t] = {
          x: f(400),
          y: f(40),
          z: f(400),
          rx: f(6.28),
          ry: f(6.28),
          rz: f(6.28),
          sx: 1,
          sy: 1 + r(),
          sz: 1,
        };
      else if (t === 'ModelSource')
        values[t] = {
          src: `models/${pick(['palm', 'rock', 'hut', 'boat'])}_${i % 17}.glb`,
          guid: m.deriveGuid(`model:${i % 17}`),
        };
      else if (t === 'Renderable3D')
        values[t] = {
          visible: true,
          castShadow: r() > 0.3,
          receiveShadow: true,
          material: m.deriveGuid(`mat:${i % 5}`),
        };
      else if (t === 'Material')
        values[t] = { color: '#a0c8ff', roughness: r(), metalness: r() * 0.1, map: m.deriveGuid(`tex:${i}`) };
      else values[t] = { enabled: true, intensity: r() * 3, range: f(100), mode: 'default' };
    }
    entities.push({
      id,
      name: i < 114 ? `${pick(['Palm', 'Rock', 'Hut', 'Boat'])}_${i}` : (traits[1] ?? traits[0]),
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
      guid: i < 135 ? entities[i].guid : null,
      name: `node${i + 1}`,
      layer: '3d',
      screen,
      onScreen: true,
      zeroSize: false,
      worldAABB: { min: [f(400), f(40), f(400)], max: [f(400), f(40), f(400)] },
      parentId: i < 135 ? entities[i].parentId : 0,
    });
  }
  // "Before" is every rect and every pair, as the route answered before counts-first defaults.
  const layoutBefore = m.layoutBounds(layout, { entities: true, overlaps: true }, { entities });

  // Assets: the reference project's 320 assets by type.
  const byType = {
    font: 136,
    mesh: 114,
    texture: 24,
    material: 12,
    particle: 10,
    prefab: 6,
    scene: 5,
    model: 5,
    animation: 3,
    environment: 2,
    sprite: 2,
    animset: 1,
  };
  const assets = [];
  for (const [type, count] of Object.entries(byType)) {
    for (let i = 0; i < count; i++) {
      const name = `${type}_${i}_${pick(['regular', 'bold', 'hi', 'lo', 'main'])}`;
      assets.push({
        guid: m.deriveGuid(`asset:${type}:${i}`),
        path: `assets/${type}s/${name}.${type === 'font' ? 'ttf' : 'bin'}`,
        name,
        type,
      });
    }
  }

  // Trait registry: 60 traits with field schemas.
  const categories = ['core', 'render', 'physics', 'audio', 'ui', 'gameplay'];
  const traits = {};
  for (let i = 0; i < 60; i++) {
    const fields = Array.from({ length: 3 + (i % 8) }, (_, k) => ({
      name: `field${k}`,
      type: pick(['number', 'string', 'boolean', 'vec3', 'guid']),
      default: 0,
      description: `Field ${k} of trait ${i}`,
    }));
    traits[i < archetypes.length ? (archetypes[i][1] ?? `Trait${i}`) : `Trait${i}`] = {
      category: categories[i % categories.length],
      fields,
    };
  }
  const registry = { schemaAvailable: true, traits };

  // Ring buffers at their caps.
  const consoleEntries = Array.from({ length: 500 }, (_, i) => ({
    seq: i + 1,
    level: pick(['log', 'log', 'log', 'info', 'warn', 'error']),
    ts: 1700000000000 + i * 37,
    text: `[system] frame ${i}: updated ${Math.floor(r() * 100)} entities in ${(r() * 4).toFixed(3)} ms`,
  }));
  const journal = Array.from({ length: 10000 }, (_, i) => ({
    tick: i,
    type: pick(['@contact', '@contact', 'spawn', 'despawn', 'input', 'state']),
    payload: { a: m.deriveGuid(`entity:${i % 135}`), b: m.deriveGuid(`entity:${(i * 7) % 135}`), impulse: r() * 10 },
    cap: 2 * i + 1,
    level: ['info', 'info', 'info', 'warn', 'error'][i % 5],
  }));
  const editorEvents = Array.from({ length: 2000 }, (_, i) => ({
    seq: i + 1,
    cap: 2 * i + 2,
    ts: 1700000000000 + i * 500,
    type: pick(['!select', '!mutate', '!transform', '!undo', '!save']),
    source: i % 3 ? 'human' : 'agent',
    payload: { target: m.deriveGuid(`entity:${i % 135}`), field: 'Transform.x', from: f(100), to: f(100) },
  }));
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
  const handleList = Array.from({ length: 2000 }, (_, i) => ({
    id: `dopesheet:key:${i}`,
    editor: 'dopesheet',
    kind: 'drag',
    label: `bone${i % 40}.rotation @ ${i % 240}`,
    x: f(1800) + 900,
    y: f(200) + 600,
    rect: { x: f(1800) + 900, y: f(200) + 600, w: 8, h: 8 },
    meta: { track: `bone${i % 40}.rotation`, frame: i % 240 },
    onScreen: true,
    occlusionChecked: true,
  }));
  const handleDump = {
    returnedCount: 2000,
    totalCount: 2000,
    editors: ['dopesheet'],
    offScreenCount: 0,
    occludedCount: 0,
    occlusionUnchecked: 0,
    disabledCount: 0,
    viewport: { w: 1800, h: 1200 },
    handles: handleList,
  };
  const sceneFile = { version: 3, entities: entities.map(({ values, ...rest }) => ({ ...rest, traits: values })) };
  const sceneEdit = { ok: true, changed: 1, errors: [], warnings: [], scene: sceneFile };
  const png = Buffer.alloc(900 * 1024, 7).toString('base64'); // stand-in for a 1800px PNG
  const screenshot = { path: '/tmp/device-1800x1200.png', width: 1800, height: 1200, base64: png };

  return {
    entities,
    layout,
    layoutBefore,
    assets,
    registry,
    consoleEntries,
    journal,
    editorEvents,
    watch,
    handleList,
    handleDump,
    sceneEdit,
    screenshot,
  };
}

const text = (x) => JSON.stringify(x);

/** The stream summaries' default calls on the samples: [name, producer output, reply]. */
export function streamRows(s) {
  const consoleRing = { epoch: 'bench-0', dropped: 0 };
  const journalRing = {
    epoch: 'bench-0',
    captureSeq: 2 * s.journal.length,
    captures: { types: ['@contact'], active: ['@contact'] },
  };
  const editorRing = { epoch: 'bench-0~bench-0', game: s.journal };
  return [
    ['consoleLogs (500-entry ring)', s.consoleEntries, m.consoleLogs(s.consoleEntries, {}, consoleRing)],
    [
      'consoleLogs since=0 (cursored page)',
      s.consoleEntries,
      m.consoleLogs(s.consoleEntries, { since: 0 }, consoleRing),
    ],
    ['journalEvents (10,000 events)', s.journal, m.journalEvents(s.journal, {}, journalRing)],
    ['editorJournal (2,000 events)', s.editorEvents, m.editorJournal(s.editorEvents, {}, editorRing)],
    [
      'editorJournal merged (2,000 + 10,000)',
      { editor: s.editorEvents, game: s.journal },
      m.editorJournal(s.editorEvents, { merged: true }, editorRing),
    ],
    ['watchRead (64 series × 600 samples)', s.watch, m.watchRead(s.watch)],
  ];
}

export function run() {
  const s = makeSamples();
  const scenePath = { scenePath: 'scenes/tropical-island.json' };
  const world = { entities: s.entities };
  const traits = s.registry.traits;
  const rows = [
    ['sceneState (135 entities)', s.entities, m.sceneState(s.entities, {}, scenePath)],
    ['sceneState, guidPrefix: 12', s.entities, m.sceneState(s.entities, {}, { ...scenePath, guidPrefix: 12 })],
    [
      'sceneState trait=Transform (drill-down, default limit 20)',
      s.entities,
      m.sceneState(s.entities, { trait: 'Transform' }, scenePath),
    ],
    [
      'sceneState trait=Transform limit=200',
      s.entities,
      m.sceneState(s.entities, { trait: 'Transform', limit: 200 }, scenePath),
    ],
    [
      'sceneState name=Plam (miss: empty-filter hint)',
      s.entities,
      m.sceneState(s.entities, { name: 'Plam' }, scenePath),
    ],
    ['layoutBounds (241 rects)', s.layoutBefore, m.layoutBounds(s.layout, {}, world)],
    [
      'layoutBounds layer=2d (miss: empty-filter hint)',
      s.layoutBefore,
      m.layoutBounds(s.layout, { layer: '2d' }, world),
    ],
    ['summarizeAssets (320 assets)', s.assets, m.summarizeAssets(s.assets)],
    ['summarizeAssets type=fnt (miss: live types)', s.assets, m.summarizeAssets(s.assets, { type: 'fnt' })],
    ['summarizeTraits (60 traits)', s.registry, m.summarizeTraits(traits, true)],
    ['summarizeTraits name=Transfrom (NOT_FOUND)', s.registry, m.summarizeTraits(traits, true, { name: 'Transfrom' })],
    ...streamRows(s),
    ['handles (2,000 keyframe handles)', s.handleDump, m.handles(s.handleDump)],
    ['handles editor=dopesheat (miss: what is live)', s.handleDump, m.handles(s.handleDump, { editor: 'dopesheat' })],
    ['sceneEditResult (scene echo)', s.sceneEdit, m.sceneEditResult(s.sceneEdit)],
    [
      'screenshotResult (1800×1200 PNG)',
      {
        content: [
          { type: 'text', text: s.screenshot.path },
          { type: 'image', data: s.screenshot.base64, mimeType: 'image/png' },
        ],
      },
      m.screenshotResult(s.screenshot),
    ],
  ].map(([name, full, reply]) => {
    const [b, a] = [text(full), text(reply)];
    return {
      name,
      before: b.length,
      after: a.length,
      ratio: b.length / a.length,
      beforeTokens: m.countTokens(b),
      afterTokens: m.countTokens(a),
    };
  });
  const cpus = os.cpus();
  return { machine: { cpu: cpus[0]?.model ?? 'unknown', cores: cpus.length, node: process.version }, rows };
}

export function markdownTable(rows) {
  const n = (x) => x.toLocaleString('en-US');
  const lines = [
    '| summarizer call | before (chars) | before (tokens) | after (chars) | after (tokens) | smaller by (chars) |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.name} | ${n(r.before)} | ${n(r.beforeTokens)} | ${n(r.after)} | ${n(r.afterTokens)} | ${r.ratio.toFixed(r.ratio >= 100 ? 0 : 1)}× |`,
    );
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { machine, rows } = run();
  console.log(`machine: ${machine.cpu}, ${machine.cores} cores, node ${machine.node}`);
  console.log(markdownTable(rows));
}
