import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { validQuote } from './test/http';
import { freePort } from './test/free-port';
import { waitFor } from './test/wait-for';
import {
  alertSubject,
  call,
  confirmationSubject,
  createDatabase,
  expectCleanLogs,
  expectUnavailable,
  mailFrom,
  ownerEmail,
  recipientsOf,
  startMailServer,
  startProxy,
  startServer,
  submit,
  submitUntilStored,
  undoCleanupsAfterEach,
  type ProcessTestDatabase,
} from './test/server-process-per-test';
import { giveOwnerPasswordOnPostgres } from './test/owner-session';
import { describeWithProcesses } from './test/server-process';
import type { TestSmtpServer } from './test/smtp';

/**
 * The real server as a process and its mail: the mail server is down and then the site, the process
 * is killed in the middle of a send, a homeowner's mail server refuses the address; and its logs
 * stay small JSON lines without the visitor's details whatever goes wrong. These tests always use
 * Postgres and are skipped without a Postgres server; FAULT_TESTS=skip leaves them out for a
 * quicker run.
 */

undoCleanupsAfterEach();

/** Waits for the alert and the confirmation to arrive at `mail`, then for both deliveries to be marked sent. */
async function bothSent(mail: TestSmtpServer, database: ProcessTestDatabase, requestId: string, mailWaitMs: number) {
  await waitFor('both e-mails', mailWaitMs, () =>
    mail.withSubject(alertSubject).length > 0 && mail.withSubject(confirmationSubject).length > 0 ? true : undefined,
  );
  await waitFor('both deliveries marked sent', 10_000, async () => {
    const rows = await database.query<{ status: string }>('select status from deliveries where quote_request_id = $1', [
      requestId,
    ]);
    return rows.length === 2 && rows.every((row) => row.status === 'sent') ? true : undefined;
  });
}

/** A fresh database, and a server's settings mailing through a port where no mail server listens yet. */
async function mailingThroughFreePort(leaseSeconds: string) {
  const database = await createDatabase();
  const smtpPort = await freePort();
  const env = {
    DATABASE_URL: database.url(),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    OUTBOX_RETRY_SECONDS: '1',
    OUTBOX_LEASE_SECONDS: leaseSeconds,
    OWNER_EMAIL: ownerEmail,
    MAIL_FROM: mailFrom,
  };
  await giveOwnerPasswordOnPostgres(env.DATABASE_URL);
  return { database, smtpPort, env };
}

describeWithProcesses('the server process: mail, logs', () => {
  it('sends the alert and the confirmation once when the mail server and then the site were down', async () => {
    // Should the kill land between a claim and its outcome, the next process waits 5 s (the lease).
    const { database, smtpPort, env } = await mailingThroughFreePort('5');
    const first = await startServer(env);
    const stored = await submit(first.base);
    expect(stored.status).toBe(201);
    // Both deliveries failed against the closed port (the next try is due a second later).
    await waitFor('failed mail attempts', 10_000, async () => {
      const rows = await database.query<{ attempts: number; last_error: string | null }>(
        'select attempts, last_error from deliveries where quote_request_id = $1',
        [stored.body.id],
      );
      return rows.length === 2 && rows.every((row) => row.attempts >= 1 && row.last_error) ? rows : undefined;
    });
    await first.kill();

    const mail = await startMailServer(smtpPort);
    await startServer(env);
    // Both deliveries marked sent: nothing is sent again after that.
    await bothSent(mail, database, String(stored.body.id), 20_000);
    const alerts = mail.withSubject(alertSubject);
    const confirmations = mail.withSubject(confirmationSubject);
    expect(recipientsOf(alerts)).toEqual([[ownerEmail]]);
    expect(recipientsOf(confirmations)).toEqual([[validQuote.email]]);
    expect(mail.received.length).toBe(2);
    const rows = await database.query<{ status: string }>('select status from deliveries where quote_request_id = $1', [
      stored.body.id,
    ]);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
  }, 90_000);

  it('resends mail whose sender was killed mid-send once its lease runs out, and only once', async () => {
    const { database, smtpPort, env } = await mailingThroughFreePort('3');
    const hanging = await startMailServer(smtpPort, { stall: true });
    const first = await startServer(env);
    const stored = await submit(first.base);
    expect(stored.status).toBe(201);
    await waitFor('the message data', 15_000, () => (hanging.dataStarted.length > 0 ? true : undefined));
    const stalledRecipient = hanging.dataStarted[0]![0];
    await first.kill();
    await hanging.close();

    const mail = await startMailServer(smtpPort);
    await startServer(env);
    await bothSent(mail, database, String(stored.body.id), 25_000);
    expect(mail.withSubject(alertSubject).length).toBe(1);
    expect(mail.withSubject(confirmationSubject).length).toBe(1);
    expect(mail.received.length).toBe(2);
    expect(hanging.dataStarted.length).toBe(1);
    const rows = await database.query<{ kind: string; status: string; attempts: number }>(
      'select kind, status, attempts from deliveries where quote_request_id = $1',
      [stored.body.id],
    );
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
    const stalledKind = stalledRecipient === ownerEmail ? 'owner_alert' : 'confirmation';
    expect(rows.find((row) => row.kind === stalledKind)!.attempts).toBe(2);
  }, 90_000);

  it('logs small JSON lines without the visitor’s name, phone or e-mail, whatever goes wrong', async () => {
    const database = await createDatabase();
    const proxy = await startProxy();
    const smtpPort = await freePort();
    // The homeowner's mail server refuses the address, naming it in its answer.
    const mail = await startMailServer(smtpPort, {
      refuse: {
        address: validQuote.email,
        code: 550,
        message: `<${validQuote.email}>: Recipient address rejected: User unknown`,
      },
    });
    const server = await startServer({
      DATABASE_URL: database.url(proxy.port),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      OUTBOX_RETRY_SECONDS: '1',
      OWNER_EMAIL: ownerEmail,
      MAIL_FROM: mailFrom,
      LOG_REQUESTS: 'true',
      LOG_LEVEL: 'debug',
    });

    const key = randomUUID();
    const stored = await submit(server.base, validQuote, key);
    expect(stored.status).toBe(201);
    expect((await submit(server.base, { ...validQuote, message: 'Another project.' }, key)).status).toBe(422);
    expect(
      (await submit(server.base, { ...validQuote, email: `${validQuote.email.split('@')[0]}@example` })).status,
    ).toBe(400);
    const cutOff = await call(`${server.base}/api/quote-requests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(validQuote).slice(0, -12),
    });
    expect(cutOff.status).toBe(400);
    await waitFor('the alert sent and the confirmation refused', 15_000, async () => {
      const rows = await database.query<{ kind: string; status: string }>(
        'select kind, status from deliveries where quote_request_id = $1 order by kind',
        [stored.body.id],
      );
      return rows.map((row) => `${row.kind}:${row.status}`).join() === 'confirmation:failed,owner_alert:sent'
        ? rows
        : undefined;
    });
    expect(mail.withSubject(alertSubject).length).toBe(1);

    proxy.cut();
    for (let attempt = 0; attempt < 3; attempt++)
      expectUnavailable(await submit(server.base, validQuote, randomUUID()));
    expect((await call(`${server.base}/api/health`)).status).toBe(503);
    proxy.restore();
    expect((await submitUntilStored(server.base)).last.status).toBe(201);

    expect(await server.stop()).toBe(0);
    expectCleanLogs(server.output(), validQuote);
  }, 60_000);
});
