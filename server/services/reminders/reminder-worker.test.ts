import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultBusinessHours } from '@shared/business-hours';
import type { DatabaseHandle } from '../../db/client';
import { deliveries, leadReminders, pushSubscriptions, quoteRequestStates, quoteRequests } from '../../db/schema';
import { silentLogger } from '../../logger';
import { testDatabases } from '../../test/databases';
import { setupTimeout, validQuote } from '../../test/http';
import { createInbox } from '../owner/inbox';
import { createSpeedToLead } from '../owner/speed-to-lead';
import { createReminderWorker } from './reminder-worker';

/** Arizona wall-clock time (UTC-7 all year) as a Date. */
const az = (local: string) => new Date(`${local}-07:00`);

describe.each(testDatabases)('reminders of unanswered requests on $kind', (testDb) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await testDb.open();
    await database.db.insert(pushSubscriptions).values({
      endpoint: 'https://push.example/phone',
      p256dh: 'BPhone',
      auth: 'secret',
      label: 'iPhone · Safari',
    });
  }, setupTimeout);

  afterAll(async () => {
    await database.close();
    await testDb.cleanup();
  }, setupTimeout);

  beforeEach(async () => {
    await database.db.execute(sql`delete from quote_requests`);
  });

  const worker = () =>
    createReminderWorker({ database, thresholds: [60, 1200], hours: defaultBusinessHours, logger: silentLogger });

  /** A request received at `at`, as the quote form stores it. */
  async function requestAt(at: Date, status: 'new' | 'spam' = 'new'): Promise<string> {
    const [row] = await database.db
      .insert(quoteRequests)
      .values({ ...validQuote, createdAt: at })
      .returning({ id: quoteRequests.id });
    await database.db.insert(quoteRequestStates).values({ quoteRequestId: row!.id, status, updatedAt: at });
    return row!.id;
  }

  const remindersOf = async (id: string) =>
    (
      await database.db
        .select({ kind: deliveries.kind, minutes: deliveries.reminderMinutes, device: deliveries.deviceLabel })
        .from(deliveries)
        .where(eq(deliveries.quoteRequestId, id))
    ).sort((a, b) => (a.minutes ?? 0) - (b.minutes ?? 0) || a.kind.localeCompare(b.kind));

  it('reminds once per threshold of business time, by push and e-mail', async () => {
    const reminders = worker();
    const id = await requestAt(az('2026-11-25T09:00')); // a Wednesday morning
    expect(await reminders.runOnce(az('2026-11-25T09:59'))).toBe(0);
    expect(await reminders.runOnce(az('2026-11-25T10:00'))).toBe(1);
    expect(await reminders.runOnce(az('2026-11-25T10:05'))).toBe(0);
    expect(await remindersOf(id)).toEqual([
      { kind: 'reminder_email', minutes: 60, device: null },
      { kind: 'reminder_push', minutes: 60, device: 'iPhone · Safari' },
    ]);
    // 20 business hours: the rest of Wednesday (8 h), Thursday (10 h), then 2 h into Friday.
    expect(await reminders.runOnce(az('2026-11-27T08:59'))).toBe(0);
    expect(await reminders.runOnce(az('2026-11-27T09:00'))).toBe(1);
    expect(await reminders.runOnce(az('2026-11-27T12:00'))).toBe(0);
    expect((await remindersOf(id)).map((row) => `${row.kind} ${row.minutes}`)).toEqual([
      'reminder_email 60',
      'reminder_push 60',
      'reminder_email 1200',
      'reminder_push 1200',
    ]);
  });

  it('sends nothing outside business hours: a Friday-evening request waits for Monday', async () => {
    const reminders = worker();
    const id = await requestAt(az('2026-11-27T18:00'));
    for (const at of ['2026-11-27T19:00', '2026-11-28T10:00', '2026-11-29T23:00', '2026-11-30T07:59']) {
      expect(await reminders.runOnce(az(at))).toBe(0);
    }
    expect(await reminders.runOnce(az('2026-11-30T08:00'))).toBe(1);
    expect((await remindersOf(id)).map((row) => row.minutes)).toEqual([60, 60]);
  });

  it('sends no reminder for a request answered in time, by a status or a tap', async () => {
    const reminders = worker();
    const contacted = await requestAt(az('2026-11-25T09:00'));
    const called = await requestAt(az('2026-11-25T09:00'));
    const spam = await requestAt(az('2026-11-25T09:00'), 'spam');
    await createInbox(database).setStatus(contacted, 'contacted');
    await createSpeedToLead(database).recordTap(called, 'call', az('2026-11-25T09:20'));
    expect(await reminders.runOnce(az('2026-11-26T16:00'))).toBe(0);
    for (const id of [contacted, called, spam]) expect(await remindersOf(id)).toEqual([]);
  });

  it('after a long stop, records the thresholds that passed and sends only the latest', async () => {
    const id = await requestAt(az('2026-11-23T09:00'));
    expect(await worker().runOnce(az('2026-11-25T10:00'))).toBe(1);
    expect((await remindersOf(id)).map((row) => row.minutes)).toEqual([1200, 1200]);
    const rows = await database.db.select().from(leadReminders).where(eq(leadReminders.quoteRequestId, id));
    expect(rows.map((row) => row.thresholdMinutes).sort((a, b) => a - b)).toEqual([60, 1200]);
  });

  it('writes each reminder once when several servers look at the same moment', async () => {
    const id = await requestAt(az('2026-11-25T09:00'));
    const written = await Promise.all([worker(), worker(), worker()].map((w) => w.runOnce(az('2026-11-25T10:30'))));
    expect(written.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await remindersOf(id)).toHaveLength(2);
  });
});
