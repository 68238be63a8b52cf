import { describe, expect, it } from 'vitest';
import type { OwnerVisit, VisitBlock, VisitSettings, VisitSlot } from '@shared/schemas/visits';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { validQuote } from '../test/http';
import { sendQuote } from '../test/quote-request';
import { jsonHeaders, signedInOwner } from '../test/owner-session';
import { crossSiteMessage } from './owner';

// Monday, December 7, 2026, 6:00 in Arizona.
const monday = new Date('2026-12-07T06:00:00-07:00');

describe.each(testDatabases)('the owner’s estimate visits on $kind', (testDb) => {
  const app = serveTestApp(testDb, { label: 'owner-visits', apps: [{ visitClock: () => monday }] });
  const { call } = signedInOwner(app);
  const saveSettings = (settings: Omit<VisitSettings, 'weekly'> & { weekly: unknown[] }) =>
    call('/visit-settings', { method: 'PUT', body: JSON.stringify(settings) });
  const slotsOf = async (visitUrl: string) =>
    (await (await fetch(`${app.base}/api${visitUrl.replace('/visit/', '/visits/')}/slots`)).json()) as VisitSlot[];

  it('keeps every visit route behind the session and the site’s own origin', async () => {
    for (const path of ['/visit-settings', '/visits', '/calendar-feed']) {
      expect((await call(path, { signedIn: false })).status).toBe(401);
    }
    const crossSite = await call('/calendar-feed/revoke', { method: 'POST', origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as { error: string }).error).toBe(crossSiteMessage);
  });

  it('changes the windows homeowners are offered: hours, length, horizon, notice and days off', async () => {
    const { visitUrl } = await sendQuote(app.base);
    const current = (await (await call('/visit-settings')).json()) as { settings: VisitSettings; blocks: VisitBlock[] };
    expect(current.settings).toMatchObject({ windowMinutes: 90, horizonDays: 21, noticeHours: 12 });
    expect(current.settings.weekly.map((h) => h.day)).toEqual([1, 2, 3, 4, 5]);

    const saved = await saveSettings({
      weekly: [{ day: 6, from: '09:00', to: '12:00' }],
      windowMinutes: 60,
      horizonDays: 7,
      noticeHours: 0,
    });
    expect(saved.status).toBe(200);
    // Saturdays only, 9 to 12 in hours: Saturday the 12th, three one-hour windows.
    expect((await slotsOf(visitUrl)).map((slot) => slot.start)).toEqual([
      '2026-12-12T09:00:00-07:00',
      '2026-12-12T10:00:00-07:00',
      '2026-12-12T11:00:00-07:00',
    ]);
    const blocked = await call('/visit-blocks', {
      method: 'POST',
      body: JSON.stringify({ date: '2026-12-12', from: '10:00', to: '11:00' }),
    });
    expect(blocked.status).toBe(201);
    const block = (await blocked.json()) as VisitBlock;
    expect(block).toMatchObject({ start: '2026-12-12T10:00:00-07:00', end: '2026-12-12T11:00:00-07:00' });
    expect((await slotsOf(visitUrl)).map((slot) => slot.start)).toEqual([
      '2026-12-12T09:00:00-07:00',
      '2026-12-12T11:00:00-07:00',
    ]);
    expect((await call(`/visit-blocks/${block.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await slotsOf(visitUrl)).toHaveLength(3);
    const refused = await saveSettings({
      weekly: [{ day: 1, from: '16:00', to: '08:00' }],
      windowMinutes: 90,
      horizonDays: 21,
      noticeHours: 12,
    });
    expect(refused.status).toBe(400);

    // Booked: in the upcoming list and on the request's page.
    const booked = await fetch(`${app.base}/api${visitUrl.replace('/visit/', '/visits/')}`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ start: '2026-12-12T10:00:00-07:00', address: '3 Mesa Dr, Payson' }),
    });
    expect(booked.status).toBe(201);
    const upcoming = (await (await call('/visits')).json()) as OwnerVisit[];
    expect(upcoming).toEqual([
      expect.objectContaining({
        start: '2026-12-12T10:00:00-07:00',
        address: '3 Mesa Dr, Payson',
        name: validQuote.name,
        phone: validQuote.phone,
        city: validQuote.city,
        projectType: validQuote.projectType,
        status: 'booked',
      }),
    ]);
    const { visit } = (await (await call(`/requests/${upcoming[0]!.requestId}/visit`)).json()) as { visit: OwnerVisit };
    expect(visit.id).toBe(upcoming[0]!.id);
    // The request's detail carries the homeowner's booking link, for the owner to copy or text.
    const detail = (await (await call(`/requests/${upcoming[0]!.requestId}`)).json()) as { visitUrl: string };
    expect(detail.visitUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/visit\/[A-Za-z0-9_.-]+$/);
    expect((await fetch(detail.visitUrl)).status).toBe(200);

    const feed = (await (await call('/calendar-feed')).json()) as { url: string };
    expect(feed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await (await call('/calendar-feed')).json()) as { url: string }).toEqual(feed);
    const revoked = (await (await call('/calendar-feed/revoke', { method: 'POST' })).json()) as { url: string };
    expect(revoked.url).not.toBe(feed.url);
    expect((await fetch(feed.url)).status).toBe(404);
    expect(await (await fetch(revoked.url)).text()).toContain('3 Mesa Dr');
  });
});
