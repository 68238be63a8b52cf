import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { arizonaDay } from '@shared/arizona-time';
import type { LeadSource } from '@shared/lead-source';
import { monthOfDay } from '@shared/schemas/owner-money';
import { periodRange } from '@shared/schemas/owner-results';
import {
  quoteRequestEvents,
  quoteRequestSources,
  quoteRequests,
  quoteRequestStates,
  type LeadStatus,
} from '../../db/schema';
import { serveTestApp } from '../../test/app-fixture';
import { testDatabases } from '../../test/databases';
import { csvColumnSum, parseCsv } from '../../test/csv';
import { setupTimeout } from '../../test/http';
import { createConversions } from './conversions';
import { createInbox } from './inbox';
import { createRequestChanges } from './request-changes';
import { createResults } from './results';
import { createSpend } from './spend';

const gclid = 'Cj0KCQiA-revenue_test';
const phone = 'iPhone · Safari';

describe.each(testDatabases)(
  'what each job was worth and what each dollar of marketing brought, on $kind',
  (testDb) => {
    const { database } = serveTestApp(testDb, { label: 'revenue' });
    const now = new Date();
    const month = monthOfDay(arizonaDay(now));
    // Arrived at the first instant of this Arizona month: in "This month" whenever the test runs.
    const arrived = periodRange('this-month', now).start;

    async function request(name: string, source?: { source: string; medium: string; touches: LeadSource }) {
      const [stored] = await database.db
        .insert(quoteRequests)
        .values({
          name,
          phone: '(928) 555-0100',
          email: 'fixture@example.com',
          projectType: 'Deck',
          city: 'Payson',
          budgetRange: '$10,000 - $25,000',
          createdAt: arrived,
        })
        .returning({ id: quoteRequests.id });
      const id = stored!.id;
      await database.db.insert(quoteRequestStates).values({ quoteRequestId: id, updatedAt: arrived });
      if (source)
        await database.db.insert(quoteRequestSources).values({ quoteRequestId: id, capturedBy: 'script', ...source });
      return id;
    }

    let google = '';
    let facebook = '';

    beforeAll(async () => {
      google = await request('Dana from the ad', {
        source: 'Google Ads',
        medium: 'cpc',
        touches: { first: { at: arrived.getTime(), gclid, utm_source: 'google', utm_medium: 'cpc' } },
      });
      facebook = await request('Lee from Facebook', {
        source: 'Facebook',
        medium: 'social',
        touches: { first: { at: arrived.getTime(), fbclid: 'IwAR-revenue-test' } },
      });
      const changes = createRequestChanges(database);
      // The owner's work, as the request page sends it: the status first, the amount after.
      await changes.apply(google, { status: 'quoted' }, phone);
      await changes.apply(google, { estimateAmount: 12_500 }, phone);
      await changes.apply(google, { status: 'won' }, phone);
      await changes.apply(google, { jobValue: 11_800 }, phone);
      await changes.apply(facebook, { status: 'quoted', estimateAmount: 9_000 }, phone);
      await changes.apply(facebook, { status: 'lost', lostReason: 'price' }, phone);
      const spend = createSpend(database);
      await spend.save({ month, source: 'Google Ads', amount: 600 });
      // Typed in another case: the same source.
      await spend.save({ month, source: 'facebook', amount: 150 });
    }, setupTimeout);

    it('shows Google won revenue $11,800, return on spend 19.67, $600 per won job; Facebook $0 won, lost to Price, $150 a lead', async () => {
      const results = await createResults(database).forPeriod('this-month', now);
      const [first, second] = results.bySource;
      expect(first).toMatchObject({
        key: 'Google Ads',
        requests: 1,
        estimates: 1,
        estimateValue: 12_500,
        won: 1,
        wonValue: 11_800,
        wonRate: 1,
        spend: 600,
        costPerLead: 600,
        costPerWon: 600,
        returnOnSpend: 19.67,
      });
      expect(second).toMatchObject({
        key: 'Facebook',
        requests: 1,
        estimates: 1,
        estimateValue: 9_000,
        won: 0,
        wonValue: 0,
        lost: 1,
        lostReasons: { price: 1, timing: 0, competitor: 0, 'no-response': 0, 'not-a-fit': 0, other: 0 },
        wonRate: 0,
        spend: 150,
        costPerLead: 150,
        costPerWon: null,
        returnOnSpend: 0,
      });
      expect(results.totals).toMatchObject({
        requests: 2,
        estimates: 2,
        estimateValue: 21_500,
        won: 1,
        wonValue: 11_800,
        lost: 1,
        spend: 750,
        costPerLead: 375,
        costPerWon: 750,
        returnOnSpend: 15.73,
      });
    });

    it('exports the period with the amounts, lost reason and won date; its columns add up to the page’s figures', async () => {
      const csv = parseCsv(await createInbox(database).csv({ status: 'all', q: '', source: '' }, 'this-month', now));
      const results = await createResults(database).forPeriod('this-month', now);
      expect(csv.length).toBe(results.totals.requests);
      expect(csvColumnSum(csv, 'Estimate amount')).toBe(results.totals.estimateValue);
      expect(csvColumnSum(csv, 'Job value')).toBe(results.totals.wonValue);
      expect(csv.filter((row) => row['Status'] === 'Won').length).toBe(results.totals.won);
      expect(csv.filter((row) => row['Lost reason'] === 'Price').length).toBe(results.totals.lostReasons.price);
      for (const line of results.bySource) {
        const mine = csv.filter((row) => row['Source'] === line.key);
        expect(mine.length, line.key).toBe(line.requests);
        expect(csvColumnSum(mine, 'Job value'), line.key).toBe(line.wonValue);
        expect(csvColumnSum(mine, 'Estimate amount'), line.key).toBe(line.estimateValue);
      }
      const won = csv.find((row) => row['Source'] === 'Google Ads')!;
      expect(won).toMatchObject({ 'Estimate amount': '12500', 'Job value': '11800', 'Lost reason': '' });
      expect(won['Won date (Arizona time)']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(csv.find((row) => row['Source'] === 'Facebook')).toMatchObject({
        'Lost reason': 'Price',
        'Job value': '',
        'Won date (Arizona time)': '',
      });
      // Last month holds neither request.
      expect(
        parseCsv(await createInbox(database).csv({ status: 'all', q: '', source: '' }, 'last-month', now)),
      ).toEqual([]);
    });

    it('downloads one Google Ads conversion: the ad’s click, the time it was won and 11800', async () => {
      const csv = await createConversions(database).googleAdsCsv('this-month', now);
      const lines = csv.split('\r\n');
      expect(lines[0]).toBe('Parameters:TimeZone=America/Phoenix');
      expect(lines[1]).toBe('Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency');
      expect(lines.slice(2)).toEqual([
        expect.stringMatching(new RegExp(`^${gclid},Won job,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},11800,USD$`)),
        '',
      ]);
      const [state] = await database.db
        .select()
        .from(quoteRequestStates)
        .where(eq(quoteRequestStates.quoteRequestId, google));
      const time = lines[2]!.split(',')[2]!;
      // Arizona time, UTC-7 all year.
      expect(new Date(`${time.replace(' ', 'T')}-07:00`).getTime()).toBe(
        Math.floor(state!.wonAt!.getTime() / 1000) * 1000,
      );
    });

    it('keeps every change as a dated event, by whom, oldest first', async () => {
      const detail = await createInbox(database).detail(google);
      expect(detail).toMatchObject({ status: 'won', estimateAmount: 12_500, jobValue: 11_800, lostReason: null });
      expect(detail!.wonAt).not.toBeNull();
      expect(detail!.history.map((event) => [event.kind, event.status ?? event.amount, event.device])).toEqual([
        ['status', 'quoted', phone],
        ['estimate', 12_500, phone],
        ['status', 'won', phone],
        // Won without a job value: the estimate, as the page showed it, until he typed another.
        ['job-value-from-estimate', 12_500, phone],
        ['job-value', 11_800, phone],
      ]);
      const times = detail!.history.map((event) => Date.parse(event.at));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      // The first answer was the Quoted status, at its event's time.
      expect(detail!.firstAnsweredAt).toBe(detail!.history[0]!.at);
    });

    it('forgets the won date and the won revenue when a won job is lost again, and keeps its job value', async () => {
      const id = await request('Sam changed his mind');
      const changes = createRequestChanges(database);
      await changes.apply(id, { status: 'won', jobValue: 4_000 }, phone);
      const lostAgain = await changes.apply(id, { status: 'lost', lostReason: 'timing' }, phone);
      expect(lostAgain).toMatchObject({ status: 'lost', jobValue: 4_000, wonAt: null, lostReason: 'timing' });
      const results = await createResults(database).forPeriod('this-month', now);
      expect(results.totals).toMatchObject({ requests: 3, won: 1, wonValue: 11_800, lost: 2 });
      expect(results.totals.lostReasons).toMatchObject({ price: 1, timing: 1 });
      const back = await changes.apply(id, { status: 'won' }, phone);
      expect(back!.wonAt).not.toBeNull();
      expect((await createResults(database).forPeriod('this-month', now)).totals.wonValue).toBe(15_800);
      await changes.apply(id, { status: 'new', jobValue: null, lostReason: null }, phone);
    });

    it('applies a status and an amount sent at once from two phones: nothing lost, the later write wins, both events kept', async () => {
      const id = await request('Two phones');
      const changes = createRequestChanges(database);
      const [a, b] = await Promise.all([
        changes.apply(id, { status: 'won' }, 'iPhone · Safari'),
        changes.apply(id, { jobValue: 7_250 }, 'Android · Chrome'),
      ]);
      expect(a && b).toBeTruthy();
      const [state] = await database.db
        .select()
        .from(quoteRequestStates)
        .where(eq(quoteRequestStates.quoteRequestId, id));
      expect(state).toMatchObject({ status: 'won', jobValue: 7_250 });

      // The same field from both: the one written second is what stays; both are in the history.
      await Promise.all([
        changes.apply(id, { status: 'lost' }, 'iPhone · Safari'),
        changes.apply(id, { status: 'quoted' }, 'Android · Chrome'),
      ]);
      const events = await database.db
        .select()
        .from(quoteRequestEvents)
        .where(eq(quoteRequestEvents.quoteRequestId, id))
        .orderBy(quoteRequestEvents.id);
      expect(events.map((event) => event.kind).sort()).toEqual(['job-value', 'status', 'status', 'status']);
      const last = events.at(-1)!;
      const [after] = await database.db
        .select()
        .from(quoteRequestStates)
        .where(eq(quoteRequestStates.quoteRequestId, id));
      expect(after!.status).toBe(last.status as LeadStatus);
      expect(after!.updatedAt.getTime()).toBe(last.at.getTime());
      // Later writes have later (or equal) times.
      const times = events.map((event) => event.at.getTime());
      expect([...times].sort((x, y) => x - y)).toEqual(times);
      await changes.apply(id, { status: 'new', jobValue: null }, phone);
    });

    it('spreads spend over the longer periods: the first and last month in proportion to their days', async () => {
      const spend = createSpend(database);
      // Thursday, November 26, 2026, noon in Arizona.
      const thanksgiving = new Date('2026-11-26T19:00:00Z');
      const entries = [
        ['2025-11', 3_000],
        ['2025-12', 100],
        ['2026-08', 310],
        ['2026-09', 200],
        ['2026-10', 200],
        ['2026-11', 300],
      ] as const;
      for (const [spentIn, amount] of entries) await spend.save({ month: spentIn, source: 'Nextdoor', amount });
      const results = createResults(database);
      const nextdoor = async (period: 'this-month' | 'last-month' | '90-days' | 'year') =>
        (await results.forPeriod(period, thanksgiving)).bySource.find((row) => row.key === 'Nextdoor');
      // A source with spend and no request yet is a line of its own: it brought nothing.
      expect(await nextdoor('this-month')).toMatchObject({
        requests: 0,
        spend: 300,
        costPerLead: null,
        costPerWon: null,
        returnOnSpend: 0,
      });
      expect((await nextdoor('last-month'))!.spend).toBe(200);
      // August 29 to November 26: 3/31 of August, September, October, 26/30 of November.
      expect((await nextdoor('90-days'))!.spend).toBe(30 + 200 + 200 + 260);
      // November 27, 2025 to November 26, 2026: 4/30 of last November, then 26/30 of this one.
      expect((await nextdoor('year'))!.spend).toBe(400 + 100 + 310 + 200 + 200 + 260);
      for (const [spentIn] of entries) await spend.save({ month: spentIn, source: 'Nextdoor', amount: 0 });
      expect(await nextdoor('year')).toBeUndefined();
    });

    it('lists a month’s spend with the names to choose from, the usual ones first', async () => {
      const spending = createSpend(database);
      await spending.save({ month: '2026-01', source: 'Yard signs', amount: 80 });
      const spend = await spending.forMonth(month);
      expect(spend.entries).toEqual([
        { source: 'Facebook', amount: 150 },
        { source: 'Google Ads', amount: 600 },
      ]);
      expect(spend.sources.slice(0, 3)).toEqual(['Google Ads', 'Google search', 'Google Business Profile']);
      expect(spend.sources).toContain('Yard signs');
      expect(spend.sources).not.toContain('Other');
      // The name typed again in another case is the same source.
      expect(await spending.save({ month: '2026-01', source: 'YARD SIGNS', amount: 0 })).toEqual({
        month: '2026-01',
        source: 'Yard signs',
        amount: 0,
      });
      expect((await spending.forMonth('2026-01')).entries).toEqual([]);
    });
  },
);
