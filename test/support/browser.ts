import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium, the browser the explorer's test and screenshot drive. */
export const CHROMIUM = '/usr/bin/chromium';

/** Time enough for apt-get to install chromium on a machine that lacks it. */
export const INSTALL_TIMEOUT = 600_000;

/**
 * Headless Chromium, installed from Debian's packages first when it is missing (a fresh
 * machine); `--no-sandbox` as root in a container has no user namespace to sandbox with.
 */
export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    execFileSync('bash', [fileURLToPath(new URL('../../scripts/ensure-chromium.sh', import.meta.url))], { stdio: 'inherit' });
  }
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}
