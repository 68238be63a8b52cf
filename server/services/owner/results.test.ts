import { beforeAll, describe, expect, it } from 'vitest';
import { noLostReasons, type ResultRow, type SourceResultRow } from '@shared/schemas/owner-results';
import { contactTaps, quoteRequestSources, quoteRequests, quoteRequestStates, type LeadStatus } from '../../db/schema';
import { serveTestApp } from '../../test/app-fixture';
import { testDatabases } from '../../test/databases';
import { setupTimeout } from '../../test/http';
import { createResults } from './results';

/** "Now" for these tests: March 20, 2025, noon in Arizona (UTC-7). */
const now = new Date('2025-03-20T19:00:00Z');
const hour = 3600_000;

interface Fixture {
  source?: string;
  status: LeadStatus;
  /** When the request came in (UTC). */
  at: string;
  /** Hours from the request to the owner's (first) answer. */
  answeredAfterHours?: number;
  projectType: string;
  city: string;
}

const fixture: Fixture[] = [
  {
    source: 'Google Ads',
    status: 'won',
    at: '2025-03-03T16:00:00Z',
    answeredAfterHours: 2,
    projectType: 'Deck',
    city: 'Payson',
  },
  {
    source: 'Google Ads',
    status: 'lost',
    at: '2025-03-05T16:00:00Z',
    answeredAfterHours: 4,
    projectType: 'Deck',
    city: ' payson ',
  },
  { source: 'Google Ads', status: 'new', at: '2025-03-10T16:00:00Z', projectType: 'Roofing', city: 'Pine' },
  {
    source: 'Facebook',
    status: 'contacted',
    at: '2025-03-12T16:00:00Z',
    answeredAfterHours: 1,
    projectType: 'Deck',
    city: 'Strawberry',
  },
  { status: 'quoted', at: '2025-03-15T16:00:00Z', answeredAfterHours: 10, projectType: 'Roofing', city: 'Payson' },
  // Spam is never counted.
  { source: 'Google Ads', status: 'spam', at: '2025-03-16T16:00:00Z', projectType: 'Deck', city: 'Payson' },
  // Last month: February 20, and March 1 at 05:30 UTC, which is still February 28 in Arizona.
  {
    source: 'Facebook',
    status: 'won',
    at: '2025-02-20T16:00:00Z',
    answeredAfterHours: 30,
    projectType: 'Deck',
    city: 'Pine',
  },
  { source: 'Direct', status: 'new', at: '2025-03-01T05:30:00Z', projectType: 'Cabinets', city: 'Pine' },
  // Five months ago: in the year, not in 90 days.
  {
    source: 'Bing',
    status: 'won',
    at: '2024-10-15T16:00:00Z',
    answeredAfterHours: 5,
    projectType: 'Deck',
    city: 'Payson',
  },
  // Tomorrow in Arizona: in no period yet.
  { source: 'Google Ads', status: 'new', at: '2025-03-21T08:00:00Z', projectType: 'Deck', city: 'Payson' },
];

const taps = [
  { day: '2025-03-02', source: 'Google Ads', page: '/', kind: 'call' as const, count: 3 },
  { day: '2025-03-04', source: 'Google Ads', page: '/services/decks', kind: 'text' as const, count: 1 },
  { day: '2025-03-06', source: 'Google Business Profile', page: '/', kind: 'call' as const, count: 2 },
  { day: '2025-02-28', source: 'Facebook', page: '/', kind: 'call' as const, count: 5 },
];

const countsRow = (key: string, fields: Partial<ResultRow>): ResultRow => ({
  key,
  requests: 0,
  calls: 0,
  texts: 0,
  new: 0,
  contacted: 0,
  quoted: 0,
  won: 0,
  lost: 0,
  wonRate: null,
  medianHoursToAnswer: null,
  estimates: 0,
  estimateValue: 0,
  wonValue: 0,
  lostReasons: noLostReasons(),
  ...fields,
  // The fixture's won jobs have no job value entered.
  wonWithoutValue: fields.wonWithoutValue ?? fields.won ?? 0,
});

/** A source's line without spend: nothing spent per lead and per won job, no return to speak of. */
const row = (key: string, fields: Partial<ResultRow>): SourceResultRow => {
  const counted = countsRow(key, fields);
  return {
    ...counted,
    spend: 0,
    costPerLead: counted.requests > 0 ? 0 : null,
    costPerWon: counted.won > 0 ? 0 : null,
    returnOnSpend: null,
    invoiced: 0,
    collected: 0,
    outstanding: 0,
    estimatesSent: 0,
    estimatesApproved: 0,
    approvalRate: null,
    medianDaysToApproval: null,
  };
};

describe.each(testDatabases)('the results page’s counts on $kind', (testDb) => {
  const { database } = serveTestApp(testDb, { label: 'results' });

  beforeAll(async () => {
    for (const request of fixture) {
      const createdAt = new Date(request.at);
      const [stored] = await database.db
        .insert(quoteRequests)
        .values({
          name: 'Fixture',
          phone: '(928) 555-0100',
          email: 'fixture@example.com',
          projectType: request.projectType,
          city: request.city,
          budgetRange: '$10,000 - $25,000',
          createdAt,
        })
        .returning({ id: quoteRequests.id });
      const id = stored!.id;
      const answered = request.answeredAfterHours;
      await database.db.insert(quoteRequestStates).values({
        quoteRequestId: id,
        status: request.status,
        updatedAt: answered === undefined ? createdAt : new Date(createdAt.getTime() + answered * hour),
        firstAnsweredAt: answered === undefined ? null : new Date(createdAt.getTime() + answered * hour),
        firstAnsweredVia: answered === undefined ? null : 'status',
      });
      if (request.source) {
        await database.db.insert(quoteRequestSources).values({
          quoteRequestId: id,
          source: request.source,
          medium: 'cpc',
          capturedBy: 'script',
          touches: { first: { at: createdAt.getTime() } },
        });
      }
    }
    await database.db.insert(contactTaps).values(taps);
  }, setupTimeout);

  it('counts this month by source, with calls and texts, won rate and median time to answer', async () => {
    const results = await createResults(database).forPeriod('this-month', now);
    expect(results).toMatchObject({ period: 'this-month', firstDay: '2025-03-01', lastDay: '2025-03-20' });
    expect(results.bySource).toEqual([
      row('Google Ads', {
        requests: 3,
        calls: 3,
        texts: 1,
        new: 1,
        won: 1,
        lost: 1,
        wonRate: 1 / 3,
        medianHoursToAnswer: 3,
      }),
      row('Facebook', { requests: 1, contacted: 1, wonRate: 0, medianHoursToAnswer: 1 }),
      row('Not recorded', { requests: 1, quoted: 1, wonRate: 0, medianHoursToAnswer: 10 }),
      row('Google Business Profile', { calls: 2 }),
    ]);
    expect(results.totals).toEqual(
      row('All', {
        requests: 5,
        calls: 5,
        texts: 1,
        new: 1,
        contacted: 1,
        quoted: 1,
        won: 1,
        lost: 1,
        wonRate: 0.2,
        medianHoursToAnswer: 3,
      }),
    );
  });

  it('counts by service and by city, cities as typed in any case and spacing', async () => {
    const results = await createResults(database).forPeriod('this-month', now);
    expect(results.byService.map((r) => [r.key, r.requests, r.won])).toEqual([
      ['Deck', 3, 1],
      ['Roofing', 2, 0],
    ]);
    expect(results.byCity.map((r) => [r.key, r.requests])).toEqual([
      ['Payson', 3],
      ['Pine', 1],
      ['Strawberry', 1],
    ]);
  });

  it('keeps to the period’s Arizona days', async () => {
    const last = await createResults(database).forPeriod('last-month', now);
    expect(last.bySource).toEqual([
      row('Facebook', { requests: 1, calls: 5, won: 1, wonRate: 1, medianHoursToAnswer: 30 }),
      row('Direct', { requests: 1, new: 1, wonRate: 0 }),
    ]);
    const ninety = await createResults(database).forPeriod('90-days', now);
    expect(ninety.totals.requests).toBe(7);
    expect(ninety.bySource.map((r) => r.key)).not.toContain('Bing');
    const year = await createResults(database).forPeriod('year', now);
    expect(year.totals.requests).toBe(8);
    expect(year.bySource.find((r) => r.key === 'Bing')).toEqual(
      row('Bing', { requests: 1, won: 1, wonRate: 1, medianHoursToAnswer: 5 }),
    );
  });
});
