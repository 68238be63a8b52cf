import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { deliveries, ownerPasswordResets } from '../../db/schema';
import { silentLogger } from '../../logger';
import { serveTestApp } from '../../test/app-fixture';
import { freshPostgresDatabase, postgresReachable, testDatabases } from '../../test/databases';
import { expectHeldUntilLeaseRunsOut, mailPerTest } from '../../test/mail-outbox';
import { startSmtpServer } from '../../test/smtp';
import { createMailer } from '../alerts/mailer';
import type { Mailer } from '../alerts/types';
import { createOutboxWorker, type OutboxWorkerOptions } from '../outbox/outbox-worker';
import { createPasswordResetMail, ownerResetAddress } from './password-reset-mail';
import { createPasswordResets, resetTokenHash } from './password-reset';

const site = 'https://www.rimcountrycarpentry.example';
const ownerEmail = 'owner@example.com';
const from = 'Rim Country Carpentry <alerts@example.com>';
const subject = 'Set a new password for the Rim Country Carpentry inbox';
const address = () => ownerResetAddress({ ownerEmail });
const linkOf = (text: string | undefined) => /https:\/\/\S+\/owner\/reset\/([\w-]+)/.exec(text ?? '');

describe.each(testDatabases)('the outbox’s own messages (password reset links) on $kind', (testDb) => {
  const fixture = serveTestApp(testDb, { label: 'reset-mail' });
  const { database } = fixture;
  const { mailerTo, smtpServer } = mailPerTest(() => fixture.dir);

  afterEach(async () => {
    await database.db.delete(ownerPasswordResets);
    await database.db.delete(deliveries);
  });

  /** A worker as server/index.ts wires it; the request messages are none of this test's. */
  function workerFor(mailer: Mailer, options: Partial<OutboxWorkerOptions> & { db?: DatabaseHandle } = {}) {
    const db = options.db ?? database;
    return createOutboxWorker({
      database: db,
      deliver: () => Promise.reject(new Error('no request messages in this test')),
      own: createPasswordResetMail({ database: db, mailer, settings: { from, siteUrl: site }, address }),
      probeMail: () => mailer.verify(),
      logger: silentLogger,
      retryBaseMs: 50,
      ...options,
    });
  }
  const resets = createPasswordResets;
  const askForLink = (ip = '203.0.113.5') => resets({ database, mail: { ready: true, address } }).request(ip);
  const rows = () =>
    database.db
      .select({
        kind: deliveries.kind,
        quoteRequestId: deliveries.quoteRequestId,
        status: deliveries.status,
        attempts: deliveries.attempts,
        lastError: deliveries.lastError,
      })
      .from(deliveries);

  it('sends a message about no request to the owner, and keeps no link anywhere in the database', async () => {
    const smtp = await smtpServer();
    expect(await askForLink()).toEqual({ outcome: 'sent', to: 'o•••@example.com' });
    expect(await rows()).toEqual([
      { kind: 'owner_password_reset', quoteRequestId: null, status: 'pending', attempts: 0, lastError: null },
    ]);
    expect(await workerFor(mailerTo(smtp.url)).runOnce()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.subject).toBe(subject);
    expect(mail!.to).toMatchObject({ text: ownerEmail });
    const token = linkOf(mail!.text)?.[1];
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(mail!.text).toContain('works once, for 30 minutes');
    expect(mail!.html).toContain(`${site}/owner/reset/${token}`);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 1 });

    // Neither the token nor the link is in any row of the database: only its hash.
    const everything = await database.db.execute(sql`
      select row_to_json(r)::text as row from owner_password_resets r
      union all select row_to_json(d)::text from deliveries d`);
    const dump = JSON.stringify(everything);
    expect(dump).not.toContain(token);
    expect(dump).toContain(resetTokenHash(token!));
  });

  it('keeps the link’s e-mail while the mail server is down, then sends one whose link works', async () => {
    const down = await startSmtpServer();
    await down.close();
    await askForLink();
    const worker = workerFor(mailerTo(down.url), { probeMs: 60_000 });
    expect(await worker.runOnce()).toBe(1);
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toMatch(/ECONNREFUSED|connect/i);

    const smtp = await smtpServer(down.port);
    await expect.poll(async () => (await worker.runOnce(), smtp.received.length), { timeout: 10_000 }).toBe(1);
    expect(await worker.runOnce()).toBe(0);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    const token = linkOf(smtp.received[0]!.text)![1]!;
    expect(await resets({ database, mail: { ready: true, address } }).state(token)).toBe('valid');
  });

  it('sends nothing for a link that can no longer be used, and stops trying', async () => {
    const smtp = await smtpServer();
    await askForLink();
    // It ran out while the mail server was away.
    await database.db.update(ownerPasswordResets).set({ expiresAt: sql`now() - interval '1 second'` });
    await workerFor(mailerTo(smtp.url)).runOnce();
    expect(smtp.received).toHaveLength(0);
    expect((await rows())[0]).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/ran out/) });
  });

  it('leaves a reset e-mail another worker holds alone until its lease runs out', async () => {
    const smtp = await smtpServer();
    await askForLink();
    await expectHeldUntilLeaseRunsOut(database, workerFor(mailerTo(smtp.url)), smtp);
  });

  it('still holds every other kind of message to its request', async () => {
    await expect(
      database.db.insert(deliveries).values({ quoteRequestId: null, kind: 'owner_alert' }),
    ).rejects.toThrow();
  });
});

describe.skipIf(!postgresReachable)(
  'reset e-mails with two workers on one Postgres, each with connections of its own',
  () => {
    it('are each claimed and sent once, whichever worker gets to them', async () => {
      const created = await freshPostgresDatabase('reset_claim');
      const handles: DatabaseHandle[] = [];
      const smtp = await startSmtpServer();
      const mailers: Mailer[] = [];
      try {
        // Each worker has a connection pool of its own, as two server processes do.
        for (let i = 0; i < 2; i++) handles.push(await openDatabase({ databaseUrl: created.url }));
        const ready = { ready: true, address };
        for (let i = 0; i < 4; i++)
          await createPasswordResets({ database: handles[0]!, mail: ready }).request(`192.0.2.${i}`);
        const workers = handles.map((db) => {
          const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', logger: silentLogger });
          mailers.push(mailer);
          return createOutboxWorker({
            database: db,
            deliver: () => Promise.reject(new Error('none')),
            own: createPasswordResetMail({ database: db, mailer, settings: { from, siteUrl: site }, address }),
            logger: silentLogger,
            batchSize: 1,
          });
        });
        const handled = await Promise.all([...workers, ...workers].map((worker) => worker.runOnce()));
        expect(handled.reduce((a, b) => a + b, 0)).toBe(4);
        expect(smtp.received).toHaveLength(4);
        expect(new Set(smtp.received.map((mail) => linkOf(mail.text)?.[1])).size).toBe(4);
        expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(4);
      } finally {
        for (const mailer of mailers) mailer.close();
        await smtp.close();
        for (const handle of handles) await handle.close();
        await created.drop();
      }
    }, 60_000);
  },
);
