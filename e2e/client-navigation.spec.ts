import { expect, test, type Page } from '@playwright/test';
import { business } from '../shared/content/business';
import { expectNoAxeViolations } from './axe';
import { watchConsole } from './console';
import { expectSectionUnderHeader } from './scroll';

/**
 * After the first page, links change the page without reloading the document (issue 30): a value
 * set on `window` survives, the new page is the one a direct load of its URL shows (text, title,
 * meta tags, structured data), at its top with the focus on its heading; back returns to where
 * the visitor was.
 */

/** Once the first page is quiet the router is in (`<html data-router>`); the marker tells a reload apart. */
async function openWithRouter(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html[data-router="ready"]')).toBeAttached({ timeout: 20_000 });
  await page.evaluate(() => ((window as unknown as { kept: string }).kept = 'same document'));
}

const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { kept?: string }).kept);

/** What a visitor and a search engine get from the page: its text and its head tags. */
function pageAsShown(page: Page) {
  return page.evaluate(() => {
    const text = (selector: string) => document.querySelector(selector)?.textContent?.replace(/\s+/g, ' ');
    const attr = (selector: string, name: string) =>
      [...document.querySelectorAll(selector)].map((tag) => tag.getAttribute(name));
    return {
      title: document.title,
      titles: document.querySelectorAll('title').length,
      description: attr('meta[name="description"]', 'content'),
      robots: attr('meta[name="robots"]', 'content'),
      canonical: attr('link[rel="canonical"]', 'href'),
      social: [...document.querySelectorAll('meta[property^="og:"], meta[name^="twitter:"]')]
        .map((tag) => `${tag.getAttribute('property') ?? tag.getAttribute('name')}=${tag.getAttribute('content')}`)
        .sort(),
      structuredData: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
        JSON.parse(s.textContent ?? 'null'),
      ),
      // textContent: the text of sections the browser has not laid out yet (content-visibility) counts too.
      header: text('header'),
      main: text('main'),
      footer: text('footer'),
    };
  });
}

async function expectAsDirectLoad(page: Page) {
  const direct = await page.context().newPage();
  await direct.goto(page.url());
  await expect(direct.getByRole('heading', { level: 1 })).toBeVisible();
  const expected = await pageAsShown(direct);
  await direct.close();
  // What is below the fold comes a frame or two after the first screen (components/below-the-fold.tsx).
  await expect.poll(() => pageAsShown(page)).toEqual(expected);
}

async function expectNewPage(page: Page, path: string, heading: string | RegExp) {
  await expect(page).toHaveURL(path);
  const h1 = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(h1).toHaveText(heading);
  await expect(h1).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await sameDocument(page)).toBe('same document');
}

test('header, footer and in-page links change the page without a reload; back returns where the visitor was @desktop', async ({
  page,
}) => {
  const assertNoConsoleProblems = watchConsole(page);
  await openWithRouter(page, '/');
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
  // What is in the middle of the screen: the section's heading and where the section's top is.
  const cardOnScreen = () =>
    page.evaluate(() => {
      const section = document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.closest('section');
      const heading = section?.querySelector('h2, p')?.textContent;
      return section && [heading, Math.round(section.getBoundingClientRect().top)];
    });

  // A header link, pointed at and clicked where it is on screen (Playwright's own click would scroll
  // the sticky header's link "into view" first, moving the page the visitor is leaving).
  const cardBefore = await cardOnScreen();
  expect(cardBefore?.[0]).toBeTruthy();
  const about = await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).boundingBox();
  await page.mouse.move(about!.x + about!.width / 2, about!.y + about!.height / 2);
  await page.mouse.down();
  await page.mouse.up();
  await expectNewPage(page, '/about', /./);
  await expect(page).toHaveTitle(/^About/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'About', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectAsDirectLoad(page);

  // Back: the home page, where the visitor had scrolled to.
  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
    'Master Carpenter for Northern Arizona',
  );
  // The same content where it was on screen (the pixels scrolled may differ: sections the browser had
  // not laid out yet are counted at their real height now).
  await expect.poll(cardOnScreen).toEqual(cardBefore);
  expect(await sameDocument(page)).toBe('same document');

  // A footer link, to a service page with its FAQ and structured data.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Decks' }).click();
  await expectNewPage(page, '/services/decks', /Deck/);
  await expectAsDirectLoad(page);

  // Another service from the footer starts afresh, as its direct load does: no answer left open.
  const question = page.getByRole('main').locator('button[aria-expanded]').first();
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Roofing' }).click();
  await expectNewPage(page, '/services/roofing', /Roof/);
  await expect(page.getByRole('main').locator('button[aria-expanded="true"]')).toHaveCount(0);

  // A link inside the page.
  await page.getByRole('main').getByRole('link', { name: 'Get Free Quote' }).first().click();
  await expect(page).toHaveURL(/\/(contact|#contact)$/);
  expect(await sameDocument(page)).toBe('same document');

  // Forward and back again keep the document.
  await page.goBack();
  await expect(page).toHaveURL('/services/roofing');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(/Roof/);
  expect(await sameDocument(page)).toBe('same document');
  assertNoConsoleProblems();
});

test('Get Quote from another page lands with the contact section under the header, without a reload @desktop', async ({
  page,
}) => {
  await openWithRouter(page, '/about');
  await page.getByRole('banner').getByRole('link', { name: 'Get Quote' }).click();
  await expect(page).toHaveURL('/#contact');
  await expectSectionUnderHeader(page, page.locator('#contact'));
  expect(await sameDocument(page)).toBe('same document');
});

test('a page reached on the client works and passes axe: the gallery filter, the contact page, the call count @desktop', async ({
  page,
}) => {
  const assertNoConsoleProblems = watchConsole(page);
  await openWithRouter(page, '/');
  await page.getByRole('main').getByRole('link', { name: 'View Full Gallery' }).click();
  await expectNewPage(page, '/gallery', 'Before & After Gallery');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Decks', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Decks', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true }).click();
  await expectNewPage(page, '/contact', 'Contact Us');
  await expectNoAxeViolations(page);

  // A tap on the phone link is counted, for the page the visitor is on now.
  const tapped = page.waitForRequest((r) => r.url().endsWith('/api/contact-taps'));
  await page.evaluate(() => {
    const link = document.querySelector<HTMLAnchorElement>('main a[href^="tel:"]')!;
    link.addEventListener('click', (event) => event.preventDefault(), { once: true });
    link.click();
  });
  expect(JSON.parse((await tapped).postData() ?? '{}')).toMatchObject({ kind: 'call', page: '/contact' });
  expect(await sameDocument(page)).toBe('same document');
  assertNoConsoleProblems();
});

test('a link to a page that does not exist shows the not-found page on the client, 404 on a direct load @desktop', async ({
  page,
}) => {
  await openWithRouter(page, '/about');
  await page.evaluate(() => {
    const link = document.createElement('a');
    link.href = '/no-such-page';
    link.textContent = 'An old link';
    document.querySelector('main')!.prepend(link);
  });
  await page.getByRole('link', { name: 'An old link' }).click();
  await expectNewPage(page, '/no-such-page', '404 Page Not Found');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect((await page.request.get('/no-such-page')).status()).toBe(404);
});

test('the router comes in at the first intent to follow a link, without waiting for the page to be idle @desktop', async ({
  page,
}) => {
  // Time stands still: the idle moment after the load never comes, so only the intent can load it.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto('/about');
  await page.evaluate(() => ((window as unknown as { kept: string }).kept = 'same document'));
  await expect(page.locator('html[data-router="ready"]')).toHaveCount(0);
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' });
  await link.hover();
  await expect(page.locator('html[data-router="ready"]')).toBeAttached({ timeout: 20_000 });
  await link.click();
  await expect(page).toHaveURL('/privacy');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  expect(await sameDocument(page)).toBe('same document');
});

// The home page has its largest picture on the first screen (the code is fetched once it has painted), /about not.
for (const start of ['/about', '/']) {
  test(`a click before the router runs on ${start}, with its code fetched after the load, changes the page without a reload @desktop`, async ({
    page,
  }) => {
    // Time stands still: the idle moment never comes, so the router does not start by itself.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    const codeFetched: string[] = [];
    page.on('requestfinished', (request) => {
      if (/\/assets\/router-[^/]*\.js$/.test(request.url())) codeFetched.push(request.url());
    });
    await page.goto(start);
    // Fetched once the page has loaded (and its largest picture painted), and not run.
    await expect(page.locator('html[data-router-code="here"]')).toBeAttached({ timeout: 20_000 });
    expect(codeFetched).toHaveLength(1);
    await expect(page.locator('html[data-router="ready"]')).toHaveCount(0);
    await page.evaluate(() => ((window as unknown as { kept: string }).kept = 'same document'));
    // What the held click asks the network for, as the browser sees it (the page's own performance
    // entries are not kept under the test's clock).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const scriptsFromNetwork: string[] = [];
    cdp.on('Network.responseReceived', ({ response }) => {
      if (/\/assets\/[^/]+\.js$/.test(response.url) && !response.fromDiskCache && !response.fromPrefetchCache) {
        scriptsFromNetwork.push(response.url);
      }
    });
    const scriptsAsked: string[] = [];
    const contentAsked: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/[^/]+\.js$/.test(request.url())) scriptsAsked.push(request.url());
      if (request.url().endsWith('/api/site-content')) contentAsked.push(request.url());
    });
    // A click with no pointer before it (a tap as it lands): held while the router starts.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).dispatchEvent('click');
    await expect(page).toHaveURL('/privacy');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    expect(await sameDocument(page)).toBe('same document');
    await expect(page.locator('html[data-router="ready"]')).toBeAttached();
    // The held click ran the router's and the islands' code from the cache: none came from the network.
    expect(scriptsAsked.length).toBeGreaterThan(5);
    expect(scriptsFromNetwork).toEqual([]);
    // The page's data was asked for once, at the click beside the router's code: the router starting
    // and the navigation used that answer instead of asking again.
    expect(contentAsked).toHaveLength(1);
  });
}

test('a click before the router runs, its code not fetched yet, is a full page load as before', async ({ page }) => {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.route(/\/router-code\.json$/, (route) => route.abort());
  await page.goto('/about');
  await page.evaluate(() => ((window as unknown as { kept: string }).kept = 'same document'));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).dispatchEvent('click');
  await expect(page).toHaveURL('/privacy');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  expect(await sameDocument(page)).toBeUndefined();
});

test('when the router cannot load (offline, a deploy replaced the code), a link is a full page load', async ({
  page,
}) => {
  await page.route(/\/assets\/router-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/about');
  await page.evaluate(() => ((window as unknown as { kept: string }).kept = 'same document'));
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' });
  await link.hover();
  await link.click();
  await expect(page).toHaveURL('/privacy');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  expect(await sameDocument(page)).toBeUndefined();
});

test('a link chosen in the phone drawer closes it and opens the page without a reload @mobile', async ({ page }) => {
  const assertNoConsoleProblems = watchConsole(page);
  await openWithRouter(page, '/');
  for (const [name, path, heading] of [
    ['Payson', '/locations/payson', /Payson/],
    ['Before & After', '/gallery', 'Before & After Gallery'],
  ] as const) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name, exact: true }).click();
    await expect(drawer).toBeHidden();
    await expectNewPage(page, path, heading);
  }
  await expectAsDirectLoad(page);
  await expectNoAxeViolations(page);
  await expect(page.getByRole('link', { name: `Call ${business.phoneDisplay}` }).first()).toBeVisible();
  assertNoConsoleProblems();
});
