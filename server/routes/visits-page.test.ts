import { describe, expect, it } from 'vitest';
import { rateLimitMessage } from '../http/rate-limit';
import { testDatabases } from '../test/databases';
import { monday, serveVisits } from '../test/visit-sites';

// The estimate visit's booking page as a plain HTML form (booking, a window taken meanwhile,
// cancelling), and the rate limit it shares with the visit API. The API itself is tested in
// visits.test.ts. The clock starts on `monday` (server/test/visit-sites.ts).

let clock = monday;

describe.each(testDatabases)('the estimate visit page on $kind', (testDb) => {
  const { app, newRequest, slotsOf } = serveVisits(testDb, () => clock);

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
});
