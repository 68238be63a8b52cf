import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { personsPace } from './persons-pace';

/**
 * The pages a homeowner opens from one of our e-mails look like the site (one shell: its
 * stylesheet and font, header, favicon), and the quote form after sending reads plainly: walked as
 * the homeowner does, on his phone and on a computer. Screenshots land in test-results/homeowner.
 */
const shots = path.join('test-results', 'homeowner');
mkdirSync(shots, { recursive: true });

const quote = {
  name: 'Kim Reyes',
  phone: '(928) 555-0188',
  email: 'kim@example.com',
  projectType: 'Deck',
  city: 'Star Valley',
  budgetRange: '$10,000 - $25,000',
};

async function newVisitLink(request: APIRequestContext): Promise<string> {
  // One upcoming visit per homeowner: each link is a homeowner of its own (the journeys share a server).
  const own = randomBytes(2).readUInt16BE(0) % 10_000;
  const response = await request.post('/api/quote-requests', {
    data: { ...quote, email: `kim.${own}@example.com`, phone: `(928) 555-${String(own).padStart(4, '0')}` },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { visitUrl: string }).visitUrl;
}

/** What makes a page look like the site: its stylesheet, heading font, background, header and favicon. */
async function lookOf(page: Page) {
  return page.evaluate(() => {
    const style = (element: Element | null) => (element ? getComputedStyle(element) : null);
    const header = document.querySelector('header');
    return {
      stylesheet: [...document.styleSheets].some((sheet) => /\/assets\/index-[^/]+\.css$/.test(sheet.href ?? '')),
      headingFont: style(document.querySelector('h1'))?.fontFamily,
      headingFontLoaded: document.fonts.check('700 28px "Roboto Slab"'),
      background: style(document.body)?.backgroundColor,
      headerHeight: header?.getBoundingClientRect().height,
      headerBackground: style(header)?.backgroundColor,
      logo: header?.querySelector('a[href="/"] img[src="/img/brand/logo.svg"]') !== null,
      favicon: document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href,
    };
  });
}

async function expectSiteLook(page: Page, name: string) {
  const [site, here] = [await page.context().newPage(), page];
  await site.goto('/contact');
  const expected = await lookOf(site);
  await site.close();
  const look = await lookOf(here);
  expect(look.stylesheet, 'the build’s stylesheet').toBe(true);
  expect(look.headingFont).toMatch(/^"Roboto Slab"/);
  expect(look.background).toBe(expected.background);
  expect(look.headerBackground).toBe(expected.headerBackground);
  expect(look.headerHeight).toBe(expected.headerHeight);
  expect(look.logo).toBe(true);
  expect((await page.request.get(look.favicon!)).status()).toBe(200);
  await expectNoAxeViolations(page);
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true, scale: 'css' });
}

test('the booking, cancelling and review pages from an e-mail look like the site @both-screens', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.goto(await newVisitLink(request));
  await expect(page.getByRole('heading', { name: 'Pick a time for your free on-site estimate' })).toBeVisible();
  await expect(page.getByText('look at your deck project')).toBeVisible();
  await expect(page.getByText('Each visit takes up to 90 minutes')).toBeVisible();
  await expectSiteLook(page, 'visit');

  await page.getByLabel('Street address of the visit').fill('14 Juniper Ln, Star Valley');
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByRole('heading', { name: 'Your estimate visit is booked' })).toBeVisible();
  // "Booked" once: the heading says it, the notice says what else happened.
  await expect(page.getByRole('status')).not.toContainText('booked');
  await expect(page.getByText('Allow up to 90 minutes.')).toBeVisible();
  await expectSiteLook(page, 'visit-booked');

  await page.goto(`${new URL(page.url()).pathname}/cancel`);
  await expect(page.getByRole('heading', { level: 1, name: /^Cancel your visit on / })).toBeVisible();
  await expectSiteLook(page, 'visit-cancel');

  await page.goto(`/review/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'This review link does not work' })).toBeVisible();
  await expectSiteLook(page, 'review-unknown');
});

test('without scripts the booking page shows one day at a time, and Cancel my visit asks on a page @mobile', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const link = await newVisitLink(request);
  const phone = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  try {
    await page.goto(link);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(2 * 844);
    // The second day opens in place of the first.
    const days = page.locator('details.day');
    await days.nth(1).locator('summary').click();
    await expect(days.nth(1)).toHaveAttribute('open', '');
    await expect(days.nth(0)).not.toHaveAttribute('open', '');
    await page.getByLabel('Street address of the visit').fill('9 Pine Cone Dr, Pine');
    await page.getByRole('radio').nth(1).check();
    await page.getByRole('button', { name: 'Book this time' }).click();
    await expect(page.getByRole('heading', { name: 'Your estimate visit is booked' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cancel my visit' })).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Move my visit' })).toBeInViewport();

    await page.getByRole('link', { name: 'Cancel my visit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Cancel your visit on [A-Z][a-z]+day, / })).toBeVisible();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(page.getByRole('status')).toContainText('Your visit is cancelled');
    // Booking again, the address he typed is there.
    await expect(page.getByLabel('Street address of the visit')).toHaveValue('9 Pine Cone Dr, Pine');
  } finally {
    await phone.close();
  }
});

/** The quote form's enhanced version, woken on the page. */
const enhancedForm = (page: Page) => page.locator('form[data-enhanced]');

test('Get Free Quote from the Decks page opens the form with Deck, and after sending nothing covers the confirmation @mobile', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/services/decks');
  const getQuote = page.getByRole('link', { name: 'Get Free Quote' }).first();
  await expect(getQuote).toHaveAttribute('href', '/#contact');
  await getQuote.click();
  await expect(page).toHaveURL(/\/#contact$/);
  const form = enhancedForm(page);
  await expect(form).toBeVisible({ timeout: 20_000 });
  await expect(form.getByLabel('Project Type')).toHaveValue('Deck');
  await expect(form.getByLabel('City')).toHaveValue('');

  const paced = await personsPace(page);
  await form.getByLabel('Name').fill('Kim Reyes');
  await form.getByLabel('Phone').fill('(928) 555-0188');
  await form.getByLabel('Email').fill('kim@example.com');
  await form.getByLabel('City').fill('Star Valley');
  await form.getByLabel('Budget Range').selectOption('$10,000 - $25,000');
  await form.getByLabel('Add a Photo').setInputFiles(path.join('public', 'img', 'brand', 'logo-512.png'));
  await expect(form.getByText('✓ Photo attached', { exact: true })).toBeVisible();
  const thumbnail = form.locator('img[data-photo-thumbnail]');
  await expect(thumbnail).toBeVisible();
  expect(await thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const box = (await thumbnail.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(64);
  await paced();
  await form.getByRole('button', { name: 'Request Free Quote' }).click();

  // As the toast shows (5 seconds): where it is against the confirmation and the headings on screen.
  const covered = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const check = () => {
          const toast = [...document.querySelectorAll('[role="region"] li')].find((li) =>
            li.textContent?.includes('Quote request submitted!'),
          );
          const confirmation = document.querySelector('[data-quote-confirmation]');
          if (!toast || !confirmation) return void requestAnimationFrame(check);
          // Measured once the confirmation has scrolled into view, the frame after both are in.
          requestAnimationFrame(() => requestAnimationFrame(() => measure(toast, confirmation)));
        };
        const measure = (toast: Element, confirmation: Element) => {
          const box = toast.getBoundingClientRect();
          const overlaps = (element: Element) => {
            const other = element.getBoundingClientRect();
            return (
              other.height > 0 &&
              box.left < other.right &&
              other.left < box.right &&
              box.top < other.bottom &&
              other.top < box.bottom
            );
          };
          resolve(
            [confirmation, ...document.querySelectorAll('h1, h2, h3, h4')]
              .filter(overlaps)
              .map((element) => element.textContent?.trim() ?? element.tagName),
          );
        };
        check();
      }),
  );
  expect(covered, 'what the toast covers').toEqual([]);
  const confirmation = page.getByRole('region', { name: 'Your quote request was sent' });
  await expect(confirmation).toBeInViewport();
  // The emptied form below reads as a new request.
  await expect(page.getByText('Another project? Send us a new request')).toBeVisible();
  await expect(form.getByLabel('Project Type')).toHaveValue('');
  await page.screenshot({ path: path.join(shots, 'quote-sent-390.png'), scale: 'css' });
  await expectNoAxeViolations(page);
});

test('Get Free Quote from an area page opens the form with its town; without scripts the plain form is unchanged @mobile', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await page.goto('/locations/strawberry');
  await page.getByRole('link', { name: 'Get Free Quote' }).first().click();
  await expect(enhancedForm(page)).toBeVisible({ timeout: 20_000 });
  await expect(enhancedForm(page).getByLabel('City')).toHaveValue('Strawberry');
  await expect(enhancedForm(page).getByLabel('Project Type')).toHaveValue('');

  const noScripts = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  try {
    const plain = await noScripts.newPage();
    await plain.goto('/services/decks');
    await plain.getByRole('link', { name: 'Get Free Quote' }).first().click();
    const form = plain.locator('form[method="post"]');
    await expect(form.getByLabel('Project Type')).toHaveValue('');
    await expect(form.getByLabel('City')).toHaveValue('');
  } finally {
    await noScripts.close();
  }
});
