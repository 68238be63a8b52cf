import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveries } from '../db/schema';
import { silentLogger } from '../logger';
import { createAlertDispatch } from '../services/alerts/dispatch';
import { createMailer } from '../services/alerts/mailer';
import { createEstimateMail } from '../services/estimates/estimate-dispatch';
import { createEstimateService } from '../services/estimates/estimate-service';
import { createEstimateSettings } from '../services/estimates/estimate-settings';
import { createOutboxWorker } from '../services/outbox/outbox-worker';
import { createPdfMaker } from '../services/pdf/pdf-maker';
import { createQuoteService } from '../services/quote-service';
import { scheduleReviewRequest } from '../services/reviews/review-requests';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { localTestStorage, validQuote } from '../test/http';
import { smtpServerForTests } from '../test/smtp';

const dayMs = 24 * 3600_000;
const lines = {
  items: [{ description: 'Cedar pergola', quantity: 1, unitPrice: 6400, optional: false }],
  taxRate: 0,
};

/**
 * An estimate follow-up carries one-click unsubscribe (RFC 8058); the mail app's post, with no
 * cookie and no Origin, stops that homeowner's follow-ups and review requests.
 */
describe.each(testDatabases)('one-click unsubscribe from follow-ups on $kind', (testDb) => {
  const app = serveTestApp(testDb, { label: 'follow-up-unsubscribe', apps: [{}] });
  const { database } = app;
  const smtpServer = smtpServerForTests();

  it('the follow-up names its unsubscribe link, and one post there stops what is still to come', async () => {
    const site = app.base;
    const smtp = smtpServer();
    const clock = () => new Date(Date.now() - 3.5 * dayMs);
    const storage = await localTestStorage(app.dir);
    const quotes = createQuoteService({ database, storage, deliveryKinds: [] });
    const requestId = (await quotes.submit({ ...validQuote, email: 'Dana@Example.com' }, { origins: [site] })).id;
    const settings = createEstimateSettings(database, { taxRate: 0, followUpDays: [3, 7] });
    const service = createEstimateService({ database, settings, siteUrl: site, clock });
    const draft = await service.create(requestId, lines);
    await service.send(draft.id, null);

    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: app.dir, logger: silentLogger });
    const alertSettings = { from: 'Site <site@example.com>', ownerEmail: 'owner@example.com', siteUrl: site };
    const pdfs = createPdfMaker(storage.objects);
    const dispatch = createAlertDispatch({
      database,
      storage,
      mailer,
      settings: alertSettings,
      origins: [site],
      estimateMail: createEstimateMail({ database, mailer, settings: alertSettings, clock, pdfs }),
    });
    await createOutboxWorker({ database, deliver: dispatch.deliver, logger: silentLogger }).runOnce();
    await pdfs.close();
    mailer.close();

    const first = smtp.received.find((mail) => mail.subject?.startsWith('Your estimate'))!;
    expect(first.headerLines.some((line) => line.key === 'list-unsubscribe')).toBe(false);
    const followUp = smtp.received.find((mail) => mail.subject?.startsWith('A reminder'))!;
    const header = (key: string) => followUp.headerLines.find((line) => line.key === key)?.line ?? '';
    const link = /<([^>]+)>/.exec(header('list-unsubscribe'))![1]!;
    expect(link).toBe(`${new URL(draft.url).toString()}/unsubscribe`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // A mail scanner's GET changes nothing: the page asks.
    const page = await fetch(link);
    expect(await page.text()).toContain('Stop reminders');
    const pending = () =>
      database.db
        .select({ id: deliveries.id })
        .from(deliveries)
        .where(and(eq(deliveries.kind, 'estimate_follow_up'), eq(deliveries.status, 'pending')));
    expect(await pending()).toHaveLength(1);

    const oneClick = await fetch(link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You will get no more reminders');
    expect(await pending()).toEqual([]);
    // Her review request, when the job is done, is not written either.
    const scheduled = await database.transaction((tx) =>
      scheduleReviewRequest(tx, requestId, { delayMinutes: 0, reminderDays: 5 }),
    );
    expect(scheduled).toBe(false);
    expect((await fetch(`${site}/estimate/${'A'.repeat(43)}/unsubscribe`, { method: 'POST' })).status).toBe(404);
  });
});
