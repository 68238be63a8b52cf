import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { markAs } from './owner-app';
import { signInOwner, postQuoteRequest } from './own-server';
import { withJourneyServer } from './journey-server';

/**
 * The owner's day on his phone, walked as he would: what used to mislead him (a won job counted
 * as $0, costs of $0 without spend, a queued message read as a failure, NEW beside "First
 * answered", toasts over the tabs) reads right now.
 */
const password = 'pine needles on the deck';
const shots = path.join('test-results', 'owner-walk');

const sendRequest = (base: string, name: string) =>
  postQuoteRequest(base, { name, phone: '(928) 555-0177', email: 'owner-walk@example.com', city: 'Payson' });

test('a job won and done without a second Save counts at its estimate; the numbers read as they are @mobile', async ({
  page,
}) => {
  test.setTimeout(300_000);
  mkdirSync(shots, { recursive: true });
  await withJourneyServer('owner-walk', { password }, async ({ base }) => {
    const tag = randomBytes(3).toString('hex');
    const won = await sendRequest(base, `Hannah Hill ${tag}`);
    const tapped = await sendRequest(base, `Cody Reed ${tag}`);

    await signInOwner(page, `${base}/owner/requests/${won}`, password);
    await expect(page.getByRole('heading', { level: 1, name: `Hannah Hill ${tag}` })).toBeVisible({ timeout: 20_000 });
    // A brand-new request has no history to apologise for.
    const history = page.getByRole('region', { name: 'History' });
    await expect(history).toContainText('No changes yet.');
    await expect(history).not.toContainText('before the history was kept');

    await markAs(page, 'quoted', 'Quoted');
    // A notification never covers the section tabs.
    const toast = page.locator('li[data-state="open"]').filter({ hasText: 'Marked Quoted' });
    await expect(toast).toBeVisible();
    const toastBox = await toast.boundingBox();
    const tabsBox = await page.getByRole('navigation', { name: 'Owner' }).last().boundingBox();
    expect(toastBox!.y).toBeGreaterThanOrEqual(tabsBox!.y + tabsBox!.height - 1);
    await page.getByLabel('Estimate amount').fill('12,500');
    await page.getByRole('button', { name: 'Save estimate amount' }).click();
    await expect(page.getByText('Estimate amount saved: $12,500').first()).toBeVisible();

    // Won, then Job done, and no tap on the job value's own Save.
    await markAs(page, 'won', 'Won');
    await expect(page.getByLabel('Job value')).toHaveValue('12,500');
    await expect(page.getByText(/not saved yet/i)).toHaveCount(0);
    await markAs(page, 'done', 'Job done');
    await expect(history.getByRole('listitem')).toHaveText([
      /^Request received/,
      /^Marked Quoted/,
      /^Estimate amount \$12,500/,
      /^Marked Won/,
      /^Job value \$12,500, the estimate/,
      /^Marked Job done/,
    ]);
    // The review request waits for its time: it reads as waiting, not as a failure.
    const alerts = page.getByRole('region', { name: 'Alerts sent' });
    await expect(alerts).toContainText(/Review request to the customer\s*Sending in about 2 hours/);
    await expect(alerts).not.toContainText('Not sent yet');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: path.join(shots, 'request-done-390.png'), fullPage: true, scale: 'css' });

    // A tap on Call answers a New request: it no longer reads NEW.
    await page.goto(`${base}/owner/requests/${tapped}`);
    await expect(page.getByRole('heading', { level: 1, name: `Cody Reed ${tag}` })).toBeVisible();
    await page
      .getByRole('link', { name: 'Call' })
      .evaluate((link) => link.addEventListener('click', (e) => e.preventDefault()));
    await page.getByRole('link', { name: 'Call' }).click();
    await expect(page.getByText(/First answered by tapping Call/)).toBeVisible();
    // The badge beside the name (the status select below still offers New as a choice).
    const badges = page.locator('article').first().locator('span.rounded-full');
    await expect(badges.filter({ hasText: /^Answered$/ })).toBeVisible();
    await expect(badges.filter({ hasText: /^New$/ })).toHaveCount(0);

    // Results: the won job counts at its value, without spend the costs read "–" with a way to add it.
    await page.getByRole('link', { name: 'Results' }).last().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Results' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Quote requests' })).toHaveCount(0);
    const cards = page.getByRole('list', { name: 'By source' }).getByRole('listitem');
    const all = cards.last();
    await expect(all).toContainText('All sources');
    await expect(all).toContainText('$12,500 won');
    const figure = (label: string) =>
      all
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd[1]');
    await expect(figure('Cost per lead')).toHaveText('–');
    await expect(figure('Cost per won job')).toHaveText('–');
    await expect(figure('Close rate')).toHaveText('50%');
    await expect(page.getByText('Won rate')).toHaveCount(0);
    await figure('Spend').getByRole('link', { name: 'Add spend' }).click();
    await expect(page.getByRole('region', { name: 'Spend' })).toBeInViewport();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: path.join(shots, 'results-390.png'), fullPage: true, scale: 'css' });

    // The response-time box never reads "0 of 0".
    await page.getByRole('link', { name: 'Requests' }).last().click();
    const speed = page.getByRole('region', { name: /First answer, last 30 days/ });
    await expect(speed).toContainText('Counts your calls, texts and replies');
    await expect(speed).not.toContainText('0 of 0');
    await page.screenshot({ path: path.join(shots, 'inbox-390.png'), fullPage: true, scale: 'css' });

    // Reviews: no back link either; visits: the hours come before the calendar's instructions.
    await page.getByRole('link', { name: 'Reviews' }).last().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Quote requests' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Visits' }).last().click();
    const hours = await page.getByRole('heading', { name: 'Hours for visits' }).boundingBox();
    const calendar = await page.getByRole('heading', { name: 'Your calendar' }).boundingBox();
    expect(hours!.y).toBeLessThan(calendar!.y);
    await page.screenshot({ path: path.join(shots, 'visits-390.png'), fullPage: true, scale: 'css' });
  });
});
