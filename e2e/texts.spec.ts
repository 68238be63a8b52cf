import { expect, test } from '@playwright/test';
import { signedTwilioPost, standInAccount, startTwilioStandIn } from '../server/test/twilio-stand-in';
import { expectNoAxeViolations } from './axe';
import { withJourneyServer } from './journey-server';
import { signInOwner } from './own-server';
import { galleyKitchen, sendQuoteForm } from './quote-form';

/**
 * Texts through the owner's Twilio account, against a stand-in of Twilio's Messages API: Pat
 * ticks Text me about my request and gets a text with her booking link within seconds; she books
 * and a text confirms; she texts a question, which is on her request for the owner to answer from
 * its page; she texts STOP; an unsigned post is refused.
 */
const password = 'mesa verde porch light';
const siteUrl = 'https://texts.example.com';
const patPhone = '+19285550123';

test('a homeowner who asks for texts hears by text, and the owner answers her from the request @mobile', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const standIn = await startTwilioStandIn();
  const env = {
    SITE_URL: siteUrl,
    TWILIO_ACCOUNT_SID: standInAccount.accountSid,
    TWILIO_AUTH_TOKEN: standInAccount.authToken,
    TWILIO_FROM: standInAccount.sender,
    TWILIO_API_URL: standIn.url,
  };
  const twilioPost = (base: string, path: string, fields: Record<string, string>) =>
    fetch(`${base}${path}`, signedTwilioPost(`${siteUrl}${path}`, fields));
  try {
    await withJourneyServer('texts', { password, env }, async ({ base }) => {
      await sendQuoteForm(
        page,
        base,
        { ...galleyKitchen, email: 'pat@example.com' },
        {
          beforeSending: (form) => form.getByRole('checkbox', { name: 'Text me about my request' }).check(),
        },
      );
      const [first] = await standIn.waitForTexts(patPhone, 1, 20_000);
      expect(first!.body).toMatch(/^Rim Country Carpentry: thanks, Pat!/);
      const link = /(https:\/\/texts\.example\.com\/visit\/\S+)/.exec(first!.body)![1]!;

      // She books from the confirmation's link: the page her text links to.
      await page.getByRole('link', { name: 'Pick a time for your free on-site estimate' }).click();
      await expect(page.getByRole('heading', { name: 'Pick a time for your free on-site estimate' })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
      await page.getByLabel('Street address of the visit').fill('8 Juniper Ln, Pine');
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: 'Book this time' }).click();
      await expect(page.getByRole('heading', { name: 'Your estimate visit is booked' })).toBeVisible();
      const afterBooking = await standIn.waitForTexts(patPhone, 2, 20_000);
      expect(afterBooking[1]!.body).toMatch(/^Rim Country Carpentry: your estimate visit is booked for /);

      const question = await twilioPost(base, '/api/twilio/incoming', {
        From: patPhone,
        Body: 'Could you also look at the pantry door?',
        MessageSid: 'SM9000',
      });
      expect(question.status).toBe(200);

      await signInOwner(page, `${base}/owner`, password);
      await page
        .getByRole('link', { name: /Pat Lopez/ })
        .first()
        .click();
      const texts = page.getByRole('region', { name: 'Texts', exact: true });
      await expect(texts.getByText('Could you also look at the pantry door?')).toBeVisible();
      await texts.getByLabel('Text her from the business number').fill('Yes, I will look at it when I come by.');
      await texts.getByRole('button', { name: 'Send text' }).press('Enter');
      const answered = await standIn.waitForTexts(patPhone, 3, 20_000);
      expect(answered[2]).toMatchObject({
        body: 'Yes, I will look at it when I come by.',
        from: standInAccount.sender,
      });
      await expect(texts.getByLabel('Text her from the business number')).toHaveValue('');
      await expect(texts.getByRole('listitem').getByText('Yes, I will look at it when I come by.')).toBeVisible();
      await texts.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath('texts-thread-390.png'), scale: 'css', fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: test.info().outputPath('texts-thread-1280.png'), scale: 'css', fullPage: true });
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 390, height: 844 });

      // Her C (the reminder asks for it the day before: server/services/texts/texts.test.ts) confirms the visit.
      await twilioPost(base, '/api/twilio/incoming', { From: patPhone, Body: 'C', MessageSid: 'SM8999' });
      expect((await standIn.waitForTexts(patPhone, 4, 20_000))[3]!.body).toMatch(/visit on .* is confirmed\.$/);
      await page.goto(`${base}/owner/visits`);
      await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
      await page.goBack();

      await twilioPost(base, '/api/twilio/incoming', { From: patPhone, Body: 'STOP', MessageSid: 'SM9001' });
      await texts.getByLabel('Text her from the business number').fill('One more thing');
      await texts.getByRole('button', { name: 'Send text' }).press('Enter');
      await expect(texts.getByText(/replied STOP/)).toBeVisible();
      expect(standIn.textsTo(patPhone)).toHaveLength(4);

      const unsigned = await fetch(`${base}/api/twilio/incoming`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ From: patPhone, Body: 'forged', MessageSid: 'SM9002' }).toString(),
      });
      expect(unsigned.status).toBe(403);

      // A number with no request: its own thread in the inbox, which he makes a quote request.
      await twilioPost(base, '/api/twilio/incoming', {
        From: '+16025551234',
        Body: 'Do you build fences?',
        MessageSid: 'SM9003',
      });
      await page.goto(`${base}/owner`);
      const threads = page.getByRole('region', { name: 'Texts', exact: true });
      await expect(threads.getByText('Do you build fences?')).toBeVisible();
      await threads.getByText('Make it a quote request').click();
      await threads.getByLabel('Name').fill('Sam Ortiz');
      await threads.getByLabel('E-mail').fill('sam@example.com');
      await threads.getByLabel('Project type').selectOption('Fence');
      await threads.getByLabel('City').fill('Payson');
      await threads.getByLabel('Budget').selectOption('$5,000 - $10,000');
      await threads.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath('texts-inbox-390.png'), scale: 'css', fullPage: true });
      await threads.getByRole('button', { name: 'Save as a quote request' }).click();
      await expect(page.getByRole('heading', { name: 'Sam Ortiz' })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Texts', exact: true }).getByText('Do you build fences?'),
      ).toBeVisible();

      await page.goto(`${base}/owner/settings`);
      const card = page.getByRole('region', { name: 'Text messages' });
      await expect(card.getByLabel('Account SID')).toHaveValue(standInAccount.accountSid);
      await card.getByRole('button', { name: 'Send me a test text' }).click();
      await expect(card.getByRole('status')).toContainText('It works', { timeout: 20_000 });
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: test.info().outputPath('text-settings-390.png'), scale: 'css' });
      await page.setViewportSize({ width: 1280, height: 900 });
      await card.screenshot({ path: test.info().outputPath('text-settings-1280.png'), scale: 'css' });
    });
  } finally {
    await standIn.close();
  }
});
