import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  journeyDatabase,
  giveOwnerPassword,
  signInOwner,
  startServer,
  stopServer,
  type JourneyDatabase,
} from './own-server';
import { fillQuoteForm, sendPlainForm, wakeQuoteForm } from './quote-form';
import { personsPace } from './persons-pace';

/**
 * Which marketing brings the jobs: a visitor arrives from a Google ad, reads two pages, taps the
 * phone link and sends a request; the owner sees Google Ads and the campaign on the request, in
 * the CSV and on the results page. The same visitor comes back later from a Google search: the
 * latest touch changes, the first stays. Without JavaScript, the plain form still tells the
 * landing page and its tags. The server is this file's own, so the owner's password can be set
 * before it opens the embedded database.
 */
test.describe.configure({ mode: 'serial' });

const password = 'ponderosa pines at dusk';
// A person's browser: headless Chromium says so in its User-Agent, and the tap counter ignores bots.
const userAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const storageKey = 'rcc-lead-source';
const shots = path.join('test-results', 'lead-sources');

test.use({ userAgent });

let base = '';
let server: ChildProcess | undefined;
let journey: JourneyDatabase | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  journey = await journeyDatabase('lead-sources');
  await giveOwnerPassword(password, journey.env);
  ({ base, child: server } = await startServer(journey.env));
  mkdirSync(shots, { recursive: true });
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  await journey?.drop();
});

type Stored = { first: Record<string, unknown>; last?: Record<string, unknown> };
const stored = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Stored | null, storageKey);

/**
 * The enhanced form, at a person's pace (a form sent within a second of appearing is screened as
 * a bot's): on /contact, or with `onPageShown` on the page already shown.
 */
async function sendRequest(page: Page, name: string, projectType: string, { onPageShown = false } = {}) {
  if (!onPageShown) await page.goto(`${base}/contact`);
  const form = await wakeQuoteForm(page);
  const paced = await personsPace(page);
  const fields = { name, phone: '(928) 555-0144', email: 'sam@example.com', city: 'Payson' };
  await fillQuoteForm(form, { ...fields, projectType, budgetRange: '$10,000 - $25,000' });
  await paced();
  const posted = page.waitForResponse(
    (r) => r.url().endsWith('/api/quote-requests') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Request Free Quote' }).click();
  const response = await posted;
  expect(response.status()).toBe(201);
  await expect(page.getByText('Quote request submitted!').first()).toBeVisible();
  // The body stays the request alone; where the visitor came from goes beside it.
  expect(response.request().postDataJSON()).not.toHaveProperty('leadSource');
  const header = (await response.request().allHeaders())['x-lead-source'];
  return header ? (JSON.parse(decodeURIComponent(header)) as Stored) : null;
}

async function signIn(page: Page) {
  await signInOwner(page, `${base}/owner`, password);
  await expect(page.getByRole('list', { name: 'Quote requests' })).toBeVisible();
}

/** The owner, signed in on a browser of his own, reads the request's Source section. */
async function expectOwnerSees(browser: Browser, name: string, texts: string[]) {
  const owner = await browser.newContext({ userAgent });
  try {
    const page = await owner.newPage();
    await signIn(page);
    const source = await openRequest(page, name);
    for (const text of texts) await expect(source).toContainText(text);
  } finally {
    await owner.close();
  }
}

async function openRequest(page: Page, name: string) {
  await page.goto(`${base}/owner?status=all&q=${encodeURIComponent(name)}`);
  await page.getByRole('list', { name: 'Quote requests' }).getByRole('link').filter({ hasText: name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return page.getByRole('region', { name: 'Source' });
}

test('a visitor from a Google ad, then from a Google search: the owner sees each source @desktop', async ({ page }) => {
  test.setTimeout(300_000);
  const tag = randomBytes(3).toString('hex');
  const adName = `Sam Ortiz ${tag}`;
  const searchName = `Sam Ortiz again ${tag}`;

  await page.goto(`${base}/?utm_source=google&utm_medium=cpc&utm_campaign=spring-decks&gclid=Cj0KCQ_e2e-${tag}`);
  await expect.poll(() => stored(page)).not.toBeNull();
  const first = (await stored(page))!.first;
  expect(first).toMatchObject({
    landingPage: '/?utm_source=google&utm_medium=cpc&utm_campaign=spring-decks',
    utm_campaign: 'spring-decks',
    gclid: `Cj0KCQ_e2e-${tag}`,
  });

  // Two more pages: one through the site's menu, one typed in (a direct visit changes nothing).
  await page.goto(`${base}/services`);
  await page.goto(`${base}/gallery`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await stored(page)).toEqual({ first });

  // A tap on the phone link and one on the text link are counted (the call itself is the phone's business).
  const tapped = page.waitForRequest((r) => r.url().endsWith('/api/contact-taps'));
  await page.evaluate(() => {
    for (const selector of ['a[href^="tel:"]', 'a[href^="sms:"]']) {
      const link = document.querySelector<HTMLAnchorElement>(selector)!;
      link.addEventListener('click', (event) => event.preventDefault(), { once: true });
      link.click();
    }
  });
  expect(JSON.parse((await tapped).postData() ?? '{}')).toMatchObject({ kind: 'call', page: '/gallery' });

  const sent = await sendRequest(page, adName, 'Deck');
  expect(sent).toEqual({ first });

  // Days later, from a plain Google search: the latest touch changes, the first stays.
  await page.goto(`${base}/services`, { referer: 'https://www.google.com/' });
  await expect.poll(async () => (await stored(page))?.last?.referrer).toBe('www.google.com');
  expect((await stored(page))!.first).toEqual(first);
  await sendRequest(page, searchName, 'Fence');

  await signIn(page);
  const adSource = await openRequest(page, adName);
  await expect(adSource).toContainText('Google Ads');
  await expect(adSource).toContainText('Campaign: spring-decks');
  await expect(adSource).toContainText('/?utm_source=google&utm_medium=cpc&utm_campaign=spring-decks');
  const searchSource = await openRequest(page, searchName);
  await expect(searchSource).toContainText('Google search');
  await expect(searchSource).toContainText('www.google.com');
  await searchSource.getByText(/^First visit/).click();
  await expect(searchSource).toContainText('spring-decks');

  // The list filters by source, and the CSV of that filter has the source's columns.
  await page.goto(`${base}/owner`);
  await page.getByLabel('Source', { exact: true }).selectOption('Google Ads');
  const list = page.getByRole('list', { name: 'Quote requests' });
  await expect(list.getByRole('listitem').filter({ hasText: adName })).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: searchName })).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = readFileSync((await (await downloading).path())!, 'utf8');
  expect(csv).toContain('"Source","Medium","Campaign","Landing page","Referrer"');
  expect(csv).toContain(adName);
  expect(csv).toContain(
    '"Google Ads","cpc","spring-decks","/?utm_source=google&utm_medium=cpc&utm_campaign=spring-decks",""',
  );
  expect(csv).not.toContain(searchName);

  // The results of this month: the ad's request and its call, the search's request.
  await page.getByRole('link', { name: 'Results' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Results' })).toBeVisible();
  const bySource = page.getByRole('region', { name: 'By source' });
  const adsRow = bySource.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Google Ads' }) });
  await expect(adsRow.getByRole('cell').nth(0)).toHaveText(/^[1-9]\d*$/);
  await expect(adsRow.getByRole('cell').nth(1)).toHaveText(/^[1-9]\d*$/);
  await expect(adsRow.getByRole('cell').nth(2)).toHaveText(/^[1-9]\d*$/);
  await expect(bySource.getByRole('rowheader', { name: 'Google search' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'By service' }).getByRole('rowheader', { name: 'Fence' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: path.join(shots, 'results-1280.png'), fullPage: true, scale: 'css' });

  await page.setViewportSize({ width: 390, height: 844 });
  const adsCard = page.getByRole('list', { name: 'By source' }).getByRole('listitem').filter({ hasText: 'Google Ads' });
  await expect(adsCard).toBeVisible();
  await expect(adsCard).toContainText(/[1-9]\d* requests? · [1-9]\d* calls? · [1-9]\d* texts?/);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: path.join(shots, 'results-390.png'), fullPage: true, scale: 'css' });
  await page.getByRole('link', { name: 'Last 12 months' }).click();
  await expect(page).toHaveURL(/period=year/);
  await expect(adsCard).toBeVisible();

  // On the phone, the request's page shows the source with its details under it.
  const onPhone = await openRequest(page, adName);
  await expect(onPhone).toContainText('Google Ads');
  await onPhone.getByText(/^First visit/).click();
  await expect(onPhone).toContainText(`Cj0KCQ_e2e-${tag}`);
  await onPhone.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'request-source-390.png'), fullPage: true, scale: 'css' });
  await page.goto(`${base}/owner?status=all&source=Google%20Ads`);
  await expect(page.getByLabel('Source', { exact: true })).toHaveValue('Google Ads');
  await expect(page.getByRole('list', { name: 'Quote requests' })).toContainText(adName);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: path.join(shots, 'inbox-390.png'), scale: 'css' });
});

test('without JavaScript, the plain form records the landing page and its tags @desktop', async ({ browser }) => {
  test.setTimeout(300_000);
  const name = `Robin Vega ${randomBytes(3).toString('hex')}`;
  const visitor = await browser.newContext({ javaScriptEnabled: false, userAgent });
  try {
    const page = await visitor.newPage();
    await page.goto(`${base}/contact?utm_source=facebook&utm_medium=social&utm_campaign=fall-fences&fbclid=IwAR2e2e`, {
      referer: 'https://www.facebook.com/',
    });
    await sendPlainForm(page, {
      name,
      phone: '(928) 555-0177',
      email: 'robin@example.com',
      projectType: 'Fence',
      city: 'Star Valley',
      budgetRange: '$5,000 - $10,000',
    });
  } finally {
    await visitor.close();
  }

  await expectOwnerSees(browser, name, [
    'Facebook',
    'Campaign: fall-fences',
    '/contact?utm_source=facebook&utm_medium=social&utm_campaign=fall-fences',
    'only the page the form was on is known',
  ]);
});

test('without JavaScript, a Facebook ad is kept through Get Free Quote by the campaign cookie @mobile', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const name = `Dana Cole ${randomBytes(3).toString('hex')}`;
  const visitor = await browser.newContext({
    javaScriptEnabled: false,
    userAgent,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await visitor.newPage();
    await page.goto(`${base}/?utm_source=facebook&utm_campaign=spring-decks`, { referer: 'https://m.facebook.com/' });
    // The site's links keep their addresses: on to the Decks page, then Get Free Quote, the home
    // page's form, each a plain link that drops the ad's tags.
    const decks = page.locator('main a[href="/services/decks"]').first();
    await decks.click();
    await expect(page).toHaveURL(`${base}/services/decks`);
    const getQuote = page.getByRole('link', { name: 'Get Free Quote' }).first();
    await expect(getQuote).toHaveAttribute('href', '/#contact');
    await getQuote.click();
    await expect(page).toHaveURL(`${base}/#contact`);
    await sendPlainForm(page, {
      name,
      phone: '(928) 555-0166',
      email: 'dana@example.com',
      projectType: 'Deck',
      city: 'Pine',
      budgetRange: '$10,000 - $25,000',
    });
  } finally {
    await visitor.close();
  }

  await expectOwnerSees(browser, name, [
    'Facebook',
    'Campaign: spring-decks',
    '/?utm_source=facebook&utm_campaign=spring-decks',
  ]);
});

test('after the router takes over, the page a visitor landed on and the ad go with the request @desktop', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const tag = randomBytes(3).toString('hex');
  const name = `Lee Park ${tag}`;
  const visitor = await browser.newContext({ userAgent });
  try {
    const page = await visitor.newPage();
    await page.goto(
      `${base}/services/decks?utm_source=facebook&utm_medium=paid-social&utm_campaign=fall-decks&fbclid=IwAR_${tag}`,
    );
    await expect.poll(() => stored(page)).not.toBeNull();
    const first = (await stored(page))!.first;
    expect(first).toMatchObject({
      landingPage: '/services/decks?utm_source=facebook&utm_medium=paid-social&utm_campaign=fall-decks',
    });
    await expect(page.locator('html[data-router="ready"]')).toBeAttached({ timeout: 20_000 });
    await page.evaluate(() => ((window as unknown as { kept: string }).kept = 'same document'));

    // The service page's quote button: the home page's contact section, on the client.
    await page.getByRole('main').getByRole('link', { name: 'Get Free Quote' }).first().click();
    await expect(page).toHaveURL(`${base}/#contact`);
    expect(await page.evaluate(() => (window as unknown as { kept?: string }).kept)).toBe('same document');
    expect(await sendRequest(page, name, 'Deck', { onPageShown: true })).toEqual({ first });
  } finally {
    await visitor.close();
  }

  await expectOwnerSees(browser, name, ['Facebook', 'Campaign: fall-decks', '/services/decks?utm_source=facebook']);
});
