import { expect, test } from '@playwright/test';
import { startSmtpServer } from '../server/test/smtp';
import { expectNoAxeViolations } from './axe';
import { withJourneyServer } from './journey-server';
import { signInOwner } from './own-server';

/**
 * Mail he sets up in the app: a site started without any mail server (its e-mails are only files on
 * the server) gets his provider's settings in Settings, E-mail sending; Send a test e-mail reaches a
 * real SMTP server and says so in plain words, and from then on the site sends through it.
 */
const password = 'strawberry hollow cabin';
const ownerEmail = 'owner@example.com';

test('the owner saves his mail server in Settings and a test e-mail arrives there @mobile', async ({ page }) => {
  test.setTimeout(180_000);
  const smtp = await startSmtpServer();
  try {
    await withJourneyServer('mail settings', { password, env: { OWNER_EMAIL: ownerEmail } }, async ({ base }) => {
      await signInOwner(page, `${base}/owner/settings`, password);
      const card = page.getByRole('region', { name: 'E-mail sending' });
      await card.getByLabel('Mail server').fill('127.0.0.1');
      await card.getByLabel('Port', { exact: true }).fill(String(smtp.port));
      await card.getByLabel('E-mails come from').fill('Rim Country Carpentry <office@example.com>');
      await card.getByRole('button', { name: 'Save e-mail settings' }).click();
      await expect(page.getByText('E-mail settings saved').first()).toBeVisible({ timeout: 20_000 });

      await card.getByRole('button', { name: 'Send a test e-mail' }).click();
      await expect(card.getByRole('status')).not.toBeEmpty({ timeout: 30_000 });
      await expect
        .poll(() => smtp.withSubject('Test e-mail from your Rim Country Carpentry website').length, { timeout: 20_000 })
        .toBe(1);
      expect(smtp.withSubject('Test e-mail from your Rim Country Carpentry website')[0]!.to).toMatchObject({
        text: ownerEmail,
      });
      await page.screenshot({ path: test.info().outputPath('mail-settings-390.png'), scale: 'css', fullPage: true });
      await expectNoAxeViolations(page);

      // Saved, the settings come back without the password, in every field he typed.
      await page.reload();
      await expect(page.getByRole('region', { name: 'E-mail sending' }).getByLabel('Mail server')).toHaveValue(
        '127.0.0.1',
      );
    });
  } finally {
    await smtp.close();
  }
});
