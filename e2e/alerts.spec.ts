import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { withJourneyServer } from './journey-server';
import { galleyKitchen, sendQuoteForm } from './quote-form';

/**
 * The owner's phone buzzes: a request sent from the browser reaches a real SMTP server as the
 * owner's alert (with the photo attached and Reply-To the homeowner), and the homeowner gets the
 * confirmation. The server is this test's own, pointed at an SMTP server in the test.
 */
test('a request sent from the contact page reaches the owner by e-mail within seconds @desktop', async ({ page }) => {
  test.setTimeout(300_000);
  const email = `pat-${randomBytes(4).toString('hex')}@example.com`;
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8b5a2b' } })
    .png()
    .toBuffer();
  const env = {
    OWNER_EMAIL: 'owner@rimcountrycarpentry.example',
    MAIL_FROM: 'Rim Country Carpentry <quotes@rimcountrycarpentry.example>',
  };
  await withJourneyServer('alerts', { mail: true, password: 'pine creek bridge 2026', env }, async ({ base, smtp }) => {
    await sendQuoteForm(
      page,
      base,
      { ...galleyKitchen, email },
      {
        typed: true,
        beforeSending: async (form) => {
          await form
            .locator('input[type="file"]')
            .setInputFiles({ name: 'kitchen.png', mimeType: 'image/png', buffer: png });
          await expect(form.getByText('✓ Photo attached')).toBeVisible();
        },
      },
    );

    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(2);
    const alert = smtp.received.find((mail) => mail.subject === 'New quote: Kitchen Remodeling in Pine (Pat Lopez)');
    expect(alert, smtp.received.map((mail) => mail.subject).join(', ')).toBeDefined();
    expect(alert!.to).toMatchObject({ text: 'owner@rimcountrycarpentry.example' });
    expect(alert!.replyTo?.value[0]?.address).toBe(email);
    expect(alert!.text).toContain('(928) 555-0123');
    expect(alert!.text).toContain('Galley kitchen, about 10 x 12 ft.');
    expect(alert!.html).toContain('href="tel:');
    expect(alert!.attachments.map((file) => file.contentType)).toEqual(['image/png']);

    const confirmation = smtp.received.find((mail) => mail !== alert)!;
    expect(confirmation.to).toMatchObject({ text: expect.stringContaining(email) });
    expect(confirmation.text).toContain('Kitchen Remodeling');
    expect(confirmation.text).toMatch(/ROC/);
  });
});
