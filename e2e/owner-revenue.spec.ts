import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { markAs } from './owner-app';
import { signInOwner, postQuoteRequest } from './own-server';
import { withJourneyServer } from './journey-server';

/**
 * From lead to revenue, on the owner's phone: a request from a Google ad is quoted at $12,500 and
 * won at $11,800, one from Facebook is quoted and lost to Price; he enters $600 of Google spend and
 * $150 of Facebook spend for the month. The results page shows what each brought and cost, with
 * nothing to scroll sideways; the CSV adds up to it and the conversions file holds the ad's click.
 */
const password = 'rim lakes before the snow';
const shots = path.join('test-results', 'owner-revenue');

/** The request as the site's form sends it, with where the visitor came from beside it. */
function sendRequest(base: string, name: string, touch: Record<string, string>) {
  return postQuoteRequest(
    base,
    { name, phone: '(928) 555-0166', email: 'owner-revenue@example.com', city: 'Payson' },
    { 'X-Lead-Source': encodeURIComponent(JSON.stringify({ first: { at: Date.now() - 600_000, ...touch } })) },
  );
}

const noSidewaysScroll = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);

test('the owner enters what jobs were worth and what ads cost, and sees what each dollar brought @mobile', async ({
  page,
}) => {
  test.setTimeout(300_000);
  mkdirSync(shots, { recursive: true });
  await withJourneyServer('owner-revenue', { password }, async ({ base }) => {
    const tag = randomBytes(3).toString('hex');
    const gclid = `Cj0KCQiA-e2e_${tag}`;
    const google = await sendRequest(base, `Dana Ruiz ${tag}`, {
      landingPage: '/?utm_source=google&utm_medium=cpc',
      utm_source: 'google',
      utm_medium: 'cpc',
      gclid,
    });
    const facebook = await sendRequest(base, `Lee Park ${tag}`, {
      utm_source: 'facebook',
      fbclid: `IwAR${tag}x`,
    });

    await signInOwner(page, `${base}/owner/requests/${google}`, password);
    // The password's slow hash takes a while on a machine busy with other journeys.
    await expect(page.getByRole('heading', { level: 1, name: `Dana Ruiz ${tag}` })).toBeVisible({ timeout: 20_000 });

    // Quoted asks for the estimate; the field is next.
    await markAs(page, 'quoted', 'Quoted');
    const estimate = page.getByLabel('Estimate amount');
    await expect(estimate).toBeFocused();
    await estimate.fill('$12,500');
    await page.getByRole('button', { name: 'Save estimate amount' }).click();
    await expect(page.getByText('Estimate amount saved: $12,500').first()).toBeVisible();

    // Won asks for the job value, the estimate filled in; nonsense is refused in words.
    await markAs(page, 'won', 'Won');
    const jobValue = page.getByLabel('Job value');
    await expect(jobValue).toHaveValue('12,500');
    await expect(jobValue).toBeFocused();
    await jobValue.fill('-11800');
    await page.getByRole('button', { name: 'Save job value' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The job value cannot be negative.' })).toBeVisible();
    await expect(jobValue).toHaveAttribute('aria-invalid', 'true');
    await jobValue.fill('11,800');
    await page.getByRole('button', { name: 'Save job value' }).click();
    await expect(page.getByText('Job value saved: $11,800').first()).toBeVisible();

    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByRole('listitem')).toHaveText([
      /^Request received/,
      /^Marked Quoted/,
      /^Estimate amount \$12,500/,
      /^Marked Won/,
      /^Job value \$12,500, the estimate/,
      /^Job value \$11,800/,
    ]);
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: path.join(shots, 'request-won-390.png'), fullPage: true, scale: 'css' });
    await page
      .getByLabel('Status', { exact: true })
      .locator('xpath=..')
      .screenshot({ path: path.join(shots, 'status-card-390.png'), scale: 'css' });

    // Kept: still there after a reload.
    await page.reload();
    await expect(page.getByLabel('Job value')).toHaveValue('11,800');
    await expect(page.getByLabel('Estimate amount')).toHaveValue('12,500');

    await page.goto(`${base}/owner/requests/${facebook}`);
    await expect(page.getByRole('heading', { level: 1, name: `Lee Park ${tag}` })).toBeVisible();
    await markAs(page, 'quoted', 'Quoted');
    await page.getByLabel('Estimate amount').fill('9000');
    await page.getByRole('button', { name: 'Save estimate amount' }).click();
    await expect(page.getByText('Estimate amount saved: $9,000').first()).toBeVisible();
    await markAs(page, 'lost', 'Lost');
    await expect(page.getByLabel('Lost reason')).toBeFocused();
    await page.getByLabel('Lost reason').selectOption('price');
    await expect(page.getByText('Lost reason saved: Price').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'History' })).toContainText('Lost reason: Price');

    // The month's spend, on the results page.
    await page.goto(`${base}/owner/results?period=this-month`);
    await expect(page.getByRole('heading', { level: 1, name: 'Results' })).toBeVisible();
    const spend = page.getByRole('region', { name: 'Spend' });
    await spend.getByLabel('Source').selectOption('Google Ads');
    await spend.getByLabel('Amount spent').fill('600');
    await spend.getByRole('button', { name: 'Save spend' }).click();
    await expect(page.getByText(/^Spend saved: Google Ads, .+, \$600$/).first()).toBeVisible();
    await spend.getByLabel('Amount spent').fill('abc');
    await spend.getByRole('button', { name: 'Save spend' }).click();
    await expect(spend.getByRole('alert')).toHaveText('The amount must be a number of dollars, such as 12500.');
    await spend.getByLabel('Source').selectOption('Facebook');
    await spend.getByLabel('Amount spent').fill('150');
    await spend.getByRole('button', { name: 'Save spend' }).click();
    await expect(page.getByText(/^Spend saved: Facebook, .+, \$150$/).first()).toBeVisible();
    await expect(spend.getByRole('listitem')).toHaveText([/^Facebook\$150/, /^Google Ads\$600/]);

    // What each source brought and cost: a card each, most won revenue first.
    const cards = page.getByRole('list', { name: 'By source' }).getByRole('listitem');
    const googleCard = cards.filter({ hasText: 'Google Ads' });
    const facebookCard = cards.filter({ hasText: 'Facebook' });
    await expect(cards.first()).toContainText('Google Ads');
    await expect(googleCard).toContainText('$11,800 won');
    const figure = (card: typeof googleCard, label: string) =>
      card
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd[1]');
    await expect(figure(googleCard, 'Return on spend')).toHaveText('19.67');
    await expect(figure(googleCard, 'Close rate')).toHaveText('100%');
    await expect(figure(googleCard, 'Cost per won job')).toHaveText('$600');
    await expect(facebookCard).toContainText('$0 won');
    await expect(facebookCard).toContainText('Lost to: 1 Price');
    await expect(figure(facebookCard, 'Cost per lead')).toHaveText('$150');
    await expect(cards.last()).toContainText('All sources');
    await expect(cards.last()).toContainText('$11,800 won');
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: path.join(shots, 'results-390.png'), fullPage: true, scale: 'css' });

    // The period's CSV adds up to the page; the conversions file has the ad's click.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await downloading).path())!, 'utf8');
    expect(csv).toContain('"Estimate amount","Job value","Lost reason","Won date (Arizona time)"');
    expect(csv).toMatch(new RegExp(`"Dana Ruiz ${tag}".*"Google Ads".*"12500","11800","",".+"\\r\\n`));
    expect(csv).toMatch(new RegExp(`"Lee Park ${tag}".*"Facebook".*"9000","","Price",""\\r\\n`));
    const conversions = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Google Ads conversions' }).click();
    const file = readFileSync((await (await conversions).path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(file[0]).toBe('Parameters:TimeZone=America/Phoenix');
    expect(file.slice(2)).toEqual([expect.stringMatching(new RegExp(`^${gclid},Won job,.+,11800,USD$`))]);
  });
});
