import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { VisitSlot } from '@shared/schemas/visits';
import { visits } from '../db/schema';
import { serverSecretLoader } from '../services/server-secrets';
import { addressHash } from '../services/visits/visit-limits';
import { createVisitService } from '../services/visits/visit-service';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { validQuote } from '../test/http';

// Monday, December 7, 2026, 6:00 in Arizona: the windows run from Tuesday 8:00 for three weeks.
const monday = new Date('2026-12-07T06:00:00-07:00');

/**
 * One address cannot take every estimate window: at most VISIT_LIMIT_PER_ADDRESS upcoming visits
 * booked from one client address (here behind a trusted proxy, X-Forwarded-For as the rate limit
 * reads it), and one per homeowner's e-mail or phone. A move of one's own visit is not a second
 * booking; the owner's path (no client) is not limited; the no-script page says the same.
 */
describe.each(testDatabases)('visit limits on $kind', (testDb) => {
  const app = serveTestApp(testDb, {
    label: 'visit-limits',
    apps: [
      { visitClock: () => monday, trustProxy: 'loopback', visitLimits: { perAddress: 3 } },
      { visitClock: () => monday, trustProxy: 'loopback', visitLimits: { perAddress: 0 } },
    ],
  });
  const { database } = app;
  let homeowner = 0;

  /** A new request from a homeowner of his own (e-mail and phone), unless `contact` says otherwise. */
  async function newRequest(contact: { email?: string; phone?: string } = {}, base = app.base) {
    homeowner++;
    const response = await fetch(`${base}/api/quote-requests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${homeowner}` },
      body: JSON.stringify({
        ...validQuote,
        email: `home${homeowner}@example.com`,
        phone: `(602) 555-${String(1000 + homeowner)}`,
        ...contact,
      }),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { visitUrl: string };
    return { visitUrl: body.visitUrl, token: body.visitUrl.replace('/visit/', '') };
  }
  let slots: VisitSlot[] = [];
  let nextSlot = 0;
  /** A window no other test of this file took. */
  async function freeWindow(token: string): Promise<string> {
    if (slots.length === 0)
      slots = (await (await fetch(`${app.base}/api/visits/${token}/slots`)).json()) as VisitSlot[];
    return slots[nextSlot++]!.start;
  }
  const book = async (token: string, from: string, start?: string, base = app.base) => {
    const response = await fetch(`${base}/api/visits/${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from },
      body: JSON.stringify({ start: start ?? (await freeWindow(token)), address: '12 Pine St, Payson' }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const cancel = (token: string) => fetch(`${app.base}/api/visits/${token}`, { method: 'DELETE' });
  const bookedCount = async () =>
    (await database.db.select({ n: count() }).from(visits).where(eq(visits.status, 'booked')))[0]!.n;

  it('books three visits from one address, refuses the fourth, and takes one from another address', async () => {
    const address = '203.0.113.7';
    const requests = [await newRequest(), await newRequest(), await newRequest(), await newRequest()];
    for (const request of requests.slice(0, 3)) expect((await book(request.token, address)).status).toBe(201);
    const before = await bookedCount();
    const refused = await book(requests[3]!.token, address);
    expect(refused.status).toBe(409);
    expect(refused.body.limit).toBe('address');
    expect(refused.body.error).toMatch(/3 visits have already been booked from this connection.*call us/);
    expect(await bookedCount()).toBe(before);
    // The same homeowner from another connection is welcome.
    expect((await book(requests[3]!.token, '203.0.113.8')).status).toBe(201);

    // Moving one's own visit is not a second booking.
    const moved = await book(requests[0]!.token, address);
    expect(moved.status).toBe(201);
    expect(moved.body.outcome).toBe('rescheduled');

    // Stored as a salted hash, never the address.
    const stored = await database.db.select({ from: visits.bookedFrom }).from(visits);
    expect(JSON.stringify(stored)).not.toContain(address);
    const salt = await serverSecretLoader(database, 'visit-address-salt')();
    expect(stored.filter((row) => row.from === addressHash(salt, address))).toHaveLength(3);

    // A cancelled visit no longer counts.
    expect((await cancel(requests[1]!.token)).status).toBe(200);
    const fifth = await newRequest();
    expect((await book(fifth.token, address)).status).toBe(201);
  });

  it('takes any number from one address with VISIT_LIMIT_PER_ADDRESS=0', async () => {
    const open = app.servers[1]!.base;
    for (let i = 0; i < 4; i++) {
      const request = await newRequest({}, open);
      expect((await book(request.token, '203.0.113.9', undefined, open)).status).toBe(201);
    }
  });

  it('gives one homeowner (e-mail or phone, however written) one visit, and the way to move it', async () => {
    const first = await newRequest({ email: 'Sam.Lee@Example.com', phone: '(928) 555-0177' });
    expect((await book(first.token, '203.0.113.20')).status).toBe(201);

    // The same e-mail in other letters, from the same connection: refused, with the link to his visit.
    const again = await newRequest({ email: ' sam.lee@example.COM ' });
    const refused = await book(again.token, '203.0.113.20');
    expect(refused.status).toBe(409);
    expect(refused.body.limit).toBe('contact');
    expect(refused.body.error).toMatch(/You already have an estimate visit booked for .*2026.*move that one/);
    expect(refused.body.moveUrl).toBe(first.visitUrl);

    // The same phone written another way, from another connection: refused, but not shown his
    // visit's link (anyone can type someone's phone number), told where to find it instead.
    const byPhone = await newRequest({ phone: '+1 928-555-0177' });
    const elsewhere = await book(byPhone.token, '203.0.113.21');
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.limit).toBe('contact');
    expect(elsewhere.body.moveUrl).toBeUndefined();
    expect(elsewhere.body.error).toMatch(/link in the e-mail we sent when it was booked, or call us/);

    // Once his visit is cancelled, he can book from the other request.
    expect((await cancel(first.token)).status).toBe(200);
    expect((await book(again.token, '203.0.113.20')).status).toBe(201);
  });

  it('answers the no-script booking page with the refusal and the link to move the visit he has', async () => {
    const first = await newRequest({ email: 'pat@example.com' });
    expect((await book(first.token, '203.0.113.30')).status).toBe(201);
    const second = await newRequest({ email: 'pat@example.com' });
    const form = new URLSearchParams({ start: await freeWindow(second.token), address: '9 Oak Ln, Pine' });
    const page = await fetch(`${app.base}/visit/${second.token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': '203.0.113.30' },
      body: form,
    });
    expect(page.status).toBe(409);
    const html = await page.text();
    expect(html).toContain('You already have an estimate visit booked for');
    expect(html).toContain(`<a href="${first.visitUrl}">Move the visit you have</a>`);
    expect(html).toContain('9 Oak Ln, Pine');
  });

  it('does not limit a booking made without a client (the owner’s path)', async () => {
    const service = createVisitService({
      database,
      tokenSecret: serverSecretLoader(database, 'visit-token-key'),
      clock: () => monday,
      limits: { perAddress: 1 },
    });
    const first = await newRequest({ email: 'owner-booked@example.com' });
    const second = await newRequest({ email: 'owner-booked@example.com' });
    await service.book(first.token, { start: await freeWindow(first.token) });
    const booked = await service.book(second.token, { start: await freeWindow(second.token) });
    expect(booked.outcome).toBe('booked');
    // The homeowner's own path, for a third request of his, is held to the limit.
    const third = await newRequest({ email: 'owner-booked@example.com' });
    await expect(
      service.book(third.token, { start: await freeWindow(third.token) }, { address: '203.0.113.40' }),
    ).rejects.toMatchObject({ status: 409, limit: 'contact' });
  });
});
