import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { deliveries, pushSubscriptions } from '../db/schema';
import { testDatabases } from '../test/databases';
import { tempDir, testOrigins, validQuote } from '../test/http';
import { visitPushPayload } from '../services/visits/visit-dispatch';
import { createCalendarFeed } from '../services/visits/calendar-feed';
import { monday, serveVisits } from '../test/visit-sites';

// What an estimate visit tells whom: the owner of each booking, move and cancel by e-mail and on
// his phone, the homeowner the day before (and not after a cancel), and the owner's private
// calendar feed. Booking itself is tested in visits.test.ts. The clock starts on `monday`
// (server/test/visit-sites.ts).

let clock = monday;

describe.each(testDatabases)('estimate visit notices on $kind', (testDb) => {
  const { app, database, newRequest, book, visitMailTo } = serveVisits(testDb, () => clock);

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
        await mail.deliver({ ...alert, quoteRequestId: id, attempt: 1 }, `<${alert.id}@example.com>`);
        const files = (await readdir(folder.dir)).sort();
        const message = await simpleParser(await readFile(path.join(folder.dir, files.at(-1)!)));
        expect(message.to && 'value' in message.to ? message.to.value[0]?.address : null).toBe('owner@example.com');
        return { subject: message.subject, push: await pushPayload({ ...push, quoteRequestId: id, attempt: 1 }) };
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
      const claimed = { ...reminder!, quoteRequestId: id, attempt: 1 };
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
});
