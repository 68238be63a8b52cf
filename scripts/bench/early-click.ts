import { chromium, type Browser } from '@playwright/test';
import { findChromium } from '../../e2e/chromium';
import { chromeFlags } from './lighthouse';
import { median } from './lighthouse-report';

/**
 * An early click (issue 40): a click on a site link after the page has loaded but before its idle
 * moment, when the router has not run yet. Timed from the click's time stamp to the new page's
 * heading on screen, with the CPU slowed 4x, two ways: with the router's code fetched after the
 * load (the click is held while the router starts, and the page changes on the client), and with
 * that fetch refused (the click is a full load of the next page, as before). The same link each
 * time: /about's footer link to the privacy policy, pointed at and clicked as a visitor does.
 */
export interface EarlyClickFigures {
  way: 'router code fetched' | 'full load';
  samplesMs: number[];
  medianMs: number;
  /** How many of the clicks changed the page without a reload. */
  sameDocument: number;
}

/**
 * On every document of the tab: the click's time (absolute, kept across a reload in
 * sessionStorage) and the time the target heading is first on screen (the rAF of its frame, then
 * a task after the paint).
 */
const timing = `(() => {
  addEventListener('click', (event) => {
    sessionStorage.setItem('bench-click-at', String(performance.timeOrigin + event.timeStamp));
  }, { capture: true });
  const check = () => {
    const heading = document.querySelector('main h1');
    if (heading && heading.textContent === 'Privacy Policy' && heading.getClientRects().length > 0) {
      setTimeout(() => { window.benchShownAt = performance.timeOrigin + performance.now(); }, 0);
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

async function timeEarlyClick(browser: Browser, baseUrl: string, fetchCode: boolean) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: baseUrl });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await context.addInitScript(timing);
    if (!fetchCode) await page.route(/\/router-code\.json$/, (route) => route.abort());
    await page.goto('/about', { waitUntil: 'load' });
    if (fetchCode) await page.locator('html[data-router-code="here"]').waitFor({ state: 'attached', timeout: 30_000 });
    if (await page.locator('html[data-router="ready"]').count()) throw new Error('the router was in before the click');
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' });
    await link.hover();
    await link.click();
    await page.waitForFunction(() => (window as unknown as { benchShownAt?: number }).benchShownAt, null, {
      timeout: 30_000,
    });
    return page.evaluate(() => ({
      ms:
        (window as unknown as { benchShownAt: number }).benchShownAt - Number(sessionStorage.getItem('bench-click-at')),
      sameDocument: (window as unknown as { kept?: boolean }).kept === true,
    }));
  } finally {
    await context.close();
  }
}

export async function measureEarlyClick(baseUrl: string, clicks = 5): Promise<EarlyClickFigures[]> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromeFlags.slice(1) });
  const figures: EarlyClickFigures[] = [];
  try {
    for (const fetchCode of [true, false]) {
      const samplesMs: number[] = [];
      let sameDocument = 0;
      for (let i = 0; i < clicks; i++) {
        // A sample the browser lost (a crash on a busy machine) counts as not measured (NaN).
        const { ms, sameDocument: same } = await timeEarlyClick(browser, baseUrl, fetchCode).catch((error: unknown) => {
          console.warn(`\nbench: early click not measured: ${String(error).split('\n')[0]}`);
          return { ms: Number.NaN, sameDocument: false };
        });
        samplesMs.push(Math.round(ms));
        if (same) sameDocument++;
        process.stdout.write(
          `bench: early click ${fetchCode ? 'held' : 'full load'} ${i + 1}: ${samplesMs.at(-1)} ms  `,
        );
      }
      figures.push({
        way: fetchCode ? 'router code fetched' : 'full load',
        samplesMs,
        medianMs: median(samplesMs.filter(Number.isFinite)),
        sameDocument,
      });
    }
  } finally {
    await browser.close();
  }
  return figures;
}
