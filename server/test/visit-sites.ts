import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { VisitSlot } from '@shared/schemas/visits';
import { visits } from '../db/schema';
import { serveTestApp } from './app-fixture';
import type { TestDatabase } from './databases';
import { validQuote } from './http';
import { silentLogger } from '../logger';
import { createMailer } from '../services/alerts/mailer';
import { createVisitMail } from '../services/visits/visit-dispatch';
import { visitPathFor } from '../services/visits/visit-service';

/**
 * What the tests of estimate visits share (visits.test.ts, booking through the API;
 * visits-page.test.ts, the page without scripts and the rate limit; visits-notices.test.ts, the
 * e-mails, the owner's phone and his calendar): the day they start from, the apps they call, and
 * a new quote request, its windows and a booking of one.
 */

// Monday, December 7, 2026, 6:00 in Arizona (13:00 UTC): with 12 hours' notice the first window
// is Tuesday 8:00; three weeks ahead ends Monday the 28th at 6:00, before its first window.
export const monday = new Date('2026-12-07T06:00:00-07:00');

/**
 * Two apps on one of testDatabases whose visits run on `clock`: a stored request sends the owner
 * alert and the confirmation through the first, nothing through the second, which allows 3
 * requests a minute. Call it inside the describe block.
 */
export function serveVisits(testDb: TestDatabase, clock: () => Date) {
  const app = serveTestApp(testDb, {
    label: 'visits',
    apps: [
      { deliveryKinds: ['owner_alert', 'confirmation'], visitClock: clock },
      { deliveryKinds: [], visitClock: clock, rateLimitPerMinute: 3 },
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

  return { app, database, newRequest, slotsOf, book, visitMailTo, bookedCount };
}
