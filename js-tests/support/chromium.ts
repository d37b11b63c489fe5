// Headless Chromium for the page tests: Debian's `chromium` package, installed here when it is
// missing (CI runs as root on a fresh machine), driven through playwright-core.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

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

/** Installs Debian's chromium when it is not there yet (needs root, as in CI). */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0)
    throw new Error(
      `${CHROMIUM} is missing; install Debian's chromium package (apt-get install chromium) to run the page tests`,
    );
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']);
}

export async function launch(): Promise<Browser> {
  ensureChromium();
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
}
