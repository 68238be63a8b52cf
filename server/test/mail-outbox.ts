import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { deliveries } from '../db/schema';
import { silentLogger } from '../logger';
import { createAlertDispatch } from '../services/alerts/dispatch';
import { createMailer } from '../services/alerts/mailer';
import type { AlertSettings, Mailer } from '../services/alerts/types';
import { createEstimateMail } from '../services/estimates/estimate-dispatch';
import { createInvoiceMail } from '../services/invoices/invoice-dispatch';
import { createOutboxWorker, type OutboxWorkerOptions } from '../services/outbox/outbox-worker';
import { createPdfMaker } from '../services/pdf/pdf-maker';
import type { LocalDiskStorage } from '../services/storage/types';
import type { ServedApp } from './app-fixture';
import { localTestStorage, setupTimeout } from './http';
import { startSmtpServer, type TestSmtpServer } from './smtp';

// The mail servers of these tests answer at once or refuse the connection at once: the timeouts only
// bound a busy machine's slowness, so they are wide (a timed-out send would be retried and counted twice).
const mailTimeouts = { connectionMs: 30_000, greetingMs: 30_000, socketMs: 30_000, verifyMs: 30_000 };

/** Who the tests' site mails from and its owner's address, for a site at `siteUrl`. */
export const testMailSettings = (siteUrl: string): AlertSettings => ({
  from: 'Rim Country Carpentry <quotes@example.com>',
  ownerEmail: 'owner@example.com',
  siteUrl,
});

/**
 * An outbox worker sending through `mailer` with the alert dispatch, as server/index.ts wires
 * them; with `estimateClock`, the estimates' e-mails too (their PDFs made on the way).
 */
export function outboxWorkerFor(
  parts: {
    database: DatabaseHandle;
    storage: LocalDiskStorage;
    mailer: Mailer;
    settings: AlertSettings;
    webhook?: { url: string; secret: string };
    estimateClock?: () => Date;
  },
  worker: Partial<OutboxWorkerOptions> = {},
) {
  const { database, storage, mailer, settings, estimateClock } = parts;
  const pdfs = createPdfMaker(storage.objects);
  const dispatch = createAlertDispatch({
    database,
    storage,
    mailer,
    settings,
    origins: [settings.siteUrl],
    webhook: parts.webhook,
    estimateMail: estimateClock && createEstimateMail({ database, mailer, settings, clock: estimateClock, pdfs }),
    invoiceMail: estimateClock && createInvoiceMail({ database, mailer, settings, pdfs }),
  });
  return createOutboxWorker({
    database,
    deliver: dispatch.deliver,
    isPermanent: dispatch.isPermanent,
    logger: silentLogger,
    ...worker,
  });
}

/** The messages `smtp` received for `address`. */
export const mailTo = (smtp: TestSmtpServer, address: string) =>
  smtp.received.filter((mail) =>
    (mail.to && 'value' in mail.to ? mail.to.value : []).some((to) => to.address === address),
  );

/**
 * Real mail for a served app: a real SMTP server and `workers` outbox workers sending to it (one
 * per server process, as server/index.ts runs them), started before the tests and closed after.
 * Call it inside the describe block, after serveTestApp.
 */
export function realMail(app: ServedApp, options: { workers?: number; estimateClock?: () => Date } = {}) {
  let smtp: TestSmtpServer | undefined;
  let workers: ReturnType<typeof createOutboxWorker>[] = [];
  const closers: (() => void)[] = [];

  beforeAll(async () => {
    const server = await startSmtpServer();
    smtp = server;
    const storage = await localTestStorage(app.dir);
    workers = Array.from({ length: options.workers ?? 1 }, () => {
      const mailer = createMailer({ smtpUrl: server.url, outboxDir: app.dir, logger: silentLogger });
      closers.push(() => mailer.close());
      const settings = testMailSettings(app.base);
      return outboxWorkerFor({
        database: app.database,
        storage,
        mailer,
        settings,
        estimateClock: options.estimateClock,
      });
    });
  }, setupTimeout);

  afterAll(async () => {
    for (const close of closers) close();
    await smtp?.close();
  });

  return {
    /** Every worker at once, until nothing is due: how many deliveries they handled. */
    runOutboxes: async () => (await Promise.all(workers.map((worker) => worker.runOnce()))).reduce((a, b) => a + b, 0),
    /** The messages received for `address`. */
    mailTo: (address: string) => mailTo(smtp!, address),
  };
}

/**
 * Mail made for one test at a time: mailers (writing their .eml files into `outboxDir()`) and SMTP
 * servers, and what else `cleanups` gets, closed after each test, last first. Call it inside the
 * describe block.
 */
export function mailPerTest(outboxDir: () => string) {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return {
    cleanups,
    /** A mailer to `url`. */
    mailerTo(url: string): Mailer {
      const mailer = createMailer({
        smtpUrl: url,
        outboxDir: outboxDir(),
        logger: silentLogger,
        timeouts: mailTimeouts,
      });
      cleanups.push(() => mailer.close());
      return mailer;
    },
    /** A real SMTP server, on `port` if given. */
    async smtpServer(port?: number): Promise<TestSmtpServer> {
      const server = await startSmtpServer({ port });
      cleanups.push(() => server.close());
      return server;
    },
  };
}

/**
 * The outbox's one delivery, held by another worker (its lease an hour away), is left alone by
 * `worker`; once the holder died (its lease ran out) `worker` sends it, once, to `smtp`.
 */
export async function expectHeldUntilLeaseRunsOut(
  database: DatabaseHandle,
  worker: { runOnce(): Promise<number> },
  smtp: TestSmtpServer,
) {
  await database.db.update(deliveries).set({ lockedUntil: sql`now() + interval '1 hour'` });
  expect(await worker.runOnce()).toBe(0);
  await database.db.update(deliveries).set({ lockedUntil: sql`now() - interval '1 second'` });
  expect(await worker.runOnce()).toBe(1);
  expect(smtp.received).toHaveLength(1);
}
