import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import type { RequestDetail, SpeedToLead } from '@shared/schemas/owner-inbox';
import type { OwnerVisit, VisitState } from '@shared/schemas/visits';
import { ownerVisitWarnings } from '@shared/visit-hours';
import { deliveries } from '../db/schema';
import { silentLogger } from '../logger';
import { createMailer } from '../services/alerts/mailer';
import { createVisitMail } from '../services/visits/visit-dispatch';
import { visitPathFor } from '../services/visits/visit-service';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { tempDir, validQuote } from '../test/http';
import { jsonHeaders, signedInOwner, type OwnerCall } from '../test/owner-session';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1';
// Monday, December 7, 2026, 6:00 in Arizona; the default hours are weekdays 8:00–16:00, 90 minutes.
const monday = new Date('2026-12-07T06:00:00-07:00');
let clock = monday;

interface Booked {
  visit: OwnerVisit;
  outcome: string;
  warning: string | null;
}

describe.each(testDatabases)('the owner books the homeowner’s visit on $kind', (testDb) => {
  const app = serveTestApp(testDb, { label: 'owner-visit-booking', apps: [{ visitClock: () => clock }] });
  const { database } = app;
  const owner = signedInOwner(app);
  const call = (path: string, init: OwnerCall = {}) => owner.call(path, { ...init, headers: { 'User-Agent': iphone } });
  const bookFor = (id: string, body: unknown) =>
    call(`/requests/${id}/visit`, { method: 'PUT', body: JSON.stringify(body) });
  const newRequest = async (quote: Record<string, unknown> = {}) => {
    const response = await fetch(`${app.base}/api/quote-requests`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ ...validQuote, ...quote }),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: string; visitUrl: string };
  };
  const detailOf = async (id: string) => (await (await call(`/requests/${id}`)).json()) as RequestDetail;
  const speed = async () => ((await (await call('/requests')).json()) as { speed: SpeedToLead }).speed;
  /** What the homeowner's booking page shows. */
  const homeownerState = async (visitUrl: string) =>
    (await (await fetch(`${app.base}/api${visitUrl.replace('/visit/', '/visits/')}`)).json()) as VisitState;
  const handled = new Set<string>();
  /**
   * The homeowner's e-mails of the request's visit written since the last look, as the outbox
   * sends them (each is built when it goes, from the visit as it stands then).
   */
  const homeownerMail = async (id: string) => {
    const folder = await tempDir('owner-visit-mail');
    try {
      const mail = createVisitMail({
        database,
        mailer: createMailer({ outboxDir: folder.dir, logger: silentLogger }),
        settings: {
          from: 'Site <site@example.com>',
          ownerEmail: 'owner@example.com',
          siteUrl: 'https://www.example.com',
        },
        pathFor: visitPathFor(database),
        clock: () => monday,
      });
      const rows = await database.db
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.quoteRequestId, id), eq(deliveries.kind, 'visit_confirmation')));
      const sent = [];
      for (const row of rows.filter((row) => !handled.has(row.id))) {
        handled.add(row.id);
        await mail.deliver({ ...row, quoteRequestId: id, attempt: 1 }, `<${row.id}@example.com>`);
        const files = (await readdir(folder.dir)).sort();
        const message = await simpleParser(await readFile(path.join(folder.dir, files.at(-1)!)));
        const to = message.to && 'value' in message.to ? message.to.value[0]?.address : null;
        sent.push({
          to,
          subject: message.subject,
          invitation: message.attachments.some((a) => a.filename === 'visit.ics'),
          text: message.text ?? '',
        });
      }
      return sent;
    } finally {
      await folder.remove();
    }
  };

  it('needs the session, and refuses what is not a time', async () => {
    const { id } = await newRequest();
    expect((await call(`/requests/${id}/visit`, { method: 'PUT', body: '{}', signedIn: false })).status).toBe(401);
    expect((await call(`/requests/${id}/visit`, { method: 'DELETE', signedIn: false })).status).toBe(401);
    for (const body of [
      {},
      { start: 'next tuesday' },
      { start: 42 },
      { start: '2026-12-08T09:00:00-07:00', address: 'x'.repeat(300) },
    ]) {
      const response = await bookFor(id, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBeTruthy();
    }
    expect((await call(`/requests/${id}/visit`, { method: 'PUT', body: '{"start":' })).status).toBe(400);
    const past = await bookFor(id, { start: '2026-12-06T09:00:00-07:00' });
    expect(past.status).toBe(400);
    expect(((await past.json()) as { error: string }).error).toBe('That time has passed. Pick a time still to come.');
    expect((await bookFor('not-a-request', { start: '2026-12-08T09:00:00-07:00' })).status).toBe(404);
    expect((await bookFor('3f1c2e4a-0000-4000-8000-000000000000', { start: '2026-12-08T09:00:00-07:00' })).status).toBe(
      404,
    );
    // Nothing was booked by any of it.
    expect(((await (await call(`/requests/${id}/visit`)).json()) as { visit: unknown }).visit).toBeNull();
  });

  it('books, moves and cancels: the homeowner’s e-mails, his page, the history and the first answer', async () => {
    const { id, visitUrl } = await newRequest({ name: 'Dana Booked', email: 'dana@example.com' });
    const before = await speed();

    const booked = await bookFor(id, { start: '2026-12-08T09:30:00-07:00', address: '12 Pine St, Payson' });
    expect(booked.status).toBe(201);
    expect((await booked.json()) as Booked).toMatchObject({
      outcome: 'booked',
      warning: null,
      visit: {
        start: '2026-12-08T09:30:00-07:00',
        end: '2026-12-08T11:00:00-07:00',
        address: '12 Pine St, Payson',
        status: 'booked',
      },
    });
    // The homeowner gets the e-mail of his own booking, with the invitation, through the outbox.
    expect(await homeownerMail(id)).toMatchObject([
      {
        to: 'dana@example.com',
        subject: 'Your estimate visit is booked: Tuesday, December 8, 9:30 – 11:00 AM',
        invitation: true,
      },
    ]);
    // The homeowner's page shows it, with its way to move or cancel.
    expect((await homeownerState(visitUrl)).visit).toEqual({
      start: '2026-12-08T09:30:00-07:00',
      end: '2026-12-08T11:00:00-07:00',
      address: '12 Pine St, Payson',
    });
    let detail = await detailOf(id);
    expect(detail.status).toBe('contacted');
    expect(detail.firstAnsweredVia).toBe('visit');
    expect(detail.firstAnsweredAt).toBe(monday.toISOString());
    expect(detail.history.map(({ kind, status, visitAt, device }) => ({ kind, status, visitAt, device }))).toEqual([
      { kind: 'visit-booked', status: null, visitAt: '2026-12-08T16:30:00.000Z', device: 'iPhone · Safari' },
      { kind: 'status', status: 'contacted', visitAt: null, device: 'iPhone · Safari' },
    ]);
    // His answer in the response-time figures; not a visit booked online by the homeowner.
    const after = await speed();
    expect(after.answered).toBe(before.answered + 1);
    expect(after.bookedOnline).toBe(before.bookedOnline);

    // The same time again changes nothing; another time moves it.
    expect((await bookFor(id, { start: '2026-12-08T09:30:00-07:00' })).status).toBe(200);
    const moved = await bookFor(id, { start: '2026-12-09T13:00:00-07:00' });
    expect(moved.status).toBe(201);
    expect((await moved.json()) as Booked).toMatchObject({
      outcome: 'rescheduled',
      visit: { start: '2026-12-09T13:00:00-07:00', address: '12 Pine St, Payson' },
    });
    expect((await homeownerState(visitUrl)).visit?.start).toBe('2026-12-09T13:00:00-07:00');
    expect(await homeownerMail(id)).toMatchObject([
      {
        to: 'dana@example.com',
        subject: 'Your estimate visit was moved: Wednesday, December 9, 1:00 – 2:30 PM',
        invitation: true,
      },
    ]);
    const requestVisit = ((await (await call(`/requests/${id}/visit`)).json()) as { visit: OwnerVisit }).visit;
    expect(requestVisit).toMatchObject({ status: 'booked', changedBy: 'owner' });

    // The calendar feed has it at its new time.
    const feed = (await (await call('/calendar-feed')).json()) as { url: string };
    expect(await (await fetch(feed.url)).text()).toContain('DTSTART:20261209T200000Z');

    // Too long a reason is refused, and the visit stays.
    const tooLong = await call(`/requests/${id}/visit`, {
      method: 'DELETE',
      body: JSON.stringify({ reason: 'x'.repeat(501) }),
    });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { error: string }).error).toBe('Please keep the reason under 500 characters.');
    expect((await homeownerState(visitUrl)).visit?.start).toBe('2026-12-09T13:00:00-07:00');

    const cancelled = await call(`/requests/${id}/visit`, {
      method: 'DELETE',
      body: JSON.stringify({ reason: '  My truck broke down; the part comes Friday.  ' }),
    });
    expect(cancelled.status).toBe(200);
    expect((await homeownerState(visitUrl)).visit).toBeNull();
    // Her e-mail says he cancelled it (not she), why, and where to pick a new time.
    const [cancelMail] = await homeownerMail(id);
    expect(cancelMail).toMatchObject({
      to: 'dana@example.com',
      subject: 'Dale Hartman cancelled your estimate visit – Rim Country Carpentry',
      invitation: true,
    });
    expect(cancelMail!.text).toContain(
      'Dale Hartman of Rim Country Carpentry cancelled your estimate visit on Wednesday, December 9, 1:00 – 2:30 PM (Arizona time).',
    );
    expect(cancelMail!.text).toContain('Reason: My truck broke down; the part comes Friday.\n');
    expect(cancelMail!.text).toContain(
      `Pick a new time that suits you on your booking page:\nhttps://www.example.com${visitUrl}\n`,
    );
    expect(cancelMail!.text).not.toContain('whenever it suits you');
    expect(((await (await call(`/requests/${id}/visit`)).json()) as { visit: OwnerVisit }).visit).toMatchObject({
      status: 'cancelled',
      changedBy: 'owner',
      cancelReason: 'My truck broke down; the part comes Friday.',
    });
    const again = await call(`/requests/${id}/visit`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: string }).error).toBe('There is no visit booked for this request.');
    expect(await (await fetch(feed.url)).text()).not.toContain('DTSTART:20261209T200000Z');

    detail = await detailOf(id);
    expect(detail.history.map((event) => event.kind)).toEqual([
      'visit-booked',
      'status',
      'visit-moved',
      'visit-cancelled',
    ]);
    expect(detail.history[2]!.visitAt).toBe('2026-12-09T20:00:00.000Z');
    // Still his first answer, from the booking.
    expect(detail.firstAnsweredAt).toBe(monday.toISOString());

    // The owner is not told of his own changes (no e-mail, no push).
    const kinds = (await database.db.select().from(deliveries).where(eq(deliveries.quoteRequestId, id))).map(
      (row) => row.kind,
    );
    expect(kinds).not.toContain('visit_owner_alert');
    expect(kinds).not.toContain('visit_push');
  });

  it('books outside his hours and on a day off, saying so', async () => {
    const { id } = await newRequest({ name: 'Saturday Sam' });
    const saturday = await bookFor(id, { start: '2026-12-12T10:00:00-07:00' });
    expect(saturday.status).toBe(201);
    expect((await saturday.json()) as Booked).toMatchObject({
      outcome: 'booked',
      warning: ownerVisitWarnings.outsideHours,
      visit: { start: '2026-12-12T10:00:00-07:00', end: '2026-12-12T11:30:00-07:00' },
    });
    // Late on a weekday: ends after 16:00.
    const late = await bookFor(id, { start: '2026-12-10T15:00:00-07:00' });
    expect(((await late.json()) as Booked).warning).toBe(ownerVisitWarnings.outsideHours);
    expect(
      (await call('/visit-blocks', { method: 'POST', body: JSON.stringify({ date: '2026-12-11', note: 'Dentist' }) }))
        .status,
    ).toBe(201);
    const dayOff = await bookFor(id, { start: '2026-12-11T09:00:00-07:00' });
    expect(dayOff.status).toBe(201);
    expect(((await dayOff.json()) as Booked).warning).toBe(ownerVisitWarnings.dayOff('Dentist'));
    expect((await call(`/requests/${id}/visit`, { method: 'DELETE' })).status).toBe(200);
  });

  it('answers 409 with the visit in the way when the time overlaps another', async () => {
    const other = await newRequest({ name: 'Early Bird' });
    const taken = await fetch(`${app.base}/api${other.visitUrl.replace('/visit/', '/visits/')}`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ start: '2026-12-15T08:00:00-07:00', address: '1 First St, Payson' }),
    });
    expect(taken.status).toBe(201);
    const { id } = await newRequest({ name: 'Late Comer' });
    // 8:45 overlaps 8:00–9:30 without being the same window.
    const refused = await bookFor(id, { start: '2026-12-15T08:45:00-07:00' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe(
      'That time overlaps the visit with Early Bird (Tuesday, December 15, 8:00 – 9:30 AM). Pick another time, or move that visit first.',
    );
    const detail = await detailOf(id);
    expect(detail.history).toEqual([]);
    expect(detail.firstAnsweredAt).toBeNull();
    expect((await bookFor(id, { start: '2026-12-15T09:30:00-07:00' })).status).toBe(201);
  });

  it('keeps an earlier answer as the first one', async () => {
    const { id } = await newRequest({ name: 'Called First' });
    expect(
      (await call(`/requests/${id}/answer`, { method: 'POST', body: JSON.stringify({ via: 'call' }) })).status,
    ).toBe(200);
    const called = await detailOf(id);
    expect((await bookFor(id, { start: '2026-12-16T10:00:00-07:00' })).status).toBe(201);
    const detail = await detailOf(id);
    expect(detail.firstAnsweredVia).toBe('call');
    expect(detail.firstAnsweredAt).toBe(called.firstAnsweredAt);
  });

  it('tells the homeowner he cancelled without a reason; her own cancel keeps her own wording', async () => {
    const { id, visitUrl } = await newRequest({ name: 'Robin Plain', email: 'robin@example.com' });
    expect((await bookFor(id, { start: '2026-12-17T09:00:00-07:00' })).status).toBe(201);
    await homeownerMail(id);
    expect((await call(`/requests/${id}/visit`, { method: 'DELETE' })).status).toBe(200);
    const [byHim] = await homeownerMail(id);
    expect(byHim!.subject).toBe('Dale Hartman cancelled your estimate visit – Rim Country Carpentry');
    expect(byHim!.text).toContain('Dale Hartman of Rim Country Carpentry cancelled your estimate visit on Thursday');
    expect(byHim!.text).not.toContain('Reason:');
    expect(byHim!.text).toContain(`https://www.example.com${visitUrl}`);

    // She books again by her link and cancels it herself, an hour later.
    clock = new Date(monday.getTime() + 3600_000);
    const api = `${app.base}/api${visitUrl.replace('/visit/', '/visits/')}`;
    const booked = await fetch(api, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ start: '2026-12-18T09:30:00-07:00', address: '3 Oak Ln, Payson' }),
    });
    expect(booked.status).toBe(201);
    await homeownerMail(id);
    expect((await fetch(api, { method: 'DELETE' })).status).toBe(200);
    const [byHer] = await homeownerMail(id);
    expect(byHer!.subject).toBe('Your estimate visit is cancelled – Rim Country Carpentry');
    expect(byHer!.text).toContain(
      'Your estimate visit on Friday, December 18, 9:30 – 11:00 AM (Arizona time) is cancelled.',
    );
    expect(byHer!.text).not.toContain('Dale Hartman');
    clock = monday;
  });
});
