// System components the tests need, from Debian's packages: installed when missing (CI runs as
// root on a fresh machine; `apt-get update` first), so a test never depends on a hand install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(command: string, args: string[]) {
  const r = spawnSync(command, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    timeout: 600_000,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (r.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${r.status ?? r.signal}): ${r.stderr.slice(-500)}`);
}

/** Installs Debian's `pkg` when `path` is missing (needs root); `purpose` names the tests that need it. */
export function ensureDebianPackage(path: string, pkg: string, purpose: string): void {
  if (existsSync(path)) return;
  if (process.getuid?.() !== 0)
    throw new Error(`${path} is missing; install Debian's ${pkg} package (apt-get install ${pkg}) to run ${purpose}`);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', pkg]);
}
