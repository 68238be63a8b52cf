import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { startSmtpServer } from '../server/test/smtp';
import { journeyDatabase, startServer, stopServer } from './own-server';
import { personsPace } from './persons-pace';

/**
 * The owner's phone buzzes: a request sent from the browser reaches a real SMTP server as the
 * owner's alert (with the photo attached and Reply-To the homeowner), and the homeowner gets the
 * confirmation. The server is this test's own, pointed at an SMTP server in the test.
 */
test('a request sent from the contact page reaches the owner by e-mail within seconds @desktop', async ({ page }) => {
  test.setTimeout(300_000);
  const smtp = await startSmtpServer();
  const email = `pat-${randomBytes(4).toString('hex')}@example.com`;
  const journey = await journeyDatabase('alerts');
  const { base, child } = await startServer({
    ...journey.env,
    SMTP_URL: smtp.url,
    OWNER_EMAIL: 'owner@rimcountrycarpentry.example',
    MAIL_FROM: 'Rim Country Carpentry <quotes@rimcountrycarpentry.example>',
  });
  try {
    await page.goto(`${base}/contact`);
    // Focus in the form wakes its code at once, as a visitor's first tap does.
    await page.getByRole('form', { name: 'Request a Free Quote' }).getByLabel('Name', { exact: true }).focus();
    // The page's plain form works too, but this journey is the enhanced form's.
    const form = page.locator('form[data-enhanced]');
    // It takes over on the first focus in it, or once the page has been idle for a few seconds.
    await expect(form).toBeVisible({ timeout: 20_000 });
    const paced = await personsPace(page);
    await form.getByLabel('Name').pressSequentially('Pat Lopez', { delay: 40 });
    await form.getByLabel('Phone').pressSequentially('(928) 555-0123', { delay: 20 });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Project Type').selectOption('Kitchen Remodeling');
    await form.getByLabel('City').fill('Pine');
    await form.getByLabel('Budget Range').selectOption('$25,000 - $50,000');
    await form.getByLabel(/Message/).fill('Galley kitchen, about 10 x 12 ft.');
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8b5a2b' } })
      .png()
      .toBuffer();
    await form.locator('input[type="file"]').setInputFiles({ name: 'kitchen.png', mimeType: 'image/png', buffer: png });
    await expect(form.getByText('✓ Photo attached')).toBeVisible();
    await paced();
    await form.getByRole('button', { name: 'Request Free Quote' }).click();
    await expect(page.getByText('Quote request submitted!').first()).toBeVisible();

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
  } finally {
    await stopServer(child);
    await smtp.close();
    await journey.drop();
  }
});
