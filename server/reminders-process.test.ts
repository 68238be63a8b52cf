import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { expect, it, onTestFailed } from 'vitest';
import { freshPostgresDatabase } from './test/databases';
import { giveOwnerPasswordOnPostgres } from './test/owner-session';
import { tempDir, validQuote } from './test/http';
import { startPushService } from './test/push-service';
import { freePort } from './test/free-port';
import {
  cleanupsAfterEach,
  describeWithProcesses,
  startServerProcess,
  type ServerProcess,
} from './test/server-process';
import { startSmtpServer } from './test/smtp';
import { waitFor } from './test/wait-for';

/**
 * Reminders of an unanswered request across a crash: the real server as a process on Postgres,
 * pushing to a push service over HTTPS (trusted through NODE_EXTRA_CA_CERTS) and mailing through
 * a real SMTP server. Killed with SIGKILL while the reminder's e-mail waits for the mail server,
 * the next process sends what was written, and writes no reminder a second time.
 */
const reminderSubject = `Still waiting: ${validQuote.projectType} in ${validQuote.city} (${validQuote.name})`;

const cleanups = cleanupsAfterEach();

describeWithProcesses('reminders across a crash', () => {
  it('sends each reminder once across a kill -9, by push and e-mail', async () => {
    const database = await freshPostgresDatabase('remind');
    cleanups.push(database.drop);
    await giveOwnerPasswordOnPostgres(database.url);
    const db = new pg.Pool({ connectionString: database.url, max: 2 });
    db.on('error', () => {});
    cleanups.push(() => db.end());

    const pushService = await startPushService();
    cleanups.push(() => pushService.close());
    const smtpPort = await freePort();
    const data = await tempDir('remind');
    cleanups.push(() => data.remove());
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: data.dir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      OWNER_EMAIL: 'owner@example.com',
      MAIL_FROM: 'Site <site@example.com>',
      OUTBOX_RETRY_SECONDS: '1',
      OUTBOX_LEASE_SECONDS: '3',
      BUSINESS_HOURS: '24/7',
      LEAD_REMINDER_MINUTES: '60,1200',
      NODE_EXTRA_CA_CERTS: pushService.caFile,
      // The test's own push service, on loopback.
      PUSH_SERVICE_HOSTS: '127.0.0.1',
    };
    const servers: ServerProcess[] = [];
    const start = async () => {
      const server = await startServerProcess(env);
      servers.push(server);
      cleanups.push(() => server.kill());
      return server;
    };
    onTestFailed(() => {
      for (const server of servers) console.error(`Output of ${server.base}:\n${server.output().slice(-4000)}`);
    });

    // A first start applies the migrations; then the phone and a request that came in two hours ago.
    await (await start()).stop();
    const subscription = pushService.subscribe();
    await db.query('insert into push_subscriptions (endpoint, p256dh, auth, label) values ($1, $2, $3, $4)', [
      subscription.endpoint,
      subscription.keys.p256dh,
      subscription.keys.auth,
      'iPhone · Safari',
    ]);
    const [request] = (
      await db.query<{ id: string }>(
        `insert into quote_requests (name, phone, email, project_type, city, budget_range, created_at)
         values ($1, $2, $3, $4, $5, $6, now() - interval '2 hours') returning id`,
        [
          validQuote.name,
          validQuote.phone,
          validQuote.email,
          validQuote.projectType,
          validQuote.city,
          validQuote.budgetRange,
        ],
      )
    ).rows;
    await db.query(`insert into quote_request_states (quote_request_id, status) values ($1, 'new')`, [request!.id]);

    // The mail server is down: the push goes out, the e-mail waits for a retry; then a crash.
    const first = await start();
    await waitFor('the reminder push', 20_000, () => (pushService.received.length > 0 ? true : undefined));
    expect(pushService.refused).toEqual([]);
    expect(pushService.received[0]!.payload).toMatchObject({
      title: `${validQuote.projectType} in ${validQuote.city} — ${validQuote.name}`,
      body: 'Still waiting for an answer after 1 hour of business time.',
      url: `/owner/requests/${request!.id}`,
    });
    // The push is recorded as sent (a kill between the push service's answer and that record is
    // the outbox's one at-least-once window, which the push's Topic covers at the push service).
    await waitFor('the push recorded as sent and a failed try of the e-mail', 20_000, async () => {
      const { rows } = await db.query(
        `select kind from deliveries
          where (kind = 'reminder_email' and attempts > 0 and last_error is not null)
             or (kind = 'reminder_push' and status = 'sent')`,
      );
      return rows.length === 2 ? true : undefined;
    });
    await first.kill();

    const mail = await startSmtpServer({ port: smtpPort });
    cleanups.push(() => mail.close());
    await start();
    await waitFor('the reminder e-mail', 25_000, () =>
      mail.withSubject(reminderSubject).length > 0 ? true : undefined,
    );
    // Time for a second reminder or a second send to show up, would there be one.
    await sleep(4_000);
    expect(mail.withSubject(reminderSubject)).toHaveLength(1);
    expect(mail.received).toHaveLength(1);
    expect(mail.received[0]!.text).toContain(`/owner/requests/${request!.id}`);
    expect(pushService.received).toHaveLength(1);
    expect(pushService.received[0]!.headers.topic).toMatch(/^[0-9a-f]{32}$/);
    const reminders = await db.query('select threshold_minutes from lead_reminders where quote_request_id = $1', [
      request!.id,
    ]);
    expect(reminders.rows).toEqual([{ threshold_minutes: 60 }]);
    const sends = await db.query<{ kind: string; status: string }>(
      'select kind, status from deliveries where quote_request_id = $1 order by kind',
      [request!.id],
    );
    expect(sends.rows).toEqual([
      { kind: 'reminder_email', status: 'sent' },
      { kind: 'reminder_push', status: 'sent' },
    ]);
  }, 120_000);
});
