/**
 * Finds Chromium for the browser suite: CHROME_PATH, Debian's /usr/bin/chromium, or Playwright's own.
 * Where none exists it installs Debian's chromium when it can (root with apt), and otherwise stops with
 * the exact command to run. It never skips silently.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS } from '@taxfirm/server/bench/chromium-flags.ts';

/** The flags of the bench's Chromium (apps/server/bench/chromium-flags.ts): the suite runs the same headless browser. */
export const CHROMIUM_ARGS = [...CHROMIUM_FLAGS];

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const INSTALL_COMMAND = 'apt-get update && apt-get install -y chromium';

function candidates(): string[] {
  const list = [process.env['CHROME_PATH'], DEBIAN_CHROMIUM];
  try {
    list.push(chromium.executablePath());
  } catch {
    // Playwright's own browser is not installed.
  }
  return list.filter((p): p is string => Boolean(p));
}

export function findChromium(): string | undefined {
  return candidates().find((p) => existsSync(p));
}

export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    process.stdout.write(`Chromium not found; installing Debian's chromium (${INSTALL_COMMAND})\n`);
    execFileSync('sh', ['-c', `DEBIAN_FRONTEND=noninteractive ${INSTALL_COMMAND}`], { stdio: 'inherit' });
    if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  }
  throw new Error(
    `Chromium is needed for the browser tests. Install it with:\n  sudo ${INSTALL_COMMAND}\nor set CHROME_PATH.`,
  );
}
