import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { spamSignals } from '@shared/schemas/spam-signals';
import type { VisitSlot } from '@shared/schemas/visits';
import { addBusinessMinutes, defaultBusinessHours } from '@shared/business-hours';
import { deliveries, quoteRequestEvents, quoteRequests, quoteRequestStates, visits } from '../db/schema';
import { silentLogger } from '../logger';
import { createReminderWorker } from '../services/reminders/reminder-worker';
import { testDatabases } from '../test/databases';
import { testOrigins, validQuote } from '../test/http';
import { createCalendarFeed } from '../services/visits/calendar-feed';
import { createVisitService, visitPathFor } from '../services/visits/visit-service';
import { monday, serveVisits } from '../test/visit-sites';

// Booking an estimate visit through the API: the windows offered (weekdays of the next three weeks
// in Arizona time, less days off, blocked times and booked visits), booking, racing for a window,
// moving and cancelling, links that are wrong or past, spam, and a booking without the street
// address. The page without scripts is tested in visits-page.test.ts, what the owner and the
// homeowner are told in visits-notices.test.ts. The clock starts on `monday` (server/test/visit-sites.ts).

let clock = monday;

describe.each(testDatabases)('estimate visits on $kind', (testDb) => {
  const { app, database, newRequest, slotsOf, book, bookedCount } = serveVisits(testDb, () => clock);

  it('answers the quote with the booking page, the same on an idempotent replay', async () => {
    const key = randomUUID();
    const first = await newRequest({ 'Idempotency-Key': key });
    expect(first.visitUrl).toMatch(/^\/visit\/[A-Za-z0-9_-]{43}$/);
    const again = await newRequest({ 'Idempotency-Key': key });
    expect(again).toEqual(first);
    expect((await newRequest()).visitUrl).not.toBe(first.visitUrl);
  });

  it('offers the weekday windows of the next three weeks in Arizona time', async () => {
    clock = monday;
    const slots = await slotsOf((await newRequest()).token);
    // Dec 8–11, 14–18, 21–25: 14 weekdays of five 90-minute windows that end by 16:00.
    expect(slots).toHaveLength(70);
    expect(slots.slice(0, 5)).toEqual(
      ['08:00', '09:30', '11:00', '12:30', '14:00'].map((time, i) => ({
        start: `2026-12-08T${time}:00-07:00`,
        end: `2026-12-08T${['09:30', '11:00', '12:30', '14:00', '15:30'][i]}:00-07:00`,
      })),
    );
    expect(slots.at(-1)!.start).toBe('2026-12-25T14:00:00-07:00');
    for (const slot of slots) {
      const day = new Date(Date.parse(slot.start) - 7 * 3600_000).getUTCDay();
      expect(day).toBeGreaterThanOrEqual(1);
      expect(day).toBeLessThanOrEqual(5);
    }
  });

  it('leaves out days off and blocked times, and refuses a time not offered', async () => {
    clock = monday;
    const service = createVisitService({ database, tokenSecret: async () => 'unused', clock: () => clock });
    const dayOff = await service.addBlock({ date: '2026-12-09' });
    const morning = await service.addBlock({ date: '2026-12-10', from: '08:00', to: '11:00' });
    const { token } = await newRequest();
    const starts = (await slotsOf(token)).map((slot) => slot.start);
    expect(starts.some((start) => start.startsWith('2026-12-09'))).toBe(false);
    expect(starts.filter((start) => start.startsWith('2026-12-10'))).toEqual([
      '2026-12-10T11:00:00-07:00',
      '2026-12-10T12:30:00-07:00',
      '2026-12-10T14:00:00-07:00',
    ]);
    for (const start of [
      '2026-12-09T08:00:00-07:00', // day off
      '2026-12-10T09:30:00-07:00', // blocked
      '2026-12-07T14:00:00-07:00', // less than 12 hours ahead
      '2026-12-01T08:00:00-07:00', // past
      '2026-12-28T08:00:00-07:00', // beyond three weeks
      '2026-12-12T08:00:00-07:00', // Saturday
      '2026-12-08T08:30:00-07:00', // not a window's start
    ]) {
      const response = await book(token, start);
      expect(response.status, start).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/not one of the times offered/);
    }
    expect((await book(token, 'tomorrow')).status).toBe(400);
    await service.removeBlock(dayOff.id);
    await service.removeBlock(morning.id);
    expect((await slotsOf(token)).some((slot) => slot.start.startsWith('2026-12-09'))).toBe(true);
  });

  it('never books two visits that overlap, even after the owner changes the visit length', async () => {
    clock = monday;
    const service = createVisitService({ database, tokenSecret: async () => 'unused', clock: () => clock });
    const before = await service.settings();
    try {
      const first = await newRequest();
      // 12:30–14:00 on a Monday no other test books.
      expect((await book(first.token, '2026-12-14T12:30:00-07:00')).status).toBe(201);
      // Hour-long visits from now on: 12:00–13:00 and 13:00–14:00 overlap the booked 12:30–14:00.
      await service.saveSettings({ ...before, windowMinutes: 60, weekly: [{ day: 1, from: '08:00', to: '16:00' }] });
      const second = await newRequest();
      const wednesday = (await slotsOf(second.token))
        .map((slot) => slot.start)
        .filter((start) => start.startsWith('2026-12-14'));
      expect(wednesday).not.toContain('2026-12-14T12:00:00-07:00');
      expect(wednesday).not.toContain('2026-12-14T13:00:00-07:00');
      expect(wednesday).toContain('2026-12-14T14:00:00-07:00');
      // Posted anyway (a page loaded before the change, or by hand): the database refuses it.
      const overlapping = await book(second.token, '2026-12-14T13:00:00-07:00');
      expect(overlapping.status).toBe(409);
      const { next } = (await overlapping.json()) as { next: VisitSlot[] };
      expect(next[0]!.start).toBe('2026-12-14T14:00:00-07:00');

      // Two homeowners racing for overlapping windows of the new length: one gets a visit.
      await service.saveSettings({
        ...before,
        windowMinutes: 60,
        weekly: [
          { day: 1, from: '08:00', to: '16:00' },
          { day: 1, from: '08:30', to: '16:00' },
        ],
      });
      const racers = await Promise.all([newRequest(), newRequest()]);
      const answers = await Promise.all([
        book(racers[0]!.token, '2026-12-14T09:00:00-07:00'),
        book(racers[1]!.token, '2026-12-14T09:30:00-07:00'),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const held = await database.db
        .select({ start: visits.startsAt, end: visits.endsAt })
        .from(visits)
        .where(eq(visits.status, 'booked'));
      const sorted = held.sort((a, b) => a.start.getTime() - b.start.getTime());
      for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.start >= sorted[i - 1]!.end).toBe(true);
    } finally {
      await service.saveSettings(before);
    }
  });

  it('books a window given as any ISO string for the instant; a New request stays New and reminds the owner until he answers', async () => {
    clock = monday;
    const { id, token } = await newRequest();
    const response = await book(token, '2026-12-22T15:00:00.000Z', '7 Elm Rd, Pine');
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      start: '2026-12-22T08:00:00-07:00',
      end: '2026-12-22T09:30:00-07:00',
      address: '7 Elm Rd, Pine',
      outcome: 'booked',
    });
    // Her booking is not his answer: nobody has spoken to her yet.
    const [state] = await database.db
      .select()
      .from(quoteRequestStates)
      .where(eq(quoteRequestStates.quoteRequestId, id));
    expect(state!.status).toBe('new');
    expect(state!.firstAnsweredAt).toBeNull();
    const history = await database.db
      .select()
      .from(quoteRequestEvents)
      .where(eq(quoteRequestEvents.quoteRequestId, id));
    expect(history).toEqual([]);
    // So his lead reminders still come.
    const [request] = await database.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    const reminders = createReminderWorker({
      database,
      thresholds: [60],
      hours: defaultBusinessHours,
      logger: silentLogger,
    });
    // Just past his 60 business minutes, whatever hour of the day the request came in at.
    await reminders.runOnce(addBusinessMinutes(request!.createdAt, 61, defaultBusinessHours));
    const reminded = await database.db
      .select({ kind: deliveries.kind })
      .from(deliveries)
      .where(and(eq(deliveries.quoteRequestId, id), eq(deliveries.kind, 'reminder_email')));
    expect(reminded).toHaveLength(1);
    const sent = await database.db.select().from(deliveries).where(eq(deliveries.quoteRequestId, id));
    expect(
      sent
        .filter((row) => row.kind.startsWith('visit_'))
        .map((row) => row.kind)
        .sort(),
    ).toEqual(['visit_confirmation', 'visit_owner_alert', 'visit_reminder']);
    // The reminder is due the day before.
    expect(sent.find((row) => row.kind === 'visit_reminder')!.nextAttemptAt.toISOString()).toBe(
      '2026-12-21T15:00:00.000Z',
    );
    expect((await slotsOf(token)).some((slot) => slot.start === '2026-12-22T08:00:00-07:00')).toBe(false);

    const quoted = await newRequest();
    await database.db
      .update(quoteRequestStates)
      .set({ status: 'quoted' })
      .where(eq(quoteRequestStates.quoteRequestId, quoted.id));
    expect((await book(quoted.token, '2026-12-22T09:30:00-07:00')).status).toBe(201);
    const [kept] = await database.db
      .select()
      .from(quoteRequestStates)
      .where(eq(quoteRequestStates.quoteRequestId, quoted.id));
    expect(kept!.status).toBe('quoted');
  });

  it('gives one window to exactly one of 20 requests booking it at once; the others get 409 and the next free ones', async () => {
    clock = monday;
    const tokens = await Promise.all(Array.from({ length: 20 }, async () => (await newRequest()).token));
    const start = '2026-12-23T11:00:00-07:00';
    const before = await bookedCount();
    const responses = await Promise.all(tokens.map((token) => book(token, start)));
    const bodies = await Promise.all(
      responses.map(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> })),
    );
    expect(bodies.filter((b) => b.status === 201)).toHaveLength(1);
    const lost = bodies.filter((b) => b.status === 409);
    expect(lost).toHaveLength(19);
    for (const { body } of lost) {
      expect(body.error).toMatch(/just booked that time/);
      const next = body.next as VisitSlot[];
      expect(next.length).toBeGreaterThan(0);
      expect(next[0]!.start).toBe('2026-12-23T12:30:00-07:00');
      expect(next.map((slot) => slot.start)).not.toContain(start);
    }
    expect(await bookedCount()).toBe(before + 1);
    const holders = await database.db
      .select()
      .from(visits)
      .where(and(eq(visits.status, 'booked'), eq(visits.startsAt, new Date(start))));
    expect(holders).toHaveLength(1);
  });

  it('reschedules with the same link, frees the old window, and cancels', async () => {
    clock = monday;
    const { id, token } = await newRequest();
    expect((await book(token, '2026-12-15T12:30:00-07:00')).status).toBe(201);
    const moved = await book(token, '2026-12-16T14:00:00-07:00', undefined);
    expect(moved.status).toBe(201);
    expect(await moved.json()).toMatchObject({
      start: '2026-12-16T14:00:00-07:00',
      outcome: 'rescheduled',
      address: '12 Pine St, Payson',
    });
    const starts = (await slotsOf(token)).map((slot) => slot.start);
    expect(starts).toContain('2026-12-15T12:30:00-07:00');
    expect(starts).not.toContain('2026-12-16T14:00:00-07:00');
    const rows = await database.db.select().from(visits).where(eq(visits.quoteRequestId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sequence).toBe(1);

    const cancelled = await fetch(`${app.base}/api/visits/${token}`, { method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    expect((await slotsOf(token)).map((slot) => slot.start)).toContain('2026-12-16T14:00:00-07:00');
    const again = await fetch(`${app.base}/api/visits/${token}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    const pendingReminders = await database.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.quoteRequestId, id), eq(deliveries.kind, 'visit_reminder')));
    expect(pendingReminders).toHaveLength(0);
  });

  it('answers unknown links with 404 and the link of a visit that took place with 410, never 500', async () => {
    clock = monday;
    // A well-formed token that is no request's: a real one with its last two characters changed
    // (to "AA", or "BA" when it already ends so: one token in about a thousand does).
    const real = (await newRequest()).token;
    const nobodys = `${real.slice(0, -2)}${real.endsWith('AA') ? 'BA' : 'AA'}`;
    for (const token of ['nope', 'A'.repeat(43), nobodys]) {
      const slots = await fetch(`${app.base}/api/visits/${token}/slots`);
      expect(slots.status).toBe(404);
      expect(((await slots.json()) as { error: string }).error).toMatch(/not valid/);
      expect((await book(token, '2026-12-08T08:00:00-07:00')).status).toBe(404);
      expect((await fetch(`${app.base}/visit/${token}`)).status).toBe(404);
    }
    const { token } = await newRequest();
    expect((await book(token, '2026-12-08T09:30:00-07:00')).status).toBe(201);
    clock = new Date('2026-12-09T06:00:00-07:00');
    for (const response of [
      await fetch(`${app.base}/api/visits/${token}/slots`),
      await book(token, '2026-12-10T08:00:00-07:00'),
      await fetch(`${app.base}/api/visits/${token}`, { method: 'DELETE' }),
      await fetch(`${app.base}/visit/${token}`),
    ]) {
      expect(response.status).toBe(410);
    }
    clock = monday;
  });

  it('offers a request screened as spam no windows', async () => {
    clock = monday;
    const { token } = await newRequest({ [spamSignals.honeypotHeader]: 'http://spam.example' });
    expect(await slotsOf(token)).toEqual([]);
    const page = await (await fetch(`${app.base}/visit/${token}`)).text();
    expect(page).toContain('No times are open for online booking');
    expect(page).not.toContain('type="radio"');
  });

  it('books through the API with the window alone: the town stands in for the street address until it is given', async () => {
    clock = monday;
    const { token } = await newRequest({}, { ...validQuote, name: 'Api Booker', city: 'Pine' });
    const response = await fetch(`${app.base}/api/visits/${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ start: '2026-12-23T08:00:00-07:00' }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ start: '2026-12-23T08:00:00-07:00', outcome: 'booked' });

    const feed = createCalendarFeed({ database, siteUrl: testOrigins(app.base).primary, clock: () => clock });
    const calendar = new ICAL.Component(ICAL.parse(await (await fetch(await feed.url())).text()));
    const event = calendar
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent))
      .find((candidate) => candidate.summary.includes('Api Booker'));
    expect(event!.description).toContain('Address: Pine (street address not given yet)');
    expect(event!.location).toBe('Pine');

    // The booking page asks for it, and moving the visit with it fills it in.
    const page = await (await fetch(`${app.base}/visit/${token}`)).text();
    expect(page).toContain('Street address not given yet: add it below');
    const moved = await book(token, '2026-12-23T09:30:00-07:00', '3 Rim Rd, Pine');
    expect(moved.status).toBe(201);
    expect(await moved.json()).toMatchObject({ outcome: 'rescheduled', address: '3 Rim Rd, Pine' });
  });

  it('signs links with one secret for the e-mails and the API', async () => {
    const { id, visitUrl } = await newRequest();
    expect(await visitPathFor(database)(id)).toBe(visitUrl);
  });
});
