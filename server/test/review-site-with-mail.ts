import type { ParsedMail } from 'mailparser';
import { expect } from 'vitest';
import { serveTestApp } from './app-fixture';
import type { TestDatabase } from './databases';
import { realMail } from './mail-outbox';
import { jsonHeaders, signedInOwner, type OwnerCall } from './owner-session';
import { sendQuote, type QuoteFields } from './quote-request';

/**
 * What the tests of review requests and reviews share (reviews.test.ts, the e-mails asking for a
 * review; reviews-answers.test.ts, where their links lead and the owner's approval): two servers
 * with their outbox workers and a real SMTP server, the owner signed in, and a job taken to Job
 * done, its e-mails and its links.
 */

export const googleReviewUrl = 'https://g.page/r/CbQx1aZ9rK2mEBM/review';
export { jsonHeaders };
export const formHeaders = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** The site on one of testDatabases, as review requests need it. Call it inside the describe block. */
export function serveReviews(testDb: TestDatabase) {
  // Two servers on one database, as behind a load balancer; the e-mail goes at once.
  const instance = { googleReviewUrl, reviewRequests: { delayMinutes: 0, reminderDays: 5 } };
  const app = serveTestApp(testDb, { label: 'reviews', apps: [instance, instance] });
  const { database } = app;
  const signedIn = signedInOwner(app);
  const owner = (base: string, path: string, init: OwnerCall = {}) => signedIn.call(path, { ...init, base });
  const { runOutboxes, mailTo } = realMail(app, { workers: 2 });
  const setStatus = (id: string, status: string, base = app.base) =>
    owner(base, `/requests/${id}`, { method: 'PATCH', body: JSON.stringify({ status }) });

  const submitQuote = async (fields: QuoteFields = {}) => (await sendQuote(app.base, fields)).id;
  const linkIn = (mail: ParsedMail, path: '/r/' | '/review/') =>
    new RegExp(`${app.base}${path}[A-Za-z0-9_-]{43}`).exec(mail.text ?? '')?.[0] ?? '';

  const unsubscribeHeader = (mail: ParsedMail) =>
    mail.headerLines.find((header) => header.key === 'list-unsubscribe')?.line ?? '';

  /** A request marked Won, then Job done. */
  async function finishedJob(fields: QuoteFields) {
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

  return {
    app,
    database,
    owner,
    setStatus,
    submitQuote,
    runOutboxes,
    mailTo,
    linkIn,
    unsubscribeHeader,
    finishedJob,
    reviewLinkOf,
  };
}
