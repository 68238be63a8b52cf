import { chromium } from '@playwright/test';
import { findFullChromium } from '../../e2e/chromium';
import { chromeFlags } from './lighthouse';
import { median } from './lighthouse-report';

export type TapTarget = 'menu' | 'faq';

/** One tap on a page still loading, as the browser's Event Timing API saw it. */
export interface TapSample {
  route: string;
  target: TapTarget;
  /** When the tap landed, after the first contentful paint (page clock, 4x slowed CPU). */
  tapAfterFcpMs: number;
  /** When every island on screen had hydrated, after the first contentful paint (NaN: not by the end of the run). */
  hydratedAfterFcpMs: number;
  fcpMs: number;
  /** The longest of the tap's pointerdown, pointerup and click entries: the lab INP of the tap. */
  durationMs: number;
  /** From the touch to the start of its first handler (pointerdown). */
  inputDelayMs: number;
  /** Whether the page answered (the menu or the answer opened) within 10 s of the tap. */
  answered: boolean;
  /** The tap's entries: name, duration, input delay. */
  entries: { name: string; durationMs: number; delayMs: number; target: string }[];
}

export interface TapFigures {
  route: string;
  target: TapTarget;
  runs: number;
  durationMs: number;
  inputDelayMs: number;
  tapAfterFcpMs: number;
  hydratedAfterFcpMs: number;
  answered: number;
}

interface Collected {
  fcp: number;
  /** When the page marked every island on screen hydrated (`<html data-hydrated>`). */
  hydrated: number;
  events: { name: string; startTime: number; processingStart: number; duration: number; target: string }[];
}

/** What the page records from its first byte on: the first contentful paint, and every slow enough event. */
function observe() {
  const bench: Collected = { fcp: 0, hydrated: 0, events: [] };
  (window as unknown as { bench: Collected }).bench = bench;
  new MutationObserver((_, observer) => {
    if (!document.documentElement.hasAttribute('data-hydrated')) return;
    bench.hydrated = performance.now();
    observer.disconnect();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') bench.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  // Every event slow enough to matter, and the first input whatever its duration (so a quick
  // first tap still gives its delay). Inline callbacks: the function is sent to the page as text.
  for (const type of ['event', 'first-input']) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        bench.events.push({
          name: entry.entryType === 'first-input' ? `first-input:${entry.name}` : entry.name,
          startTime: entry.startTime,
          processingStart: entry.processingStart,
          duration: entry.duration,
          // What was hit: the button's name, or the element when the tap missed every button.
          target: (() => {
            const hit = entry.target as Element | null;
            const button = hit?.closest('button');
            return button
              ? (button.getAttribute('aria-label') ?? button.textContent?.trim().slice(0, 40) ?? '')
              : String(hit?.tagName);
          })(),
        });
      }
    }).observe({
      type,
      buffered: true,
      ...(type === 'event' ? { durationThreshold: 16 } : {}),
    } as PerformanceObserverInit);
  }
}

/** The phone menu button in the header, or the first question of the FAQ section. */
const selectors: Record<TapTarget, string> = {
  menu: 'header button[aria-label="Open menu"]',
  faq: 'section[aria-labelledby="faq-title"] h3 button',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Loads the route in a fresh Chromium at phone size with touch and a 4x slowed CPU, waits for
 * the first contentful paint and 300 ms more, and taps the target: a visitor tapping as soon
 * as something is on the screen, while the page's scripts are still arriving and running.
 */
async function tapOnce(baseUrl: string, route: string, target: TapTarget): Promise<TapSample> {
  const browser = await chromium.launch({ executablePath: findFullChromium(), args: chromeFlags.slice(1) });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(observe);
    await page.goto(baseUrl + route, { waitUntil: 'commit' });
    // One question to the page as soon as it has painted: when, and where the target is (the
    // FAQ scrolled into view first). Asking again just before the tap would make the tap wait
    // for the page's main thread; the prerendered layout does not move (CLS 0).
    const painted = await page.waitForFunction(
      ({ selector, scroll }) => {
        const { bench } = window as unknown as { bench: Collected };
        const element = bench.fcp ? document.querySelector(selector) : null;
        if (!element) return null;
        if (scroll) element.scrollIntoView({ block: 'center', behavior: 'instant' });
        const { x, y, width, height } = element.getBoundingClientRect();
        return { fcp: bench.fcp, now: performance.now(), x: x + width / 2, y: y + height / 2 };
      },
      { selector: selectors[target], scroll: target === 'faq' },
      { polling: 10, timeout: 60_000 },
    );
    const { fcp, now, x, y } = (await painted.jsonValue())!;
    await sleep(fcp + 300 - now);
    await page.touchscreen.tap(x, y);

    const answer = page.locator(
      target === 'menu' ? '[role="dialog"]' : 'section[aria-labelledby="faq-title"] [role="region"][data-state="open"]',
    );
    const answered = await answer
      .first()
      .waitFor({ state: 'visible', timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    // Event Timing entries arrive after the frame that follows the handlers has been presented.
    await page.waitForFunction(
      () => (window as unknown as { bench: Collected }).bench.events.some((e) => e.name.startsWith('first-input')),
      null,
      { polling: 50, timeout: 10_000 },
    );
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await sleep(200);
    // The islands nobody touched hydrate once the page has been idle for five seconds.
    await page
      .waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, {
        polling: 100,
        timeout: 30_000,
      })
      .catch(() => undefined);
    const { events, hydrated } = await page.evaluate(() => (window as unknown as { bench: Collected }).bench);
    const first = events.find((e) => e.name.startsWith('first-input'))!;
    // The page is fresh, so every pointer entry belongs to this one tap.
    const tap = events.filter((e) => e === first || ['pointerdown', 'pointerup', 'click'].includes(e.name));
    return {
      route,
      target,
      fcpMs: Math.round(fcp),
      tapAfterFcpMs: Math.round(first.startTime - fcp),
      hydratedAfterFcpMs: hydrated ? Math.round(hydrated - fcp) : Number.NaN,
      durationMs: Math.max(...tap.map((e) => e.duration)),
      inputDelayMs: Math.round(first.processingStart - first.startTime),
      answered,
      entries: tap.map((e) => ({
        name: e.name,
        durationMs: e.duration,
        delayMs: Math.round(e.processingStart - e.startTime),
        target: e.target,
      })),
    };
  } finally {
    await browser.close();
  }
}

/** The menu button on every route, and the first FAQ question on the kitchen remodeling page: `runs` fresh loads each. */
export async function measureTaps(
  baseUrl: string,
  routes: string[],
  runs: number,
): Promise<{ figures: TapFigures[]; samples: TapSample[]; failures: string[] }> {
  const scenarios: [string, TapTarget][] = routes.map((route) => [route, 'menu']);
  if (routes.includes('/services/kitchen-remodeling')) scenarios.push(['/services/kitchen-remodeling', 'faq']);
  const samples: TapSample[] = [];
  const failures: string[] = [];
  for (let round = 1; round <= runs; round++) {
    for (const [route, target] of scenarios) {
      process.stdout.write(`\rbench: tap ${samples.length + failures.length + 1} of ${runs * scenarios.length}…  `);
      try {
        samples.push(await tapOnce(baseUrl, route, target));
      } catch (error) {
        const message = `${route} ${target}, round ${round}: ${error instanceof Error ? error.message.split('\n')[0] : error}`;
        failures.push(message);
        console.warn(`\nbench: tap failed (${message}); left out`);
      }
    }
  }
  process.stdout.write('\n');
  const figures = scenarios.flatMap(([route, target]): TapFigures[] => {
    const runsOf = samples.filter((s) => s.route === route && s.target === target);
    if (!runsOf.length) return [];
    return [
      {
        route,
        target,
        runs: runsOf.length,
        durationMs: median(runsOf.map((s) => s.durationMs)),
        inputDelayMs: median(runsOf.map((s) => s.inputDelayMs)),
        tapAfterFcpMs: median(runsOf.map((s) => s.tapAfterFcpMs)),
        hydratedAfterFcpMs: median(runsOf.map((s) => s.hydratedAfterFcpMs)),
        answered: runsOf.filter((s) => s.answered).length,
      },
    ];
  });
  return { figures, samples, failures };
}
