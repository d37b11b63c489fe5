// Real components the tests run against but the package does not depend on: MCP servers and
// clients from npm, and Python servers in their own virtual environments. Each is installed on
// first use, at a pinned version, under target/real/ (git-ignored, kept between runs), so a
// fresh machine needs no hand install. When a registry cannot be reached the caller gets `null`
// and one line on stderr saying what is skipped and why; any other failure throws.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** target/real/ of this checkout (import.meta.url, so bench/ can load this file too). */
export const REAL_ROOT = fileURLToPath(new URL('../../target/real', import.meta.url));

/** Output that says the registry could not be reached (DNS, refused, timed out), not a bad package. */
const UNREACHABLE =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET|network|Could not fetch|Failed to establish|Temporary failure in name resolution/i;

function run(command: string, args: string[], cwd: string): { ok: boolean; out: string } {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 900_000, env: process.env });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

function skipOrThrow(what: string, out: string): null {
  if (UNREACHABLE.test(out)) {
    console.error(`skipped: ${what}: the registry is unreachable`);
    return null;
  }
  throw new Error(`installing ${what} failed:\n${out.slice(-2000)}`);
}

/**
 * Installs npm packages (exact specs such as `@playwright/mcp@0.0.83`) into one folder of their
 * own and returns that folder; its `node_modules/.bin` holds their commands. `name` names the
 * folder, so two callers that need the same set share it.
 */
export function npmPackages(name: string, specs: string[]): string | null {
  const dir = join(REAL_ROOT, 'npm', name);
  const marker = join(dir, `.installed-${specs.join('+').replace(/[^A-Za-z0-9._+-]/g, '_')}`);
  if (existsSync(marker)) return dir;
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
  const r = run('npm', ['install', '--no-audit', '--no-fund', '--save-exact', ...specs], dir);
  if (!r.ok) return skipOrThrow(specs.join(' '), r.out);
  writeFileSync(marker, '');
  return dir;
}

/** The path of a command an `npmPackages` folder installed. */
export function npmBin(dir: string, command: string): string {
  return join(dir, 'node_modules', '.bin', command);
}

/**
 * Makes a Python virtual environment with exact requirements (`mcp-server-git==2025.9.25`,
 * `mcp<2`) and returns its folder; its `bin/` holds the servers' commands.
 */
export function pythonVenv(name: string, requirements: string[]): string | null {
  const dir = join(REAL_ROOT, 'venv', name);
  const marker = join(dir, `.installed-${requirements.join('+').replace(/[^A-Za-z0-9._+=<>-]/g, '_')}`);
  if (existsSync(marker)) return dir;
  mkdirSync(join(REAL_ROOT, 'venv'), { recursive: true });
  if (!existsSync(join(dir, 'bin', 'python'))) {
    const made = run('python3', ['-m', 'venv', dir], REAL_ROOT);
    if (!made.ok) throw new Error(`python3 -m venv ${dir} failed:\n${made.out.slice(-2000)}`);
  }
  const r = run(join(dir, 'bin', 'pip'), ['install', '--disable-pip-version-check', '-q', ...requirements], REAL_ROOT);
  if (!r.ok) return skipOrThrow(requirements.join(' '), r.out);
  writeFileSync(marker, '');
  return dir;
}
