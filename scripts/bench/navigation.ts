import { chromium, type Locator, type Page } from '@playwright/test';
import { findFullChromium } from '../../e2e/chromium';
import { chromeFlags } from './lighthouse';
import { median } from './lighthouse-report';

/**
 * Client navigation (issue 30): the time from a click on a link (after pointing at it, as a
 * visitor does) to the new page's heading on screen, once the app's router is in, with the CPU
 * slowed 4x (CDP Emulation.setCPUThrottlingRate). At 1280x800: header, footer and in-page links;
 * at 390x844 with touch: links in the menu drawer. The first click of each browser also renders
 * the header and footer (the router takes the page over); the median is over every click. Also
 * timed: the click to the whole page rendered, what is below the fold included.
 */
export type NavigationKind = 'header' | 'footer' | 'in-page' | 'drawer';

export interface NavigationFigures {
  kind: NavigationKind;
  viewport: string;
  /** Click to the new heading on screen, each click. */
  samplesMs: number[];
  medianMs: number;
  /** Click to the whole page rendered (below the fold included), each click. */
  wholeMs: number[];
  wholeMedianMs: number;
}

interface ClickTiming {
  shown: number;
  whole: number;
}

/**
 * In the page: from the input's time stamp (a capturing click listener) to the first frame that
 * shows a different heading in <main>: the rAF of that frame, then a task after its paint. Sent
 * as text: a function compiled here would carry the bundler's helpers, unknown in the page.
 */
const armTiming = `(() => {
  const before = document.querySelector('main h1');
  const beforeText = before && before.textContent;
  window.navTiming = new Promise((resolve) => {
    document.addEventListener('click', (event) => {
      const start = event.timeStamp;
      const check = () => {
        const heading = document.querySelector('main h1');
        const changed = heading && (heading !== before || heading.textContent !== beforeText);
        if (changed && heading.getClientRects().length > 0) {
          setTimeout(() => {
            const shown = performance.now() - start;
            // The whole page: what is below the fold follows the first screen (components/below-the-fold.tsx).
            const whole = () => {
              if (document.querySelector('footer') && !document.querySelector('[data-below-the-fold]')) {
                setTimeout(() => resolve({ shown, whole: performance.now() - start }), 0);
              } else requestAnimationFrame(whole);
            };
            whole();
          }, 0);
        } else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    }, { capture: true, once: true });
  });
})()`;

async function timeClick(page: Page, link: Locator, touch: boolean): Promise<ClickTiming> {
  await link.scrollIntoViewIfNeeded();
  await page.evaluate(armTiming);
  if (touch) await link.tap();
  else {
    await link.hover();
    await link.click();
  }
  // A click that changed no heading in 10 s counts as not answered (NaN).
  return page.evaluate<ClickTiming>(
    'Promise.race([window.navTiming, new Promise((resolve) => setTimeout(() => resolve({ shown: Number.NaN, whole: Number.NaN }), 10000))])',
  );
}

async function openWithRouter(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-router="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
}

export async function measureNavigation(baseUrl: string, clicks = 5): Promise<NavigationFigures[]> {
  const browser = await chromium.launch({ executablePath: findFullChromium(), args: chromeFlags.slice(1) });
  const figures: NavigationFigures[] = [];
  const run = async (
    kind: NavigationKind,
    viewport: { width: number; height: number },
    touch: boolean,
    steps: (page: Page) => AsyncGenerator<Locator>,
  ) => {
    const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch, baseURL: baseUrl });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await openWithRouter(page, '/');
    const samplesMs: number[] = [];
    const wholeMs: number[] = [];
    for await (const link of steps(page)) {
      const { shown, whole } = await timeClick(page, link, touch);
      samplesMs.push(Math.round(shown));
      wholeMs.push(Math.round(whole));
      process.stdout.write(
        `bench: ${kind} click ${samplesMs.length}: ${samplesMs.at(-1)} ms (whole page ${wholeMs.at(-1)} ms)  `,
      );
      if (samplesMs.length >= clicks) break;
    }
    await context.close();
    figures.push({
      kind,
      viewport: `${viewport.width}x${viewport.height}`,
      samplesMs,
      medianMs: median(samplesMs),
      wholeMs,
      wholeMedianMs: median(wholeMs),
    });
  };
  const wide = { width: 1280, height: 800 };
  try {
    await run('header', wide, false, async function* (page) {
      const header = page.getByRole('banner');
      for (;;)
        for (const name of ['About', 'Before & After', 'Contact', 'Home'])
          yield header.getByRole('link', { name, exact: true });
    });
    await run('footer', wide, false, async function* (page) {
      const footer = page.getByRole('contentinfo');
      for (;;)
        for (const name of ['Decks', 'Roofing', 'Privacy Policy', 'Framing', 'Terms of Service', 'Fences'])
          yield footer.getByRole('link', { name, exact: true });
    });
    await run('in-page', wide, false, async function* (page) {
      // From the home page's services grid to each service, and back.
      for (let card = 0; ; card++) {
        yield page.getByRole('main').locator('a[href^="/services/"]').nth(card);
        await page.goBack();
        await page
          .getByRole('main')
          .getByRole('heading', { level: 1, name: 'Master Carpenter for Northern Arizona' })
          .waitFor();
      }
    });
    await run('drawer', { width: 390, height: 844 }, true, async function* (page) {
      for (;;)
        for (const name of ['About', 'Payson', 'Contact', 'Before & After', 'Home']) {
          await page.getByRole('button', { name: 'Open menu' }).tap();
          yield page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name, exact: true });
          await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'detached' });
        }
    });
  } finally {
    await browser.close();
  }
  return figures;
}
