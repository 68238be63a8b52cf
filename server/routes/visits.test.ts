import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { and, count, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { spamSignals } from '@shared/schemas/spam-signals';
import type { VisitSlot } from '@shared/schemas/visits';
import { deliveries, pushSubscriptions, quoteRequestEvents, quoteRequestStates, visits } from '../db/schema';
import { rateLimitMessage } from '../http/rate-limit';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { tempDir, testOrigins, validQuote } from '../test/http';
import { silentLogger } from '../logger';
import { createMailer } from '../services/alerts/mailer';
import { createVisitMail, visitPushPayload } from '../services/visits/visit-dispatch';
import { createCalendarFeed } from '../services/visits/calendar-feed';
import { createVisitService, visitPathFor } from '../services/visits/visit-service';

// Monday, December 7, 2026, 6:00 in Arizona (13:00 UTC): with 12 hours' notice the first window
// is Tuesday 8:00; three weeks ahead ends Monday the 28th at 6:00, before its first window.
const monday = new Date('2026-12-07T06:00:00-07:00');
let clock = monday;

describe.each(testDatabases)('estimate visits on $kind', (testDb) => {
  const app = serveTestApp(testDb, {
    label: 'visits',
    apps: [
      { deliveryKinds: ['owner_alert', 'confirmation'], visitClock: () => clock },
      { deliveryKinds: [], visitClock: () => clock, rateLimitPerMinute: 3 },
    ],
  });
  const { database } = app;

  async function newRequest(headers: Record<string, string> = {}, quote: Record<string, unknown> = validQuote) {
    const response = await fetch(`${app.base}/api/quote-requests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(quote),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; visitUrl: string };
    return { ...body, token: body.visitUrl.replace('/visit/', '') };
  }
  const slotsOf = async (token: string, base = app.base) => {
    const response = await fetch(`${base}/api/visits/${token}/slots`);
    expect(response.status).toBe(200);
    return (await response.json()) as VisitSlot[];
  };
  const book = (token: string, start: string, address: string | undefined = '12 Pine St, Payson', base = app.base) =>
    fetch(`${base}/api/visits/${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ start, address }),
    });
  /** The visits' e-mails as the outbox sends them, written as files into `dir`. */
  const visitMailTo = (dir: string, now: () => Date) =>
    createVisitMail({
      database,
      mailer: createMailer({ outboxDir: dir, logger: silentLogger }),
      settings: {
        from: 'Site <site@example.com>',
        ownerEmail: 'owner@example.com',
        siteUrl: 'https://www.example.com',
      },
      pathFor: visitPathFor(database),
      clock: now,
    });
  const bookedCount = async () =>
    (await database.db.select({ n: count() }).from(visits).where(eq(visits.status, 'booked')))[0]!.n;

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

  it('books a window given as any ISO string for the instant, moves a New request to Contacted, and never back', async () => {
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
    const [state] = await database.db
      .select()
      .from(quoteRequestStates)
      .where(eq(quoteRequestStates.quoteRequestId, id));
    expect(state!.status).toBe('contacted');
    // The request's history says how it got there.
    const history = await database.db
      .select()
      .from(quoteRequestEvents)
      .where(eq(quoteRequestEvents.quoteRequestId, id));
    expect(history.map((event) => [event.kind, event.status, event.device])).toEqual([
      ['status', 'contacted', 'Online booking'],
    ]);
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
    for (const token of ['nope', 'A'.repeat(43), `${(await newRequest()).token.slice(0, -2)}AA`]) {
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

  it('works as a plain HTML form: one radio per window grouped by day, the address, booked on post', async () => {
    clock = monday;
    const { token } = await newRequest();
    const page = await fetch(`${app.base}/visit/${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Pick a time for your free on-site estimate');
    // One day at a time: a disclosure per open day (three weeks of weekdays from Tuesday), the first one open.
    expect(html).toContain(
      '<details class="day" name="visit-day" open><summary><span class="day-name">Tue, Dec 8</span>',
    );
    expect(html).toContain('<legend class="sr-only">Tuesday, December 8</legend>');
    expect(html.match(/<details class="day"/g)?.length).toBe(14);
    expect(html.match(/<details class="day"[^>]* open>/g)?.length).toBe(1);
    expect(html.match(/type="radio"/g)?.length).toBeGreaterThan(30);
    expect(html).toContain('Street address of the visit');
    // Nothing to run before a time is booked; the favicon and the site's look come with the shell.
    expect(html).not.toMatch(/<script/);
    expect(html).toContain('<link rel="icon" href="/favicon.svg"');

    const slot = (await slotsOf(token))[1]!;
    const post = (body: Record<string, string>, path = '') =>
      fetch(`${app.base}/visit/${token}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      });
    const missing = await post({ start: slot.start });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('Please enter the street address');
    const booked = await post({ start: slot.start, address: '55 Ridge Way, Strawberry' });
    expect(booked.status).toBe(200);
    const bookedHtml = await booked.text();
    expect(bookedHtml).toContain('Your estimate visit is booked');
    expect(bookedHtml).toContain('55 Ridge Way, Strawberry');
    expect(bookedHtml).toContain('Move my visit');
    expect(bookedHtml).toContain('Cancel my visit');
    // Without scripts Cancel my visit opens a page that asks once; its button cancels.
    const question = await (await fetch(`${app.base}/visit/${token}/cancel`)).text();
    expect(question).toMatch(
      /<h1 id="cancel-question">Cancel your visit on [A-Z][a-z]+day, [A-Z][a-z]+ \d+, [^<]+\?<\/h1>/,
    );
    expect(question).toContain('>Yes, cancel it</button>');
    const cancelled = await post({}, '/cancel');
    expect(cancelled.status).toBe(200);
    const cancelledHtml = await cancelled.text();
    expect(cancelledHtml).toContain('Your visit is cancelled');
    // A later booking offers the address he typed before.
    expect(cancelledHtml).toContain('value="55 Ridge Way, Strawberry"');
  });

  it('tells the second of two homeowners on the plain page at once, with the next free times', async () => {
    clock = monday;
    const [first, second] = [await newRequest(), await newRequest()];
    const start = '2026-12-17T09:30:00-07:00';
    const post = (token: string) =>
      fetch(`${app.base}/visit/${token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ start, address: '1 Plain Rd, Payson' }).toString(),
      });
    expect((await post(first.token)).status).toBe(200);
    const lost = await post(second.token);
    expect(lost.status).toBe(409);
    const html = await lost.text();
    expect(html).toContain('someone just booked that time');
    expect(html).toContain('The next free times');
    expect(html).toContain('Thursday, December 17, 11:00 AM – 12:30 PM');
    // The next free one is picked, the address kept: one tap books it.
    expect(html).toMatch(/value="2026-12-17T11:00:00-07:00" checked/);
    // Its day is the one open.
    expect(html).toMatch(
      /<details class="day" name="visit-day" open><summary><span class="day-name">Thu, Dec 17<\/span>/,
    );
    expect(html).toContain('value="1 Plain Rd, Payson"');
    expect(html).not.toContain(`value="${start}"`);
  });

  it('tells the owner of each booking, move and cancel, by e-mail and on his phone', async () => {
    clock = monday;
    const [device] = await database.db
      .insert(pushSubscriptions)
      .values({
        endpoint: `https://push.example/${randomUUID()}`,
        p256dh: 'key',
        auth: 'auth',
        label: 'iPhone · Safari',
      })
      .returning();
    const folder = await tempDir('visit-owner');
    try {
      const mail = visitMailTo(folder.dir, () => clock);
      const pushPayload = visitPushPayload(database);
      const { id, token } = await newRequest({}, { ...validQuote, name: 'Told Owner', city: 'Strawberry' });
      const handled = new Set<string>();
      /** What the owner gets for the change just made: the e-mail's subject and the notification. */
      const ownerGets = async () => {
        const fresh = (await database.db.select().from(deliveries).where(eq(deliveries.quoteRequestId, id))).filter(
          (row) => !handled.has(row.id) && (row.kind === 'visit_owner_alert' || row.kind === 'visit_push'),
        );
        for (const row of fresh) handled.add(row.id);
        expect(fresh.map((row) => row.kind).sort()).toEqual(['visit_owner_alert', 'visit_push']);
        const alert = fresh.find((row) => row.kind === 'visit_owner_alert')!;
        const push = fresh.find((row) => row.kind === 'visit_push')!;
        expect(push.pushSubscriptionId).toBe(device!.id);
        await mail.deliver({ ...alert, attempt: 1 }, `<${alert.id}@example.com>`);
        const files = (await readdir(folder.dir)).sort();
        const message = await simpleParser(await readFile(path.join(folder.dir, files.at(-1)!)));
        expect(message.to && 'value' in message.to ? message.to.value[0]?.address : null).toBe('owner@example.com');
        return { subject: message.subject, push: await pushPayload({ ...push, attempt: 1 }) };
      };

      expect((await book(token, '2026-12-21T09:30:00-07:00', '4 Creek Rd, Strawberry')).status).toBe(201);
      expect(await ownerGets()).toEqual({
        subject: 'Estimate visit booked: Monday, December 21, 9:30 – 11:00 AM – Told Owner, Deck in Strawberry',
        push: {
          title: 'Visit booked Mon, Dec 21, 9:30 AM — Told Owner',
          body: 'Deck in Strawberry. Tap to open the request.',
          url: `/owner/requests/${id}`,
          tag: expect.stringMatching(/^visit-/),
        },
      });
      expect((await book(token, '2026-12-21T11:00:00-07:00')).status).toBe(201);
      const moved = await ownerGets();
      expect(moved.subject).toMatch(/^Estimate visit moved: Monday, December 21, 11:00 AM – 12:30 PM – Told Owner/);
      expect(moved.push.title).toBe('Visit moved to Mon, Dec 21, 11:00 AM — Told Owner');
      expect((await fetch(`${app.base}/api/visits/${token}`, { method: 'DELETE' })).status).toBe(200);
      const cancelled = await ownerGets();
      expect(cancelled.subject).toMatch(/^Estimate visit cancelled: Monday, December 21, 11:00 AM – 12:30 PM/);
      expect(cancelled.push.title).toMatch(/^Visit cancelled Mon, Dec 21, 11:00 AM/);
    } finally {
      await database.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device!.id));
      await folder.remove();
    }
  });

  it('sends the reminder the day before, and none for a visit cancelled meanwhile', async () => {
    clock = monday;
    const { id, token } = await newRequest({}, { ...validQuote, email: 'remind@example.com' });
    expect((await book(token, '2026-12-18T14:00:00-07:00', '8 Aspen Ct, Pine')).status).toBe(201);
    const [reminder] = await database.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.quoteRequestId, id), eq(deliveries.kind, 'visit_reminder')));
    const folder = await tempDir('visit-mail');
    try {
      const mail = visitMailTo(folder.dir, () => new Date('2026-12-17T14:00:00-07:00'));
      const claimed = { ...reminder!, attempt: 1 };
      await mail.deliver(claimed, '<r1@example.com>');
      const sent = await readdir(folder.dir);
      expect(sent).toHaveLength(1);
      const message = await simpleParser(await readFile(path.join(folder.dir, sent[0]!)));
      expect(message.subject).toBe('Reminder: your estimate visit Friday, December 18, 2:00 – 3:30 PM');
      expect(message.text).toContain('8 Aspen Ct, Pine');
      expect(message.text).toContain(`https://www.example.com/visit/${token}`);

      expect((await fetch(`${app.base}/api/visits/${token}`, { method: 'DELETE' })).status).toBe(200);
      await mail.deliver(claimed, '<r2@example.com>');
      expect(await readdir(folder.dir)).toHaveLength(1);
    } finally {
      await folder.remove();
    }
  });

  it('limits the visit routes to RATE_LIMIT_PER_MINUTE per address', async () => {
    clock = monday;
    const { token } = await newRequest();
    const limited = app.servers[1]!.base;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${limited}/api/visits/${token}/slots`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await fetch(`${limited}/api/visits/${token}/slots`);
    expect(((await refused.json()) as { error: string }).error).toBe(rateLimitMessage);
    // The booking page shares the allowance, and says the same in a whole page.
    const page = await fetch(`${limited}/visit/${token}`);
    expect(page.status).toBe(429);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain(rateLimitMessage.slice(0, 20));
  });

  it('lists booked visits in the owner’s private calendar feed, which parses; cancelled visits leave it; revoking ends the old address', async () => {
    clock = monday;
    const { token } = await newRequest({}, { ...validQuote, name: 'Feed Person', phone: '(928) 555-0199' });
    expect((await book(token, '2026-12-24T12:30:00-07:00', '9 Feed Ln, Payson')).status).toBe(201);
    const feed = createCalendarFeed({ database, siteUrl: testOrigins(app.base).primary, clock: () => clock });
    const url = await feed.url();
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await response.text();
    expect(text).toContain('\r\n');
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
    const mine = events.find((event) => event.summary.includes('Feed Person'));
    expect(mine).toBeDefined();
    expect(mine!.startDate.toJSDate().toISOString()).toBe('2026-12-24T19:30:00.000Z');
    expect(mine!.description).toContain('(928) 555-0199');
    expect(mine!.description).toContain(`Project: ${validQuote.projectType} in ${validQuote.city}`);
    expect(mine!.summary).toContain('Payson');

    expect((await fetch(`${app.base}/api/visits/${token}`, { method: 'DELETE' })).status).toBe(200);
    expect(await (await fetch(url)).text()).not.toContain('Feed Person');

    const next = await feed.revoke();
    expect(next).not.toBe(url);
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(next)).status).toBe(200);
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
