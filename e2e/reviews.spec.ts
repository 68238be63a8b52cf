import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { signInOwner, postQuoteRequest } from './own-server';
import { withServersOnOneDatabase } from './journey-server';

/**
 * A finished job brings a review: on his phone the owner marks a request Won, then Job done; the
 * homeowner gets one e-mail with a Google link and a link to the site's review page, writes a
 * review there on her phone (what she typed survives a reload), allows it on the website, and
 * the owner approves it in Reviews. The server is this test's own: a real SMTP server, and no delay.
 */
const password = 'sawdust and pine needles';
const googleReviewUrl = /^https:\/\/g\.page\/r\//;

test('a finished job asks for a review, and the owner approves what the homeowner wrote @mobile', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  // On Postgres, a second server process on the same database, as behind a load balancer: both
  // send the outbox's mail and show what the owner approves (the embedded database is one
  // process's, so there it is one server).
  const env = { REVIEW_REQUEST_DELAY_MINUTES: '0', REVIEW_REMINDER_DAYS: '5', CONTENT_CHECK_SECONDS: '2' };
  const options = { password, mail: true, env, withoutPostgres: 'one server' } as const;
  await withServersOnOneDatabase('reviews', options, async ({ base, servers, smtp }) => {
    const bases = servers.map((server) => server.base);
    await postQuoteRequest(base, {
      name: 'Hannah Hughes',
      phone: '(928) 555-0142',
      email: 'hannah@example.com',
      projectType: 'Walk-in Shower',
      city: 'Payson',
    });

    // The owner, on his phone.
    await signInOwner(page, `${base}/owner`, password);
    await page.getByRole('link', { name: /Hannah Hughes/ }).click();
    const status = page.getByLabel('Status');
    // Job done follows Won (it asks for a review): not offered for a request still New.
    await expect(status.locator('option[value="done"]')).toBeDisabled();
    await status.selectOption('won');
    await expect(page.getByText('Marked Won', { exact: true }).first()).toBeVisible();
    await status.selectOption('done');
    await expect(page.getByText('Marked Job done', { exact: true }).first()).toBeVisible();
    // Set twice: still one e-mail.
    await status.selectOption('won');
    await status.selectOption('done');
    await expect(page.getByText('Marked Job done', { exact: true }).first()).toBeVisible();

    const toHannah = () => smtp.received.filter((mail) => mail.subject?.includes('how did we do'));
    await expect.poll(() => toHannah().length, { timeout: 30_000 }).toBe(1);
    const mail = toHannah()[0]!;
    // The links are on SITE_URL (the default, here): the same paths on this test's server.
    const token = /\/review\/([A-Za-z0-9_-]{43})\s/.exec(mail.text ?? '')![1]!;
    expect(mail.text).toContain(`/r/${token}`);
    const reviewLink = `${base}/review/${token}`;
    const googleLink = `${base}/r/${token}`;

    // The request's page shows it went out, and offers the same ask as a text.
    await page.reload();
    const section = page.getByRole('region', { name: 'Review request' });
    await expect(section).toContainText(/Sent/);
    await expect(section.getByRole('link', { name: 'Ask for a review by text' })).toHaveAttribute(
      'href',
      /^sms:\+19285550142\?&body=.*%2Fr%2F/,
    );
    await expectNoAxeViolations(page);

    // The Google link answers 302 to the business's review page, and counts.
    const google = await fetch(googleLink, { redirect: 'manual' });
    expect(google.status).toBe(302);
    expect(google.headers.get('location')).toMatch(googleReviewUrl);

    // The homeowner, on her phone: the draft survives a reload, then she sends it.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const homeowner = await phone.newPage();
    await homeowner.goto(reviewLink);
    await expect(homeowner.getByRole('heading', { name: 'How did we do?' })).toBeVisible();
    await expect(homeowner.getByLabel('Name to show')).toHaveValue('Hannah H.');
    await expect(homeowner.getByLabel('You may show this on the website')).not.toBeChecked();
    await homeowner.getByLabel('5 stars').check();
    await homeowner.getByLabel('Your review').fill('Dale turned our old tub into a beautiful walk-in shower.');
    await homeowner.getByLabel('You may show this on the website').check();
    await expectNoAxeViolations(homeowner);
    await homeowner.reload();
    await expect(homeowner.getByLabel('Your review')).toHaveValue(
      'Dale turned our old tub into a beautiful walk-in shower.',
    );
    await expect(homeowner.getByLabel('5 stars')).toBeChecked();
    await expect(homeowner.getByLabel('You may show this on the website')).toBeChecked();
    await homeowner.getByRole('button', { name: 'Send review' }).click();
    await expect(homeowner.getByRole('heading', { name: 'Thank you for your review!' })).toBeVisible();
    // Sent once: the link now says so, and the draft is gone.
    await homeowner.goto(reviewLink);
    await expect(homeowner.getByRole('heading', { name: 'You already sent your review' })).toBeVisible();
    expect(
      await homeowner.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('rcc-review'))),
    ).toEqual([]);
    await phone.close();

    // He is told it arrived: an e-mail through the outbox, and the Reviews tab says how many wait.
    await expect
      .poll(() => smtp.received.map((mail) => mail.subject), { timeout: 30_000 })
      .toContain('New review from Hannah H., 5 stars: approve it to show it');
    // The owner approves it.
    await page.goto(`${base}/owner/reviews`);
    await expect(page.getByText('1 review waits for you to approve or hide.')).toBeVisible();
    const review = page.getByRole('listitem').filter({ hasText: 'beautiful walk-in shower' });
    await expect(review).toContainText('5 stars');
    await expect(review).toContainText('Walk-in Shower in Payson');
    await expectNoAxeViolations(page);
    // Before Approve the site does not show it.
    const words = 'Dale turned our old tub into a beautiful walk-in shower.';
    expect(await (await fetch(`${base}/`)).text()).not.toContain('beautiful walk-in shower');
    await review.getByRole('button', { name: 'Approve' }).click();
    await expect(review).toContainText('On the website');
    await expect(review.getByRole('button', { name: 'Approve' })).toBeDisabled();

    // Within 10 s, as HTML (no script run): the home page's testimonials and the matching service
    // page, on every server.
    for (const server of bases) {
      for (const route of ['/', '/services/walk-in-showers']) {
        await expect
          .poll(async () => (await (await fetch(`${server}${route}`)).text()).includes(words), { timeout: 10_000 })
          .toBe(true);
      }
    }
    expect(await (await fetch(`${base}/services/decks`)).text()).not.toContain('beautiful walk-in shower');
    const site = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const visitor = await site.newPage();
    await visitor.goto(`${base}/`);
    const testimonials = visitor.getByRole('region', { name: 'What Our Customers Say' });
    await expect(testimonials).toContainText(words);
    await expect(testimonials).toContainText('Hannah H.');
    await expect(testimonials).toContainText('5 out of 5 stars');
    // No self-serving rating markup: Google disallows it for reviews a business shows of itself.
    const jsonLd = (await visitor.locator('script[type="application/ld+json"]').allTextContents()).join('\n');
    expect(jsonLd).not.toMatch(/AggregateRating|"Review"|reviewRating/);
    await site.close();

    // After the router takes over on a page without owner content (Privacy), Back to the home page
    // shows the review as the server's page does, with the network gone by then.
    const reader = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const tab = await reader.newPage();
    const contentFetched = tab.waitForResponse(`${base}/api/site-content`);
    await tab.goto(`${base}/`);
    await expect(tab.locator('html[data-router="ready"]')).toBeAttached({ timeout: 20_000 });
    await contentFetched;
    await reader.setOffline(true);
    await tab.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(tab).toHaveURL(`${base}/privacy`);
    await expect(tab.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(/Privacy/);
    await tab.goBack();
    await expect(tab).toHaveURL(`${base}/`);
    await expect(tab.getByRole('region', { name: 'What Our Customers Say' })).toContainText(words);
    await reader.close();

    // The results page counts it for the request's source.
    await page.goto(`${base}/owner/results`);
    const reviewsBySource = page.getByRole('region', { name: 'Reviews by source' });
    await expect(reviewsBySource.getByRole('row', { name: /Not recorded/ })).toContainText(/1\s*1\s*1/);
  });
});

test('a review link that does not work says so, without JavaScript too', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(`/review/${'x'.repeat(43)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This review link does not work' })).toBeVisible();
  await context.close();
});
