// One case list for every export of the package, run wherever the package runs: by Node in the
// test process, in Chromium (main thread and module worker, Vite dev server and production build)
// and by Bun and Deno. Each case calls the export as a user does; `answers` returns every result
// (or thrown error) as JSON text, so two platforms agree exactly when their answers are equal.
// Plain JavaScript with no imports, so a browser app can load it as it is.

/** A deterministic pseudo-random source (mulberry32), so every platform builds the same data. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hex(next, n) {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(next() * 16).toString(16);
  return s;
}

const next = random(22);
const NAMES = ['Player', 'Camera', 'Light', 'Tree', 'Rock', 'Wolke', 'Pferd ✓', 'Ünïcode', '敵', 'HUD'];
const TRAITS = ['Transform', 'Sprite', 'Body', 'Script', 'Camera'];
const guids = Array.from({ length: 60 }, () => hex(next, 32));
const entities = guids.map((guid, i) => ({
  id: i + 1,
  name: `${NAMES[i % NAMES.length]} ${i}`,
  traits: TRAITS.filter((_, t) => (i + t) % 3 !== 0),
  parentId: i < 5 ? 0 : 1 + Math.floor(next() * 5),
  sortOrder: i,
  layer: i % 4 === 0 ? 'ui' : '3d',
  guid,
  values: { Transform: { x: next() * 100, y: next() * -1e-7, z: 1 / 3 + i, label: NAMES[i % NAMES.length] } },
}));
const rects = guids.slice(0, 30).map((guid, i) => ({
  id: i + 1,
  guid,
  name: entities[i].name,
  layer: i % 2 === 0 ? 'ui' : '3d',
  screen: { x: Math.round(next() * 800), y: Math.round(next() * 600), w: 10 + (i % 7) * 20, h: 10 + (i % 5) * 15 },
  onScreen: i % 9 !== 0,
  zeroSize: i === 7,
  surface: i % 2 === 0 ? 'ui' : 'game-3d',
}));
const assets = guids.slice(0, 40).map((guid, i) => ({
  guid,
  path: `assets/${['textures', 'sounds', 'scenes'][i % 3]}/item-${i}.${['png', 'ogg', 'json'][i % 3]}`,
  name: `item-${i}`,
  type: ['texture', 'sound', 'scene'][i % 3],
}));
const consoleEntries = Array.from({ length: 120 }, (_, i) => ({
  seq: i + 1,
  level: ['log', 'info', 'warn', 'error'][i % 4],
  ts: 1_700_000_000_000 + i * 13,
  text: `${['tick', 'load', 'slow frame', 'failed to parse'][i % 4]} ${i} ${'·'.repeat(i % 30)}`,
}));
const journal = Array.from({ length: 80 }, (_, i) => ({
  tick: i,
  type: ['spawn', 'despawn', '@contact', 'score'][i % 4],
  cap: i + 1,
  level: ['info', 'warn', 'error'][i % 3],
}));
const editorEvents = Array.from({ length: 30 }, (_, i) => ({
  seq: i + 1,
  cap: i * 2,
  type: ['!edit', '!select'][i % 2],
  source: ['agent', 'human'][i % 2],
}));
const payload = {
  scene: 'level-1',
  entities: entities.slice(0, 25),
  stats: { fps: 59.99999999, frame: 16.666666666667, ratio: 1e21, tiny: 5e-324, neg: -0 },
  text: 'the quick brown fox 🦊 jumps over \u2028 the lazy dog',
};
const tools = [
  {
    name: 'scene.state',
    description: 'Returns the scene index: one entry per entity with its traits and parent.',
    inputSchema: { type: 'object', properties: { name: { type: 'string' }, limit: { type: 'integer' } } },
    outputSchema: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
  {
    name: 'scene.edit',
    description: 'Edits the scene.',
    inputSchema: { type: 'object', properties: { op: { type: 'string' }, guid: { type: 'string' } } },
  },
  { name: 'console.logs', description: 'Reads the console.', annotations: { readOnlyHint: true } },
];

/** [export name, label, call] for every function export (every other export is a value case). */
const CASES = [
  ['encode', 'payload', (m) => m.encode(payload)],
  ['encode', 'precision 3', (m) => m.encode(payload, { precision: 3 })],
  ['encode', 'over the cap', (m) => m.encode(payload, 300)],
  ['encode', 'token cap', (m) => m.encode(payload, { maxTokens: 50 })],
  [
    'encode',
    'bigint and cycle',
    (m) => {
      const cyclic = { a: 1n };
      cyclic.self = cyclic;
      return m.encode(cyclic);
    },
  ],
  ['capText', 'cut', (m) => m.capText('é🦊'.repeat(40), 21)],
  ['summarize', 'payload', (m) => m.summarize(payload)],
  ['retargetNarrowHint', 'filters', (m) => m.retargetNarrowHint(m.encode(payload, 300), ['name', 'limit'])],
  [
    'createFormatter',
    'banner ok fail',
    (m) => {
      const f = m.createFormatter(() => 'editor is busy');
      return [f.banner, f.ok(payload), f.fail({ code: 'NOT_FOUND', message: 'no such entity', tool: 'scene.state' })];
    },
  ],
  [
    'codeFromBody',
    'body',
    (m) => [m.codeFromBody({ ok: false, code: 'NOT_FOUND' }, 'INTERNAL'), m.codeFromBody('x', 'INTERNAL')],
  ],
  ['codeFromStatus', 'statuses', (m) => [400, 404, 409, 500, 503].map((s) => m.codeFromStatus(s, 'detail'))],
  ['optionsFromBody', 'body', (m) => m.optionsFromBody({ ok: false, options: ['a', 'b'] })],
  [
    'failureDetail',
    'bodies',
    (m) => [m.failureDetail({ ok: false, error: 'boom' }), m.failureDetail({ ok: true, reason: 'r' })],
  ],
  ['isFailureBody', 'bodies', (m) => [m.isFailureBody({ error: 'x' }), m.isFailureBody({ ok: true })]],
  [
    'encodeError',
    'detail',
    (m) => m.encodeError({ code: 'TOO_LARGE', message: 'm'.repeat(900), tool: 't', hint: 'narrow it' }),
  ],
  [
    'errorDetailOf',
    'formatted failure',
    (m) => m.errorDetailOf(m.createFormatter(() => null).fail({ code: 'BUSY', message: 'later' })),
  ],
  ['describeShape', 'payload', (m) => m.describeShape(payload)],
  ['roundSig', 'values', (m) => [1 / 3, 2.5e-8, 123456.789, -0.000123456789].map((x) => m.roundSig(x, 4))],
  ['roundFloats', 'payload', (m) => m.roundFloats(payload, 5)],
  ['resolvePrecision', 'raws', (m) => [undefined, '3', 40, 'x'].map((r) => m.resolvePrecision(r))],
  ['sceneState', 'index', (m) => m.sceneState(entities, {}, { scenePath: 'level-1.json' })],
  ['sceneState', 'targeted', (m) => m.sceneState(entities, { name: 'tree', trait: 'Transform', limit: 3 })],
  ['layoutBounds', 'overlaps', (m) => m.layoutBounds(rects, { overlaps: true, limit: 8 }, { entities })],
  [
    'summarizeAssets',
    'counts and entries',
    (m) => [m.summarizeAssets(assets), m.summarizeAssets(assets, { type: 'sound', limit: 3 })],
  ],
  ['listAssets', 'empty filter', (m) => m.listAssets(assets, { type: 'mesh' })],
  [
    'summarizeTraits',
    'index and schema',
    (m) => [
      m.summarizeTraits({ Transform: { category: 'core' }, Sprite: { category: 'render' } }, true),
      m.summarizeTraits({ Transform: { category: 'core' } }, false, { name: 'Transform' }),
    ],
  ],
  [
    'handles',
    'counts',
    (m) =>
      m.handles({
        handles: rects.map((r, i) => ({
          id: r.guid,
          editor: ['scene', 'dopesheet'][i % 2],
          kind: 'key',
          label: r.name,
        })),
        totalCount: 30,
      }),
  ],
  [
    'handles',
    'a reply without a handles array is the same object',
    (m) => {
      const reply = { ok: false, error: 'editor is not running' };
      return m.handles(reply) === reply;
    },
  ],
  [
    'isBareHandlesFilter',
    'bare, empty ids and narrowed',
    (m) => [m.isBareHandlesFilter({}), m.isBareHandlesFilter({ ids: [] }), m.isBareHandlesFilter({ kind: 'key' })],
  ],
  [
    'shapeHandlesReply',
    'bare call and a miss',
    async (m) => {
      const live = {
        handles: rects.slice(0, 6).map((r, i) => ({ id: r.guid, editor: ['scene', 'dopesheet'][i % 2], kind: 'key' })),
        returnedCount: 6,
      };
      return [
        await m.shapeHandlesReply(live, {}, async () => live),
        await m.shapeHandlesReply({ handles: [], returnedCount: 0 }, { kind: 'gizmo' }, async () => live),
      ];
    },
  ],
  ['capLabel', 'long', (m) => m.capLabel('a label that is longer than sixty characters, cut at a word boundary maybe')],
  [
    'sceneEditResult',
    'echo',
    (m) => m.sceneEditResult({ ok: true, changed: 2, scene: entities.slice(0, 3) }, { returnScene: '0' }),
  ],
  [
    'screenshotResult',
    'text only',
    (m) => m.screenshotResult({ path: '/tmp/s.png', width: 1800, height: 900, base64: 'iVBORw0KGgo=' }),
  ],
  ['shortGuid', 'guid', (m) => m.shortGuid(guids[0])],
  [
    'resolveGuid',
    'prefix and error',
    (m) => [m.resolveGuid(guids[1].slice(0, 10), guids), () => m.resolveGuid('zz', guids)],
  ],
  ['deriveGuid', 'seed', (m) => m.deriveGuid('level-1/Player')],
  ['histogram', 'types', (m) => m.histogram(assets, (a) => a.type)],
  ['describeFilter', 'filter', (m) => m.describeFilter({ name: 'P', ids: [1, 2], all: false })],
  ['liveSet', 'names', (m) => m.liveSet(new Set(NAMES), 5, 'Pferd')],
  [
    'emptyFilterHint',
    'disclosure',
    (m) =>
      m.emptyFilterHint({
        what: 'rect',
        filter: 'layer=ux',
        unfilteredCount: 30,
        live: { layer: ['ui', '3d'] },
        near: { layer: 'ui' },
      }),
  ],
  ['loadEncoding', 'unknown encoding', (m) => m.loadEncoding('p50k_base').then(() => 'resolved')],
  [
    'countTokens',
    'both encodings',
    (m) => [m.countTokens(m.encode(payload)), m.countTokens(m.encode(payload), 'o200k_base')],
  ],
  [
    'fitsTokenBudget',
    'limits',
    (m) => [m.fitsTokenBudget(m.encode(payload), 100), m.fitsTokenBudget('hello world', 2, 'o200k_base')],
  ],
  ['estimateTokens', 'methods', (m) => [m.estimateTokens(m.encode(payload)), m.estimateTokens('abcdefg', 'chars/3.5')]],
  ['tokenReport', 'payload', (m) => m.tokenReport(payload, { encoding: 'o200k_base' })],
  ['toToon', 'table', (m) => m.toToon({ assets: assets.slice(0, 6) })],
  ['toonResult', 'table', (m) => m.toonResult(assets.slice(0, 4))],
  [
    'toonDescription',
    'tool',
    (m) =>
      m.toonDescription({
        name: 'scene',
        description: 'Scene ops',
        actions: [
          { name: 'state', description: 'Index', required: ['name'] },
          { name: 'delete', required: ['guid'], destructive: true },
        ],
      }),
  ],
  ['limitCollection', 'over', (m) => m.limitCollection(assets, 5, { hint: 'Pass type= to narrow.' })],
  ['limitResult', 'over', (m) => m.limitResult(assets, 2)],
  ['select', 'fields', (m) => m.select(entities.slice(0, 3), ['name', 'values.Transform.x'])],
  ['selectSchema', 'schema', (m) => m.selectSchema(tools[0].outputSchema)],
  [
    'inflationRisk',
    'schemas',
    (m) => [m.inflationRisk(tools[0].outputSchema), m.inflationRisk({ type: 'string', maxLength: 20 })],
  ],
  [
    'profileResponse',
    'blocks',
    (m) =>
      m.profileResponse('scene.state', [
        { type: 'text', text: m.encode(payload) },
        { type: 'text', text: 'ok' },
      ]),
  ],
  ['chooseEncoding', 'rows', (m) => m.chooseEncoding(assets)],
  ['budgetLock', 'tools', (m) => m.budgetLock(tools)],
  ['serializeLock', 'tools', (m) => m.serializeLock(m.budgetLock(tools))],
  ['checkLock', 'regression', (m) => m.checkLock(m.budgetLock(tools.slice(1)), m.budgetLock(tools))],
  ['menuCost', 'tools', (m) => m.menuCost(tools, { encoding: 'o200k_base' })],
  ['lintDescription', 'tool', (m) => m.lintDescription(tools[1])],
  [
    'groupTools',
    'route',
    (m) => {
      const grouped = m.groupTools(tools);
      return [grouped.tools, grouped.route('scene', { action: 'edit', guid: 'g' })];
    },
  ],
  [
    'compactMenu',
    'describe and route',
    (m) => {
      const menu = m.compactMenu(tools);
      return [menu.tools, menu.describe(['scene.edit']), menu.route({ name: 'scene.edit', arguments: { op: 'move' } })];
    },
  ],
  [
    'previewResult',
    'one error among many',
    (m) => {
      const rows = Array.from({ length: 400 }, (_, i) => ({ i, level: i === 123 ? 'error' : 'info', msg: `row ${i}` }));
      return m.previewResult(rows, { maxTokens: 300, maxChars: 1200 });
    },
  ],
  ['menuFor', 'compact', (m) => m.menuFor(tools, { compact: ['scene.state'] })],
  [
    'tailWithCounts',
    'console',
    (m) => m.tailWithCounts(consoleEntries, (e) => e.level, { limit: 5, defaultLimit: 50 }),
  ],
  ['headWithCounts', 'journal', (m) => m.headWithCounts(journal, (e) => e.type, { limit: 4 })],
  ['takeTail', 'window', (m) => m.takeTail(consoleEntries, undefined, 3)],
  ['takeHead', 'negative', (m) => m.takeHead(consoleEntries, -2, 3)],
  ['tailHint', 'hint', (m) => m.tailHint('events', 5, 80, ', or narrow with type=')],
  ['isConsoleLevel', 'values', (m) => ['warn', 'fatal', 3].map((v) => m.isConsoleLevel(v))],
  ['atConsoleLevel', 'pairs', (m) => [m.atConsoleLevel('error', 'warn'), m.atConsoleLevel('log', 'info')]],
  ['capLogText', 'cut', (m) => m.capLogText('ü'.repeat(500), 100)],
  ['fitLogBudget', 'last', (m) => m.fitLogBudget(consoleEntries, m.encodedSize, 2000, 'last')],
  ['encodedSize', 'entry', (m) => m.encodedSize(consoleEntries[5])],
  [
    'consoleLogs',
    'warn since',
    (m) =>
      m.consoleLogs(consoleEntries, { level: 'warn', since: 40, epoch: 'e1', limit: 5 }, { epoch: 'e1', dropped: 3 }),
  ],
  [
    'journalEvents',
    'level',
    (m) =>
      m.journalEvents(
        journal,
        { sinceCap: 10, level: 'warn', limit: 4 },
        { captureSeq: 81, captures: { types: ['@contact'], active: [] } },
      ),
  ],
  [
    'editorJournal',
    'merged',
    (m) => m.editorJournal(editorEvents, { merged: true, sinceCap: 1 }, { game: journal.slice(0, 10), epoch: 'c~s' }),
  ],
  [
    'watchRead',
    'samples',
    (m) =>
      m.watchRead(
        { series: [{ key: 'fps', samples: [59.99999, 60.00001, 1 / 3] }] },
        { samples: true, precision: '3' },
      ),
  ],
  [
    'watchRead',
    'a failed read is the same object',
    (m) => {
      const failed = { ok: false, error: 'no such watch', series: [] };
      return m.watchRead(failed) === failed;
    },
  ],
  ['withBudget', 'not a server', (m) => () => m.withBudget({})],
  [
    'createBudgetPolicy',
    'apply over the cap',
    async (m) => {
      const policy = m.createBudgetPolicy({ maxChars: 1000 });
      const { result } = await policy.apply('scene.state', { entities });
      const text = JSON.stringify(result);
      const id = /budget:\/\/result\/([0-9a-z_-]+)/i.exec(text)?.[1];
      const page = JSON.stringify(await policy.readResource(`budget://result/${id}?page=2`));
      const anonymous = (json) => (id === undefined ? json : json.split(id).join('<id>'));
      return [policy.options, anonymous(text), id?.length, anonymous(page)];
    },
  ],
  [
    'memoryStore',
    'put, read a page, read as another owner',
    async (m) => {
      const store = m.memoryStore({ now: () => 0 });
      const id = await store.put(['{"page":1}', '{"page":2}'], { owner: 'a' });
      return [id.length, await store.get(id, { owner: 'a', page: 2 }), await store.get(id, { owner: 'b' })];
    },
  ],
  ['redisStore', 'not a Redis client', (m) => () => m.redisStore({})],
];

/** JSON text of `value`, with what JSON has no form for written as a tag. */
function show(value) {
  return JSON.stringify(value, (_, v) => {
    if (typeof v === 'function') return `[function ${v.name}]`;
    if (typeof v === 'bigint') return `[bigint ${v}]`;
    if (typeof v === 'symbol') return `[${String(v)}]`;
    if (v === undefined) return '[undefined]';
    if (v instanceof Set) return { set: [...v] };
    return v;
  });
}

/** A call's answer: its value, or the error it threw (class, code, message). */
async function settle(call) {
  try {
    let value = await call();
    if (Array.isArray(value)) value = await Promise.all(value.map((v) => (typeof v === 'function' ? settle(v) : v)));
    else if (typeof value === 'function') value = await settle(value);
    return { value };
  } catch (error) {
    return { threw: { name: error?.name, code: error?.code, message: error?.message } };
  }
}

/** The functions the case list calls. */
export const coveredFunctions = () => [...new Set(CASES.map(([name]) => name))];

/**
 * Every case's answer as JSON text, keyed `export: label`, for the cases of the exports `m` has
 * (an entry point may export a part of the package). Loads both encodings first where `m` can
 * (in a browser a count needs its table fetched; on Node loading resolves at once).
 */
export async function answers(m) {
  if (typeof m.loadEncoding === 'function') {
    await Promise.all([m.loadEncoding('cl100k_base'), m.loadEncoding('o200k_base')]);
  }
  const out = {};
  for (const name of Object.keys(m).sort()) {
    if (name !== 'default' && typeof m[name] !== 'function') out[`${name}: value`] = show({ value: m[name] });
  }
  for (const [name, label, call] of CASES) {
    if (name in m) out[`${name}: ${label}`] = show(await settle(() => call(m)));
  }
  return out;
}
