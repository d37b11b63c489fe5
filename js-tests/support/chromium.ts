// Headless Chromium for the page tests: Debian's `chromium` package, installed here when it is
// missing (CI runs as root on a fresh machine), driven through playwright-core.
import { chromium, type Browser } from 'playwright-core';
import { ensureDebianPackage } from './apt';

export const CHROMIUM = '/usr/bin/chromium';

/** Installs Debian's chromium when it is not there yet (needs root, as in CI). */
export function ensureChromium(): void {
  ensureDebianPackage(CHROMIUM, 'chromium', 'the page tests');
}

export async function launch(): Promise<Browser> {
  ensureChromium();
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
}
