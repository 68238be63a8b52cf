import { expect, test } from '@playwright/test';
import { openDatabase } from '../server/db/client';
import { createEstimateService } from '../server/services/estimates/estimate-service';
import { createEstimateSettings } from '../server/services/estimates/estimate-settings';
import { createQuoteService } from '../server/services/quote-service';
import { business } from '../shared/content/business';
import { localTestStorage, validQuote } from '../server/test/http';
import { pdfText } from '../server/test/pdf-text';
import { signInOwner } from './own-server';
import { withJourneyServer } from './journey-server';

/**
 * An estimate sent at 8:04 PM on Thursday December 3, 2026 in Arizona, when it is already Friday
 * in UTC: the homeowner's page and the PDF of her e-mail say December 3. The server is a process
 * of its own, so the estimates are sent before it starts, by the estimates' own code on a clock
 * set to that evening; the server's outbox then sends their e-mails. She approves on her phone and
 * reads what was recorded; another homeowner declines and is thanked in a sentence; the owner's
 * Text link on his phone says who it is from.
 */
const password = 'cedar shavings at dusk';
const eveningInArizona = new Date('2026-12-04T03:04:00.000Z');

test('an estimate sent at 8 PM Arizona time is dated that day on her phone @mobile', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const sent: { requestId: string; path: string }[] = [];
  /** Two estimates sent at 8 PM Arizona time, before the server starts. */
  const beforeStart = async (env: Record<string, string>) => {
    const seeded = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    try {
      const quotes = createQuoteService({
        database: seeded,
        storage: await localTestStorage(env.DATA_DIR!),
        deliveryKinds: [],
      });
      const estimates = createEstimateService({
        database: seeded,
        settings: createEstimateSettings(seeded, { taxRate: 0, followUpDays: [] }),
        siteUrl: 'http://127.0.0.1',
        clock: () => eveningInArizona,
      });
      for (const [name, email] of [
        ['Dana Whitfield', 'dana@example.com'],
        ['Luis Ortega', 'luis@example.com'],
      ] as const) {
        const { id } = await quotes.submit(
          { ...validQuote, name, email, phone: '(928) 555-0188' },
          { origins: ['http://127.0.0.1'] },
        );
        const draft = await estimates.create(id, {
          items: [
            { description: 'Cedar deck, 12 × 16 ft, on new footings', quantity: 1, unitPrice: 8200, optional: false },
            { description: 'Cedar railing, 38 ft', quantity: 1, unitPrice: 1900, optional: true },
          ],
          taxRate: 0,
        });
        sent.push({ requestId: id, path: new URL((await estimates.send(draft.id, null)).url).pathname });
      }
    } finally {
      await seeded.close();
    }
  };

  await withJourneyServer('estimate-dates', { password, mail: true, beforeStart }, async ({ base, smtp }) => {
    const [{ requestId, path }, luis] = sent as [(typeof sent)[number], (typeof sent)[number]];
    await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBe(2);
    const toDana = smtp.received.find((mail) => JSON.stringify(mail.to).includes('dana@example.com'))!;
    const attached = toDana.attachments.find((file) => file.contentType === 'application/pdf')!;
    const { text } = await pdfText(new Uint8Array(attached.content));
    expect(text).toContain('Sent December 3, 2026');

    // The homeowner, on her phone (this project's viewport: 390 × 844).
    await page.goto(`${base}${path}`);
    await expect(page.getByRole('heading', { name: 'Estimate for your deck' })).toBeVisible();
    await expect(page.getByText('Estimate 1, sent December 3, 2026')).toBeVisible();
    await expect(page.getByText(/December 4/)).toHaveCount(0);

    await page.getByLabel('Your full name').fill('Dana Whitfield');
    await page.getByLabel('I accept this estimate and its terms').check();
    await page.getByRole('button', { name: 'Approve estimate' }).click();
    const approved = page.getByRole('heading', { name: /^Approved on / });
    await expect(approved).toHaveText(
      /^Approved on [A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M Arizona time by Dana Whitfield$/,
    );
    const record = page.getByRole('region', { name: 'What your approval recorded' });
    await expect(record).toContainText('Your name, as you typed it: Dana Whitfield');
    await expect(record).toContainText('The options you chose: none');
    await expect(record).toContainText('The total you approved: $8,200.00');
    await expect(page.getByText('Estimate 1, sent December 3, 2026')).toBeVisible();
    await expect(page.getByText(/SHA-256/)).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('approved-390.png'), fullPage: true, scale: 'css' });

    // Another homeowner declines on her phone: the thanks reads as a sentence.
    await page.goto(`${base}${luis.path}`);
    await page.getByText('Decline', { exact: true }).click();
    await page.getByLabel('Price').check();
    await page.getByRole('button', { name: 'Decline estimate' }).click();
    await expect(page.getByRole('heading', { name: 'You declined this estimate' })).toBeVisible();
    await expect(page.getByText('Thank you for letting us know the price did not work for you.')).toBeVisible();
    await expect(page.getByText('(Price)')).toHaveCount(0);

    // The owner on his phone: the text he would send names him and the business.
    await signInOwner(page, `${base}/owner/requests/${requestId}`, password);
    const textLink = page.getByRole('link', { name: 'Text link' });
    const body = decodeURIComponent((await textLink.getAttribute('href'))!.split('&body=')[1]!);
    expect(body).toMatch(new RegExp(`^Hi Dana, this is ${business.ownerName} with ${business.name}\\. `));
    expect(body.endsWith(path)).toBe(true);
  });
});
