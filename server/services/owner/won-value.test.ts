import { describe, expect, it } from 'vitest';
import { periodRange } from '@shared/schemas/owner-results';
import { quoteRequests, quoteRequestStates } from '../../db/schema';
import { serveTestApp } from '../../test/app-fixture';
import { testDatabases } from '../../test/databases';
import { createInbox } from './inbox';
import { createRequestChanges } from './request-changes';
import { createResults } from './results';

const phone = 'iPhone · Safari';

/**
 * A won job is never counted as $0 because the job value's own Save was not tapped: won or done
 * without a job value, it takes its estimate (an event says so); with neither, the results say
 * the value was not entered instead of adding $0.
 */
describe.each(testDatabases)('the value of a won job on $kind', (testDb) => {
  const { database } = serveTestApp(testDb, { label: 'won-value' });
  const now = new Date();
  const arrived = periodRange('this-month', now).start;

  async function request(name: string) {
    const [stored] = await database.db
      .insert(quoteRequests)
      .values({
        name,
        phone: '(928) 555-0100',
        email: 'won-value@example.com',
        projectType: 'Deck',
        city: 'Payson',
        budgetRange: '$10,000 - $25,000',
        createdAt: arrived,
      })
      .returning({ id: quoteRequests.id });
    await database.db.insert(quoteRequestStates).values({ quoteRequestId: stored!.id, updatedAt: arrived });
    return stored!.id;
  }

  it('stores the estimate as the job value when a quoted request is marked Won, then Job done, and counts it', async () => {
    const id = await request('Quoted then won');
    const changes = createRequestChanges(database);
    await changes.apply(id, { status: 'quoted', estimateAmount: 12_500 }, phone);
    const won = await changes.apply(id, { status: 'won' }, phone);
    expect(won).toMatchObject({ status: 'won', jobValue: 12_500 });
    const done = await changes.apply(id, { status: 'done' }, phone);
    expect(done).toMatchObject({ status: 'done', jobValue: 12_500 });
    expect(done!.history.map((event) => [event.kind, event.status ?? event.amount])).toEqual([
      ['status', 'quoted'],
      ['estimate', 12_500],
      ['status', 'won'],
      ['job-value-from-estimate', 12_500],
      ['status', 'done'],
    ]);
    const results = await createResults(database).forPeriod('this-month', now);
    expect(results.totals).toMatchObject({ won: 1, wonValue: 12_500, wonWithoutValue: 0 });
  });

  it('keeps a job value sent with the status, and one entered before', async () => {
    const changes = createRequestChanges(database);
    const typed = await request('Typed with the status');
    await changes.apply(typed, { estimateAmount: 9_000 }, phone);
    expect(await changes.apply(typed, { status: 'won', jobValue: 8_400 }, phone)).toMatchObject({ jobValue: 8_400 });
    const before = await request('Value before the status');
    await changes.apply(before, { estimateAmount: 5_000, jobValue: 4_500 }, phone);
    expect(await changes.apply(before, { status: 'done' }, phone)).toMatchObject({ jobValue: 4_500 });
    const detail = await createInbox(database).detail(before);
    expect(detail!.history.map((event) => event.kind)).not.toContain('job-value-from-estimate');
  });

  it('leaves a won job without an estimate unvalued, and the results say how many', async () => {
    const id = await request('Won on a handshake');
    const changes = createRequestChanges(database);
    expect(await changes.apply(id, { status: 'won' }, phone)).toMatchObject({ jobValue: null });
    const results = await createResults(database).forPeriod('this-month', now);
    expect(results.totals).toMatchObject({ won: 4, wonValue: 12_500 + 8_400 + 4_500, wonWithoutValue: 1 });
    // Cleared on purpose after the fact: that stays cleared, and counts as not entered.
    const cleared = await request('Cleared later');
    await changes.apply(cleared, { status: 'won', estimateAmount: 3_000 }, phone);
    expect(await changes.apply(cleared, { jobValue: null }, phone)).toMatchObject({ jobValue: null });
    const after = await createResults(database).forPeriod('this-month', now);
    expect(after.totals).toMatchObject({ won: 5, wonWithoutValue: 2 });
  });
});
