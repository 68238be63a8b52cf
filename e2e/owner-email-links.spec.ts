import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { reminderMessage } from '../server/services/alerts/reminder-message';
import { expectNoAxeViolations } from './axe';
import { signInOwner, postQuoteRequest } from './own-server';
import { withJourneyServer } from './journey-server';

/**
 * The owner's e-mails lead into his app on his phone, as he opens them from his mail app: the
 * new request's "Open in your inbox", tapped in a webmail page on another site, opens the request
 * signed in (the session cookie is SameSite=Strict: see client/src/owner/app/same-site-arrival.ts),
 * and the reminder's "Mark as answered" opens a page with a button: opening it records nothing,
 * the button does, and no more reminders come.
 */
const password = 'fossil creek in april';
const mailApp = 'https://mail.example.com';

/** The e-mails the server wrote to DATA_DIR/outbox (no SMTP_URL), parsed. */
async function outbox(dataDir: string): Promise<ParsedMail[]> {
  const folder = path.join(dataDir, 'outbox');
  const files = await readdir(folder).catch(() => [] as string[]);
  return Promise.all(
    files.filter((f) => f.endsWith('.eml')).map(async (f) => simpleParser(await readFile(path.join(folder, f)))),
  );
}

/** Opens `href` as a tap on a link in a webmail page on another site: the browser sends no Strict cookie. */
async function tapInMailApp(page: Page, href: string, text: string): Promise<void> {
  await page.route(`${mailApp}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>Mail</title><a href="${href}">${text}</a></html>`,
    }),
  );
  await page.goto(`${mailApp}/inbox`);
  await page.getByRole('link', { name: text }).click();
}

test('the new-request e-mail opens the request signed in, and the reminder’s Mark as answered is a page with a button @mobile', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await withJourneyServer(
    'owner-email-links',
    { password, env: { OWNER_EMAIL: 'owner@rimcountrycarpentry.example' } },
    async ({ base, journey }) => {
      const name = `Rosa Vega ${randomBytes(3).toString('hex')}`;
      const id = await postQuoteRequest(base, {
        name,
        phone: '(928) 555-0177',
        email: 'rosa@example.com',
        projectType: 'Fence',
        budgetRange: '$5,000 - $10,000',
      });

      // He is signed in on his phone.
      await signInOwner(page, `${base}/owner`, password);

      // The new request's e-mail, as the outbox sent it: its Open in your inbox link.
      let alert: ParsedMail | undefined;
      await expect
        .poll(
          async () => {
            alert = (await outbox(journey.env.DATA_DIR!)).find((mail) => mail.subject?.includes(`(${name})`));
            return Boolean(alert);
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      const href = /<a [^>]*href="([^"]+)"[^>]*>\s*Open in your inbox\s*<\/a>/.exec(String(alert!.html))?.[1];
      expect(href).toBeDefined();
      const inboxPath = new URL(href!.replace(/&amp;/g, '&')).pathname;
      expect(inboxPath).toBe(`/owner/requests/${id}`);
      expect(String(alert!.text)).toContain(`Open in your inbox: `);

      // From the mail app, another site: the browser sends no Strict cookie with that navigation.
      await tapInMailApp(page, `${base}${inboxPath}`, 'Open in your inbox');
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(inboxPath);
      await expect(page.getByLabel('Password')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();

      // The reminder's Mark as answered, as the reminder e-mail words it for this request.
      const reminder = reminderMessage(
        {
          id,
          name,
          phone: '(928) 555-0177',
          email: 'rosa@example.com',
          projectType: 'Fence',
          city: 'Pine',
          budgetRange: '$5,000 - $10,000',
          message: null,
          photoUrl: null,
          receivedAt: new Date(),
        },
        { from: 'Site <site@example.com>', ownerEmail: 'owner@example.com', siteUrl: base },
        90,
      );
      const answeredUrl = /Mark as answered: (\S+)/.exec(String(reminder.text))?.[1];
      expect(answeredUrl).toBe(`${base}/owner/requests/${id}/answered`);
      // A mail scanner fetching the link records nothing.
      expect((await fetch(answeredUrl!)).status).toBe(200);
      await tapInMailApp(page, answeredUrl!, 'Mark as answered');
      await expect(page.getByRole('heading', { level: 1, name: 'Mark as answered' })).toBeVisible();
      await expect(page.getByText(`${name}: Fence in Pine`)).toBeVisible();
      const button = page.getByRole('button', { name: 'Mark as answered' });
      await expect(button).toBeVisible();
      await expectNoAxeViolations(page);
      // Opening the page recorded nothing: still New, unanswered.
      const before = await page.request.get(`${base}/api/owner/requests/${id}`);
      expect(await before.json()).toMatchObject({ status: 'new', firstAnsweredAt: null });

      await button.click();
      await expect(page.getByRole('status').filter({ hasText: 'no more reminders come for it' })).toBeVisible();
      const after = await page.request.get(`${base}/api/owner/requests/${id}`);
      expect(await after.json()).toMatchObject({ status: 'contacted', firstAnsweredVia: 'status' });
      await page.getByRole('link', { name: 'Open the request' }).click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByText('First answered by setting its status')).toBeVisible();
    },
  );
});
