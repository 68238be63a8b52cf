import pg from 'pg';
import { expect, it } from 'vitest';
import { arizonaDay } from '@shared/arizona-time';
import type { OwnerInvoice } from '@shared/schemas/invoices';
import { approvedJob } from './test/approved-job';
import { callAsOwner, signInOwnerOnPostgres } from './test/owner-session';
import { cleanupsAfterEach, describeWithProcesses, postgresWithMail, startTwoServers } from './test/server-process';
import { waitFor } from './test/wait-for';

/**
 * Invoices and payments with two real server processes on one Postgres database: invoices made
 * at once through both get numbers one after the other, none skipped nor shared, and the same
 * payment recorded through both at once (a double tap, one Idempotency-Key) is stored once, with
 * one receipt.
 */
const cleanups = cleanupsAfterEach();

describeWithProcesses('invoices on two servers', () => {
  it('numbers invoices made at once without a gap and stores a double-tapped payment once', async () => {
    const { database, smtp, env } = await postgresWithMail('invoices', cleanups);
    const servers = await startTwoServers({ ...env, LEAD_REMINDER_MINUTES: '0' }, cleanups, {
      sharedDataDir: 'invoices',
    });
    const cookie = await signInOwnerOnPostgres(database.url, servers[0].base);
    const call = (index: number) => (path: string, init?: RequestInit) =>
      callAsOwner(servers[index]!.base, cookie, path, init);

    const jobs = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        approvedJob({ base: servers[i % 2]!.base, call: call(i % 2) }, { email: `job${i}@example.com` }),
      ),
    );
    const made = await Promise.all(
      jobs.map(async ({ requestId }, i) => {
        const response = await call(i % 2)(`/requests/${requestId}/invoices`, { method: 'POST', body: '{}' });
        expect(response.status).toBe(201);
        return (await response.json()) as OwnerInvoice;
      }),
    );
    expect(made.map((invoice) => invoice.number).sort()).toEqual(['INV-0001', 'INV-0002', 'INV-0003', 'INV-0004']);

    const invoice = made[0]!;
    const key = crypto.randomUUID();
    const payment = JSON.stringify({
      amount: 2500,
      method: 'check',
      receivedOn: arizonaDay(new Date()),
      reference: '311',
    });
    const taps = await Promise.all(
      [0, 1].map((i) =>
        call(i)(`/invoices/${invoice.id}/payments`, {
          method: 'POST',
          body: payment,
          headers: { 'Idempotency-Key': key },
        }),
      ),
    );
    expect(taps.map((tap) => tap.status)).toEqual([201, 201]);
    const balances = await Promise.all(taps.map(async (tap) => ((await tap.json()) as { balance: number }).balance));
    expect(balances).toEqual([7500, 7500]);

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    cleanups.push(() => db.end());
    const { rows } = await db.query<{ n: string }>('select count(*) as n from invoice_payments');
    expect(Number(rows[0]!.n)).toBe(1);
    const receipt = await waitFor('the receipt', 30_000, () =>
      smtp.received.find((mail) => mail.subject?.includes('Receipt')),
    );
    expect(receipt.subject).toContain('$2,500.00');
    expect(smtp.received.filter((mail) => mail.subject?.includes('Receipt'))).toHaveLength(1);
  });
});
