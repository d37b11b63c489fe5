// Runs the official MCP conformance suites (`@modelcontextprotocol/conformance`, pinned as the
// devDependencies `conformance-2025` = 0.1.16 and `conformance-2026` = 0.2.0-alpha.11) against
// a server URL and reads their per-check results. The suites need Node >= 22, so their CLI runs
// under Bun (a devDependency too). Also starts the servers the suites are pointed at.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');
const BUN = join(ROOT, 'node_modules', '.bin', 'bun');
export const CONFORMANCE_SERVER = join(ROOT, 'js-tests', 'support', 'conformance-server.mjs');
export const CLI = join(ROOT, 'bin', 'modoki-budget.cjs');

/** The two suite lines: the 2025 suite's active set, and what revision 2026-07-28 requires. */
export const SUITES = {
  '2025': { pkg: 'conformance-2025', args: [] as string[] },
  '2026': { pkg: 'conformance-2026', args: ['--requirements', '2026-07-28'] },
} as const;
export type SuiteName = keyof typeof SUITES;

/** One check as the suite wrote it to `checks.json`. */
export interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
  errorMessage?: string;
}

/** A suite's run against one URL: its checks per scenario and the pass counts. */
export interface SuiteRun {
  scenarios: Map<string, Check[]>;
  /** Checks passed / failed in the scenarios that count (for 2026-07-28: the required ones). */
  passed: number;
  failed: number;
  /** Checks passed / failed in every scenario run, the not-scored ones included. */
  passedAll: number;
  failedAll: number;
  /** `scenario:checkId` of every check that passed, in the scenarios that count. */
  passing: Set<string>;
  /** The CLI's own output, for a failure message. */
  output: string;
}

/** The server scenarios revision 2026-07-28 requires (its frozen requirement set). */
function requiredScenarios2026(): Set<string> {
  const yaml = readFileSync(join(ROOT, 'node_modules', 'conformance-2026', 'requirements', '2026-07-28.yaml'), 'utf8');
  const section = yaml.split(/^server:\n/m)[1].split(/^\S/m)[0];
  return new Set([...section.matchAll(/^ {2}- (\S+)/gm)].map((m) => m[1]));
}

/** Runs one suite against `url` (bounded by `timeoutMs`) and reads every scenario's checks. */
export async function runSuite(suite: SuiteName, url: string, timeoutMs = 240_000): Promise<SuiteRun> {
  const out = mkdtempSync(join(tmpdir(), `conformance-${suite}-`));
  const { pkg, args } = SUITES[suite];
  const cli = join(ROOT, 'node_modules', pkg, 'dist', 'index.js');
  try {
    const output = await new Promise<string>((done, fail) => {
      const child = spawn(BUN, [cli, 'server', '--url', url, ...args, '-o', out], { cwd: out });
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.stderr.on('data', (d) => (text += d));
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        fail(
          new Error(`the ${suite} suite did not finish within ${timeoutMs} ms against ${url}:\n${text.slice(-3000)}`),
        );
      }, timeoutMs);
      child.on('error', fail);
      child.on('close', () => {
        clearTimeout(timer);
        done(text);
      });
    });
    const counted = suite === '2026' ? requiredScenarios2026() : null;
    const run: SuiteRun = {
      scenarios: new Map(),
      passed: 0,
      failed: 0,
      passedAll: 0,
      failedAll: 0,
      passing: new Set(),
      output,
    };
    for (const dir of readdirSync(out)) {
      const scenario = dir.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '');
      const file = join(out, dir, 'checks.json');
      // A scenario the CLI gave up on (its own timeout) leaves no checks.json: none of its checks passed.
      const checks: Check[] = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
      run.scenarios.set(scenario, checks);
      const counts = !counted || counted.has(scenario);
      for (const check of checks) {
        if (check.status === 'SUCCESS') {
          run.passedAll++;
          if (counts) {
            run.passed++;
            run.passing.add(`${scenario}:${check.id}`);
          }
        } else if (check.status === 'FAILURE') {
          run.failedAll++;
          if (counts) run.failed++;
        }
      }
    }
    if (run.scenarios.size === 0)
      throw new Error(`the ${suite} suite ran no scenario against ${url}:\n${output.slice(-3000)}`);
    return run;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Why each check that passed in `base` did not in `run`: `scenario:check — message`. */
export function regressions(base: SuiteRun, run: SuiteRun): string[] {
  const lost: string[] = [];
  for (const key of base.passing) {
    if (run.passing.has(key)) continue;
    const [scenario, id] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
    const check = run.scenarios.get(scenario)?.find((c) => c.id === id);
    lost.push(`${key} — ${check ? `${check.status}: ${check.errorMessage ?? ''}` : 'not run'}`);
  }
  return lost;
}

/** A process that printed the URL it serves, and how to stop it. */
export interface Served {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts `command args` and resolves with the first `http://…/mcp` URL it prints (on stdout or
 * stderr: the conformance server prints `listening on URL`, the proxy `listening on URL`).
 */
export function serve(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Served> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    const timer = setTimeout(
      () => fail(new Error(`${command} ${args.join(' ')} printed no URL in 20 s:\n${text}`)),
      20_000,
    );
    const look = (d: Buffer) => {
      text += d;
      const url = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(text)?.[0];
      if (!url) return;
      clearTimeout(timer);
      child.stdout!.off('data', look);
      child.stderr!.off('data', look);
      child.stdout!.resume();
      child.stderr!.resume();
      done({
        url,
        child,
        stop: () =>
          new Promise((stopped) => {
            if (child.exitCode !== null || child.signalCode !== null) return stopped();
            child.once('exit', () => stopped());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
          }),
      });
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    child.on('error', fail);
    child.on('exit', (code) => fail(new Error(`${command} exited with ${code} before it served:\n${text}`)));
  });
}
