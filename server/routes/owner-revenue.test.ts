import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { arizonaDay } from '@shared/arizona-time';
import type { RequestDetail, RequestState } from '@shared/schemas/owner-inbox';
import { monthOfDay, type MonthSpend } from '@shared/schemas/owner-money';
import type { Results } from '@shared/schemas/owner-results';
import { serveTestApp } from '../test/app-fixture';
import { csvColumnSum, parseCsv } from '../test/csv';
import { testDatabases } from '../test/databases';
import { validQuote } from '../test/http';
import { signedInOwner, type OwnerCall } from '../test/owner-session';

const iPhone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1';
const android =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/**
 * The owner's money API: amounts on requests (PATCH /api/owner/requests/:id), spend per source and
 * month (PUT /api/owner/spend), what they add up to (GET /api/owner/results), the CSV of a period
 * and the Google Ads conversions, as the owner tried them.
 */
describe.each(testDatabases)('won revenue and return on spend through the API on $kind', (testDb) => {
  // Two server instances on one database: the owner's phone and his wife's.
  const app = serveTestApp(testDb, { label: 'owner-revenue', apps: [{}, {}] });
  const [first, second] = [app.servers[0]!, app.servers[1]!];
  const tag = randomBytes(3).toString('hex');
  const gclid = `Cj0KCQiA-${tag}_ad_click`;
  const month = monthOfDay(arizonaDay(new Date()));
  const owner = signedInOwner(app);
  const call = (
    path: string,
    { userAgent = iPhone, ...init }: OwnerCall & { base?: string; userAgent?: string } = {},
  ) => owner.call(path, { ...init, headers: { 'User-Agent': userAgent } });
  const patch = (id: string, body: unknown, init: { base?: string; userAgent?: string } = {}) =>
    call(`/requests/${id}`, { method: 'PATCH', body: JSON.stringify(body), ...init });
  const putSpend = (body: unknown) => call('/spend', { method: 'PUT', body: JSON.stringify(body) });

  /** A request as the form sends it, from a visitor who arrived by `touch`. */
  async function submit(name: string, touch: Record<string, string>) {
    const leadSource = { first: { at: Date.now() - 60_000, ...touch } };
    const response = await fetch(`${first.base}/api/quote-requests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Lead-Source': encodeURIComponent(JSON.stringify(leadSource)) },
      body: JSON.stringify({ ...validQuote, name: `${name} ${tag}` }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  it('refuses the money routes without a session, and changes from another site', async () => {
    for (const [method, path] of [
      ['GET', '/spend?month=2026-11'],
      ['PUT', '/spend'],
      ['GET', '/conversions.csv?period=this-month'],
      ['GET', '/requests/export.csv?period=this-month'],
    ]) {
      const response = await fetch(`${first.base}/api/owner${path}`, { method, headers: { Origin: first.base } });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    const forged = await fetch(`${first.base}/api/owner/spend`, {
      method: 'PUT',
      headers: { Cookie: owner.cookie(), Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ month, source: 'Google Ads', amount: 1 }),
    });
    expect(forged.status).toBe(403);
  });

  it('reproduces the owner’s month: Google won $11,800 on $600, Facebook lost to Price on $150', async () => {
    const google = await submit('Dana Ruiz', { utm_source: 'google', utm_medium: 'cpc', gclid });
    const facebook = await submit('Lee Park', { utm_source: 'facebook', fbclid: `IwAR-${tag}-click` });

    // Marked Quoted with the estimate, then Won (worth its estimate until told otherwise), then
    // the job value (the estimate, changed).
    expect((await patch(google, { status: 'quoted' })).status).toBe(200);
    expect((await patch(google, { estimateAmount: 12_500 })).status).toBe(200);
    expect((await patch(google, { status: 'won' })).status).toBe(200);
    const won = await patch(google, { jobValue: 11_800 });
    expect(won.status).toBe(200);
    const state = (await won.json()) as RequestState;
    expect(state).toMatchObject({ status: 'won', estimateAmount: 12_500, jobValue: 11_800, lostReason: null });
    expect(state.history.map((event) => [event.kind, event.status ?? event.amount, event.device])).toEqual([
      ['status', 'quoted', 'iPhone · Safari'],
      ['estimate', 12_500, 'iPhone · Safari'],
      ['status', 'won', 'iPhone · Safari'],
      ['job-value-from-estimate', 12_500, 'iPhone · Safari'],
      ['job-value', 11_800, 'iPhone · Safari'],
    ]);
    await patch(facebook, { status: 'quoted', estimateAmount: 8_000 });
    await patch(facebook, { status: 'lost', lostReason: 'price' });

    expect((await putSpend({ month, source: 'Google Ads', amount: 600 })).status).toBe(200);
    const facebookSpend = await putSpend({ month, source: 'Facebook', amount: 150 });
    expect(await facebookSpend.json()).toEqual({ month, source: 'Facebook', amount: 150 });

    const results = (await (await call('/results?period=this-month')).json()) as Results;
    const [googleRow, facebookRow] = results.bySource;
    expect(googleRow).toMatchObject({
      key: 'Google Ads',
      wonValue: 11_800,
      returnOnSpend: 19.67,
      costPerWon: 600,
      estimates: 1,
      estimateValue: 12_500,
    });
    expect(facebookRow).toMatchObject({
      key: 'Facebook',
      wonValue: 0,
      lost: 1,
      lostReasons: expect.objectContaining({ price: 1 }),
      costPerLead: 150,
      costPerWon: null,
    });
    expect(results.totals).toMatchObject({ spend: 750, wonValue: 11_800, estimateValue: 20_500 });

    // The CSV of the period adds up to the same figures, source by source.
    const exported = await call('/requests/export.csv?status=all&period=this-month');
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename="quote-requests-all-this-month-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(await exported.text());
    expect(rows.length).toBe(results.totals.requests);
    expect(csvColumnSum(rows, 'Job value')).toBe(results.totals.wonValue);
    expect(csvColumnSum(rows, 'Estimate amount')).toBe(results.totals.estimateValue);
    for (const line of results.bySource) {
      const mine = rows.filter((row) => row['Source'] === line.key);
      expect(mine.length, line.key).toBe(line.requests);
      expect(csvColumnSum(mine, 'Job value'), line.key).toBe(line.wonValue);
      expect(mine.filter((row) => row['Lost reason'] === 'Price').length, line.key).toBe(line.lostReasons.price);
    }

    // One conversion for Google Ads: that click, 11800.
    const conversions = await call('/conversions.csv?period=this-month');
    expect(conversions.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(conversions.headers.get('content-disposition')).toMatch(
      /^attachment; filename="google-ads-conversions-this-month-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await conversions.text()).trimEnd().split('\r\n');
    expect(lines.slice(0, 2)).toEqual([
      'Parameters:TimeZone=America/Phoenix',
      'Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency',
    ]);
    expect(lines.slice(2)).toEqual([expect.stringMatching(new RegExp(`^${gclid},Won job,[\\d: -]{19},11800,USD$`))]);

    const detail = (await (await call(`/requests/${facebook}`)).json()) as RequestDetail;
    expect(detail).toMatchObject({ status: 'lost', estimateAmount: 8_000, lostReason: 'price', wonAt: null });
  });

  it('refuses nonsense amounts with a clear message, and rounds cents to whole dollars', async () => {
    const id = await submit('Amount checks', { utm_source: 'yard-sign' });
    const refused: [unknown, string][] = [
      [{ estimateAmount: -5 }, 'The estimate amount cannot be negative.'],
      [{ estimateAmount: 'twelve grand' }, 'The estimate amount must be a number of dollars, such as 12500.'],
      [{ estimateAmount: '12500' }, 'The estimate amount must be a number of dollars, such as 12500.'],
      [{ jobValue: 10_000_001 }, 'The job value can be at most $10,000,000.'],
      [{ jobValue: true }, 'The job value must be a number of dollars, such as 12500.'],
      [
        { lostReason: 'too-expensive' },
        'The lost reason must be one of: price, timing, competitor, no-response, not-a-fit, other.',
      ],
      [{ status: 'archived' }, 'The status must be one of: new, contacted, quoted, won, done, lost, spam.'],
      [{}, 'Send a status, an estimate amount, a job value or a lost reason.'],
    ];
    for (const [body, message] of refused) {
      const response = await patch(id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json(), JSON.stringify(body)).toEqual({ error: message });
    }
    // A refused change changes nothing, not even the parts of it that were right.
    const mixed = await patch(id, { status: 'won', jobValue: -1 });
    expect(mixed.status).toBe(400);
    expect(((await (await call(`/requests/${id}`)).json()) as RequestDetail).status).toBe('new');

    const rounded = (await (
      await patch(id, { estimateAmount: 12_499.5, jobValue: 10_000_000 })
    ).json()) as RequestState;
    expect(rounded).toMatchObject({ estimateAmount: 12_500, jobValue: 10_000_000 });
    const cleared = (await (await patch(id, { estimateAmount: null, jobValue: 0.4 })).json()) as RequestState;
    expect(cleared).toMatchObject({ estimateAmount: null, jobValue: 0 });
    expect((await patch('00000000-0000-4000-8000-000000000000', { jobValue: 5 })).status).toBe(404);

    for (const [body, message] of [
      [
        { month: '2026-13', source: 'Google Ads', amount: 5 },
        'The month must be written as year and month, such as 2026-11.',
      ],
      [{ month, source: '  ', amount: 5 }, 'Name the source, such as Google Ads.'],
      [{ month, source: '<b>ads</b>', amount: 5 }, 'A source’s name must be plain text, without < or >.'],
      [{ month, source: 'Google Ads', amount: -600 }, 'The amount cannot be negative.'],
      [{ month, source: 'Google Ads', amount: '600' }, 'The amount must be a number of dollars, such as 12500.'],
      [{ month, source: 'Google Ads', amount: 20_000_000 }, 'The amount can be at most $10,000,000.'],
    ] as const) {
      const response = await putSpend(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json(), JSON.stringify(body)).toEqual({ error: message });
    }
    expect((await call('/spend?month=November')).status).toBe(400);
    const spend = (await (await call(`/spend?month=${month}`)).json()) as MonthSpend;
    expect(spend.entries).toEqual([
      { source: 'Facebook', amount: 150 },
      { source: 'Google Ads', amount: 600 },
    ]);
    expect(spend.sources).toContain('yard-sign');
  });

  it('loses nothing when a status and an amount race from two phones: the later write wins, both events kept', async () => {
    const id = await submit('Two phones', { utm_source: 'google', utm_medium: 'cpc', gclid: `${gclid}-2` });
    await patch(id, { status: 'quoted', estimateAmount: 5_000 });
    // At the same moment, on two servers: one marks it Won, the other enters the job value.
    const [status, amount] = await Promise.all([
      patch(id, { status: 'won' }, { base: first.base, userAgent: iPhone }),
      patch(id, { jobValue: 4_800 }, { base: second.base, userAgent: android }),
    ]);
    expect([status.status, amount.status]).toEqual([200, 200]);
    let detail = (await (await call(`/requests/${id}`)).json()) as RequestDetail;
    expect(detail).toMatchObject({ status: 'won', estimateAmount: 5_000, jobValue: 4_800 });
    // Won applied first takes the estimate as the job value for a moment (its own event); the
    // value written after it wins either way.
    expect(
      detail.history
        .slice(2)
        .filter((event) => event.kind !== 'job-value-from-estimate')
        .map((event) => `${event.kind} ${event.device}`)
        .sort(),
    ).toEqual(['job-value Android · Chrome', 'status iPhone · Safari']);

    // Both set the status: the one written later stays, and both are in the history.
    const [lost, quoted] = await Promise.all([
      patch(id, { status: 'lost' }, { base: first.base, userAgent: iPhone }),
      patch(id, { status: 'quoted' }, { base: second.base, userAgent: android }),
    ]);
    expect([lost.status, quoted.status]).toEqual([200, 200]);
    detail = (await (await call(`/requests/${id}`)).json()) as RequestDetail;
    const statuses = detail.history.filter((event) => event.kind === 'status');
    expect(
      statuses
        .slice(-2)
        .map((event) => event.status)
        .sort(),
    ).toEqual(['lost', 'quoted']);
    expect(detail.status).toBe(statuses.at(-1)!.status);
    expect(detail.statusChangedAt).toBe(statuses.at(-1)!.at);
  });

  it('records a tap on Call as the first answer in the history, and its undo', async () => {
    const id = await submit('Tap history', {});
    expect(
      (await call(`/requests/${id}/answer`, { method: 'POST', body: JSON.stringify({ via: 'call' }) })).status,
    ).toBe(200);
    expect((await call(`/requests/${id}/answer`, { method: 'DELETE' })).status).toBe(204);
    const detail = (await (await call(`/requests/${id}`)).json()) as RequestDetail;
    expect(detail.history.map((event) => [event.kind, event.via, event.device])).toEqual([
      ['answer', 'call', 'iPhone · Safari'],
      ['answer-undone', null, 'iPhone · Safari'],
    ]);
  });
});
