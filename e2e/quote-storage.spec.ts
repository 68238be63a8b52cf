import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { desc, eq } from 'drizzle-orm';
import { quoteRequests } from '../server/db/schema';
import sharp from 'sharp';
import { stopServer } from './own-server';
import { withJourneyServer } from './journey-server';
import { fillQuoteForm, galleyKitchen, wakeQuoteForm } from './quote-form';

/**
 * The owner's side of a quote: after a visitor sends one (with a photo) through the browser,
 * the row is in the database the server was configured with — the embedded PGlite by default,
 * Postgres when E2E_DATABASE_URL is set. This test runs its own server so it can stop it and open
 * the embedded database afterwards (PGlite allows one process at a time).
 */
test.describe.configure({ mode: 'serial' });

test('a quote sent from the contact page is stored exactly, with its photo @desktop', async ({ page }) => {
  test.setTimeout(300_000);
  const email = `owner-check-${randomBytes(4).toString('hex')}@example.com`;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#8b5a2b' } })
    .png()
    .toBuffer();
  await withJourneyServer('quote-storage', {}, async ({ base, child, journey }) => {
    await page.goto(`${base}/contact`);
    // The form whose code has loaded (the page's plain form would post without JavaScript).
    const form = await wakeQuoteForm(page);
    await fillQuoteForm(form, { ...galleyKitchen, name: '  Pat Lopez  ', email });
    await form.locator('input[type="file"]').setInputFiles({ name: 'kitchen.png', mimeType: 'image/png', buffer: png });
    await expect(form.getByText('✓ Photo attached')).toBeVisible();

    const posted = page.waitForResponse(
      (r) => r.url().endsWith('/api/quote-requests') && r.request().method() === 'POST',
    );
    const sentFrom = Date.now();
    await form.getByRole('button', { name: 'Request Free Quote' }).click();
    const response = await posted;
    expect(response.status()).toBe(201);
    const photoUrl = (response.request().postDataJSON() as { photoUrl: string }).photoUrl;
    expect(photoUrl).toMatch(new RegExp(`^${base}/api/objects/`));
    await expect(page.getByText('Quote request submitted!').first()).toBeVisible();
    await stopServer(child);

    const database = await journey.open();
    try {
      const rows = await database.db
        .select()
        .from(quoteRequests)
        .where(eq(quoteRequests.email, email))
        .orderBy(desc(quoteRequests.createdAt));
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      expect(row).toMatchObject({ ...galleyKitchen, email, photoUrl });
      // Stamped when it was sent, not some other time.
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(sentFrom);
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    } finally {
      await database.close();
    }
  });
});
