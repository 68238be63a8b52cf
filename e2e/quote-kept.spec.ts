import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { business } from '../shared/content/business';
import { quoteRequests } from '../server/db/schema';
import { journeyDatabase, startServer, stopServer, type JourneyDatabase } from './own-server';

/**
 * A visitor's request is never lost in the browser (a lost request is a lost job): the form works with JavaScript off,
 * a draft survives a reload, a request sent while offline is stored once the connection is back,
 * a page whose code cannot be fetched still shows up, and a lasting confirmation follows a success.
 *
 * The server is this spec's own, so that at the end it can be stopped and its database (the
 * embedded PGlite, or Postgres with E2E_DATABASE_URL) read to check what was stored, and how often.
 */
test.describe.configure({ mode: 'serial' });

const run = randomBytes(4).toString('hex');
const emailFor = (label: string) => `${label}-${run}@example.com`;

let base = '';
let server: ChildProcess | undefined;
let journey: JourneyDatabase | undefined;
/** Checked once the server has stopped: how many rows each e-mail must have, and what they hold. */
const expected: { email: string; rows: number; photo?: boolean }[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  journey = await journeyDatabase('quote-kept');
  ({ base, child: server } = await startServer(journey.env));
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  await journey?.drop();
});

const quoteForm = (page: Page) => page.getByRole('form', { name: 'Request a Free Quote' });
const field = (page: Page, label: string) => quoteForm(page).getByLabel(label, { exact: true });
const enhanced = (page: Page) => page.locator('form[data-enhanced]');
/**
 * Until its first focus or tap, the form on /contact takes over once the page has been idle for a
 * few seconds (client/src/app/islands/start.ts): waits for it allow for that on a busy machine.
 */
const takeOver = { timeout: 20_000 };
const phoneLink = (scope: ReturnType<Page['locator']>) => scope.getByRole('link', { name: business.phoneDisplay });

async function fill(page: Page, email: string, name = 'Jamie Rivera') {
  await field(page, 'Name').fill(name);
  await field(page, 'Phone').fill('(928) 555-0199');
  await field(page, 'Email').fill(email);
  await field(page, 'Project Type').selectOption('Deck');
  await field(page, 'City').fill('Payson');
  await field(page, 'Budget Range').selectOption('$10,000 - $25,000');
  await field(page, 'Message').fill('About 12 x 16 ft off the back door.');
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts with its photo and the confirmation page shows what was sent', async ({ page }) => {
    const email = emailFor('no-js');
    await page.goto(`${base}/contact`);
    await fill(page, email);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#8b5a2b' } })
      .png()
      .toBuffer();
    await field(page, 'Photo').setInputFiles({ name: 'deck.png', mimeType: 'image/png', buffer: png });
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      quoteForm(page).getByRole('button', { name: 'Request Free Quote' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    expect(answer.request().headers()['content-type']).toMatch(/^multipart\/form-data/);
    const confirmation = page.getByRole('region', { name: 'Your quote request was sent' });
    await expect(confirmation).toContainText('We received your request for Deck in Payson');
    await expect(confirmation).toContainText('within 24 hours');
    await expect(phoneLink(confirmation)).toHaveAttribute('href', `tel:${business.phoneE164}`);
    // The site around it, and an empty form for another request.
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(field(page, 'Name')).toHaveValue('');
    expected.push({ email, rows: 1, photo: true });
  });

  test('a refused post comes back with the values kept and the messages beside the fields', async ({ page }) => {
    const email = emailFor('no-js-refused');
    await page.goto(`${base}/#contact`);
    await field(page, 'Name').fill('J');
    await field(page, 'Email').fill(email);
    await field(page, 'City').fill('Pine');
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      quoteForm(page).getByRole('button', { name: 'Request Free Quote' }).click(),
    ]);
    expect(answer.status()).toBe(400);
    await expect(field(page, 'Name')).toHaveValue('J');
    await expect(field(page, 'Name')).toHaveAccessibleDescription('Name must be at least 2 characters');
    await expect(field(page, 'Phone')).toHaveAccessibleDescription('Please enter a valid phone number');
    await expect(field(page, 'Project Type')).toHaveAccessibleDescription('Please select a project type');
    await expect(field(page, 'Email')).toHaveValue(email);
    await expect(field(page, 'City')).toHaveValue('Pine');
    await expect(field(page, 'City')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(phoneLink(quoteForm(page))).toHaveAttribute('href', `tel:${business.phoneE164}`);

    // Corrected and sent again, it is stored.
    await field(page, 'Name').fill('Jo Rivera');
    await field(page, 'Phone').fill('(928) 555-0123');
    await field(page, 'Project Type').selectOption('Fence');
    await field(page, 'Budget Range').selectOption('Not sure yet');
    await quoteForm(page).getByRole('button', { name: 'Request Free Quote' }).click();
    await expect(page.getByRole('region', { name: 'Your quote request was sent' })).toContainText('Fence in Pine');
    expected.push({ email, rows: 1 });
  });
});

/** Holds back the enhanced form's code until the returned function is called. */
async function holdFormCode(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/quote-form-[\w-]+\.js$/, async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}

test('typing before the form code arrives is kept, with the focus', async ({ page }) => {
  const release = await holdFormCode(page);
  await page.goto(`${base}/contact`);
  await field(page, 'Name').fill('Early Bird');
  await field(page, 'City').click();
  await page.keyboard.type('Stra');
  release();
  await expect(enhanced(page)).toBeVisible(takeOver);
  await page.keyboard.type('wberry');
  await expect(field(page, 'Name')).toHaveValue('Early Bird');
  await expect(field(page, 'City')).toHaveValue('Strawberry');
  await expect(field(page, 'City')).toBeFocused();
});

test('typing straight through the take-over, on a slow phone, loses no keystroke', async ({ page }) => {
  // A slow CPU stretches the enhanced form's render over many short tasks, between keystrokes.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const release = await holdFormCode(page);
  await page.goto(`${base}/contact`);
  await field(page, 'Message').click();
  const sentence = 'The back deck has two soft boards by the stairs and the railing wobbles when leaned on. ';
  let typed = '';
  const typeNext = async () => {
    const key = sentence[typed.length % sentence.length]!;
    await page.keyboard.type(key);
    typed += key;
  };
  // Keys before the form's code is let through, keys while it takes over (however long that takes
  // on a busy machine), and keys after: none may be lost on either side of the swap.
  for (let i = 0; i < 5; i += 1) await typeNext();
  release();
  let keysDuringTakeOver = 0;
  const deadline = Date.now() + 60_000;
  while ((await enhanced(page).count()) === 0 && Date.now() < deadline) {
    await typeNext();
    keysDuringTakeOver += 1;
  }
  await expect(enhanced(page)).toBeVisible(takeOver);
  for (let i = 0; i < 10; i += 1) await typeNext();
  expect(keysDuringTakeOver).toBeGreaterThan(0);
  await expect(field(page, 'Message')).toHaveValue(typed);
  await expect(field(page, 'Message')).toBeFocused();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});

test('a reload, and leaving and coming back, keep the draft; Clear form empties it', async ({ page }) => {
  await page.goto(`${base}/contact`);
  await expect(enhanced(page)).toBeVisible(takeOver);
  await field(page, 'Name').fill('Dana Smith');
  await field(page, 'Project Type').selectOption('Roofing');
  await field(page, 'Message').fill('Leak over the porch.');

  await page.reload();
  await expect(enhanced(page)).toBeVisible(takeOver);
  await expect(field(page, 'Name')).toHaveValue('Dana Smith');
  await expect(field(page, 'Project Type')).toHaveValue('Roofing');
  await expect(field(page, 'Message')).toHaveValue('Leak over the porch.');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await page.goBack();
  await expect(enhanced(page)).toBeVisible(takeOver);
  await expect(field(page, 'Name')).toHaveValue('Dana Smith');

  await quoteForm(page).getByRole('button', { name: 'Clear form' }).click();
  await expect(field(page, 'Name')).toHaveValue('');
  await expect(field(page, 'Message')).toHaveValue('');
  await page.reload();
  await expect(enhanced(page)).toBeVisible(takeOver);
  await expect(field(page, 'Name')).toHaveValue('');
  await expect(field(page, 'Project Type')).toHaveValue('');
});

test('sent with the network cut, the request is kept and stored once the connection is back', async ({
  page,
  context,
}) => {
  const email = emailFor('offline');
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/quote-requests'))
      posts.push(request.headers()['idempotency-key'] ?? '');
  });
  await page.goto(`${base}/contact`);
  await expect(enhanced(page)).toBeVisible(takeOver);
  await fill(page, email);
  await context.setOffline(true);
  await quoteForm(page).getByRole('button', { name: 'Request Free Quote' }).click();

  const saved = quoteForm(page).getByRole('status').filter({ hasText: 'saved on this device' });
  await expect(saved).toContainText('will be sent automatically');
  await expect(phoneLink(saved)).toHaveAttribute('href', `tel:${business.phoneE164}`);
  await expect(field(page, 'Email')).toHaveValue(email);

  const stored = page.waitForResponse((r) => r.url().endsWith('/api/quote-requests') && r.status() === 201);
  await context.setOffline(false);
  await stored;
  await expect(page.getByRole('region', { name: 'Your quote request was sent' })).toContainText('Deck in Payson');
  await expect(saved).toHaveCount(0);
  await expect(field(page, 'Email')).toHaveValue('');
  // Every attempt carried the same key: however many reached the server, one row.
  expect(new Set(posts).size).toBe(1);
  expected.push({ email, rows: 1 });
});

test("without the checks' code (never fetched) the request still goes, and the server's messages show", async ({
  page,
}) => {
  const email = emailFor('unchecked');
  await page.route(/\/assets\/quote-request-[\w-]+\.js$/, (route) => route.abort());
  await page.goto(`${base}/contact`);
  await expect(enhanced(page)).toBeVisible(takeOver);
  await fill(page, email);
  await field(page, 'Email').fill('not-an-email');
  await quoteForm(page).getByRole('button', { name: 'Request Free Quote' }).click();
  await expect(field(page, 'Email')).toHaveAccessibleDescription(/valid email/i);
  await expect(field(page, 'Name')).toHaveValue('Jamie Rivera');

  await field(page, 'Email').fill(email);
  await quoteForm(page).getByRole('button', { name: 'Request Free Quote' }).click();
  await expect(page.getByRole('region', { name: 'Your quote request was sent' })).toContainText('Deck in Payson');
  expected.push({ email, rows: 1 });
});

test('a request kept while offline is sent on the next visit to any page, once', async ({ page, context }) => {
  const email = emailFor('next-visit');
  await page.goto(`${base}/contact`);
  await expect(enhanced(page)).toBeVisible(takeOver);
  await fill(page, email, 'Sam Next');
  await context.setOffline(true);
  await quoteForm(page).getByRole('button', { name: 'Request Free Quote' }).click();
  await expect(quoteForm(page).getByRole('status').filter({ hasText: 'saved on this device' })).toBeVisible();
  await page.close();

  await context.setOffline(false);
  const later = await context.newPage();
  const stored = later.waitForResponse((r) => r.url().endsWith('/api/quote-requests') && r.status() === 201);
  await later.goto(`${base}/gallery`);
  await stored;
  await expect(later.getByText('Quote request submitted!').first()).toBeVisible();
  // Nothing waits any more: the contact page shows the confirmation and an empty form.
  await later.goto(`${base}/contact`);
  await expect(enhanced(later)).toBeVisible();
  await expect(later.getByRole('region', { name: 'Your quote request was sent' })).toBeVisible();
  await expect(field(later, 'Name')).toHaveValue('');
  expected.push({ email, rows: 1 });
});

test('after a success the confirmation stays above the form until a new request is started', async ({ page }) => {
  const email = emailFor('confirmed');
  // The page's clock, to let the toast's seconds pass at once (it runs at the real pace until then).
  await page.clock.install();
  await page.goto(`${base}/contact`);
  await expect(enhanced(page)).toBeVisible(takeOver);
  await fill(page, email);
  await quoteForm(page).getByRole('button', { name: 'Request Free Quote' }).click();
  await expect(page.getByText('Quote request submitted!').first()).toBeVisible();
  const confirmation = page.getByRole('region', { name: 'Your quote request was sent' });
  await expect(confirmation).toContainText('We received your request for Deck in Payson');
  await expect(confirmation).toContainText("We'll contact you within 24 hours");
  await expect(phoneLink(confirmation)).toHaveAttribute('href', `tel:${business.phoneE164}`);
  await expect(field(page, 'Name')).toHaveValue('');

  // Still there after the toast has gone and after a reload...
  await page.clock.fastForward(5_500); // The toast shows for 5 s (TOAST_DEFAULT_DURATION).
  await expect(page.getByText('Quote request submitted!')).toHaveCount(0);
  await expect(confirmation).toBeVisible();
  await page.reload();
  await expect(enhanced(page)).toBeVisible(takeOver);
  await expect(confirmation).toBeVisible();
  // ...until the visitor starts another request.
  await field(page, 'Name').fill('Another');
  await expect(confirmation).toHaveCount(0);
  await quoteForm(page).getByRole('button', { name: 'Clear form' }).click();
  expected.push({ email, rows: 1 });
});

test("a page whose code cannot be fetched still opens, with the header's phone number", async ({ page }) => {
  // The router's code cannot be fetched either, so links stay the plain links of the HTML (a router
  // already in needs no code to open a page: client-navigation.spec.ts).
  await page.route(/\/assets\/router-[^/]*\.js$/, (route) => route.abort());
  await page.goto(`${base}/`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', takeOver);
  // As after a dropped connection, or a deploy that replaced every hashed file.
  await page.route('**/assets/**/*.js', (route) => route.abort());
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(phoneLink(page.getByRole('banner')).first()).toBeVisible();
  // A full page load of the prerendered HTML, which no script has taken over.
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
});

test('what was sent is stored, each request exactly once', async () => {
  test.setTimeout(180_000);
  if (server) await stopServer(server);
  server = undefined;
  const database = await journey!.open();
  try {
    expect(expected.length).toBeGreaterThanOrEqual(5);
    for (const { email, rows, photo } of expected) {
      const found = await database.db.select().from(quoteRequests).where(eq(quoteRequests.email, email));
      expect(found, email).toHaveLength(rows);
      if (photo) expect(found[0]?.photoUrl, email).toMatch(new RegExp(`^${base}/api/objects/`));
    }
  } finally {
    await database.close();
  }
});
