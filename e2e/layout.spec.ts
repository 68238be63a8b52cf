import { expect, test, type Locator } from '@playwright/test';
import { business } from '../shared/content/business';
import { services } from '../shared/content/services';
import { locations } from '../shared/content/locations';
import { prerenderPaths } from '../shared/routes';
import { expectNoAxeViolations } from './axe';
import { watchConsole } from './console';
import { expectSectionUnderHeader } from './scroll';

const tel = `tel:${business.phoneE164}`;

/**
 * Hovers a top menu button until its panel shows `inside`. A hover before the menu's code has
 * loaded does nothing, as for a visitor, whose next mouse movement opens it: so move again.
 */
async function openMenu(nav: Locator, name: string, inside: Locator) {
  await expect(async () => {
    await nav.page().mouse.move(0, 0);
    await nav.getByRole('button', { name, exact: true }).hover();
    await expect(inside).toBeVisible({ timeout: 1000 });
  }).toPass();
}

test.describe('header', () => {
  test('large screens show the full menu, the call button and the quote button @desktop', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Before & After', 'About', 'Contact']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    for (const name of ['Services', 'Locations', 'Other Services']) {
      await expect(nav.getByRole('button', { name, exact: true })).toBeVisible();
    }
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: business.phoneDisplay })).toHaveAttribute('href', tel);
    await expect(header.getByText('Speak to a live person')).toBeVisible();
    await expect(header.getByRole('link', { name: 'Get Quote' })).toHaveAttribute('href', '/#contact');
  });

  test('the services mega menu lists all 18 services in three columns, 800 px wide @desktop', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await openMenu(nav, 'Services', nav.getByRole('link', { name: services[0]!.name, exact: true }));
    const menu = page
      .locator('[data-radix-navigation-menu-content], nav[aria-label="Main"] [data-state="open"]')
      .filter({
        has: page.getByRole('link', { name: services[0]!.name, exact: true }),
      });
    await expect(menu.first()).toBeVisible();
    for (const service of services) {
      await expect(nav.getByRole('link', { name: service.name, exact: true })).toBeVisible();
    }
    await expect(nav.locator('ul:has(> li > a[href^="/services/"])')).toHaveCount(3);
    const box = await menu.first().boundingBox();
    expect(Math.round(box!.width)).toBe(800);

    await nav.getByRole('link', { name: services[3]!.name, exact: true }).click();
    await expect(page).toHaveURL(`/services/${services[3]!.slug}`);
  });

  test('locations and other services menus are 280 px wide @desktop', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await openMenu(nav, 'Locations', nav.getByRole('link', { name: locations[0]!.name, exact: true }));
    for (const location of locations) {
      await expect(nav.getByRole('link', { name: location.name, exact: true })).toBeVisible();
    }
    const locationsMenu = nav
      .locator('a[href="/locations/payson"]')
      .locator('xpath=ancestor::div[contains(@class,"absolute")][1]');
    expect(Math.round((await locationsMenu.boundingBox())!.width)).toBe(280);

    const pine = nav.getByRole('link', { name: 'Pine Bundles' });
    await openMenu(nav, 'Other Services', pine);
    const otherMenu = pine.locator('xpath=ancestor::div[contains(@class,"absolute")][1]');
    expect(Math.round((await otherMenu.boundingBox())!.width)).toBe(280);
  });

  test('the current page is marked for Home, Before & After, About and Contact @desktop', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [path, name] of [
      ['/', 'Home'],
      ['/gallery', 'Before & After'],
      ['/about', 'About'],
      ['/contact', 'Contact'],
    ] as const) {
      await page.goto(path);
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    }
    await page.goto('/services');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);
  });

  test('the header stays at the top while scrolling @both-screens', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, 2500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const box = await page.getByRole('banner').boundingBox();
    expect(box!.y).toBe(0);
  });
});

test.describe('small screens', () => {
  test('the drawer holds the menu, ten services and the quote button, and closes on a link @mobile', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: `Call ${business.phoneDisplay}` })).toHaveAttribute(
      'href',
      tel,
    );
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    for (const name of ['Home', 'Before & After', 'About', 'Contact']) {
      await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    for (const group of ['Services', 'Locations', 'Other Services']) {
      await expect(drawer.getByText(group, { exact: true })).toBeVisible();
    }
    const serviceLinks = drawer.locator('a[href^="/services/"]');
    await expect(serviceLinks).toHaveCount(10);
    await expect(serviceLinks).toHaveText(services.slice(0, 10).map((s) => s.name));
    await expect(drawer.locator('a[href^="/locations/"]')).toHaveCount(5);
    await expect(drawer.getByRole('link', { name: 'Pine Bundles' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Request a Quote' })).toHaveAttribute('href', '/#contact');
    await expect(drawer.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');

    await drawer.getByRole('link', { name: 'About', exact: true }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL('/about');
  });

  test('the drawer keeps focus inside and closes with Escape @mobile', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('Request a Quote in the drawer closes it and brings the contact section into view @mobile', async ({ page }) => {
    await page.goto('/services');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    // Let the slide-in finish, as a visitor's thumb would.
    await drawer.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    await drawer.getByRole('link', { name: 'Request a Quote' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(page).toHaveURL('/#contact');
    await expectSectionUnderHeader(page, page.locator('#contact'));
  });

  test('the bottom action bar calls, texts and asks for a quote @mobile', async ({ page }) => {
    await page.goto('/about');
    const bar = page.getByRole('navigation', { name: 'Quick actions' });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Call' })).toHaveAttribute('href', tel);
    await expect(bar.getByRole('link', { name: 'Text' })).toHaveAttribute('href', `sms:${business.phoneE164}`);
    await expect(bar.getByRole('link', { name: 'Quote' })).toHaveAttribute('href', '/#contact');
    // Pinned to the bottom edge of the phone's screen, once the page has settled.
    await page.waitForLoadState('load');
    await expect
      .poll(async () => {
        const box = await bar.boundingBox();
        return box && Math.round(box.y + box.height);
      })
      .toBe(844);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  });

  test('no page scrolls sideways on a phone @mobile', async ({ page }) => {
    test.slow();
    const wide: string[] = [];
    for (const url of prerenderPaths) {
      await page.goto(url);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) wide.push(`${url} (${width}px)`);
    }
    expect(wide).toEqual([]);
  });

  test('the action bar is not shown on large screens @desktop', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Quick actions' })).toBeHidden();
  });
});

test.describe('footer', () => {
  test('has the service columns, contact details, current year, legal links and the music link', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const serviceNav = footer.getByRole('navigation', { name: 'Services' });
    await expect(serviceNav.locator('ul')).toHaveCount(3);
    await expect(serviceNav.getByRole('link')).toHaveCount(18);
    for (const label of ['Vinyl Plank Flooring', 'Ceramic', 'Walk-in Tile Showers']) {
      await expect(serviceNav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: business.phoneDisplay })).toHaveAttribute('href', tel);
    await expect(footer.getByRole('link', { name: business.email })).toHaveAttribute(
      'href',
      `mailto:${business.email}`,
    );
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer).toContainText(business.rocLicense);
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    const music = footer.getByRole('link', { name: new RegExp(business.musicSite.label) });
    await expect(music).toHaveAttribute('href', business.musicSite.url);
    await expect(music).toHaveAttribute('target', '_blank');
    await expect(music).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('the copyright year is the visitor’s, also on pages built the year before, and after a client navigation', async ({
    page,
  }) => {
    // New Year's Day, a year after the build: the site has not been built again since.
    const nextYear = new Date().getFullYear() + 1;
    await page.clock.install({ time: new Date(`${nextYear}-01-01T09:00:00-07:00`) });
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${nextYear} `);
    await expect(page.locator('html[data-router="ready"]')).toBeAttached({ timeout: 20_000 });
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(footer).toContainText(`© ${nextYear} `);
  });
});

test.describe('navigation', () => {
  test('moves between pages and opens the new page at the top @both-screens', async ({ page }) => {
    const assertNoConsoleProblems = watchConsole(page);
    await page.goto('/');
    // At the very bottom, as a visitor scrolls to the footer (clear of the phone's action bar).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Privacy');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    assertNoConsoleProblems();
  });

  test('unknown routes answer 404 with the not-found page, the phone, a quote link and popular pages @both-screens', async ({
    page,
  }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    const main = page.getByRole('main');
    // "404" once, in the heading, not again above it.
    expect(((await main.textContent()) ?? '').match(/404/g)).toHaveLength(1);
    await expect(main.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    await expect(main.getByRole('link', { name: `Call ${business.phoneDisplay}` })).toHaveAttribute('href', tel);
    await expect(main.getByRole('link', { name: 'Get Free Quote' })).toHaveAttribute('href', '/#contact');
    const popular = main.getByRole('navigation', { name: 'Popular pages' });
    await expect(popular.getByRole('link', { name: 'All Services' })).toHaveAttribute('href', '/services');
    await expect(popular.getByRole('link', { name: 'Before & After Gallery' })).toHaveAttribute('href', '/gallery');
    await popular.getByRole('link', { name: 'Decks' }).click();
    await expect(page).toHaveURL('/services/decks');
    await page.goBack();
    await expectNoAxeViolations(page);
  });
});
