import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries } from '../../db/schema';
import { silentLogger } from '../../logger';
import { serveTestApp } from '../../test/app-fixture';
import { outboxWorkerFor } from '../../test/mail-outbox';
import { testDatabases } from '../../test/databases';
import { localTestStorage, setupTimeout, validQuote } from '../../test/http';
import { pdfText } from '../../test/pdf-text';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { createMailer } from '../alerts/mailer';
import { createQuoteService } from '../quote-service';
import { createEstimateAnswers } from './estimate-answers';
import { followUpTimes } from './estimate-records';
import { createEstimateService } from './estimate-service';
import { createEstimateSettings } from './estimate-settings';

const site = 'https://www.rimcountrycarpentry.example';
const settings = { from: 'Rim Country Carpentry <quotes@example.com>', ownerEmail: 'owner@example.com', siteUrl: site };
const dayMs = 24 * 3600_000;
const lines = {
  items: [
    { description: 'Pergola, 12 × 14 ft, rough-sawn cedar', quantity: 1, unitPrice: 6400, optional: false },
    { description: 'Stain, two coats', quantity: 1, unitPrice: 650, optional: true },
  ],
  taxRate: 0,
};

describe('follow-up times', () => {
  it('falls each configured day after sending, fractions too, and never after Valid until', () => {
    const sent = new Date('2026-12-01T17:00:00Z');
    expect(followUpTimes(sent, [3, 7], '2026-12-31').map((at) => at.toISOString())).toEqual([
      '2026-12-04T17:00:00.000Z',
      '2026-12-08T17:00:00.000Z',
    ]);
    expect(followUpTimes(sent, [0.5], '2026-12-31')[0]!.toISOString()).toBe('2026-12-02T05:00:00.000Z');
    // Valid until the 5th (Arizona): the 7-day one would come after it.
    expect(followUpTimes(sent, [3, 7], '2026-12-05')).toHaveLength(1);
    expect(followUpTimes(sent, [], '2026-12-31')).toEqual([]);
  });
});

describe.each(testDatabases)('estimate e-mails and follow-ups on $kind', (testDb) => {
  const fixture = serveTestApp(testDb, { label: 'estimate-mail' });
  const { database } = fixture;
  let smtp: TestSmtpServer;
  // The fake clock: the estimate is sent 3.5 days before the database's now, so the 3-day follow-up is due and the 7-day one is not.
  let now = new Date(Date.now() - 3.5 * dayMs);
  const clock = () => now;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  }, setupTimeout);

  afterAll(async () => {
    await smtp.close();
  }, setupTimeout);

  function parts() {
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: fixture.dir, logger: silentLogger });
    const estimateSettings = createEstimateSettings(database, { taxRate: 0, followUpDays: [3, 7] });
    const service = createEstimateService({ database, settings: estimateSettings, siteUrl: site, clock });
    const answers = createEstimateAnswers({ database, clock });
    return { mailer, service, answers };
  }

  const outbox = async (mailer: ReturnType<typeof createMailer>) =>
    outboxWorkerFor({ database, storage: fixture.storage, mailer, settings, estimateClock: clock });

  it('sends the estimate with its PDF, one follow-up when due, and none once it is approved', async () => {
    const { mailer, service, answers } = parts();
    const quotes = createQuoteService({ database, storage: await localTestStorage(fixture.dir), deliveryKinds: [] });
    const requestId = (
      await quotes.submit({ ...validQuote, name: 'Renée Castillo', email: 'renee@example.com' }, { origins: [site] })
    ).id;
    const draft = await service.create(requestId, lines);
    await service.send(draft.id, null);
    const worker = await outbox(mailer);
    await worker.runOnce();

    const first = smtp.received.filter((mail) => mail.subject?.startsWith('Your estimate'));
    expect(first).toHaveLength(1);
    expect(first[0]!.text).toContain(new URL(draft.url).pathname);
    const pdf = first[0]!.attachments.find((file) => file.contentType === 'application/pdf');
    const { text } = await pdfText(new Uint8Array(pdf!.content));
    expect(text).toContain('Pergola, 12 × 14 ft, rough-sawn cedar');
    expect(text).toContain('Renée Castillo');
    expect(text).toContain('$6,400.00');
    const followUps = () => smtp.received.filter((mail) => mail.subject?.startsWith('A reminder'));
    expect(followUps()).toHaveLength(1);

    // Running again sends nothing more: the 7-day one is not due yet.
    await worker.runOnce();
    expect(followUps()).toHaveLength(1);

    now = new Date(now.getTime() + 4 * dayMs);
    const token = new URL(draft.url).pathname.split('/').pop()!;
    await answers.approve(token, { name: 'Renée Castillo', options: [1] }, { ip: '203.0.113.9', userAgent: 'test' });
    const pending = await database.db
      .select()
      .from(deliveries)
      .where(sql`${deliveries.kind} = 'estimate_follow_up' and ${deliveries.status} = 'pending'`);
    expect(pending).toEqual([]);
    await worker.runOnce();
    expect(followUps()).toHaveLength(1);
    const signed = smtp.received.find((mail) => mail.subject?.startsWith('Estimate approved: $7,050.00 –'));
    expect(signed?.attachments[0]?.filename).toBe('estimate-1-signed.pdf');
    expect(
      smtp.received.filter((mail) => mail.to && JSON.stringify(mail.to).includes('owner@example.com')),
    ).toHaveLength(1);
  });

  it('drops a follow-up of an estimate that expired before it was due', async () => {
    const { mailer, service } = parts();
    now = new Date(Date.now() - 3.5 * dayMs);
    const quotes = createQuoteService({ database, storage: await localTestStorage(fixture.dir), deliveryKinds: [] });
    const requestId = (
      await quotes.submit({ ...validQuote, name: 'Sam Ortega', email: 'sam@example.com' }, { origins: [site] })
    ).id;
    const draft = await service.create(requestId, {
      ...lines,
      validUntil: new Date(now.getTime() + 5 * dayMs).toISOString().slice(0, 10),
    });
    await service.send(draft.id, null);
    const before = smtp.received.length;
    // The clock moves past Valid until before the outbox sends the follow-up.
    now = new Date(now.getTime() + 20 * dayMs);
    const worker = await outbox(mailer);
    await worker.runOnce();
    const mine = smtp.received.slice(before).filter((mail) => JSON.stringify(mail.to).includes('sam@example.com'));
    expect(mine.map((mail) => mail.subject?.split(':')[0])).toEqual(['Your estimate for the deck']);
    const left = await database.db.select().from(deliveries).where(eq(deliveries.kind, 'estimate_follow_up'));
    expect(left.filter((row) => row.status === 'pending')).toEqual([]);
  });
});
