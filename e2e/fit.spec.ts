import { expect, test, type Page } from '@playwright/test';
import { business, rocSearchUrl } from '../shared/content/business';
import { services } from '../shared/content/services';

/**
 * What a design review looks for at 320, 390 and 1440 px: no text running out of its box or cut
 * off with an ellipsis, the e-mail address wrapping only at "@" or ".", tap targets of at least
 * 24 px on phones (WCAG 2.2), and the actions a visitor came for on the first screen.
 */

const pages = ['/', '/contact', '/services/kitchen-remodeling', '/gallery', '/about', '/pine-bundles', '/no-such-page'];

/** Every text that runs past the edge of the block it sits in, or is clipped by its own box. */
function textOverflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const isHidden = (el: Element) =>
      el.closest('.sr-only, [hidden], [aria-hidden="true"], [data-state="closed"]') !== null;
    const blockOf = (el: Element): Element => {
      let box: Element | null = el;
      while (box && getComputedStyle(box).display.startsWith('inline')) box = box.parentElement;
      return box ?? el;
    };
    const scrolls = (el: Element) => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        const { overflowX } = getComputedStyle(node);
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
      }
      return false;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || isHidden(parent) || scrolls(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = blockOf(parent).getBoundingClientRect();
      if (box.width === 0) continue;
      for (const rect of range.getClientRects()) {
        if (rect.width === 0) continue;
        if (rect.right > box.right + 1 || rect.left < box.left - 1)
          problems.push(`"${text.slice(0, 40)}" runs out of its box (${Math.round(rect.right - box.right)} px)`);
      }
      const style = getComputedStyle(parent);
      if (style.textOverflow === 'ellipsis' && parent.scrollWidth > parent.clientWidth + 1)
        problems.push(`"${text.slice(0, 40)}" is cut off with an ellipsis`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth)
      problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
    return [...new Set(problems)];
  });
}

/** Where each visible e-mail address wraps: the characters on either side of every line break. */
function emailBreaks(page: Page): Promise<string[]> {
  return page.evaluate((email) => {
    const breaks: string[] = [];
    for (const link of document.querySelectorAll(`a[href="mailto:${email}"]`)) {
      if (!link.getClientRects().length) continue;
      const chars: { ch: string; top: number }[] = [];
      const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < (node.textContent ?? '').length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          if (rect) chars.push({ ch: node.textContent![i]!, top: Math.round(rect.top) });
        }
      }
      const text = chars.map((c) => c.ch).join('');
      const start = text.indexOf(email);
      if (start === -1) breaks.push(`"${text}" does not show the whole address`);
      for (let i = start + 1; start !== -1 && i < start + email.length; i++)
        if (chars[i]!.top > chars[i - 1]!.top + 2) breaks.push(`${chars[i - 1]!.ch}|${chars[i]!.ch}`);
    }
    return breaks;
  }, business.email);
}

for (const width of [320, 390, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 800 ? 844 : 900 } });

    test(`no text overflows its box, and the e-mail wraps only at "@" or "." @desktop`, async ({ page }) => {
      for (const path of pages) {
        await page.goto(path);
        expect(await textOverflows(page), path).toEqual([]);
        for (const at of await emailBreaks(page))
          expect(at.startsWith('@|') || at.endsWith('|.'), `${path}: the e-mail wraps at ${at}`).toBe(true);
      }
    });
  });
}

test('footer, header and action-bar links are tap targets of at least 24 px @mobile', async ({ page }) => {
  for (const path of ['/', '/no-such-page']) {
    await page.goto(path);
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('footer a, header a, header button, nav[aria-label="Quick actions"] a, main nav a')]
        .filter((el) => el.getClientRects().length > 0 && !el.closest('[hidden], .sr-only'))
        .map((el) => ({
          name: el.textContent?.trim() || el.getAttribute('aria-label'),
          box: el.getBoundingClientRect(),
        }))
        .filter(({ box }) => box.height < 24 || box.width < 24)
        .map(({ name, box }) => `${name}: ${Math.round(box.width)}x${Math.round(box.height)}`),
    );
    expect(small, path).toEqual([]);
  }
});

test('every service page shows Call and Get Free Quote on the first screen of a 390x844 phone @mobile', async ({
  page,
}) => {
  const viewport = page.viewportSize()!;
  expect(viewport).toEqual({ width: 390, height: 844 });
  // Eighteen pages, each measured once its fonts and layout have settled: slow on a busy machine.
  test.slow();
  for (const service of services) {
    await page.goto(`/services/${service.slug}`);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const bar = page.getByRole('navigation', { name: 'Quick actions' });
    await expect(bar).toBeVisible();
    const hero = page.getByRole('region', { name: service.name });
    for (const button of [
      hero.getByRole('link', { name: `Call ${business.phoneDisplay}` }),
      hero.getByRole('link', { name: 'Get Free Quote' }),
    ]) {
      await expect(button).toBeVisible();
      const label = `${service.slug}: ${await button.textContent()}`;
      // Above the fixed action bar, without scrolling.
      await expect
        .poll(async () => {
          const [box, barBox] = await Promise.all([button.boundingBox(), bar.boundingBox()]);
          return box && barBox ? barBox.y - (box.y + box.height) : -1;
        }, label)
        .toBeGreaterThanOrEqual(0);
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
  }
});

test('the home page shows the ROC licence on its first screen, linking to the Registrar @both-screens', async ({
  page,
}) => {
  await page.goto('/');
  const hero = page.getByRole('region', { name: 'Master Carpenter for Northern Arizona' });
  const licence = hero.getByRole('link', { name: new RegExp(`^${business.rocLicense}`) });
  await expect(licence).toHaveAttribute('href', rocSearchUrl);
  await expect(licence).toHaveAttribute('target', '_blank');
  expect(business.rocLicense).toMatch(/^ROC \d+$/);
  const box = (await licence.boundingBox())!;
  // The phone's action bar covers the bottom of the screen; large screens have none.
  const bar = await page.locator('nav[aria-label="Quick actions"]').boundingBox();
  expect(box.y + box.height).toBeLessThanOrEqual(bar && bar.height > 0 ? bar.y : page.viewportSize()!.height);
});

test('the header Get Quote button lines up with the call button and shows a clear focus ring @desktop', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const header = page.getByRole('banner');
  const quote = header.getByRole('link', { name: 'Get Quote' });
  const call = header.getByRole('link', { name: business.phoneDisplay });
  const [quoteBox, callBox] = [(await quote.boundingBox())!, (await call.boundingBox())!];
  expect(Math.abs(quoteBox.y - callBox.y)).toBeLessThanOrEqual(1);
  expect(Math.abs(quoteBox.height - callBox.height)).toBeLessThanOrEqual(1);

  await call.focus();
  await page.keyboard.press('Tab');
  await expect(quote).toBeFocused();
  // Colours as sRGB bytes (the browser may report lab() or oklch()): painted on a canvas and read back.
  const ring = () =>
    quote.evaluate((el) => {
      const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
      const rgb = (css: string) => {
        canvas.clearRect(0, 0, 1, 1);
        canvas.fillStyle = '#fff';
        canvas.fillRect(0, 0, 1, 1);
        canvas.fillStyle = css;
        canvas.fillRect(0, 0, 1, 1);
        return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const style = getComputedStyle(el);
      const behind = getComputedStyle(el.closest('header')!).backgroundColor;
      return {
        style: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
        color: rgb(style.outlineColor),
        behind: rgb(behind),
      };
    });
  expect((await ring()).style).toBe('solid');
  expect((await ring()).width).toBeGreaterThanOrEqual(2);
  // WCAG 2.2 focus appearance: at least 3:1 against the cream header (once the colour transition ends).
  await expect.poll(async () => contrast((await ring()).color, (await ring()).behind)).toBeGreaterThanOrEqual(3);
});

function contrast(a: number[], b: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r, g, bl] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
