import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { isKnownPath } from '@shared/routes';
import { reviewsOfService } from '@shared/content/site-content';
import { setOwnerPassword } from '../services/owner/owner-sessions';
import type { SiteRenderer } from './site-pages';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { quickPasswordHash, validQuote } from '../test/http';
import { listingRenderer, withSiteServer } from '../test/site-content';
import { eventually } from '../test/wait-for';

/** The home page lists every approved review, a service page those of its service (a test renderer, no build). */
const reviewsRenderer: SiteRenderer = {
  ...listingRenderer,
  async render(url, { content }) {
    const service = /^\/services\/(.+)$/.exec(url)?.[1];
    const shown = service ? reviewsOfService(content, service) : url === '/' ? content.reviews : [];
    const items = shown.map((review) => `<li>${review.text} (${review.displayName})</li>`).join('');
    return { head: '', html: `<h1>${url}</h1><ul>${items}</ul>`, status: isKnownPath(url, content) ? 200 : 404 };
  },
};

/**
 * An approved review is on the site within 10 s on every server on the database (the publishing
 * path: Approve moves the content version in its transaction), and only once approved.
 */
describe.each(testDatabases)('approved reviews on the pages ($kind)', (testDb) => {
  const served = serveTestApp(testDb, {
    label: 'review-pages',
    apps: [{ reviewRequests: { delayMinutes: 0, reminderDays: 0 } }],
  });
  const password = 'pinyon jay at noon';

  const text = async (base: string, path: string) => (await fetch(`${base}${path}`)).text();
  it('shows a review on the home page and its service page of a second server once approved, at its next content check', async () => {
    await setOwnerPassword(served.database.transaction, password, quickPasswordHash);
    const api = served.base;
    const signIn = await fetch(`${api}/api/owner/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: api },
      body: JSON.stringify({ password }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const owner = (path: string, init: RequestInit = {}) =>
      fetch(`${api}/api/owner${path}`, {
        ...init,
        headers: { Cookie: cookie, Origin: api, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
      });

    const created = await fetch(`${api}/api/quote-requests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...validQuote, name: 'Hannah Hughes', projectType: 'Deck' }),
    });
    const { id } = (await created.json()) as { id: string };
    await owner(`/requests/${id}`, { method: 'PATCH', body: JSON.stringify({ status: 'won' }) });
    await owner(`/requests/${id}`, { method: 'PATCH', body: JSON.stringify({ status: 'done' }) });
    const detail = (await (await owner(`/requests/${id}`)).json()) as { reviewRequest: { reviewLink: string } };
    const token = detail.reviewRequest.reviewLink.split('/review/')[1]!;
    const posted = await fetch(`${api}/review/${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ stars: '5', text: 'Solid new deck', displayName: 'Hannah H.', consent: 'on' }),
    });
    expect(posted.status).toBe(200);

    await withSiteServer(served, reviewsRenderer, async (first) => {
      await withSiteServer(served, reviewsRenderer, async (second) => {
        // Sent, with consent, but not approved: on no page.
        await sleep(300);
        for (const base of [first, second]) {
          expect(await text(base, '/')).not.toContain('Solid new deck');
          expect(await text(base, '/services/decks')).not.toContain('Solid new deck');
        }
        const { reviews } = (await (await owner('/reviews')).json()) as { reviews: { id: string }[] };
        const approved = await owner(`/reviews/${reviews[0]!.id}/approve`, { method: 'POST' });
        expect(approved.status).toBe(200);
        for (const base of [first, second]) {
          await eventually(10_000, async () => {
            expect(await text(base, '/')).toContain('<li>Solid new deck (Hannah H.)</li>');
          });
          expect(await text(base, '/services/decks')).toContain('Solid new deck');
          const json = (await (await fetch(`${base}/api/site-content`)).json()) as { reviews: { text: string }[] };
          expect(json.reviews.map((review) => review.text)).toEqual(['Solid new deck']);
        }

        // Hide takes it off every server again.
        expect((await owner(`/reviews/${reviews[0]!.id}/hide`, { method: 'POST' })).status).toBe(200);
        for (const base of [first, second]) {
          await eventually(10_000, async () => expect(await text(base, '/')).not.toContain('Solid new deck'));
        }
      });
    });
  });
});
