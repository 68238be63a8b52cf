import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { signInOwner, postQuoteRequest } from './own-server';
import { withJourneyServer } from './journey-server';
import { sendQuoteForm } from './quote-form';

/**
 * The owner works his leads on his phone: after `npm run owner:password`, /owner shows a request
 * sent a moment ago; he changes its status, adds a note, exports the CSV and signs out. The
 * server is this test's own, so the password can be set before it opens the embedded database.
 */
const password = 'mogollon rim at sunrise';

test('the owner signs in on his phone and works a request sent a moment ago @mobile', async ({ page }) => {
  test.setTimeout(300_000);
  await withJourneyServer('owner-inbox', { password }, async ({ base }) => {
    const name = `Pat Lopez ${randomBytes(3).toString('hex')}`;
    await sendQuoteForm(
      page,
      base,
      {
        name,
        phone: '(928) 555-0123',
        email: 'pat@example.com',
        projectType: 'Deck',
        city: 'Pine',
        budgetRange: '$10,000 - $25,000',
        message: '=1+1 about 12 x 16 ft',
      },
      { typed: true },
    );

    const inbox = await page.goto(`${base}/owner`);
    expect(inbox?.headers()['x-robots-tag']).toMatch(/noindex/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    await page.getByLabel('Password').fill('mogollon rim at sunset');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The wrong password goes through the same slow hash as the right one.
    await expect(page.getByRole('alert')).toHaveText('That password is not right. Please try again.', {
      timeout: 30_000,
    });
    await expect(page.getByRole('heading', { name: 'Quote requests' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Checking the password is a deliberately slow hash: seconds on a busy machine.
    await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible({ timeout: 30_000 });
    const list = page.getByRole('list', { name: 'Quote requests' });
    const newest = list.getByRole('listitem').first();
    await expect(newest).toContainText(name);
    await expect(newest).toContainText('Deck · Pine');
    await expect(newest).toContainText('$10,000 - $25,000');
    await expect(newest).toContainText(/just now|\d+ min ago/);
    await expect(newest).toContainText('New');
    await expectNoAxeViolations(page);

    await newest.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+19285550123');
    // The text comes written: who he is and when he may come by.
    await expect(page.getByRole('link', { name: 'Text' })).toHaveAttribute(
      'href',
      /^sms:\+19285550123\?&body=Hi%20Pat%2C%20this%20is%20/,
    );
    await expect(page.getByRole('link', { name: /Reply/ })).toHaveAttribute(
      'href',
      /^mailto:pat%40example\.com\?subject=/,
    );
    await expect(page.getByText('=1+1 about 12 x 16 ft')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('Status', { exact: true }).selectOption('contacted');
    await expect(page.getByText('Marked Contacted').first()).toBeVisible();
    await page.getByLabel('Add a note').fill('Called, visiting Friday at 9.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Called, visiting Friday at 9.' })).toBeVisible();

    // Both were stored: they are still there after a reload.
    await page.reload();
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('contacted');
    await expect(page.getByText('Called, visiting Friday at 9.')).toBeVisible();

    await page.getByRole('link', { name: 'Quote requests', exact: true }).click();
    await page
      .getByRole('navigation', { name: 'Filter by status' })
      .getByRole('link', { name: 'Contacted', exact: true })
      .click();
    await expect(list.getByRole('listitem').first()).toContainText(name);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^quote-requests-contacted-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.toString('utf8');
    expect(text).toContain(`"Contacted","${name}","(928) 555-0123","pat@example.com","Deck","Pine"`);
    expect(text).toContain(`"'=1+1 about 12 x 16 ft"`);
    expect(text).toContain('Called, visiting Friday at 9.');

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByLabel('Password')).toBeVisible();
    expect((await page.request.get(`${base}/api/owner/requests`)).status()).toBe(401);
    await page.goto(`${base}/owner/requests/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

    // A lost phone: Sign out everywhere, confirmed, ends this session and every other one.
    const laptop = await page.context().browser()!.newContext();
    const laptopPage = await laptop.newPage();
    await signInOwner(laptopPage, `${base}/owner`, password);
    await expect(laptopPage.getByRole('list', { name: 'Quote requests' })).toBeVisible();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Checking the password is a deliberately slow hash: seconds on a busy machine.
    await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible({ timeout: 30_000 });
    // The address asked for a request that does not exist: the page says so, under a heading.
    await expect(page.getByRole('heading', { level: 1, name: 'This request could not be opened' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('There is no such request.');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Quote requests', exact: true }).click();
    const devices = page.getByRole('region', { name: 'Signed-in devices' });
    await expectNoAxeViolations(page);
    await devices.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page.getByText('Signed out everywhere').first()).toBeVisible();
    await expect(page.getByText('2 sessions ended.').first()).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await laptopPage.reload();
    await expect(laptopPage.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await laptop.close();
  });
});

test('public pages never load, link or list the inbox @desktop', async ({ page, request }) => {
  const loaded: string[] = [];
  page.on('request', (sent) => loaded.push(new URL(sent.url()).pathname));
  for (const path of ['/', '/contact', '/services']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('a[href^="/owner"]')).toHaveCount(0);
  }
  expect(loaded.filter((file) => /^\/(assets\/owner-|src\/owner\/|owner|api\/owner)/.test(file))).toEqual([]);
  expect(loaded.some((file) => file.startsWith('/assets/'))).toBe(true);
  // The inbox's own page does load its code (so the check above looks for the right files).
  await page.goto('/owner');
  // The owner app's first page (this server has no owner password yet: it says where the set-up link is).
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(loaded.some((file) => /^\/assets\/owner-.*\.js$/.test(file))).toBe(true);

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Disallow: \/owner$/m);
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/owner');
  const owner = await request.get('/owner');
  expect(owner.status()).toBe(200);
  expect(owner.headers()['x-robots-tag']).toMatch(/noindex/);
  expect(await owner.text()).toMatch(/<meta name="robots" content="noindex/);
});

test('a homeowner’s question waits on her inbox row and atop her request until he marks it answered @mobile', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await withJourneyServer('owner-question', { password }, async ({ base }) => {
    const name = `Quinn Avila ${randomBytes(3).toString('hex')}`;
    const id = await postQuoteRequest(base, { name, phone: '(928) 555-0177', email: 'quinn@example.com' });
    await signInOwner(page, `${base}/owner/requests/${id}`, password);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // His estimate, written and sent (the estimate's own journey is estimates.spec.ts).
    const owner = { headers: { Origin: base } };
    const created = (await (
      await page.request.post(`${base}/api/owner/requests/${id}/estimates`, {
        ...owner,
        data: { items: [{ description: 'Cedar deck, 12 x 16 ft', quantity: 1, unitPrice: 4800 }] },
      })
    ).json()) as { id: string; url: string };
    expect((await page.request.post(`${base}/api/owner/estimates/${created.id}/send`, owner)).status()).toBe(200);

    // She asks a question on her estimate's page, on her phone.
    const phone = await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const homeowner = await phone.newPage();
    await homeowner.goto(`${base}${new URL(created.url).pathname}`);
    await homeowner.getByText('Ask a question', { exact: true }).first().click();
    await homeowner.getByLabel('Your question').fill('Is the railing stained too?');
    await homeowner.getByRole('button', { name: 'Send question' }).click();
    await expect(homeowner.getByText('your question was sent')).toBeVisible();
    await phone.close();

    // Quoted, yet waiting for him: in the New filter, with the Question mark. (He opens the app
    // afresh: the estimate was sent behind this page's back, which would still show it New.)
    await page.goto(`${base}/owner`);
    const filters = page.getByRole('navigation', { name: 'Filter by status' });
    await filters.getByRole('link', { name: 'New', exact: true }).click();
    const list = page.getByRole('list', { name: 'Quote requests' });
    const row = list.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('Quoted');
    await expect(row).toContainText(/Question · (under a minute|\d+ min)/);
    await expect(filters.getByRole('link', { name: 'New', exact: true })).toContainText('1');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('inbox-question-390.png') });

    // Her question is the first thing on the request's page, with the ways to answer it.
    await row.getByRole('link').click();
    const question = page.getByRole('region', { name: 'Quinn asked a question' });
    await expect(question).toBeInViewport();
    await expect(question).toContainText('Is the railing stained too?');
    await expect(question.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+19285550177');
    await expect(question.getByRole('link', { name: 'Text' })).toHaveAttribute('href', /^sms:\+19285550177\?&body=/);
    await expect(question.getByRole('link', { name: 'E-mail' })).toHaveAttribute(
      'href',
      /^mailto:quinn%40example\.com\?subject=.*&body=.*Is%20the%20railing%20stained%20too%3F/,
    );
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('request-question-390.png') });

    // He answered it on the phone from his truck: Mark answered, and it stops waiting.
    await question.getByRole('button', { name: 'Mark answered' }).click();
    await expect(question).toHaveCount(0);
    await page.getByRole('link', { name: 'Requests', exact: true }).click();
    // Back on the inbox once its list is in, as he sees it, then the New filter.
    await expect(page.getByRole('status').filter({ hasText: 'request' })).toContainText('1 request');
    await filters.getByRole('link', { name: 'New', exact: true }).click();
    await expect(page).toHaveURL(/status=new/);
    await expect(page.getByRole('status').filter({ hasText: 'requests' })).toContainText('0 requests');
    await filters.getByRole('link', { name: 'Quoted', exact: true }).click();
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('Question');
  });
});
