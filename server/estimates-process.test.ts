import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { OwnerEstimate } from '@shared/schemas/estimates';
import { openDatabase } from './db/client';
import { setOwnerPassword } from './services/owner/owner-sessions';
import { freshPostgresDatabase, postgresReachable } from './test/databases';
import { quickPasswordHash, tempDir, validQuote } from './test/http';
import { startTwoServers } from './test/server-process';
import { startSmtpServer } from './test/smtp';
import { waitFor } from './test/wait-for';

/**
 * An estimate approved at the same moment through two real server processes on one Postgres
 * database: twenty approvals, one record (the estimate row is locked, the second finds the
 * first's record), the request Won once, one confirmation e-mail.
 */
let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups = [];
});

const password = 'payson rodeo in august';
const json = { 'Content-Type': 'application/json' };

describe.skipIf(process.env.FAULT_TESTS === 'skip' || !postgresReachable)('estimates on two servers', () => {
  it('records one approval of 20 sent at once through two processes', async () => {
    const database = await freshPostgresDatabase('estimates');
    cleanups.push(database.drop);
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const data = await tempDir('estimates');
    cleanups.push(() => data.remove());
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: data.dir,
      SMTP_URL: smtp.url,
      OWNER_EMAIL: 'owner@example.com',
      MAIL_FROM: 'Site <site@example.com>',
      RATE_LIMIT_PER_MINUTE: '0',
      LEAD_REMINDER_MINUTES: '0',
      ESTIMATE_FOLLOW_UP_DAYS: '0',
    };
    const servers = await startTwoServers(env, cleanups);
    const handle = await openDatabase({ databaseUrl: database.url, dataDir: null });
    await setOwnerPassword(handle.transaction, password, quickPasswordHash);
    await handle.close();

    const base = servers[0]!.base;
    const signIn = await fetch(`${base}/api/owner/session`, {
      method: 'POST',
      headers: { ...json, Origin: base },
      body: JSON.stringify({ password }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const owner = (path: string, body?: unknown) =>
      fetch(`${base}/api/owner${path}`, {
        method: 'POST',
        headers: { ...json, Cookie: cookie, Origin: base },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const { id: requestId } = (await (
      await fetch(`${base}/api/quote-requests`, { method: 'POST', headers: json, body: JSON.stringify(validQuote) })
    ).json()) as { id: string };
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
