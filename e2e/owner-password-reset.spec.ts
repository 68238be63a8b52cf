import { expect, test, type Browser, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { ownerPasswordTexts } from '../shared/owner-password-texts';
import { startSmtpServer, type TestSmtpServer } from '../server/test/smtp';
import { expectNoAxeViolations } from './axe';
import { journeyDatabase, setOwnerPassword, signInOwner, startServer, stopServer } from './own-server';
import { withJourneyServer } from './journey-server';

/**
 * "Forgot the password?": the owner taps it on his phone, the page says which inbox the link went
 * to (masked), the link arrives at a real SMTP server, its page sets a new password and leaves him
 * signed in on that phone, an e-mail tells him the password was changed, and from then on the old
 * password and every other session from before are worth nothing. A link used once, or past its 30
 * minutes, gets a page that says so.
 */
const oldPassword = 'mogollon rim at sunrise';
const newPassword = 'tonto creek in the fall';
const ownerEmail = 'owner@rimcountrycarpentry.example';
const subject = 'Set a new password for the Rim Country Carpentry inbox';
const changedSubject = 'Your Rim Country Carpentry inbox password was changed';

/** The path of the newest reset link that reached `smtp`, once `count` have. */
async function linkPath(smtp: TestSmtpServer, count: number): Promise<string> {
  await expect.poll(() => smtp.withSubject(subject).length, { timeout: 20_000 }).toBe(count);
  const mail = smtp.withSubject(subject).at(-1)!;
  expect(mail.to).toMatchObject({ text: ownerEmail });
  const link = /https?:\/\/[^\s/]+(\/owner\/reset\/[\w-]{43})\b/.exec(mail.text ?? '');
  expect(link, mail.text).not.toBeNull();
  return link![1]!;
}

async function tapForgot(page: Page) {
  await page.getByRole('button', { name: 'Forgot the password?' }).click();
}

const freshPage = async (browser: Browser) => (await browser.newContext()).newPage();

test('a link from the e-mail sets a new password; the old one and every earlier session stop working @mobile', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const smtp = await startSmtpServer();
  const journey = await journeyDatabase('password-reset');
  expect(await setOwnerPassword(oldPassword, journey.env)).toMatch(/The owner password is set/);
  const env = { ...journey.env, SMTP_URL: smtp.url, OWNER_EMAIL: ownerEmail };
  let server = await startServer(env);
  try {
    // Signed in on his computer before he forgot it.
    const computer = await freshPage(browser);
    await signInOwner(computer, `${server.base}/owner`, oldPassword);

    await page.goto(`${server.base}/owner`);
    await tapForgot(page);
    await expect(page.getByRole('status')).toHaveText(
      'A link to set a new password is on its way to o•••@rimcountrycarpentry.example. It works once, for 30 minutes.',
    );
    const path = await linkPath(smtp, 1);

    const opened = await page.goto(`${server.base}${path}`);
    expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
    expect(opened?.headers()['x-robots-tag']).toMatch(/noindex/);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill(`${newPassword}!`);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('The two passwords are not the same.');
    await page.getByLabel('New password', { exact: true }).fill('short one');
    await page.getByLabel('Repeat the new password').fill('short one');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('The password must have at least 12 characters.');

    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    // Signed in on his phone: the inbox, on an address without the token.
    await expect(
      page.getByText(
        'Your new password is set, and you are signed in here. Every other phone and computer was signed out.',
      ),
    ).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/owner');
    await page.screenshot({ path: test.info().outputPath('signed-in-after-reset-390.png'), scale: 'css' });
    await expectNoAxeViolations(page);

    // An e-mail tells him the password was changed.
    await expect.poll(() => smtp.withSubject(changedSubject).length, { timeout: 20_000 }).toBe(1);
    const changed = smtp.withSubject(changedSubject)[0]!;
    expect(changed.to).toMatchObject({ text: ownerEmail });
    expect(changed.text).toMatch(/^The password of your inbox was changed on .*Arizona time/);

    // The computer's session is over; the old password is refused there, the new one signs in.
    await computer.reload();
    await expect(computer.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect((await computer.request.get(`${server.base}/api/owner/requests`)).status()).toBe(401);
    await computer.getByLabel('Password').fill(oldPassword);
    await computer.getByRole('button', { name: 'Sign in' }).click();
    await expect(computer.getByRole('alert')).toHaveText('That password is not right. Please try again.', {
      timeout: 30_000,
    });
    await signInOwner(computer, `${server.base}/owner`, newPassword);
    await computer.context().close();

    // The link worked once.
    const again = await freshPage(browser);
    await again.goto(`${server.base}${path}`);
    await expect(again.getByRole('heading', { name: 'This link has been used' })).toBeVisible();
    await expect(again.getByRole('link', { name: 'Go to the sign-in page' })).toHaveAttribute('href', '/owner');
    await expectNoAxeViolations(again);

    // Another link, left for more than 30 minutes.
    await again.goto(`${server.base}/owner`);
    await tapForgot(again);
    await expect(again.getByRole('status')).toContainText('on its way');
    const late = await linkPath(smtp, 2);
    await stopServer(server.child);
    const database = await journey.open();
    await database.db.execute(sql`update owner_password_resets set expires_at = now() - interval '1 minute'`);
    await database.close();
    server = await startServer(env);
    await again.goto(`${server.base}${late}`);
    await expect(again.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
    await expect(again.getByText('A link works for 30 minutes.')).toBeVisible();

    // A link that was never sent.
    await again.goto(`${server.base}/owner/reset/${'x'.repeat(43)}`);
    await expect(again.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await again.context().close();
  } finally {
    await stopServer(server.child);
    await smtp.close();
    await journey.drop();
  }
});

test('a fourth tap within the hour is told when it can ask again @desktop', async ({ page }) => {
  test.setTimeout(300_000);
  await withJourneyServer(
    'password-reset-limit',
    { mail: true, password: oldPassword, env: { OWNER_EMAIL: ownerEmail } },
    async ({ base, smtp }) => {
      await page.goto(`${base}/owner`);
      for (let tap = 1; tap <= 3; tap++) {
        await tapForgot(page);
        await expect(page.getByRole('status')).toContainText('on its way');
        await linkPath(smtp, tap);
      }
      await tapForgot(page);
      await expect(page.getByRole('alert')).toHaveText(
        /^Three links were already sent from this device in the last hour\. You can ask again in (59 minutes|1 hour)\.$/,
      );
      expect(smtp.withSubject(subject)).toHaveLength(3);
    },
  );
});

test('without mail set up, the sign-in page says so in plain words @desktop', async ({ page }) => {
  test.setTimeout(180_000);
  // A production server without SMTP_URL: e-mails would only be files on the server.
  await withJourneyServer('password-reset-no-mail', { password: oldPassword }, async ({ base }) => {
    await page.goto(`${base}/owner`);
    const note = ownerPasswordTexts.noMail;
    await expect(page.getByText(note)).toBeVisible();
    await tapForgot(page);
    await expect(page.getByRole('alert')).toHaveText(note);
    await expectNoAxeViolations(page);
  });
});
