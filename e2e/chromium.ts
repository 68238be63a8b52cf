import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * Finds a Chromium for the tests: CHROMIUM_PATH, then Playwright's own download, then Debian's.
 * Playwright cannot download browsers on machines without internet access, so Debian's
 * package is the usual answer: `apt-get install chromium`.
 */
export function findChromium(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    safePlaywrightPath(),
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  const found = candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate)));
  if (!found) {
    throw new Error(
      'No Chromium found for the end-to-end tests. Install one with `sudo apt-get install chromium` (Debian/Ubuntu), ' +
        'or `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
  }
  return found;
}

function safePlaywrightPath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}
