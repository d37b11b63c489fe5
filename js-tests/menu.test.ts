import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { get_encoding } from 'tiktoken';
import fc from 'fast-check';
import {
  countTokens,
  menuCost,
  lintDescription,
  groupTools,
  menuFor,
  compactMenu,
  budgetLock,
  DEFAULT_MAX_DESCRIPTION_TOKENS,
  type McpTool,
} from 'modoki-budget';
// @ts-expect-error plain CommonJS module without types (the lead's CLI dispatcher calls it)
import { main } from '../node/cli/main.cjs';

const root = join(__dirname, '..');
const sample: McpTool[] = JSON.parse(readFileSync(join(root, 'samples', 'tools.json'), 'utf8'));
const encoders = { cl100k_base: get_encoding('cl100k_base'), o200k_base: get_encoding('o200k_base') };
afterAll(() => {
  encoders.cl100k_base.free();
  encoders.o200k_base.free();
});
type Enc = keyof typeof encoders;
const tiktoken = (text: string, enc: Enc = 'cl100k_base') => encoders[enc].encode_ordinary(text).length;

describe('menuCost', () => {
  for (const enc of ['cl100k_base', 'o200k_base'] as const) {
    it(`${enc}: every figure equals tiktoken's count of the same text`, () => {
      const cost = menuCost(sample, { encoding: enc });
      const expected = sample.map((tool, index) => {
        const json = JSON.stringify(tool);
        return {
          name: tool.name,
          index,
          tokens: tiktoken(json, enc),
          chars: json.length,
          estimate: Math.ceil(json.length / 4),
          nameTokens: tiktoken(tool.name, enc),
          descriptionTokens: tiktoken(tool.description ?? '', enc),
          inputSchemaTokens: tool.inputSchema === undefined ? 0 : tiktoken(JSON.stringify(tool.inputSchema), enc),
        };
      });
      const sorted = [...expected].sort((a, b) => b.tokens - a.tokens);
      expect(cost).toEqual({
        encoding: enc,
        tokens: expected.reduce((s, t) => s + t.tokens, 0),
        chars: expected.reduce((s, t) => s + t.chars, 0),
        estimate: expected.reduce((s, t) => s + t.estimate, 0),
        tools: sorted,
      });
    });
  }

  it('a lone surrogate costs as U+FFFD instead of failing the menu', () => {
    expect(menuCost([{ name: 'a\ud800' }]).tools[0]).toMatchObject({
      name: 'a\ufffd',
      tokens: tiktoken('{"name":"a\ufffd"}'),
    });
  });

  it('reads a tool list with a lone surrogate exactly as budgetLock reads it (one JSON reader)', () => {
    const tools = [{ name: 'scene.find\udc00', description: 'Finds \ud800 entities.' }];
    const cost = menuCost(tools).tools[0];
    const lock = budgetLock(tools);
    expect(Object.keys(lock.tools)).toEqual(['scene.find\ufffd']);
    expect(cost.name).toBe('scene.find\ufffd');
    expect(lock.tools['scene.find\ufffd'].descriptionTokens).toBe(cost.descriptionTokens);
    expect(cost.descriptionTokens).toBe(tiktoken('Finds \ufffd entities.'));
    expect(lock).toEqual(budgetLock([{ name: 'scene.find\ufffd', description: 'Finds \ufffd entities.' }]));
  });

  it('counts keys in the order given and tools without description or schema', () => {
    const tools = [{ inputSchema: { type: 'object' }, name: 'b' }, { name: 'a' }];
    const cost = menuCost(tools);
    expect(cost.tools.map((t) => [t.name, t.tokens, t.descriptionTokens, t.inputSchemaTokens])).toEqual([
      ['b', tiktoken('{"inputSchema":{"type":"object"},"name":"b"}'), 0, tiktoken('{"type":"object"}')],
      ['a', tiktoken('{"name":"a"}'), 0, 0],
    ]);
  });

  it('rejects what is not a tool list with coded errors', () => {
    expect(() => menuCost({} as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'tools must be an array of MCP tool objects.' }),
    );
    expect(() => menuCost([{ description: 'x' }] as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'tools[0] must be an object with a string "name".' }),
    );
    expect(() => menuCost(sample, { encoding: 'p50k' as never })).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_ENCODING' }),
    );
  });
});

const schema = {
  type: 'object',
  properties: {
    scene: { type: 'string' },
    trait: { type: 'string' },
    limit: { type: 'integer' },
    full: { type: 'boolean' },
  },
  required: ['scene'],
};
const output = { type: 'object', properties: { entities: { type: 'array', items: { type: 'object' } } } };
const tool = (description: string, extra: Partial<McpTool> = {}): McpTool => ({
  name: 'scene.state',
  description,
  inputSchema: schema,
  outputSchema: output,
  ...extra,
});

describe('lintDescription', () => {
  it('UNADVERTISED_FILTER: each optional parameter never named as a word', () => {
    // "traits" and "unlimited" contain the names but are not them; "scene" is required.
    expect(
      lintDescription(tool('Traits of the scene, unlimited. By default an index; the whole dump is large. full=true.')),
    ).toEqual([
      {
        code: 'UNADVERTISED_FILTER',
        param: 'trait',
        message:
          'Optional parameter "trait" is never named in the description, so the model will call without it. Add it by name with what it narrows or adds, e.g. "Pass trait=<value> to …".',
      },
      {
        code: 'UNADVERTISED_FILTER',
        param: 'limit',
        message:
          'Optional parameter "limit" is never named in the description, so the model will call without it. Add it by name with what it narrows or adds, e.g. "Pass limit=N to …".',
      },
    ]);
    expect(lintDescription(tool('By default an index. Large. Pass TRAIT: x, `limit`, full=1.'))).toEqual([]);
  });

  it('NO_DEFAULT_SHAPE: a collection whose bare call is not described', () => {
    expect(lintDescription(tool('Entities. Narrow with trait=, limit=N, full=true. The full dump is large.'))).toEqual([
      {
        code: 'NO_DEFAULT_SHAPE',
        message:
          'Returns a collection (entities) but the description does not say what a bare call returns. Add the default shape, e.g. "By default returns counts only; …".',
      },
    ]);
    // A declared defaultShape makes it a collection even without an output schema.
    expect(
      lintDescription({ name: 'x', description: 'Reads x.', defaultShape: { counts: true } }).map((f) => f.code),
    ).toEqual(['NO_DEFAULT_SHAPE']);
    expect(lintDescription({ name: 'x', description: 'Reads x.' })).toEqual([]);
  });

  it('NO_SIZE_WARNING: an unbounded array in the output and no size word', () => {
    expect(lintDescription(tool('By default an index; trait=, limit=N, full=true.'))).toEqual([
      {
        code: 'NO_SIZE_WARNING',
        message:
          'The output can exceed the response cap (entities is an array without maxItems) and the description has no size warning. Add one, e.g. "The full list is large (can exceed the response cap); narrow it with …".',
      },
    ]);
    const bounded = { ...output, properties: { entities: { type: 'array', maxItems: 50 } } };
    expect(
      lintDescription(tool('By default an index; trait=, limit=N, full=true.', { outputSchema: bounded })),
    ).toEqual([]);
  });

  it('LONG_DESCRIPTION: over the threshold, with the count; default 200', () => {
    const text = 'By default an index; trait=, limit=N, full=true. Large. ' + 'More words about the scene. '.repeat(40);
    const n = tiktoken(text);
    expect(n).toBeGreaterThan(200);
    expect(DEFAULT_MAX_DESCRIPTION_TOKENS).toBe(200);
    expect(lintDescription(tool(text))).toEqual([
      {
        code: 'LONG_DESCRIPTION',
        message: `Description is ${n} tokens (threshold 200). Cut it to 200 or fewer: keep the default shape, the drill-down parameters and the size warning; move detail into the parameters' own descriptions.`,
      },
    ]);
    expect(lintDescription(tool(text), { maxDescriptionTokens: n })).toEqual([]);
    expect(lintDescription(tool(text), { maxDescriptionTokens: n - 1 }).map((f) => f.code)).toEqual([
      'LONG_DESCRIPTION',
    ]);
    expect(() => lintDescription(tool(text), { maxDescriptionTokens: 'lots' as never })).toThrow(
      expect.objectContaining({
        code: 'INVALID_OPTION',
        message: 'lintDescription: maxDescriptionTokens must be a number >= 0, got lots.',
      }),
    );
  });

  it('a description with default shape, drill-downs and a size warning has no findings', () => {
    expect(
      lintDescription(
        tool(
          'By default returns a names-only index. Drill down: trait=Transform, limit=N, full=true. The full dump is ~40k tokens.',
        ),
      ),
    ).toEqual([]);
  });

  it('on the sample: the deliberately flawed tools, and only those', () => {
    const found = sample.flatMap((t) => lintDescription(t).map((f) => [t.name, f.code, f.param ?? null]));
    expect(found).toEqual([
      ['scene.get_layout_bounds', 'UNADVERTISED_FILTER', 'ids'],
      ['scene.get_layout_bounds', 'UNADVERTISED_FILTER', 'layer'],
      ['scene.get_layout_bounds', 'UNADVERTISED_FILTER', 'overlaps'],
      ['scene.get_layout_bounds', 'UNADVERTISED_FILTER', 'limit'],
      ['scene.get_layout_bounds', 'NO_DEFAULT_SHAPE', null],
      ['scene.get_layout_bounds', 'NO_SIZE_WARNING', null],
      ['traits.list', 'UNADVERTISED_FILTER', 'category'],
      ['traits.list', 'NO_SIZE_WARNING', null],
      ['journal.events', 'LONG_DESCRIPTION', null],
      ['journal.editor', 'NO_DEFAULT_SHAPE', null],
      ['watch.read', 'NO_SIZE_WARNING', null],
      ['handles.tap', 'UNADVERTISED_FILTER', 'button'],
    ]);
  });
});

// One argument value per parameter, so every parameter of every tool travels through route.
function argsFor(t: McpTool): Record<string, unknown> {
  const props = (t.inputSchema?.properties ?? {}) as Record<string, { type?: string }>;
  return Object.fromEntries(
    Object.entries(props).map(([k, s]) => [
      k,
      s.type === 'integer' ? 7 : s.type === 'boolean' ? true : s.type === 'array' ? [1, 2] : `${k}-value`,
    ]),
  );
}

describe('groupTools', () => {
  const grouped = groupTools(sample);
  const groupedNames = new Set(grouped.tools.map((t) => t.name));

  it('one tool per namespace of two or more, in menu order; singletons pass through', () => {
    expect(grouped.tools.map((t) => t.name)).toEqual([
      'scene',
      'assets.list',
      'traits.list',
      'logs.console',
      'journal',
      'watch',
      'handles',
    ]);
    const watch = grouped.tools.find((t) => t.name === 'watch');
    expect(watch).toEqual({
      name: 'watch',
      description: ['start', 'read', 'stop']
        .map((a) => `- ${a}: ${sample.find((t) => t.name === `watch.${a}`)!.description}`)
        .join('\n'),
      inputSchema: {
        type: 'object',
        properties: {
          action: { type: 'string', enum: ['start', 'read', 'stop'] },
          entity: { type: 'integer', description: 'start (required): Entity id to watch.' },
          component: { type: 'string', description: 'start (required): Trait to sample, e.g. Transform.' },
          field: { type: 'string', description: 'start: One field of the trait, e.g. y.' },
          maxSamples: { type: 'integer', minimum: 1, default: 600, description: 'start: Ring size of each series.' },
          id: { type: 'string', description: 'read (required), stop (required): The id watch.start returned.' },
          samples: { type: 'boolean', description: 'read: Include the raw samples.' },
          series: { type: 'string', description: 'read: One series key, e.g. 12.Transform.y.' },
        },
        required: ['action'],
        additionalProperties: false,
      },
    });
    // Identical annotations survive; differing ones (watch.start has none) are dropped.
    expect(grouped.tools.find((t) => t.name === 'journal')!.annotations).toEqual({ readOnlyHint: true });
    expect(grouped.tools.find((t) => t.name === 'handles')!.annotations).toBeUndefined();
    for (const t of grouped.tools.filter((g) => !g.name.includes('.'))) expect(t.outputSchema).toBeUndefined();
  });

  it('route round-trips every call of the sample to the original tool and arguments', () => {
    for (const t of sample) {
      const args = argsFor(t);
      const ns = t.name.slice(0, t.name.indexOf('.'));
      const call = groupedNames.has(t.name)
        ? { name: t.name, args }
        : { name: ns, args: { action: t.name.slice(ns.length + 1), ...args } };
      expect(grouped.route(call.name, call.args)).toEqual({ name: t.name, arguments: args });
    }
  });

  it('route rejects an unknown action with the valid ones, and an unknown tool', () => {
    expect(() => grouped.route('watch', { action: 'pause', id: 'w1' })).toThrow(
      expect.objectContaining({
        code: 'UNKNOWN_ACTION',
        message: 'Tool "watch": action "pause" is not one of its actions. Valid actions: start, read, stop.',
      }),
    );
    expect(() => grouped.route('watch', {})).toThrow(
      expect.objectContaining({
        code: 'UNKNOWN_ACTION',
        message: 'Tool "watch": action missing is not one of its actions. Valid actions: start, read, stop.',
      }),
    );
    expect(() => grouped.route('watch', { action: 'constructor' })).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_ACTION' }),
    );
    expect(() => grouped.route('watch.start', {})).toThrow(expect.objectContaining({ code: 'UNKNOWN_TOOL' }));
  });

  it('a parameter with two schemas is an error naming both tools', () => {
    const tools = [
      {
        name: 'logs.console',
        inputSchema: { type: 'object', properties: { limit: { type: 'integer', default: 50 } } },
      },
      {
        name: 'logs.journal',
        inputSchema: { type: 'object', properties: { limit: { type: 'integer', default: 100 } } },
      },
    ];
    expect(() => groupTools(tools)).toThrow(
      expect.objectContaining({
        code: 'CONFLICTING_PARAMETER',
        message:
          'Parameter "limit" has different schemas in tools "logs.console" ({"type":"integer","default":50}) and "logs.journal" ({"type":"integer","default":100}); make them agree or rename one before grouping.',
      }),
    );
    expect(() => groupTools(sample, { separator: '' })).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
  });

  it('route round-trips random menus: every call, every argument, any value', () => {
    // `__proto__` as an own key: it must stay a parameter through JSON, grouping and route.
    const PARAMS: Record<string, object> = Object.fromEntries([
      ['limit', { type: 'integer' }],
      ['id', { type: 'string' }],
      ['full', { type: 'boolean' }],
      ['__proto__', { type: 'array' }],
    ]);
    const toolArb = fc.record({
      ns: fc.constantFrom('scene', 'logs', 'x', ''),
      action: fc.constantFrom('get', 'list', 'read', 'a.b'),
      params: fc.subarray(Object.keys(PARAMS)),
      required: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(toolArb, { selector: (t) => `${t.ns}.${t.action}`, maxLength: 10 }),
        fc.jsonValue(),
        (specs, value) => {
          const tools = specs.map((t) => ({
            name: t.ns === '' ? t.action.replace('.', '_') : `${t.ns}.${t.action}`,
            inputSchema: {
              type: 'object',
              properties: Object.fromEntries(t.params.map((p) => [p, PARAMS[p]])),
              ...(t.required && t.params.length ? { required: [t.params[0]] } : {}),
            },
          }));
          if (new Set(tools.map((t) => t.name)).size !== tools.length) return;
          const g = groupTools(tools);
          const names = new Set(g.tools.map((t) => t.name));
          for (const t of tools) {
            const args = Object.fromEntries(Object.keys(t.inputSchema.properties).map((p) => [p, value]));
            const dot = t.name.indexOf('.');
            const call = names.has(t.name)
              ? [t.name, args]
              : [t.name.slice(0, dot), { action: t.name.slice(dot + 1), ...args }];
            expect(g.route(call[0] as string, call[1] as Record<string, unknown>)).toEqual({
              name: t.name,
              arguments: args,
            });
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('custom separator and discriminator', () => {
    const g = groupTools([{ name: 'a__x' }, { name: 'a__y' }], { separator: '__', discriminator: 'op' });
    expect(g.tools).toEqual([
      {
        name: 'a',
        description: '- x\n- y',
        inputSchema: { type: 'object', properties: { op: { type: 'string', enum: ['x', 'y'] } }, required: ['op'] },
      },
    ]);
    expect(g.route('a', { op: 'y' })).toEqual({ name: 'a__y', arguments: {} });
  });

  it('the token saving against the ungrouped menu, counted with countTokens', () => {
    const menuTokens = (tools: readonly object[]) =>
      tools.reduce((s: number, t) => s + countTokens(JSON.stringify(t)), 0);
    const before = menuTokens(sample);
    const after = menuTokens(grouped.tools);
    const stripped = sample.map(({ outputSchema: _o, ...t }) => t);
    const likeBefore = menuTokens(stripped);
    const likeAfter = menuTokens(groupTools(stripped).tools);
    expect(menuCost(sample).tokens).toBe(before);
    expect(menuCost(grouped.tools).tokens).toBe(after);
    // The figures docs/menu.md reports: 711 saved against the menu as given, most of it the
    // output schemas a grouped tool cannot keep; like for like (no output schemas) 64.
    expect([before, after, before - after]).toEqual([2732, 2021, 711]);
    expect([likeBefore, likeAfter, likeBefore - likeAfter]).toEqual([1889, 1825, 64]);
  });
});

describe('menuFor', () => {
  const tools: McpTool[] = [
    {
      name: 'scene.edit',
      descriptions: {
        compact: 'Edit the scene.',
        full: 'Edit the scene: setTrait, addEntity, removeEntity. Returns ok, changed, errors.',
      },
      inputSchema: { type: 'object' },
    },
    { name: 'scene.get_state', description: 'State.', descriptions: { compact: 'Scene index.' } },
    { name: 'logs.console', description: 'Console logs.' },
  ];

  it('compact text for the named tools, full elsewhere, with the cost of each variant', () => {
    const m = menuFor(tools, { compact: ['scene.edit'] });
    expect(m.tools).toEqual([
      { name: 'scene.edit', description: 'Edit the scene.', inputSchema: { type: 'object' } },
      { name: 'scene.get_state', description: 'State.' },
      { name: 'logs.console', description: 'Console logs.' },
    ]);
    const cost = (list: object[]) => list.reduce((s: number, t) => s + tiktoken(JSON.stringify(t)), 0);
    const full = [
      { name: 'scene.edit', description: tools[0].descriptions!.full, inputSchema: { type: 'object' } },
      { name: 'scene.get_state', description: 'State.' },
      tools[2],
    ];
    const compact = [m.tools[0], { name: 'scene.get_state', description: 'Scene index.' }, tools[2]];
    expect(m.tokens).toBe(cost(m.tools));
    expect(m.full).toBe(cost(full));
    expect(m.compact).toBe(cost(compact));
    expect(menuFor(tools, { compact: true }).tools).toEqual(compact);
    expect(menuFor(tools).tools).toEqual(full);
    expect(menuFor(tools).tokens).toBe(m.full);
  });
});

function fakeIo(files: Record<string, string>, tty = false, env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      stdout: { isTTY: tty, write: (s: string) => out.push(s) },
      stderr: { write: (s: string) => err.push(s) },
      env,
      readInput: (p: string) => {
        if (!(p in files))
          throw Object.assign(new Error(`ENOENT: no such file or directory, open '${p}'`), { code: 'ENOENT' });
        return files[p];
      },
    },
  };
}

// The command as the bin runs it: through the dispatcher, which prints a usage error as one line.
const menuCommand = (argv: string[], io: ReturnType<typeof fakeIo>['io']) => main(['menu', ...argv], io);

describe('menu command', () => {
  const files = {
    'tools.json': JSON.stringify(sample),
    'wrapped.json': JSON.stringify({ tools: sample.filter((t) => lintDescription(t).length === 0) }),
    'rpc.json': JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: sample } }),
    'bad.json': '[{"name":',
    'object.json': '{"name":"x"}',
    'noname.json': '[{"description":"x"}]',
    'conflict.json': JSON.stringify([
      { name: 'logs.a', inputSchema: { type: 'object', properties: { limit: { type: 'integer' } } } },
      { name: 'logs.b', inputSchema: { type: 'object', properties: { limit: { type: 'string' } } } },
    ]),
    'flat.json': JSON.stringify([{ name: 'capture_viewport' }, { name: 'logs.console' }]),
  };

  it('prints the table biggest first, the findings and the grouping saving; docs/menu.md shows it verbatim', async () => {
    const { io, out, err } = fakeIo(files);
    expect(await menuCommand(['tools.json'], io)).toBe(0);
    expect(err).toEqual([]);
    const text = out.join('');
    const rows = text
      .split('\n')
      .slice(3, 3 + sample.length)
      .map((l) => l.split(/\s+/)[0]);
    expect(rows).toEqual(menuCost(sample).tools.map((t) => t.name));
    expect(text).not.toContain('\x1b[');
    expect(readFileSync(join(root, 'docs', 'menu.md'), 'utf8')).toContain(text);
  });

  it('--json prints the same report as data', async () => {
    const { io, out } = fakeIo(files);
    expect(await menuCommand(['tools.json', '--json'], io)).toBe(0);
    const report = JSON.parse(out.join(''));
    expect(report.cost).toEqual(menuCost(sample));
    expect(report.findings).toEqual(sample.flatMap((t) => lintDescription(t).map((f) => ({ tool: t.name, ...f }))));
    expect(report.grouping).toMatchObject({
      toolsBefore: 12,
      toolsAfter: 7,
      tokensBefore: 2732,
      tokensAfter: 2021,
      saving: 711,
    });
    expect(report.grouping.withoutOutputSchemas).toEqual({ tokensBefore: 1889, tokensAfter: 1825, saving: 64 });
  });

  it('--check exits 1 when a finding is present and 0 when none is', async () => {
    expect(await menuCommand(['tools.json', '--check'], fakeIo(files).io)).toBe(1);
    expect(await menuCommand(['--check', 'wrapped.json'], fakeIo(files).io)).toBe(0);
    const rpc = fakeIo(files);
    const plain = fakeIo(files);
    expect(await menuCommand(['rpc.json', '--check'], rpc.io)).toBe(1);
    await menuCommand(['tools.json'], plain.io);
    expect(rpc.out).toEqual(plain.out);
    expect(await menuCommand(['tools.json', '--check', '--max-description-tokens=1000'], fakeIo(files).io)).toBe(1);
  });

  it('says why grouping is not possible or has nothing to do, without failing', async () => {
    const conflict = fakeIo(files);
    expect(await menuCommand(['conflict.json'], conflict.io)).toBe(0);
    expect(conflict.out.join('')).toContain(
      '\nGrouping: not possible — Parameter "limit" has different schemas in tools "logs.a" ({"type":"integer"}) and "logs.b" ({"type":"string"}); make them agree or rename one before grouping.\n',
    );
    const flat = fakeIo(files);
    expect(await menuCommand(['flat.json', '--json'], flat.io)).toBe(0);
    expect(JSON.parse(flat.out.join('')).grouping).toMatchObject({ groups: [], saving: 0, toolsAfter: 2 });
    const flatText = fakeIo(files);
    await menuCommand(['flat.json'], flatText.io);
    expect(flatText.out.join('')).toContain(
      '\nGrouping: nothing to group (no namespace has two or more tools named namespace.action)\n',
    );
  });

  it('--help prints usage and exits 0', async () => {
    const { io, out } = fakeIo(files);
    expect(await menuCommand(['--help'], io)).toBe(0);
    expect(out.join('')).toMatch(/^Usage: modoki-budget menu <tools.json\|-> \[options\]\n/);
  });

  it('colors only on a TTY without NO_COLOR', async () => {
    const tty = fakeIo(files, true);
    await menuCommand(['tools.json'], tty.io);
    expect(tty.out.join('')).toContain('\x1b[33mUNADVERTISED_FILTER\x1b[39m');
    const noColor = fakeIo(files, true, { NO_COLOR: '1' });
    await menuCommand(['tools.json'], noColor.io);
    expect(noColor.out.join('')).not.toContain('\x1b[');
  });

  const bad: Array<[string[], string]> = [
    [[], 'modoki-budget menu: missing input: pass a tools.json path or - for stdin (see --help)\n'],
    [
      ['tools.json', '--frobnicate'],
      expect.stringMatching(/^modoki-budget menu: Unknown option '--frobnicate'\. [^\n]+\n$/) as unknown as string,
    ],
    [['tools.json', '--encoding'], "modoki-budget menu: Option '--encoding <value>' argument missing\n"],
    [['tools.json', 'more.json'], 'modoki-budget menu: unexpected argument: more.json\n'],
    [
      ['tools.json', '--max-description-tokens', 'lots'],
      'modoki-budget menu: --max-description-tokens expects an integer >= 0, got "lots"\n',
    ],
    [['missing.json'], 'modoki-budget menu: cannot read missing.json: ENOENT\n'],
    [
      ['bad.json'],
      expect.stringMatching(/^modoki-budget menu: bad\.json is not valid JSON: [^\n]+\n$/) as unknown as string,
    ],
    [
      ['object.json'],
      'modoki-budget menu: object.json is not a tools/list result: expected an array of tools, { "tools": [...] } or a JSON-RPC response with one\n',
    ],
    [['noname.json'], 'modoki-budget menu: tools[0] must be an object with a string "name".\n'],
    [
      ['tools.json', '--encoding', 'p50k'],
      'modoki-budget menu: Unknown encoding "p50k". Supported encodings: cl100k_base, o200k_base.\n',
    ],
  ];
  for (const [argv, message] of bad) {
    it(`exit 2 with one line on stderr: ${argv.join(' ') || '(no arguments)'}`, async () => {
      const { io, out, err } = fakeIo(files);
      expect(await menuCommand(argv, io)).toBe(2);
      expect(out).toEqual([]);
      expect(err).toEqual([message]);
    });
  }
});

describe('menu: the compact menu line', () => {
  it('warns when the catalog is longer than the 2,048 chars Claude Code reads of a description', async () => {
    const tools = Array.from({ length: 40 }, (_, i) => ({
      name: `tool_number_${i}`,
      description: `Reads the numbered record ${i} from the archive and returns its fields with their history.`,
      inputSchema: {
        type: 'object',
        properties: Object.fromEntries(
          Array.from({ length: 8 }, (_, k) => [`field_${k}`, { type: 'string', description: `Filter on field ${k}.` }]),
        ),
      },
    }));
    const files = { 'many.json': JSON.stringify(tools) };
    const json = fakeIo(files);
    expect(await menuCommand(['--json', 'many.json'], json.io)).toBe(0);
    const { catalogChars } = JSON.parse(json.out.join('')).compact;
    expect(catalogChars).toBe(compactMenu(tools).tools[1].description!.length);
    expect(catalogChars).toBeGreaterThan(2048);
    const text = fakeIo(files);
    expect(await menuCommand(['many.json'], text.io)).toBe(0);
    expect(text.out.join('').trimEnd().split('\n').at(-1)).toMatch(
      new RegExp(
        `; the catalog is ${catalogChars.toLocaleString('en-US')} chars, and Claude Code reads only the first 2,048 \\(keep some tools with --menu-keep\\)$`,
      ),
    );
  });
});
