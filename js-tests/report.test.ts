// `report` tells what it was given: the size as given next to compact, and field paths that stay
// readable (and distinct) on recursive data.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { countTokens, tokenReport } from 'modoki-budget';

const require = createRequire(import.meta.url);
const { main } = require('../node/cli/main.cjs');
const { foldPath } = require('../node/cli/fold-path.cjs');

async function report(stdin: string, args: string[] = []) {
  let out = '';
  let err = '';
  const io = {
    stdout: { write: (s: string) => void (out += s), isTTY: false },
    stderr: { write: (s: string) => void (err += s), isTTY: false },
    env: {},
    readInput: () => stdin,
  };
  const code = await main(['report', '-', ...args], io);
  return { code, out, err };
}

/** A directory tree shaped like server-filesystem's directory_tree: depth levels of folders. */
function tree(depth: number, width: number): unknown[] {
  if (depth === 0) return Array.from({ length: width }, (_, i) => ({ name: `file-${i}.ts`, type: 'file' }));
  return Array.from({ length: width }, (_, i) => ({
    name: `dir-${depth}-${i}`,
    type: 'directory',
    children: tree(depth - 1, width),
  }));
}

describe('report: the size as given', () => {
  it('pretty input: as given, compact and the saving from compacting alone', async () => {
    const data = { tree: tree(3, 4) };
    const pretty = JSON.stringify(data, null, 2);
    const compact = JSON.stringify(data);
    const { code, out } = await report(pretty);
    expect(code).toBe(0);
    const change = Math.round(((compact.length - pretty.length) / pretty.length) * 100);
    const n = (x: number) => x.toLocaleString('en-US');
    expect(out).toContain(
      `\nSize            as given ${n(pretty.length)} chars · compact ${n(compact.length)} (−${-change}%) · ${n(compact.length)} UTF-8 bytes\n`,
    );
    const json = JSON.parse((await report(pretty, ['--json'])).out);
    expect([json.givenChars, json.chars]).toEqual([pretty.length, compact.length]);
  });

  it('compact input: one size, no comparison', async () => {
    const compact = JSON.stringify({ a: [1, 2, 3] });
    const { out } = await report(compact);
    expect(out).toContain(`\nSize            ${compact.length} chars · ${compact.length} UTF-8 bytes\n`);
    expect(out).not.toContain('as given');
  });
});

describe('report: readable paths on recursive data', () => {
  it.each([
    ['[].children[].children[].children[].name', '[].children[]×3.name'],
    ['[].children[].children[].name', '[].children[]×2.name'],
    ['[].children[].name', '[].children[].name'],
    ['entities[].values.Transform.rotation', 'entities[].values.Transform.rotation'],
    ['a.b[].a.b[].a.b[].c', '(a.b[])×3.c'],
    ['x.parent.parent.parent.id', 'x.parent×3.id'],
    ['(root)', '(root)'],
    ['m[][]', 'm[][]'],
  ])('%s → %s', (path, folded) => {
    expect(foldPath(path)).toBe(folded);
  });

  it('every row of a deep tree is distinct and whole, never a cut-off prefix', async () => {
    const data = tree(6, 2);
    const { out } = await report(JSON.stringify(data), ['--top', '40']);
    const rows = out.split('\n').filter((l) => l.startsWith('  ') && l.includes('% of chars'));
    const paths = rows.map((l) => l.trim().split(/\s+/)[0]);
    expect(paths).toEqual(
      tokenReport(data)
        .fields.slice(0, 40)
        .map((f) => foldPath(f.path)),
    );
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('[].children[]×6.name');
    expect(out).not.toContain('…]');
    expect(out).not.toMatch(/ {2}…/);
  });
});

describe('report: progress only on a terminal', () => {
  it('a real process whose stderr is a pipe prints no progress on a large input, and the same report', () => {
    const bin = fileURLToPath(new URL('../bin/modoki-budget.cjs', import.meta.url));
    // Over the 2,000,000-char threshold from which a terminal gets progress lines.
    const big = JSON.stringify({
      rows: Array.from({ length: 60_000 }, (_, i) => ({ id: i, name: `entity-${i}`, x: i / 7 })),
    });
    expect(big.length).toBeGreaterThan(2_000_000);
    const ran = spawnSync(process.execPath, [bin, 'report', '-', '--json'], { input: big, encoding: 'utf8' });
    expect(ran.status).toBe(0);
    expect(ran.stderr).toBe('');
    const report = JSON.parse(ran.stdout);
    expect(report.chars).toBe(big.length);
    expect(report.tokens.cl100k_base).toBe(countTokens(big));
  });
});

describe('report: a file is read straight into the core', () => {
  const bin = fileURLToPath(new URL('../bin/modoki-budget.cjs', import.meta.url));
  const run = (args: string[], input?: Buffer) => {
    const ran = spawnSync(process.execPath, [bin, 'report', ...args, '--json'], { input, encoding: 'utf8' });
    expect(ran.stderr).toBe('');
    expect(ran.status).toBe(0);
    return JSON.parse(ran.stdout);
  };

  it('and gives the report standard input gives, for compact, spaced, BOM-led and non-UTF-8 files', () => {
    const value = { rows: Array.from({ length: 400 }, (_, i) => ({ id: i, name: `é-${i}`, x: i / 7 })), n: 400 };
    const compact = JSON.stringify(value);
    const dir = mkdtempSync(join(tmpdir(), 'modoki-report-file-'));
    try {
      for (const bytes of [
        Buffer.from(compact),
        Buffer.from(JSON.stringify(value, null, 2)),
        Buffer.from(`\ufeff${compact}`),
        Buffer.concat([Buffer.from('{"s":"a'), Buffer.from([0xff, 0xc3]), Buffer.from('b","n":1.23456789012}')]),
      ]) {
        const file = join(dir, 'input.json');
        writeFileSync(file, bytes);
        const fromFile = run([file]);
        expect(fromFile.source).toBe(file);
        expect({ ...fromFile, source: '-' }).toEqual({ ...run(['-'], bytes), source: '-' });
      }
      expect(run([join(dir, 'input.json')]).tokens.cl100k_base).toBe(
        countTokens('{"s":"a\ufffd\ufffdb","n":1.23456789012}'),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
