import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** The flags every journey's browser starts with: no sandbox (root in CI), no GPU, nothing fetched in the background. */
export const journeyChromeArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const debianChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
/**
 * Debian's `chromium-headless-shell`: the same engine without the desktop browser around it, as
 * Playwright's own headless runs use. Its browser costs a third less CPU: all 143 journeys alone
 * on two cores took 11.9 min with Chromium at about 955 CPU-s, against 18.2 min and 1,490 with the
 * full browser (docs/performance.md, "The tests' own time").
 */
const debianHeadlessShell = '/usr/bin/chromium-headless-shell';

/**
 * The journeys' browser: CHROMIUM_PATH, then Playwright's own download, then Debian's headless
 * shell, then Debian's Chromium. Playwright cannot download browsers on machines without internet
 * access, so Debian's packages are the usual answer: `apt-get install chromium-headless-shell`
 * (or `chromium`).
 */
export function findChromium(): string {
  return firstThere([process.env.CHROMIUM_PATH, safePlaywrightPath(), debianHeadlessShell, ...debianChromium]);
}

/**
 * The browser a visitor has, for the benchmarks (Lighthouse, the early click, the first input) and
 * the journeys that need what only it has (notifications shown by a service worker): CHROMIUM_PATH,
 * then Debian's Chromium, then Playwright's download. Figures taken in the headless shell would
 * flatter the site.
 */
export function findFullChromium(): string {
  return firstThere([process.env.CHROMIUM_PATH, ...debianChromium, safePlaywrightPath()]);
}

function firstThere(candidates: (string | undefined)[]): string {
  const found = candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate)));
  if (!found) {
    throw new Error(
      'No Chromium found for the end-to-end tests. Install one with `sudo apt-get install chromium-headless-shell chromium` ' +
        '(Debian/Ubuntu), or `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium or Chrome binary.',
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
