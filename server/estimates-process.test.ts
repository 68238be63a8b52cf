import pg from 'pg';
import { expect, it } from 'vitest';
import type { OwnerEstimate } from '@shared/schemas/estimates';
import { validQuote } from './test/http';
import { callAsOwner, jsonHeaders as json, signInOwnerOnPostgres } from './test/owner-session';
import { sendQuote } from './test/quote-request';
import { cleanupsAfterEach, describeWithProcesses, postgresWithMail, startTwoServers } from './test/server-process';
import { waitFor } from './test/wait-for';

/**
 * An estimate approved at the same moment through two real server processes on one Postgres
 * database: twenty approvals, one record (the estimate row is locked, the second finds the
 * first's record), the request Won once, one confirmation e-mail.
 */
const cleanups = cleanupsAfterEach();

describeWithProcesses('estimates on two servers', () => {
  it('records one approval of 20 sent at once through two processes', async () => {
    const { database, smtp, env } = await postgresWithMail('estimates', cleanups);
    const servers = await startTwoServers(
      { ...env, LEAD_REMINDER_MINUTES: '0', ESTIMATE_FOLLOW_UP_DAYS: '0' },
      cleanups,
      { sharedDataDir: 'estimates' },
    );
    const base = servers[0]!.base;
    const cookie = await signInOwnerOnPostgres(database.url, base);
    const owner = (path: string, body?: unknown) =>
      callAsOwner(base, cookie, path, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) });
    const { id: requestId } = await sendQuote(base);
    const estimate = (await (
      await owner(`/requests/${requestId}/estimates`, {
        items: [
          { description: 'Kitchen island, maple', quantity: 1, unitPrice: 5200 },
          { description: 'Butcher-block top', quantity: 1, unitPrice: 1100, optional: true },
        ],
        taxRate: 0,
      })
    ).json()) as OwnerEstimate;
    expect((await owner(`/estimates/${estimate.id}/send`)).status).toBe(200);
    const path = new URL(estimate.url).pathname;

    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const response = await fetch(`${servers[i % 2]!.base}${path}/approve`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ name: `Signer ${i}`, accept: true, options: i % 3 === 0 ? [1] : [] }),
        });
        return { status: response.status, body: (await response.json()) as { status: string; total: number } };
      }),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body.total)).size).toBe(1);

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    cleanups.push(() => db.end());
    const approved = await db.query<{ n: string; name: string }>(
      `select count(*) over () as n, approved_name as name from estimates where status = 'approved'`,
    );
    expect(approved.rows).toHaveLength(1);
    const won = await db.query(`select 1 from quote_request_events where kind = 'status' and status = 'won'`);
    expect(won.rows).toHaveLength(1);
    await waitFor('the signed estimate e-mail', 30_000, () =>
      smtp.received.find(
        (message) =>
          message.subject?.startsWith('Estimate approved:') && JSON.stringify(message.to).includes(validQuote.email),
      ),
    );
    const mails = await db.query(`select 1 from deliveries where kind = 'estimate_approved_email'`);
    expect(mails.rows).toHaveLength(1);
  }, 120_000);
});
