// The official MCP conformance suites, both lines (the 2025 suite, and what revision 2026-07-28
// requires), against our SDK v2 conformance server direct, wrapped in withBudget, and behind the
// proxy (`--listen` in front of `--url`, and `--listen` in front of the server over stdio). Every
// check that passes direct must pass through each adapter.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutSdk } from './support/line-client';
import {
  CLI,
  CONFORMANCE_SERVER,
  regressions,
  runSuite,
  serve,
  type Served,
  type SuiteName,
  type SuiteRun,
} from './support/conformance';

const SUITES: SuiteName[] = ['2025', '2026'];
const direct = new Map<SuiteName, SuiteRun>();
const started: Served[] = [];

async function start(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<Served> {
  const served = await serve(command, args, env);
  started.push(served);
  return served;
}

let origin: Served;
beforeAll(async () => {
  origin = await start(process.execPath, [CONFORMANCE_SERVER, '--http', '0']);
  for (const suite of SUITES) direct.set(suite, await runSuite(suite, origin.url));
}, 600_000);
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
});

it('runs the pinned suite versions', () => {
  const version = (pkg: string) =>
    JSON.parse(readFileSync(join(__dirname, '..', 'node_modules', pkg, 'package.json'), 'utf8')).version;
  expect(version('conformance-2025')).toBe('0.1.16');
  expect(version('conformance-2026')).toBe('0.2.0-alpha.11');
});

describe.each(SUITES)('the %s suite', (suite) => {
  it('passes every counted check against the server direct', () => {
    const run = direct.get(suite)!;
    const failing = [...run.scenarios].flatMap(([s, checks]) =>
      checks.filter((c) => c.status === 'FAILURE').map((c) => `${s}:${c.id}`),
    );
    expect(run.failed, failing.join('\n')).toBe(0);
    expect(run.passed).toBe(suite === '2025' ? 40 : 119);
  });
});

const node = process.execPath;
/** The proxy process with only the v2 SDK line to load (v1 hidden), and with neither. */
const v2Only = withoutSdk(process.env, ['@modelcontextprotocol/sdk']);
const noSdk = withoutSdk(process.env);

const adapters: [string, SuiteName[], () => Promise<Served>][] = [
  ['withBudget', SUITES, () => start(node, [CONFORMANCE_SERVER, '--http', '0', '--with-budget'])],
  ['proxy --listen --url', SUITES, () => start(node, [CLI, 'proxy', '--listen', '0', '--url', origin.url])],
  [
    'proxy --listen -- <stdio server>',
    SUITES,
    () => start(node, [CLI, 'proxy', '--listen', '0', '--', node, CONFORMANCE_SERVER, '--stdio']),
  ],
  [
    'proxy --listen --url, only SDK v2 installed',
    SUITES,
    () => start(node, [CLI, 'proxy', '--listen', '0', '--url', origin.url], v2Only),
  ],
  // 2026-07-28 needs no SDK at all (a 2025 client is told how to install one: proxy-eras.test.ts).
  [
    'proxy --listen --url, no SDK installed',
    ['2026'],
    () => start(node, [CLI, 'proxy', '--listen', '0', '--url', origin.url], noSdk),
  ],
];

describe.each(adapters)('%s', (_name, suites, startAdapter) => {
  let adapter: Served;
  beforeAll(async () => {
    adapter = await startAdapter();
  }, 30_000);
  afterAll(() => adapter?.stop());

  it.each(suites)(
    'passes every check the server passes direct in the %s suite',
    async (suite) => {
      const base = direct.get(suite)!;
      const run = await runSuite(suite, adapter.url);
      expect(regressions(base, run)).toEqual([]);
      expect(run.passed).toBe(base.passed);
    },
    300_000,
  );
});
