import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactTapPath } from '@shared/schemas/lead-source';
import { contactTaps, quoteRequestSources, quoteRequests } from '../db/schema';
import { setOwnerPassword } from '../services/owner/owner-sessions';
import { testDatabases } from '../test/databases';
import { serveTestApp } from '../test/app-fixture';
import { quickPasswordHash, validQuote } from '../test/http';
import { capturingLogger } from '../test/log';

const at = Date.now() - 3 * 86_400_000;
const googleAdsArrival = {
  at,
  landingPage: '/?utm_source=google&utm_medium=cpc&utm_campaign=spring-decks',
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'spring-decks',
  gclid: 'Cj0KCQiA-test_click_id',
};
const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.each(testDatabases)('lead sources and contact taps on $kind', (testDb) => {
  const { logger, lines: logLines } = capturingLogger();
  const app = serveTestApp(testDb, {
    label: 'lead-sources',
    apps: [
      // Loopback may name the visitor's address, so taps can come from several visitors.
      { logger, secureHeaders: true, rateLimitPerMinute: 0, trustProxy: 'loopback' },
      // Two quote requests a minute: six taps.
      { rateLimitPerMinute: 2 },
    ],
  });
  const { database } = app;
  const [server, limited] = [app.servers[0]!, app.servers[1]!];

  /** A request as the form sends it: the spec's JSON body, and where the visitor came from in X-Lead-Source. */
  const postJson = ({ leadSource, ...quote }: Record<string, unknown>, header?: string) =>
    fetch(`${server.base}/api/quote-requests`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(leadSource !== undefined ? { 'X-Lead-Source': encodeURIComponent(JSON.stringify(leadSource)) } : {}),
        ...(header !== undefined ? { 'X-Lead-Source': header } : {}),
      },
      body: JSON.stringify(quote),
    });
  const postForm = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.base}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
  const sourceOfRequest = async (email: string) => {
    const [request] = await database.db.select().from(quoteRequests).where(eq(quoteRequests.email, email));
    expect(request, `the request of ${email} was stored`).toBeDefined();
    const [source] = await database.db
      .select()
      .from(quoteRequestSources)
      .where(eq(quoteRequestSources.quoteRequestId, request!.id));
    return source;
  };

  it('stores the attribution sent with the JSON API, credited to its last arrival', async () => {
    const email = 'ads-json@example.com';
    const last = { at: at + 60_000, landingPage: '/gallery', referrer: 'www.google.com' };
    const response = await postJson({ ...validQuote, email, leadSource: { first: googleAdsArrival, last } });
    expect(response.status).toBe(201);
    expect(await sourceOfRequest(email)).toMatchObject({
      source: 'Google search',
      medium: 'organic',
      campaign: null,
      landingPage: '/gallery',
      referrer: 'www.google.com',
      capturedBy: 'script',
      touches: { first: googleAdsArrival, last },
    });

    const adsOnly = 'ads-only@example.com';
    expect((await postJson({ ...validQuote, email: adsOnly, leadSource: { first: googleAdsArrival } })).status).toBe(
      201,
    );
    expect(await sourceOfRequest(adsOnly)).toMatchObject({
      source: 'Google Ads',
      medium: 'cpc',
      campaign: 'spring-decks',
      landingPage: googleAdsArrival.landingPage,
    });
  });

  it('stores the plain form’s hidden field, and without it what the form page’s address tells', async () => {
    const email = 'plain-hidden@example.com';
    const fields = { ...validQuote, email, leadSource: JSON.stringify({ first: googleAdsArrival }) };
    expect((await postForm(fields)).status).toBe(200);
    expect(await sourceOfRequest(email)).toMatchObject({ source: 'Google Ads', capturedBy: 'script' });

    // Without scripts the field stays empty; the Referer is the page the form was sent from.
    const noScript = 'plain-noscript@example.com';
    const response = await postForm(
      { ...validQuote, email: noScript, leadSource: '' },
      { Referer: `${server.base}/contact?utm_source=facebook&utm_medium=social&utm_campaign=fall&name=Jane` },
    );
    expect(response.status).toBe(200);
    expect(await sourceOfRequest(noScript)).toMatchObject({
      source: 'Facebook',
      medium: 'social',
      campaign: 'fall',
      landingPage: '/contact?utm_source=facebook&utm_medium=social&utm_campaign=fall',
      referrer: null,
      capturedBy: 'server',
    });

    // A page of the site's own without tags: the visitor's way in is not known, the landing page is.
    const direct = 'plain-direct@example.com';
    expect((await postForm({ ...validQuote, email: direct }, { Referer: `${server.base}/contact` })).status).toBe(200);
    expect(await sourceOfRequest(direct)).toMatchObject({ source: 'Direct', landingPage: '/contact' });
  });

  it('keeps a request whose attribution is bad, without the attribution, and stores no markup', async () => {
    const bad = {
      'ten-kb@example.com': { first: { ...googleAdsArrival, utm_campaign: 'x'.repeat(10_240) } },
      'html@example.com': { first: { ...googleAdsArrival, utm_campaign: '<script>alert("spring")</script>' } },
      'html-page@example.com': { first: { at, landingPage: '/"><img src=x onerror=alert(1)>' } },
      'fake-click@example.com': { first: { at, gclid: 'javascript:alert(document.cookie)' } },
      'not-an-object@example.com': 'google',
      'far-too-big@example.com': {
        first: googleAdsArrival,
        last: { ...googleAdsArrival, utm_term: 'y'.repeat(9_000) },
      },
    };
    for (const [email, leadSource] of Object.entries(bad)) {
      const response = await postJson({ ...validQuote, email, leadSource });
      expect(response.status, email).toBe(201);
      expect(await sourceOfRequest(email), email).toBeUndefined();
    }
    // A header that is not URI-encoded JSON.
    for (const [email, header] of [
      ['bad-encoding@example.com', '%E0%A4%A'],
      ['raw-html@example.com', '<script>alert(1)</script>'],
    ] as const) {
      expect((await postJson({ ...validQuote, email }, header)).status, email).toBe(201);
      expect(await sourceOfRequest(email), email).toBeUndefined();
    }
    // Beyond what any server takes in its headers: a clear 431 from Node itself, never a 500.
    const huge = await postJson({ ...validQuote, email: 'huge@example.com' }, 'x'.repeat(20 * 1024));
    expect(huge.status).toBe(431);
    const htmlForm = 'html-form@example.com';
    const hidden = JSON.stringify({ first: { at, utm_source: '<b>facebook</b>' } });
    expect((await postForm({ ...validQuote, email: htmlForm, leadSource: hidden })).status).toBe(200);
    expect(await sourceOfRequest(htmlForm)).toBeUndefined();
    const garbled = 'garbled-form@example.com';
    expect((await postForm({ ...validQuote, email: garbled, leadSource: '{"first":' })).status).toBe(200);
    expect(await sourceOfRequest(garbled)).toBeUndefined();

    const [{ markup }] = (await database.db
      .select({ markup: sql<number>`count(*)`.mapWith(Number) })
      .from(quoteRequestSources)
      .where(sql`${quoteRequestSources.touches}::text ~ '[<>]' or ${quoteRequestSources.source} ~ '[<>]'`)) as [
      { markup: number },
    ];
    expect(markup).toBe(0);
    // The refusal is logged by the rules that failed, never with the values.
    const refusals = logLines.filter((line) => line.includes('lead source refused'));
    expect(refusals.length).toBeGreaterThanOrEqual(9);
    expect(refusals.join('\n')).not.toMatch(/script|alert|xxxxxxxx|facebook|Jane/);
    expect(refusals.join('\n')).toContain('first.utm_campaign');
  });

  const beacon = (body: string, headers: Record<string, string> = {}, to = server.base) =>
    fetch(`${to}${contactTapPath}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': browser, ...headers },
      body,
    });
  const tapCount = async (page: string) =>
    (
      await database.db
        .select({ source: contactTaps.source, kind: contactTaps.kind, count: contactTaps.count })
        .from(contactTaps)
        .where(eq(contactTaps.page, page))
        .orderBy(contactTaps.kind, contactTaps.source)
    ).map((row) => `${row.kind} ${row.source} ${row.count}`);

  let visitorCounter = 0;
  /** A fresh visitor's address, as the proxy in front of the site would tell it. */
  const visitor = () => ({ 'X-Forwarded-For': `198.51.100.${++visitorCounter}` });

  it('counts taps on call and text links per source and page, with 204', async () => {
    const page = '/services/decks';
    for (const [body, from] of [
      [{ kind: 'call', page, source: googleAdsArrival }, visitor()],
      [{ kind: 'call', page, source: googleAdsArrival }, visitor()],
      [{ kind: 'text', page }, visitor()],
    ] as const) {
      const response = await beacon(JSON.stringify(body), { Origin: server.base, ...from });
      expect(response.status).toBe(204);
    }
    expect(await tapCount(page)).toEqual(['call Google Ads 2', 'text Direct 1']);
  });

  it("counts a visitor's repeated taps once per page and kind", async () => {
    const page = '/services/roof-repair';
    const from = visitor();
    const tap = (kind: string, on = page) =>
      beacon(JSON.stringify({ kind, page: on }), { Origin: server.base, ...from });
    const statuses = await Promise.all(Array.from({ length: 100 }, () => tap('call')));
    expect(new Set(statuses.map((response) => response.status))).toEqual(new Set([204]));
    await tap('text');
    await tap('call', '/contact');
    expect(await tapCount(page)).toEqual(['call Direct 1', 'text Direct 1']);
    expect(await tapCount('/contact')).toEqual(['call Direct 1']);
    // Someone else on the same page still counts.
    await beacon(JSON.stringify({ kind: 'call', page }), { Origin: server.base, ...visitor() });
    expect(await tapCount(page)).toEqual(['call Direct 2', 'text Direct 1']);
    // Nothing that names the visitor is kept: not the address, not the page beside it.
    const stored = JSON.stringify(await database.db.execute(sql`select key from rate_limits`));
    expect(stored).not.toContain(from['X-Forwarded-For']);
  });

  it('counts a source that is not one under Other', async () => {
    const page = '/services/siding';
    for (const source of [
      { utm_source: 'facebook', at: 1 },
      { at, utm_source: 'x'.repeat(200) },
      { at, utm_source: 'CALL NOW <b>555</b>' },
      'facebook',
    ]) {
      const response = await beacon(JSON.stringify({ kind: 'call', page, source }), {
        Origin: server.base,
        ...visitor(),
      });
      expect(response.status).toBe(204);
    }
    expect(await tapCount(page)).toEqual(['call Other 4']);
  });

  it('answers garbage with 400, and ignores bots and what did not come from a page of the site with 204', async () => {
    const page = '/services/roofing';
    for (const body of [
      '',
      'not json',
      '[]',
      '{"kind":"email","page":"/"}',
      JSON.stringify({ kind: 'call', page: '/<b>' }),
    ]) {
      const response = await beacon(body);
      expect(response.status, body).toBe(400);
      expect(await response.json()).toHaveProperty('error');
    }
    const tooBig = await beacon(JSON.stringify({ kind: 'call', page: `/${'a'.repeat(4000)}` }));
    expect(tooBig.status).toBe(413);
    const tap = JSON.stringify({ kind: 'call', page });
    for (const agent of ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'curl/8.5.0', 'HeadlessChrome/131.0', '']) {
      expect((await beacon(tap, { 'User-Agent': agent, Origin: server.base, ...visitor() })).status, agent).toBe(204);
    }
    expect((await beacon(tap, { Origin: 'https://evil.example', ...visitor() })).status).toBe(204);
    // A script that names no page of the site: neither Origin nor a browser's Sec-Fetch-Site.
    expect((await beacon(tap, visitor())).status).toBe(204);
    expect((await beacon(tap, { 'Sec-Fetch-Site': 'cross-site', ...visitor() })).status).toBe(204);
    expect(await tapCount(page)).toEqual([]);
    // A browser that leaves Origin out still says it is on the site.
    expect((await beacon(tap, { 'Sec-Fetch-Site': 'same-origin', ...visitor() })).status).toBe(204);
    expect(await tapCount(page)).toEqual(['call Direct 1']);
  });

  it('refuses a flood of taps with 429 and counts only the allowance', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const tap = JSON.stringify({ kind: 'call', page: `/flood/${i}` });
      statuses.push((await beacon(tap, { Origin: limited.base }, limited.base)).status);
    }
    expect(statuses.slice(0, 6)).toEqual(Array(6).fill(204));
    expect(statuses.slice(6)).toEqual(Array(6).fill(429));
    const [{ taps }] = (await database.db
      .select({ taps: sql<number>`sum(${contactTaps.count})`.mapWith(Number) })
      .from(contactTaps)
      .where(sql`${contactTaps.page} like '/flood/%'`)) as [{ taps: number }];
    expect(taps).toBe(6);
  });

  it('serves the results to the signed-in owner only', async () => {
    expect((await fetch(`${server.base}/api/owner/results`)).status).toBe(401);
    const password = 'results by the creek';
    await setOwnerPassword(database.transaction, password, quickPasswordHash);
    const signIn = await fetch(`${server.base}/api/owner/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.base },
      body: JSON.stringify({ password }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const response = await fetch(`${server.base}/api/owner/results?period=90-days`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const results = (await response.json()) as { period: string; bySource: { key: string; requests: number }[] };
    expect(results.period).toBe('90-days');
    expect(results.bySource.find((row) => row.key === 'Google Ads')?.requests).toBeGreaterThanOrEqual(2);
    expect(results.bySource.find((row) => row.key === 'Not recorded')?.requests).toBeGreaterThanOrEqual(8);

    const list = await fetch(`${server.base}/api/owner/requests?source=Facebook`, { headers: { Cookie: cookie } });
    const { items, sources } = (await list.json()) as {
      items: { source: string }[];
      sources: { name: string; count: number }[];
    };
    expect(items.map((item) => item.source)).toEqual(['Facebook']);
    expect(sources.map((source) => source.name)).toEqual(expect.arrayContaining(['Google Ads', 'Facebook', 'Direct']));

    const csv = await (
      await fetch(`${server.base}/api/owner/requests/export.csv?source=Google%20Ads`, { headers: { Cookie: cookie } })
    ).text();
    expect(csv).toContain('"Source","Medium","Campaign","Landing page","Referrer"');
    expect(csv).toContain(
      '"Google Ads","cpc","spring-decks","/?utm_source=google&utm_medium=cpc&utm_campaign=spring-decks",""',
    );
    expect(csv).not.toContain('Google search');
  });
});
