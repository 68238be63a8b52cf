import pg from 'pg';
import { expect, it } from 'vitest';
import type { VisitSlot } from '@shared/schemas/visits';
import { freshPostgresDatabase } from './test/databases';
import { sendQuote } from './test/quote-request';
import { cleanupsAfterEach, describeWithProcesses, startTwoServers } from './test/server-process';

/**
 * The visit limits with two real server processes on one Postgres database, every booking posted
 * at once through both: one address gets VISIT_LIMIT_PER_ADDRESS visits (the default, 3), however
 * many requests it books for; one homeowner's e-mail gets one visit from any address. Counted
 * under a lock in Postgres, so neither server's count is made before the other's insert.
 */
const cleanups = cleanupsAfterEach();

describeWithProcesses('visit limits on two servers', () => {
  it('holds one address to 3 upcoming visits and one e-mail to one, through two processes at once', async () => {
    const database = await freshPostgresDatabase('visit_limits');
    cleanups.push(database.drop);
    // Behind one trusted proxy (TRUST_PROXY): the address is the one X-Forwarded-For reports.
    const env = {
      DATABASE_URL: database.url,
      RATE_LIMIT_PER_MINUTE: '0',
      LEAD_REMINDER_MINUTES: '0',
      TRUST_PROXY: 'loopback',
    };
    const servers = await startTwoServers(env, cleanups, { readyTimeoutMs: 120_000, sharedDataDir: 'visit-limits' });
    const through = (i: number) => servers[i % 2]!.base;

    const newRequest = async (i: number, email: string) => {
      const phone = `(480) 555-${String(2000 + i)}`;
      const { visitUrl } = await sendQuote(through(i), { email, phone }, { 'X-Forwarded-For': `198.51.100.${i + 1}` });
      return visitUrl.replace('/visit/', '/api/visits/');
    };
    const bookAll = (links: string[], windows: VisitSlot[], from: (i: number) => string) =>
      Promise.all(
        links.map(async (link, i) => {
          const response = await fetch(`${through(i)}${link}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from(i) },
            body: JSON.stringify({ start: windows[i]!.start, address: `${i} Main St, Payson` }),
          });
          return { status: response.status, body: (await response.json()) as { limit?: string } };
        }),
      );

    // Ten homeowners of their own, all booking from one address, each a window of his own.
    const sharedAddress = await Promise.all(
      Array.from({ length: 10 }, (_, i) => newRequest(i, `home${i}@example.com`)),
    );
    const slots = (await (await fetch(`${through(0)}${sharedAddress[0]}/slots`)).json()) as VisitSlot[];
    expect(slots.length).toBeGreaterThanOrEqual(20);
    const fromOne = await bookAll(sharedAddress, slots.slice(0, 10), () => '203.0.113.50');
    expect(fromOne.filter((answer) => answer.status === 201)).toHaveLength(3);
    const refused = fromOne.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(7);
    for (const answer of refused) expect(answer.body.limit).toBe('address');

    // One homeowner's e-mail on eight requests, from eight addresses: one visit.
    const oneHomeowner = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        newRequest(20 + i, i % 2 ? 'Same.Person@example.com' : 'same.person@example.com'),
      ),
    );
    const byEmail = await bookAll(oneHomeowner, slots.slice(10, 18), (i) => `203.0.113.${60 + i}`);
    expect(byEmail.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of byEmail.filter((a) => a.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(answer.body.limit).toBe('contact');
    }

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    cleanups.push(() => db.end());
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from visits where status = 'booked'`);
    expect(rows[0]!.n).toBe(4);
    // Only hashes are stored: no address appears in the table.
    const { rows: stored } = await db.query<{ booked_from: string }>('select booked_from from visits');
    expect(stored.map((row) => row.booked_from).join(' ')).not.toMatch(/203\.0\.113/);
  }, 300_000);
});
