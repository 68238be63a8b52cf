import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresReachable } from './test/databases';
import { postgresWithMail, startTwoServers } from './test/server-process';
import { waitFor } from './test/wait-for';

/**
 * The reset link's e-mail with two real server processes on one Postgres: both outbox workers
 * poll the same deliveries, and each link goes out once. Skipped without a Postgres server.
 */
let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups = [];
});

describe.skipIf(process.env.FAULT_TESTS === 'skip' || !postgresReachable)(
  'reset links with two server processes',
  () => {
    it('sends each link’s e-mail once, whichever process claims it, and logs no link', async () => {
      const { database, smtp, env: mailEnv } = await postgresWithMail('reset_process', cleanups);
      const env = {
        ...mailEnv,
        LOG_LEVEL: 'info',
        LOG_REQUESTS: 'true',
      };
      const [a, b] = await startTwoServers(env, cleanups, { ownDataDir: 'reset-process' });

      for (const server of [a, b, a]) {
        const tap = await fetch(`${server.base}/api/owner/password-reset`, {
          method: 'POST',
          headers: { Origin: server.base },
        });
        expect(tap.status).toBe(202);
      }
      const pool = new pg.Pool({ connectionString: database.url, max: 1 });
      cleanups.push(() => pool.end());
      // Recorded as sent only after the mail server took it: a second send could only come before.
      await waitFor('the three reset e-mails recorded as sent', 60_000, async () => {
        const { rows } = await pool.query<{ n: number }>(
          "select count(*)::int as n from deliveries where kind = 'owner_password_reset' and status = 'sent'",
        );
        return rows[0]!.n === 3 ? true : undefined;
      });
      expect(smtp.received).toHaveLength(3);
      const tokens = smtp.received.map((mail) => /\/owner\/reset\/([\w-]{43})/.exec(mail.text ?? '')?.[1]);
      expect(new Set(tokens).size).toBe(3);

      // The link from one process's e-mail works on the other.
      const token = tokens[0]!;
      for (const server of [a, b]) {
        const check = await fetch(`${server.base}/api/owner/password-reset/check`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: server.base },
          body: JSON.stringify({ token }),
        });
        expect(await check.json()).toEqual({ state: 'valid' });
      }
      for (const server of [a, b]) expect(server.output()).not.toContain(token);
    }, 180_000);
  },
);
