// The command line, driven in-process with a fake io (exit codes, stdout, stderr), plus one
// real subprocess run of the installed bin to prove the wiring.
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { countTokens, encode } from 'modoki-budget';

const require = createRequire(import.meta.url);
const { main } = require('../node/cli/main.cjs');
const root = resolve(__dirname, '..');
const sample = join(root, 'samples', 'scene-state.json');

function fakeIo({
  stdin = '',
  files = {} as Record<string, string>,
  tty = false,
  env = {} as Record<string, string>,
} = {}) {
  let out = '';
  let err = '';
  return {
    io: {
      stdout: { write: (s: string) => void (out += s), isTTY: tty },
      stderr: { write: (s: string) => void (err += s), isTTY: tty },
      env,
      readInput(source: string) {
        if (source === '-') return stdin;
        if (source in files) return files[source];
        return readFileSync(source, 'utf8');
      },
    },
    out: () => out,
    err: () => err,
  };
}

async function run(argv: string[], options?: Parameters<typeof fakeIo>[0]) {
  const f = fakeIo(options);
  const code = await main(argv, f.io);
  return { code, out: f.out(), err: f.err() };
}

describe('report', () => {
  it('runs on the bundled sample with real token counts', async () => {
    const { code, out, err } = await run(['report']);
    expect(code).toBe(0);
    expect(err).toBe('');
    const data = JSON.parse(readFileSync(sample, 'utf8'));
    const compact = JSON.stringify(data);
    expect(out).toContain('modoki-budget report — bundled sample (samples/scene-state.json)');
    const given = readFileSync(sample, 'utf8').length;
    const change = Math.round(((compact.length - given) / given) * 100);
    const n = (x: number) => x.toLocaleString('en-US');
    expect(out).toContain(
      `Size            as given ${n(given)} chars · compact ${n(compact.length)} (−${-change}%) · ${n(Buffer.byteLength(compact))} UTF-8 bytes\n`,
    );
    expect(out).toContain(`cl100k_base ${countTokens(compact, 'cl100k_base').toLocaleString('en-US')}`);
    expect(out).toContain(`o200k_base ${countTokens(compact, 'o200k_base').toLocaleString('en-US')}`);
    expect(out).toContain('entities[].guid');
    expect(out).not.toContain('\u001b[');
  });

  it('--json gives the same numbers, machine-readable', async () => {
    const { code, out } = await run(['report', sample, '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(out);
    const data = JSON.parse(readFileSync(sample, 'utf8'));
    const compact = JSON.stringify(data);
    expect(report.chars).toBe(compact.length);
    expect(report.bytes).toBe(Buffer.byteLength(compact));
    expect(report.tokens).toEqual({
      cl100k_base: countTokens(compact, 'cl100k_base'),
      o200k_base: countTokens(compact, 'o200k_base'),
    });
    expect(report.estimates.map((e: { method: string }) => e.method)).toEqual(['chars/4', 'chars/3.5']);
    expect(report.estimates[0].tokens).toBe(Math.ceil(compact.length / 4));
    const rounded = encode(data, { precision: 9, maxChars: Infinity });
    expect(report.floatRounding).toEqual({
      precision: 9,
      chars: rounded.length,
      tokens: countTokens(rounded),
      savedChars: compact.length - rounded.length,
      savedTokens: report.tokens.cl100k_base - countTokens(rounded),
    });
    expect(report.encode).toEqual({
      cap: 60000,
      elided: false,
      sentChars: compact.length,
      sentTokens: report.tokens.cl100k_base,
    });
    const shares = report.fields.reduce((sum: number, f: { tokenShare: number }) => sum + f.tokenShare, 0);
    expect(shares).toBeCloseTo(100, 6);
  });

  it('reports an elided payload with its envelope size', async () => {
    const big = JSON.stringify({ rows: Array.from({ length: 5000 }, (_, i) => ({ id: i, note: 'x'.repeat(20) })) });
    const { code, out } = await run(['report', '-', '--json'], { stdin: big });
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(report.encode.elided).toBe(true);
    expect(report.encode.sentChars).toBe(encode(JSON.parse(big)).length);
  });

  it('colors only on a TTY, and never with NO_COLOR', async () => {
    expect((await run(['report'], { tty: true })).out).toContain('\u001b[1m');
    expect((await run(['report'], { tty: true, env: { NO_COLOR: '1' } })).out).not.toContain('\u001b[');
  });

  it('shows progress on large inputs when stderr is a terminal', async () => {
    const big = JSON.stringify({
      rows: Array.from({ length: 60_000 }, (_, i) => ({ id: i, name: `entity-${i}`, x: i / 7 })),
    });
    const { code, err } = await run(['report', '-', '--json'], { stdin: big, tty: true });
    expect(code).toBe(0);
    expect(err).toBe(
      '… serializing\n… counting tokens\n… rounding floats\n… encoding as TOON\n… attributing tokens to fields\n',
    );
  });
});

describe('encode and tokens', () => {
  it('encode prints what encode() sends', async () => {
    const input = JSON.stringify({ a: 1.23456789012, b: 'x'.repeat(300) });
    expect((await run(['encode', '-'], { stdin: input })).out).toBe(`${encode(JSON.parse(input))}\n`);
    expect((await run(['encode', '-', '--precision', '3'], { stdin: input })).out).toBe(
      `${encode(JSON.parse(input), { precision: 3 })}\n`,
    );
    const capped = await run(['encode', '-', '--max-chars', '100'], { stdin: input });
    expect(JSON.parse(capped.out)).toMatchObject({ elided: true, bytes: JSON.stringify(JSON.parse(input)).length });
    const tokenCapped = await run(['encode', '-', '--max-tokens', '20'], { stdin: input });
    expect(JSON.parse(tokenCapped.out).hint).toMatch(/^Response was \d+ tokens \(cap 20\)\./);
  });

  it('tokens counts the text as given', async () => {
    const { code, out } = await run(['tokens', '-', '--json'], { stdin: 'hello world <|endoftext|>' });
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({
      chars: 25,
      bytes: 25,
      tokens: {
        cl100k_base: countTokens('hello world <|endoftext|>', 'cl100k_base'),
        o200k_base: countTokens('hello world <|endoftext|>', 'o200k_base'),
      },
      estimates: { 'chars/4': 7, 'chars/3.5': 8 },
    });
  });
});

describe('errors are one line and a non-zero exit, never a stack trace', () => {
  it.each([
    [['report', '--bogus'], /^modoki-budget report: Unknown option '--bogus'/],
    [['report', 'missing.json'], /^modoki-budget report: cannot read missing.json: ENOENT\n$/],
    [['report', '-', '--top', 'x'], /^modoki-budget report: --top expects an integer >= 1, got "x"\n$/],
    [
      ['report', '--encoding', 'p50k'],
      /^modoki-budget report: --encoding must be one of cl100k_base, o200k_base, got "p50k"\n$/,
    ],
    [['encode', '-', '--max-chars=-1'], /^modoki-budget encode: --max-chars expects a number >= 0, got "-1"\n$/],
    [['tokens', '-', '--encoding', 'nope'], /^modoki-budget tokens: Unknown encoding "nope"/],
    [['frobnicate'], /^modoki-budget: unknown command "frobnicate"/],
    [['report', 'a', 'b'], /^modoki-budget report: unexpected argument: b\n$/],
  ])('%j', async (argv, message) => {
    const { code, out, err } = await run(argv as string[], { stdin: '{}' });
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(message);
    expect(err.trim().split('\n')).toHaveLength(1);
  });

  it('invalid JSON names the source and the reason', async () => {
    const { code, err } = await run(['report', '-'], { stdin: '{"a":' });
    expect(code).toBe(2);
    expect(err).toMatch(/^modoki-budget report: standard input is not valid JSON: /);
  });

  it('--help works on every command', async () => {
    for (const command of ['report', 'encode', 'tokens', 'audit', 'proxy']) {
      const { code, out } = await run([command, '--help']);
      expect(code).toBe(0);
      expect(out).toMatch(new RegExp(`^Usage: modoki-budget ${command} `));
    }
    const help = (await run(['--help'])).out;
    expect(help).toMatch(/^Usage: modoki-budget <command>/);
    expect(help).toContain('\n  audit -- <cmd>    ');
    expect(help).toContain('\n  proxy -- <cmd>    ');
  });
});

describe('the real bin', () => {
  it('runs as a subprocess and exits with the command code', () => {
    const bin = join(root, 'bin', 'modoki-budget.cjs');
    expect(
      execFileSync(process.execPath, [bin, 'tokens', '-', '--encoding', 'cl100k_base'], {
        input: 'hello world',
        encoding: 'utf8',
      }),
    ).toBe(`11 chars  11 bytes  cl100k_base ${countTokens('hello world')}  chars/4 3  chars/3.5 4\n`);
    const bad = spawnSync(process.execPath, [bin, 'report', 'nope.json'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('modoki-budget report: cannot read nope.json: ENOENT\n');
  });
});
