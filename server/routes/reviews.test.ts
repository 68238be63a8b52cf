import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveries, reviewRequests } from '../db/schema';
import { testDatabases } from '../test/databases';
import { formHeaders, googleReviewUrl, serveReviews } from '../test/review-site-with-mail';

// The e-mails asking for a review once a job is done: exactly one however often Job done is set
// and on however many servers, the reminder days later (none once the homeowner clicked, looked
// or answered), none after an unsubscribe, and none when Job done is undone before it was due.
// Where the links lead and the owner's approval are tested in reviews-answers.test.ts.

describe.each(testDatabases)('review request e-mails on $kind', (testDb) => {
  const site = serveReviews(testDb);
  const { app, owner, setStatus, runOutboxes, mailTo, finishedJob } = site;

  it('sends exactly one review e-mail for Job done set twice on two servers, with both links and no gating', async () => {
    const email = 'hannah.hughes@example.com';
    const id = await site.submitQuote({ name: 'Hannah Hughes', email, projectType: 'Deck', city: 'Pine' });
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
    expect(site.linkIn(mail, '/r/')).not.toBe('');
    expect(site.linkIn(mail, '/review/')).not.toBe('');
    expect(mail.html).toContain('Leave a review on Google');
    expect(site.unsubscribeHeader(mail)).toMatch(/\/review\/[A-Za-z0-9_-]{43}\/unsubscribe/);

    // The request's page: sent, not yet opened or answered; the same links for a text.
    const state = (await (await owner(app.base, `/requests/${id}`)).json()) as {
      status: string;
      reviewRequest: { sentAt: string | null; openedAt: string | null; answeredAt: string | null; googleLink: string };
    };
    expect(state.status).toBe('done');
    expect(state.reviewRequest.sentAt).not.toBeNull();
    expect(state.reviewRequest.openedAt).toBeNull();
    expect(state.reviewRequest.googleLink).toBe(site.linkIn(mail, '/r/'));
  });

  /** Moves the request's review reminder to now, as if the days had passed. */
  const reminderDue = async (id: string) => {
    await site.database.db
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

    await fetch((await site.reviewLinkOf(clicked)).googleLink, { redirect: 'manual' });
    expect((await fetch((await site.reviewLinkOf(opened)).reviewLink)).status).toBe(200);
    const answerLink = (await site.reviewLinkOf(answered)).reviewLink;
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
    const unsubscribeLink = site.unsubscribeHeader(mailTo(email)[0]!);
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
    const [row] = await site.database.db.select().from(reviewRequests).where(eq(reviewRequests.quoteRequestId, second));
    expect(row).toBeDefined();
  });

  it('sends nothing when Job done is undone before the e-mail was due, and counts done as won', async () => {
    const slow = { googleReviewUrl, reviewRequests: { delayMinutes: 120, reminderDays: 5 } };
    await app.withApp(slow, async (base) => {
      const id = await site.submitQuote({ name: 'Mick Mistap', email: 'mick@example.com' });
      await setStatus(id, 'won', base);
      const doneFrom = Date.now();
      await setStatus(id, 'done', base);
      const doneUntil = Date.now();
      const pending = await site.database.db.select().from(deliveries).where(eq(deliveries.quoteRequestId, id));
      expect(pending.map((row) => row.kind).sort()).toEqual(['review_reminder', 'review_request']);
      // Due two hours later, not now.
      const due = pending.find((row) => row.kind === 'review_request')!.nextAttemptAt.getTime();
      expect(due).toBeGreaterThanOrEqual(doneFrom + 120 * 60_000);
      expect(due).toBeLessThanOrEqual(doneUntil + 120 * 60_000);
      await setStatus(id, 'won', base);
      expect(await site.database.db.select().from(deliveries).where(eq(deliveries.quoteRequestId, id))).toEqual([]);

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
