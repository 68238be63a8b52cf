import { and, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, reviewRequests } from '../db/schema';
import { silentLogger } from '../logger';
import { createAlertDispatch } from '../services/alerts/dispatch';
import { createMailer } from '../services/alerts/mailer';
import { createOutboxWorker } from '../services/outbox/outbox-worker';
import { setOwnerPassword } from '../services/owner/owner-sessions';
import { approvedReviews } from '../services/reviews/reviews';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { quickPasswordHash, setupTimeout, validQuote } from '../test/http';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp';

const password = 'juniper ridge 2026';
const googleReviewUrl = 'https://g.page/r/CbQx1aZ9rK2mEBM/review';
const jsonHeaders = { 'Content-Type': 'application/json' };
const formHeaders = { 'Content-Type': 'application/x-www-form-urlencoded' };

describe.each(testDatabases)('review requests and reviews on $kind', (testDb) => {
  // Two servers on one database, as behind a load balancer; the e-mail goes at once.
  const instance = { googleReviewUrl, reviewRequests: { delayMinutes: 0, reminderDays: 5 } };
  const app = serveTestApp(testDb, { label: 'reviews', apps: [instance, instance] });
  const { database } = app;
  let smtp: TestSmtpServer;
  let workers: ReturnType<typeof createOutboxWorker>[];
  const closers: (() => void)[] = [];
  let cookie: string;

  beforeAll(async () => {
    await setOwnerPassword(database.transaction, password, quickPasswordHash);
    smtp = await startSmtpServer();
    // One outbox worker per server process, as server/index.ts runs them.
    workers = [0, 1].map(() => {
      const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: app.dir, logger: silentLogger });
      closers.push(() => mailer.close());
      const dispatch = createAlertDispatch({
        database,
        storage: undefined as never,
        mailer,
        settings: {
          from: 'Rim Country Carpentry <quotes@example.com>',
          ownerEmail: 'owner@example.com',
          siteUrl: app.base,
        },
        origins: [app.base],
      });
      return createOutboxWorker({ database, deliver: dispatch.deliver, logger: silentLogger });
    });
    const response = await fetch(`${app.base}/api/owner/session`, {
      method: 'POST',
      headers: { ...jsonHeaders, Origin: app.base },
      body: JSON.stringify({ password }),
    });
    cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  }, setupTimeout);

  afterAll(async () => {
    for (const close of closers) close();
    await smtp.close();
  });

  const owner = (base: string, path: string, init: RequestInit = {}) =>
    fetch(`${base}/api/owner${path}`, {
      ...init,
      headers: { Cookie: cookie, Origin: base, ...(init.body ? jsonHeaders : {}) },
    });
  const setStatus = (id: string, status: string, base = app.base) =>
    owner(base, `/requests/${id}`, { method: 'PATCH', body: JSON.stringify({ status }) });

  async function submitQuote(fields: Partial<Record<keyof typeof validQuote, string>> = {}) {
    const response = await fetch(`${app.base}/api/quote-requests`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ ...validQuote, ...fields }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  /** Both servers' outbox workers at once, until nothing is due. */
  const runOutboxes = async () => {
    await Promise.all(workers.map((worker) => worker.runOnce()));
  };
  const mailTo = (address: string) =>
    smtp.received.filter((mail) =>
      (mail.to && 'value' in mail.to ? mail.to.value : []).some((to) => to.address === address),
    );
  const linkIn = (mail: ParsedMail, path: '/r/' | '/review/') =>
    new RegExp(`${app.base}${path}[A-Za-z0-9_-]{43}`).exec(mail.text ?? '')?.[0] ?? '';

  const unsubscribeHeader = (mail: ParsedMail) =>
    mail.headerLines.find((header) => header.key === 'list-unsubscribe')?.line ?? '';

  /** A request marked Won, then Job done. */
  async function finishedJob(fields: Partial<Record<keyof typeof validQuote, string>>) {
    const id = await submitQuote(fields);
    expect((await setStatus(id, 'won')).status).toBe(200);
    expect((await setStatus(id, 'done')).status).toBe(200);
    return id;
  }

  async function reviewLinkOf(id: string) {
    const detail = (await (await owner(app.base, `/requests/${id}`)).json()) as {
      reviewRequest: { reviewLink: string; googleLink: string } | null;
    };
    return detail.reviewRequest!;
  }

  it('sends exactly one review e-mail for Job done set twice on two servers, with both links and no gating', async () => {
    const email = 'hannah.hughes@example.com';
    const id = await submitQuote({ name: 'Hannah Hughes', email, projectType: 'Deck', city: 'Pine' });
    expect((await setStatus(id, 'won')).status).toBe(200);
    const [first, second] = await Promise.all([
      setStatus(id, 'done', app.servers[0]!.base),
      setStatus(id, 'done', app.servers[1]!.base),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await setStatus(id, 'done')).status).toBe(200);
    await runOutboxes();
    await runOutboxes();

    const mails = mailTo(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toContain('Hannah');
    expect(mail.text).toContain('Hello Hannah');
    expect(mail.text).toContain('deck in Pine');
    expect(linkIn(mail, '/r/')).not.toBe('');
    expect(linkIn(mail, '/review/')).not.toBe('');
    expect(mail.html).toContain('Leave a review on Google');
    expect(unsubscribeHeader(mail)).toMatch(/\/review\/[A-Za-z0-9_-]{43}\/unsubscribe/);

    // The request's page: sent, not yet opened or answered; the same links for a text.
    const state = (await (await owner(app.base, `/requests/${id}`)).json()) as {
      status: string;
      reviewRequest: { sentAt: string | null; openedAt: string | null; answeredAt: string | null; googleLink: string };
    };
    expect(state.status).toBe('done');
    expect(state.reviewRequest.sentAt).not.toBeNull();
    expect(state.reviewRequest.openedAt).toBeNull();
    expect(state.reviewRequest.googleLink).toBe(linkIn(mail, '/r/'));
  });

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

  /** Moves the request's review reminder to now, as if the days had passed. */
  const reminderDue = async (id: string) => {
    await database.db
      .update(deliveries)
      .set({ nextAttemptAt: sql`now()`, createdAt: sql`now()` })
      .where(and(eq(deliveries.quoteRequestId, id), eq(deliveries.kind, 'review_reminder')));
  };

  it('sends the reminder once, days later, and none after a click, a visit of the review page or an answer', async () => {
    const remindedEmail = 'reminded@example.com';
    const reminded = await finishedJob({ name: 'Rita Reminded', email: remindedEmail });
    const clickedEmail = 'clicked@example.com';
    const clicked = await finishedJob({ name: 'Cody Clicked', email: clickedEmail });
    const openedEmail = 'opened@example.com';
    const opened = await finishedJob({ name: 'Olga Opened', email: openedEmail });
    const answeredEmail = 'answered@example.com';
    const answered = await finishedJob({ name: 'Andy Answered', email: answeredEmail });
    await runOutboxes();
    for (const email of [remindedEmail, clickedEmail, openedEmail, answeredEmail])
      expect(mailTo(email)).toHaveLength(1);

    // Not due yet: nothing more.
    await runOutboxes();
    expect(mailTo(remindedEmail)).toHaveLength(1);

    await fetch((await reviewLinkOf(clicked)).googleLink, { redirect: 'manual' });
    expect((await fetch((await reviewLinkOf(opened)).reviewLink)).status).toBe(200);
    const answerLink = (await reviewLinkOf(answered)).reviewLink;
    const sent = await fetch(answerLink, {
      method: 'POST',
      headers: formHeaders,
      body: new URLSearchParams({ stars: '5', text: 'Great work on the deck.', displayName: 'Andy A.' }).toString(),
      redirect: 'manual',
    });
    expect(sent.status).toBeLessThan(400);
    for (const id of [reminded, clicked, opened, answered]) await reminderDue(id);
    await runOutboxes();
    await runOutboxes();
    expect(mailTo(remindedEmail)).toHaveLength(2);
    expect(mailTo(remindedEmail)[1]!.subject).toContain('A minute for a review?');
    for (const email of [clickedEmail, openedEmail, answeredEmail]) expect(mailTo(email), email).toHaveLength(1);

    await reminderDue(reminded);
    await runOutboxes();
    expect(mailTo(remindedEmail)).toHaveLength(2);
  });

  it('stops every further request to an address that unsubscribed', async () => {
    const email = 'no.more@example.com';
    const first = await finishedJob({ name: 'Nora More', email });
    await runOutboxes();
    expect(mailTo(email)).toHaveLength(1);
    const unsubscribeLink = unsubscribeHeader(mailTo(email)[0]!);
    const url = /<([^>]+)>/.exec(unsubscribeLink)![1]!;
    expect(await (await fetch(url)).text()).toContain('Stop review requests');
    // One click in the mail app (RFC 8058).
    const done = await fetch(url, { method: 'POST', headers: formHeaders, body: 'List-Unsubscribe=One-Click' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You will get no more review requests');

    await reminderDue(first);
    const second = await finishedJob({ name: 'Nora More', email: 'No.More@example.com' });
    await runOutboxes();
    expect(mailTo(email)).toHaveLength(1);
    const [row] = await database.db.select().from(reviewRequests).where(eq(reviewRequests.quoteRequestId, second));
    expect(row).toBeDefined();
  });

  it('sends nothing when Job done is undone before the e-mail was due, and counts done as won', async () => {
    const slow = { googleReviewUrl, reviewRequests: { delayMinutes: 120, reminderDays: 5 } };
    await app.withApp(slow, async (base) => {
      const id = await submitQuote({ name: 'Mick Mistap', email: 'mick@example.com' });
      await setStatus(id, 'won', base);
      const doneFrom = Date.now();
      await setStatus(id, 'done', base);
      const doneUntil = Date.now();
      const pending = await database.db.select().from(deliveries).where(eq(deliveries.quoteRequestId, id));
      expect(pending.map((row) => row.kind).sort()).toEqual(['review_reminder', 'review_request']);
      // Due two hours later, not now.
      const due = pending.find((row) => row.kind === 'review_request')!.nextAttemptAt.getTime();
      expect(due).toBeGreaterThanOrEqual(doneFrom + 120 * 60_000);
      expect(due).toBeLessThanOrEqual(doneUntil + 120 * 60_000);
      await setStatus(id, 'won', base);
      expect(await database.db.select().from(deliveries).where(eq(deliveries.quoteRequestId, id))).toEqual([]);

      await setStatus(id, 'done', base);
      const list = (await (await owner(base, '/requests?status=won')).json()) as {
        items: { id: string; status: string }[];
        counts: Record<string, number>;
      };
      expect(list.items.find((item) => item.id === id)?.status).toBe('done');
      expect(list.counts.won).toBeGreaterThanOrEqual(list.counts.done!);
      expect(list.counts.done).toBeGreaterThan(0);
      const csv = await (await owner(base, '/requests/export.csv?status=won')).text();
      expect(csv).toContain('Job done');
      const results = (await (await owner(base, '/results?period=this-month')).json()) as {
        totals: { won: number };
        reviewsBySource: { key: string; reviewRequestsSent: number; googleClicks: number; reviewsReceived: number }[];
      };
      expect(results.totals.won).toBeGreaterThanOrEqual(list.counts.won!);
      const direct = results.reviewsBySource.find((row) => row.key === 'Not recorded');
      expect(direct?.reviewRequestsSent).toBeGreaterThan(0);
      expect(direct?.googleClicks).toBeGreaterThan(0);
      expect(direct?.reviewsReceived).toBeGreaterThan(0);
    });
  });
});
