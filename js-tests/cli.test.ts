// The command line, driven in-process with a fake io (exit codes, stdout, stderr), plus one
// real subprocess run of the installed bin to prove the wiring.
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
      '… serializing\n… attributing tokens to fields\n… counting tokens\n… rounding floats\n… encoding as TOON\n',
    );
  });
});

describe('encode and tokens', () => {
  it('encode prints what encode() sends', async () => {
    const input = JSON.stringify({ a: 1.23456789012, b: 'x'.repeat(3000) });
    expect((await run(['encode', '-'], { stdin: input })).out).toBe(`${encode(JSON.parse(input))}\n`);
    expect((await run(['encode', '-', '--precision', '3'], { stdin: input })).out).toBe(
      `${encode(JSON.parse(input), { precision: 3 })}\n`,
    );
    const capped = await run(['encode', '-', '--max-chars', '1000'], { stdin: input });
    expect(capped.out).toBe(`${encode(JSON.parse(input), { maxChars: 1000 })}\n`);
    expect(JSON.parse(capped.out)).toMatchObject({ elided: true, bytes: input.length });
    const tokenCapped = await run(['encode', '-', '--max-tokens', '250'], { stdin: input });
    expect(tokenCapped.out).toBe(`${encode(JSON.parse(input), { maxTokens: 250 })}\n`);
    expect(JSON.parse(tokenCapped.out).hint).toMatch(/^Response was 388 tokens \(cap 250\)\./);
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
    [['encode', '-', '--max-chars=-1'], /^modoki-budget encode: --max-chars expects an integer >= 1,000, got "-1"\n$/],
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

describe('budget flags: out of range is one line and exit 2, as the help and the policy say', () => {
  it.each([
    [
      ['encode', '-', '--precision', '40'],
      'modoki-budget encode: --precision expects an integer from 1 to 16, got "40"\n',
    ],
    [
      ['encode', '-', '--precision', '0'],
      'modoki-budget encode: --precision expects an integer from 1 to 16, got "0"\n',
    ],
    [['encode', '-', '--max-chars', '0'], 'modoki-budget encode: --max-chars expects an integer >= 1,000, got "0"\n'],
    [
      ['encode', '-', '--max-chars', '999'],
      'modoki-budget encode: --max-chars expects an integer >= 1,000, got "999"\n',
    ],
    [['encode', '-', '--max-chars', '-5'], 'modoki-budget encode: --max-chars expects an integer >= 1,000, got "-5"\n'],
    [
      ['encode', '-', '--max-tokens', '249'],
      'modoki-budget encode: --max-tokens expects an integer >= 250, got "249"\n',
    ],
    [
      ['encode', '-', '--max-tokens', '-1e3'],
      'modoki-budget encode: --max-tokens expects an integer >= 250, got "-1e3"\n',
    ],
    [
      ['encode', '-', '--max-chars', '-x'],
      'modoki-budget encode: --max-chars needs a value (write one that starts with "-" as --max-chars=VALUE)\n',
    ],
    [['report', '-', '--top', '-3'], 'modoki-budget report: --top expects an integer >= 1, got "-3"\n'],
    [
      ['report', '-', '--encoding', '-x'],
      'modoki-budget report: --encoding needs a value (write one that starts with "-" as --encoding=VALUE)\n',
    ],
    [
      ['proxy', '--precision', '40', '--', 'node'],
      'modoki-budget proxy: --precision expects an integer from 1 to 16, got "40"\n',
    ],
    [
      ['proxy', '--max-chars', '0', '--', 'node'],
      'modoki-budget proxy: --max-chars expects an integer >= 1,000, got "0"\n',
    ],
    [
      ['proxy', '--max-chars', '-5', '--', 'node'],
      'modoki-budget proxy: --max-chars expects an integer >= 1,000, got "-5"\n',
    ],
    [
      ['proxy', '--max-tokens', '10', '--', 'node'],
      'modoki-budget proxy: --max-tokens expects an integer >= 250, got "10"\n',
    ],
  ])('%j', async (argv, message) => {
    expect(await run(argv as string[], { stdin: '{"a":1}' })).toEqual({ code: 2, out: '', err: message });
  });

  it('the floors themselves are accepted', async () => {
    const input = JSON.stringify({ a: 1.23456789012 });
    const ok = await run(['encode', '-', '--max-chars', '1000', '--max-tokens', '250', '--precision', '16'], {
      stdin: input,
    });
    expect(ok).toEqual({ code: 0, out: '{"a":1.23456789012}\n', err: '' });
    expect((await run(['encode', '-', '--precision=1'], { stdin: input })).out).toBe('{"a":1}\n');
  });

  it('a negative number after "--" stays the child\'s argument', async () => {
    // `proxy -- node -5` must not be read as a flag value: the child gets it, and fails on its own.
    const { code, err } = await run([
      'proxy',
      '--max-chars',
      '1000',
      '--',
      process.execPath,
      '-e',
      'process.exit(3)',
      '-5',
    ]);
    expect(err).not.toContain('--max-chars');
    expect(code).not.toBe(2);
  });
});

describe('a UTF-8 byte order mark is not part of the JSON', () => {
  const bom = '\ufeff{"a":[1,2.5]}';
  it.each([
    [['encode', 'bom.json'], '{"a":[1,2.5]}\n'],
    [['toon', 'bom.json'], 'a[2]: 1,2.5\n'],
  ])('%j', async (argv, want) => {
    expect(await run(argv, { files: { 'bom.json': bom } })).toEqual({ code: 0, out: want, err: '' });
  });

  it('report reads it, and a BOM alone is still not JSON', async () => {
    const { code, out } = await run(['report', 'bom.json', '--json'], { files: { 'bom.json': bom } });
    expect(code).toBe(0);
    expect(JSON.parse(out).chars).toBe('{"a":[1,2.5]}'.length);
    expect(await run(['encode', '-'], { stdin: '\ufeff' })).toEqual({
      code: 2,
      out: '',
      err: 'modoki-budget encode: standard input is not valid JSON: Unexpected end of JSON input\n',
    });
  });

  it('from a real file through the bin', () => {
    const dir = mkdtempSync(join(tmpdir(), 'modoki-bom-'));
    const file = join(dir, 'bom.json');
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')]));
    const bin = join(root, 'bin', 'modoki-budget.cjs');
    const ran = spawnSync(process.execPath, [bin, 'encode', file], { encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    expect({ status: ran.status, stdout: ran.stdout, stderr: ran.stderr }).toEqual({
      status: 0,
      stdout: '{"a":1}\n',
      stderr: '',
    });
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
