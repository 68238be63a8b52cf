import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { arizonaDay } from '../shared/arizona-time';
import { withJourneyServer } from './journey-server';
import { signInOwner, startServer, stopServer } from './own-server';
import { galleyKitchen, sendQuoteForm } from './quote-form';
import { shiftedClockEnv } from './server-clock';

/**
 * Issue 59's "Done when": visits from three sources over two days, the first day on a server whose
 * clock is a day behind. A visitor from a Google search reads two pages (the second by the site's
 * own navigation), one arrives from a Facebook campaign link, one types the address. The next day
 * (the real server clock) the Facebook visitor comes back by the same link and asks for a quote,
 * which the owner answers with an estimate she approves; the Google visitor's browser comes back
 * directly. The owner's own browser, a bot and a browser with Global Privacy Control count as
 * none, and no answer to a beacon sets a cookie. The owner's Results show it all.
 */
const password = 'red rock and ponderosa';
const agents = {
  google: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  facebook:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  direct: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  owner:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  private:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};
const dayMs = 86_400_000;

/** Opens `path` and waits for the page's beacon: its answer is a 204 that sets no cookie. */
async function viewCounted(page: Page, open: () => Promise<unknown>, path: string) {
  const beacon = page.waitForResponse(
    (response) => response.url().endsWith('/api/views') && response.request().postDataJSON()?.path === path,
  );
  await open();
  const answer = await beacon;
  expect(answer.status()).toBe(204);
  expect(await answer.headerValue('set-cookie')).toBeNull();
  return answer;
}

async function visitor(browser: Browser, userAgent: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ userAgent });
  return { context, page: await context.newPage() };
}

test('visitors from three sources over two days, with a quote and an approved estimate, read on Results @desktop', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const google = await visitor(browser, agents.google);
  const facebook = await visitor(browser, agents.facebook);
  const direct = await visitor(browser, agents.direct);
  const campaignLink = '/?utm_source=facebook&utm_medium=paid-social&utm_campaign=fall-decks';

  /** Yesterday: a server whose clock is a day behind. */
  const yesterday = async (env: Record<string, string>) => {
    const { base, child } = await startServer({ ...env, ...shiftedClockEnv(-dayMs) });
    try {
      await viewCounted(google.page, () => google.page.goto(`${base}/`, { referer: 'https://www.google.com/' }), '/');
      await expect(google.page.locator('html[data-router="ready"]')).toBeAttached({ timeout: 20_000 });
      await viewCounted(
        google.page,
        () => google.page.getByRole('contentinfo').getByRole('link', { name: 'Decks' }).click(),
        '/services/decks',
      );
      await expect(google.page).toHaveURL(`${base}/services/decks`);
      await viewCounted(facebook.page, () => facebook.page.goto(`${base}${campaignLink}`), '/');
      await viewCounted(direct.page, () => direct.page.goto(`${base}/gallery`), '/gallery');
    } finally {
      await stopServer(child);
    }
  };

  await withJourneyServer('visitors', { password, beforeStart: yesterday }, async ({ base }) => {
    // Today: the Facebook visitor comes back by the same link and asks for a quote.
    await viewCounted(facebook.page, () => facebook.page.goto(`${base}${campaignLink}`), '/');
    await viewCounted(
      facebook.page,
      () => sendQuoteForm(facebook.page, base, { ...galleyKitchen, name: 'Dana Whitfield', email: 'dana@example.com' }),
      '/contact',
    );
    await viewCounted(google.page, () => google.page.goto(`${base}/`), '/');

    // Counted as none: a bot, a browser with Global Privacy Control, the owner signed in.
    const bot = await fetch(`${base}/api/views`, {
      method: 'POST',
      headers: {
        Origin: base,
        'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      },
      body: JSON.stringify({ path: '/' }),
    });
    expect(bot.status).toBe(204);
    const private_ = await browser.newContext({ userAgent: agents.private, extraHTTPHeaders: { 'Sec-GPC': '1' } });
    await private_.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
    const privatePage = await private_.newPage();
    const privateBeacons: string[] = [];
    privatePage.on('request', (request) => {
      if (request.url().endsWith('/api/views')) privateBeacons.push(request.url());
    });
    await privatePage.goto(`${base}/`);
    // The router comes in once the page is idle, after the moment the page would have been counted.
    await expect(privatePage.locator('html[data-router="ready"]')).toBeAttached({ timeout: 20_000 });
    expect(privateBeacons).toEqual([]);

    const owner = await visitor(browser, agents.owner);
    await signInOwner(owner.page, `${base}/owner`, password);
    await viewCounted(owner.page, () => owner.page.goto(`${base}/`), '/');

    // The owner sends an estimate for Dana's request; she approves it.
    const api = owner.context.request;
    const headers = { Origin: base };
    const inbox = (await (await api.get(`${base}/api/owner/requests`)).json()) as {
      items: { id: string; name: string }[];
    };
    const request = inbox.items.find((row) => row.name === 'Dana Whitfield')!;
    const estimate = (await (
      await api.post(`${base}/api/owner/requests/${request.id}/estimates`, {
        headers,
        data: { items: [{ description: 'Cedar deck, 12 × 16 ft', quantity: 1, unitPrice: 8200 }], taxRate: 0 },
      })
    ).json()) as { id: string; url: string };
    expect((await api.post(`${base}/api/owner/estimates/${estimate.id}/send`, { headers })).status()).toBe(200);
    const approved = await facebook.context.request.post(`${base}${new URL(estimate.url).pathname}/approve`, {
      data: { name: 'Dana Whitfield', accept: true, options: [] },
    });
    expect(approved.status()).toBe(200);

    // Results: the last 30 days hold both days.
    const page = owner.page;
    await page.goto(`${base}/owner/results`);
    const section = page.getByRole('region', { name: 'Visitors' });
    await expect(section.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    // The totals, first of the section's figures.
    const tile = (label: string) =>
      section.locator('dl').first().getByRole('term').filter({ hasText: label }).locator('+ dd');
    await expect(tile('Visitors')).toHaveText('5');
    await expect(tile('Page views')).toHaveText('7');
    await expect(tile('Quote requests')).toHaveText('1');
    const days = section.getByRole('list', { name: 'Visitors per day' });
    const short = (date: Date) =>
      new Date(`${arizonaDay(date)}T00:00:00Z`).toLocaleDateString('en-US', {
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      });
    const now = new Date();
    await expect(days.getByText(`${short(new Date(now.getTime() - dayMs))}: 3 visitors, 4 page views`)).toBeAttached();
    await expect(days.getByText(`${short(now)}: 2 visitors, 3 page views`)).toBeAttached();
    await expect(section.getByRole('list', { name: 'Top pages' }).getByRole('listitem')).toHaveText([
      /^\/\s*4 views$/,
      /^\/contact\s*1 view$/,
      /^\/gallery\s*1 view$/,
      /^\/services\/decks\s*1 view$/,
    ]);
    await expect(section.getByRole('list', { name: 'Top sources' }).getByRole('listitem')).toHaveText([
      /^Facebook\s*2 visitors$/,
      /^Direct\s*2 visitors$/,
      /^Google search\s*1 visitor$/,
    ]);
    const funnel = section.getByRole('list', { name: 'From visitor to paid job' }).getByRole('listitem');
    await expect(funnel.first()).toContainText('Facebook');
    const fromFacebook = funnel.filter({ hasText: 'Facebook' });
    for (const [label, figure] of [
      ['Visitors', '2'],
      ['Quotes', '150% of visitors asked for a quote'],
      ['Estimates', '1100% of quotes got an estimate'],
      ['Won', '1100% of estimates were won'],
      ['Collected', '$0'],
    ] as const)
      await expect(fromFacebook.getByRole('term').filter({ hasText: label }).locator('xpath=..')).toContainText(figure);
    await expect(section.getByText(/visitors are the sum of each day’s visitors/)).toBeVisible();
    // For a look at the section at the desk and on a phone.
    await section.screenshot({ path: path.join('test-results', 'visitors', 'results-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await section.screenshot({ path: path.join('test-results', 'visitors', 'results-390.png') });

    // Yesterday alone, as dates he picks: the Google visitor's first day, one visitor of three.
    const dayBefore = arizonaDay(new Date(now.getTime() - dayMs));
    await section.getByRole('button', { name: 'Dates' }).click();
    await section.getByLabel('To', { exact: true }).fill(dayBefore);
    await section.getByLabel('From', { exact: true }).fill(dayBefore);
    await expect(tile('Visitors')).toHaveText('3');
    await expect(tile('Page views')).toHaveText('4');
    await expect(section.getByRole('list', { name: 'Top sources' }).getByRole('listitem')).toHaveText([
      /^Direct\s*1 visitor$/,
      /^Facebook\s*1 visitor$/,
      /^Google search\s*1 visitor$/,
    ]);
    await section.getByRole('button', { name: 'This week' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join('test-results', 'visitors', 'dates-390.png') });
    await private_.close();
    await owner.context.close();
  });
  for (const one of [google, facebook, direct]) await one.context.close();
});
