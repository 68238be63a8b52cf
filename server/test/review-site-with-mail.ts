import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect } from 'vitest';
import { silentLogger } from '../logger';
import { createAlertDispatch } from '../services/alerts/dispatch';
import { createMailer } from '../services/alerts/mailer';
import { createOutboxWorker } from '../services/outbox/outbox-worker';
import { setOwnerPassword } from '../services/owner/owner-sessions';
import { serveTestApp } from './app-fixture';
import type { TestDatabase } from './databases';
import { quickPasswordHash, setupTimeout, validQuote } from './http';
import { startSmtpServer, type TestSmtpServer } from './smtp';

/**
 * What the tests of review requests and reviews share (reviews.test.ts, the e-mails asking for a
 * review; reviews-answers.test.ts, where their links lead and the owner's approval): two servers
 * with their outbox workers and a real SMTP server, the owner signed in, and a job taken to Job
 * done, its e-mails and its links.
 */

const password = 'juniper ridge 2026';
export const googleReviewUrl = 'https://g.page/r/CbQx1aZ9rK2mEBM/review';
export const jsonHeaders = { 'Content-Type': 'application/json' };
export const formHeaders = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** The site on one of testDatabases, as review requests need it. Call it inside the describe block. */
export function serveReviews(testDb: TestDatabase) {
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
