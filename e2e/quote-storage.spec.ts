import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { desc, eq } from 'drizzle-orm';
import { quoteRequests } from '../server/db/schema';
import sharp from 'sharp';
import { journeyDatabase, startServer, stopServer } from './own-server';

/**
 * The owner's side of a quote: after a visitor sends one (with a photo) through the browser,
 * the row is in the database the server was configured with — the embedded PGlite by default,
 * Postgres when E2E_DATABASE_URL is set. This test runs its own server so it can stop it and open
 * the embedded database afterwards (PGlite allows one process at a time).
 */
test.describe.configure({ mode: 'serial' });

test('a quote sent from the contact page is stored exactly, with its photo @desktop', async ({ page }) => {
  test.setTimeout(300_000);
  const journey = await journeyDatabase('quote-storage');
  const email = `owner-check-${randomBytes(4).toString('hex')}@example.com`;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#8b5a2b' } })
    .png()
    .toBuffer();
  const { base, child: server } = await startServer(journey.env);
  let photoUrl = '';
  let sentFrom = 0;
  try {
    await page.goto(`${base}/contact`);
    // Focus in the form wakes its code at once, as a visitor's first tap does.
    await page.getByRole('form', { name: 'Request a Free Quote' }).getByLabel('Name', { exact: true }).focus();
    // The form whose code has loaded (the page's plain form would post without JavaScript).
    const form = page.locator('form[data-enhanced]');
    await form.getByLabel('Name').fill('  Pat Lopez  ');
    await form.getByLabel('Phone').fill('(928) 555-0123');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Project Type').selectOption('Kitchen Remodeling');
    await form.getByLabel('City').fill('Pine');
    await form.getByLabel('Budget Range').selectOption('$25,000 - $50,000');
    await form.getByLabel(/Message/).fill('Galley kitchen, about 10 x 12 ft.');
    await form.locator('input[type="file"]').setInputFiles({ name: 'kitchen.png', mimeType: 'image/png', buffer: png });
    await expect(form.getByText('✓ Photo attached')).toBeVisible();

    const posted = page.waitForResponse(
      (r) => r.url().endsWith('/api/quote-requests') && r.request().method() === 'POST',
    );
    sentFrom = Date.now();
    await form.getByRole('button', { name: 'Request Free Quote' }).click();
    const response = await posted;
    expect(response.status()).toBe(201);
    photoUrl = (response.request().postDataJSON() as { photoUrl: string }).photoUrl;
    expect(photoUrl).toMatch(new RegExp(`^${base}/api/objects/`));
    await expect(page.getByText('Quote request submitted!').first()).toBeVisible();
  } finally {
    await stopServer(server);
  }

  const database = await journey.open();
  try {
    const rows = await database.db
      .select()
      .from(quoteRequests)
      .where(eq(quoteRequests.email, email))
      .orderBy(desc(quoteRequests.createdAt));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      name: 'Pat Lopez',
      phone: '(928) 555-0123',
      email,
      projectType: 'Kitchen Remodeling',
      city: 'Pine',
      budgetRange: '$25,000 - $50,000',
      message: 'Galley kitchen, about 10 x 12 ft.',
      photoUrl,
    });
    // Stamped when it was sent, not some other time.
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(sentFrom);
    expect(row.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
  } finally {
    await database.close();
    await journey.drop();
  }
});
