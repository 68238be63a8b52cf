import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { deliveries, type DeliveryKind } from '../../db/schema';
import { silentLogger } from '../../logger';
import { serveTestApp } from '../../test/app-fixture';
import { expectHeldUntilLeaseRunsOut, mailPerTest, outboxWorkerFor } from '../../test/mail-outbox';
import { testDatabases } from '../../test/databases';
import { realPhotos, tempDir, validQuote } from '../../test/http';
import { startSmtpServer } from '../../test/smtp';
import { createMailer } from '../alerts/mailer';
import type { Mailer } from '../alerts/types';
import { createQuoteService } from '../quote-service';
import { type OutboxWorkerOptions } from './outbox-worker';

const site = 'https://www.rimcountrycarpentry.example';
const settings = { from: 'Rim Country Carpentry <alerts@example.com>', ownerEmail: 'owner@example.com', siteUrl: site };

describe.each(testDatabases)('the outbox on $kind', (testDb) => {
  const fixture = serveTestApp(testDb, { label: 'outbox' });
  const { database } = fixture;
  const { cleanups, mailerTo, smtpServer } = mailPerTest(() => fixture.dir);

  afterEach(async () => {
    await database.db.delete(deliveries);
  });

  /** A worker sending through `mailer` (and the webhook, when given), as server/index.ts wires it. */
  function workerFor(
    mailer: Mailer,
    { webhook, ...options }: Partial<OutboxWorkerOptions> & { webhook?: { url: string; secret: string } } = {},
  ) {
    const worker = { probeMail: () => mailer.verify(), retryBaseMs: 50, ...options };
    return outboxWorkerFor({ database, storage: fixture.storage, mailer, settings, webhook }, worker);
  }

  /** Stores a request as the API does, with the deliveries `kinds` in the same transaction. */
  async function storeQuote(
    kinds: readonly DeliveryKind[] = ['owner_alert', 'confirmation'],
    quote: Record<string, unknown> = validQuote,
  ) {
    const service = createQuoteService({ database, storage: fixture.storage, deliveryKinds: kinds });
    return (await service.submit(quote, { origins: [site] })).id;
  }

  const states = async () =>
    database.db
      .select({
        kind: deliveries.kind,
        status: deliveries.status,
        attempts: deliveries.attempts,
        lastError: deliveries.lastError,
      })
      .from(deliveries)
      .orderBy(asc(deliveries.kind));

  it('sends the owner alert and the confirmation once each, and records them as sent', async () => {
    const smtp = await smtpServer();
    const id = await storeQuote();
    const worker = workerFor(mailerTo(smtp.url));
    expect(await worker.runOnce()).toBe(2);
    expect(await worker.runOnce()).toBe(0);

    expect(smtp.received.map((mail) => mail.subject).sort()).toEqual([
      'New quote: Deck in Payson (Jane Doe)',
      'We received your quote request – Rim Country Carpentry',
    ]);
    const alert = smtp.received.find((mail) => mail.subject?.startsWith('New quote'))!;
    expect(alert.to).toMatchObject({ text: 'owner@example.com' });
    expect(alert.replyTo?.value[0]?.address).toBe(validQuote.email);
    expect(alert.text).toContain(validQuote.phone);
    expect(alert.text).toContain(id);
    const confirmation = smtp.received.find((mail) => mail.subject?.startsWith('We received'))!;
    expect(confirmation.to).toMatchObject({ text: expect.stringContaining(validQuote.email) });
    expect(await states()).toEqual([
      { kind: 'confirmation', status: 'sent', attempts: 1, lastError: null },
      { kind: 'owner_alert', status: 'sent', attempts: 1, lastError: null },
    ]);
  });

  it('writes both e-mails as .eml files to the outbox folder when no SMTP server is configured', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { simpleParser } = await import('mailparser');
    const folder = await tempDir('eml');
    cleanups.push(() => folder.remove());
    const mailer = createMailer({ outboxDir: folder.dir, logger: silentLogger });
    await storeQuote();
    expect(await workerFor(mailer).runOnce()).toBe(2);
    const files = (await readdir(folder.dir)).filter((file) => file.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const subjects = await Promise.all(
      files.map(async (file) => (await simpleParser(await readFile(`${folder.dir}/${file}`))).subject),
    );
    expect(subjects.sort()).toEqual([
      'New quote: Deck in Payson (Jane Doe)',
      'We received your quote request – Rim Country Carpentry',
    ]);
    expect((await states()).map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  it('attaches a small photo to the owner alert and links to it on the site', async () => {
    const smtp = await smtpServer();
    const { createUpload, saveUpload } = fixture.storage;
    const { key } = await createUpload({ origin: site });
    const { Readable } = await import('node:stream');
    const jpeg = (await realPhotos()).jpeg;
    await saveUpload(key, { contentType: 'image/jpeg', length: jpeg.length, body: Readable.from([jpeg]) });
    await storeQuote(['owner_alert'], { ...validQuote, photoUrl: `${site}/api/objects/${key}` });
    await workerFor(mailerTo(smtp.url)).runOnce();
    const [alert] = smtp.received;
    expect(alert?.attachments.map((file) => file.contentType)).toEqual(['image/jpeg']);
    expect(alert?.text).toContain(`${site}/api/objects/${key}`);
  });

  it('keeps mail while the mail server is down and sends it once when it is back', async () => {
    const down = await startSmtpServer();
    const port = down.port;
    await down.close(); // nothing listens on `port` now
    await storeQuote();
    const worker = workerFor(mailerTo(`smtp://127.0.0.1:${port}`), { probeMs: 60_000 });
    expect(await worker.runOnce()).toBe(2);
    const failed = await states();
    expect(failed.map((row) => [row.status, row.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
    expect(failed.every((row) => row.lastError && /ECONNREFUSED|connect/i.test(row.lastError))).toBe(true);

    const smtp = await smtpServer(port);
    await expect.poll(async () => (await worker.runOnce(), smtp.received.length), { timeout: 10_000 }).toBe(2);
    // Whatever could be tried again is due now: nothing is, both were sent once.
    await database.db.execute(
      sql`update deliveries set next_attempt_at = now() - interval '1 hour', locked_until = null`,
    );
    expect(await worker.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(2);
    expect((await states()).map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  it('retries mail at once when the mail server answers again, not after the whole backoff', async () => {
    const down = await startSmtpServer();
    await down.close();
    await storeQuote(['owner_alert']);
    const worker = workerFor(mailerTo(down.url), { retryBaseMs: 3_600_000, probeMs: 0 });
    await worker.runOnce(); // fails; next try in an hour
    const smtp = await smtpServer(down.port);
    await worker.runOnce(); // the probe finds the server and makes the alert due
    await worker.runOnce();
    expect(smtp.received).toHaveLength(1);
  });

  it('ends a delivery that keeps failing as failed, with its last error', async () => {
    const down = await startSmtpServer();
    await down.close();
    await storeQuote(['owner_alert']);
    const worker = workerFor(mailerTo(down.url), { giveUpAfterMs: 3_600_000 });
    await worker.runOnce();
    expect((await states())[0]?.status).toBe('pending');
    // Two hours later, its next try due: stored that long ago, it fails for the last time.
    await database.db.execute(
      sql`update deliveries set created_at = created_at - interval '2 hours', next_attempt_at = now()`,
    );
    await worker.runOnce();
    const [row] = await states();
    expect(row?.status).toBe('failed');
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(await worker.runOnce()).toBe(0);
  });

  it('stops at once on a confirmation address the mail server refuses for good', async () => {
    const refusing = await startSmtpServer({ refuse: { code: 550, message: 'No such user' } });
    cleanups.push(() => refusing.close());
    await storeQuote();
    await workerFor(mailerTo(refusing.url)).runOnce();
    const [confirmation, alert] = await states();
    expect(confirmation).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/550/) });
    // The owner's own address: a misconfiguration he can fix, so it keeps trying.
    expect(alert).toMatchObject({ status: 'pending' });
  });

  it('leaves a delivery another worker holds alone until its lease runs out', async () => {
    const smtp = await smtpServer();
    await storeQuote(['owner_alert']);
    await expectHeldUntilLeaseRunsOut(database, workerFor(mailerTo(smtp.url)), smtp);
  });

  it('lets several workers share the outbox without sending anything twice', async () => {
    const smtp = await smtpServer();
    for (let i = 0; i < 6; i++) await storeQuote();
    const workers = [1, 2, 3].map(() => workerFor(mailerTo(smtp.url), { batchSize: 2 }));
    const handled = await Promise.all(workers.map((worker) => worker.runOnce()));
    expect(handled.reduce((a, b) => a + b, 0)).toBe(12);
    expect(smtp.received).toHaveLength(12);
    expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(12);
  });

  it('posts a signed webhook the receiver can verify, and retries when it fails', async () => {
    const secret = 'webhook-secret-for-tests';
    const bodies: { body: string; signature: string | undefined; deliveryId: string | undefined }[] = [];
    let failNext = true;
    const receiver = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (failNext) {
          failNext = false;
          res.writeHead(500).end();
          return;
        }
        bodies.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: req.headers['x-signature-sha256'] as string | undefined,
          deliveryId: req.headers['x-delivery-id'] as string | undefined,
        });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => receiver.close(resolve)));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    const id = await storeQuote(['webhook']);
    const smtp = await smtpServer();
    const worker = workerFor(mailerTo(smtp.url), { webhook: { url, secret } });
    await worker.runOnce();
    expect((await states())[0]).toMatchObject({ status: 'pending', lastError: 'Webhook answered 500' });
    await expect.poll(async () => (await worker.runOnce(), bodies.length), { timeout: 5_000 }).toBe(1);

    const [{ body, signature, deliveryId }] = bodies as [(typeof bodies)[number]];
    const expected = createHmac('sha256', secret).update(body).digest('hex');
    expect(signature && timingSafeEqual(Buffer.from(signature), Buffer.from(expected))).toBe(true);
    const [row] = await database.db.select().from(deliveries).where(eq(deliveries.quoteRequestId, id));
    expect(deliveryId).toBe(row?.id);
    expect(JSON.parse(body)).toMatchObject({ id, name: validQuote.name, phone: validQuote.phone, city: 'Payson' });
  });
});
