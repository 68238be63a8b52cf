import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { watchConsole } from './console';

/**
 * Resolves once every island on screen has hydrated (the menus, the FAQ, Share), so clicks reach
 * their handlers: the page marks `<html data-hydrated>` then. (The rest of the page is plain HTML
 * that never gets React's handlers, so the last element of <main> tells nothing.)
 */
async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  // Let React finish the commit that follows.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

test.describe('/services', () => {
  test('lists all 18 services, each linking to its page', async ({ page }) => {
    const assertCleanConsole = watchConsole(page);
    const res = await page.goto('/services');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Our Services \| /);
    await expect(page.getByRole('heading', { level: 1, name: 'Our Services' })).toBeVisible();
    const cards = page.getByRole('list', { name: 'All services' }).getByRole('link');
    await expect(cards).toHaveCount(18);
    await expect(cards.first()).toHaveAttribute('href', '/services/framing');
    await expect(cards.last()).toHaveAttribute('href', '/services/fireplace-mantels');
    await waitForHydration(page);
    await cards.filter({ hasText: 'Walk-in' }).click();
    await expect(page).toHaveURL(/\/services\/walk-in-showers$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Walk-in');
    assertCleanConsole();
  });

  test('has no accessibility violations @both-screens', async ({ page }) => {
    await page.goto('/services');
    await expectNoAxeViolations(page);
  });
});

test.describe('/services/{slug}', () => {
  test('shows the hero, every section and the sidebar', async ({ page }) => {
    const assertCleanConsole = watchConsole(page);
    await page.goto('/services/decks');
    await expect(page).toHaveTitle(/^Decks in Payson & Northern Arizona \| /);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /\/img\/og\/services-decks\.jpg$/,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/services\/decks$/);

    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link')).toHaveText(['Home', 'Services']);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Decks');
    const heroImage = page.locator('section[aria-labelledby="service-title"] img');
    await expect(heroImage).toBeVisible();
    expect(await heroImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    for (const name of [
      "What's Included",
      'Materials & Options',
      'Timeline',
      'Maintenance Tips',
      'Frequently Asked Questions',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.getByText('1-3 weeks', { exact: true })).toBeVisible();
    await expect(page.getByText(/varies with the project's scope and the weather/)).toBeVisible();

    await expect(page.getByRole('link', { name: 'Get Free Quote' }).first()).toHaveAttribute('href', '/#contact');
    await expect(page.getByRole('link', { name: /^Call \(/ }).first()).toHaveAttribute('href', /^tel:\+1/);
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    await expect(page.getByText(/within 24 hours on business days/).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Service Areas' }).getByRole('link')).toHaveCount(5);
    await expect(page.getByRole('region', { name: 'Why Choose Us' }).getByRole('listitem')).toHaveCount(5);
    assertCleanConsole();
  });

  test('keeps the sidebar in view while reading on desktop @desktop', async ({ page }) => {
    await page.goto('/services/decks');
    const sidebar = page.getByRole('complementary');
    await expect(sidebar).toHaveCSS('position', 'sticky');
    await page.getByRole('heading', { level: 2, name: 'Maintenance Tips' }).scrollIntoViewIfNeeded();
    await expect(sidebar.getByRole('link', { name: 'Get Free Quote' })).toBeInViewport();
    const box = await sidebar.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(800);
  });

  test("a question tapped before the FAQ's code has arrived opens once it has", async ({ page }) => {
    // A slow connection: the accordion's code arrives well after the page is on screen.
    await page.route(/\/assets\/faq-accordion-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/services/roofing');
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    const first = faq.getByRole('button').first();
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    await first.click();
    // Opened once, not opened and closed again by a second replay.
    await expect(first).toHaveAttribute('aria-expanded', 'true', { timeout: 10_000 });
    await expect(page.getByRole('region', { name: await first.innerText() })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 20_000 });
    await expect(first).toHaveAttribute('aria-expanded', 'true');
  });

  test('FAQ: one answer open at a time, and it can be closed', async ({ page }) => {
    const assertCleanConsole = watchConsole(page);
    await page.goto('/services/roofing');
    await waitForHydration(page);
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    const questions = faq.getByRole('button');
    await expect(questions).toHaveCount(5);
    for (const question of await questions.all()) await expect(question).toHaveAttribute('aria-expanded', 'false');

    await questions.nth(0).click();
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
    const firstAnswer = page.getByRole('region', { name: await questions.nth(0).innerText() });
    await expect(firstAnswer).toBeVisible();

    await questions.nth(1).click();
    await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(firstAnswer).toBeHidden();
    await expect(faq.locator('[data-state="open"][role="region"]')).toHaveCount(1);

    await questions.nth(1).click();
    await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'false');
    await expect(faq.locator('[data-state="open"][role="region"]')).toHaveCount(0);
    assertCleanConsole();
  });

  test('share falls back to copying the link when there is no share sheet', async ({ page, context, baseURL }) => {
    const assertCleanConsole = watchConsole(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.addInitScript(() => {
      // Simulate a browser without the Web Share API.
      delete (Navigator.prototype as { share?: unknown }).share;
      delete (navigator as { share?: unknown }).share;
    });
    await page.clock.install();
    await page.goto('/services/framing');
    await waitForHydration(page);
    expect(await page.evaluate(() => 'share' in navigator)).toBe(false);

    // The Clipboard API only writes from a focused document.
    await page.bringToFront();
    // From here the page's clock moves only when the test moves it: how long the label shows is
    // what the page counts, however busy the machine.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByRole('button', { name: 'Share' }).click();
    const copied = page.getByRole('button', { name: 'Copied!' });
    const notifications = page.getByRole('region', { name: 'Notifications (F8)' });
    const copyFailed = notifications.getByText('Copy failed');
    await expect(copied.or(copyFailed)).toBeVisible();
    await expect(copyFailed, 'the clipboard write was rejected').toHaveCount(0);
    await expect(copied).toBeVisible();
    await expect(notifications.getByText('Link copied!')).toBeVisible();
    await expect(notifications.getByText('Share link has been copied to your clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    // 'Copied!' for 2 seconds, then the button reads Share again.
    await page.clock.runFor(1_980);
    await expect(copied).toBeVisible();
    await page.clock.runFor(40);
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    await expect(copied).toHaveCount(0);

    // The toast is still up (5 s): check it, and the page around it, for accessibility (axe counts
    // on the page's timers: the clock runs again).
    await page.clock.resume();
    await expect(notifications.getByText('Link copied!')).toBeVisible();
    await expectNoAxeViolations(page);
    assertCleanConsole();
  });

  test('share uses the native share sheet when there is one', async ({ page }) => {
    const assertCleanConsole = watchConsole(page);
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          (window as unknown as { sharedData: ShareData }).sharedData = data;
        },
      });
    });
    await page.goto('/services/cabinets');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sharedData?: ShareData }).sharedData))
      .toEqual({
        title: expect.stringContaining('Cabinets'),
        text: expect.any(String),
        url: page.url(),
      });
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem')).toHaveCount(0);
    assertCleanConsole();
  });

  test('an unknown service answers 404 with "Service Not Found"', async ({ page }) => {
    const res = await page.goto('/services/nope');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Service Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  test('has no accessibility violations, with a FAQ open too @both-screens', async ({ page }) => {
    await page.goto('/services/kitchen-remodeling');
    await expectNoAxeViolations(page);
    await waitForHydration(page);
    await page.getByRole('region', { name: 'Frequently Asked Questions' }).getByRole('button').first().click();
    await expectNoAxeViolations(page);
  });
});
