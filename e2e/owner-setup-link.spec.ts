import { expect, test } from '@playwright/test';
import { ownerPasswordTexts } from '../shared/owner-password-texts';
import { expectNoAxeViolations } from './axe';
import { withJourneyServer } from './journey-server';

/**
 * His first password without a shell: a new site has no owner password, so /owner says where the
 * set-up link is and shows no form; the link (e-mailed once mail works, here to a real SMTP
 * server) opens the page that sets the password and signs him in; used again, it says so.
 */
const password = 'payson cabins in the snow';
const subject = 'Set the password of your Rim Country Carpentry inbox';

test('the set-up link sets the first password and signs the owner in; /owner had no form before @mobile', async ({
  page,
  browser,
}) => {
  await withJourneyServer('setup link', { mail: true, env: { OWNER_EMAIL: 'owner@example.com' } }, async (server) => {
    await page.goto(`${server.base}/owner`);
    await expect(page.getByRole('heading', { name: 'Set your password first' })).toBeVisible();
    await expect(page.getByText(ownerPasswordTexts.noPasswordYet)).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);

    await expect.poll(() => server.smtp.withSubject(subject).length, { timeout: 20_000 }).toBe(1);
    const link = /https?:\/\/[^\s/]+(\/owner\/setup\/[\w-]{43})\b/.exec(
      server.smtp.withSubject(subject)[0]!.text ?? '',
    );
    expect(link).not.toBeNull();

    await page.goto(`${server.base}${link![1]}`);
    await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Repeat the new password').fill(password);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    // Signed in on his phone: the inbox, on an address without the token.
    await expect(page.getByText('Your new password is set, and you are signed in here.', { exact: false })).toBeVisible(
      {
        timeout: 30_000,
      },
    );
    expect(new URL(page.url()).pathname).toBe('/owner');
    await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);

    const again = await (await browser.newContext()).newPage();
    await again.goto(`${server.base}${link![1]}`);
    await expect(again.getByRole('heading', { name: 'This link has been used' })).toBeVisible();
    await again.goto(`${server.base}/owner`);
    await expect(again.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});
