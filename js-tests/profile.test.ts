import { afterAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { get_encoding } from 'tiktoken';
import {
  budgetLock,
  checkLock,
  chooseEncoding,
  profileResponse,
  serializeLock,
  toToon,
  type LockTool,
} from 'modoki-budget';

const require = createRequire(import.meta.url);
const { main } = require('../node/cli/main.cjs');
const root = resolve(__dirname, '..');
const cl100k = get_encoding('cl100k_base');
afterAll(() => cl100k.free());
const tiktoken = (text: string) => cl100k.encode_ordinary(text).length;
const sampleTools: LockTool[] =
  JSON.parse(readFileSync(join(root, 'samples', 'tools.json'), 'utf8')).tools ??
  JSON.parse(readFileSync(join(root, 'samples', 'tools.json'), 'utf8'));

describe('profileResponse', () => {
  const payload = JSON.stringify({
    entities: Array.from({ length: 20 }, (_, i) => ({
      id: i,
      guid: `98b2bcaa-3424-79c9-8f00-${String(i).padStart(12, '0')}`,
    })),
  });
  const rules =
    'Rules: never guess ids; resolve a GUID prefix first; ask before deleting anything; prefer targeted queries.';

  it('measures every block in real tokens, with chars/3.5 beside it', () => {
    const p = profileResponse(
      'get_scene_state',
      [
        { type: 'text', text: payload },
        { type: 'text', text: rules },
      ],
      { overheadBlocks: 1 },
    );
    expect(p.blocks.map((b) => [b.role, b.size.tokens])).toEqual([
      ['payload', tiktoken(payload)],
      ['overhead', tiktoken(rules)],
    ]);
    expect(p.payload).toEqual({
      chars: payload.length,
      bytes: payload.length,
      tokens: tiktoken(payload),
      estimatedTokens: Math.ceil(payload.length / 3.5),
    });
    expect(p.total.tokens).toBe(tiktoken(payload) + tiktoken(rules));
    expect(p.overheadRatio).toBe(tiktoken(rules) / tiktoken(payload));
    expect(p.risk).toBe('low');
    expect(p.advisory).toBeNull();
  });

  it('classifies by total tokens, with configurable thresholds and the exact advisories', () => {
    const blocks = [{ type: 'text', text: payload }];
    const total = tiktoken(payload);
    expect(profileResponse('t', blocks, { thresholds: { low: total - 1, medium: total } }).risk).toBe('medium');
    const high = profileResponse('t', blocks, { thresholds: { low: 1, medium: 2, high: total } });
    expect(high.risk).toBe('high');
    expect(high.advisory).toBe(
      `HIGH TOKEN DENSITY: Tool "t" response is ${total} tokens. Consider a summary-first default, a collection limit or field selection.`,
    );
    const critical = profileResponse('t', blocks, { thresholds: { low: 1, medium: 2, high: 3 } });
    expect(critical.advisory).toBe(
      `COGNITIVE OVERLOAD: Tool "t" response is ${total} tokens. An agent can afford only a few of these per session: return a summary by default, cap collections (limit=N), and let the caller select fields.`,
    );
  });

  it('flags heavy overhead, and says something finite when there is no data at all', () => {
    const heavy = profileResponse(
      't',
      [
        { type: 'text', text: '{"ok":true}' },
        { type: 'text', text: rules },
      ],
      { overheadBlocks: 1 },
    );
    expect(heavy.advisory).toBe(
      `OVERHEAD WARNING: Tool "t" spends ${tiktoken(rules)} overhead tokens on ${tiktoken('{"ok":true}')} data tokens (${Math.round((tiktoken(rules) / tiktoken('{"ok":true}')) * 100)}% of the data, ceiling 30%). Trim the system rules and UI blocks, or move them into the tool description.`,
    );
    const only = profileResponse('t', [{ type: 'text', text: rules }], { overheadBlocks: 1 });
    expect(only.overheadRatio).toBe(Infinity);
    expect(only.advisory).toBe(
      `OVERHEAD WARNING: Tool "t" response is all overhead: ${tiktoken(rules)} overhead tokens and no data. Drop the overhead blocks or return data with them.`,
    );
  });

  it('rejects bad input with a coded error and keeps working', () => {
    expect(() => profileResponse(7 as unknown as string, [])).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT' }),
    );
    expect(() => profileResponse('t', [], { encoding: 'p50k' as 'cl100k_base' })).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_ENCODING' }),
    );
    expect(profileResponse('t', [{ type: 'text', text: 'hi' }]).total.tokens).toBe(tiktoken('hi'));
  });
});

describe('chooseEncoding', () => {
  it('picks TOON for a flat table and JSON for nested, non-uniform data, with both real counts', () => {
    const table = { rows: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `entity${i}`, x: i * 1.5 })) };
    const flat = chooseEncoding(table);
    expect(flat).toEqual({
      format: 'toon',
      text: toToon(table),
      jsonTokens: tiktoken(JSON.stringify(table)),
      toonTokens: tiktoken(toToon(table)),
      savedTokens: tiktoken(JSON.stringify(table)) - tiktoken(toToon(table)),
      encoding: 'cl100k_base',
    });
    const nested = { a: { b: { c: [{ x: 1 }, { y: [1, 2, { z: 3 }] }] } } };
    const choice = chooseEncoding(nested);
    expect(choice.format).toBe('json');
    expect(choice.text).toBe(JSON.stringify(nested));
    expect(choice.toonTokens).toBe(tiktoken(toToon(nested)));
  });
});

describe('budget lockfile', () => {
  it('round-trips byte-identically and is stable across key order', () => {
    const lock = budgetLock(sampleTools);
    const text = serializeLock(lock);
    expect(serializeLock(JSON.parse(text))).toBe(text);
    expect(text.endsWith('}\n')).toBe(true);
    const sortKeys = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(sortKeys)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.keys(v)
                .sort()
                .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
            )
          : v;
    expect(text).toBe(`${JSON.stringify(sortKeys(lock), null, 2)}\n`);
    const shuffled = sampleTools
      .map((t) => Object.fromEntries(Object.entries(t).reverse()) as unknown as LockTool)
      .reverse();
    expect(serializeLock(budgetLock(shuffled))).toBe(text);
    for (const tool of sampleTools)
      expect(lock.tools[tool.name].descriptionTokens).toBe(tiktoken(tool.description ?? ''));
  });

  it('checkLock reports added, removed, changed and escalations', () => {
    const before = budgetLock(sampleTools);
    expect(checkLock(before, budgetLock(sampleTools))).toMatchObject({
      ok: true,
      added: [],
      removed: [],
      changed: [],
      escalations: [],
      integrityOk: true,
    });
    const [first, , ...rest] = sampleTools;
    const grown = {
      ...first,
      description: `${first.description} ${'This paragraph was pasted in by accident. '.repeat(5)}`,
    };
    const after = budgetLock([
      grown,
      ...rest,
      { name: 'brand_new', description: 'New.', inputSchema: { type: 'object' } },
    ]);
    const check = checkLock(before, after);
    expect(check.ok).toBe(false);
    expect(check.added).toEqual(['brand_new']);
    expect(check.removed).toEqual([sampleTools[1].name]);
    expect(check.changed).toEqual([first.name]);
    expect(check.escalations).toEqual([
      {
        tool: first.name,
        what: 'descriptionTokens',
        from: tiktoken(first.description ?? ''),
        to: tiktoken(grown.description),
      },
    ]);
    expect(check.message).toMatch(
      /^Budget lock is out of date: 1 added \(brand_new\); 1 removed \(.+\); 1 changed \(.+\)\. Escalation: .+ description \d+ → \d+ tokens\. If this is intended, regenerate the lock \(`modoki-budget lock <tools.json>`\) and commit modoki-budget\.lock\.$/,
    );
    // The same findings, and how to accept them in the caller's own terms.
    const own = checkLock(before, after, { regenerate: { command: 'npm run lock', lockfile: 'ci/budget.lock' } });
    const findings = check.message.slice(0, check.message.indexOf(' If this is intended'));
    expect(own.message).toBe(
      `${findings} If this is intended, regenerate the lock (\`npm run lock\`) and commit ci/budget.lock.`,
    );
    expect(checkLock(before, after, { regenerate: {} }).message).toBe(check.message);
    const bad = (options: unknown) => {
      try {
        checkLock(before, after, options as never);
      } catch (e) {
        return [(e as { code?: string }).code, (e as Error).message];
      }
      return undefined;
    };
    expect(bad({ regenerate: { command: 1 } })).toEqual([
      'INVALID_OPTION',
      'checkLock: regenerate.command must be a string',
    ]);
    expect(bad({ regenerate: { file: 'x' } })).toEqual([
      'INVALID_OPTION',
      'checkLock: unknown option "regenerate.file". Known options: command, lockfile.',
    ]);
    expect(bad({ regenerate: 'x' })).toEqual([
      'INVALID_OPTION',
      'checkLock: regenerate must be an object, got string.',
    ]);
  });

  it('lock --check fails on a seeded escalation, in CI terms: exit code 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'modoki-lock-'));
    const toolsPath = join(dir, 'tools.json');
    const lockPath = join(dir, 'modoki-budget.lock');
    writeFileSync(toolsPath, JSON.stringify(sampleTools));
    let out = '';
    let err = '';
    const io = {
      stdout: { write: (s: string) => void (out += s) },
      stderr: { write: (s: string) => void (err += s) },
      env: {},
      readInput: (p: string) => readFileSync(p, 'utf8'),
    };
    expect(await main(['lock', toolsPath, '--lockfile', lockPath], io)).toBe(0);
    expect(readFileSync(lockPath, 'utf8')).toBe(serializeLock(budgetLock(sampleTools)));
    expect(await main(['lock', '--check', toolsPath, '--lockfile', lockPath], io)).toBe(0);
    const escalated = sampleTools.map((t, i) =>
      i === 0
        ? {
            ...t,
            outputSchema: {
              type: 'array',
              items: {
                type: 'object',
                properties: Object.fromEntries(Array.from({ length: 12 }, (_, k) => [`f${k}`, { type: 'string' }])),
              },
            },
          }
        : t,
    );
    writeFileSync(toolsPath, JSON.stringify(escalated));
    err = '';
    expect(await main(['lock', '--check', toolsPath, '--lockfile', lockPath], io)).toBe(1);
    expect(err).toMatch(
      new RegExp(`Escalation: ${sampleTools[0].name.replace('.', '\\.')} inflation risk \\w+ → critical\\.`),
    );
    // How to accept it names the tools file and the lockfile this check was run with.
    expect(err).toContain(
      ` If this is intended, regenerate the lock (\`modoki-budget lock ${toolsPath} --lockfile ${lockPath}\`) and commit ${lockPath}.\n`,
    );
    expect(await main(['lock', '--check', toolsPath, '--lockfile', join(dir, 'missing.lock')], io)).toBe(2);
    expect(await main(['lock'], io)).toBe(2);
  });

  it('hand edits and duplicate names are caught', () => {
    const lock = budgetLock(sampleTools);
    const edited = JSON.parse(JSON.stringify(lock));
    edited.tools[sampleTools[0].name].descriptionTokens = 1;
    expect(checkLock(edited, lock)).toMatchObject({ ok: false, integrityOk: false });
    expect(() => budgetLock([{ name: 'a' }, { name: 'a' }])).toThrow(
      expect.objectContaining({
        code: 'DUPLICATE_TOOL',
        message: 'budgetLock: two tools are named "a"; tool names must be unique.',
      }),
    );
    expect(() => checkLock({ lockfileVersion: 2 } as never, lock)).toThrow(
      expect.objectContaining({ code: 'INVALID_LOCKFILE' }),
    );
  });
});

describe('toon command', () => {
  it('prints TOON and, with --compare, both token counts', async () => {
    let out = '';
    let err = '';
    const data = {
      rows: [
        { a: 1, b: 'x' },
        { a: 2, b: 'y' },
      ],
    };
    const io = {
      stdout: { write: (s: string) => void (out += s) },
      stderr: { write: (s: string) => void (err += s) },
      env: {},
      readInput: () => JSON.stringify(data),
    };
    expect(await main(['toon', '-', '--delimiter', '|', '--compare'], io)).toBe(0);
    expect(out).toBe(`${toToon(data, { delimiter: '|' })}\n`);
    const choice = chooseEncoding(data, { delimiter: '|' });
    expect(err).toBe(
      `JSON ${choice.jsonTokens} tokens, TOON ${choice.toonTokens} tokens (cl100k_base): ${choice.format.toUpperCase()} is cheaper\n`,
    );
    expect(await main(['toon', '-', '--delimiter', ';'], io)).toBe(2);
  });
});
