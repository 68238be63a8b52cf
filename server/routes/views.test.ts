import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { arizonaDay } from '@shared/arizona-time';
import { viewsPath, type Visitors } from '@shared/schemas/visitors';
import { execute } from '../db/client';
import { serveTestApp } from '../test/app-fixture';
import { testDatabases } from '../test/databases';
import { estimateOwner } from '../test/estimate-owner';
import { sendQuote } from '../test/quote-request';
import { pruneViews } from '../services/visitors/prune-views';

const phone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const dayMs = 86_400_000;

describe.each(testDatabases)('page views on $kind', (testDb) => {
  const clock = { now: new Date() };
  const app = serveTestApp(testDb, {
    label: 'views',
    // Loopback may name the reader's address (X-Forwarded-For), so views come from several readers.
    apps: [{ trustProxy: 'loopback', rateLimitPerMinute: 0, viewClock: () => clock.now, secureHeaders: true }],
  });
  const { owner, sent, post, cookie } = estimateOwner(app);
  const { database } = app;

  /** A beacon as a browser sends it from a page of the site. */
  const view = (
    body: unknown,
    { address = '203.0.113.7', agent = phone, headers = {} as Record<string, string> } = {},
  ) =>
    fetch(`${app.base}${viewsPath}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'text/plain;charset=UTF-8',
        Origin: app.base,
        'User-Agent': agent,
        'X-Forwarded-For': address,
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const countOf = async (table: string) =>
    Number(
      (await execute<{ n: number }>(database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`)).rows[0]!
        .n,
    );
  const report = async (from: string, to: string) => {
    const response = await owner(`/visitors?from=${from}&to=${to}`);
    expect(response.status).toBe(200);
    return (await response.json()) as Visitors;
  };
  const wipe = async () => {
    // The day's salt stays: the server keeps it in memory, as it does all day.
    for (const table of ['page_views', 'visitor_days', 'view_days', 'view_pages'])
      await execute(database.db, sql`delete from ${sql.identifier(table)}`);
    await execute(database.db, sql`delete from rate_limits`);
  };

  it('answers 204 without a cookie and stores the path, the referrer host, the tags and the device, nothing naming the reader', async () => {
    await wipe();
    clock.now = new Date();
    const response = await view({
      path: '/services/decks',
      referrer: 'https://www.google.com/search?q=deck+builder+payson',
      utm_campaign: 'spring',
      gclid: 'Cj0KCQiA-test_click_id',
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toBeNull();
    const { rows } = await execute<Record<string, unknown>>(database.db, sql`select * from page_views`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      path: '/services/decks',
      referrer_host: 'www.google.com',
      tags: { utm_campaign: 'spring', gclid: 'yes' },
      device: 'phone',
      source: 'Google Ads',
    });
    // Nothing stored holds the address, the browser, the search or the click id.
    for (const table of ['page_views', 'visitor_days', 'view_days', 'view_pages', 'view_salts', 'rate_limits']) {
      const all = JSON.stringify((await execute(database.db, sql`select * from ${sql.identifier(table)}`)).rows);
      for (const secret of ['203.0.113.7', 'iPhone', 'deck+builder', 'Cj0KCQiA'])
        expect(all, table).not.toContain(secret);
    }
  });

  it('counts no bot, no browser asking not to be tracked, no beacon from elsewhere and never the owner', async () => {
    await wipe();
    const page = { path: '/gallery' };
    expect(
      (await view(page, { agent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })).status,
    ).toBe(204);
    expect((await view(page, { headers: { 'Sec-GPC': '1' } })).status).toBe(204);
    expect((await view(page, { headers: { DNT: '1' } })).status).toBe(204);
    expect((await view(page, { headers: { Origin: 'https://evil.example' } })).status).toBe(204);
    const asOwner = await view(page, { headers: { Cookie: cookie() } });
    expect(asOwner.status).toBe(204);
    expect(asOwner.headers.get('set-cookie')).toBeNull();
    expect((await view({ path: '/owner/results' })).status).toBe(204);
    expect(await countOf('page_views')).toBe(0);
    expect((await view(page)).status).toBe(204);
    expect(await countOf('page_views')).toBe(1);
  });

  it('refuses garbage and a body over 2 KB in plain words and stores nothing', async () => {
    await wipe();
    for (const body of [
      'not json',
      { path: 'https://evil.example/' },
      { path: '/a', name: 'Dana' },
      { path: '/a?email=x' },
    ]) {
      const response = await view(body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/Send \{ "path"/);
    }
    const large = await view({ path: '/', utm_content: 'x'.repeat(3000) });
    expect([400, 413]).toContain(large.status);
    expect(await countOf('page_views')).toBe(0);
  });

  it('counts 30 pages a minute from one reader, and another reader apart', async () => {
    await wipe();
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await view({ path: `/p${i % 3}` }, { address: '198.51.100.1' })).status);
    // The 31st is answered as the others (a visitor's browser never shows an error) and not counted.
    expect(answers).toEqual(Array(31).fill(204));
    expect((await view({ path: '/' }, { address: '198.51.100.2' })).status).toBe(204);
    expect(await countOf('page_views')).toBe(31);
  });

  it.runIf(testDb.kind === 'postgres')('shares the 30 pages a minute between servers on one Postgres', async () => {
    await wipe();
    clock.now = new Date();
    const reader = { address: '198.51.100.3' };
    await app.withApp({ trustProxy: 'loopback', viewClock: () => clock.now }, async (other) => {
      for (let i = 0; i < 15; i++) expect((await view({ path: '/' }, reader)).status).toBe(204);
      const fromOther = (path: string) =>
        fetch(`${other}${viewsPath}`, {
          method: 'POST',
          headers: { Origin: other, 'User-Agent': phone, 'X-Forwarded-For': reader.address },
          body: JSON.stringify({ path }),
        });
      for (let i = 0; i < 15; i++) expect((await fromOther('/gallery')).status).toBe(204);
      expect((await fromOther('/gallery')).status).toBe(204);
    });
    expect(await countOf('page_views')).toBe(30);
    expect(await countOf('visitor_days')).toBe(1);
  });

  it('counts views that arrive at once, written together, each visitor once', async () => {
    await wipe();
    clock.now = new Date();
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => view({ path: `/p${i % 2}` }, { address: `198.51.100.${10 + i}` })),
      ...Array.from({ length: 3 }, () =>
        view({ path: '/gallery', referrer: 'www.google.com' }, { address: '198.51.100.99' }),
      ),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(13).fill(204));
    const today = arizonaDay(clock.now);
    expect((await report(today, today)).days).toEqual([{ day: today, visitors: 11, views: 13 }]);
    expect(await countOf('page_views')).toBe(13);
  });

  it('counts one browser once a day under its first view’s source, twice over two days, and reports the funnel', async () => {
    await wipe();
    const today = new Date();
    const yesterday = new Date(today.getTime() - dayMs);
    const [day1, day2] = [arizonaDay(yesterday), arizonaDay(today)];
    clock.now = yesterday;
    await view({ path: '/', referrer: 'www.google.com' }, { address: '192.0.2.1', agent: desktop });
    await view({ path: '/services/decks' }, { address: '192.0.2.1', agent: desktop });
    await view({ path: '/', utm_source: 'facebook', utm_campaign: 'fall' }, { address: '192.0.2.2' });
    clock.now = today;
    // The same browser the next day: a visitor again, this time direct; its later tagged view keeps Direct.
    await view({ path: '/' }, { address: '192.0.2.1', agent: desktop });
    await view({ path: '/gallery', utm_source: 'facebook' }, { address: '192.0.2.1', agent: desktop });
    // A Facebook visitor asks for a quote, gets an estimate and approves it.
    const request = await sendQuote(
      app.base,
      { name: 'Dana Whitfield' },
      {
        'X-Lead-Source': encodeURIComponent(
          JSON.stringify({ first: { at: Date.now() - 1000, utm_source: 'facebook' } }),
        ),
      },
    );
    const estimate = await sent(request.id);
    expect((await post(`${estimate.path}/approve`, { name: 'Dana Whitfield', accept: true, options: [] })).status).toBe(
      200,
    );
    // He invoices the job and records a check: the money shows under the request's source.
    const ownerPost = (path: string, body: unknown) =>
      owner(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    const invoice = (await (await ownerPost(`/requests/${request.id}/invoices`, {})).json()) as { id: string };
    const paid = await ownerPost(`/invoices/${invoice.id}/payments`, {
      amount: 1500,
      method: 'check',
      reference: '1042',
      receivedOn: day2,
    });
    expect(paid.status).toBe(201);

    const visitors = await report(day1, day2);
    expect(visitors.days).toEqual([
      { day: day1, visitors: 2, views: 3 },
      { day: day2, visitors: 1, views: 2 },
    ]);
    expect(visitors.pages[0]).toEqual({ path: '/', views: 3 });
    expect(visitors.sources).toEqual([
      { source: 'Facebook', visitors: 1, quotes: 1, estimates: 1, won: 1, collected: 1500 },
      { source: 'Direct', visitors: 1, quotes: 0, estimates: 0, won: 0, collected: 0 },
      { source: 'Google search', visitors: 1, quotes: 0, estimates: 0, won: 0, collected: 0 },
    ]);
    const quiet = await report(
      arizonaDay(new Date(today.getTime() - 5 * dayMs)),
      arizonaDay(new Date(today.getTime() - 4 * dayMs)),
    );
    expect(quiet.days.map((day) => day.visitors)).toEqual([0, 0]);
    expect((await owner('/visitors?from=2026-13-01&to=2026-12-01')).status).toBe(400);
    const backwards = await owner('/visitors?from=2026-12-02&to=2026-12-01');
    expect(backwards.status).toBe(400);
    expect(await backwards.json()).toEqual({ error: 'The first day must come before the last.' });
  });

  it('deletes a day’s salt 48 hours after it was made, and raw views after VIEW_DATA_DAYS, keeping the daily counts', async () => {
    await wipe();
    await execute(database.db, sql`delete from view_salts`);
    // A day of its own: its salt is made by this view.
    const madeAt = new Date(Date.now() - 10 * dayMs);
    clock.now = madeAt;
    await view({ path: '/' });
    expect(await countOf('view_salts')).toBe(1);
    expect(
      (await pruneViews(database, { viewDataDays: 90, now: new Date(madeAt.getTime() + 47 * 3_600_000) })).salts,
    ).toBe(0);
    expect(await countOf('view_salts')).toBe(1);
    await pruneViews(database, { viewDataDays: 90, now: new Date(madeAt.getTime() + 48 * 3_600_000) });
    expect(await countOf('view_salts')).toBe(0);
    await pruneViews(database, { viewDataDays: 90, now: new Date(madeAt.getTime() + 91 * dayMs) });
    expect(await countOf('page_views')).toBe(0);
    expect(await countOf('view_days')).toBe(1);
    expect(await countOf('view_pages')).toBe(1);
  });
});
