import { chromium, type Browser } from '@playwright/test';
import { findFullChromium } from '../../e2e/chromium';
import { chromeFlags } from './lighthouse';
import { median } from './lighthouse-report';

/**
 * An early click (issue 40): a click on a site link after the page has loaded but before its idle
 * moment, when the router has not run yet. Timed from the click's time stamp to the new page's
 * heading on screen, with the CPU slowed 4x, two ways: with the router's code fetched after the
 * load (the click is held while the router starts, and the page changes on the client), and with
 * that fetch refused (the click is a full load of the next page, as before). The same link each
 * time: /about's footer link to the privacy policy, clicked with no pointer over it before (a tap
 * as the finger lands: pointing at a link is an intent that starts the router by itself). A fresh
 * Chromium for every click, the ways taking turns, the median of each. Each way twice: on the
 * machine's own loopback (no network time at all, which flatters the full load) and with a phone's
 * network emulated (150 ms round trip, 1.6 Mbit/s down, as Lighthouse's mobile preset assumes),
 * where the full load pays a round trip for the next page's HTML and the held click none.
 */
export type EarlyClickNetwork = 'loopback' | 'phone';

/** Lighthouse's mobile preset: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
const phoneNetwork = { offline: false, latency: 150, downloadThroughput: 204_800, uploadThroughput: 96_000 };

export interface EarlyClickFigures {
  way: 'router code fetched' | 'full load';
  network: EarlyClickNetwork;
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

async function timeEarlyClick(baseUrl: string, fetchCode: boolean, network: EarlyClickNetwork) {
  const browser: Browser = await chromium.launch({ executablePath: findFullChromium(), args: chromeFlags.slice(1) });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: baseUrl });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    if (network === 'phone') {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', phoneNetwork);
    }
    await context.addInitScript(timing);
    if (!fetchCode) await page.route(/\/router-code\.json$/, (route) => route.abort());
    await page.goto('/about', { waitUntil: 'load' });
    if (fetchCode) await page.locator('html[data-router-code="here"]').waitFor({ state: 'attached', timeout: 30_000 });
    if (await page.locator('html[data-router="ready"]').count()) throw new Error('the router was in before the click');
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).dispatchEvent('click');
    await page.waitForFunction(() => (window as unknown as { benchShownAt?: number }).benchShownAt, null, {
      timeout: 30_000,
    });
    return await page.evaluate(() => ({
      ms:
        (window as unknown as { benchShownAt: number }).benchShownAt - Number(sessionStorage.getItem('bench-click-at')),
      sameDocument: (window as unknown as { kept?: boolean }).kept === true,
    }));
  } finally {
    await browser.close();
  }
}

export async function measureEarlyClick(baseUrl: string, clicks = 7): Promise<EarlyClickFigures[]> {
  const ways = (['loopback', 'phone'] as const).flatMap((network) =>
    [true, false].map((fetchCode) => ({ network, fetchCode, samplesMs: [] as number[], sameDocument: 0 })),
  );
  for (let i = 0; i < clicks; i++) {
    for (const way of ways) {
      // A sample the browser lost (a crash on a busy machine) counts as not measured (NaN).
      const { ms, sameDocument } = await timeEarlyClick(baseUrl, way.fetchCode, way.network).catch((error: unknown) => {
        console.warn(`\nbench: early click not measured: ${String(error).split('\n')[0]}`);
        return { ms: Number.NaN, sameDocument: false };
      });
      way.samplesMs.push(Math.round(ms));
      if (sameDocument) way.sameDocument++;
      process.stdout.write(
        `bench: early click ${way.fetchCode ? 'held' : 'full load'} (${way.network}) ${i + 1}: ${way.samplesMs.at(-1)} ms  `,
      );
    }
  }
  process.stdout.write('\n');
  return ways.map((way) => ({
    way: way.fetchCode ? 'router code fetched' : 'full load',
    network: way.network,
    samplesMs: way.samplesMs,
    medianMs: median(way.samplesMs.filter(Number.isFinite)),
    sameDocument: way.sameDocument,
  }));
}
