import { describe, expect, it } from 'vitest';
import { bodyMessages } from '../http/request-body';
import { approvedReviews } from '../services/reviews/reviews';
import { testDatabases } from '../test/databases';
import { formHeaders, googleReviewUrl, jsonHeaders, serveReviews } from '../test/review-site-with-mail';

// Where a review request's links lead: the Google link (a counted redirect) and the review page
// (a plain form taking one review per link); then the owner's approval, which alone shows a
// review on the site, and only with the homeowner's consent. The e-mails themselves are tested in
// reviews.test.ts.

describe.each(testDatabases)('review links and reviews on $kind', (testDb) => {
  const { app, database, owner, runOutboxes, mailTo, finishedJob, reviewLinkOf } = serveReviews(testDb);

  it('sends the Google link to the configured review page with a 302 and counts it', async () => {
    const id = await finishedJob({ name: 'Carl Ortiz', email: 'carl@example.com' });
    const { googleLink } = await reviewLinkOf(id);
    const response = await fetch(googleLink, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(googleReviewUrl);
    await fetch(googleLink, { redirect: 'manual' });
    const detail = (await (await owner(app.base, `/requests/${id}`)).json()) as {
      reviewRequest: { googleClicks: number; openedAt: string | null };
    };
    expect(detail.reviewRequest.googleClicks).toBe(2);
    expect(detail.reviewRequest.openedAt).not.toBeNull();
    // A cut-short link still reaches Google, and counts nothing.
    const unknown = await fetch(`${app.base}/r/${'x'.repeat(43)}`, { redirect: 'manual' });
    expect(unknown.headers.get('location')).toBe(googleReviewUrl);
  });

  it('takes a review once per token from the plain form, and answers used and unknown tokens with a clear page', async () => {
    const id = await finishedJob({
      name: 'Hannah Hughes',
      email: 'hannah2@example.com',
      projectType: 'Walk-in Shower',
    });
    const { reviewLink } = await reviewLinkOf(id);
    const form = await fetch(reviewLink);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain('How did we do?');
    for (const label of [
      '1 star',
      '2 stars',
      '5 stars',
      'Your review',
      'Name to show',
      'You may show this on the website',
      'Send review',
    ])
      expect(html).toContain(label);
    expect(html).toContain('value="Hannah H."');
    expect(html).not.toMatch(/name="consent" checked/);

    // No stars: refused beside the field, what was typed kept.
    const refused = await fetch(reviewLink, {
      method: 'POST',
      headers: formHeaders,
      body: new URLSearchParams({ text: 'Great work', displayName: 'Hannah H.' }),
    });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain('Choose from 1 to 5 stars.');
    expect(refusedHtml).toContain('Great work');

    // A NUL (pasted, invisible): refused beside the review, the text kept without it.
    const withNul = await fetch(reviewLink, {
      method: 'POST',
      headers: formHeaders,
      body: new URLSearchParams({ stars: '5', text: 'Great\u0000 work', displayName: 'Hannah H.' }),
    });
    expect(withNul.status).toBe(400);
    const withNulHtml = await withNul.text();
    expect(withNulHtml).toContain(bodyMessages.nulInForm);
    expect(withNulHtml).toContain('Great work</textarea>');

    // Whatever a stranger posts is a page, never a 500.
    for (const body of ['stars=1&stars=2&text=a&text=b', 'stars=%00&displayName=' + 'x'.repeat(500), '%%%', '']) {
      const garbage = await fetch(reviewLink, { method: 'POST', headers: formHeaders, body });
      expect(garbage.status).toBe(400);
    }
    expect((await fetch(reviewLink, { method: 'POST', headers: jsonHeaders, body: '{"stars":5}' })).status).toBe(400);

    const sent = await fetch(reviewLink, {
      method: 'POST',
      headers: formHeaders,
      body: new URLSearchParams({
        stars: '5',
        text: 'The shower is beautiful.',
        displayName: 'Hannah H.',
        consent: 'on',
      }),
    });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain('Thank you for your review!');

    const again = await fetch(reviewLink, {
      method: 'POST',
      headers: formHeaders,
      body: new URLSearchParams({ stars: '1', text: 'Changed my mind', displayName: 'H', consent: 'on' }),
    });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('You already sent your review');
    expect(await (await fetch(reviewLink)).text()).toContain('You already sent your review');

    // The owner is told, once (the second post stored nothing), through the outbox.
    await runOutboxes();
    const told = mailTo('owner@example.com').filter(
      (mail) => mail.subject === 'New review from Hannah H., 5 stars: approve it to show it',
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('The shower is beautiful.');
    expect(told[0]!.text).toContain(`${app.base}/owner/reviews`);
    const waiting = (await (await owner(app.base, '/reviews')).json()) as { reviewsWaiting: number };
    expect(waiting.reviewsWaiting).toBeGreaterThanOrEqual(1);

    const unknown = await fetch(`${app.base}/review/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('This review link does not work');
    expect(await (await fetch(`${app.base}/review/nonsense`)).text()).toContain('This review link does not work');

    const { reviews } = (await (await owner(app.base, '/reviews')).json()) as {
      reviews: { text: string; stars: number; request: { id: string; projectType: string } }[];
    };
    const mine = reviews.filter((review) => review.request.id === id);
    expect(mine).toEqual([
      expect.objectContaining({
        stars: 5,
        text: 'The shower is beautiful.',
        request: expect.objectContaining({ projectType: 'Walk-in Shower' }),
      }),
    ]);
    const detail = (await (await owner(app.base, `/requests/${id}`)).json()) as {
      reviewRequest: { answeredAt: string | null };
    };
    expect(detail.reviewRequest.answeredAt).not.toBeNull();
  });

  it('shows a review on the site only once approved, never without consent, and hides it again', async () => {
    const review = async (name: string, consent: boolean) => {
      const id = await finishedJob({
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
        projectType: 'Kitchen Remodeling',
      });
      const { reviewLink } = await reviewLinkOf(id);
      const body = new URLSearchParams({ stars: '4', text: `Kind words from ${name}`, displayName: name });
      if (consent) body.set('consent', 'on');
      expect((await fetch(reviewLink, { method: 'POST', headers: formHeaders, body })).status).toBe(200);
      const { reviews } = (await (await owner(app.base, '/reviews')).json()) as {
        reviews: { id: string; request: { id: string } }[];
      };
      return reviews.find((item) => item.request.id === id)!.id;
    };
    const withConsent = await review('Maria Lopez', true);
    const without = await review('Tom Baker', false);
    const shown = async () => (await approvedReviews(database.db)).map((item) => item.text);

    expect(await shown()).not.toContain('Kind words from Maria Lopez');
    const refused = await owner(app.base, `/reviews/${without}/approve`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toContain('did not allow');
    expect((await owner(app.base, `/reviews/${withConsent}/approve`, { method: 'POST' })).status).toBe(200);

    const approved = await approvedReviews(database.db);
    expect(approved.map((item) => item.text)).toContain('Kind words from Maria Lopez');
    expect(approved.map((item) => item.text)).not.toContain('Kind words from Tom Baker');
    expect(approved.find((item) => item.id === withConsent)).toMatchObject({
      displayName: 'Maria Lopez',
      serviceSlug: 'kitchen-remodeling',
      stars: 4,
    });

    expect((await owner(app.base, `/reviews/${withConsent}/hide`, { method: 'POST' })).status).toBe(200);
    expect(await shown()).not.toContain('Kind words from Maria Lopez');
  });

  it('lets no stranger list, approve or hide reviews', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['GET', '/reviews'],
      ['POST', `/reviews/${id}/approve`],
      ['POST', `/reviews/${id}/hide`],
    ] as const) {
      const response = await fetch(`${app.base}/api/owner${path}`, { method, headers: { Origin: app.base } });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Please sign in.' });
    }
  });
});
